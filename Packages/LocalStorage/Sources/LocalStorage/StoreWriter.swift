import Foundation
internal import GRDB

/// The kinds of change the log records; the raw values are stored in `changes.operation`.
enum ChangeOperation: String {
    case insert, update, delete
}

/// The change batch of one transaction: created on the first change, so a transaction that changes
/// nothing leaves no trace in the log.
final class ChangeLog {
    let db: Database
    private(set) var summary: String
    let date: Date
    let undoOf: String?
    private(set) var batchID: String?

    init(db: Database, summary: String, date: Date, undoOf: String? = nil) {
        self.db = db
        self.summary = summary
        self.date = date
        self.undoOf = undoOf
    }

    func currentBatchID() throws -> String {
        if let batchID { return batchID }
        let id = UUID().uuidString.lowercased()
        try db.cachedStatement(
            sql: """
                INSERT INTO change_batches (id, seq, summary, created_at, undo_of)
                VALUES (?, (SELECT COALESCE(MAX(seq), 0) + 1 FROM change_batches), ?, ?, ?)
                """
        ).execute(arguments: [id, summary, date.storedMilliseconds, undoOf])
        batchID = id
        return id
    }

    /// Renames the batch: before its first change only the text changes; after it, the stored row too.
    func rename(to summary: String) throws {
        self.summary = summary
        guard let batchID else { return }
        try db.cachedStatement(sql: "UPDATE change_batches SET summary = ? WHERE id = ?")
            .execute(arguments: [summary, batchID])
    }

    /// Logs a change of the row `id`, whose after-image is read from the table as it is now.
    func record(_ sql: TableSQL, id: String, operation: ChangeOperation, before: String?) throws {
        let batch = try currentBatchID()
        let statement = try db.cachedStatement(sql: sql.logChange)
        statement.setUncheckedArguments([batch, sql.spec.entity, id, operation.rawValue, before, id])
        try statement.execute()
    }
}

/// The next task number of the current transaction, once known.
final class TaskNumberAllocator {
    var next: Int?
}

/// What an upsert did to one row.
enum UpsertOutcome {
    case inserted, updated, unchanged
}

/// The writing side of the store, handed to the body of ``LocalStore/write(summary:at:_:)``.
///
/// Valid only inside that body: it wraps the open transaction. Every insert, update and delete
/// bumps the row's version and appends a change (entity, id, operation, JSON images before and
/// after) to the batch of the transaction, so the row and its log land together or not at all.
/// Dates are stored to the millisecond and ids lowercased; each method returns the record as stored.
///
/// Methods throw ``LocalStorageError``: `notFound` when the row to change does not exist or is
/// deleted, `constraint` for a duplicate id (references are checked when the transaction commits).
public struct StoreWriter {
    let db: Database
    let log: ChangeLog
    private let numbers = TaskNumberAllocator()

    init(db: Database, log: ChangeLog) {
        self.db = db
        self.log = log
    }

    // MARK: Reads inside the transaction

    public func project(id: String) throws(LocalStorageError) -> ProjectRecord? {
        try reading { try Queries.one(ProjectRecord.self, db, id: id) }
    }

    public func taskList(id: String) throws(LocalStorageError) -> TaskListRecord? {
        try reading { try Queries.one(TaskListRecord.self, db, id: id) }
    }

    /// Lists of one project (or of all projects when nil), by name.
    public func taskLists(projectID: String?) throws(LocalStorageError) -> [TaskListRecord] {
        try reading { try Queries.taskLists(db, projectID: projectID) }
    }

    public func task(id: String) throws(LocalStorageError) -> TaskRecord? {
        try reading { try Queries.one(TaskRecord.self, db, id: id) }
    }

    public func task(number: Int) throws(LocalStorageError) -> TaskRecord? {
        try reading { try Queries.task(db, number: number) }
    }

    public func tasks(_ filter: TaskRecordFilter) throws(LocalStorageError) -> [TaskRecord] {
        try reading { try Queries.tasks(db, filter) }
    }

    /// Every live task's links to other tasks (only tasks that have one), read inside the transaction so a
    /// loop check cannot race another command's change.
    public func taskLinks() throws(LocalStorageError) -> [TaskLinks] {
        try reading { try Queries.taskLinks(db) }
    }

    /// Projects, archived included, whose name equals `name` ignoring case: a name check that the
    /// write it guards cannot race.
    public func projects(named name: String) throws(LocalStorageError) -> [ProjectRecord] {
        try reading { try Queries.projects(db, named: name) }
    }

    /// Lists whose name equals `name` ignoring case, in one project or in any when `projectID` is nil.
    public func taskLists(named name: String, projectID: String?) throws(LocalStorageError) -> [TaskListRecord] {
        try reading { try Queries.taskLists(db, named: name, projectID: projectID) }
    }

    // MARK: The batch

    /// Replaces the summary given to ``LocalStore/write(summary:at:_:)``, for a change whose
    /// description depends on what the transaction reads (the timer it chose, the task it found).
    /// Cheapest before the first change; after it the batch row is updated too.
    public func setSummary(_ summary: String) throws(LocalStorageError) {
        try writing { try log.rename(to: summary) }
    }

    // MARK: Projects

    @discardableResult
    public func insert(_ project: ProjectRecord) throws(LocalStorageError) -> ProjectRecord {
        try writing { try insertRecord(project) }
    }

    /// Replaces every field of the live project with this id (the tombstone stays as it is).
    @discardableResult
    public func update(_ project: ProjectRecord) throws(LocalStorageError) -> ProjectRecord {
        try writing { try updateRecord(project) }
    }

    /// Marks the project deleted (a tombstone kept for sync); its lists and tasks are left as they are.
    @discardableResult
    public func deleteProject(id: String, at date: Date) throws(LocalStorageError) -> ProjectRecord {
        try writing { try deleteRecord(ProjectRecord.self, id: id, at: date) }
    }

    // MARK: Task lists

    @discardableResult
    public func insert(_ list: TaskListRecord) throws(LocalStorageError) -> TaskListRecord {
        try writing { try insertRecord(list) }
    }

    @discardableResult
    public func update(_ list: TaskListRecord) throws(LocalStorageError) -> TaskListRecord {
        try writing { try updateRecord(list) }
    }

    /// Marks the list deleted; its tasks are left as they are.
    @discardableResult
    public func deleteTaskList(id: String, at date: Date) throws(LocalStorageError) -> TaskListRecord {
        try writing { try deleteRecord(TaskListRecord.self, id: id, at: date) }
    }

    // MARK: Tasks

    /// Inserts the task with the next unused number; returns it with that number.
    @discardableResult
    public func insert(_ task: TaskRecord) throws(LocalStorageError) -> TaskRecord {
        try writing { try insertRecord(task) }
    }

    /// Inserts the task, or brings back the deleted one with its id (keeping its number; logged as an update):
    /// how a task whose id is derived (a recurring task's next occurrence) is made again after an undo took it.
    /// - Throws: `constraint` when a live task has the id.
    @discardableResult
    public func insertOrRevive(_ task: TaskRecord) throws(LocalStorageError) -> TaskRecord {
        try writing { try insertOrReviveRecord(task) }
    }

    /// Replaces every field of the live task with this id except its number.
    @discardableResult
    public func update(_ task: TaskRecord) throws(LocalStorageError) -> TaskRecord {
        try writing { try updateRecord(task) }
    }

    @discardableResult
    public func deleteTask(id: String, at date: Date) throws(LocalStorageError) -> TaskRecord {
        try writing { try deleteRecord(TaskRecord.self, id: id, at: date) }
    }

    // MARK: Settings

    /// A configuration value (not part of the change log).
    public func setting(_ key: String) throws(LocalStorageError) -> String? {
        try reading { try Queries.setting(db, key: key) }
    }

    /// Stores a configuration value, or removes it when `value` is nil. Not part of the change log.
    public func setSetting(_ key: String, to value: String?) throws(LocalStorageError) {
        try writing { try Queries.setSetting(db, key: key, value: value) }
    }

    // MARK: Implementation

    func reading<T>(_ body: () throws -> T) throws(LocalStorageError) -> T {
        do { return try body() } catch { throw LocalStorageError.reading(error) }
    }

    func writing<T>(_ body: () throws -> T) throws(LocalStorageError) -> T {
        do { return try body() } catch { throw LocalStorageError.writing(error) }
    }

    func insertRecord<R: StoredRecord>(_ record: R, keepingVersion: Bool = false) throws -> R {
        var stored = record.normalized()
        stored.version = keepingVersion ? max(1, record.version) : 1
        if R.isNumbered {
            stored.assignNumber(try nextTaskNumber())
        }
        try execute(R.sql.insert, stored.columnValues)
        try log.record(R.sql, id: stored.id, operation: .insert, before: nil)
        return stored
    }

    func updateRecord<R: StoredRecord>(_ record: R) throws -> R {
        let (current, image) = try live(R.self, id: record.id)
        var replacement = record
        replacement.id = current.id
        replacement.deletedAt = nil
        if replacement.hasSameContent(as: current) { return current }
        return try replace(current, image: image, with: replacement, operation: .update)
    }

    func deleteRecord<R: StoredRecord>(_ type: R.Type, id: String, at date: Date) throws -> R {
        var (replacement, image) = try live(R.self, id: id)
        let current = replacement
        replacement.deletedAt = date
        replacement.updatedAt = date
        return try replace(current, image: image, with: replacement, operation: .delete)
    }

    /// Inserts the record, or replaces the tombstone with its id (logged as an update): how a record
    /// whose id is derived from another one (the entry a timer stop makes) comes back after an undo.
    func insertOrReviveRecord<R: StoredRecord>(_ record: R) throws -> R {
        let id = record.id.lowercased()
        guard let (current, image) = try Queries.storedWithImage(R.self, db, id: id) else {
            return try insertRecord(record)
        }
        guard current.deletedAt != nil else {
            throw LocalStorageError.constraint("a record with the same id already exists")
        }
        var replacement = record
        replacement.deletedAt = nil
        return try replace(current, image: image, with: replacement, operation: .update)
    }

    /// The live row with this id and its JSON image; `notFound` when missing or tombstoned.
    private func live<R: StoredRecord>(_ type: R.Type, id: String) throws -> (R, String) {
        let id = id.lowercased()
        guard let (current, image) = try Queries.storedWithImage(R.self, db, id: id), current.deletedAt == nil else {
            throw LocalStorageError.notFound(entity: R.table.entity.replacingOccurrences(of: "_", with: " "), id: id)
        }
        return (current, image)
    }

    func replace<R: StoredRecord>(
        _ current: R, image: String, with replacement: R, operation: ChangeOperation
    ) throws -> R {
        var stored = replacement.normalized()
        stored.adoptStoreFields(of: current)
        stored.version = current.version + 1
        var values = stored.columnValues
        values.append(stored.id)
        try execute(R.sql.update, values)
        try log.record(R.sql, id: stored.id, operation: operation, before: image)
        return stored
    }

    /// Runs one of the store's own statements, whose argument count is right by construction.
    private func execute(_ sql: String, _ values: [(any DatabaseValueConvertible)?]) throws {
        let statement = try db.cachedStatement(sql: sql)
        statement.setUncheckedArguments(.positional(values))
        try statement.execute()
    }

    func nextTaskNumber() throws -> Int {
        // Tombstones keep their number, so the maximum over all rows never hands out a used one. The
        // transaction holds the write lock, so the maximum is read once and then counted on.
        let number =
            try numbers.next ?? Int.fetchOne(db.cachedStatement(sql: "SELECT COALESCE(MAX(number), 0) + 1 FROM tasks"))
            ?? 1
        numbers.next = number + 1
        return number
    }
}

@available(*, unavailable, message: "a StoreWriter is only valid inside the transaction it was given to")
extension StoreWriter: Sendable {}
