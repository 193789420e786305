import Foundation
import SyncFeature

/// Services whose every call throws the same error, for checking that the feature reports failures unchanged and
/// writes nothing when its Services fail.
public struct FailingSyncServices: SyncServices {
    public let error: any Error

    public init(error: any Error = SyncFeatureError.remote(server: "https://stint.example.com", message: "timed out")) {
        self.error = error
    }

    public func account() async throws -> SyncAccount? { throw error }

    public func login(server: String, token: String, deviceName: String) async throws -> SyncAccount { throw error }

    public func logout() async throws -> SyncAccount? { throw error }

    public func sync(progress: @escaping @Sendable (SyncProgress) -> Void) async throws -> SyncSummary { throw error }

    public func status() async throws -> SyncStatus { throw error }

    public func setAutoSync(_ enabled: Bool) async throws { throw error }

    public func conflicts(includeResolved: Bool) async throws -> [SyncConflict] { throw error }

    public func resolve(id: String, take: SyncConflict.Side) async throws -> SyncConflict { throw error }

    public func team(refresh: Bool) async throws -> [TeamMember] { throw error }
}
