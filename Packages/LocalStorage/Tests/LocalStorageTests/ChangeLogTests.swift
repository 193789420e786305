import Foundation
import Testing

@testable import LocalStorage

@Suite("Change log and undo")
struct ChangeLogTests {
    struct Refused: Error {}

    @Test("each write is one batch whose changes carry the before and after images")
    func batches() async throws {
        try await withStore { store in
            let stored = try await store.add(task(1, "Draft"))[0]
            var renamed = stored
            renamed.title = "Final"
            try await store.write(summary: "rename 1", at: at(2)) { [renamed] in try $0.update(renamed) }
            try await store.write(summary: "delete 1", at: at(3)) { try $0.deleteTask(id: stored.id, at: at(3)) }

            let batches = try await store.loggedBatches()
            #expect(batches.map(\.summary) == ["add Draft", "rename 1", "delete 1"])
            #expect(batches.map { $0.changes.map(\.operation) } == [["insert"], ["update"], ["delete"]])
            #expect(batches[1].createdAt == at(2))
            let insert = batches[0].changes[0]
            #expect(insert.entity == "task")
            #expect(insert.entityID == stored.id)
            #expect(insert.before == nil)
            #expect(try json(insert.after)["title"] as? String == "Draft")
            #expect(try json(insert.after)["tags"] is [Any])
            let update = batches[1].changes[0]
            #expect(try json(update.before)["title"] as? String == "Draft")
            #expect(try json(update.after)["title"] as? String == "Final")
            #expect(try json(update.after)["version"] as? Int == 2)
            #expect(try json(batches[2].changes[0].after)["deleted_at"] as? Int64 == at(3).storedMilliseconds)
        }
    }

    @Test("a body that throws leaves neither data nor log, and its error comes back unchanged")
    func rollback() async throws {
        try await withStore { store async throws in
            await #expect(throws: Refused.self) {
                try await store.write(summary: "half", at: day0) { writer in
                    try writer.insert(project(1, "Home"))
                    try writer.insert(task(2, "Task"))
                    throw Refused()
                }
            }
            #expect(try await store.projects().isEmpty)
            #expect(try await store.tasks().isEmpty)
            #expect(try await store.loggedBatches().isEmpty)
            #expect(try await store.add(task(3, "after"))[0].number == 1)
        }
    }

    @Test("a write that changes nothing records no batch")
    func emptyWrite() async throws {
        try await withStore { store in
            let value = try await store.write(summary: "nothing", at: day0) { writer in
                try writer.task(number: 1)?.title ?? "none"
            }
            #expect(value == "none")
            #expect(try await store.loggedBatches().isEmpty)
            #expect(try await store.undoLastBatch(at: day0) == nil)
        }
    }

    @Test("undo of an insert leaves a tombstone")
    func undoInsert() async throws {
        try await withStore { store in
            try await store.add(task(1, "Oops"))
            #expect(try await store.undoLastBatch(at: at(5)) == "add Oops")
            #expect(try await store.tasks().isEmpty)
            let batches = try await store.loggedBatches()
            #expect(batches.count == 2)
            #expect(batches[0].undoneBy == batches[1].id)
            #expect(batches[1].undoOf == batches[0].id)
            #expect(batches[1].summary == "undo: add Oops")
            #expect(batches[1].changes.map(\.operation) == ["delete"])
            #expect(try json(batches[1].changes[0].after)["deleted_at"] as? Int64 == at(5).storedMilliseconds)
            #expect(try await store.undoLastBatch(at: at(6)) == nil)
        }
    }

    @Test("undo of an update restores every field; version and modification time move on")
    func undoUpdate() async throws {
        try await withStore { store in
            let original = try await store.add(task(1, "Draft", priority: 1, due: "2026-12-01", tags: ["a"]))[0]
            var edited = original
            edited.title = "Final"
            edited.priority = 3
            edited.due = nil
            edited.tags = ["b", "c"]
            edited.updatedAt = at(10)
            try await store.write(summary: "edit 1", at: at(10)) { [edited] in try $0.update(edited) }

            #expect(try await store.undoLastBatch(at: at(20)) == "edit 1")
            let restored = try #require(await store.task(number: 1))
            var expected = original
            expected.updatedAt = at(20)
            expected.version = 3
            #expect(restored == expected)
        }
    }

    @Test("undo of a delete brings the row back")
    func undoDelete() async throws {
        try await withStore { store in
            try await store.write(summary: "add project", at: day0) { try $0.insert(project(1, "Home")) }
            try await store.write(summary: "delete project", at: at(1)) {
                try $0.deleteProject(id: makeID(1), at: at(1))
            }
            #expect(try await store.projects().isEmpty)
            #expect(try await store.undoLastBatch(at: at(2)) == "delete project")
            let back = try #require(await store.project(id: makeID(1)))
            #expect(back.name == "Home")
            #expect(back.deletedAt == nil)
            #expect(try await store.loggedBatches().last?.changes.map(\.operation) == ["update"])
        }
    }

    @Test("undo reverts every row of a multi-row batch, including rows changed twice in it")
    func undoMultiRowBatch() async throws {
        try await withStore { store in
            let kept = try await store.add(task(1, "kept", priority: 1))[0]
            try await store.write(summary: "reorganize", at: at(10)) { writer in
                try writer.insert(project(2, "New"))
                try writer.insert(list(3, "Inbox", in: makeID(2)))
                let added = try writer.insert(task(4, "added"))
                var moved = kept
                moved.projectID = makeID(2)
                moved.listID = makeID(3)
                try writer.update(moved)
                moved.priority = 3
                try writer.update(moved)
                var renamed = added
                renamed.title = "added and renamed"
                try writer.update(renamed)
            }
            #expect(try await store.tasks().count == 2)
            #expect(try await store.undoLastBatch(at: at(20)) == "reorganize")
            #expect(try await store.projects().isEmpty)
            #expect(try await store.taskLists().isEmpty)
            let tasks = try await store.tasks()
            #expect(tasks.count == 1)
            #expect(tasks.first?.projectID == nil)
            #expect(tasks.first?.listID == nil)
            #expect(tasks.first?.priority == 1)
            #expect(try await store.loggedBatches().last?.changes.count == 4)
        }
    }

    @Test("undoing twice goes further back; undo batches are never undone themselves")
    func undoTwice() async throws {
        try await withStore { store in
            try await store.add(task(1, "first"), task(2, "second"), task(3, "third"))
            #expect(try await store.undoLastBatch(at: at(10)) == "add third")
            #expect(try await store.undoLastBatch(at: at(11)) == "add second")
            #expect(try await store.tasks().map(\.title) == ["first"])
            #expect(try await store.undoLastBatch(at: at(12)) == "add first")
            #expect(try await store.undoLastBatch(at: at(13)) == nil)
            #expect(try await store.tasks().isEmpty)
            #expect(try await store.loggedBatches().count == 6)
        }
    }

    private func json(_ text: String?) throws -> [String: Any] {
        let data = Data(try #require(text).utf8)
        return try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    }
}
