import Foundation
import Testing

@testable import LocalStorage

@Suite("Statement count, snapshot reads, summaries set inside a write, imports inside a write")
struct StoreAPITests {
    @Test("every statement is counted: a read costs the same each time, two reads cost twice one")
    func statementCount() async throws {
        try await withStore { store in
            let opened = store.statementCount
            #expect(opened > 0, "opening runs statements (migrations) and they are counted")
            #expect(store.statementCount == opened, "asking for the count runs nothing")

            _ = try await store.projects()
            let oneRead = store.statementCount - opened
            #expect(oneRead >= 1)
            _ = try await store.projects()
            _ = try await store.projects()
            #expect(store.statementCount - opened == 3 * oneRead)

            let beforeWrite = store.statementCount
            try await store.write(summary: "add", at: day0) { try $0.insert(project(1, "Home")) }
            // BEGIN, the insert, the batch, the change-log row, COMMIT at least.
            #expect(store.statementCount - beforeWrite >= 5)
        }
    }

    @Test("committed change batches are counted: edits, imports and undos, never reads, no-ops or sync writes")
    func committedBatches() async throws {
        try await withStore { store in
            #expect(store.committedBatchCount == 0)
            _ = try await store.projects()
            try await store.write(summary: "nothing", at: day0) { _ in }
            #expect(store.committedBatchCount == 0, "a read and a write that changed nothing are no local change")

            let home = try await store.write(summary: "add", at: day0) { try $0.insert(project(1, "Home")) }
            #expect(store.committedBatchCount == 1)
            await #expect(throws: (any Error).self) {
                try await store.write(summary: "fails", at: day0) { writer in
                    _ = try writer.insert(project(2, "Work"))
                    throw CancellationError()
                }
            }
            #expect(store.committedBatchCount == 1, "a rolled-back write is not counted")

            _ = try await store.undoLastBatch(at: day0)
            #expect(store.committedBatchCount == 2, "an undo is a change to push")
            _ = try await store.importRecords(projects: [home], lists: [], tasks: [], summary: "import", at: day0)
            #expect(store.committedBatchCount == 3, "an import that revives the project is a change")
            _ = try await store.importRecords(projects: [home], lists: [], tasks: [], summary: "import", at: day0)
            #expect(store.committedBatchCount == 3, "importing the same data again changes nothing")

            try await store.setSyncSettings([.cursor: "12"])
            #expect(store.committedBatchCount == 3, "sync state is not a change")
        }
    }

    @Test("opening an up-to-date file reads it once, and a one-query read is one transaction")
    func costOfOpeningAndReading() async throws {
        try await withTemporaryDirectory { directory in
            let path = directory.appendingPathComponent("stint.sqlite").path
            _ = try LocalStore.open(path: path)
            let store = try LocalStore.open(path: path)
            // GRDB's header probe and the two pragmas of Stint's stamp (ADR 0028): what every command pays to start.
            // It was nine before the stamp: a read of the migrations and the journal mode.
            #expect(store.statementCount == 3)
            let opened = store.statementCount
            _ = try await store.projects()
            // BEGIN, the query, COMMIT: no read-only pragmas around it.
            #expect(store.statementCount - opened == 3)
        }
    }

    @Test("each store counts its own connection only")
    func countsArePerStore() async throws {
        try await withTemporaryDirectory { directory in
            let path = directory.appendingPathComponent("stint.sqlite").path
            let first = try LocalStore.open(path: path)
            let second = try LocalStore.open(path: path)
            let before = second.statementCount
            for index in 1...3 {
                try await first.write(summary: "add", at: day0) { try $0.insert(project(index, "P\(index)")) }
            }
            #expect(second.statementCount == before)
        }
    }

    @Test("several reads in one snapshot cost one transaction, and a body's error comes out unchanged")
    func readingSnapshot() async throws {
        struct Refused: Error, Equatable {}
        try await withStore { store in
            let stored = try await store.add(task(1, "one"), task(2, "two"))
            try await store.setSetting("person_id", to: "p")
            let separateStart = store.statementCount
            _ = try await store.setting("person_id")
            _ = try await store.task(number: 2)
            let separate = store.statementCount - separateStart

            let together = store.statementCount
            let (person, second, prefixed) = try await store.reading { reader in
                (
                    try reader.setting("person_id"), try reader.task(number: 2),
                    try reader.tasks(idPrefix: String(stored[0].id.prefix(30)))
                )
            }
            #expect(person == "p")
            #expect(second == stored[1])
            #expect(prefixed == stored)
            #expect(store.statementCount - together < separate, "three reads in one transaction beat two apart")

            await #expect(throws: Refused()) {
                try await store.reading { _ in throw Refused() }
            }
        }
    }

    @Test("a summary set inside the write names the batch, before or after its first change")
    func summarySetInside() async throws {
        try await withStore { store in
            try await store.write(summary: "placeholder", at: day0) { writer in
                try writer.setSummary("added project \"Home\"")
                try writer.insert(project(1, "Home"))
            }
            try await store.write(summary: "placeholder", at: day0) { writer in
                try writer.insert(project(2, "Work"))
                try writer.setSummary("added project \"Work\"")
            }
            #expect(
                try await store.loggedBatches().map(\.summary) == ["added project \"Home\"", "added project \"Work\""])
            #expect(try await store.undoLastBatch(at: at(1)) == "added project \"Work\"")
        }
    }

    @Test("an import inside a write lands with the write's other changes, or not at all")
    func importInsideWrite() async throws {
        try await withStore { store in
            let work = project(1, "Work")
            let counts = try await store.write(summary: "import", at: day0) { writer in
                try writer.setSetting("person_id", to: "p")
                return try writer.importRecords(projects: [work], lists: [], tasks: [task(2, "t", project: work.id)])
            }
            #expect(counts == ImportCounts(inserted: 2))
            #expect(try await store.setting("person_id") == "p")

            // A task whose list exists nowhere fails when the transaction commits: the setting goes too.
            let orphan = task(3, "orphan", project: work.id, list: makeID(99))
            do {
                try await store.write(summary: "import", at: day0) { writer in
                    try writer.setSetting("other", to: "x")
                    _ = try writer.importRecords(projects: [], lists: [], tasks: [orphan])
                }
                Issue.record("a dangling list reference must fail the import")
            } catch let error as LocalStorageError {
                guard case .constraint = error else { throw error }
            }
            #expect(try await store.setting("other") == nil)
            #expect(try await store.task(id: orphan.id) == nil)
            #expect(try await store.loggedBatches().count == 1)
        }
    }
}
