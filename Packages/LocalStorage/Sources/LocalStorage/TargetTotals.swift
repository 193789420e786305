import Foundation
internal import GRDB
internal import GRDBSQLite

/// Totals per task or per project, added up in a hash table while SQLite walks the start index.
///
/// `GROUP BY task_id, project_id` made SQLite sort every entry of the window by two text ids before adding
/// anything: 210 M of the 542 M instructions of `report --year` on the bench data (45,000 entries in the
/// year), growing faster than the entries. Here each row read is added to its group as it comes, keyed by the
/// id's bytes (no `String` per row), and only the groups (a few thousand) meet `tasks` to learn their
/// project. The sums are the SQL's: milliseconds inside the window per group, turned into whole seconds once
/// at the end, and the groups come back in the SQL's order (key, then project; a missing one first).
enum TargetTotals {
    private struct Sums {
        var milliseconds: Int64 = 0
        var billableMilliseconds: Int64 = 0
        var entries = 0

        mutating func add(_ other: Sums) throws {
            milliseconds = try TargetTotals.adding(milliseconds, other.milliseconds)
            billableMilliseconds = try TargetTotals.adding(billableMilliseconds, other.billableMilliseconds)
            entries += other.entries
        }
    }

    /// The plan of the statement that reads the entries (for tests of index use).
    static func scanSQL(condition: String) -> String {
        """
        SELECT e.task_id, e.project_id, e.start_at, e.end_at, e.billable
        FROM time_entries e WHERE e.deleted_at IS NULL AND \(condition)
        """
    }

    static func totals(
        _ db: Database, byTask: Bool, condition: String, arguments: [(any DatabaseValueConvertible)?],
        from: Int64, to: Int64
    ) throws -> [TimeTotal] {
        var tasks: [IDKey: Sums] = [:]
        var projects: [IDKey: Sums] = [:]
        var longIDs = LongIDs()
        try scan(db, sql: scanSQL(condition: condition), arguments: arguments, from: from, to: to) { handle, row in
            // Exactly one of the two is set (a CHECK of the table).
            let isTask = sqlite3_column_type(handle, 0) != SQLITE_NULL
            let key = IDKey(handle, column: isTask ? 0 : 1, longIDs: &longIDs)
            if isTask {
                try tasks[key, default: Sums()].add(row)
            } else {
                try projects[key, default: Sums()].add(row)
            }
        }
        let projectOf = try TaskColumnLookup(db, sql: projectOfTaskSQL)
        var groups: [(key: String?, project: String?, sums: Sums)] = []
        if byTask {
            for (task, sums) in tasks {
                let id = task.text(longIDs)
                groups.append((id, try projectOf(id), sums))
            }
            for (project, sums) in projects { groups.append((nil, project.text(longIDs), sums)) }
        } else {
            var merged: [String?: Sums] = [:]
            for (task, sums) in tasks { try merged[try projectOf(task.text(longIDs)), default: Sums()].add(sums) }
            for (project, sums) in projects { try merged[project.text(longIDs), default: Sums()].add(sums) }
            groups = merged.map { ($0.key, nil, $0.value) }
        }
        groups.sort { left, right in
            if left.key != right.key { return precedes(left.key, right.key) }
            return precedes(left.project, right.project)
        }
        return groups.map { group in
            TimeTotal(
                key: group.key, projectID: group.project, seconds: Int(group.sums.milliseconds / 1000),
                billableSeconds: Int(group.sums.billableMilliseconds / 1000), entries: group.sums.entries)
        }
    }

    /// A task's project, read from `tasks_project_by_id` alone (migration v11). Named, because SQLite's planner
    /// prefers the key's unique index for `id = ?` and then reads the task's row: two pages a task instead of one,
    /// and a week's report looks up one or two hundred tasks.
    static let projectOfTaskSQL = "SELECT project_id FROM tasks INDEXED BY tasks_project_by_id WHERE id = ?"

    /// The tag grouping's scan: a task's id, the entry's own tags, the window and billable.
    static func tagScanSQL(condition: String) -> String {
        """
        SELECT e.task_id, e.tags, e.start_at, e.end_at, e.billable
        FROM time_entries e WHERE e.deleted_at IS NULL AND \(condition)
        """
    }

    /// Totals per tag, as the SQL said them: an entry counts under each of its tags, an entry without tags under its
    /// task's tags, and time with no tag at all under a missing key (first). Entries are added up per (task, tags)
    /// while read, and only those groups have their tags parsed (and their task's looked up).
    static func tagTotals(
        _ db: Database, condition: String, arguments: [(any DatabaseValueConvertible)?], from: Int64, to: Int64
    ) throws -> [TimeTotal] {
        // Most entries carry no tags of their own: those are keyed by their task alone, without making a string.
        var untagged: [IDKey: Sums] = [:]
        var tagged: [TaggedKey: Sums] = [:]
        var longIDs = LongIDs()
        try scan(db, sql: tagScanSQL(condition: condition), arguments: arguments, from: from, to: to) { handle, row in
            let task = IDKey(handle, column: 0, longIDs: &longIDs)
            let tags = sqlite3_column_text(handle, 1)
            let length = Int(sqlite3_column_bytes(handle, 1))
            if let tags, length == 2, tags[0] == UInt8(ascii: "["), tags[1] == UInt8(ascii: "]") {
                try untagged[task, default: Sums()].add(row)
            } else {
                let text = tags.map { String(decoding: UnsafeBufferPointer(start: $0, count: length), as: UTF8.self) }
                try tagged[TaggedKey(task: task, tags: text ?? "[]"), default: Sums()].add(row)
            }
        }
        let tagsOf = try TaskColumnLookup(db, sql: "SELECT tags FROM tasks WHERE id = ?")
        var totals: [String?: Sums] = [:]
        func add(_ sums: Sums, under tagsJSON: String) throws {
            let tags = try TagsJSON.decode(tagsJSON)
            if tags.isEmpty { try totals[nil, default: Sums()].add(sums) }
            for tag in tags { try totals[tag, default: Sums()].add(sums) }
        }
        for (task, sums) in untagged {
            try add(sums, under: task.isMissing ? "[]" : try tagsOf(task.text(longIDs)) ?? "[]")
        }
        for (key, sums) in tagged {
            if key.tags == "[]" {
                try add(sums, under: key.task.isMissing ? "[]" : try tagsOf(key.task.text(longIDs)) ?? "[]")
            } else {
                try add(sums, under: key.tags)
            }
        }
        return totals.sorted { precedes($0.key, $1.key) }.map { tag, sums in
            TimeTotal(
                key: tag, projectID: nil, seconds: Int(sums.milliseconds / 1000),
                billableSeconds: Int(sums.billableMilliseconds / 1000), entries: sums.entries)
        }
    }

    private struct TaggedKey: Hashable {
        var task: IDKey
        var tags: String
    }

    /// Steps through a scan whose columns 2, 3 and 4 are `start_at`, `end_at` and `billable`, handing each row's
    /// time inside the window to `add` with the statement, for the row's other columns.
    private static func scan(
        _ db: Database, sql: String, arguments: [(any DatabaseValueConvertible)?], from: Int64, to: Int64,
        _ add: (OpaquePointer, Sums) throws -> Void
    ) throws {
        let statement = try db.makeStatement(sql: sql)
        try statement.setArguments(.positional(arguments))
        let handle = statement.sqliteStatement
        while true {
            let code = sqlite3_step(handle)
            if code == SQLITE_DONE { return }
            guard code == SQLITE_ROW else { throw failure(db, code: code, sql: statement.sql) }
            // The part inside the window, as `MIN(end_at, to) - MAX(start_at, from)` said in SQL (cheaper here:
            // two SQL function calls per row were a sixth of the scan).
            let (inside, overflow) = min(sqlite3_column_int64(handle, 3), to).subtractingReportingOverflow(
                max(sqlite3_column_int64(handle, 2), from))
            if overflow { throw overflowError }
            let billable = sqlite3_column_int64(handle, 4) != 0
            try add(handle, Sums(milliseconds: inside, billableMilliseconds: billable ? inside : 0, entries: 1))
        }
    }

    /// SQLite's order of text: a missing value first, then byte by byte.
    private static func precedes(_ left: String?, _ right: String?) -> Bool {
        guard let right else { return false }
        guard let left else { return true }
        return left.utf8.lexicographicallyPrecedes(right.utf8)
    }

    /// SQLite's `SUM` refuses to overflow instead of wrapping; so does this.
    fileprivate static func adding(_ left: Int64, _ right: Int64) throws -> Int64 {
        let (sum, overflow) = left.addingReportingOverflow(right)
        guard !overflow else { throw overflowError }
        return sum
    }

    private static var overflowError: DatabaseError {
        DatabaseError(resultCode: .SQLITE_ERROR, message: "integer overflow")
    }

    fileprivate static func failure(_ db: Database, code: Int32, sql: String) -> DatabaseError {
        let message = db.sqliteConnection.map { String(cString: sqlite3_errmsg($0)) }
        return DatabaseError(resultCode: ResultCode(rawValue: code), message: message, sql: sql)
    }
}

/// One text column of a task by its id, as the report's `LEFT JOIN tasks` read it: `nil` when the column is NULL or
/// the database has no such task; deleted tasks keep their values.
private struct TaskColumnLookup {
    private let statement: Statement
    private let db: Database

    /// `sql` selects the one column with the id as its only parameter.
    init(_ db: Database, sql: String) throws {
        self.db = db
        statement = try db.makeStatement(sql: sql)
    }

    func callAsFunction(_ taskID: String) throws -> String? {
        let handle = statement.sqliteStatement
        sqlite3_reset(handle)
        var binder = ColumnBinder(handle: handle)
        binder.text(taskID)
        let code = sqlite3_step(handle)
        if code == SQLITE_DONE { return nil }
        guard code == SQLITE_ROW else { throw TargetTotals.failure(db, code: code, sql: statement.sql) }
        guard sqlite3_column_type(handle, 0) != SQLITE_NULL, let text = sqlite3_column_text(handle, 0) else {
            return nil
        }
        return String(cString: text)
    }
}

/// A stored id as a hash key, made from the column's bytes without a `String` per row: the ids are 36 ASCII
/// bytes, which fit in five words; anything longer (never written by Stint) is kept in ``LongIDs`` and the key holds
/// its place there. The key holds no reference, so the dictionaries copy it as plain bytes: with an optional
/// `String` in it every probe of a year's totals copied and released the key through an outlined copy (ADR 0028
/// decision 31).
private struct IDKey: Hashable {
    // (A tuple keeps the five words inline; `==` and `hash(into:)` are written out since tuples are not Hashable.)
    private var words: (UInt64, UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0, 0)
    /// The id's length in bytes; -1 for a long one, whose place in ``LongIDs`` is the first word.
    private var count: Int
    /// The column was NULL (time on a project, not a task).
    private(set) var isMissing = false

    init(_ handle: OpaquePointer, column: Int32, longIDs: inout LongIDs) {
        let bytes = sqlite3_column_text(handle, column)
        count = Int(sqlite3_column_bytes(handle, column))
        guard let bytes else {
            isMissing = true
            return
        }
        if count > 40 {
            words.0 = UInt64(
                longIDs.place(of: String(decoding: UnsafeBufferPointer(start: bytes, count: count), as: UTF8.self)))
            count = -1
            return
        }
        withUnsafeMutableBytes(of: &words) { raw in
            raw.copyMemory(from: UnsafeRawBufferPointer(start: bytes, count: count))
        }
    }

    /// The id as text; `longIDs` is where the key's scan kept its long ids.
    func text(_ longIDs: LongIDs) -> String {
        if count < 0 { return longIDs.texts[Int(words.0)] }
        return withUnsafeBytes(of: words) { raw in String(decoding: raw.prefix(count), as: UTF8.self) }
    }

    static func == (left: IDKey, right: IDKey) -> Bool {
        left.count == right.count && left.isMissing == right.isMissing
            && left.words.0 == right.words.0
            && left.words.1 == right.words.1 && left.words.2 == right.words.2 && left.words.3 == right.words.3
            && left.words.4 == right.words.4
    }

    /// One word into the hasher instead of six: the ids' hex digits are as good as random, and a hash is
    /// taken per row read.
    func hash(into hasher: inout Hasher) {
        hasher.combine(
            words.0 ^ words.1.rotated(8) ^ words.2.rotated(16) ^ words.3.rotated(24) ^ words.4.rotated(32)
                ^ UInt64(bitPattern: Int64(count)))
    }
}

/// The ids longer than an ``IDKey`` holds, each kept once, so equal ids get the same place.
private struct LongIDs {
    private(set) var texts: [String] = []
    private var places: [String: Int] = [:]

    mutating func place(of text: String) -> Int {
        if let place = places[text] { return place }
        places[text] = texts.count
        texts.append(text)
        return texts.count - 1
    }
}

extension UInt64 {
    fileprivate func rotated(_ bits: UInt64) -> UInt64 {
        (self << bits) | (self >> (64 - bits))
    }
}
