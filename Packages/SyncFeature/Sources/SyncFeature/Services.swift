import Foundation

/// Everything the sync feature needs from the outside world: the account, the sync itself, its conflicts and the team.
///
/// Sync is the one place where Stint meets a network, so the feature keeps none of it: the App implements this with
/// an adapter over its sync worker (and so over the sync repository), the tests and the demo with the in-memory fake.
/// `SyncFeatureContract` states the behaviour below as scenarios, and both run them.
///
/// Rules every implementation keeps:
/// - Without a login, nothing here touches the network; `account`, `status` and `conflicts` never do.
/// - Local changes are counted as pending from the moment they are made, logged in or not; a sync that fails (the
///   server unreachable, too slow, a 5xx) leaves every pending change queued. A change the server rejected is settled:
///   it is reported once, in that sync's summary, and never blocks the queue.
/// - A sync pushes first, then pulls. Its `pulled` counts what other devices changed, never this device's own changes
///   coming back, so a second sync with nothing new says so (`isUpToDate`).
/// - A field that lost to a change made elsewhere becomes one conflict record; it stays until resolved, logged out
///   or not. Taking `mine` makes a new local change (pending until the next sync); taking `theirs` changes nothing
///   but the record.
/// - A token is checked with the server before it is kept, is kept only where the App decides (a private file), and
///   never appears in a returned value or an error.
///
/// Errors are the implementation's own, rethrown unchanged by the feature, of the kinds ``SyncFeatureError/Kind``
/// names: not logged in, not found and ambiguous (a conflict reference), conflict (a conflict already resolved),
/// invalid input, remote (the server could not be used: say why in one line), or a storage failure. An implementation
/// with no error type of its own may throw ``SyncFeatureError``.
public protocol SyncServices: Sendable {
    /// The account this device is logged in as, or `nil`. No network.
    /// - Throws: a storage failure.
    func account() async throws -> SyncAccount?

    /// Checks `token` with the server at `server`, registers this device there under the token's user, and keeps the
    /// token and the account. Logging in again to the same server (a new token) keeps the device.
    /// - Parameters:
    ///   - server: an http or https URL (the feature has checked its shape).
    ///   - token: the user's token, not empty.
    ///   - deviceName: how this device is shown to the team (the App passes the host name unless told otherwise).
    /// - Returns: the account now in use.
    /// - Throws: remote when the server cannot be reached or refuses the token (then nothing is kept); a storage
    ///   failure.
    func login(server: String, token: String, deviceName: String) async throws -> SyncAccount

    /// Forgets the token and the account. Local data, pending changes and conflicts stay on the device.
    /// - Returns: the account that was logged out of, or `nil` when there was none (not an error).
    /// - Throws: a storage failure.
    func logout() async throws -> SyncAccount?

    /// Pushes this device's pending changes, then pulls what other devices changed, merging field by field.
    /// - Parameter progress: called as the sync advances, from any task; cheap to call often.
    /// - Returns: what went each way, with the conflicts it made and the changes the server rejected.
    /// - Throws: not logged in; remote (pending changes stay queued); a storage failure.
    func sync(progress: @escaping @Sendable (SyncProgress) -> Void) async throws -> SyncSummary

    /// Where this device stands: account, pending changes, last sync, unresolved conflicts, auto-sync. No network,
    /// logged in or not.
    /// - Throws: a storage failure.
    func status() async throws -> SyncStatus

    /// Turns auto-sync on or off: with it on, the host starts a sync in the background after every local change. A
    /// preference of the person, kept across logout and login; it does nothing while logged out. No network.
    /// - Throws: a storage failure.
    func setAutoSync(_ enabled: Bool) async throws

    /// The conflict records, newest first.
    /// - Parameter includeResolved: `false` lists only the open ones.
    /// - Throws: a storage failure.
    func conflicts(includeResolved: Bool) async throws -> [SyncConflict]

    /// Resolves one open conflict by keeping one side.
    /// - Parameters:
    ///   - id: a conflict id or a unique prefix of it (case-insensitive).
    ///   - take: the side that holds afterwards.
    /// - Returns: the conflict, resolved.
    /// - Throws: not found or ambiguous `id`; conflict when it was already resolved; a storage failure.
    func resolve(id: String, take: SyncConflict.Side) async throws -> SyncConflict

    /// The people on the server, ordered by name (case-insensitive), this device's user marked.
    /// - Parameter refresh: ask the server even when a recent copy is kept.
    /// - Throws: not logged in; remote when the server is needed and cannot be used; a storage failure.
    func team(refresh: Bool) async throws -> [TeamMember]
}

/// Receives usage events so the host can count what people do with sync.
///
/// Events carry counts and flags only, never server addresses, names, tokens or values. Tracking must not fail or
/// block: the implementation queues or drops events as it sees fit.
public protocol SyncAnalytics: Sendable {
    /// Records one event, after the operation succeeded.
    func track(_ event: SyncEvent)
}

/// A usage event of the sync feature. Carries no addresses, names or values.
public enum SyncEvent: Sendable, Hashable {
    /// `again` when the device was already logged in to that server (a new token).
    case loggedIn(again: Bool)
    /// `wasLoggedIn` is false when there was nothing to log out of.
    case loggedOut(wasLoggedIn: Bool)
    case synced(pushed: Int, pulled: Int, conflicts: Int, rejected: Int)
    case statusShown(loggedIn: Bool, pending: Int, conflicts: Int)
    case conflictsListed(count: Int, includeResolved: Bool)
    case conflictResolved(SyncConflict.Side)
    case teamListed(count: Int, refreshed: Bool)
    case autoSyncSet(enabled: Bool)
}
