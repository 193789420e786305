import Foundation
import SyncFeature

/// A working ``SyncServices`` over memory: one pretend server with its users and its waiting changes, and this
/// device's login, pending changes and conflict records.
///
/// It keeps the rules ``SyncServices`` states (and `SyncFeatureContract` checks): pending changes are counted logged
/// in or not and survive a failed sync, `pulled` never counts this device's own changes, a conflict stays until
/// resolved and taking `mine` makes a new pending change. Whatever the server address, it reaches the one pretend
/// server; ``takeServerOffline()`` makes every server call fail as an unreachable server would.
///
/// Errors are ``SyncFeatureError``s. Its clock stands still unless moved with ``advanceClock(by:)``.
public actor InMemorySyncServices: SyncServices {
    /// Someone on the pretend server.
    struct User: Sendable {
        var id: String
        var name: String
        var token: String
    }

    /// A change made on this device that will meet a change made elsewhere when it is pushed.
    struct ScriptedConflict: Sendable {
        var entity: String
        var recordID: String
        var label: String
        var field: String
        var mine: String?
        var theirs: String?
    }

    private var users: [User] = []
    private var online = true
    /// Changes other devices pushed that this device has not pulled yet.
    private var waitingOnServer = 0
    private var signedIn: SyncAccount?
    /// This device's id, made at its first login and kept across logins, like a real device's.
    private var deviceID: String?
    private var pending = 0
    private var scriptedConflicts: [ScriptedConflict] = []
    private var scriptedRejections: [RejectedChange] = []
    private var records: [SyncConflict] = []
    private var lastSync: Date?
    private var autoSync = false
    private var cachedTeam: [User]?
    private var now: Date
    private let makeID: @Sendable () -> String
    private let stepDelay: Duration

    /// How many requests reached the pretend server (login checks, pushes, pulls, team reads).
    public private(set) var serverRequests = 0

    /// - Parameters:
    ///   - now: the fake's clock, which moves only with ``advanceClock(by:)``.
    ///   - makeID: makes ids for devices, users and conflicts (random lowercase UUIDs by default).
    ///   - stepDelay: a pause between progress reports, so the demo's progress line can be seen; zero in tests.
    public init(
        now: Date = Date(timeIntervalSince1970: 1_772_442_000),
        makeID: @escaping @Sendable () -> String = { UUID().uuidString.lowercased() },
        stepDelay: Duration = .zero
    ) {
        self.now = now
        self.makeID = makeID
        self.stepDelay = stepDelay
    }

    // MARK: SyncServices

    public func account() -> SyncAccount? { signedIn }

    public func login(server: String, token: String, deviceName: String) async throws -> SyncAccount {
        try reachServer(server)
        guard let user = users.first(where: { $0.token == token }) else {
            throw SyncFeatureError.remote(server: server, message: "the server refused the token")
        }
        let device = deviceID ?? makeID()
        deviceID = device
        let account = SyncAccount(
            server: server, userID: user.id, userName: user.name, deviceID: device, deviceName: deviceName)
        if signedIn?.userID != user.id { cachedTeam = nil }
        signedIn = account
        return account
    }

    public func logout() -> SyncAccount? {
        defer {
            signedIn = nil
            cachedTeam = nil
        }
        return signedIn
    }

    public func sync(progress: @escaping @Sendable (SyncProgress) -> Void) async throws -> SyncSummary {
        guard let account = signedIn else { throw SyncFeatureError.notLoggedIn }
        try reachServer(account.server)

        let pushed = pending
        try await report(.pushing, total: pushed, progress)
        for conflict in scriptedConflicts {
            records.append(
                SyncConflict(
                    id: makeID(), entity: conflict.entity, recordID: conflict.recordID, label: conflict.label,
                    field: conflict.field, mine: conflict.mine, theirs: conflict.theirs, createdAt: now))
        }
        let summary = SyncSummary(
            server: account.server, pushed: pushed, conflicts: scriptedConflicts.count, rejected: scriptedRejections,
            pulled: waitingOnServer)
        pending = 0
        scriptedConflicts = []
        scriptedRejections = []

        serverRequests += 1
        try await report(.pulling, total: summary.pulled, progress)
        waitingOnServer = 0
        lastSync = now
        return summary
    }

    public func status() -> SyncStatus {
        SyncStatus(
            account: signedIn, pendingChanges: pending, lastSyncAt: signedIn == nil ? nil : lastSync,
            conflicts: records.filter { !$0.isResolved }.count, checkedAt: now, autoSync: autoSync)
    }

    public func setAutoSync(_ enabled: Bool) {
        autoSync = enabled
    }

    public func conflicts(includeResolved: Bool) -> [SyncConflict] {
        // Newest first; records made in one sync keep the order they were made in.
        records.enumerated()
            .filter { includeResolved || !$0.element.isResolved }
            .sorted { ($0.element.createdAt, $0.offset) > ($1.element.createdAt, $1.offset) }
            .map(\.element)
    }

    public func resolve(id: String, take side: SyncConflict.Side) throws -> SyncConflict {
        let prefix = id.trimmingCharacters(in: .whitespaces).lowercased()
        let matches = prefix.isEmpty ? [] : records.indices.filter { records[$0].id.lowercased().hasPrefix(prefix) }
        guard matches.count < 2 else {
            throw SyncFeatureError.ambiguousConflict(
                reference: id, candidates: matches.map { String(records[$0].id.lowercased().prefix(8)) })
        }
        guard let index = matches.first else { throw SyncFeatureError.conflictNotFound(reference: id) }
        if let earlier = records[index].resolution {
            throw SyncFeatureError.alreadyResolved(id: records[index].id, side: earlier)
        }
        records[index].resolution = side
        records[index].resolvedAt = now
        // Keeping mine writes my value over the server's: a new local change for the next sync to push.
        if side == .mine { pending += 1 }
        return records[index]
    }

    public func team(refresh: Bool) throws -> [TeamMember] {
        guard let account = signedIn else { throw SyncFeatureError.notLoggedIn }
        if refresh || cachedTeam == nil {
            try reachServer(account.server)
            cachedTeam = users
        }
        return (cachedTeam ?? [])
            .sorted { $0.name.lowercased() < $1.name.lowercased() }
            .map { TeamMember(id: $0.id, name: $0.name, isYou: $0.id == account.userID) }
    }

    // MARK: Seeding and steering

    /// Adds a user to the pretend server and returns their token.
    @discardableResult
    public func addUser(named name: String, id: String? = nil, token: String? = nil) -> String {
        let token = token ?? "stint_" + makeID().replacingOccurrences(of: "-", with: "")
        users.append(User(id: id ?? makeID(), name: name, token: token))
        return token
    }

    /// Records `count` local changes, as adding or editing items on this device does.
    public func makeLocalChanges(_ count: Int) {
        pending += max(0, count)
    }

    /// Makes `count` changes on another device, waiting on the server for this one to pull.
    public func makeRemoteChanges(_ count: Int) {
        waitingOnServer += max(0, count)
    }

    /// A local change (counted as pending) whose `field` another device changed too: the next sync records a conflict
    /// in which `theirs` holds.
    public func makeConflict(
        entity: String = "task", recordID: String? = nil, label: String, field: String, mine: String?, theirs: String?
    ) {
        pending += 1
        scriptedConflicts.append(
            ScriptedConflict(
                entity: entity, recordID: recordID ?? makeID(), label: label, field: field, mine: mine,
                theirs: theirs))
    }

    /// A local change (counted as pending) that the server will refuse at the next sync, for `reason`.
    public func makeRejectedChange(entity: String, label: String, reason: String, recordID: String? = nil) {
        pending += 1
        scriptedRejections.append(
            RejectedChange(entity: entity, recordID: recordID ?? makeID(), label: label, reason: reason))
    }

    /// Adds a conflict record as an earlier sync would have left it.
    public func seedConflict(_ conflict: SyncConflict) {
        records.append(conflict)
    }

    /// Logs in without a server round trip, as a device that logged in earlier starts.
    public func seedLogin(_ account: SyncAccount, lastSync: Date?) {
        signedIn = account
        deviceID = account.deviceID
        self.lastSync = lastSync
    }

    /// Every server call fails from now on as an unreachable server's would; `false` brings the server back.
    public func takeServerOffline(_ offline: Bool = true) {
        online = !offline
    }

    /// Moves the fake's clock forward.
    public func advanceClock(by seconds: TimeInterval) {
        now += seconds
    }

    // MARK: Helpers

    private func reachServer(_ server: String) throws {
        serverRequests += 1
        guard online else {
            throw SyncFeatureError.remote(server: server, message: "could not connect to the server")
        }
    }

    /// Reports a phase in a few steps, the way a batched push or a paged pull does: a push knows its size up front, a
    /// pull (whose pages carry no count) reports no total.
    private func report(
        _ phase: SyncPhase, total: Int, _ progress: @escaping @Sendable (SyncProgress) -> Void
    ) async throws {
        guard total > 0 else { return }
        let steps = min(total, 10)
        for step in 0...steps {
            progress(
                SyncProgress(phase: phase, done: total * step / steps, total: phase == .pushing ? total : nil))
            if stepDelay > .zero, step < steps { try await Task.sleep(for: stepDelay) }
        }
    }
}
