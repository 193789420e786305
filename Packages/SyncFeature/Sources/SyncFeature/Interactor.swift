import Foundation
import TerminalUI

/// The feature's logic: checks what it can before asking the Services (a token, a server address, a login to another
/// server), shows progress while a sync runs, hands results to the presenter and the presenter's screens to the view,
/// and reports analytics after each success. It never catches Services errors, so the App sees exactly what they
/// threw.
struct SyncInteractor: SyncFeatureInterface {
    let services: any SyncServices
    let analytics: any SyncAnalytics
    let presenter: SyncPresenter
    let view: SyncView
    /// Where the sync's progress line is drawn (standard error in the App), and how that stream looks.
    let progressOutput: any TextOutput
    let progressStyle: TerminalStyle
    /// The clock a pull's count is redrawn by; tests pass a hand-set one so throttling never depends on timing.
    var progressNow: @Sendable () -> ContinuousClock.Instant = { ContinuousClock.now }
    /// How `watch` waits between syncs (see ``SyncDependencies/sleep``).
    var sleep: @Sendable (Duration) async throws -> Void = { try await Task.sleep(for: $0) }
    /// The longest pause `watch` makes while the server cannot be used: long enough not to hammer a server that is
    /// down, short enough that the watch catches up soon after it is back.
    static let longestWatchPause: Duration = .seconds(60)

    // MARK: Account

    func login(server: String, token: String, deviceName: String, allowInsecure: Bool) async throws {
        let address = server.trimmingCharacters(in: .whitespacesAndNewlines)
        guard Self.isServerURL(address) else { throw SyncFeatureError.invalidServer(server) }
        if let port = URLComponents(string: address)?.port, !(1...65535).contains(port) {
            throw SyncFeatureError.invalidPort(server: server, port: port)
        }
        guard allowInsecure || !Self.isPlainHTTPToAnotherMachine(address) else {
            throw SyncFeatureError.insecureServer(server)
        }
        let token = token.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !token.isEmpty else { throw SyncFeatureError.missingToken }
        if let flaw = Self.flaw(inToken: token) { throw SyncFeatureError.invalidToken(flaw) }
        // This device's data belongs to the team of the server it is logged in to; moving it to another team must be
        // asked for (log out first), never happen as a side effect of a login.
        let current = try await services.account()
        if let current, !Self.sameServer(current.server, address) {
            throw SyncFeatureError.alreadyLoggedIn(server: current.server, userName: current.userName)
        }
        let account = try await services.login(server: address, token: token, deviceName: deviceName)
        try view.render(presenter.loggedIn(account))
        analytics.track(.loggedIn(again: current != nil))
    }

    func logout() async throws {
        let account = try await services.logout()
        try view.render(presenter.loggedOut(account))
        analytics.track(.loggedOut(wasLoggedIn: account != nil))
    }

    // MARK: Sync

    func sync() async throws {
        let summary = try await syncShowingProgress()
        try view.render(presenter.synced(summary))
        analytics.track(
            .synced(
                pushed: summary.pushed, pulled: summary.pulled, conflicts: summary.conflicts,
                rejected: summary.rejected.count))
    }

    func status() async throws {
        let status = try await services.status()
        try view.render(presenter.status(status))
        analytics.track(
            .statusShown(loggedIn: status.account != nil, pending: status.pendingChanges, conflicts: status.conflicts))
    }

    /// Each round is a whole sync; the pause is the interval while syncs succeed and doubles (up to a minute) while the
    /// server cannot be used, so a laptop that lost the network does not try forty times a minute. The failure is said
    /// once, and that the server is back once, on the progress stream: standard output only ever carries summaries.
    func watch(every interval: Duration) async throws {
        guard let account = try await services.account() else { throw SyncFeatureError.notLoggedIn }
        try view.render(presenter.watching(account, every: interval))
        var pause = interval
        var failing: String?
        while true {
            try Task.checkCancellation()
            do {
                let summary = try await syncShowingProgress()
                if failing != nil {
                    progressOutput.write(presenter.watchRecovered(account) + "\n")
                    failing = nil
                }
                pause = interval
                if !summary.isUpToDate {
                    try view.render(presenter.watched(summary))
                    analytics.track(
                        .synced(
                            pushed: summary.pushed, pulled: summary.pulled, conflicts: summary.conflicts,
                            rejected: summary.rejected.count))
                }
            } catch let error as any SyncFailureKindProviding where error.syncFailureKind == .remote {
                let line = presenter.watchFailed(error)
                if line != failing { progressOutput.write(line + "\n") }
                failing = line
                pause = min(pause * 2, max(interval, Self.longestWatchPause))
            }
            try await sleep(pause)
        }
    }

    /// One sync with its progress line: finished when it succeeds, ended where it stands when it fails.
    private func syncShowingProgress() async throws -> SyncSummary {
        let progress = SyncProgressLine(output: progressOutput, style: progressStyle, now: progressNow)
        do {
            let summary = try await services.sync { progress.show($0) }
            progress.finish()
            return summary
        } catch {
            progress.abandon()
            throw error
        }
    }

    // MARK: Settings

    func set(_ setting: SyncSetting, to value: String) async throws {
        switch setting {
        case .autoSync:
            guard let enabled = SyncSetting.parseSwitch(value) else {
                throw SyncFeatureError.invalidSettingValue(
                    setting: setting.rawValue, value: value, allowed: "on or off")
            }
            try await services.setAutoSync(enabled)
            let status = try await services.status()
            try view.render(presenter.autoSyncSet(enabled, loggedIn: status.account != nil))
            analytics.track(.autoSyncSet(enabled: enabled))
        }
    }

    func settings(only setting: SyncSetting?) async throws {
        let status = try await services.status()
        try view.render(presenter.settings(status, only: setting))
    }

    // MARK: Conflicts

    func conflicts(includeResolved: Bool) async throws {
        let conflicts = try await services.conflicts(includeResolved: includeResolved)
        try view.render(presenter.conflicts(conflicts, includeResolved: includeResolved))
        analytics.track(.conflictsListed(count: conflicts.count, includeResolved: includeResolved))
    }

    func resolve(_ id: String, take side: SyncConflict.Side) async throws {
        let conflict = try await services.resolve(id: id, take: side)
        try view.render(presenter.resolved(conflict))
        analytics.track(.conflictResolved(side))
    }

    // MARK: Team

    func team(refresh: Bool) async throws {
        let members = try await services.team(refresh: refresh)
        try view.render(presenter.team(members))
        analytics.track(.teamListed(count: members.count, refreshed: refresh))
    }

    // MARK: Helpers

    /// An http or https URL with a host: what a Stint server can be reached at.
    static func isServerURL(_ text: String) -> Bool {
        guard !text.contains(where: { $0.isWhitespace || $0.isNewline }),
            let components = URLComponents(string: text),
            let scheme = components.scheme?.lowercased(), scheme == "http" || scheme == "https",
            let host = components.host, !host.isEmpty
        else { return false }
        return true
    }

    /// `http://` to anything but the loopback interface. Loopback stays allowed without `--insecure`: the
    /// token never leaves the machine (`make server`, a reverse proxy on the same host).
    static func isPlainHTTPToAnotherMachine(_ text: String) -> Bool {
        guard let components = URLComponents(string: text), components.scheme?.lowercased() == "http",
            let host = components.host?.lowercased()
        else { return false }
        let bare = host.hasPrefix("[") && host.hasSuffix("]") ? String(host.dropFirst().dropLast()) : host
        if bare == "localhost" || bare == "::1" { return false }
        let octets = bare.split(separator: ".", omittingEmptySubsequences: false)
        if octets.count == 4, octets[0] == "127", octets.allSatisfy({ UInt8($0) != nil }) { return false }
        return true
    }

    /// What keeps `token` (already trimmed) from being one, if anything: a token is printable ASCII without spaces,
    /// the only text a request's `Authorization` header can carry. A space, a line break or an escape inside it is
    /// a paste that went wrong, and saying so beats the server's "unknown token" (or a header that cannot be sent).
    static func flaw(inToken token: String) -> SyncFeatureError.TokenFlaw? {
        let scalars = token.unicodeScalars
        if scalars.contains(where: { $0.properties.isWhitespace || $0.properties.generalCategory == .control }) {
            return .spaceOrControlCharacter
        }
        return scalars.allSatisfy(\.isASCII) ? nil : .notASCII
    }

    /// The same server written two ways: case in scheme and host, a trailing slash.
    static func sameServer(_ lhs: String, _ rhs: String) -> Bool {
        normalized(lhs) == normalized(rhs)
    }

    private static func normalized(_ text: String) -> String {
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        var result = trimmed
        if var components = URLComponents(string: trimmed) {
            components.scheme = components.scheme?.lowercased()
            components.host = components.host?.lowercased()
            result = components.string ?? trimmed
        }
        while result.hasSuffix("/") { result.removeLast() }
        return result
    }
}

/// The progress of one sync as a redrawn line per phase, through TerminalUI's `ProgressReporter`, which draws only
/// on a terminal: "Pushing  40/120  33%" while the push's size is known, "Pulling  12,000 changes" while the pull's
/// is not (the server's pages carry no count), so a long first pull is never silent until the summary.
///
/// The Services report from any task, so the current reporter sits behind a lock.
final class SyncProgressLine: @unchecked Sendable {
    private let output: any TextOutput
    private let style: TerminalStyle
    private let now: @Sendable () -> ContinuousClock.Instant
    private let lock = NSLock()
    private var reporter: ProgressReporter?
    /// The phase and total the current reporter was made for.
    private var shape: (phase: SyncPhase, total: Int?)?

    init(
        output: any TextOutput, style: TerminalStyle,
        now: @escaping @Sendable () -> ContinuousClock.Instant = { ContinuousClock.now }
    ) {
        self.output = output
        self.style = style
        self.now = now
    }

    func show(_ progress: SyncProgress) {
        guard style.isTTY else { return }
        lock.withLock {
            if shape?.phase != progress.phase || shape?.total != progress.total {
                // A count that has nothing to count yet (the pull of a device already up to date) is not worth a
                // "0 changes" line above "Already up to date."; it starts with the first change received.
                guard progress.total != nil || progress.done > 0 else { return }
                reporter?.finish()
                shape = (progress.phase, progress.total)
                reporter = makeReporter(progress.phase, total: progress.total)
            }
            reporter?.update(progress.done)
        }
    }

    /// Draws the last phase as complete and ends its line.
    func finish() {
        lock.withLock {
            reporter?.finish()
            reporter = nil
        }
    }

    /// Ends the line where it stands, so the error that follows starts on a line of its own and no 100% is claimed.
    func abandon() {
        lock.withLock {
            if reporter != nil, style.isTTY { output.write("\n") }
            reporter = nil
        }
    }

    private func makeReporter(_ phase: SyncPhase, total: Int?) -> ProgressReporter {
        guard let total else {
            return ProgressReporter(
                label: Self.label(phase), counting: "change", units: "changes", style: style, output: output, now: now)
        }
        return ProgressReporter(total: total, label: Self.label(phase), style: style, output: output)
    }

    static func label(_ phase: SyncPhase) -> String {
        switch phase {
        case .pushing: "Pushing"
        case .pulling: "Pulling"
        }
    }
}
