import Foundation

/// Limits every store applies alike.
public enum StoreLimits {
    /// The most records one page of changes returns, whatever the caller asks.
    public static let maximumPage = 5_000
}

/// The server's store. Nothing in it may assume SQLite (PostgresServerStore implements it on PostgreSQL).
///
/// It is the one place where users, tokens, devices and records live, so that the HTTP layer stays
/// stateless and several server processes could share one database. Every method is one
/// transaction: a push is applied whole or not at all, together with the device's last mutation
/// number and the answer a retry gets.
public protocol ServerStore: Sendable {
    /// The random id of this store's life; a reset or restored store has a new one.
    func epoch() async throws(ServerError) -> String
    /// Gives the store a new epoch and returns it: run after restoring a backup, so every device notices, pulls
    /// everything again and pushes what it still holds, instead of meeting a server that forgot its latest changes.
    func renewEpoch() async throws(ServerError) -> String
    /// Adds a user and their first token.
    func addUser(name: String) async throws(ServerError) -> IssuedToken
    /// Every user, oldest first.
    func users() async throws(ServerError) -> [ServerUser]
    /// A new token for the user named (case-insensitively) or identified by `nameOrID`; with `expiresAt`, it stops
    /// authenticating at that instant by itself (ADR 0025).
    func createToken(forUser nameOrID: String, expiresAt: Date?) async throws(ServerError) -> IssuedToken
    /// Revokes the token with this id, or the only one whose id starts with `idOrPrefix`.
    func revokeToken(_ idOrPrefix: String) async throws(ServerError) -> TokenInfo
    /// The tokens of a user, oldest first.
    func tokens(ofUser nameOrID: String) async throws(ServerError) -> [TokenInfo]
    /// The user a bearer secret belongs to, nil when unknown, revoked or expired (constant-time compare of hashes).
    func authenticate(secret: String) async throws(ServerError) -> ServerUser?
    /// Registers a device under `user` (its next push starts at `startAfter + 1`), or returns it
    /// unchanged but renamed when it is already the user's; a device of another user is forbidden.
    func registerDevice(id: UUID, name: String, user: ServerUser, startAfter: Int64) async throws(ServerError)
        -> DeviceInfo
    /// Applies a batch in one transaction (see the sync protocol): replays, gaps and epochs are checked first.
    func push(_ input: PushInput, by user: ServerUser, at now: Date) async throws(ServerError) -> PushOutput
    /// Records whose sequence is greater than `sequence`, in sequence order, that `user` may see.
    ///
    /// With `device`, records whose last write was that device's own mutation are left out: the
    /// device holds them already (the push answer carried them), and sending a first push of
    /// 100,000 records straight back doubled its cost. Records the server changed on a device's
    /// behalf (a timer paused by the one-running-timer rule) are not the device's writes and are sent.
    /// When the page is the last one, its sequence is the newest the store has, so a device's
    /// cursor moves past records left out at the end and the next pull finds nothing.
    func changes(after sequence: Int64, limit: Int, for user: ServerUser, leavingOut device: UUID?)
        async throws(ServerError) -> ChangesOutput
    /// The same page as ``changes(after:limit:for:leavingOut:)``, each record's fields left as the store's JSON
    /// text (`fieldsText`) with `fields` empty: a JSON Lines page copies the text, and parsing a hundred records
    /// a page was a fifth of the pull endpoint's time.
    func changesAsText(after sequence: Int64, limit: Int, for user: ServerUser, leavingOut device: UUID?)
        async throws(ServerError) -> ChangesOutput
}

extension ServerStore {
    /// A token that lasts until revoked.
    public func createToken(forUser nameOrID: String) async throws(ServerError) -> IssuedToken {
        try await createToken(forUser: nameOrID, expiresAt: nil)
    }
}
