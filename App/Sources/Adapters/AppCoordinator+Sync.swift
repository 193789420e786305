import Foundation
import SyncFeature
import TerminalUI
import Workers

/// `stint login`, `logout`, `sync …` and `team`: the Sync feature over the sync worker.
extension AppCoordinator {
    func syncFeature() throws(WorkerError) -> any SyncFeatureInterface {
        let progressStyle = TerminalStyle(isTTY: container.environment.stderrIsTerminal, useColor: false, width: nil)
        return SyncBuilder.build(
            SyncDependencies(
                services: SyncAdapter(worker: try container.workers.makeSyncWorker()),
                analytics: container.analytics, progressOutput: container.errorOutput, progressStyle: progressStyle),
            context: try container.featureContext(json: json))
    }

    /// `--token -` reads the token from standard input, so it stays out of shell history and `ps`.
    public func login(server: String, token: String?, deviceName: String?, allowInsecure: Bool = false) async throws {
        var secret = token ?? ""
        if token == "-" {
            secret = container.input.readLine(prompt: "")?.trimmingCharacters(in: .whitespacesAndNewlines) ?? ""
        }
        let name = deviceName ?? ProcessContext.hostName()
        // The server's rule, checked here so a typo is invalid input (exit 4), not a refusal from the server.
        let controls = name.unicodeScalars.contains { $0.properties.generalCategory == .control }
        guard (1...200).contains(name.count), !controls else {
            throw WorkerError(.invalidInput, "a device name has 1 to 200 characters and no control characters")
        }
        try await syncFeature().login(server: server, token: secret, deviceName: name, allowInsecure: allowInsecure)
    }

    public func logout() async throws {
        try await syncFeature().logout()
    }

    public func sync() async throws {
        try await syncFeature().sync()
    }

    public func syncStatus() async throws {
        try await syncFeature().status()
    }

    public func syncConflicts(includeResolved: Bool) async throws {
        try await syncFeature().conflicts(includeResolved: includeResolved)
    }

    public func resolveConflict(_ reference: String, take: ConflictSideOption) async throws {
        try await syncFeature().resolve(reference, take: take == .mine ? .mine : .theirs)
    }

    public func team(refresh: Bool) async throws {
        try await syncFeature().team(refresh: refresh)
    }
}
