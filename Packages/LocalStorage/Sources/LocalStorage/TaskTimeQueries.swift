import Foundation
internal import GRDB

extension LocalStore {
    /// The time logged on each of `taskIDs`, ever and by anyone, in whole seconds, added up in one grouped
    /// statement. A task without time is absent from the result (it logged 0).
    ///
    /// Listings ask this for every row they print: one statement that probes the entries' task index once per
    /// task, instead of one sum per task, keeps `task list --json` over thousands of tasks one read away.
    public func loggedSeconds(onTasks taskIDs: [String]) async throws(LocalStorageError) -> [String: Int] {
        guard !taskIDs.isEmpty else { return [:] }
        let ids = taskIDs.map(Queries.storedID)
        return try await read { db in try TaskTimeQueries.loggedSeconds(db, taskIDs: ids) }
    }
}

/// Sums of time per task, separate from ``TimeQueries`` (windows, reports) because they never clip to a window.
enum TaskTimeQueries {
    /// The ids travel as one JSON array bound to one parameter, so ten thousand tasks need neither ten thousand
    /// placeholders nor SQLite's variable limit; each id probes the `time_entries_by_task` index in its own
    /// subquery, so nothing is sorted for grouping (a `GROUP BY` over the joined entries sorted them all: a fifth
    /// of `task list --json`). The sum is of `end_at - start_at` in milliseconds, divided once, exactly as the
    /// report totals do, so a listing and `task show` agree to the second.
    static func loggedSeconds(_ db: Database, taskIDs: [String]) throws -> [String: Int] {
        if taskIDs.count == 1 { return try loggedSeconds(db, taskID: taskIDs[0]) }
        let list = TagsJSON.encode(Array(Set(taskIDs)))
        var result: [String: Int] = [:]
        let rows = try Row.fetchCursor(db.makeStatement(sql: sumsSQL), arguments: [list])
        while let row = try rows.next() {
            guard let milliseconds = try row.decode(Int64?.self, atIndex: 1) else { continue }
            result[try row.decode(String.self, atIndex: 0)] = Int(milliseconds / 1000)
        }
        return result
    }

    /// One task's sum (a timer's, `task show`'s) without the JSON array: for a single id, preparing the statement
    /// over `json_each` cost more than summing.
    private static func loggedSeconds(_ db: Database, taskID: String) throws -> [String: Int] {
        guard let milliseconds = try Int64.fetchOne(db.cachedStatement(sql: oneSumSQL), arguments: [taskID]) else {
            return [:]
        }
        return [taskID: Int(milliseconds / 1000)]
    }

    /// The sum of the one task whose id is bound; NULL when it has no live entries.
    static let oneSumSQL = """
        SELECT SUM(end_at - start_at) FROM time_entries WHERE task_id = ? AND deleted_at IS NULL
        """

    /// The sums of the tasks whose ids are the JSON array bound to the one parameter.
    static let sumsSQL = """
        SELECT j.value, (SELECT SUM(e.end_at - e.start_at) FROM time_entries e
                         WHERE e.task_id = j.value AND e.deleted_at IS NULL)
        FROM json_each(?) j
        """
}
