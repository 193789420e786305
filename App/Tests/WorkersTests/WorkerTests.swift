import Entities
import Foundation
import Repositories
import Testing

@testable import Workers

@Suite("Workers over a real SQLite file")
struct WorkerTests {
    @Test("a task added with project and list names lands in that list and gets number 1")
    func addResolvesNames() async throws {
        let bench = try Workbench()
        defer { bench.remove() }
        _ = try await bench.projects.create(name: "Work", note: "")
        _ = try await bench.lists.create(name: "Backlog", projectReference: "work")
        let added = try await bench.tasks.create(
            TaskInput(title: "  Write report ", project: "WORK", list: "backlog", priority: .high, tags: ["Writing"]))
        #expect(added.task.number == 1)
        #expect(added.task.title == "Write report")
        #expect(added.project?.name == "Work")
        #expect(added.list?.name == "Backlog")
        #expect(added.task.tags.map(\.name) == ["writing"])
    }

    @Test("due filters are computed from the injected clock, not the machine's")
    func dueFiltersFollowTheClock() async throws {
        let bench = try Workbench(now: "2026-11-21T10:00:00Z")
        defer { bench.remove() }
        _ = try await bench.tasks.create(TaskInput(title: "late", due: Workbench.day("2026-11-20")))
        _ = try await bench.tasks.create(TaskInput(title: "now", due: Workbench.day("2026-11-21")))
        _ = try await bench.tasks.create(TaskInput(title: "sunday", due: Workbench.day("2026-11-22")))
        _ = try await bench.tasks.create(TaskInput(title: "next week", due: Workbench.day("2026-11-23")))

        #expect(try await bench.tasks.search(TaskSearch(due: .overdue)).map(\.task.title) == ["late"])
        #expect(try await bench.tasks.search(TaskSearch(due: .today)).map(\.task.title) == ["now"])
        let week = try await bench.tasks.search(TaskSearch(due: .thisWeek, order: .due)).map(\.task.title)
        #expect(week == ["late", "now", "sunday"])

        bench.clock.advance(by: 3 * 86_400)
        #expect(try await bench.tasks.search(TaskSearch(due: .overdue, order: .due)).count == 4)
    }

    @Test("an unknown reference is a WorkerError.notFound that keeps the repository error as its cause")
    func notFoundKeepsCause() async throws {
        let bench = try Workbench()
        defer { bench.remove() }
        do {
            _ = try await bench.tasks.complete("42")
            Issue.record("completing a missing task must fail")
        } catch {
            #expect(error.kind == .notFound)
            #expect(error.cause is RepositoryError)
            #expect(error.message.contains("42"))
        }
    }

    @Test("completing twice is invalid input and leaves the task as it was")
    func completeTwice() async throws {
        let bench = try Workbench()
        defer { bench.remove() }
        _ = try await bench.tasks.create(TaskInput(title: "once"))
        let done = try await bench.tasks.complete("1")
        #expect(done.task.status == .completed)
        let error = await #expect(throws: WorkerError.self) { try await bench.tasks.complete("1") }
        #expect(error?.kind == .invalidInput)
        #expect(try await bench.tasks.details("1").task.completedAt == done.task.completedAt)
    }

    @Test("moving to a list alone finds it in the task's own project first")
    func moveToListInOwnProject() async throws {
        let bench = try Workbench()
        defer { bench.remove() }
        _ = try await bench.projects.create(name: "Work", note: "")
        _ = try await bench.projects.create(name: "Home", note: "")
        _ = try await bench.lists.create(name: "Later", projectReference: "Work")
        _ = try await bench.lists.create(name: "Later", projectReference: "Home")
        _ = try await bench.tasks.create(TaskInput(title: "t", project: "Home"))
        let moved = try await bench.tasks.move("1", project: nil, list: "later")
        #expect(moved.project?.name == "Home")
        #expect(moved.list?.name == "Later")
    }

    @Test("undo reverts the newest change and names it; a second undo goes further back")
    func undoChain() async throws {
        let bench = try Workbench()
        defer { bench.remove() }
        _ = try await bench.tasks.create(TaskInput(title: "first"))
        _ = try await bench.tasks.edit("1", TaskEdit(title: "renamed"))
        #expect(try await bench.history.undo().contains("edited task 1"))
        #expect(try await bench.tasks.details("1").task.title == "first")
        #expect(try await bench.history.undo().contains("added task"))
        #expect(try await bench.tasks.count(TaskSearch(status: .all)) == 0)
        do {
            _ = try await bench.history.undo()
            Issue.record("nothing left to undo must fail")
        } catch {
            #expect(error.kind == .conflict)
        }
    }

    @Test("export then import into an empty database reproduces every field; a second import changes nothing")
    func exportImportRoundTrip() async throws {
        let source = try Workbench()
        defer { source.remove() }
        _ = try await source.projects.create(name: "Work", note: "the day job")
        _ = try await source.lists.create(name: "Backlog", projectReference: "Work")
        _ = try await source.tasks.create(
            TaskInput(
                title: "Report", project: "Work", list: "Backlog", due: Workbench.day("2026-12-01"), priority: .medium,
                tags: ["a", "b"], estimateSeconds: 5400, note: "first line"))
        _ = try await source.tasks.create(TaskInput(title: "Done one"))
        _ = try await source.tasks.complete("2")
        let exported = try await source.transfer.export()

        let target = try Workbench()
        defer { target.remove() }
        let first = try await target.transfer.importArchive(exported) { _, _ in }
        #expect(first.inserted == 4)
        let second = try await target.transfer.importArchive(exported) { _, _ in }
        #expect(second.inserted == 0 && second.updated == 0)

        let reexported = try await target.transfer.export()
        let a = try JSONSerialization.jsonObject(with: exported) as? [String: Any]
        let b = try JSONSerialization.jsonObject(with: reexported) as? [String: Any]
        for key in ["projects", "lists", "tasks"] {
            #expect((a?[key] as? NSArray) == (b?[key] as? NSArray), "\(key) differ after the round trip")
        }
    }

    @Test("an import file with a 1 MB title is refused and stores nothing")
    func importRejectsHugeTitle() async throws {
        let bench = try Workbench()
        defer { bench.remove() }
        let title = String(repeating: "x", count: 1_000_000)
        let file = """
            {"format":"stint-export","version":1,"exported_at":"2026-11-21T10:00:00.000Z","projects":[],"lists":[],
            "tasks":[{"id":"6f1c0c1e-0000-4000-8000-000000000001","project_id":null,"list_id":null,"title":"\(title)",
            "note":"","status":"open","priority":"none","due":null,"tags":[],"estimate_seconds":null,
            "completed_at":null,"created_at":"2026-11-21T10:00:00.000Z","updated_at":"2026-11-21T10:00:00.000Z"}]}
            """
        do {
            _ = try await bench.transfer.importArchive(Data(file.utf8)) { _, _ in }
            Issue.record("a 1 MB title must be refused")
        } catch {
            #expect(error.kind == .invalidInput)
            #expect(error.message.count < 200)
        }
        #expect(try await bench.tasks.count(TaskSearch(status: .all)) == 0)
    }

    @Test("a conflict already resolved is a conflict (exit 5) saying how it was settled")
    func conflictAlreadyResolved() throws {
        let id = try #require(UUID(uuidString: "7C1E5A39-91B4-4C1E-8000-000000000001"))
        for (side, kept) in [(ConflictSide.theirs, "theirs"), (.mine, "yours")] {
            let error = WorkerError(wrapping: RepositoryError.conflict(.alreadyResolved(id: id, side: side)))
            #expect(error.kind == .conflict)
            #expect(error.message == "conflict 7c1e5a39 was already resolved (kept \(kept))")
            #expect(error.cause is RepositoryError)
        }
    }
}
