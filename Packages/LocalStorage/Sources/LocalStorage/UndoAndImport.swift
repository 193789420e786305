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
            let rows = projects.count + lists.count + tasks.count + timers.count + timeEntries.count
            if rows > Self.largeImport {
                // A large import writes its rows and their indexes in one transaction: with SQLite's default
                // 2 MiB page cache, rows written at random places of an index spill pages to the log and read
                // them back (40% of an import of 100,000 entries went to pwrite and pread before rows went in
                // in id order). As for a first sync: memory is only taken as pages are used, and the setting
                // lasts as long as this command's connection.
                try db.execute(sql: "PRAGMA cache_size = \(-Self.largeImportCacheKiB)")
            }
            try merge(projects, reporting: count)
            try merge(lists, reporting: count)
            try merge(tasks, binding: TaskRecord.bindColumns, reporting: count)
            let stopped = try stoppedTimers(timers, incomingEntries: timeEntries)
            for _ in stopped { count(.unchanged) }
            try merge(
                stopped.isEmpty ? timers : timers.filter { !stopped.contains($0.id.lowercased()) }, reporting: count)
            try merge(timeEntries, binding: TimeEntryRecord.bindColumns, reporting: count)
        }
        progress(handled)
        return counts
    }

    /// The ids of the live `timers` that were stopped since: a timer stops into an entry with its own id, so an
    /// entry of that id, here (even deleted since) or in the same import, means the timer is history. An older
    /// export brought such a timer back to life: its time then counted twice (the entry and the running timer),
    /// and stopping it failed on the entry's id (exit 6). They are left as stored, counted as unchanged.
    private func stoppedTimers(_ timers: [TimerRecord], incomingEntries: [TimeEntryRecord]) throws -> Set<String> {
        let live = timers.filter { $0.deletedAt == nil }.map { $0.id.lowercased() }
        guard !live.isEmpty else { return [] }
        var stopped = Set(incomingEntries.map { $0.id.lowercased() }).intersection(live)
        let rows = try String.fetchCursor(
            db.cachedStatement(sql: "SELECT id FROM time_entries WHERE id IN (SELECT value FROM json_each(?))"),
            arguments: [TagsJSON.encode(live)])
        while let id = try rows.next() { stopped.insert(id) }
        return stopped
    }

    /// Rows from which an import is large enough to need a bigger page cache.
    static let largeImport = 1_000
    /// The page cache of a large import, in KiB: 64 MiB, as a first sync. A larger one only made the commit
    /// longer (more pages left to write then): a million entries took 27 s with 64 MiB, 30 s with 1 GiB.
    static let largeImportCacheKiB = 65_536
    /// How many new rows are inserted before their changes are logged, in one statement.
    static let insertChunk = 2_000
    /// New rows from which a table's indexes are rebuilt rather than updated row by row (when the table does
    /// not already hold more rows than come in).
    static let rebuildIndexesFrom = 20_000

    /// Inserts the rows that are new here and overwrites stored rows (tombstones included) whose data
    /// differs; identical rows are skipped. The incoming records are the truth.
    ///
    /// Built for a million rows (issue 11): the stored rows are read in one pass, not one query per record.
    /// Changed rows are replaced and logged one by one, as any other change; rows new here are inserted in
    /// chunks, and each chunk's changes are logged by one statement that reads the rows just written (those
    /// after the table's last rowid before the chunk) instead of one statement per row. New rows go in in
    /// the order ``StoredRecord/goesIn(before:)`` gives (by id, so the id indexes of the table and of the change
    /// log grow at one end instead of at a random page each time; time entries by start), tasks in the file's,
    /// which their local numbers follow; the change log lists them in that order too.
    ///
    /// - Parameter binding: binds a record's columns for ``RowInsert``, for the tables large imports fill; nil:
    ///   GRDB binds `columnValues`.
    func merge<R: StoredRecord>(
        _ records: [R], binding: ((R, inout ColumnBinder) -> Void)? = nil, reporting report: (UpsertOutcome) -> Void
    ) throws {
        guard !records.isEmpty else { return }
        var stored: [String: R] = [:]
        try ColumnReader.forEachRow(of: db.cachedStatement(sql: R.sql.select)) { reader in
            let record = try R(columns: &reader)
            stored[record.id] = record
        }
        let storedCount = stored.count
        var fresh: [R] = []
        fresh.reserveCapacity(records.count)
        var freshIDs = Set<String>(minimumCapacity: records.count)
        for record in records {
            var record = record.normalized()
            if !stored.isEmpty, let current = stored[record.id] {
                try merge(record, into: current, stored: &stored, reporting: report)
                continue
            }
            guard freshIDs.insert(record.id).inserted else {
                // The same id twice in one import (the App refuses such files; the store stays correct anyway):
                // the rows waiting are written first, so the second one meets the first as stored.
                for row in try insert(fresh, rebuildingIndexes: false, binding: binding, reporting: report) {
                    stored[row.id] = row
                }
                fresh.removeAll()
                freshIDs = [record.id]
                if let current = stored[record.id] {
                    try merge(record, into: current, stored: &stored, reporting: report)
                }
                continue
            }
            record.version = max(1, record.version)
            fresh.append(record)
        }
        // Many rows into a table that holds fewer: its own indexes are built again once the rows are in
        // (one sort each) rather than updated at a random place per row (measured: 9 s of a million entries).
        let rebuild = fresh.count >= Self.rebuildIndexesFrom && fresh.count >= storedCount
        try insert(fresh, rebuildingIndexes: rebuild, binding: binding, reporting: report)
    }

    /// Replaces the stored row with the incoming one when their data differ.
    private func merge<R: StoredRecord>(
        _ record: R, into current: R, stored: inout [String: R], reporting report: (UpsertOutcome) -> Void
    ) throws {
        if record.hasSameContent(as: current) {
            report(.unchanged)
            return
        }
        guard let image = try String.fetchOne(db.cachedStatement(sql: R.sql.selectImage), arguments: [record.id])
        else {
            throw InternalError(message: "a stored row vanished during an import")
        }
        let deletes = current.deletedAt == nil && record.deletedAt != nil
        stored[record.id] = try replace(current, image: image, with: record, operation: deletes ? .delete : .update)
        report(.updated)
    }

    /// Inserts rows new here (normalized, with their version) and logs each chunk's changes in one statement;
    /// returns the rows as stored. With `rebuildingIndexes` the table's own indexes (not its primary key, which
    /// keeps ids unique as rows go in), and the change log's while it holds fewer rows than come in, are dropped
    /// first and created again, from the very SQL they were created with, at the end.
    @discardableResult
    private func insert<R: StoredRecord>(
        _ records: [R], rebuildingIndexes: Bool, binding: ((R, inout ColumnBinder) -> Void)?,
        reporting report: (UpsertOutcome) -> Void
    ) throws -> [R] {
        guard !records.isEmpty else { return [] }
        var indexes: [String] = []
        if rebuildingIndexes {
            // The change log's indexes too, while it holds fewer rows than come in (a first import): they lead
            // with the row's id, which rows going in by start (time entries) reach at random places.
            let logged = try Int.fetchOne(db, sql: "SELECT COALESCE(MAX(seq), 0) FROM changes") ?? 0
            let tables = logged < records.count ? [R.table.name, "changes"] : [R.table.name]
            for table in tables {
                let rows = try Row.fetchAll(
                    db,
                    sql:
                        "SELECT name, sql FROM sqlite_master WHERE type = 'index' AND tbl_name = ? AND sql IS NOT NULL",
                    arguments: [table])
                for row in rows {
                    let name: String = try row.decode(String.self, atIndex: 0)
                    indexes.append(try row.decode(String.self, atIndex: 1))
                    try db.execute(sql: "DROP INDEX \"\(name)\"")
                }
            }
        }
        var records = records
        // The order rows go in (an index array is sorted, the records themselves are large to move): the record
        // type's, mostly by id; tasks in the file's, which their local numbers follow.
        var order = Array(records.indices)
        if R.isNumbered {
            for index in records.indices { records[index].assignNumber(try nextTaskNumber()) }
        } else {
            order.sort { records[$0].goesIn(before: records[$1]) }
        }
        let spec = R.table
        let insert = binding == nil ? try db.cachedStatement(sql: R.sql.insert) : nil
        let rowInsert = try binding.map { _ in try RowInsert(db, sql: R.sql.insert) }
        let lastRow = try db.cachedStatement(sql: "SELECT COALESCE(MAX(rowid), 0) FROM \(spec.name)")
        let logChunk = try db.cachedStatement(
            sql: """
                INSERT INTO changes (batch_id, entity, entity_id, operation, before_json, after_json)
                SELECT ?, ?, t.id, 'insert', NULL, \(spec.jsonObject(alias: "t")) FROM \(spec.name) t
                WHERE t.rowid > ? ORDER BY t.rowid
                """)
        let batch = try log.currentBatchID()
        var start = 0
        while start < order.count {
            let end = min(start + Self.insertChunk, order.count)
            guard let before = try Int64.fetchOne(lastRow) else {
                throw InternalError(message: "the last row of \(spec.name) could not be read")
            }
            for index in order[start..<end] {
                if let binding, let rowInsert {
                    try rowInsert.run { binding(records[index], &$0) }
                } else if let insert {
                    insert.setUncheckedArguments(StatementArguments(records[index].columnValues))
                    try insert.execute()
                }
                report(.inserted)
            }
            try logChunk.execute(arguments: [batch, spec.entity, before])
            // Rowids grow by one from the largest, so the rows after `before` are exactly this chunk; a count
            // that differs would mean a change logged wrong, so the whole import rolls back instead.
            guard db.changesCount == end - start else {
                throw InternalError(message: "an import logged \(db.changesCount) changes for \(end - start) rows")
            }
            start = end
        }
        for index in indexes { try db.execute(sql: index) }
        return records
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
                let untouched = group.map { "\(current($0)) IS \(after($0))" }.joined(with: " AND ")
                return "CASE WHEN \(untouched) THEN \(before(column)) ELSE \(table).\(column) END"
            }
            return """
                CASE WHEN \(before(column)) IS \(after(column)) THEN \(table).\(column) \
                WHEN \(current(column)) IS \(after(column)) THEN \(before(column)) ELSE \(table).\(column) END
                """
        }.joined(with: ", ")
        let edge = { (function: String) in
            """
            (SELECT \(function)(seq) FROM changes WHERE batch_id = :batch AND entity = :entity \
            AND entity_id = \(table).id)
            """
        }
        try db.execute(
            sql: """
                UPDATE \(table) SET (\(columns.joined(with: ", "))) = (
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
