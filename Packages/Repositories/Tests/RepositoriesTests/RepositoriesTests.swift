import Entities
import Foundation
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
    var prefix = "aaaa"

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
        container = try RepositoriesDependencyContainer(
            databasePath: folder.appendingPathComponent("stint.sqlite").path, clock: clock, ids: ids)
    }

    var projects: any ProjectRepository { container.makeProjectRepository() }
    var lists: any TaskListRepository { container.makeTaskListRepository() }
    var tasks: any TaskRepository { container.makeTaskRepository() }
    var history: any HistoryRepository { container.makeHistoryRepository() }

    func remove() { try? FileManager.default.removeItem(at: folder) }
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
        await #expect(throws: RepositoryError.self) { try await fixture.projects.create(name: "work", note: "") }
        do {
            _ = try await fixture.projects.project(reference: "Nope")
            Issue.record("an unknown name must fail")
        } catch let error as RepositoryError {
            guard case .notFound(.project, "Nope") = error else { throw error }
        }
    }

    @Test("an id prefix shared by two tasks is ambiguous and lists both as candidates")
    func ambiguousPrefix() async throws {
        let fixture = try Fixture()
        defer { fixture.remove() }
        _ = try await fixture.tasks.create(NewTask(title: "one"))
        _ = try await fixture.tasks.create(NewTask(title: "two"))
        do {
            _ = try await fixture.tasks.task(reference: "aaaa0000")
            Issue.record("a shared prefix must be ambiguous")
        } catch let error as RepositoryError {
            guard case .ambiguous(.task, _, let candidates) = error else { throw error }
            #expect(candidates.map(\.label).sorted() == ["one", "two"])
            #expect(candidates.map(\.reference).sorted() == ["1", "2"])
        }
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

    @Test("a list of another project cannot be combined with a project")
    func placementRules() async throws {
        let fixture = try Fixture()
        defer { fixture.remove() }
        let work = try await fixture.projects.create(name: "Work", note: "")
        let home = try await fixture.projects.create(name: "Home", note: "")
        let chores = try await fixture.lists.create(name: "Chores", projectID: home.id)
        let placed = try await fixture.tasks.create(NewTask(title: "dishes", listID: chores.id))
        #expect(placed.projectID == home.id, "a list implies its project")
        await #expect(throws: RepositoryError.self) {
            try await fixture.tasks.create(NewTask(title: "x", projectID: work.id, listID: chores.id))
        }
    }

    @Test("a broken entity rule is invalid and nothing is stored")
    func validationStoresNothing() async throws {
        let fixture = try Fixture()
        defer { fixture.remove() }
        do {
            _ = try await fixture.tasks.create(NewTask(title: "   "))
            Issue.record("an empty title must fail")
        } catch let error as RepositoryError {
            guard case .invalid(let inner) = error else { throw error }
            #expect(inner is ValidationError)
        }
        #expect(try await fixture.tasks.count(matching: TaskQuery(statuses: [])) == 0)
    }

    @Test("deleting a project takes its lists and tasks, and one undo brings them all back")
    func deleteProjectAndUndo() async throws {
        let fixture = try Fixture()
        defer { fixture.remove() }
        let work = try await fixture.projects.create(name: "Work", note: "")
        let backlog = try await fixture.lists.create(name: "Backlog", projectID: work.id)
        _ = try await fixture.tasks.create(NewTask(title: "a", listID: backlog.id))
        _ = try await fixture.tasks.create(NewTask(title: "b", projectID: work.id))
        _ = try await fixture.projects.delete(work.id)
        #expect(try await fixture.projects.projects(includeArchived: true).isEmpty)
        #expect(try await fixture.tasks.count(matching: TaskQuery(statuses: [])) == 0)

        let summary = try await fixture.history.undo()
        #expect(summary.contains("deleted project \"Work\""))
        #expect(try await fixture.lists.taskLists(projectID: work.id).map(\.name) == ["Backlog"])
        #expect(try await fixture.tasks.count(matching: TaskQuery(projectID: work.id)) == 2)
    }

    @Test("deleting a list keeps its tasks in the project")
    func deleteListKeepsTasks() async throws {
        let fixture = try Fixture()
        defer { fixture.remove() }
        let work = try await fixture.projects.create(name: "Work", note: "")
        let backlog = try await fixture.lists.create(name: "Backlog", projectID: work.id)
        let task = try await fixture.tasks.create(NewTask(title: "a", listID: backlog.id))
        _ = try await fixture.lists.delete(backlog.id)
        let kept = try await fixture.tasks.task(reference: "1")
        #expect(kept.id == task.id && kept.projectID == work.id && kept.listID == nil)
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
        #expect(try await fixture.tasks.tallyByProject()[work.id] == TaskTally(open: 1, inProgress: 1, completed: 1))
    }

    @Test("an entity rule failing inside a change leaves the stored task untouched")
    func failedChangeIsAtomic() async throws {
        let fixture = try Fixture()
        defer { fixture.remove() }
        let task = try await fixture.tasks.create(NewTask(title: "keep me"))
        await #expect(throws: RepositoryError.self) {
            try await fixture.tasks.change(task.id, summary: "reopen") { task, now in try task.reopen(now: now) }
        }
        #expect(try await fixture.tasks.task(reference: "1") == task)
    }

    @Test("nothing to undo is a conflict")
    func nothingToUndo() async throws {
        let fixture = try Fixture()
        defer { fixture.remove() }
        await #expect(throws: RepositoryError.self) { try await fixture.history.undo() }
    }
}

@Suite("Stored ids")
struct StoredIDTests {
    @Test("the fast parser reads what storage writes exactly like Foundation does, and rejects the rest")
    func fastParserAgreesWithFoundation() {
        for _ in 0..<200 {
            let id = UUID()
            #expect(UUID(canonicalLowercase: id.uuidString.lowercased()) == id)
            #expect(UUID(canonicalLowercase: id.uuidString) == id)
        }
        for bad in [
            "", "not-a-uuid", "6f1c0c1e-0000-4000-8000-00000000000g", "6f1c0c1e00000-4000-8000-000000000001",
            "6f1c0c1e-0000-4000-8000-0000000000011",
        ] {
            #expect(UUID(canonicalLowercase: bad) == nil, "\(bad)")
        }
    }
}
