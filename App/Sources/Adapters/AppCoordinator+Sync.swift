import Entities
import Foundation
import SyncFeature
import TerminalUI
import Workers

/// `stint login`, `logout`, `sync …` and `team`: the Sync feature over the sync worker.
extension AppCoordinator {
    func syncFeature(services: (any SyncServices)? = nil) throws(WorkerError) -> any SyncFeatureInterface {
        let progressStyle = TerminalStyle(isTTY: container.environment.showsProgress, useColor: false, width: nil)
        let chosen: any SyncServices
        if let services {
            chosen = services
        } else {
            chosen = SyncAdapter(worker: try container.workers.makeSyncWorker())
        }
        return SyncBuilder.build(
            SyncDependencies(
                services: chosen,
                analytics: container.analytics, progressOutput: container.errorOutput, progressStyle: progressStyle),
            context: try container.featureContext(json: json))
    }

    /// `--token -` reads the token from standard input, so it stays out of shell history and `ps`.
    public func login(server: String, token: String?, deviceName: String?, allowInsecure: Bool = false) async throws {
        var secret = token ?? ""
        if token == "-" {
            secret = container.input.readLine(prompt: "")?.trimmingWhitespaceAndNewlines() ?? ""
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

    /// One sync of this data folder at a time: a background sync still running is waited for (and said so).
    public func sync() async throws {
        let held = holdSyncLock()
        defer { held?.release() }
        try await syncFeature().sync()
    }

    /// `stint sync --watch`: every round holds the sync lock only while it syncs, so a background sync started by a
    /// command in another terminal slips in between rounds instead of waiting for the watch to end.
    public func watch(every interval: Duration) async throws {
        let worker = try container.workers.makeSyncWorker()
        let directory = container.environment.dataDirectory
        try await syncFeature(services: LockingSyncAdapter(adapter: SyncAdapter(worker: worker), directory: directory))
            .watch(every: interval)
    }

    /// `stint sync run --background`, the process a command with auto-sync on starts: it inherits the lock that says
    /// "a sync is about to start" (`SyncLocks`), waits a moment so that commands typed in quick succession share it,
    /// takes the sync lock, lets the next command start the next one, and syncs. It prints nothing (its streams are
    /// /dev/null) and never fails: a failure is kept for the next command to mention in one line.
    public func backgroundSync() async {
        let directory = container.environment.dataDirectory
        try? await _Concurrency.Task.sleep(for: .milliseconds(300))
        let held = SyncLocks.holdRunning(in: directory)
        defer { held?.release() }
        SyncLocks.releaseHandedOver(in: directory)
        guard let worker = try? container.workers.makeSyncWorker() else { return }
        await worker.runInBackground()
    }

    /// Called after every command: when it changed local data and auto-sync is on (and logged in), starts a background
    /// sync and returns at once. Costs nothing after a read, one settings query after a change. The last background
    /// sync's failure, if any, is one line on stderr; it never fails the command.
    public func startAutoSyncIfNeeded() async {
        guard container.workers.committedBatchCount > 0,
            let autoSync = try? await container.workers.makeSyncWorker().autoSync(), autoSync.shouldRun
        else { return }
        if let failure = autoSync.lastFailure {
            container.errorOutput.write(
                "stint: auto-sync: \(DisplayText.singleLine(failure)); changes stay pending until a sync succeeds\n")
        }
        container.backgroundSync.launch(dataDirectory: container.environment.dataDirectory)
    }

    /// A setting by the name people type (any case); unknown names are invalid input listing the known ones.
    public func setting(named name: String) throws(WorkerError) -> SyncSetting {
        let word = name.trimmingWhitespace().lowercased()
        guard let setting = SyncSetting(rawValue: word) ?? (word == "autosync" ? .autoSync : nil) else {
            let known = SyncSetting.allCases.map(\.rawValue).joined(with: ", ")
            throw WorkerError(
                .invalidInput,
                "unknown setting '\(DisplayText.excerpt(name))': settings are \(known)")
        }
        return setting
    }

    /// `stint config set SETTING VALUE`.
    public func setSetting(_ setting: SyncSetting, to value: String) async throws {
        try await syncFeature().set(setting, to: value)
    }

    /// `stint config` (every setting) and `stint config get SETTING`.
    public func showSettings(only setting: SyncSetting?) async throws {
        try await syncFeature().settings(only: setting)
    }

    private func holdSyncLock() -> HeldLock? {
        SyncLocks.holdRunning(in: container.environment.dataDirectory) {
            container.errorOutput.write("stint: waiting for a background sync of this device to finish…\n")
        }
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

/// The watch's Services: each sync holds this data folder's sync lock while it runs (``SyncLocks``).
struct LockingSyncAdapter: SyncServices {
    let adapter: SyncAdapter
    let directory: URL

    func account() async throws -> SyncAccount? { try await adapter.account() }
    func login(server: String, token: String, deviceName: String) async throws -> SyncAccount {
        try await adapter.login(server: server, token: token, deviceName: deviceName)
    }
    func logout() async throws -> SyncAccount? { try await adapter.logout() }
    func sync(progress: @escaping @Sendable (SyncProgress) -> Void) async throws -> SyncSummary {
        let held = SyncLocks.holdRunning(in: directory)
        defer { held?.release() }
        return try await adapter.sync(progress: progress)
    }
    func status() async throws -> SyncStatus { try await adapter.status() }
    func setAutoSync(_ enabled: Bool) async throws { try await adapter.setAutoSync(enabled) }
    func conflicts(includeResolved: Bool) async throws -> [SyncConflict] {
        try await adapter.conflicts(includeResolved: includeResolved)
    }
    func resolve(id: String, take: SyncConflict.Side) async throws -> SyncConflict {
        try await adapter.resolve(id: id, take: take)
    }
    func team(refresh: Bool) async throws -> [TeamMember] { try await adapter.team(refresh: refresh) }
}
