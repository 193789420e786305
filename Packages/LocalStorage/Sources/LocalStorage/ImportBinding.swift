import Foundation
internal import GRDB
internal import GRDBSQLite

/// The INSERT of one table, run once per new row of a large import, with the row's values bound straight to
/// SQLite.
///
/// GRDB's way (`columnValues`, an array of existentials, turned into `StatementArguments`, another array,
/// checked, bound and cleared) cost a sixth of an import of a million entries, as much as the rest of the Swift
/// work together. The tables with that many rows (tasks, time entries) bind their columns here instead, in the
/// order of their `TableSpec` and with the values their `columnValues` gives (a test holds the two equal).
/// The statement is the import's own (not GRDB's cached one), runs inside the import's transaction, and a
/// failure comes back as the `DatabaseError` GRDB would have thrown.
struct RowInsert {
    private let statement: Statement
    private let connection: OpaquePointer?

    init(_ db: Database, sql: String) throws {
        statement = try db.makeStatement(sql: sql)
        connection = db.sqliteConnection
    }

    /// Binds the columns `bind` sets, then runs the statement.
    func run(_ bind: (inout ColumnBinder) -> Void) throws {
        let handle = statement.sqliteStatement
        sqlite3_reset(handle)
        var binder = ColumnBinder(handle: handle)
        bind(&binder)
        let code = sqlite3_step(handle)
        guard code == SQLITE_DONE else {
            let message = connection.map { String(cString: sqlite3_errmsg($0)) }
            sqlite3_reset(handle)
            throw DatabaseError(resultCode: ResultCode(rawValue: code), message: message, sql: statement.sql)
        }
    }
}

/// Binds consecutive parameters of a statement, from the first.
struct ColumnBinder {
    /// SQLite copies the text before the call returns (`SQLITE_TRANSIENT`).
    private static let transient = unsafeBitCast(OpaquePointer(bitPattern: -1), to: sqlite3_destructor_type.self)

    let handle: OpaquePointer
    private var index: Int32 = 1

    init(handle: OpaquePointer) {
        self.handle = handle
    }

    /// As GRDB binds text: as a C string, so a string holding NUL ends there in the database too.
    mutating func text(_ value: String) {
        _ = value.withCString { sqlite3_bind_text(handle, index, $0, -1, Self.transient) }
        index += 1
    }

    mutating func text(_ value: String?) {
        guard let value else { return null() }
        text(value)
    }

    mutating func integer(_ value: Int64) {
        sqlite3_bind_int64(handle, index, value)
        index += 1
    }

    mutating func integer(_ value: Int) {
        integer(Int64(value))
    }

    mutating func integer(_ value: Int?) {
        guard let value else { return null() }
        integer(Int64(value))
    }

    mutating func date(_ value: Date) {
        integer(value.storedMilliseconds)
    }

    mutating func date(_ value: Date?) {
        guard let value else { return null() }
        date(value)
    }

    mutating func null() {
        sqlite3_bind_null(handle, index)
        index += 1
    }
}

extension TimeEntryRecord {
    /// ``columnValues``, bound (same columns, same values).
    static func bindColumns(_ entry: TimeEntryRecord, _ binder: inout ColumnBinder) {
        let start = entry.start.storedMilliseconds
        binder.text(entry.id)
        binder.text(entry.taskID)
        binder.text(entry.projectID)
        binder.integer(start)
        binder.integer(start + Int64(entry.durationSeconds) * 1000)
        binder.integer(entry.durationSeconds)
        binder.text(entry.note)
        binder.integer(entry.billable ? 1 : 0)
        binder.text(TagsJSON.encode(entry.tags))
        binder.text(entry.loggedBy)
        binder.date(entry.createdAt)
        binder.date(entry.updatedAt)
        binder.date(entry.deletedAt)
        binder.integer(entry.version)
    }
}

extension TaskRecord {
    /// ``columnValues``, bound (same columns, same values).
    static func bindColumns(_ task: TaskRecord, _ binder: inout ColumnBinder) {
        binder.text(task.id)
        binder.integer(task.number)
        binder.text(task.projectID)
        binder.text(task.listID)
        binder.text(task.title)
        binder.text(task.note)
        binder.text(task.status)
        binder.integer(task.priority)
        binder.text(task.due)
        binder.text(TagsJSON.encode(task.tags))
        binder.integer(task.estimateSeconds)
        binder.date(task.completedAt)
        binder.text(task.assigneeID)
        binder.text(task.parentID)
        binder.text(TagsJSON.encode(task.prerequisiteIDs))
        binder.text(task.repeatRule)
        binder.text(task.repeatUntil)
        binder.text(task.seriesID)
        binder.text(task.seriesStart)
        binder.date(task.createdAt)
        binder.date(task.updatedAt)
        binder.date(task.deletedAt)
        binder.integer(task.version)
    }
}
