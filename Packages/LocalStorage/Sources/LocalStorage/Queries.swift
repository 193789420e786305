import Foundation
internal import GRDB

/// The SQL text used for one entity table, built once.
struct TableSQL: Sendable {
    let spec: TableSpec
    /// `SELECT <columns> FROM <table>`; rows decode with `init(columns:)`.
    let select: String

    init(_ spec: TableSpec) {
        self.spec = spec
        select = "SELECT \(Self.readColumns(spec)) FROM \(spec.name)"
    }

    /// The columns a row is read with, in the order `init(columns:)` decodes them.
    private static func readColumns(_ spec: TableSpec) -> String {
        spec.columns.map { spec.readExpressions[$0] ?? "\(spec.name).\($0)" }.joined(with: ", ")
    }

    var insert: String { writes.insert }
    /// Sets every column from the record's values, then the id to match.
    var update: String { writes.update }
    /// One row by id, tombstones included, followed by its JSON image (last column).
    var selectWithImage: String { writes.selectWithImage }
    /// The JSON image of one row by id.
    var selectImage: String { writes.selectImage }
    /// Appends a change row whose after-image is read from the table (arguments: batch, entity,
    /// entity id, operation, before image, row id).
    var logChange: String { writes.logChange }

    /// The statements that store a row or carry its JSON image, built the first time a command writes or syncs, not
    /// by every command that reads: their `json_object` text was a twentieth of `report --week`, and the insert and
    /// update text with the select 7 % of `stint timer` (ADR 0028 decision 25).
    private struct Writes: Sendable {
        let insert: String
        let update: String
        let selectWithImage: String
        let selectImage: String
        let logChange: String

        init(_ spec: TableSpec) {
            let placeholders = Array(repeating: "?", count: spec.columns.count).joined(with: ", ")
            insert = "INSERT INTO \(spec.name) (\(spec.columnList)) VALUES (\(placeholders))"
            update = "UPDATE \(spec.name) SET (\(spec.columnList)) = (\(placeholders)) WHERE id = ?"
            let columns = TableSQL.readColumns(spec)
            let image = spec.jsonObject(alias: spec.name)
            selectWithImage = "SELECT \(columns), \(image) FROM \(spec.name) WHERE \(spec.name).id = ?"
            selectImage = "SELECT \(image) FROM \(spec.name) WHERE \(spec.name).id = ?"
            logChange = """
                INSERT INTO changes (batch_id, entity, entity_id, operation, before_json, after_json)
                SELECT ?, ?, ?, ?, ?, \(image) FROM \(spec.name) WHERE \(spec.name).id = ?
                """
        }

        static let projects = Writes(.projects)
        static let taskLists = Writes(.taskLists)
        static let tasks = Writes(.tasks)
        static let timers = Writes(.timers)
        static let timeEntries = Writes(.timeEntries)
    }

    private var writes: Writes {
        spec.choose(
            projects: .projects, taskLists: .taskLists, tasks: .tasks, timers: .timers, timeEntries: .timeEntries)
    }

    static let projects = TableSQL(.projects)
    static let taskLists = TableSQL(.taskLists)
    static let tasks = TableSQL(.tasks)
    static let timers = TableSQL(.timers)
    static let timeEntries = TableSQL(.timeEntries)
}

extension StoredRecord {
    static var sql: TableSQL {
        table.choose(
            projects: .projects, taskLists: .taskLists, tasks: .tasks, timers: .timers, timeEntries: .timeEntries)
    }
}

extension TableSpec {
    /// The one of five per-table values that is this table's; only that one is evaluated, so a lazily built value
    /// of another table stays unbuilt.
    func choose<Value>(
        projects: @autoclosure () -> Value, taskLists: @autoclosure () -> Value, tasks: @autoclosure () -> Value,
        timers: @autoclosure () -> Value, timeEntries: @autoclosure () -> Value
    ) -> Value {
        switch entity {
        case TableSpec.projects.entity: projects()
        case TableSpec.taskLists.entity: taskLists()
        case TableSpec.timers.entity: timers()
        case TableSpec.timeEntries.entity: timeEntries()
        default: tasks()
        }
    }
}

/// The reads shared by ``LocalStore`` and ``StoreWriter``. Tombstoned rows are never returned.
enum Queries {
    /// Name of the SQL function that folds case the way Swift does, for non-ASCII comparisons.
    static let foldFunctionName = "stint_fold"

    /// An id as the store keeps it, lowercase. Callers nearly always pass it so already (a week's entries look up
    /// hundreds of tasks at once), and `lowercased()` builds a new string even then.
    static func storedID(_ id: String) -> String {
        // Through the contiguous bytes: walking `utf8` costs about as much as lowercasing.
        let plain =
            id.utf8.withContiguousStorageIfAvailable { bytes in
                !bytes.contains { $0 >= UInt8(ascii: "A") && ($0 <= UInt8(ascii: "Z") || $0 >= 0x80) }
            } ?? false
        return plain ? id : id.lowercased()
    }

    static let foldFunction = DatabaseFunction(foldFunctionName, argumentCount: 1, pure: true) { values in
        guard let text = String.fromDatabaseValue(values[0]) else { return nil }
        return text.lowercased()
    }

    static func fetch<R: StoredRecord>(
        _ type: R.Type, _ db: Database, where condition: String = "1",
        arguments: [(any DatabaseValueConvertible)?] = [], orderBy: String? = nil, limit: Int? = nil
    ) throws -> [R] {
        var sql = "\(R.sql.select) WHERE \(R.table.name).deleted_at IS NULL AND (\(condition))"
        var arguments = arguments
        if let orderBy { sql += " ORDER BY \(orderBy)" }
        if let limit {
            sql += " LIMIT ?"
            arguments.append(max(0, limit))
        }
        let statement = try db.cachedStatement(sql: sql)
        var records: [R] = []
        try ColumnReader.forEachRow(of: statement, arguments: .positional(arguments)) { reader in
            records.append(try R(columns: &reader))
        }
        return records
    }

    static func one<R: StoredRecord>(_ type: R.Type, _ db: Database, id: String) throws -> R? {
        try fetch(type, db, where: "id = ?", arguments: [id.lowercased()]).first
    }

    /// The stored row with this id, tombstone or not, and its JSON image for the change log.
    static func storedWithImage<R: StoredRecord>(_ type: R.Type, _ db: Database, id: String) throws -> (R, String)? {
        let statement = try db.cachedStatement(sql: R.sql.selectWithImage)
        var found: (R, String)?
        try ColumnReader.forEachRow(of: statement, arguments: [id]) { reader in
            found = (try R(columns: &reader), try reader.string())
        }
        return found
    }

    /// Records whose id starts with `prefix` (case-insensitive). Only UUID characters can match.
    static func withIDPrefix<R: StoredRecord>(_ type: R.Type, _ db: Database, prefix: String) throws -> [R] {
        let prefix = prefix.lowercased()
        let uuidCharacters = Set("0123456789abcdef-")
        guard !prefix.isEmpty, prefix.allSatisfy(uuidCharacters.contains) else { return [] }
        // "~" sorts after every UUID character, so the range uses the primary key index.
        return try fetch(type, db, where: "id >= ? AND id < ?", arguments: [prefix, prefix + "~"], orderBy: "id")
    }

    static func projects(_ db: Database, includeArchived: Bool) throws -> [ProjectRecord] {
        try fetch(
            ProjectRecord.self, db, where: includeArchived ? "1" : "archived_at IS NULL",
            orderBy: "name COLLATE NOCASE, id")
    }

    static func projects(_ db: Database, named name: String) throws -> [ProjectRecord] {
        try fetch(
            ProjectRecord.self, db, where: "\(foldFunctionName)(name) = ?", arguments: [name.lowercased()],
            orderBy: "name COLLATE NOCASE, id")
    }

    static func taskLists(_ db: Database, projectID: String?) throws -> [TaskListRecord] {
        if let projectID {
            return try fetch(
                TaskListRecord.self, db, where: "project_id = ?", arguments: [projectID.lowercased()],
                orderBy: "name COLLATE NOCASE, id")
        }
        return try fetch(TaskListRecord.self, db, orderBy: "name COLLATE NOCASE, id")
    }

    static func taskLists(_ db: Database, named name: String, projectID: String?) throws -> [TaskListRecord] {
        var condition = "\(foldFunctionName)(name) = ?"
        var arguments: [(any DatabaseValueConvertible)?] = [name.lowercased()]
        if let projectID {
            condition += " AND project_id = ?"
            arguments.append(projectID.lowercased())
        }
        return try fetch(
            TaskListRecord.self, db, where: condition, arguments: arguments, orderBy: "name COLLATE NOCASE, id")
    }

    static func task(_ db: Database, number: Int) throws -> TaskRecord? {
        try fetch(TaskRecord.self, db, where: "number = ?", arguments: [number]).first
    }

    static func tasks(_ db: Database, _ filter: TaskRecordFilter) throws -> [TaskRecord] {
        // A broad listing (open tasks, nothing narrower) reads most tasks: walking `tasks_by_status` and looking
        // each row up cost more than reading the table in order (see `conditions(of:scanning:)`). Only the tasks in
        // progress, or a due-day filter, are few enough for the index.
        let mostlyOpen = filter.statuses.isEmpty || filter.statuses.contains(TaskRecord.openStatus)
        let noPlace = filter.projectID == nil && filter.listID == nil && filter.assigneeID == nil
        let noDay = filter.dueBefore == nil && filter.dueOnOrAfter == nil && filter.dueOn == nil
        let noLinks = filter.ids == nil && filter.parentIDs == nil && filter.after == nil
        let broad = mostlyOpen && noPlace && noDay && noLinks
        // A filter on links also tests the statuses row by row: SQLite, knowing nothing of how few tasks have
        // links, chose `tasks_by_status` over the partial index and read every open task (`task done`'s question
        // "which tasks does this unblock?" cost 20 M instructions on 10,000 tasks).
        let (condition, arguments) = conditions(of: filter, scanning: broad || !noLinks)
        // A filter on links finds a handful of tasks through a partial index; ordering by an indexed column would
        // make SQLite walk that column's index over every task instead (measured: `task done` 38 M → 56 M
        // instructions), so the order is taken apart from any index there.
        let selective = filter.after != nil || filter.parentIDs != nil
        if filter.limit == nil {
            // Every row is read anyway: sorting the records costs less than SQLite's sorter (see TaskOrder).
            let records = try fetch(TaskRecord.self, db, where: condition, arguments: arguments)
            return TaskOrder(sort: filter.sort, descending: filter.descending).sorted(records)
        }
        if let limit = filter.limit, filter.sort == .due, !selective, !noDay {
            return try firstByDueDay(db, filter, limit: limit)
        }
        return try fetch(
            TaskRecord.self, db, where: condition, arguments: arguments,
            orderBy: order(filter.sort, descending: filter.descending, unindexed: selective), limit: filter.limit)
    }

    /// The first `limit` tasks by due day among those a due-day filter lets through (the dashboard's overdue
    /// section, `task list --due overdue --limit 10`). No task without a due day passes such a filter, so the order
    /// needs no `due IS NULL` term, and within one status `tasks_by_status` (status, due) is already in due order:
    /// SQLite then reads the first rows of the stretch and stops, where the general order made it read and sort
    /// every match (22,834 overdue tasks in ten people's data: about 78 M instructions, against 7 M this way). With
    /// several statuses one index walk cannot give the order, so each status is read on its own and the few rows
    /// merged here, in the order `TaskOrder` shares with SQL.
    private static func firstByDueDay(_ db: Database, _ filter: TaskRecordFilter, limit: Int) throws -> [TaskRecord] {
        let direction = filter.descending ? "DESC" : "ASC"
        let orderBy = "due \(direction), number \(direction)"
        guard filter.statuses.count > 1 else {
            let (condition, arguments) = conditions(of: filter)
            return try fetch(
                TaskRecord.self, db, where: condition, arguments: arguments, orderBy: orderBy, limit: limit)
        }
        var records: [TaskRecord] = []
        for (index, status) in filter.statuses.enumerated() where !filter.statuses[..<index].contains(status) {
            var one = filter
            one.statuses = [status]
            let (condition, arguments) = conditions(of: one)
            records += try fetch(
                TaskRecord.self, db, where: condition, arguments: arguments, orderBy: orderBy, limit: limit)
        }
        return Array(TaskOrder(sort: .due, descending: filter.descending).sorted(records).prefix(max(0, limit)))
    }

    static func countTasks(_ db: Database, _ filter: TaskRecordFilter) throws -> Int {
        let (condition, arguments) = conditions(of: filter)
        let sql = "SELECT COUNT(*) FROM tasks WHERE deleted_at IS NULL AND (\(condition))"
        return try Int.fetchOne(db.cachedStatement(sql: sql), arguments: .positional(arguments)) ?? 0
    }

    /// - Parameter scanning: the statuses are tested on each row (`+status`) instead of choosing the rows through
    ///   `tasks_by_status`, which serves counts and due-day filters (an index entry each) but not a read of most
    ///   of the table.
    static func conditions(
        of filter: TaskRecordFilter, scanning: Bool = false
    ) -> (String, [(any DatabaseValueConvertible)?]) {
        var conditions: [String] = []
        var arguments: [(any DatabaseValueConvertible)?] = []
        if let ids = filter.ids, ids.count == 1 {
            // The common case (a timer's task, an entry's): planning `json_each` cost a third more to prepare.
            conditions.append("id = ?")
            arguments.append(ids[0].lowercased())
        } else if let ids = filter.ids {
            // One JSON argument however many ids, so the statement stays cacheable.
            conditions.append("id IN (SELECT value FROM json_each(?))")
            arguments.append(TagsJSON.encode(ids.map(storedID)))
        }
        if let parents = filter.parentIDs {
            conditions.append("parent_id IN (SELECT value FROM json_each(?))")
            arguments.append(TagsJSON.encode(parents.map(storedID)))
        }
        if let prerequisite = filter.after {
            // The `<> '[]'` test lets SQLite read only the partial index of tasks that have prerequisites.
            conditions.append(
                "prerequisite_ids <> '[]' AND EXISTS (SELECT 1 FROM json_each(tasks.prerequisite_ids) WHERE value = ?)")
            arguments.append(prerequisite.lowercased())
        }
        if let blocked = filter.blocked {
            conditions.append(blocked ? blockedCondition : "NOT (\(blockedCondition))")
        }
        if let projectID = filter.projectID {
            conditions.append("project_id = ?")
            arguments.append(projectID.lowercased())
        }
        if let assigneeID = filter.assigneeID {
            conditions.append("assignee_id = ?")
            arguments.append(assigneeID.lowercased())
        }
        if filter.noProject {
            conditions.append("project_id IS NULL")
        }
        if let listID = filter.listID {
            conditions.append("list_id = ?")
            arguments.append(listID.lowercased())
        }
        if !filter.statuses.isEmpty {
            conditions.append("\(scanning ? "+" : "")status IN (\(placeholders(filter.statuses.count)))")
            // One by one: appending the `[String]` whole casts it to the existential array at run time, a lookup
            // of String's conformance that scans every conformance of the executable.
            for status in filter.statuses { arguments.append(status) }
        }
        if let tag = filter.tag {
            conditions.append("EXISTS (SELECT 1 FROM json_each(tasks.tags) WHERE json_each.value = ?)")
            arguments.append(tag)
        }
        if !filter.priorities.isEmpty {
            conditions.append("priority IN (\(placeholders(filter.priorities.count)))")
            for priority in filter.priorities { arguments.append(priority) }
        }
        if let day = filter.dueBefore {
            conditions.append("due < ?")
            arguments.append(day)
        }
        if let day = filter.dueOnOrAfter {
            conditions.append("due >= ?")
            arguments.append(day)
        }
        if let day = filter.dueOn {
            conditions.append("due = ?")
            arguments.append(day)
        }
        if let text = filter.text, !text.isEmpty {
            let needle = text.lowercased()
            // SQLite's lower() only folds ASCII; other text goes through Swift's case folding.
            let fold = text.allSatisfy(\.isASCII) ? "lower" : foldFunctionName
            conditions.append("(instr(\(fold)(title), ?) > 0 OR instr(\(fold)(note), ?) > 0)")
            arguments.append(needle)
            arguments.append(needle)
        }
        return (conditions.isEmpty ? "1" : conditions.joined(with: " AND "), arguments)
    }

    /// A task waits on another that is live and not completed. Deleted prerequisites and ids this device has never
    /// seen do not block: nobody could ever complete them here.
    static let blockedCondition = """
        tasks.prerequisite_ids <> '[]' AND EXISTS (SELECT 1 FROM json_each(tasks.prerequisite_ids) AS link
            JOIN tasks AS prerequisite ON prerequisite.id = link.value
            WHERE prerequisite.deleted_at IS NULL AND prerequisite.status <> '\(TaskRecord.completedStatus)')
        """

    /// Every live task's parent and prerequisites, for the tasks that have either: what a loop check walks.
    static func taskLinks(_ db: Database) throws -> [TaskLinks] {
        // Two halves, each read from its partial index (an OR of the two conditions scans the whole table).
        let sql = """
            SELECT id, parent_id, prerequisite_ids FROM tasks WHERE parent_id IS NOT NULL AND deleted_at IS NULL
            UNION
            SELECT id, parent_id, prerequisite_ids FROM tasks WHERE prerequisite_ids <> '[]' AND deleted_at IS NULL
            """
        var links: [TaskLinks] = []
        let rows = try Row.fetchCursor(db.cachedStatement(sql: sql))
        while let row = try rows.next() {
            links.append(
                TaskLinks(
                    id: try row.decode(String.self, atIndex: 0), parentID: try row.decode(String?.self, atIndex: 1),
                    prerequisiteIDs: try TagsJSON.decode(try row.decode(String.self, atIndex: 2))))
        }
        return links
    }

    /// - Parameter unindexed: write the columns as `+column`, which keeps SQLite from using their indexes to order.
    static func order(_ sort: TaskRecordSort, descending: Bool, unindexed: Bool = false) -> String {
        let forward = descending ? "DESC" : "ASC"
        let backward = descending ? "ASC" : "DESC"
        let plus = unindexed ? "+" : ""
        return switch sort {
        case .priority:
            "CASE status WHEN '\(TaskRecord.completedStatus)' THEN 1 ELSE 0 END \(forward), priority \(backward), "
                + "due IS NULL, \(plus)due \(forward), \(plus)number \(forward)"
        case .due: "due IS NULL, \(plus)due \(forward), \(plus)number \(forward)"
        case .created: "\(plus)created_at \(forward), \(plus)number \(forward)"
        case .updated: "\(plus)updated_at \(forward), \(plus)number \(forward)"
        case .title: "title COLLATE NOCASE \(forward), \(plus)number \(forward)"
        case .number: "\(plus)number \(forward)"
        }
    }

    /// The live tasks' counts per status, per project or per list (`column`), of one project's when given one;
    /// both read their index alone (migration v12).
    static func taskCountsSQL(groupedBy column: String, oneProject: Bool) -> String {
        var sql = "SELECT \(column), status, COUNT(*) FROM tasks WHERE deleted_at IS NULL AND \(column) IS NOT NULL"
        if oneProject {
            // A list's tally counts every task filed in it, even one whose own project says otherwise (a sync
            // from an older server could leave one), so one project's lists are picked by the list's project.
            sql +=
                column == "list_id"
                ? " AND list_id IN (SELECT id FROM task_lists WHERE project_id = ?)" : " AND project_id = ?"
        }
        return sql + " GROUP BY \(column), status"
    }

    static func taskCounts(_ db: Database, groupedBy column: String, projectID: String?) throws -> [String: TaskCounts]
    {
        let sql = taskCountsSQL(groupedBy: column, oneProject: projectID != nil)
        let arguments: [(any DatabaseValueConvertible)?] = projectID.map { [$0.lowercased()] } ?? []
        var counts: [String: TaskCounts] = [:]
        let rows = try Row.fetchCursor(db.cachedStatement(sql: sql), arguments: .positional(arguments))
        while let row = try rows.next() {
            let key = try row.decode(String.self, atIndex: 0)
            let count = try row.decode(Int.self, atIndex: 2)
            var entry = counts[key] ?? TaskCounts()
            switch try row.decode(String.self, atIndex: 1) {
            case TaskRecord.openStatus: entry.open += count
            case TaskRecord.inProgressStatus: entry.inProgress += count
            case TaskRecord.completedStatus: entry.completed += count
            default: break
            }
            counts[key] = entry
        }
        return counts
    }

    static func snapshot(_ db: Database) throws -> StoreSnapshot {
        StoreSnapshot(
            projects: try projects(db, includeArchived: true),
            taskLists: try fetch(TaskListRecord.self, db, orderBy: "project_id, name COLLATE NOCASE, id"),
            tasks: try fetch(TaskRecord.self, db, orderBy: "number"),
            timers: try fetch(TimerRecord.self, db, orderBy: "created_at, id"),
            timeEntries: try fetch(TimeEntryRecord.self, db, orderBy: "start_at, id"))
    }

    static func setting(_ db: Database, key: String) throws -> String? {
        try String.fetchOne(db.cachedStatement(sql: "SELECT value FROM settings WHERE key = ?"), arguments: [key])
    }

    static func setSetting(_ db: Database, key: String, value: String?) throws {
        if let value {
            try db.cachedStatement(sql: "INSERT OR REPLACE INTO settings (key, value) VALUES (?, ?)")
                .execute(arguments: [key, value])
        } else {
            try db.cachedStatement(sql: "DELETE FROM settings WHERE key = ?").execute(arguments: [key])
        }
    }

    private static func placeholders(_ count: Int) -> String {
        Array(repeating: "?", count: count).joined(with: ", ")
    }
}
