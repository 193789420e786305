import Entities
import Foundation
import Testing

@testable import Repositories

/// `stint task done 3 4 5` and `task delete 7 8`: several tasks in one transaction and one change batch.
@Suite("Changing several tasks at once")
struct TaskBatchTests {
    @Test("a rule applied to several tasks lands as one change that one undo reverts")
    func changeSeveralAndUndoOnce() async throws {
        let fixture = try Fixture()
        defer { fixture.remove() }
        let tasks = try await ["a", "b", "c"].asyncMap { try await fixture.tasks.create(NewTask(title: $0)) }
        let done = try await fixture.tasks.change(tasks.map(\.id), summary: "completed tasks 1, 2 and 3") {
            task, now in try task.complete(at: now)
        }
        #expect(done.map(\.id) == tasks.map(\.id))
        #expect(done.allSatisfy { $0.status == .completed })
        #expect(try await fixture.history.undo() == "completed tasks 1, 2 and 3")
        #expect(try await fixture.tasks.tasks(matching: TaskQuery()).map(\.status) == [.open, .open, .open])
    }

    @Test("one task breaking the rule leaves every task as it was")
    func oneFailureChangesNothing() async throws {
        let fixture = try Fixture()
        defer { fixture.remove() }
        let open = try await fixture.tasks.create(NewTask(title: "open"))
        let finished = try await fixture.tasks.create(NewTask(title: "finished"))
        _ = try await fixture.tasks.change(finished.id, summary: "done") { task, now in try task.complete(at: now) }
        let error = await repositoryError {
            try await fixture.tasks.change([open.id, finished.id], summary: "completed") { task, now in
                try task.complete(at: now)
            }
        }
        #expect(error?.validation?.reason == .taskTransition(from: .completed, to: .completed))
        #expect(try await fixture.tasks.task(reference: "1").status == .open)
        #expect(try await fixture.history.undo() == "done", "the failed batch left nothing to undo")
    }

    @Test("deleting several tasks takes their time along, and one undo brings everything back")
    func deleteSeveralAndUndoOnce() async throws {
        let fixture = try Fixture()
        defer { fixture.remove() }
        let tasks = try await ["a", "b", "c"].asyncMap { try await fixture.tasks.create(NewTask(title: $0)) }
        let deleted = try await fixture.tasks.delete([tasks[0].id, tasks[2].id], summary: "deleted tasks 1 and 3")
        #expect(deleted.map(\.title) == ["a", "c"])
        #expect(try await fixture.tasks.tasks(matching: TaskQuery()).map(\.title) == ["b"])
        let gone = await repositoryError { try await fixture.tasks.delete([tasks[1].id, tasks[0].id], summary: "x") }
        #expect(gone?.conflict == .noLongerExists(kind: .task, id: tasks[0].id))
        #expect(try await fixture.tasks.tasks(matching: TaskQuery()).map(\.title) == ["b"], "b was kept")
        #expect(try await fixture.history.undo() == "deleted tasks 1 and 3")
        #expect(try await fixture.tasks.tasks(matching: TaskQuery(sort: .number)).map(\.title) == ["a", "b", "c"])
    }
}

extension Array {
    fileprivate func asyncMap<T>(_ transform: (Element) async throws -> T) async rethrows -> [T] {
        var results: [T] = []
        for element in self { results.append(try await transform(element)) }
        return results
    }
}
