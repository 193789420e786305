import Foundation

// The records of sync (issue 8). LocalStorage knows nothing of the server or its protocol: these are
// rows of the change log, of `sync_conflicts` and `team_members`, and the sync settings, in the
// store's own vocabulary. Field values travel as JSON text, exactly as the change log images hold
// them (column names as keys, dates as integer milliseconds, tags and intervals as arrays).

/// One row of the change log that the server has not acknowledged yet.
public struct PendingChange: Sendable, Equatable {
    /// The change's number on this device (`changes.seq`): increasing, the order of the changes.
    public var seq: Int64
    /// The table's entity name: `project`, `task_list`, `task`, `timer` or `time_entry`.
    public var entity: String
    public var entityID: String
    /// `insert`, `update` or `delete`.
    public var operation: String
    /// The row before the change as a JSON object of its columns; nil for an insert.
    public var before: String?
    /// The row after the change as a JSON object of its columns.
    public var after: String?

    public init(
        seq: Int64, entity: String, entityID: String, operation: String, before: String?, after: String?
    ) {
        self.seq = seq
        self.entity = entity
        self.entityID = entityID
        self.operation = operation
        self.before = before
        self.after = after
    }
}

/// A run of pending changes, read by ``LocalStore/pendingChanges(after:byteBudget:)``.
public struct PendingChanges: Sendable, Equatable {
    /// The first number of the range the changes cover: always one more than the `after` asked for,
    /// so consecutive ranges never leave a hole even where the log skipped a number.
    public var first: Int64
    /// The last number of the range: the `seq` of the last change included (or `first - 1` when empty).
    public var last: Int64
    /// The changes, oldest first.
    public var changes: [PendingChange]
    /// Whether more changes wait after `last`.
    public var hasMore: Bool

    public init(first: Int64, last: Int64, changes: [PendingChange], hasMore: Bool) {
        self.first = first
        self.last = last
        self.changes = changes
        self.hasMore = hasMore
    }
}

/// A record as the server holds it, to be written here without entering the change log.
public struct ServerRow: Sendable, Equatable {
    /// The table's entity name (`task_list`, not the wire's `taskList`).
    public var entity: String
    public var id: String
    /// The server's version of the record; stored in the row's `version`.
    public var version: Int64
    /// A JSON object of column values (column names as keys). Columns absent from it keep their
    /// stored value; `id`, `number` and `version` in it are ignored.
    public var fields: String

    public init(entity: String, id: String, version: Int64, fields: String) {
        self.entity = entity
        self.id = id
        self.version = version
        self.fields = fields
    }
}

/// A field a push lost to the server's value, or a mutation the server rejected: one row of
/// `sync_conflicts`, kept until the user settles it.
public struct SyncConflictRecord: Sendable, Equatable {
    public var id: String
    /// The table's entity name.
    public var entity: String
    public var entityID: String
    /// The column; "*" for a rejected mutation.
    public var field: String
    /// The value this device had, as JSON text (nil when unknown).
    public var mineJSON: String?
    /// The value the server kept, as JSON text (nil when unknown).
    public var theirsJSON: String?
    /// Why the server rejected the mutation; nil for a conflict.
    public var reason: String?
    public var createdAt: Date
    public var resolvedAt: Date?
    /// `mine` or `theirs` once resolved.
    public var resolution: String?

    public init(
        id: String, entity: String, entityID: String, field: String, mineJSON: String?, theirsJSON: String?,
        reason: String? = nil, createdAt: Date, resolvedAt: Date? = nil, resolution: String? = nil
    ) {
        self.id = id
        self.entity = entity
        self.entityID = entityID
        self.field = field
        self.mineJSON = mineJSON
        self.theirsJSON = theirsJSON
        self.reason = reason
        self.createdAt = createdAt
        self.resolvedAt = resolvedAt
        self.resolution = resolution
    }

    /// The field name of a row that records a rejected mutation.
    public static let rejectedField = "*"
}

/// A team member as cached from the server.
public struct TeamMemberRecord: Sendable, Equatable {
    public var id: String
    public var name: String
    public var fetchedAt: Date

    public init(id: String, name: String, fetchedAt: Date) {
        self.id = id
        self.name = name
        self.fetchedAt = fetchedAt
    }
}

/// The settings keys of the sync state. Stored in `settings`, outside the change log.
public enum SyncSettingKey: String, Sendable, CaseIterable {
    case server = "sync.server"
    case userID = "sync.user_id"
    case userName = "sync.user_name"
    case deviceID = "sync.device_id"
    case deviceName = "sync.device_name"
    case epoch = "sync.epoch"
    case cursor = "sync.cursor"
    /// The last change number the server acknowledged (decimal text).
    case pushedThrough = "sync.pushed_through"
    /// When the last sync finished (integer milliseconds since 1970, as text).
    case lastSyncAt = "sync.last_sync_at"
    /// Set ("1") when this device may lack some of its own changes as the server holds them (a push
    /// answer was lost, the server was ahead of it, a re-bootstrap): the next pull asks for every
    /// record, not only other devices' writes, and clears it when it has reached the end.
    case pullEverything = "sync.pull_everything"
    /// "on" when every local change starts a sync in the background (`stint config set auto-sync on`).
    /// A preference of the person, so a logout keeps it.
    case autoSync = "sync.auto"
    /// Why the last background sync failed (one line), until a sync succeeds.
    case autoSyncFailure = "sync.auto_failure"
}

/// The sync state, read in one transaction.
public struct SyncSettings: Sendable, Equatable {
    public var values: [SyncSettingKey: String]

    public init(values: [SyncSettingKey: String] = [:]) {
        self.values = values
    }

    public subscript(key: SyncSettingKey) -> String? {
        get { values[key] }
        set { values[key] = newValue }
    }

    /// The last change number the server acknowledged; 0 when nothing was ever pushed.
    public var pushedThrough: Int64 { values[.pushedThrough].flatMap { Int64($0) } ?? 0 }
}

/// What one sync transaction writes: see ``LocalStore/applySync(_:)``.
public struct SyncWrite: Sendable {
    /// Server records to write (rebased over the changes still pending after `pushedThrough`).
    public var rows: [ServerRow]
    /// Conflicts and rejections to keep.
    public var conflicts: [SyncConflictRecord]
    /// The new acknowledged change number, when a push was answered.
    public var pushedThrough: Int64?
    /// Settings to set (a nil value removes the key).
    public var settings: [SyncSettingKey: String?]

    public init(
        rows: [ServerRow] = [], conflicts: [SyncConflictRecord] = [], pushedThrough: Int64? = nil,
        settings: [SyncSettingKey: String?] = [:]
    ) {
        self.rows = rows
        self.conflicts = conflicts
        self.pushedThrough = pushedThrough
        self.settings = settings
    }
}

/// What ``LocalStore/applySync(_:)`` did to the rows it was given.
public struct SyncApplyCounts: Sendable, Equatable {
    public var inserted: Int
    public var updated: Int
    public var unchanged: Int

    public init(inserted: Int = 0, updated: Int = 0, unchanged: Int = 0) {
        self.inserted = inserted
        self.updated = updated
        self.unchanged = unchanged
    }
}
