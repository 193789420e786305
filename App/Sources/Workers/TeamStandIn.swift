import Entities
import Foundation
import Repositories

/// A stand-in for a Stint server that knows its users and nothing else: a login and the team list work
/// against it, a push or a pull fails as unreachable. It exists because the layers above the workers may
/// not see Repositories (0016), so their tests cannot fake a server themselves; with it they log in and
/// assign tasks through the real login, settings, credentials file and team cache. `stint` never uses it.
@_spi(Testing) public final class TeamStandIn: @unchecked Sendable {
    /// Where the stand-in "is": a loopback port nothing listens on, so a real `stint` run that does reach
    /// for the server fails at once as unreachable.
    public static let server = URL(string: "http://127.0.0.1:9") ?? URL(fileURLWithPath: "/")
    private let lock = NSLock()
    private var users: [TeamMember] = []

    public init() {}

    /// Sets the server's users; the first is the one every token logs in as. Returns their ids, in order.
    @discardableResult
    public func setUsers(_ names: [String]) -> [UUID] {
        let members = names.map { TeamMember(id: UUID(), name: $0) }
        lock.withLock { users = members }
        return members.map(\.id)
    }

    fileprivate var current: [TeamMember] { lock.withLock { users } }
}

/// The service a ``TeamStandIn`` answers as.
struct StandInSyncService: SyncService {
    let standIn: TeamStandIn

    private var offline: RemoteFailure { .unreachable("the stand-in server does not sync") }

    func session() async throws(RemoteFailure) -> RemoteSession {
        guard let you = standIn.current.first else { throw .unauthorized("the stand-in server has no users") }
        return RemoteSession(userID: you.id, userName: you.name, epoch: "stand-in", protocolVersion: 1)
    }

    func registerDevice(id: UUID, name: String, startAfter: Int64) async throws(RemoteFailure) -> RemoteDevice {
        let you = try await session()
        return RemoteDevice(id: id, name: name, userID: you.userID, lastMutation: startAfter, epoch: you.epoch)
    }

    func push(_ batch: PushBatch) async throws(RemoteFailure) -> PushReply { throw offline }

    func pull(since cursor: String?, limit: Int, leavingOut device: UUID?) async throws(RemoteFailure) -> SyncPage {
        throw offline
    }

    func team() async throws(RemoteFailure) -> [TeamMember] { standIn.current }
}

extension WorkersDependencyContainer {
    /// Workers whose server is `team`: log in with `makeSyncWorker().login(server: TeamStandIn.server, …)`.
    @_spi(Testing) public convenience init(
        databasePath: String, clock: any DateProvider, timeZone: any TimeZoneRules, ids: any IdentifierProvider,
        credentialsPath: String? = nil, team: TeamStandIn
    ) {
        self.init(
            databasePath: databasePath, clock: clock, timeZone: timeZone, ids: ids, credentialsPath: credentialsPath,
            syncServiceFactory: { _, _ in StandInSyncService(standIn: team) })
    }
}

extension WorkersDependencyContainer {
    /// The same, for tests that may not see Entities (the commands' tests): the clock stays at `now`, the
    /// zone is UTC and ids are random.
    @_spi(Testing) public convenience init(databasePath: String, credentialsPath: String, now: Date, team: TeamStandIn)
    {
        self.init(
            databasePath: databasePath, clock: PinnedClock(instant: now), timeZone: TimeZone(identifier: "UTC") ?? .gmt,
            ids: RandomIdentifiers(), credentialsPath: credentialsPath, team: team)
    }
}

private struct PinnedClock: DateProvider {
    let instant: Date
    func now() -> Date { instant }
}

private struct RandomIdentifiers: IdentifierProvider {
    func makeIdentifier() -> UUID { UUID() }
}
