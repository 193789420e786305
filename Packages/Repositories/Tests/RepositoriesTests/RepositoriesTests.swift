import Entities
import Foundation
import LocalStorage
import Testing

@testable import Repositories

/// A clock tests set by hand; never the machine's.
final class TestClock: DateProvider, @unchecked Sendable {
    private let lock = NSLock()
    private var current = Date(timeIntervalSince1970: 1_795_000_000)

    func now() -> Date {
        lock.lock()
        defer { lock.unlock() }
        return current
    }

    func advance(_ seconds: TimeInterval) {
        lock.lock()
        current += seconds
        lock.unlock()
    }
}

/// Ids with a readable, controllable prefix so ambiguity can be provoked on purpose.
final class PrefixedIdentifiers: IdentifierProvider, @unchecked Sendable {
    private let lock = NSLock()
    private var counter = 0
    let prefix: String

    init(prefix: String = "aaaa") { self.prefix = prefix }

    func makeIdentifier() -> UUID {
        lock.lock()
        defer { lock.unlock() }
        counter += 1
        let tail = String(format: "%012d", counter)
        return UUID(uuidString: "\(prefix)0000-0000-4000-8000-\(tail)") ?? UUID()
    }
}

/// A real SQLite file in a temporary folder, with the container over it.
struct Fixture {
    let folder: URL
    let clock = TestClock()
    let ids = PrefixedIdentifiers()
    let container: RepositoriesDependencyContainer

    init() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("stint-repo-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        container = try RepositoriesDependencyContainer(databasePath: Self.path(in: folder), clock: clock, ids: ids)
    }

    private static func path(in folder: URL) -> String { folder.appendingPathComponent("stint.sqlite").path }

    /// The database file.
    var path: String { Self.path(in: folder) }

    /// Another container on the same file, with its own connection, as another process would have;
    /// `number` keeps the ids it makes apart from those of other "processes".
    func otherProcess(_ number: Int = 0) throws -> RepositoriesDependencyContainer {
        try RepositoriesDependencyContainer(
            databasePath: path, clock: clock, ids: PrefixedIdentifiers(prefix: String(format: "b%03x", number)))
    }

    var projects: any ProjectRepository { container.makeProjectRepository() }
    var lists: any TaskListRepository { container.makeTaskListRepository() }
    var tasks: any TaskRepository { container.makeTaskRepository() }
    var history: any HistoryRepository { container.makeHistoryRepository() }

    func remove() { try? FileManager.default.removeItem(at: folder) }
}

/// The ``RepositoryError`` `body` throws, or nil when it succeeds or throws something else (which a
/// test then reports as wrong).
func repositoryError<T>(_ body: () async throws -> T) async -> RepositoryError? {
    do {
        _ = try await body()
        return nil
    } catch let error as RepositoryError {
        return error
    } catch {
        Issue.record("expected a RepositoryError, got \(type(of: error)): \(error)")
        return nil
    }
}

extension RepositoryError {
    /// The conflict this error is, if it is one: lets a test compare the case and its data at once.
    var conflict: Conflict? {
        if case .conflict(let conflict) = self { return conflict }
        return nil
    }

    /// The validation reason of an `invalid` error.
    var validation: ValidationError? {
        if case .invalid(let inner) = self { return inner as? ValidationError }
        return nil
    }
}

@Suite("Repositories over a real SQLite file")
struct RepositoriesTests {
    @Test("projects are found by name in any case or by id prefix, and names stay unique")
    func projectReferences() async throws {
        let fixture = try Fixture()
        defer { fixture.remove() }
        let work = try await fixture.projects.create(name: "Work", note: "")
        #expect(try await fixture.projects.project(reference: "wORK").id == work.id)
        #expect(try await fixture.projects.project(reference: String(work.id.uuidString.prefix(8))).id == work.id)
        let duplicate = await repositoryError { try await fixture.projects.create(name: "work", note: "") }
        #expect(duplicate?.conflict == .duplicateProjectName(existing: "Work"))
        let home = try await fixture.projects.create(name: "Home", note: "")
        let renamed = await repositoryError { try await fixture.projects.rename(home.id, to: "WORK") }
        #expect(renamed?.conflict == .duplicateProjectName(existing: "Work"))
        #expect(try await fixture.projects.rename(work.id, to: "work").name == "work", "a project may recase itself")
        guard
            case .notFound(.project, "Nope") = await repositoryError({
                try await fixture.projects.project(reference: "Nope")
            })
        else {
            Issue.record("an unknown name must be notFound naming what was typed")
            return
        }
    }

    @Test("list names are unique within a project, not across projects")
    func listNames() async throws {
        let fixture = try Fixture()
        defer { fixture.remove() }
        let work = try await fixture.projects.create(name: "Work", note: "")
        let home = try await fixture.projects.create(name: "Home", note: "")
        let backlog = try await fixture.lists.create(name: "Backlog", projectID: work.id)
        _ = try await fixture.lists.create(name: "backlog", projectID: home.id)
        let duplicate = await repositoryError { try await fixture.lists.create(name: "BACKLOG", projectID: work.id) }
        #expect(duplicate?.conflict == .duplicateListName(existing: "Backlog", projectID: work.id))
        let next = try await fixture.lists.create(name: "Next", projectID: work.id)
        let renamed = await repositoryError { try await fixture.lists.rename(next.id, to: "backlog") }
        #expect(renamed?.conflict == .duplicateListName(existing: "Backlog", projectID: work.id))
        #expect(try await fixture.lists.rename(backlog.id, to: "Later").name == "Later")
        #expect(try await fixture.history.undo() == "renamed list \"Backlog\" to \"Later\"")
    }

    @Test("an id prefix shared by two tasks is ambiguous and lists both as candidates")
    func ambiguousPrefix() async throws {
        let fixture = try Fixture()
        defer { fixture.remove() }
        _ = try await fixture.tasks.create(NewTask(title: "one"))
        _ = try await fixture.tasks.create(NewTask(title: "two"))
        guard
            case .ambiguous(.task, "aaaa0000", let candidates) = await repositoryError({
                try await fixture.tasks.task(reference: "aaaa0000")
            })
        else {
            Issue.record("a shared prefix must be ambiguous")
            return
        }
        #expect(candidates.map(\.label).sorted() == ["one", "two"])
        #expect(candidates.map(\.reference).sorted() == ["1", "2"])
    }

    @Test("tasks get increasing per-device numbers and are found by number")
    func numbers() async throws {
        let fixture = try Fixture()
        defer { fixture.remove() }
        let first = try await fixture.tasks.create(NewTask(title: "first"))
        let second = try await fixture.tasks.create(NewTask(title: "second"))
        #expect(first.number == 1)
        #expect(second.number == 2)
        #expect(try await fixture.tasks.task(reference: "#2").title == "second")
        _ = try await fixture.tasks.delete(second.id)
        let third = try await fixture.tasks.create(NewTask(title: "third"))
        #expect(third.number == 3, "numbers of deleted tasks are not reused")
    }

    @Test("task labels: number, title and project of the live tasks asked for, equal to the tasks read in full")
    func labels() async throws {
        let fixture = try Fixture()
        defer { fixture.remove() }
        let work = try await fixture.projects.create(name: "Work", note: "")
        let report = try await fixture.tasks.create(NewTask(title: "report", projectID: work.id))
        let milk = try await fixture.tasks.create(NewTask(title: "milk"))
        let gone = try await fixture.tasks.create(NewTask(title: "gone"))
        _ = try await fixture.tasks.delete(gone.id)
        let labels = try await fixture.tasks.labels(of: [report.id, milk.id, gone.id, UUID()])
        func label(_ task: Task) -> TaskLabel {
            TaskLabel(id: task.id, number: task.number, title: task.title, projectID: task.projectID)
        }
        #expect(labels == [report.id: label(report), milk.id: label(milk)])
        #expect(labels[report.id]?.projectID == work.id)
        #expect(labels[milk.id]?.number == milk.number)
        #expect(try await fixture.tasks.labels(of: []).isEmpty)
    }

    @Test("a task's list must be in its project; a list without its project is the Entities' rule")
    func placementRules() async throws {
        let fixture = try Fixture()
        defer { fixture.remove() }
        let work = try await fixture.projects.create(name: "Work", note: "")
        let home = try await fixture.projects.create(name: "Home", note: "")
        let chores = try await fixture.lists.create(name: "Chores", projectID: home.id)
        let placed = try await fixture.tasks.create(NewTask(title: "dishes", projectID: home.id, listID: chores.id))
        #expect(placed.projectID == home.id && placed.listID == chores.id)

        let elsewhere = await repositoryError {
            try await fixture.tasks.create(NewTask(title: "x", projectID: work.id, listID: chores.id))
        }
        #expect(elsewhere?.conflict == .listInAnotherProject(list: chores, projectID: work.id))
        let moved = await repositoryError {
            try await fixture.tasks.change(placed.id, summary: "move") { task, now in
                try task.move(projectID: work.id, listID: chores.id, now: now)
            }
        }
        #expect(moved?.conflict == .listInAnotherProject(list: chores, projectID: work.id))
        let listOnly = await repositoryError { try await fixture.tasks.create(NewTask(title: "x", listID: chores.id)) }
        #expect(listOnly?.validation == ValidationError(field: "list", reason: .listWithoutProject))
        #expect(try await fixture.tasks.count(matching: TaskQuery(statuses: [])) == 1)
    }

    @Test("a list deleted between resolving it and writing the task is refused inside the write")
    func placementInsideTheWrite() async throws {
        let fixture = try Fixture()
        defer { fixture.remove() }
        let work = try await fixture.projects.create(name: "Work", note: "")
        let backlog = try await fixture.lists.create(name: "Backlog", projectID: work.id)
        let later = try await fixture.lists.create(name: "Later", projectID: work.id)
        let task = try await fixture.tasks.create(NewTask(title: "a", projectID: work.id, listID: later.id))
        // The worker resolved "Backlog" (and Later) to ids; another process deletes them before the write.
        let other = try fixture.otherProcess()
        _ = try await other.makeTaskListRepository().delete(backlog.id)

        let created = await repositoryError {
            try await fixture.tasks.create(NewTask(title: "b", projectID: work.id, listID: backlog.id))
        }
        #expect(created?.conflict == .noLongerExists(kind: .taskList, id: backlog.id))
        let moved = await repositoryError {
            try await fixture.tasks.change(task.id, summary: "move") { task, now in
                try task.move(projectID: work.id, listID: backlog.id, now: now)
            }
        }
        #expect(moved?.conflict == .noLongerExists(kind: .taskList, id: backlog.id))
        #expect(try await fixture.tasks.tasks(matching: TaskQuery()).map(\.listID) == [later.id])

        _ = try await other.makeProjectRepository().delete(work.id)
        let inGoneProject = await repositoryError {
            try await fixture.tasks.create(NewTask(title: "c", projectID: work.id))
        }
        #expect(inGoneProject?.conflict == .noLongerExists(kind: .project, id: work.id))
        let listInGoneProject = await repositoryError { try await fixture.lists.create(name: "X", projectID: work.id) }
        #expect(listInGoneProject?.conflict == .noLongerExists(kind: .project, id: work.id))
        let edited = await repositoryError {
            try await fixture.tasks.change(task.id, summary: "rename") { task, now in try task.rename(to: "z", now: now)
            }
        }
        #expect(edited?.conflict == .noLongerExists(kind: .task, id: task.id))
        #expect(try await fixture.tasks.count(matching: TaskQuery(statuses: [])) == 0)
    }

    @Test("eight processes adding the same project name at once: one wins, the others get the duplicate")
    func concurrentNames() async throws {
        let fixture = try Fixture()
        defer { fixture.remove() }
        let containers = try (0..<8).map { try fixture.otherProcess($0) }
        let outcomes = await withTaskGroup(of: Result<Project, RepositoryError>.self) { group in
            for container in containers {
                group.addTask {
                    do {
                        return .success(try await container.makeProjectRepository().create(name: "Work", note: ""))
                    } catch let error as RepositoryError {
                        return .failure(error)
                    } catch {
                        return .failure(.storage(inner: error))
                    }
                }
            }
            var outcomes: [Result<Project, RepositoryError>] = []
            for await outcome in group { outcomes.append(outcome) }
            return outcomes
        }
        let failures = outcomes.compactMap { outcome -> RepositoryError? in
            if case .failure(let error) = outcome { return error }
            return nil
        }
        #expect(outcomes.count - failures.count == 1)
        #expect(failures.map(\.conflict) == Array(repeating: .duplicateProjectName(existing: "Work"), count: 7))
        #expect(try await fixture.projects.projects(includeArchived: true).map(\.name) == ["Work"])
    }

    @Test("a broken entity rule is invalid and nothing is stored")
    func validationStoresNothing() async throws {
        let fixture = try Fixture()
        defer { fixture.remove() }
        let error = await repositoryError { try await fixture.tasks.create(NewTask(title: "   ")) }
        #expect(error?.validation?.field == "title")
        #expect(error?.validation?.reason == .empty(.text))
        #expect(try await fixture.tasks.count(matching: TaskQuery(statuses: [])) == 0)
    }

    @Test("deleting a project takes its lists and tasks, and one undo brings them all back")
    func deleteProjectAndUndo() async throws {
        let fixture = try Fixture()
        defer { fixture.remove() }
        let work = try await fixture.projects.create(name: "Work", note: "")
        let backlog = try await fixture.lists.create(name: "Backlog", projectID: work.id)
        _ = try await fixture.tasks.create(NewTask(title: "a", projectID: work.id, listID: backlog.id))
        _ = try await fixture.tasks.create(NewTask(title: "b", projectID: work.id))
        #expect(try await fixture.projects.delete(work.id) == work)
        #expect(try await fixture.projects.projects(includeArchived: true).isEmpty)
        #expect(try await fixture.tasks.count(matching: TaskQuery(statuses: [])) == 0)
        let again = await repositoryError { try await fixture.projects.delete(work.id) }
        #expect(again?.conflict == .noLongerExists(kind: .project, id: work.id))

        #expect(try await fixture.history.undo() == "deleted project \"Work\"")
        #expect(try await fixture.lists.taskLists(projectID: work.id).map(\.name) == ["Backlog"])
        #expect(try await fixture.tasks.count(matching: TaskQuery(projectID: work.id)) == 2)
    }

    @Test("deleting a list keeps its tasks in the project")
    func deleteListKeepsTasks() async throws {
        let fixture = try Fixture()
        defer { fixture.remove() }
        let work = try await fixture.projects.create(name: "Work", note: "")
        let backlog = try await fixture.lists.create(name: "Backlog", projectID: work.id)
        let task = try await fixture.tasks.create(NewTask(title: "a", projectID: work.id, listID: backlog.id))
        #expect(try await fixture.lists.delete(backlog.id) == backlog)
        let kept = try await fixture.tasks.task(reference: "1")
        #expect(kept.id == task.id && kept.projectID == work.id && kept.listID == nil)
        #expect(try await fixture.history.undo() == "deleted list \"Backlog\"")
        #expect(try await fixture.tasks.task(reference: "1").listID == backlog.id)
    }

    @Test("tallies count open, in-progress and completed tasks per project")
    func tallies() async throws {
        let fixture = try Fixture()
        defer { fixture.remove() }
        let work = try await fixture.projects.create(name: "Work", note: "")
        for title in ["a", "b", "c"] { _ = try await fixture.tasks.create(NewTask(title: title, projectID: work.id)) }
        let b = try await fixture.tasks.task(reference: "2")
        let c = try await fixture.tasks.task(reference: "3")
        _ = try await fixture.tasks.change(b.id, summary: "start") { task, now in try task.start(now: now) }
        _ = try await fixture.tasks.change(c.id, summary: "done") { task, now in try task.complete(at: now) }
        let home = try await fixture.projects.create(name: "Home", note: "")
        _ = try await fixture.tasks.create(NewTask(title: "d", projectID: home.id))
        let all = try await fixture.tasks.tallyByProject(projectID: nil)
        #expect(all[work.id] == TaskTally(open: 1, inProgress: 1, completed: 1))
        #expect(all[home.id] == TaskTally(open: 1))
        #expect(
            try await fixture.tasks.tallyByProject(projectID: work.id)
                == [work.id: TaskTally(open: 1, inProgress: 1, completed: 1)])
    }

    @Test("an entity rule failing inside a change leaves the stored task untouched")
    func failedChangeIsAtomic() async throws {
        let fixture = try Fixture()
        defer { fixture.remove() }
        let task = try await fixture.tasks.create(NewTask(title: "keep me"))
        let error = await repositoryError {
            try await fixture.tasks.change(task.id, summary: "reopen") { task, now in try task.reopen(now: now) }
        }
        #expect(error?.validation?.reason == .taskTransition(from: .open, to: .open))
        #expect(try await fixture.tasks.task(reference: "1") == task)
    }

    @Test("nothing to undo is a conflict of its own")
    func nothingToUndo() async throws {
        let fixture = try Fixture()
        defer { fixture.remove() }
        #expect(await repositoryError { try await fixture.history.undo() }?.conflict == .nothingToUndo)
        _ = try await fixture.tasks.create(NewTask(title: "a"))
        #expect(try await fixture.history.undo() == "added task \"a\"")
        #expect(await repositoryError { try await fixture.history.undo() }?.conflict == .nothingToUndo)
    }

    @Test("the container counts the statements its database runs; asking runs none")
    func statementCount() async throws {
        let fixture = try Fixture()
        defer { fixture.remove() }
        let opened = fixture.container.statementCount
        #expect(opened > 0, "opening and migrating run statements")
        #expect(fixture.container.statementCount == opened)
        _ = try await fixture.projects.projects(includeArchived: false)
        let oneRead = fixture.container.statementCount - opened
        #expect(oneRead > 0)
        _ = try await fixture.projects.create(name: "Work", note: "")
        #expect(fixture.container.statementCount > opened + oneRead)
        let other = try fixture.otherProcess()
        let otherBefore = other.statementCount
        _ = try await fixture.projects.projects(includeArchived: false)
        #expect(other.statementCount == otherBefore, "each container counts its own connection")
    }
}

@Suite("Stored ids")
struct StoredIDTests {
    @Test("the fast parser reads what storage writes exactly like Foundation does, and rejects the rest")
    func fastParserAgreesWithFoundation() {
        for _ in 0..<200 {
            let id = UUID()
            #expect(UUID(canonical: id.uuidString.lowercased()) == id)
            #expect(UUID(canonical: id.uuidString) == id)
        }
        for bad in [
            "", "not-a-uuid", "6f1c0c1e-0000-4000-8000-00000000000g", "6f1c0c1e00000-4000-8000-000000000001",
            "6f1c0c1e-0000-4000-8000-0000000000011",
        ] {
            #expect(UUID(canonical: bad) == nil, "\(bad)")
        }
    }
}

@Suite("Record mapping")
struct RecordMappingTests {
    @Test("taking a record's strings gives the task a copy gives, and leaves the record's moved fields empty")
    func takingMatchesCopying() throws {
        let date = Date(timeIntervalSince1970: 1_790_000_000)
        let record = TaskRecord(
            id: "6f1c0c1e-0000-4000-8000-000000000001", number: 7, projectID: "6f1c0c1e-0000-4000-8000-000000000002",
            title: "Renew the lease before the end of the month", note: "Call first.\nThen write.",
            status: TaskRecord.inProgressStatus, priority: 2, due: "2026-12-01", tags: ["home", "paperwork"],
            estimateSeconds: 1_800, createdAt: date, updatedAt: date.addingTimeInterval(60))
        let copied = try RecordMapping.task(record)
        var taken = record
        let moved = try RecordMapping.task(taking: &taken)
        #expect(moved == copied)
        #expect(moved.title == "Renew the lease before the end of the month")
        #expect(moved.tags.map(\.name) == ["home", "paperwork"])
        // Only what moved is gone; the rest of the record is as it was.
        #expect(taken.title.isEmpty && taken.note.isEmpty && taken.tags.isEmpty)
        #expect(taken.id == record.id && taken.projectID == record.projectID && taken.due == record.due)
    }

    @Test("a record refused while its strings are taken throws the same error as through a copy")
    func takingRefusesLikeCopying() {
        let date = Date(timeIntervalSince1970: 1_790_000_000)
        var record = TaskRecord(
            id: "6f1c0c1e-0000-4000-8000-000000000001", title: "Broken", tags: ["fine", "not fine"],
            createdAt: date, updatedAt: date)
        for mapping in [{ try RecordMapping.task(record) }, { try RecordMapping.task(taking: &record) }] {
            #expect {
                _ = try mapping()
            } throws: { error in
                guard case .corruptData(let message) = error as? RepositoryError else { return false }
                return message == "stored tag 'not fine' is invalid"
            }
        }
    }
}
