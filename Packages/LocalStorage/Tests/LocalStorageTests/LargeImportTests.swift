import Foundation
import Testing

@testable import LocalStorage

/// An import of many rows (issue 11) goes in by chunks, logs each chunk's changes in one statement, binds its
/// rows itself and rebuilds the indexes of a table it more than doubles: none of it may change what an import
/// stores, logs or undoes.
@Suite("Large imports")
struct LargeImportTests {
    private static let author = makeID(900_000)

    private func entry(
        _ number: Int, task: String? = nil, project: String? = nil, minutes: Int = 30, note: String = "",
        tags: [String] = [], billable: Bool = false, deletedAt: Date? = nil
    ) -> TimeEntryRecord {
        TimeEntryRecord(
            id: makeID(number), taskID: task, projectID: project, start: at(number % 50_000),
            durationSeconds: minutes * 60, note: note, billable: billable, tags: tags, loggedBy: Self.author,
            createdAt: at(number % 50_000), updatedAt: at(number % 50_000), deletedAt: deletedAt)
    }

    /// Entries in an order that is not their ids' order, on two tasks and a project.
    private func entries(_ count: Int, from first: Int = 100_000) -> [TimeEntryRecord] {
        (0..<count).map { index in
            let number = first + (index * 7_919) % count
            return index % 3 == 0
                ? entry(number, project: makeID(1), tags: ["deep"], billable: true)
                : entry(number, task: makeID(index % 2 == 0 ? 10 : 11), note: "n\(index)")
        }
    }

    private func seed(_ store: LocalStore) async throws {
        try await store.write(summary: "seed", at: day0) { writer in
            try writer.insert(project(1, "Work"))
            try writer.insert(task(10, "Essay", project: makeID(1)))
            try writer.insert(task(11, "Errand"))
        }
    }

    @Test("a table filled many times over gets its indexes back exactly, and every row is logged once, by start")
    func rebuildsIndexes() async throws {
        try await withStore { store in
            try await seed(store)
            let schema = try await store.schemaDefinitions()
            let incoming = entries(StoreWriter.rebuildIndexesFrom + 500)
            let counts = try await store.importRecords(
                projects: [], lists: [], tasks: [], timeEntries: incoming, summary: "import", at: at(60))
            #expect(counts == ImportCounts(inserted: incoming.count, updated: 0, unchanged: 0))
            #expect(try await store.schemaDefinitions() == schema)
            #expect(try await store.integrityCheck() == "ok")

            // The rebuilt indexes answer: by task, by project, by start.
            let onEssay = try await store.timeEntries(TimeEntryFilter(taskID: makeID(10)))
            #expect(onEssay.count == incoming.filter { $0.taskID == makeID(10) }.count)
            let onWork = try await store.timeEntries(TimeEntryFilter(projectID: makeID(1)))
            #expect(onWork.count == incoming.count - incoming.filter { $0.taskID == makeID(11) }.count)
            let early = try await store.timeEntries(TimeEntryFilter(from: at(0), to: at(10)))
            #expect(
                early.count == incoming.filter { $0.start < at(10) && $0.start.addingTimeInterval(1_800) > at(0) }.count
            )

            let batch = try #require(try await store.loggedBatches().last)
            #expect(batch.summary == "import")
            let byStart = incoming.sorted { ($0.start, $0.id) < ($1.start, $1.id) }.map(\.id)
            #expect(batch.changes.map(\.entityID) == byStart)
            #expect(try await store.read { db in try String.fetchAll(db, sql: Self.rowOrder) } == byStart)
            #expect(
                batch.changes.allSatisfy { $0.operation == "insert" && $0.entity == "time_entry" && $0.before == nil })
            #expect(batch.changes.allSatisfy { $0.after?.contains(#""logged_by":"\#(Self.author)""#) == true })
        }
    }

    /// The ids of the stored entries in the order they lie in the table.
    private static let rowOrder = "SELECT id FROM time_entries ORDER BY rowid"

    @Test("a small import writes its entries in start order too, ties by id, whatever order the file has")
    func entriesGoInByStart() async throws {
        try await withStore { store in
            try await seed(store)
            // The later the id, the earlier the start (by id this would be 1 to 7); 6 and 7 start together.
            let incoming = [3, 7, 1, 6, 5, 2, 4].map { number -> TimeEntryRecord in
                var record = entry(number, project: makeID(1))
                record.start = at(number >= 6 ? 0 : 100 - number)
                return record
            }
            _ = try await store.importRecords(
                projects: [], lists: [], tasks: [], timeEntries: incoming, summary: "import", at: at(200))
            let expected = [6, 7, 5, 4, 3, 2, 1].map(makeID)
            #expect(try await store.read { db in try String.fetchAll(db, sql: Self.rowOrder) } == expected)
            #expect(try await store.loggedBatches().last?.changes.map(\.entityID) == expected)
        }
    }

    @Test("undo of a large import takes every row out again and leaves the indexes whole")
    func undoLargeImport() async throws {
        try await withStore { store in
            try await seed(store)
            let schema = try await store.schemaDefinitions()
            _ = try await store.importRecords(
                projects: [], lists: [], tasks: [], timeEntries: entries(StoreWriter.rebuildIndexesFrom),
                summary: "import", at: at(60))
            #expect(try await store.undoLastBatch(at: at(61)) == "import")
            #expect(try await store.timeEntries().isEmpty)
            #expect(try await store.schemaDefinitions() == schema)
            #expect(try await store.integrityCheck() == "ok")
        }
    }

    @Test("a row that breaks a rule in the middle of a large import rolls all of it back, indexes included")
    func brokenRowRollsBack() async throws {
        try await withStore { store in
            try await seed(store)
            let schema = try await store.schemaDefinitions()
            let before = try await store.exportRecords()
            var impossible = entries(StoreWriter.rebuildIndexesFrom + 100)
            impossible[impossible.count / 2].durationSeconds = 0
            var dangling = entries(StoreWriter.rebuildIndexesFrom + 100)
            dangling[dangling.count / 2].taskID = makeID(777)
            for incoming in [impossible, dangling] {
                let error = await #expect(throws: LocalStorageError.self) {
                    _ = try await store.importRecords(
                        projects: [], lists: [], tasks: [], timeEntries: incoming, summary: "import", at: at(60))
                }
                #expect({ if case .constraint = error { true } else { false } }(), "\(String(describing: error))")
                #expect(try await store.exportRecords() == before)
                #expect(try await store.schemaDefinitions() == schema)
                #expect(try await store.loggedBatches().count == 1)
            }
            #expect(try await store.integrityCheck() == "ok")
        }
    }

    @Test("the same id twice in one import: the first is inserted, the second updates it")
    func sameIDTwice() async throws {
        try await withStore { store in
            try await seed(store)
            var renamed = task(20, "Second")
            renamed.title = "Second, renamed"
            var longer = entry(30, task: makeID(10))
            longer.durationSeconds = 3_600
            let counts = try await store.importRecords(
                projects: [], lists: [], tasks: [task(20, "Second"), renamed, task(21, "Third")],
                timeEntries: [entry(30, task: makeID(10)), entry(31, task: makeID(10)), longer],
                summary: "import", at: at(60))
            #expect(counts == ImportCounts(inserted: 4, updated: 2, unchanged: 0))
            #expect(try await store.task(id: makeID(20))?.title == "Second, renamed")
            #expect(try await store.tasks(TaskRecordFilter(sort: .number)).map(\.number) == [1, 2, 3, 4])
            #expect(
                try await store.timeEntries(TimeEntryFilter(taskID: makeID(10))).map(\.durationSeconds).sorted() == [
                    1_800, 3_600,
                ])
            let operations = try await store.loggedBatches().last?.changes.map(\.operation)
            #expect(operations?.sorted() == ["insert", "insert", "insert", "insert", "update", "update"])
        }
    }

    /// Tasks and entries are bound by the import itself, not by GRDB: every column must land as a single insert
    /// writes it, empty strings as '' and absent values as NULL.
    @Test("rows an import binds itself are stored exactly as one insert stores them")
    func boundLikeAnInsert() async throws {
        var full = task(
            20, "Full ✓", project: makeID(1), status: "done", priority: 3, due: "2026-12-01", tags: ["a", "b\"c"],
            note: "line\nnext")
        full.estimateSeconds = 5_400
        full.assigneeID = makeID(901)
        let bare = task(21, "")
        let tasks = [full, bare]
        let entries = [
            entry(30, task: makeID(20), note: "ünï \u{0}", tags: ["x"], billable: true),
            entry(31, project: makeID(1), minutes: 1),
            entry(32, task: makeID(21), deletedAt: at(99)),
        ]
        func images(_ store: LocalStore) async throws -> [String: String] {
            var images: [String: String] = [:]
            for change in try await store.loggedBatches().flatMap(\.changes) where change.entityID >= makeID(20) {
                images[change.entityID] = change.after
            }
            return images
        }
        try await withStore { imported in
            try await withStore { inserted in
                try await seed(imported)
                try await seed(inserted)
                _ = try await imported.importRecords(
                    projects: [], lists: [], tasks: tasks, timeEntries: entries, summary: "import", at: at(60))
                try await inserted.write(summary: "insert", at: at(60)) { writer in
                    for task in tasks { try writer.insert(task) }
                    for entry in entries { try writer.insert(entry) }
                }
                #expect(try await imported.exportRecords() == (try await inserted.exportRecords()))
                let importedImages = try await images(imported)
                #expect(importedImages.count == 5)
                #expect(importedImages == (try await images(inserted)))
            }
        }
    }
}
