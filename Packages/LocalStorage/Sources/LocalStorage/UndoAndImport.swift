import Foundation
internal import GRDB

extension LocalStore {
    /// Reverts the newest change batch that is neither an undo nor already undone, and returns its
    /// summary; nil when there is nothing to undo.
    ///
    /// Each row the batch touched gets back its state from before the batch (a row the batch
    /// inserted becomes a tombstone). The undo is itself recorded as a batch, so a later sync sees
    /// it, and the original batch is marked undone; calling again reverts the batch before it.
    public func undoLastBatch(at date: Date) async throws(LocalStorageError) -> String? {
        let summary = try await storeTransaction { db in try Undo.revertLatestBatch(db, at: date) }
        if summary != nil { batches.increment() }
        return summary
    }

    /// Writes projects, lists, tasks, timers and time entries (e.g. from an export) in one
    /// transaction and one batch.
    ///
    /// Rows are matched by id. A row new here is inserted (a task gets the next local number); a row
    /// whose data differs from the stored one (version and number aside) replaces it; an identical
    /// row is skipped and logged nowhere, so importing the same data twice changes nothing and
    /// records no batch the second time. References are checked when the transaction commits.
    ///
    /// - Parameter progress: Called on a database thread with the number of rows handled so far,
    ///   about every 100 rows and once at the end.
    public func importRecords(
        projects: [ProjectRecord], lists: [TaskListRecord], tasks: [TaskRecord], timers: [TimerRecord] = [],
        timeEntries: [TimeEntryRecord] = [], summary: String, at date: Date,
        progress: @Sendable (Int) -> Void = { _ in }
    ) async throws(LocalStorageError) -> ImportCounts {
        let (counts, logged) = try await storeTransaction { db in
            let writer = StoreWriter(db: db, log: ChangeLog(db: db, summary: summary, date: date))
            let counts = try writer.importRecords(
                projects: projects, lists: lists, tasks: tasks, timers: timers, timeEntries: timeEntries,
                progress: progress)
            return (counts, writer.log.batchID != nil)
        }
        if logged { batches.increment() }
        return counts
    }
}

extension StoreWriter {
    /// ``LocalStore/importRecords(projects:lists:tasks:timers:timeEntries:summary:at:progress:)`` inside a
    /// write the caller opened, so an import can change other things (a setting, say) in the same
    /// transaction: all of it lands, or none.
    public func importRecords(
        projects: [ProjectRecord], lists: [TaskListRecord], tasks: [TaskRecord], timers: [TimerRecord] = [],
        timeEntries: [TimeEntryRecord] = [], progress: (Int) -> Void = { _ in }
    ) throws(LocalStorageError) -> ImportCounts {
        var counts = ImportCounts()
        var handled = 0
        func count(_ outcome: UpsertOutcome) {
            switch outcome {
            case .inserted: counts.inserted += 1
            case .updated: counts.updated += 1
            case .unchanged: counts.unchanged += 1
            }
            handled += 1
            if handled % 100 == 0 { progress(handled) }
        }
        try writing {
            try upsert(projects, reporting: count)
            try upsert(lists, reporting: count)
            try upsert(tasks, reporting: count)
            try upsert(timers, reporting: count)
            try upsert(timeEntries, reporting: count)
        }
        progress(handled)
        return counts
    }
}

/// Set-based undo: a handful of statements per table whatever the size of the batch, so undoing an
/// import of thousands of tasks stays fast.
enum Undo {
    static func revertLatestBatch(_ db: Database, at date: Date) throws -> String? {
        let latest = try Row.fetchOne(
            db,
            sql: """
                SELECT id, summary FROM change_batches
                WHERE undo_of IS NULL AND undone_by IS NULL ORDER BY seq DESC LIMIT 1
                """)
        guard let latest else { return nil }
        let target = try latest.decode(String.self, atIndex: 0)
        let summary = try latest.decode(String.self, atIndex: 1)
        let log = ChangeLog(db: db, summary: "undo: \(summary)", date: date, undoOf: target)
        let undoBatch = try log.currentBatchID()
        for spec in TableSpec.all {
            try revert(spec, batch: target, undoBatch: undoBatch, at: date, db)
        }
        try db.execute(
            sql: "UPDATE change_batches SET undone_by = ? WHERE id = ?", arguments: [undoBatch, target])
        return summary
    }

    private static func revert(
        _ spec: TableSpec, batch: String, undoBatch: String, at date: Date, _ db: Database
    ) throws {
        let arguments: StatementArguments = [
            "batch": batch, "undo": undoBatch, "entity": spec.entity, "at": date.storedMilliseconds,
        ]
        let touched = "SELECT entity_id FROM changes WHERE batch_id = :batch AND entity = :entity"
        let inserted = touched + " AND operation = 'insert'"
        let table = spec.name

        // Before-images of the undo, taken from the rows as they are now.
        try db.execute(
            sql: """
                INSERT INTO changes (batch_id, entity, entity_id, operation, before_json)
                SELECT :undo, :entity, t.id,
                       CASE WHEN t.id IN (\(inserted)) THEN 'delete' ELSE 'update' END,
                       \(spec.jsonObject(alias: "t"))
                FROM \(table) t WHERE t.id IN (\(touched)) ORDER BY t.id
                """, arguments: arguments)

        // Rows the batch created become tombstones.
        try db.execute(
            sql: """
                UPDATE \(table) SET deleted_at = :at, updated_at = :at, version = version + 1
                WHERE id IN (\(inserted))
                """, arguments: arguments)

        // Other rows get back, column by column, the value from before the batch — but only where the batch
        // changed the column and the row still holds what the batch left there. A column changed since (a
        // teammate's edit that a pull brought, say) keeps its newer value: undo reverts this device's change,
        // never someone else's, and the undo's own mutation then carries only what it really restored.
        // Columns that only make sense together (a timer's state and intervals) go back as a group, and only
        // when the row still holds the whole group as the batch left it: restoring a timer's "running" over
        // intervals the server has closed since would leave a record no server accepts (ADR 0022).
        let columns = spec.restorableColumns
        let before = { (column: String) in "json_extract(f.before_json, '$.\(column)')" }
        let after = { (column: String) in "json_extract(l.after_json, '$.\(column)')" }
        let current = { (column: String) in
            spec.jsonColumns.contains(column) ? "json(\(table).\(column))" : "\(table).\(column)"
        }
        let restored = columns.map { column -> String in
            if let group = spec.restoredTogether.first(where: { $0.contains(column) }) {
                let untouched = group.map { "\(current($0)) IS \(after($0))" }.joined(separator: " AND ")
                return "CASE WHEN \(untouched) THEN \(before(column)) ELSE \(table).\(column) END"
            }
            return """
                CASE WHEN \(before(column)) IS \(after(column)) THEN \(table).\(column) \
                WHEN \(current(column)) IS \(after(column)) THEN \(before(column)) ELSE \(table).\(column) END
                """
        }.joined(separator: ", ")
        let edge = { (function: String) in
            """
            (SELECT \(function)(seq) FROM changes WHERE batch_id = :batch AND entity = :entity \
            AND entity_id = \(table).id)
            """
        }
        try db.execute(
            sql: """
                UPDATE \(table) SET (\(columns.joined(separator: ", "))) = (
                    SELECT \(restored) FROM changes f, changes l
                    WHERE f.seq = \(edge("MIN")) AND l.seq = \(edge("MAX"))
                ), updated_at = :at, version = version + 1
                WHERE id IN (\(touched)) AND id NOT IN (\(inserted))
                """, arguments: arguments)

        try db.execute(
            sql: """
                UPDATE changes SET after_json = (
                    SELECT \(spec.jsonObject(alias: "t")) FROM \(table) t WHERE t.id = changes.entity_id)
                WHERE batch_id = :undo AND entity = :entity
                """, arguments: arguments)
    }
}
