import Foundation

// The feature's own models. The host's adapter maps its sync types onto these, so a change in the sync engine or on
// the wire does not ripple into the feature. Ids are lowercase UUID strings; values a person reads (a conflict's two
// sides) arrive already as text.
//
// JSON keys are snake_case and stable; absent values are explicit `null`.

/// Who this device is on a server: what `login` answers and what `status` shows.
///
/// JSON: `server` (the URL as given at login), `user_id`, `user_name`, `device_id`, `device_name`. Never a token: the
/// feature never sees one after `login` has passed it on.
public struct SyncAccount: Sendable, Hashable, Codable {
    /// The server's URL, as the user gave it at login (normalised by the implementation).
    public var server: String
    public var userID: String
    public var userName: String
    /// This device's id on the server (made on the device, lowercase UUID).
    public var deviceID: String
    public var deviceName: String

    public init(server: String, userID: String, userName: String, deviceID: String, deviceName: String) {
        self.server = server
        self.userID = userID
        self.userName = userName
        self.deviceID = deviceID
        self.deviceName = deviceName
    }

    private enum CodingKeys: String, CodingKey {
        case server
        case userID = "user_id"
        case userName = "user_name"
        case deviceID = "device_id"
        case deviceName = "device_name"
    }
}

/// Where this device stands, read without the network.
///
/// JSON (`stint sync status --json`): `logged_in` (bool), `account` (a ``SyncAccount`` object, or `null` when not
/// logged in), `pending_changes` (int), `last_sync_at` (ISO-8601, or `null` before the first sync), `conflicts` (int,
/// the unresolved ones), `auto_sync` (bool), `auto_sync_failure` (why the last background sync failed, or `null`).
public struct SyncStatus: Sendable, Hashable, Encodable {
    /// `nil` when the device is not logged in: Stint then works offline, exactly as without a server.
    public var account: SyncAccount?
    /// Local changes not yet accepted by the server (recorded even while logged out).
    public var pendingChanges: Int
    /// When the last sync finished; `nil` when this device never synced with its server.
    public var lastSyncAt: Date?
    /// Unresolved conflicts.
    public var conflicts: Int
    /// The implementation's "now" when it read the status. The last sync is described relative to it ("5 min ago"),
    /// because the feature never reads the clock. Not part of the JSON.
    public var checkedAt: Date
    /// Whether every local change starts a sync in the background (`stint config set auto-sync on`).
    public var autoSync: Bool
    /// Why the last background sync failed, one line; `nil` once a sync succeeded.
    public var autoSyncFailure: String?

    public init(
        account: SyncAccount?, pendingChanges: Int, lastSyncAt: Date?, conflicts: Int, checkedAt: Date,
        autoSync: Bool = false, autoSyncFailure: String? = nil
    ) {
        self.account = account
        self.pendingChanges = pendingChanges
        self.lastSyncAt = lastSyncAt
        self.conflicts = conflicts
        self.checkedAt = checkedAt
        self.autoSync = autoSync
        self.autoSyncFailure = autoSyncFailure
    }

    private enum CodingKeys: String, CodingKey {
        case loggedIn = "logged_in"
        case account
        case pendingChanges = "pending_changes"
        case lastSyncAt = "last_sync_at"
        case conflicts
        case autoSync = "auto_sync"
        case autoSyncFailure = "auto_sync_failure"
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(account != nil, forKey: .loggedIn)
        try container.encode(account, forKey: .account)
        try container.encode(pendingChanges, forKey: .pendingChanges)
        try container.encode(lastSyncAt, forKey: .lastSyncAt)
        try container.encode(conflicts, forKey: .conflicts)
        try container.encode(autoSync, forKey: .autoSync)
        try container.encode(autoSyncFailure, forKey: .autoSyncFailure)
    }
}

/// A setting of `stint config`. Auto-sync is the only one so far; it belongs to sync, so the sync feature owns it.
public enum SyncSetting: String, Sendable, Hashable, CaseIterable {
    /// `auto-sync`: every local change starts a sync in the background (on or off).
    case autoSync = "auto-sync"

    /// Reads a switch the way people write one: on/off, true/false, yes/no, 1/0 (any case).
    public static func parseSwitch(_ text: String) -> Bool? {
        switch text.trimmingCharacters(in: .whitespaces).lowercased() {
        case "on", "true", "yes", "1": true
        case "off", "false", "no", "0": false
        default: nil
        }
    }
}

/// Which half of a sync is under way.
public enum SyncPhase: String, Sendable, Hashable, Codable, CaseIterable {
    /// Sending this device's changes to the server.
    case pushing = "push"
    /// Receiving the changes other devices made.
    case pulling = "pull"
}

/// How far a sync has got, as the implementation reports it while it runs.
public struct SyncProgress: Sendable, Hashable {
    public var phase: SyncPhase
    /// Changes sent (pushing) or received (pulling) so far in this phase.
    public var done: Int
    /// How many the phase will handle, when known (a pull learns its size only page by page); `nil` draws a running
    /// count instead of a percentage.
    public var total: Int?

    public init(phase: SyncPhase, done: Int, total: Int?) {
        self.phase = phase
        self.done = done
        self.total = total
    }
}

/// A pushed change the server refused, for good: it is settled and never blocks the changes behind it.
///
/// JSON: `entity` ("project", "task list", "task", "timer", "time entry"), `record_id`, `label` (the record's title
/// or name, `""` when it has none), `reason` (one line from the server).
public struct RejectedChange: Sendable, Hashable, Codable {
    /// What kind of record, in words: "task", "project", "task list", "timer", "time entry".
    public var entity: String
    public var recordID: String
    /// The record's title or name as people know it; empty when it has none (a timer, an entry).
    public var label: String
    public var reason: String

    public init(entity: String, recordID: String, label: String, reason: String) {
        self.entity = entity
        self.recordID = recordID
        self.label = label
        self.reason = reason
    }

    private enum CodingKeys: String, CodingKey {
        case entity
        case recordID = "record_id"
        case label, reason
    }
}

/// What one `stint sync` did.
///
/// JSON: `server`, `pushed` (int), `conflicts` (int, new this sync), `rejected` (array of ``RejectedChange``),
/// `pulled` (int), `server_reset` (bool), `up_to_date` (bool: nothing went either way).
public struct SyncSummary: Sendable, Hashable, Encodable {
    /// The server synced with.
    public var server: String
    /// Changes sent to the server (after compaction: several edits of one record count once).
    public var pushed: Int
    /// Pushed changes that lost at least one field to a change made elsewhere; each is now a conflict record.
    public var conflicts: Int
    /// Pushed changes the server refused.
    public var rejected: [RejectedChange]
    /// Records received from the server that other devices changed (this device's own changes coming back are not
    /// counted).
    public var pulled: Int
    /// The server had been reset or restored (a new epoch): the device pulled everything again and kept its pending
    /// changes.
    public var serverReset: Bool

    public init(
        server: String, pushed: Int, conflicts: Int = 0, rejected: [RejectedChange] = [], pulled: Int,
        serverReset: Bool = false
    ) {
        self.server = server
        self.pushed = pushed
        self.conflicts = conflicts
        self.rejected = rejected
        self.pulled = pulled
        self.serverReset = serverReset
    }

    /// Nothing went either way.
    public var isUpToDate: Bool { pushed == 0 && pulled == 0 && rejected.isEmpty && !serverReset }

    private enum CodingKeys: String, CodingKey {
        case server, pushed, conflicts, rejected, pulled
        case serverReset = "server_reset"
        case upToDate = "up_to_date"
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(server, forKey: .server)
        try container.encode(pushed, forKey: .pushed)
        try container.encode(conflicts, forKey: .conflicts)
        try container.encode(rejected, forKey: .rejected)
        try container.encode(pulled, forKey: .pulled)
        try container.encode(serverReset, forKey: .serverReset)
        try container.encode(isUpToDate, forKey: .upToDate)
    }
}

/// A field changed both here and on another device: the server kept the value that reached it first ("theirs") and
/// this device kept the one that lost ("mine") here, so nothing is lost silently.
///
/// JSON: `id`, `entity`, `record_id`, `label`, `field`, `mine` (string or `null`), `theirs` (string or `null`),
/// `created_at`, `resolved_at` (ISO-8601 or `null`), `resolution` (`"mine"`, `"theirs"` or `null` while open).
public struct SyncConflict: Sendable, Hashable, Codable, Identifiable {
    /// Which side of a conflict to keep.
    public enum Side: String, Sendable, Hashable, Codable, CaseIterable {
        /// This device's value: it replaces the server's and is pushed on the next sync.
        case mine
        /// The server's value, which already holds: the conflict is only marked resolved.
        case theirs
    }

    /// The conflict's own id (lowercase UUID); a unique prefix is accepted back by `resolve`.
    public var id: String
    /// What kind of record, in words: "task", "project", "task list", "timer", "time entry".
    public var entity: String
    public var recordID: String
    /// The record's title or name as it is now; empty when it has none.
    public var label: String
    /// The field as people call it ("title", "due", "status", "deleted").
    public var field: String
    /// This device's value, ready to show; `nil` when it was empty.
    public var mine: String?
    /// The value that holds, ready to show; `nil` when it is empty.
    public var theirs: String?
    public var createdAt: Date
    public var resolvedAt: Date?
    /// `nil` while the conflict is open.
    public var resolution: Side?

    public init(
        id: String, entity: String, recordID: String, label: String, field: String, mine: String?, theirs: String?,
        createdAt: Date, resolvedAt: Date? = nil, resolution: Side? = nil
    ) {
        self.id = id
        self.entity = entity
        self.recordID = recordID
        self.label = label
        self.field = field
        self.mine = mine
        self.theirs = theirs
        self.createdAt = createdAt
        self.resolvedAt = resolvedAt
        self.resolution = resolution
    }

    public var isResolved: Bool { resolution != nil }

    private enum CodingKeys: String, CodingKey {
        case id, entity
        case recordID = "record_id"
        case label, field, mine, theirs
        case createdAt = "created_at"
        case resolvedAt = "resolved_at"
        case resolution
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        id = try container.decode(String.self, forKey: .id)
        entity = try container.decode(String.self, forKey: .entity)
        recordID = try container.decode(String.self, forKey: .recordID)
        label = try container.decode(String.self, forKey: .label)
        field = try container.decode(String.self, forKey: .field)
        mine = try container.decodeIfPresent(String.self, forKey: .mine)
        theirs = try container.decodeIfPresent(String.self, forKey: .theirs)
        createdAt = try container.decode(Date.self, forKey: .createdAt)
        resolvedAt = try container.decodeIfPresent(Date.self, forKey: .resolvedAt)
        resolution = try container.decodeIfPresent(Side.self, forKey: .resolution)
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(id.lowercased(), forKey: .id)
        try container.encode(entity, forKey: .entity)
        try container.encode(recordID.lowercased(), forKey: .recordID)
        try container.encode(label, forKey: .label)
        try container.encode(field, forKey: .field)
        try container.encode(mine, forKey: .mine)
        try container.encode(theirs, forKey: .theirs)
        try container.encode(createdAt, forKey: .createdAt)
        try container.encode(resolvedAt, forKey: .resolvedAt)
        try container.encode(resolution, forKey: .resolution)
    }
}

/// Someone on the server: everyone there shares projects, lists and tasks.
///
/// JSON: `id`, `name`, `is_you` (bool).
public struct TeamMember: Sendable, Hashable, Codable, Identifiable {
    public var id: String
    public var name: String
    /// The member this device is logged in as.
    public var isYou: Bool

    public init(id: String, name: String, isYou: Bool) {
        self.id = id
        self.name = name
        self.isYou = isYou
    }

    private enum CodingKeys: String, CodingKey {
        case id, name
        case isYou = "is_you"
    }
}
