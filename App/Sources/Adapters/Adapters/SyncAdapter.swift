import Foundation
import SyncFeature
import Workers

/// The Sync feature's Services over the sync worker: mapping only.
struct SyncAdapter: SyncServices {
    let worker: SyncWorker

    func account() async throws -> SyncFeature.SyncAccount? {
        try await worker.account().map(Self.account)
    }

    func login(server: String, token: String, deviceName: String) async throws -> SyncFeature.SyncAccount {
        guard let url = URL(string: server) else { throw SyncFeatureError.invalidServer(server) }
        return Self.account(try await worker.login(server: url, token: token, deviceName: deviceName))
    }

    func logout() async throws -> SyncFeature.SyncAccount? {
        try await worker.logout().map(Self.account)
    }

    func sync(progress: @escaping @Sendable (SyncProgress) -> Void) async throws -> SyncSummary {
        let summary = try await worker.run { step in
            progress(SyncProgress(phase: step.pushing ? .pushing : .pulling, done: step.done, total: step.total))
        }
        return SyncSummary(
            server: summary.server, pushed: summary.pushed, conflicts: summary.conflicts,
            rejected: summary.rejected.map { RejectedChange(entity: "change", recordID: "", label: "", reason: $0) },
            pulled: summary.pulled, serverReset: summary.serverReset)
    }

    func status() async throws -> SyncStatus {
        let status = try await worker.status()
        return SyncStatus(
            account: status.account.map(Self.account), pendingChanges: status.pending, lastSyncAt: status.lastSync,
            conflicts: status.conflicts, checkedAt: status.checkedAt, autoSync: status.autoSync,
            autoSyncFailure: status.autoSyncFailure)
    }

    func setAutoSync(_ enabled: Bool) async throws {
        try await worker.setAutoSync(enabled)
    }

    func conflicts(includeResolved: Bool) async throws -> [SyncConflict] {
        try await worker.conflicts(includeResolved: includeResolved).map(Self.conflict)
    }

    func resolve(id: String, take: SyncConflict.Side) async throws -> SyncConflict {
        Self.conflict(try await worker.resolve(id, takeMine: take == .mine))
    }

    func team(refresh: Bool) async throws -> [TeamMember] {
        try await worker.team(refresh: refresh).map {
            TeamMember(id: $0.id.uuidString.lowercased(), name: $0.name, isYou: $0.isYou)
        }
    }

    static func account(_ account: SyncWorker.Account) -> SyncFeature.SyncAccount {
        SyncFeature.SyncAccount(
            server: account.server, userID: account.userID.uuidString.lowercased(), userName: account.userName,
            deviceID: account.deviceID.uuidString.lowercased(), deviceName: account.deviceName)
    }

    static func conflict(_ conflict: SyncWorker.Conflict) -> SyncConflict {
        SyncConflict(
            id: conflict.id.uuidString.lowercased(), entity: conflict.entity,
            recordID: conflict.recordID.uuidString.lowercased(), label: conflict.label,
            field: conflict.reason == nil ? conflict.field : "rejected: \(conflict.reason ?? "")",
            mine: conflict.mine, theirs: conflict.theirs, createdAt: conflict.createdAt,
            resolvedAt: conflict.resolvedAt, resolution: conflict.resolution.flatMap(SyncConflict.Side.init(rawValue:)))
    }
}

/// `stint sync --watch` waits for a server that is away and stops on anything else; the worker's kinds say which.
extension WorkerError: SyncFailureKindProviding {
    public var syncFailureKind: SyncFeatureError.Kind? {
        switch kind {
        case .remote: .remote
        case .notFound: .notFound
        case .ambiguous: .ambiguous
        case .invalidInput: .invalidInput
        case .conflict: .conflict
        default: nil
        }
    }
}
