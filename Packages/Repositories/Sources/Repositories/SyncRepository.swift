import Foundation

/// The link between this device and a server, once logged in.
public struct SyncAccount: Sendable, Hashable {
    public var server: URL
    public var userID: UUID
    public var userName: String
    public var deviceID: UUID
    public var deviceName: String

    public init(server: URL, userID: UUID, userName: String, deviceID: UUID, deviceName: String) {
        self.server = server
        self.userID = userID
        self.userName = userName
        self.deviceID = deviceID
        self.deviceName = deviceName
    }
}

/// How far a sync is, reported after each pushed batch and each pulled page.
public struct SyncProgress: Sendable, Hashable {
    public enum Phase: String, Sendable, Hashable {
        case push, pull
    }

    public var phase: Phase
    /// Changes pushed, or records pulled, so far.
    public var done: Int
    /// What there is to do in all, when known (the pending changes of a push).
    public var total: Int?

    public init(phase: Phase, done: Int, total: Int?) {
        self.phase = phase
        self.done = done
        self.total = total
    }
}

/// What one sync did.
public struct SyncSummary: Sendable, Hashable {
    /// Local changes the server acknowledged.
    public var pushed: Int
    /// Mutations by outcome.
    public var applied: Int
    public var merged: Int
    /// Fields that lost to the server's value (each kept as a conflict).
    public var conflicts: Int
    /// Why the server rejected mutations, one line each.
    public var rejected: [String]
    /// Records written from the server.
    public var pulled: Int
    /// The server had been reset or restored and this device started over with it (pending changes kept).
    public var rebootstrapped: Bool

    public init(
        pushed: Int = 0, applied: Int = 0, merged: Int = 0, conflicts: Int = 0, rejected: [String] = [],
        pulled: Int = 0, rebootstrapped: Bool = false
    ) {
        self.pushed = pushed
        self.applied = applied
        self.merged = merged
        self.conflicts = conflicts
        self.rejected = rejected
        self.pulled = pulled
        self.rebootstrapped = rebootstrapped
    }
}

/// The state of sync, read without the network.
public struct SyncStatus: Sendable, Hashable {
    /// Nil when not logged in.
    public var account: SyncAccount?
    /// Local changes not yet acknowledged by the server.
    public var pending: Int
    public var lastSync: Date?
    /// Open conflicts and rejections.
    public var conflicts: Int
    public var epoch: String?
    /// Whether every local change starts a background sync.
    public var autoSync: Bool
    /// Why the last background sync failed, until a sync succeeds.
    public var autoSyncFailure: String?

    public init(
        account: SyncAccount?, pending: Int, lastSync: Date?, conflicts: Int, epoch: String?, autoSync: Bool = false,
        autoSyncFailure: String? = nil
    ) {
        self.account = account
        self.pending = pending
        self.lastSync = lastSync
        self.conflicts = conflicts
        self.epoch = epoch
        self.autoSync = autoSync
        self.autoSyncFailure = autoSyncFailure
    }
}

/// What a command needs to know, after it changed something, to decide on a background sync: read
/// from the settings alone (no counting of pending changes), because it runs after every change.
public struct AutoSyncState: Sendable, Hashable {
    public var enabled: Bool
    public var loggedIn: Bool
    /// Why the last background sync failed, until a sync succeeds.
    public var lastFailure: String?

    public init(enabled: Bool, loggedIn: Bool, lastFailure: String?) {
        self.enabled = enabled
        self.loggedIn = loggedIn
        self.lastFailure = lastFailure
    }
}

/// Which side a conflict is settled for.
public enum ConflictSide: String, Sendable, Hashable {
    case mine, theirs
}

/// A value that lost to the server's (or a mutation the server rejected), kept until settled.
public struct SyncConflict: Sendable, Hashable {
    public var id: UUID
    public var entity: SyncEntity
    public var recordID: UUID
    /// A short human label of the record: `#12 "Title"` for a task, a project's or list's name.
    public var label: String
    /// The field; "*" when the whole mutation was rejected (see `reason`).
    public var field: String
    /// This device's value, which lost.
    public var mine: SyncValue
    /// The value the server kept (and this device now has).
    public var theirs: SyncValue
    /// Why the server rejected the mutation; nil for a conflict.
    public var reason: String?
    public var createdAt: Date
    public var resolvedAt: Date?
    public var resolution: ConflictSide?

    public init(
        id: UUID, entity: SyncEntity, recordID: UUID, label: String, field: String, mine: SyncValue,
        theirs: SyncValue, reason: String? = nil, createdAt: Date, resolvedAt: Date? = nil,
        resolution: ConflictSide? = nil
    ) {
        self.id = id
        self.entity = entity
        self.recordID = recordID
        self.label = label
        self.field = field
        self.mine = mine
        self.theirs = theirs
        self.reason = reason
        self.createdAt = createdAt
        self.resolvedAt = resolvedAt
        self.resolution = resolution
    }
}

/// Sync with a Stint server for the rest of the app: push, pull, merge and conflicts, behind the
/// illusion of a local store (every other repository keeps reading and writing the local file).
///
/// Everything that changes local data does so in LocalStorage transactions: a sync interrupted at
/// any point loses nothing and the next one carries on. Methods throw ``RepositoryError``:
/// `notLoggedIn` where an account is needed, `remote` with the server's failure, `storage` below.
public protocol SyncRepository: Sendable {
    /// Checks `token` with the server, registers this device, makes the server's user the local
    /// person (local timers and entries follow) and stores the token in the credentials file.
    /// - Throws: `remote(.unauthorized)` for a bad token; nothing is stored then.
    func login(server: URL, token: String, deviceName: String) async throws -> SyncAccount
    /// Forgets the token and the device registration; local data and pending changes stay.
    /// - Returns: The account that was logged out, nil when there was none.
    func logout() async throws -> SyncAccount?
    /// The current account, nil when not logged in. No network.
    func account() async throws -> SyncAccount?
    /// Pushes pending changes then pulls the server's, reporting progress per batch and page.
    /// A network failure or a 5xx leaves every pending change queued and throws `remote`.
    func sync(progress: @escaping @Sendable (SyncProgress) -> Void) async throws -> SyncSummary
    /// Account, pending changes, last sync and open conflicts. No network.
    func status() async throws -> SyncStatus
    /// Whether auto-sync is on, logged in or not, and how the last background sync ended. No network,
    /// no counting: cheap enough to ask after every change.
    func autoSyncState() async throws -> AutoSyncState
    /// Turns auto-sync on or off. A preference of the person: a logout keeps it.
    func setAutoSync(_ enabled: Bool) async throws
    /// Keeps why a background sync failed, so the next command can say so in one line. Any sync that
    /// succeeds clears it.
    func noteAutoSyncFailure(_ message: String) async throws
    /// Conflicts and rejections, newest first; resolved ones only when asked.
    func conflicts(includeResolved: Bool) async throws -> [SyncConflict]
    /// Settles a conflict named by a unique id prefix: `theirs` keeps the server's value (already
    /// here), `mine` writes this device's value back as a normal local change, pushed by the next sync.
    /// - Throws: `notFound` / `ambiguous` (kind `.syncConflict`) for the prefix; `conflict(.alreadyResolved)`
    ///   when it was settled before (nothing changes: taking a side again would write an old value over a newer one).
    func resolve(conflict idPrefix: String, take side: ConflictSide) async throws -> SyncConflict
    /// The server's users, from a cache (memory over the local file) younger than its time-to-live,
    /// else from the server; concurrent identical calls share one request. `refresh` skips the cache.
    /// Without `refresh`, when the server cannot be reached a stale cache is returned rather than nothing;
    /// with it (the caller asked for the server's list) the failure is thrown as `remote`.
    func teamMembers(refresh: Bool) async throws -> [TeamMember]
    /// The team as last fetched, however old, with no network and no login needed; empty when it was
    /// never fetched or after a logout. For showing names beside ids (a task's assignee): a read must
    /// neither wait for a server nor fail because there is none.
    func cachedTeamMembers() async throws -> [TeamMember]
}
