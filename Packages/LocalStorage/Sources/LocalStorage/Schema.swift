internal import GRDB

/// The database schema and its migrations.
///
/// Migrations are append-only: a released migration is never edited, a change of schema is a new
/// migration named "vN-…". A database that lists a migration this build does not know was written
/// by a newer Stint and is refused (see ``LocalStorageError/newerSchema(path:)``).
enum Schema {
    /// Written into the file header (`PRAGMA application_id`) with ``stamp`` once the schema is current, so
    /// every later open knows the file is Stint's and up to date from one statement (ADR 0028). "STNT".
    static let applicationID = 0x5354_4E54
    /// `PRAGMA user_version` of a file whose migrations are all applied: the number of migrations, so a newer
    /// Stint's stamp differs and sends the open down the careful path, which refuses it. A test keeps the two
    /// equal; a new migration raises this number.
    static let stamp = 12

    /// The migrations in order, each named once and never edited after release.
    private static let migrations: [(name: String, sql: String)] = [
        ("v1-projects-lists-tasks-changelog", version1), ("v2-timers-time-entries", version2), ("v3-sync", version3),
        ("v4-entries-by-author", version4), ("v5-changes-by-record", version5), ("v6-timer-tags", version6),
        ("v7-task-relations-and-repeats", version7), ("v8-entries-by-person", version8),
        ("v9-tasks-by-status", version9), ("v10-entries-by-task-with-times", version10),
        ("v11-tasks-project-by-id", version11), ("v12-task-tallies-from-indexes", version12),
    ]

    static let migrator: DatabaseMigrator = {
        var migrator = DatabaseMigrator()
        for migration in migrations {
            migrator.registerMigration(migration.name) { db in try db.execute(sql: migration.sql) }
        }
        return migrator
    }()

    // Dates are INTEGER milliseconds since 1970; ids are lowercase UUID strings made on the device.
    // References are DEFERRABLE so an import or a sync may write rows in any order within a
    // transaction; rows are never physically deleted (deleted_at is the tombstone), so references
    // to deleted rows stay valid.
    private static let version1 = """
        CREATE TABLE projects (
            id TEXT PRIMARY KEY NOT NULL,
            name TEXT NOT NULL,
            note TEXT NOT NULL DEFAULT '',
            archived_at INTEGER,
            created_at INTEGER NOT NULL,
            updated_at INTEGER NOT NULL,
            deleted_at INTEGER,
            version INTEGER NOT NULL DEFAULT 1
        );

        CREATE TABLE task_lists (
            id TEXT PRIMARY KEY NOT NULL,
            project_id TEXT NOT NULL REFERENCES projects(id) DEFERRABLE INITIALLY DEFERRED,
            name TEXT NOT NULL,
            created_at INTEGER NOT NULL,
            updated_at INTEGER NOT NULL,
            deleted_at INTEGER,
            version INTEGER NOT NULL DEFAULT 1
        );
        CREATE INDEX task_lists_by_project ON task_lists(project_id);

        CREATE TABLE tasks (
            id TEXT PRIMARY KEY NOT NULL,
            number INTEGER NOT NULL UNIQUE,
            project_id TEXT REFERENCES projects(id) DEFERRABLE INITIALLY DEFERRED,
            list_id TEXT REFERENCES task_lists(id) DEFERRABLE INITIALLY DEFERRED,
            title TEXT NOT NULL,
            note TEXT NOT NULL DEFAULT '',
            status TEXT NOT NULL,
            priority INTEGER NOT NULL DEFAULT 0,
            due TEXT,
            tags TEXT NOT NULL DEFAULT '[]' CHECK (json_valid(tags) AND json_type(tags) = 'array'),
            estimate_seconds INTEGER,
            completed_at INTEGER,
            created_at INTEGER NOT NULL,
            updated_at INTEGER NOT NULL,
            deleted_at INTEGER,
            version INTEGER NOT NULL DEFAULT 1
        );
        CREATE INDEX tasks_by_project ON tasks(project_id, status, due);
        CREATE INDEX tasks_by_list ON tasks(list_id, status, due);
        CREATE INDEX tasks_by_due ON tasks(due);

        CREATE TABLE settings (
            key TEXT PRIMARY KEY NOT NULL,
            value TEXT NOT NULL
        );

        CREATE TABLE change_batches (
            id TEXT PRIMARY KEY NOT NULL,
            seq INTEGER NOT NULL UNIQUE,
            summary TEXT NOT NULL,
            created_at INTEGER NOT NULL,
            undo_of TEXT REFERENCES change_batches(id) DEFERRABLE INITIALLY DEFERRED,
            undone_by TEXT REFERENCES change_batches(id) DEFERRABLE INITIALLY DEFERRED,
            pushed_at INTEGER
        );

        CREATE TABLE changes (
            seq INTEGER PRIMARY KEY AUTOINCREMENT,
            batch_id TEXT NOT NULL REFERENCES change_batches(id) DEFERRABLE INITIALLY DEFERRED,
            entity TEXT NOT NULL CHECK (entity IN ('project', 'task_list', 'task')),
            entity_id TEXT NOT NULL,
            operation TEXT NOT NULL CHECK (operation IN ('insert', 'update', 'delete')),
            before_json TEXT,
            after_json TEXT
        );
        CREATE INDEX changes_by_batch ON changes(batch_id, entity, entity_id);
        """

    // Timers and time entries. Exactly one of task_id and project_id is set: time on a task takes
    // the task's project when reporting, so it follows the task when it moves.
    //
    // There is deliberately no unique index for "one running timer per person": the repositories
    // keep that rule inside their write transactions, and a constraint would make an undo (which
    // restores several timers in one statement) or a future sync (which may briefly hold two
    // devices' running timers) fail half-way instead of letting the rule be restored.
    //
    // time_entries_by_start covers every column a sum reads except tags, so a report over a year of
    // entries walks the index alone instead of jumping to each row (measured: 190 ms -> 30 ms for
    // 45,000 entries); the others serve per-task, per-project and longest-duration lookups.
    //
    // The CHECK on changes.entity is widened by rebuilding the table (SQLite cannot alter a CHECK).
    private static let version2 = """
        CREATE TABLE timers (
            id TEXT PRIMARY KEY NOT NULL,
            owner_id TEXT NOT NULL,
            task_id TEXT REFERENCES tasks(id) DEFERRABLE INITIALLY DEFERRED,
            project_id TEXT REFERENCES projects(id) DEFERRABLE INITIALLY DEFERRED,
            note TEXT NOT NULL DEFAULT '',
            billable INTEGER NOT NULL DEFAULT 0 CHECK (billable IN (0, 1)),
            state TEXT NOT NULL CHECK (state IN ('running', 'paused')),
            intervals TEXT NOT NULL CHECK (json_valid(intervals) AND json_type(intervals) = 'array'),
            created_at INTEGER NOT NULL,
            updated_at INTEGER NOT NULL,
            deleted_at INTEGER,
            version INTEGER NOT NULL DEFAULT 1,
            CHECK ((task_id IS NULL) <> (project_id IS NULL))
        );
        CREATE INDEX timers_by_owner ON timers(owner_id, state);
        CREATE INDEX timers_by_task ON timers(task_id);

        CREATE TABLE time_entries (
            id TEXT PRIMARY KEY NOT NULL,
            task_id TEXT REFERENCES tasks(id) DEFERRABLE INITIALLY DEFERRED,
            project_id TEXT REFERENCES projects(id) DEFERRABLE INITIALLY DEFERRED,
            start_at INTEGER NOT NULL,
            end_at INTEGER NOT NULL,
            duration_seconds INTEGER NOT NULL CHECK (duration_seconds > 0),
            note TEXT NOT NULL DEFAULT '',
            billable INTEGER NOT NULL DEFAULT 0 CHECK (billable IN (0, 1)),
            tags TEXT NOT NULL DEFAULT '[]' CHECK (json_valid(tags) AND json_type(tags) = 'array'),
            logged_by TEXT NOT NULL,
            created_at INTEGER NOT NULL,
            updated_at INTEGER NOT NULL,
            deleted_at INTEGER,
            version INTEGER NOT NULL DEFAULT 1,
            CHECK ((task_id IS NULL) <> (project_id IS NULL)),
            CHECK (end_at = start_at + duration_seconds * 1000)
        );
        CREATE INDEX time_entries_by_start
            ON time_entries(start_at, end_at, deleted_at, billable, task_id, project_id);
        CREATE INDEX time_entries_by_task ON time_entries(task_id, start_at);
        CREATE INDEX time_entries_by_project ON time_entries(project_id, start_at);
        CREATE INDEX time_entries_by_duration ON time_entries(duration_seconds);

        CREATE TABLE changes_v2 (
            seq INTEGER PRIMARY KEY AUTOINCREMENT,
            batch_id TEXT NOT NULL REFERENCES change_batches(id) DEFERRABLE INITIALLY DEFERRED,
            entity TEXT NOT NULL
                CHECK (entity IN ('project', 'task_list', 'task', 'timer', 'time_entry')),
            entity_id TEXT NOT NULL,
            operation TEXT NOT NULL CHECK (operation IN ('insert', 'update', 'delete')),
            before_json TEXT,
            after_json TEXT
        );
        INSERT INTO changes_v2 (seq, batch_id, entity, entity_id, operation, before_json, after_json)
            SELECT seq, batch_id, entity, entity_id, operation, before_json, after_json FROM changes;
        DROP TABLE changes;
        ALTER TABLE changes_v2 RENAME TO changes;
        CREATE INDEX changes_by_batch ON changes(batch_id, entity, entity_id);
        """

    // Sync with a Stint server (issue 8). A task may be assigned to a team member (a server user id,
    // not a reference: members live on the server). The conflicts a push lost are kept until the user
    // settles them: `mine_json` and `theirs_json` hold one JSON value each (the field as this device
    // had it and as the server kept it); a mutation the server rejected is a row with `reason` set
    // and the field "*". Team members are server-owned reference data cached with the time they were
    // fetched. The sync state (device, cursor, epoch, what was pushed) lives in `settings`.
    private static let version3 = """
        ALTER TABLE tasks ADD COLUMN assignee_id TEXT;
        CREATE INDEX tasks_by_assignee ON tasks(assignee_id);

        CREATE TABLE sync_conflicts (
            id TEXT PRIMARY KEY NOT NULL,
            entity TEXT NOT NULL,
            entity_id TEXT NOT NULL,
            field TEXT NOT NULL,
            mine_json TEXT,
            theirs_json TEXT,
            reason TEXT,
            created_at INTEGER NOT NULL,
            resolved_at INTEGER,
            resolution TEXT CHECK (resolution IN ('mine', 'theirs'))
        );
        CREATE INDEX sync_conflicts_by_state ON sync_conflicts(resolved_at, created_at);

        CREATE TABLE team_members (
            id TEXT PRIMARY KEY NOT NULL,
            name TEXT NOT NULL,
            fetched_at INTEGER NOT NULL
        );
        """

    // Reports count one person's time by default (sync brings teammates' entries here too), so
    // `logged_by` joins the covering start index: a filtered report still reads the index alone.
    private static let version4 = """
        DROP INDEX time_entries_by_start;
        CREATE INDEX time_entries_by_start
            ON time_entries(start_at, end_at, deleted_at, billable, task_id, project_id, logged_by);
        """

    // A row the server sends back is written over this device's own changes to it that are still
    // pending; finding those must not read the whole outbox (a first push answers 100,000 rows).
    private static let version5 = """
        CREATE INDEX changes_by_record ON changes(entity_id, seq);
        """

    // `timer start --tag`: a timer carries the tags its entry will get (issue 10).
    private static let version6 = """
        ALTER TABLE timers ADD COLUMN tags TEXT NOT NULL DEFAULT '[]';
        """

    // Subtasks, dependencies and recurring tasks (issue 12, ADR 0030). A parent and prerequisites are plain ids,
    // not REFERENCES: sync may bring a link before the task it names, and a deleted task must keep its links so
    // an undo restores them. Most tasks have neither, so both indexes are partial: finding a task's subtasks or
    // the tasks waiting on it reads only the tasks that have such a link. A recurring task names its series (the
    // first occurrence's id) and the day the series counts from; the four repeat columns go together.
    private static let version7 = """
        ALTER TABLE tasks ADD COLUMN parent_id TEXT;
        ALTER TABLE tasks ADD COLUMN prerequisite_ids TEXT NOT NULL DEFAULT '[]';
        ALTER TABLE tasks ADD COLUMN repeat_rule TEXT;
        ALTER TABLE tasks ADD COLUMN repeat_until TEXT;
        ALTER TABLE tasks ADD COLUMN series_id TEXT;
        ALTER TABLE tasks ADD COLUMN series_start TEXT;
        CREATE INDEX tasks_by_parent ON tasks(parent_id) WHERE parent_id IS NOT NULL;
        CREATE INDEX tasks_with_prerequisites ON tasks(id) WHERE prerequisite_ids <> '[]';
        """

    // A report counts one person's time (the default, and `--member`), and once a team syncs, the entries of a
    // year are everyone's: the start index, with the author last, walked all of them to keep one person's. This
    // one starts with the author, so a person's year reads that person's entries alone (a team of ten: a tenth);
    // it holds the same columns, so the sums still read the index alone. Reports of everyone keep the start index.
    private static let version8 = """
        CREATE INDEX time_entries_by_person
            ON time_entries(logged_by, start_at, end_at, deleted_at, billable, task_id, project_id);
        """

    // Counting the open tasks and finding the overdue ones (`task list --count`, `--due overdue`, the dashboard)
    // read every task's row to test its status: a tenth of the rows matter for overdue, and at a team's hundred
    // thousand tasks the dashboard took 130 ms. With the status and due day in an index, a count reads index entries
    // only, and overdue tasks are one range per status. (A listing of most tasks still reads the table: Queries.)
    private static let version9 = """
        CREATE INDEX tasks_by_status ON tasks(status, due, deleted_at);
        """

    // The time logged per task (every `--json` listing, `task show`) summed `end_at - start_at` of each of the task's
    // live entries: an index entry and then the entry's row for each, a tenth of `task list --project P --json`.
    // With the ends and the tombstone in the index the sums read the index alone; it still serves every lookup by
    // task, whose leading columns are unchanged.
    private static let version10 = """
        DROP INDEX time_entries_by_task;
        CREATE INDEX time_entries_by_task ON time_entries(task_id, start_at, end_at, deleted_at);
        """

    // A report names the project of every task its entries are on: a lookup by id read the key's index and then
    // the task's row, two pages a task, most of what `report --week` read (246 of 278 pages for 175 tasks; a year's
    // report reads nearly every task). With the project beside the id the lookup reads this index alone (119).
    private static let version11 = """
        CREATE INDEX tasks_project_by_id ON tasks(id, project_id);
        """

    // `project list`, `list ls` and `project show` count each project's or list's live tasks by status: the project
    // and list indexes held the status but not the tombstone, so every count read each task's row too (two thirds
    // of `project list`'s 31 M instructions at 10,000 tasks). With `deleted_at` last, the counts read the indexes
    // alone; every lookup they served before keeps its leading columns.
    private static let version12 = """
        DROP INDEX tasks_by_project;
        CREATE INDEX tasks_by_project ON tasks(project_id, status, due, deleted_at);
        DROP INDEX tasks_by_list;
        CREATE INDEX tasks_by_list ON tasks(list_id, status, due, deleted_at);
        """
}

/// What the change log and undo need to know about one entity table.
struct TableSpec: Sendable {
    /// Table name.
    let name: String
    /// Entity name written in `changes.entity` (stable: the future sync reads it).
    let entity: String
    /// Every column, in the order records bind and decode them.
    let columns: [String]
    /// Columns holding JSON text, embedded as JSON (not as a string) in change images.
    let jsonColumns: Set<String>
    /// How a column is read when not as itself: `NULLIF(…, '[]')` turns the empty arrays nearly every task has
    /// into a NULL, which decodes without making a string (a listing of ten thousand tasks reads two per row).
    var readExpressions: [String: String] = [:]
    /// Groups of columns that only make sense together (a timer's state follows its intervals, a task's
    /// completion time its status): undo restores each group as a whole or not at all.
    var restoredTogether: [[String]] = []

    /// Columns an undo restores from a before-image. The id and number are immutable, and the
    /// version and modification time move forward because an undo is a change of its own.
    var restorableColumns: [String] {
        columns.filter { !["id", "number", "version", "updated_at"].contains($0) }
    }

    var columnList: String { columns.joined(with: ", ") }

    /// `json_object(...)` of a row of this table, its columns qualified by `alias`.
    func jsonObject(alias: String) -> String {
        let pairs = columns.map { column in
            jsonColumns.contains(column) ? "'\(column)', json(\(alias).\(column))" : "'\(column)', \(alias).\(column)"
        }
        return "json_object(\(pairs.joined(with: ", ")))"
    }

    static let projects = TableSpec(
        name: "projects", entity: "project",
        columns: ["id", "name", "note", "archived_at", "created_at", "updated_at", "deleted_at", "version"],
        jsonColumns: [])

    static let taskLists = TableSpec(
        name: "task_lists", entity: "task_list",
        columns: ["id", "project_id", "name", "created_at", "updated_at", "deleted_at", "version"],
        jsonColumns: [])

    static let tasks = TableSpec(
        name: "tasks", entity: "task",
        columns: [
            "id", "number", "project_id", "list_id", "title", "note", "status", "priority", "due", "tags",
            "estimate_seconds", "completed_at", "assignee_id", "parent_id", "prerequisite_ids", "repeat_rule",
            "repeat_until", "series_id", "series_start", "created_at", "updated_at", "deleted_at", "version",
        ],
        jsonColumns: ["tags", "prerequisite_ids"],
        readExpressions: [
            "tags": "NULLIF(tasks.tags, '[]')", "prerequisite_ids": "NULLIF(tasks.prerequisite_ids, '[]')",
        ],
        restoredTogether: [
            ["project_id", "list_id"], ["status", "completed_at"],
            ["repeat_rule", "repeat_until", "series_id", "series_start"],
        ])

    static let timers = TableSpec(
        name: "timers", entity: "timer",
        columns: [
            "id", "owner_id", "task_id", "project_id", "note", "billable", "tags", "state", "intervals", "created_at",
            "updated_at", "deleted_at", "version",
        ],
        jsonColumns: ["tags", "intervals"], restoredTogether: [["task_id", "project_id"], ["state", "intervals"]])

    static let timeEntries = TableSpec(
        name: "time_entries", entity: "time_entry",
        columns: [
            "id", "task_id", "project_id", "start_at", "end_at", "duration_seconds", "note", "billable", "tags",
            "logged_by", "created_at", "updated_at", "deleted_at", "version",
        ],
        jsonColumns: ["tags"],
        restoredTogether: [["task_id", "project_id"], ["start_at", "end_at", "duration_seconds"]])

    /// Every entity table, parents before children (the order undo and import walk them in).
    static let all: [TableSpec] = [.projects, .taskLists, .tasks, .timers, .timeEntries]
}
