import Foundation
internal import GRDB

/// The state of sync as one read sees it: what ``LocalStore/syncOverview()`` returns.
public struct SyncOverview: Sendable, Equatable {
    public var settings: SyncSettings
    /// Changes after the acknowledged number: what the next push will send.
    public var pendingChanges: Int
    /// Conflicts and rejections not yet resolved.
    public var openConflicts: Int

    public init(settings: SyncSettings, pendingChanges: Int, openConflicts: Int) {
        self.settings = settings
        self.pendingChanges = pendingChanges
        self.openConflicts = openConflicts
    }
}

extension LocalStore {
    // MARK: The outbox

    /// The changes after `seq`, oldest first, as many as fit in `byteBudget` bytes of JSON images
    /// (at least one, however large) and at most `limit`.
    public func pendingChanges(after seq: Int64, byteBudget: Int, limit: Int = 10_000) async throws(LocalStorageError)
        -> PendingChanges
    {
        try await read { db in try SyncQueries.pending(db, after: seq, byteBudget: byteBudget, limit: limit) }
    }

    /// How many changes wait after `seq`.
    public func pendingChangeCount(after seq: Int64) async throws(LocalStorageError) -> Int {
        try await read { db in try SyncQueries.pendingCount(db, after: seq) }
    }

    /// The sync settings, the number of pending changes and of open conflicts, in one read.
    public func syncOverview() async throws(LocalStorageError) -> SyncOverview {
        try await read { db in
            let settings = try SyncQueries.settings(db)
            return SyncOverview(
                settings: settings, pendingChanges: try SyncQueries.pendingCount(db, after: settings.pushedThrough),
                openConflicts: try Int.fetchOne(
                    db, sql: "SELECT COUNT(*) FROM sync_conflicts WHERE resolved_at IS NULL")
                    ?? 0)
        }
    }

    /// The sync settings, read in one transaction.
    public func syncSettings() async throws(LocalStorageError) -> SyncSettings {
        try await read { db in try SyncQueries.settings(db) }
    }

    /// Sets sync settings (a nil value removes the key), in one transaction, outside the change log.
    public func setSyncSettings(_ values: [SyncSettingKey: String?]) async throws(LocalStorageError) {
        try await storeTransaction { db in
            for (key, value) in values { try Queries.setSetting(db, key: key.rawValue, value: value) }
        }
    }

    /// Records that the server has acknowledged every change up to `seq` (never moves backwards).
    public func markPushed(through seq: Int64) async throws(LocalStorageError) {
        _ = try await applySync(SyncWrite(pushedThrough: seq))
    }

    // MARK: Writing what the server says

    /// Writes server records, conflicts, the acknowledged change number and settings in ONE
    /// transaction, none of it in the change log (it is not a change made here, and undo must not
    /// revert it).
    ///
    /// A row is matched by id: a new one is inserted (a task gets the next local number), a known one
    /// (tombstone or not) is overwritten field by field and gets the server's version. Fields that
    /// changes still pending here (numbers after the acknowledged one, `pushedThrough` when given)
    /// have changed keep their local value, so a pull never undoes work not yet pushed: the pending
    /// change stays in the outbox and meets the server's value in the three-way merge. References are
    /// checked when the transaction commits, so a page may hold children before their parents.
    @discardableResult
    public func applySync(_ write: SyncWrite) async throws(LocalStorageError) -> SyncApplyCounts {
        try await storeTransaction { db in try SyncQueries.apply(write, db) }
    }

    /// Conflicts and rejections, newest first; resolved ones only when asked.
    public func syncConflicts(includeResolved: Bool) async throws(LocalStorageError) -> [SyncConflictRecord] {
        try await read { db in
            try SyncQueries.conflicts(
                db, where: includeResolved ? "1" : "resolved_at IS NULL", arguments: [])
        }
    }

    /// Conflicts whose id starts with `idPrefix` (case-insensitive), resolved ones included.
    public func syncConflicts(idPrefix: String) async throws(LocalStorageError) -> [SyncConflictRecord] {
        let prefix = idPrefix.lowercased()
        guard !prefix.isEmpty else { return [] }
        return try await read { db in
            try SyncQueries.conflicts(db, where: "id >= ? AND id < ?", arguments: [prefix, prefix + "~"])
        }
    }

    /// Marks a conflict settled without changing any data (the value the server kept stays).
    public func resolveSyncConflict(id: String, resolution: String, at date: Date) async throws(LocalStorageError) {
        try await storeTransaction { db in
            try SyncQueries.resolve(db, id: id, resolution: resolution, at: date)
        }
    }

    // MARK: Identity

    /// Makes `personID` the local person (the settings key `settingKey`): timers and time entries of
    /// the previous person, and the images of their changes in the log, are rewritten to it, in one
    /// transaction outside the change log. Returns the previous person, if any.
    @discardableResult
    public func adoptPerson(_ personID: String, settingKey: String) async throws(LocalStorageError) -> String? {
        let new = personID.lowercased()
        return try await storeTransaction { db in
            let old = try Queries.setting(db, key: settingKey)
            try Queries.setSetting(db, key: settingKey, value: new)
            guard let old, old != new else { return old }
            let arguments: StatementArguments = ["old": old, "new": new]
            try db.execute(sql: "UPDATE timers SET owner_id = :new WHERE owner_id = :old", arguments: arguments)
            try db.execute(sql: "UPDATE time_entries SET logged_by = :new WHERE logged_by = :old", arguments: arguments)
            for (entity, field) in [("timer", "owner_id"), ("time_entry", "logged_by")] {
                for image in ["before_json", "after_json"] {
                    try db.execute(
                        sql: """
                            UPDATE changes SET \(image) = json_set(\(image), '$.\(field)', :new)
                            WHERE entity = '\(entity)' AND json_extract(\(image), '$.\(field)') = :old
                            """, arguments: arguments)
                }
            }
            return old
        }
    }

    /// Forgets the link to a server (server, user, device, epoch, cursor, last sync, cached team) and
    /// keeps the data, the conflicts and the acknowledged change number, so a later login registers
    /// again and pushes only what the server has not seen.
    public func forgetSyncState() async throws(LocalStorageError) {
        try await storeTransaction { db in
            for key in SyncSettingKey.allCases where key != .pushedThrough && key != .autoSync {
                try Queries.setSetting(db, key: key.rawValue, value: nil)
            }
            try db.execute(sql: "DELETE FROM team_members")
        }
    }

    // MARK: Team members

    /// The cached team, by name.
    public func teamMembers() async throws(LocalStorageError) -> [TeamMemberRecord] {
        try await read { db in
            var members: [TeamMemberRecord] = []
            let rows = try Row.fetchCursor(
                db, sql: "SELECT id, name, fetched_at FROM team_members ORDER BY name COLLATE NOCASE, id")
            while let row = try rows.next() {
                members.append(
                    TeamMemberRecord(
                        id: try row.decode(String.self, atIndex: 0), name: try row.decode(String.self, atIndex: 1),
                        fetchedAt: Date(storedMilliseconds: try row.decode(Int64.self, atIndex: 2))))
            }
            return members
        }
    }

    /// Replaces the cached team with `members`, all stamped `fetchedAt`.
    public func replaceTeamMembers(_ members: [TeamMemberRecord]) async throws(LocalStorageError) {
        try await storeTransaction { db in
            try db.execute(sql: "DELETE FROM team_members")
            for member in members {
                try db.cachedStatement(
                    sql: "INSERT OR REPLACE INTO team_members (id, name, fetched_at) VALUES (?, ?, ?)"
                )
                .execute(arguments: [member.id.lowercased(), member.name, member.fetchedAt.storedMilliseconds])
            }
        }
    }
}

extension StoreWriter {
    /// Sets one column of a row (a tombstone too) to a JSON value, as a normal local change: logged,
    /// version bumped, `updated_at` set to `date`, so the next push sends it. This is how a conflict
    /// is resolved in favour of this device's value; setting `deleted_at` to null restores a row.
    ///
    /// - Throws: `notFound` when no such row exists; `constraint` for an unknown entity or a column
    ///   the store owns (`id`, `number`, `version`) or a value the schema refuses.
    public func setField(entity: String, id: String, field: String, json: String, at date: Date)
        throws(LocalStorageError)
    {
        try writing {
            guard let sql = TableSQL.forEntity(entity) else {
                throw LocalStorageError.constraint("unknown entity \(entity)")
            }
            guard sql.spec.columns.contains(field), !["id", "number", "version"].contains(field) else {
                throw LocalStorageError.constraint("\(entity) has no field \(field) that can be set")
            }
            let id = id.lowercased()
            guard let image = try String.fetchOne(db.cachedStatement(sql: sql.selectImage), arguments: [id]) else {
                throw LocalStorageError.notFound(entity: entity.replacingOccurrences(of: "_", with: " "), id: id)
            }
            let stamp = field == "updated_at" ? "" : ", updated_at = :at"
            try db.execute(
                sql: """
                    UPDATE \(sql.spec.name) SET \(field) = json_extract(:value, '$')\(stamp), version = version + 1
                    WHERE id = :id
                    """, arguments: ["value": json, "at": date.storedMilliseconds, "id": id])
            let operation: ChangeOperation = field == "deleted_at" && json != "null" ? .delete : .update
            try log.record(sql, id: id, operation: operation, before: image)
        }
    }

    /// Marks a conflict settled, in the transaction of the change that settles it.
    public func resolveSyncConflict(id: String, resolution: String, at date: Date) throws(LocalStorageError) {
        try writing { try SyncQueries.resolve(db, id: id, resolution: resolution, at: date) }
    }
}

extension TableSQL {
    static func forEntity(_ entity: String) -> TableSQL? {
        switch entity {
        case TableSpec.projects.entity: .projects
        case TableSpec.taskLists.entity: .taskLists
        case TableSpec.tasks.entity: .tasks
        case TableSpec.timers.entity: .timers
        case TableSpec.timeEntries.entity: .timeEntries
        default: nil
        }
    }
}

/// The SQL of sync.
enum SyncQueries {
    static func pending(_ db: Database, after seq: Int64, byteBudget: Int, limit: Int) throws -> PendingChanges {
        let rows = try Row.fetchCursor(
            db.cachedStatement(
                sql: """
                    SELECT seq, entity, entity_id, operation, before_json, after_json,
                           COALESCE(length(before_json), 0) + COALESCE(length(after_json), 0)
                    FROM changes WHERE seq > ? ORDER BY seq
                    """), arguments: [seq])
        var changes: [PendingChange] = []
        var bytes = 0
        var hasMore = false
        while let row = try rows.next() {
            let size = try row.decode(Int.self, atIndex: 6) + 200
            if !changes.isEmpty && (bytes + size > byteBudget || changes.count >= limit) {
                hasMore = true
                break
            }
            bytes += size
            changes.append(
                PendingChange(
                    seq: try row.decode(Int64.self, atIndex: 0), entity: try row.decode(String.self, atIndex: 1),
                    entityID: try row.decode(String.self, atIndex: 2),
                    operation: try row.decode(String.self, atIndex: 3),
                    before: try row.decode(String?.self, atIndex: 4), after: try row.decode(String?.self, atIndex: 5)))
        }
        return PendingChanges(first: seq + 1, last: changes.last?.seq ?? seq, changes: changes, hasMore: hasMore)
    }

    /// Pending changes, counted up to `atMost` (a probe for "any at all" stops at the first).
    static func pendingCount(_ db: Database, after seq: Int64, atMost: Int) throws -> Int {
        try Int.fetchOne(
            db.cachedStatement(sql: "SELECT COUNT(*) FROM (SELECT 1 FROM changes WHERE seq > ? LIMIT ?)"),
            arguments: [seq, atMost]) ?? 0
    }

    static func pendingCount(_ db: Database, after seq: Int64) throws -> Int {
        try Int.fetchOne(db.cachedStatement(sql: "SELECT COUNT(*) FROM changes WHERE seq > ?"), arguments: [seq]) ?? 0
    }

    static func settings(_ db: Database) throws -> SyncSettings {
        var settings = SyncSettings()
        // A prepared statement, not GRDB's `fetchCursor(_:sql:)`: that one builds an `SQL` literal, whose generic
        // code costs a scan of every protocol conformance the first time a process runs it, and every write
        // command reads these settings (ADR 0028 decision 23).
        let rows = try Row.fetchCursor(
            db.cachedStatement(sql: "SELECT key, value FROM settings WHERE key LIKE 'sync.%'"))
        while let row = try rows.next() {
            if let key = SyncSettingKey(rawValue: try row.decode(String.self, atIndex: 0)) {
                settings[key] = try row.decode(String.self, atIndex: 1)
            }
        }
        return settings
    }

    static func apply(_ write: SyncWrite, _ db: Database) throws -> SyncApplyCounts {
        var counts = SyncApplyCounts()
        let stored = try Queries.setting(db, key: SyncSettingKey.pushedThrough.rawValue).flatMap { Int64($0) } ?? 0
        let pushedThrough = max(stored, write.pushedThrough ?? stored)
        if write.rows.count > 100 {
            // A first push or pull writes a hundred thousand rows and their indexes: SQLite's default
            // 2 MiB page cache then rereads index pages from the file for every row. Memory is only
            // taken as pages are used, and the setting lasts as long as this command's connection.
            try db.execute(sql: "PRAGMA cache_size = -65536")
        }
        if !write.rows.isEmpty {
            // Most writes land with nothing pending after them (a pull, the last push batch): one
            // probe of the log then saves a lookup per row.
            let anyPending = try pendingCount(db, after: pushedThrough, atMost: 1) > 0
            // The statements of rows with nothing pending, built once per kind of record instead of per row.
            var plain: [String: RowStatements] = [:]
            for row in write.rows {
                guard let sql = TableSQL.forEntity(row.entity) else {
                    throw LocalStorageError.constraint("the server sent a record of unknown kind \(row.entity)")
                }
                let kept =
                    anyPending
                    ? try pendingFields(db, entity: row.entity, id: row.id.lowercased(), after: pushedThrough) : []
                let statements: RowStatements
                if kept.isEmpty {
                    if let known = plain[row.entity] {
                        statements = known
                    } else {
                        statements = RowStatements(sql.spec, keeping: [])
                        plain[row.entity] = statements
                    }
                } else {
                    statements = RowStatements(sql.spec, keeping: kept)
                }
                switch try applyRow(row, statements, db) {
                case .inserted: counts.inserted += 1
                case .updated: counts.updated += 1
                case .unchanged: counts.unchanged += 1
                }
            }
        }
        for conflict in write.conflicts {
            try db.cachedStatement(
                sql: """
                    INSERT OR REPLACE INTO sync_conflicts
                    (id, entity, entity_id, field, mine_json, theirs_json, reason, created_at, resolved_at, resolution)
                    VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                    """
            ).execute(arguments: [
                conflict.id.lowercased(), conflict.entity, conflict.entityID.lowercased(), conflict.field,
                conflict.mineJSON, conflict.theirsJSON, conflict.reason, conflict.createdAt.storedMilliseconds,
                conflict.resolvedAt?.storedMilliseconds, conflict.resolution,
            ])
        }
        if pushedThrough != stored {
            try Queries.setSetting(db, key: SyncSettingKey.pushedThrough.rawValue, value: String(pushedThrough))
        }
        for (key, value) in write.settings {
            try Queries.setSetting(db, key: key.rawValue, value: value)
        }
        return counts
    }

    /// The columns that changes to one row after `seq` set to a new value: what a server row must not
    /// overwrite, because those changes are still on their way to the server. One indexed lookup per
    /// row (changes_by_record): reading every pending change for every answer made a first push of
    /// 100,000 changes quadratic.
    private static func pendingFields(_ db: Database, entity: String, id: String, after seq: Int64) throws
        -> Set<String>
    {
        var fields: Set<String> = []
        let rows = try String.fetchCursor(
            db.cachedStatement(
                sql: """
                    SELECT a.key FROM changes c, json_each(c.after_json) a
                    WHERE c.entity_id = ? AND c.entity = ? AND c.seq > ? AND (c.before_json IS NULL
                        OR json_extract(c.before_json, '$.' || a.key) IS NOT json_extract(c.after_json, '$.' || a.key))
                    """), arguments: [id, entity, seq])
        while let field = try rows.next() { fields.insert(field) }
        return fields
    }

    /// The SQL that writes one server row into its table, leaving `kept` columns (changed locally and not yet
    /// pushed) alone.
    struct RowStatements {
        var exists: String
        var update: String
        var insert: String

        init(_ spec: TableSpec, keeping kept: Set<String>) {
            exists = "SELECT 1 FROM \(spec.name) WHERE id = ?"
            let written = spec.columns.filter { !["id", "number", "version"].contains($0) && !kept.contains($0) }
            let assignments =
                ["version = :version"]
                + written.map { column in
                    """
                    \(column) = CASE WHEN json_type(:fields, '$.\(column)') IS NULL THEN \(column) \
                    ELSE json_extract(:fields, '$.\(column)') END
                    """
                }
            let same =
                ["version = :version"]
                + written.map { column in
                    """
                    (json_type(:fields, '$.\(column)') IS NULL OR \(column) IS json_extract(:fields, '$.\(column)'))
                    """
                }
            update = """
                UPDATE \(spec.name) SET \(assignments.joined(with: ", "))
                WHERE id = :id AND NOT (\(same.joined(with: " AND ")))
                """
            let values = spec.columns.map { column -> String in
                switch column {
                case "id": ":id"
                case "number": "(SELECT COALESCE(MAX(number), 0) + 1 FROM tasks)"
                case "version": ":version"
                // A server that stored a timer before timers had tags sends none.
                case "tags": "COALESCE(json_extract(:fields, '$.tags'), '[]')"
                // Nor a task before tasks had prerequisites.
                case "prerequisite_ids": "COALESCE(json_extract(:fields, '$.prerequisite_ids'), '[]')"
                default: "json_extract(:fields, '$.\(column)')"
                }
            }
            insert = "INSERT INTO \(spec.name) (\(spec.columnList)) VALUES (\(values.joined(with: ", ")))"
        }
    }

    /// Writes one server row. A row this device already holds exactly as sent (its own change coming back in a
    /// pull after the push answer wrote it) is left alone and reported unchanged: no write, and not counted as
    /// pulled.
    private static func applyRow(_ row: ServerRow, _ statements: RowStatements, _ db: Database) throws
        -> UpsertOutcome
    {
        let id = row.id.lowercased()
        let exists = try Int.fetchOne(db.cachedStatement(sql: statements.exists), arguments: [id]) != nil
        let arguments: StatementArguments = ["id": id, "fields": row.fields, "version": row.version]
        if exists {
            try db.cachedStatement(sql: statements.update).execute(arguments: arguments)
            return db.changesCount == 0 ? .unchanged : .updated
        }
        try db.cachedStatement(sql: statements.insert).execute(arguments: arguments)
        return .inserted
    }

    static func conflicts(_ db: Database, where condition: String, arguments: StatementArguments) throws
        -> [SyncConflictRecord]
    {
        var records: [SyncConflictRecord] = []
        let rows = try Row.fetchCursor(
            db,
            sql: """
                SELECT id, entity, entity_id, field, mine_json, theirs_json, reason, created_at, resolved_at, resolution
                FROM sync_conflicts WHERE \(condition) ORDER BY created_at DESC, id
                """, arguments: arguments)
        while let row = try rows.next() {
            records.append(
                SyncConflictRecord(
                    id: try row.decode(String.self, atIndex: 0), entity: try row.decode(String.self, atIndex: 1),
                    entityID: try row.decode(String.self, atIndex: 2), field: try row.decode(String.self, atIndex: 3),
                    mineJSON: try row.decode(String?.self, atIndex: 4),
                    theirsJSON: try row.decode(String?.self, atIndex: 5),
                    reason: try row.decode(String?.self, atIndex: 6),
                    createdAt: Date(storedMilliseconds: try row.decode(Int64.self, atIndex: 7)),
                    resolvedAt: try row.decode(Int64?.self, atIndex: 8).map(Date.init(storedMilliseconds:)),
                    resolution: try row.decode(String?.self, atIndex: 9)))
        }
        return records
    }

    /// Settles an open conflict. One already settled counts as not found: two devices' commands (or two
    /// terminals) that both read it open must not both write, the second over the first.
    static func resolve(_ db: Database, id: String, resolution: String, at date: Date) throws {
        try db.execute(
            sql: "UPDATE sync_conflicts SET resolved_at = ?, resolution = ? WHERE id = ? AND resolved_at IS NULL",
            arguments: [date.storedMilliseconds, resolution, id.lowercased()])
        guard db.changesCount > 0 else {
            throw LocalStorageError.notFound(entity: "conflict", id: id)
        }
    }
}
