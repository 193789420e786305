import Foundation
internal import GRDB

/// One change batch with its changes, as the log holds it. Internal: the future sync outbox and the
/// tests read the log through it.
struct LoggedBatch: Sendable, Equatable {
    struct Change: Sendable, Equatable {
        var entity: String
        var entityID: String
        var operation: String
        var before: String?
        var after: String?
    }

    var id: String
    var summary: String
    var createdAt: Date
    var undoOf: String?
    var undoneBy: String?
    var changes: [Change]
}

extension LocalStore {
    /// Every batch, oldest first, each with its changes in the order they were made.
    func loggedBatches() async throws(LocalStorageError) -> [LoggedBatch] {
        try await read { db in
            var batches: [LoggedBatch] = []
            let rows = try Row.fetchCursor(
                db, sql: "SELECT id, summary, created_at, undo_of, undone_by FROM change_batches ORDER BY seq")
            while let row = try rows.next() {
                batches.append(
                    LoggedBatch(
                        id: try row.decode(String.self, atIndex: 0), summary: try row.decode(String.self, atIndex: 1),
                        createdAt: Date(storedMilliseconds: try row.decode(Int64.self, atIndex: 2)),
                        undoOf: try row.decode(String?.self, atIndex: 3),
                        undoneBy: try row.decode(String?.self, atIndex: 4), changes: []))
            }
            for index in batches.indices {
                let changes = try Row.fetchCursor(
                    db,
                    sql: """
                        SELECT entity, entity_id, operation, before_json, after_json
                        FROM changes WHERE batch_id = ? ORDER BY seq
                        """, arguments: [batches[index].id])
                while let row = try changes.next() {
                    batches[index].changes.append(
                        LoggedBatch.Change(
                            entity: try row.decode(String.self, atIndex: 0),
                            entityID: try row.decode(String.self, atIndex: 1),
                            operation: try row.decode(String.self, atIndex: 2),
                            before: try row.decode(String?.self, atIndex: 3),
                            after: try row.decode(String?.self, atIndex: 4)))
                }
            }
            return batches
        }
    }

    /// SQLite's query plan for a ``timeTotals(_:groupedBy:)`` call, so tests can check index use.
    func timeTotalsPlan(_ filter: TimeEntryFilter, groupedBy grouping: TimeGrouping) async throws(LocalStorageError)
        -> String
    {
        try await read { db in try TimeQueries.totalsPlan(db, filter, grouping: grouping) }
    }

    /// Runs SQL directly, outside any change batch; lets tests play a newer Stint or another writer.
    func executeUnlogged(_ sql: String) async throws(LocalStorageError) {
        try await storeTransaction { db in try db.execute(sql: sql) }
    }

    /// The header's application id and user version: the stamp of a current file (``Schema/stamp``).
    func header() async throws(LocalStorageError) -> [Int] {
        try await read { db in
            let row = try Row.fetchOne(db, sql: "SELECT * FROM pragma_application_id, pragma_user_version")
            return [row?[0] ?? 0, row?[1] ?? 0]
        }
    }

    /// Creates a database file migrated only up to `migration`, as an older Stint left it, so tests
    /// can check that opening it with this build upgrades it without losing anything.
    static func createFile(at path: String, migratedUpTo migration: String, then sql: String) throws {
        let queue = try DatabaseQueue(path: path)
        try Schema.migrator.migrate(queue, upTo: migration)
        try queue.write { db in try db.execute(sql: sql) }
        try queue.close()
    }
}
