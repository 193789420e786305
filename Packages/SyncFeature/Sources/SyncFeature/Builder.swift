import Foundation
import TerminalUI

/// The sync feature once built: one method per `stint login`, `stint logout`, `stint sync …` and `stint team` command.
///
/// The host builds it with ``SyncBuilder`` for one command and calls a single operation. Each operation writes its
/// result to the context's output (a confirmation or summary, the status block, a table, or JSON), tracks one
/// analytics event, and throws the Services' errors unchanged or a ``SyncFeatureError``.
public protocol SyncFeatureInterface: Sendable {
    /// `stint login URL --token T`: checks the address and the token's presence, refuses to switch servers while
    /// logged in (``SyncFeatureError/alreadyLoggedIn(server:userName:)``), then logs in and says as whom. The token
    /// is never printed.
    /// Plain `http://` to another machine is refused unless `allowInsecure` (`--insecure`).
    /// - Throws: ``SyncFeatureError/invalidServer(_:)``, ``SyncFeatureError/insecureServer(_:)``,
    ///   ``SyncFeatureError/missingToken`` before any Services call.
    func login(server: String, token: String, deviceName: String, allowInsecure: Bool) async throws

    /// `stint logout`: forgets the login; says so, or that there was none.
    func logout() async throws

    /// `stint sync`: pushes and pulls, with a progress line while it runs (drawn only on a terminal), then a summary,
    /// one line per rejected change and a hint when conflicts were made.
    func sync() async throws

    /// `stint sync status`: server, user, device, pending changes, last sync and conflicts; a one-line hint when not
    /// logged in.
    func status() async throws

    /// `stint sync conflicts`: the open conflicts as a table (all of them with `includeResolved`), or "No conflicts."
    func conflicts(includeResolved: Bool) async throws

    /// `stint sync conflicts resolve ID --take mine|theirs`: keeps one side and says what holds now.
    func resolve(_ id: String, take side: SyncConflict.Side) async throws

    /// `stint team`: the people on the server, this device's user marked "you".
    func team(refresh: Bool) async throws

    /// `stint sync --watch`: syncs now and then again every `interval`, printing a summary only for a sync that moved
    /// something (a JSON object per line with `--json`). A server that cannot be used is reported once, on the
    /// progress stream, and tried again with a growing pause (up to a minute) until it answers; any other failure ends
    /// the watch with that error. Returns only by throwing: cancellation, or a failure that waiting cannot mend.
    /// - Throws: ``SyncFeatureError/notLoggedIn`` before the first sync when logged out.
    func watch(every interval: Duration) async throws

    /// `stint config set SETTING VALUE`: checks the value (``SyncSetting/parseSwitch(_:)`` for a switch), stores it
    /// and says what it means now.
    /// - Throws: ``SyncFeatureError/invalidSettingValue(setting:value:allowed:)`` before any Services call.
    func set(_ setting: SyncSetting, to value: String) async throws

    /// `stint config` and `stint config get SETTING`: every setting with its value, or one setting's value alone
    /// ("on"), for scripts.
    func settings(only setting: SyncSetting?) async throws
}

/// What the sync feature needs from its host besides the ``FeatureContext``. Sync never asks the user anything, so
/// like Reports there is no coordinator; unlike the others it draws progress, on a stream of its own.
public struct SyncDependencies: Sendable {
    /// The account, the sync and its conflicts (the App's adapter, or a fake).
    public var services: any SyncServices
    /// Receives one event per operation.
    public var analytics: any SyncAnalytics
    /// Where `sync` draws its progress line: standard error in the App, so progress never mixes with the summary or
    /// the JSON on standard output.
    public var progressOutput: any TextOutput
    /// The style of `progressOutput`'s stream: nothing is drawn unless `isTTY`. The default, `.plain`, draws nothing.
    public var progressStyle: TerminalStyle
    /// How `watch` waits between syncs. Tests pass one that returns at once and stops after a few rounds, so a watch
    /// is tested without waiting on a clock.
    public var sleep: @Sendable (Duration) async throws -> Void

    public init(
        services: any SyncServices, analytics: any SyncAnalytics, progressOutput: any TextOutput = StandardError(),
        progressStyle: TerminalStyle = .plain,
        sleep: @escaping @Sendable (Duration) async throws -> Void = { try await Task.sleep(for: $0) }
    ) {
        self.services = services
        self.analytics = analytics
        self.progressOutput = progressOutput
        self.progressStyle = progressStyle
        self.sleep = sleep
    }
}

/// Builds the sync feature: the only public way in.
///
/// Everything the feature touches is injected, so it can run against the App's adapter, the in-memory fakes of
/// `SyncFeatureFakes`, or a test's captured output. The feature never reads the clock, the environment or the network.
public enum SyncBuilder {
    /// Builds the feature for one command.
    /// - Parameters:
    ///   - dependencies: the Services and Analytics implementations, and where progress is drawn.
    ///   - context: output, style (tables fit `style.width` when it is set) and format; `today` and the time zone
    ///     conflict times are shown in ("14:05" today, "2026-03-01 14:05" otherwise). The feature reads no input.
    public static func build(_ dependencies: SyncDependencies, context: FeatureContext) -> any SyncFeatureInterface {
        SyncInteractor(
            services: dependencies.services,
            analytics: dependencies.analytics,
            presenter: SyncPresenter(format: context.format, today: context.today, timeZone: context.timeZone),
            view: SyncView(output: context.output, style: context.style, quiet: context.quiet),
            progressOutput: dependencies.progressOutput,
            progressStyle: dependencies.progressStyle,
            sleep: dependencies.sleep)
    }
}

extension SyncFeatureInterface {
    /// A login that refuses plain http to another machine.
    public func login(server: String, token: String, deviceName: String) async throws {
        try await login(server: server, token: token, deviceName: deviceName, allowInsecure: false)
    }
}
