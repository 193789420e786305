import Foundation
internal import GRDB

/// Reads of timers and time entries, shared by ``LocalStore`` and ``StoreWriter``.
///
/// Reports never load entries: they add up durations in SQL. An entry overlaps a window
/// `[from, to)` when it starts before `to` and ends after `from`; to let the start index bound the
/// scan from below too, the query also asks for `start >= from - longest duration` (the longest
/// duration is one lookup in its own index), so a day's total reads about a day's entries.
enum TimeQueries {
    /// Bounds used for an open window; far outside any real date but safe from overflow.
    private static let earliest: Int64 = -9_000_000_000_000_000
    private static let latest: Int64 = 9_000_000_000_000_000
    private static let longest = "(SELECT COALESCE(MAX(duration_seconds), 0) * 1000 FROM time_entries)"

    static func timers(_ db: Database, ownerID: String? = nil) throws -> [TimerRecord] {
        var condition = "1"
        var arguments: [(any DatabaseValueConvertible)?] = []
        if let ownerID {
            condition = "owner_id = ?"
            arguments.append(ownerID.lowercased())
        }
        return try Queries.fetch(
            TimerRecord.self, db, where: condition, arguments: arguments,
            orderBy: "state = 'running' DESC, updated_at DESC, id")
    }

    static func timers(_ db: Database, taskID: String? = nil, projectID: String? = nil) throws -> [TimerRecord] {
        if let taskID {
            return try Queries.fetch(TimerRecord.self, db, where: "task_id = ?", arguments: [taskID.lowercased()])
        }
        return try Queries.fetch(
            TimerRecord.self, db, where: "project_id = ?", arguments: [projectID?.lowercased()])
    }

    static func entries(_ db: Database, _ filter: TimeEntryFilter) throws -> [TimeEntryRecord] {
        let (condition, arguments) = conditions(of: filter, entries: "time_entries")
        let direction = filter.newestFirst ? "DESC" : "ASC"
        // With a limit, which of several entries that start together make the cut must not depend on the plan.
        guard filter.limit == nil else {
            return try Queries.fetch(
                TimeEntryRecord.self, db, where: condition, arguments: arguments,
                orderBy: "start_at \(direction), id \(direction)", limit: filter.limit)
        }
        // The indexes give the start order; ties by id are put right here, not by SQLite, which otherwise passed
        // every row of a week through a temporary b-tree to order ties it almost never has (~2,500 instructions an
        // entry).
        var records = try Queries.fetch(
            TimeEntryRecord.self, db, where: condition, arguments: arguments, orderBy: "start_at \(direction)")
        orderTies(&records, newestFirst: filter.newestFirst)
        return records
    }

    /// Sorts each run of records that start at the same instant by id (descending for `newestFirst`), in place.
    static func orderTies(_ records: inout [TimeEntryRecord], newestFirst: Bool) {
        var start = 0
        while start < records.count {
            var end = start + 1
            while end < records.count, records[end].start == records[start].start { end += 1 }
            if end - start > 1 {
                records[start..<end].sort { newestFirst ? $0.id > $1.id : $0.id < $1.id }
            }
            start = end
        }
    }

    /// Time entries of one task or one project (not of the project's tasks), for cascading deletes.
    static func entries(_ db: Database, taskID: String? = nil, projectID: String? = nil) throws -> [TimeEntryRecord] {
        if let taskID {
            return try Queries.fetch(
                TimeEntryRecord.self, db, where: "task_id = ?", arguments: [taskID.lowercased()])
        }
        return try Queries.fetch(
            TimeEntryRecord.self, db, where: "project_id = ?", arguments: [projectID?.lowercased()])
    }

    static func totals(_ db: Database, _ filter: TimeEntryFilter, grouping: TimeGrouping) throws -> [TimeTotal] {
        if grouping == .project || grouping == .task || grouping == .tag {
            let (condition, arguments) = conditions(of: filter, entries: "e")
            let (from, to) = (filter.from?.storedMilliseconds ?? earliest, filter.to?.storedMilliseconds ?? latest)
            if grouping == .tag {
                return try TargetTotals.tagTotals(db, condition: condition, arguments: arguments, from: from, to: to)
            }
            return try TargetTotals.totals(
                db, byTask: grouping == .task, condition: condition, arguments: arguments, from: from, to: to)
        }
        let (sql, arguments) = totalsQuery(filter, grouping: grouping)
        return try collect(db, sql: sql, arguments: arguments)
    }

    /// SQLite's plan for ``totals(_:_:grouping:)``, one line per step (for tests of index use).
    static func totalsPlan(_ db: Database, _ filter: TimeEntryFilter, grouping: TimeGrouping) throws -> String {
        var (sql, arguments) = totalsQuery(filter, grouping: grouping)
        if grouping == .project || grouping == .task || grouping == .tag {
            let (condition, scanArguments) = conditions(of: filter, entries: "e")
            sql =
                grouping == .tag
                ? TargetTotals.tagScanSQL(condition: condition) : TargetTotals.scanSQL(condition: condition)
            arguments = scanArguments
        }
        let rows = try Row.fetchAll(
            db.makeStatement(sql: "EXPLAIN QUERY PLAN " + sql), arguments: .positional(arguments))
        return rows.map { row in (try? row.decode(String.self, atIndex: 3)) ?? "" }.joined(separator: "\n")
    }

    /// The one total and the totals per period, summed by SQLite (per project, task and tag, see
    /// ``TargetTotals``).
    private static func totalsQuery(
        _ filter: TimeEntryFilter, grouping: TimeGrouping
    ) -> (String, [(any DatabaseValueConvertible)?]) {
        if case .periods(let boundaries) = grouping {
            return periodQuery(filter, boundaries: boundaries)
        }
        let from = filter.from?.storedMilliseconds ?? earliest
        let to = filter.to?.storedMilliseconds ?? latest
        let (condition, arguments) = conditions(of: filter, entries: "e")
        let inside = "MIN(e.end_at, \(to)) - MAX(e.start_at, \(from))"
        let sums = "SUM(\(inside)), COALESCE(SUM(CASE WHEN e.billable THEN \(inside) END), 0), COUNT(*)"
        let live = "e.deleted_at IS NULL AND \(condition)"
        // Only the one total comes here (see `totals`).
        return ("SELECT NULL, NULL, \(sums) FROM time_entries e WHERE \(live) HAVING COUNT(*) > 0", arguments)
    }

    /// Totals per period, splitting entries at the boundaries; one indexed range scan per period.
    private static func periodQuery(
        _ filter: TimeEntryFilter, boundaries: [Date]
    ) -> (String, [(any DatabaseValueConvertible)?]) {
        var window = filter
        window.from = nil
        window.to = nil
        let (condition, arguments) = conditions(of: window, entries: "e")
        let bounds = "[" + boundaries.map { String($0.storedMilliseconds) }.joined(with: ",") + "]"
        let inside = "MIN(e.end_at, b.hi) - MAX(e.start_at, b.lo)"
        // CROSS JOIN keeps the periods as the outer loop, so each period probes the start index.
        let sql = """
            WITH b(idx, lo, hi) AS (
                SELECT CAST(key AS INTEGER), value, lead(value) OVER (ORDER BY CAST(key AS INTEGER))
                FROM json_each(?)
            )
            SELECT CAST(b.idx AS TEXT), NULL, SUM(\(inside)),
                   COALESCE(SUM(CASE WHEN e.billable THEN \(inside) END), 0), COUNT(*)
            FROM b CROSS JOIN time_entries e
            WHERE b.hi IS NOT NULL AND e.start_at < b.hi AND e.end_at > b.lo
              AND e.start_at >= b.lo - \(longest) AND e.deleted_at IS NULL AND \(condition)
            GROUP BY b.idx ORDER BY b.idx
            """
        return (sql, [bounds] + arguments)
    }

    private static func collect(
        _ db: Database, sql: String, arguments: [(any DatabaseValueConvertible)?]
    ) throws -> [TimeTotal] {
        var totals: [TimeTotal] = []
        let rows = try Row.fetchCursor(db.makeStatement(sql: sql), arguments: .positional(arguments))
        while let row = try rows.next() {
            totals.append(
                TimeTotal(
                    key: try row.decode(String?.self, atIndex: 0), projectID: try row.decode(String?.self, atIndex: 1),
                    seconds: Int(try row.decode(Int64.self, atIndex: 2) / 1000),
                    billableSeconds: Int(try row.decode(Int64.self, atIndex: 3) / 1000),
                    entries: try row.decode(Int.self, atIndex: 4)))
        }
        return totals
    }

    /// The WHERE conditions of a filter over the entries table aliased `e`. A project selects the time
    /// logged on it and on its tasks; the tasks' ids are collected once by SQLite for the whole query.
    private static func conditions(
        of filter: TimeEntryFilter, entries e: String
    ) -> (String, [(any DatabaseValueConvertible)?]) {
        var conditions: [String] = []
        var arguments: [(any DatabaseValueConvertible)?] = []
        if filter.from != nil || filter.to != nil {
            let from = filter.from?.storedMilliseconds ?? earliest
            let to = filter.to?.storedMilliseconds ?? latest
            conditions.append("\(e).start_at < ? AND \(e).end_at > ? AND \(e).start_at >= ? - \(longest)")
            arguments += [to, from, from]
        }
        if let projectID = filter.projectID?.lowercased() {
            conditions.append("(\(e).project_id = ? OR \(e).task_id IN (SELECT id FROM tasks WHERE project_id = ?))")
            arguments += [projectID, projectID]
        }
        if let taskID = filter.taskID?.lowercased() {
            conditions.append("\(e).task_id = ?")
            arguments.append(taskID)
        }
        if let billable = filter.billable {
            conditions.append("\(e).billable = ?")
            arguments.append(billable ? 1 : 0)
        }
        if let loggedBy = filter.loggedBy?.lowercased() {
            conditions.append("\(e).logged_by = ?")
            arguments.append(loggedBy)
        }
        return (conditions.isEmpty ? "1" : conditions.joined(with: " AND "), arguments)
    }
}
