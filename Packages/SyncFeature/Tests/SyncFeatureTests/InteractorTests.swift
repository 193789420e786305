import Foundation
import SyncFeatureFakes
import TerminalUI
import Testing

@testable import SyncFeature

/// Reports part of a push, then fails as a dropped connection would.
struct HalfwayFailingServices: SyncServices {
    let error = SyncFeatureError.remote(server: Fixture.server, message: "the connection was reset")

    func account() async throws -> SyncAccount? { SampleSync.account }
    func login(server: String, token: String, deviceName: String) async throws -> SyncAccount { throw error }
    func logout() async throws -> SyncAccount? { throw error }
    func sync(progress: @escaping @Sendable (SyncProgress) -> Void) async throws -> SyncSummary {
        progress(SyncProgress(phase: .pushing, done: 0, total: 10))
        progress(SyncProgress(phase: .pushing, done: 3, total: 10))
        throw error
    }
    func status() async throws -> SyncStatus { throw error }
    func setAutoSync(_ enabled: Bool) async throws { throw error }
    func conflicts(includeResolved: Bool) async throws -> [SyncConflict] { throw error }
    func resolve(id: String, take: SyncConflict.Side) async throws -> SyncConflict { throw error }
    func team(refresh: Bool) async throws -> [TeamMember] { throw error }
}

@Suite("Interactor")
struct InteractorTests {
    static let terminal = TerminalStyle(isTTY: true, useColor: false, width: 80)

    // MARK: login and logout

    @Test func loginSaysAsWhomAndOnWhichDeviceButNeverTheToken() async throws {
        let (harness, store) = await Harness.sample(loggedIn: false)

        try await harness.feature.login(server: Fixture.server, token: SampleSync.token, deviceName: "laptop")

        #expect(
            harness.output.lines == [
                "Logged in to https://stint.example.com as Ana (device laptop). Run `stint sync` to share your work."
            ])
        #expect(!harness.output.text.contains(SampleSync.token))
        #expect(await store.account()?.userName == "Ana")
        #expect(harness.analytics.events == [.loggedIn(again: false)])
    }

    @Test func loginJSONIsTheAccountWithoutTheToken() async throws {
        let (harness, _) = await Harness.sample(format: .json, loggedIn: false)

        try await harness.feature.login(server: Fixture.server, token: " \(SampleSync.token)\n", deviceName: "laptop")

        let object = try #require(try jsonObject(harness.output.text) as? [String: Any])
        #expect(Set(object.keys) == ["server", "user_id", "user_name", "device_id", "device_name"])
        #expect(object["user_id"] as? String == SampleSync.IDs.ana)
        #expect(!harness.output.text.contains("sample-token"))
    }

    @Test(arguments: ["", "   ", "\n"])
    func aBlankTokenIsRefusedBeforeTheServicesAreAsked(_ token: String) async {
        let harness = Harness(services: FailingSyncServices(error: UnexpectedServiceError(code: 1)))

        await #expect(throws: SyncFeatureError.missingToken) {
            try await harness.feature.login(server: Fixture.server, token: token, deviceName: "laptop")
        }
        #expect(harness.output.text.isEmpty)
    }

    @Test(arguments: [
        ("abc\ndef", SyncFeatureError.TokenFlaw.spaceOrControlCharacter), ("abc def", .spaceOrControlCharacter),
        ("stint_abc\u{1B}[31mred", .spaceOrControlCharacter), ("abc\u{01}def", .spaceOrControlCharacter),
        ("abc\r\nX-Evil: 1", .spaceOrControlCharacter), ("abc\tdef", .spaceOrControlCharacter),
        ("abc\u{7F}", .spaceOrControlCharacter), ("abc\u{A0}def", .spaceOrControlCharacter),
        ("stint_tökén", .notASCII), ("stint_abc\u{202E}", .notASCII),
    ])
    func aTokenWithASpaceOrControlCharacterIsInvalidInputAndNothingIsSent(
        _ token: String, _ flaw: SyncFeatureError.TokenFlaw
    ) async {
        let (harness, store) = await Harness.sample(loggedIn: false)

        await #expect(throws: SyncFeatureError.invalidToken(flaw)) {
            try await harness.feature.login(server: Fixture.server, token: token, deviceName: "laptop")
        }
        #expect(await store.account() == nil)
        #expect(await store.serverRequests == 0, "refused before the server is asked")
        #expect(harness.output.text.isEmpty)
        #expect(SyncFeatureError.invalidToken(flaw).kind == .invalidInput)
    }

    @Test(arguments: ["http://127.0.0.1:99999", "http://127.0.0.1:0", "https://stint.example.com:65536/stint"])
    func aPortOutsideTheRangeIsInvalidInput(_ server: String) async throws {
        let harness = Harness(services: FailingSyncServices(error: UnexpectedServiceError(code: 1)))
        let port = try #require(URLComponents(string: server)?.port)

        await #expect(throws: SyncFeatureError.invalidPort(server: server, port: port)) {
            try await harness.feature.login(server: server, token: "stint_x", deviceName: "laptop")
        }
        #expect(SyncFeatureError.invalidPort(server: server, port: port).kind == .invalidInput)
    }

    @Test(arguments: ["stint.example.com", "ftp://stint.example.com", "https://", "https://stint example.com", ""])
    func anAddressThatIsNoServerURLIsRefused(_ server: String) async {
        let harness = Harness(services: FailingSyncServices(error: UnexpectedServiceError(code: 1)))

        await #expect(throws: SyncFeatureError.invalidServer(server)) {
            try await harness.feature.login(server: server, token: "stint_x", deviceName: "laptop")
        }
    }

    @Test(arguments: [
        "http://stint.example.com", "http://192.168.1.20:8420", "HTTP://10.0.0.1", "http://[fe80::1]:8420",
    ])
    func plainHTTPToAnotherMachineIsRefusedWithoutInsecure(_ server: String) async throws {
        let harness = Harness(services: FailingSyncServices(error: UnexpectedServiceError(code: 1)))
        await #expect(throws: SyncFeatureError.insecureServer(server)) {
            try await harness.feature.login(server: server, token: "stint_x", deviceName: "laptop")
        }
        #expect(SyncFeatureError.insecureServer(server).kind == .invalidInput)
        // With --insecure the address passes the check and reaches the Services (which fail here on purpose).
        await #expect(throws: UnexpectedServiceError(code: 1)) {
            try await harness.feature.login(server: server, token: "stint_x", deviceName: "laptop", allowInsecure: true)
        }
    }

    @Test(arguments: ["http://127.0.0.1:8420", "http://localhost:8420", "http://[::1]:8420", "http://127.5.0.1"])
    func plainHTTPToThisMachineNeedsNoFlag(_ server: String) async {
        #expect(!SyncInteractor.isPlainHTTPToAnotherMachine(server))
    }

    @Test func loggingInToAnotherServerNeedsALogoutFirst() async throws {
        let (harness, store) = await Harness.sample()

        await #expect(throws: SyncFeatureError.alreadyLoggedIn(server: Fixture.server, userName: "Ana")) {
            try await harness.feature.login(
                server: "https://other.example.com", token: SampleSync.token, deviceName: "laptop")
        }
        #expect(await store.account() == SampleSync.account)
        #expect(harness.analytics.events.isEmpty)
    }

    @Test func loggingInAgainToTheSameServerKeepsTheDevice() async throws {
        let (harness, store) = await Harness.sample()

        try await harness.feature.login(
            server: "HTTPS://Stint.Example.com/", token: "stint_sample-token-ana", deviceName: "laptop")

        #expect(await store.account()?.deviceID == SampleSync.IDs.laptop)
        #expect(harness.analytics.events == [.loggedIn(again: true)])
    }

    @Test func aRefusedTokenIsTheServicesErrorUnchanged() async throws {
        let (harness, store) = await Harness.sample(loggedIn: false)

        await #expect(throws: SyncFeatureError.remote(server: Fixture.server, message: "the server refused the token"))
        {
            try await harness.feature.login(server: Fixture.server, token: "stint_wrong", deviceName: "laptop")
        }
        #expect(await store.account() == nil)
        #expect(harness.output.text.isEmpty)
    }

    @Test func logoutSaysTheDataStays() async throws {
        let (harness, store) = await Harness.sample()

        try await harness.feature.logout()
        try await harness.feature.logout()

        #expect(
            harness.output.lines == [
                "Logged out of https://stint.example.com. Local data stays on this device.",
                "Not logged in: nothing to log out of.",
            ])
        #expect(await store.status().pendingChanges == 12)
        #expect(harness.analytics.events == [.loggedOut(wasLoggedIn: true), .loggedOut(wasLoggedIn: false)])
    }

    // MARK: sync

    @Test func syncPrintsTheSummaryTheRejectedChangeAndTheConflictHint() async throws {
        let (harness, _) = await Harness.sample()

        try await harness.feature.sync()

        #expect(
            harness.output.lines == [
                "Synced with https://stint.example.com: pushed 12 changes (1 conflict, 1 rejected), pulled 30.",
                "Rejected time entry 5e6f7a8b: belongs to another user",
                "1 conflict: stint sync conflicts",
            ])
        #expect(harness.progressOutput.text.isEmpty)
        #expect(harness.analytics.events == [.synced(pushed: 12, pulled: 30, conflicts: 1, rejected: 1)])
    }

    @Test func aSecondSyncIsAlreadyUpToDate() async throws {
        let (harness, _) = await Harness.sample()

        try await harness.feature.sync()
        harness.output.clear()
        try await harness.feature.sync()

        #expect(harness.output.lines == ["Already up to date."])
    }

    @Test func onATerminalSyncDrawsOneProgressLinePerPhaseOnItsOwnStream() async throws {
        let (harness, _) = await Harness.sample(progressStyle: Self.terminal)

        try await harness.feature.sync()

        // The push knows its total: a redraw per whole percent, then 100% and the end of its line when the pull
        // starts. The pull does not: a count, throttled by the (standing) clock to its first page, then its last.
        let pushing = [
            "0/12  0%", "1/12  8%", "2/12  16%", "3/12  25%", "4/12  33%", "6/12  50%", "7/12  58%", "8/12  66%",
            "9/12  75%", "10/12  83%", "12/12  100%", "12/12  100%",
        ].map { "\rPushing  \($0)\u{1B}[K" }.joined()
        #expect(
            harness.progressOutput.text
                == pushing + "\n" + "\rPulling  3 changes\u{1B}[K" + "\rPulling  30 changes\u{1B}[K\n")
        #expect(!harness.output.text.contains("Pushing"))
        #expect(!harness.output.text.contains("Pulling"))
        #expect(harness.output.lines.first?.hasPrefix("Synced with") == true)
    }

    @Test func aPullWithoutATotalIsARunningCountRedrawnAsTimePasses() {
        let output = CapturedOutput()
        let clock = HandSetClock()
        let line = SyncProgressLine(output: output, style: Self.terminal, now: clock.now)

        line.show(SyncProgress(phase: .pulling, done: 0, total: nil))
        for page in 1...3 {
            line.show(SyncProgress(phase: .pulling, done: page * 1_000, total: nil))
            clock.advance(by: .seconds(1))
        }
        line.show(SyncProgress(phase: .pulling, done: 3_500, total: nil))
        line.show(SyncProgress(phase: .pulling, done: 3_500, total: nil))
        line.finish()

        #expect(
            output.text
                == "\rPulling  1,000 changes\u{1B}[K" + "\rPulling  2,000 changes\u{1B}[K"
                + "\rPulling  3,000 changes\u{1B}[K" + "\rPulling  3,500 changes\u{1B}[K"
                + "\rPulling  3,500 changes\u{1B}[K\n")
    }

    @Test func aPushWithATotalKeepsItsPercentageAndAPullAfterItCounts() {
        let output = CapturedOutput()
        let line = SyncProgressLine(output: output, style: Self.terminal, now: HandSetClock().now)

        line.show(SyncProgress(phase: .pushing, done: 500, total: 2_000))
        line.show(SyncProgress(phase: .pushing, done: 2_000, total: 2_000))
        line.show(SyncProgress(phase: .pulling, done: 1_000, total: nil))
        line.finish()

        #expect(
            output.text
                == "\rPushing  500/2,000  25%\u{1B}[K" + "\rPushing  2,000/2,000  100%\u{1B}[K"
                + "\rPushing  2,000/2,000  100%\u{1B}[K\n" + "\rPulling  1,000 changes\u{1B}[K"
                + "\rPulling  1,000 changes\u{1B}[K\n")
    }

    @Test func aPullThatReceivesNothingDrawsNothing() {
        let output = CapturedOutput()
        let line = SyncProgressLine(output: output, style: Self.terminal, now: HandSetClock().now)

        line.show(SyncProgress(phase: .pulling, done: 0, total: nil))
        line.finish()

        #expect(output.text.isEmpty)
    }

    @Test func offATerminalNeitherFormDrawsAnything() async throws {
        let (harness, _) = await Harness.sample()
        let line = SyncProgressLine(output: harness.progressOutput, style: .plain, now: harness.clock.now)

        line.show(SyncProgress(phase: .pushing, done: 5, total: 10))
        line.show(SyncProgress(phase: .pulling, done: 1_000, total: nil))
        line.abandon()
        line.finish()
        try await harness.feature.sync()

        #expect(harness.progressOutput.text.isEmpty)
    }

    @Test func aSyncThatFailsMidPullEndsTheCountWhereItStands() {
        let output = CapturedOutput()
        let line = SyncProgressLine(output: output, style: Self.terminal, now: HandSetClock().now)

        line.show(SyncProgress(phase: .pulling, done: 1_000, total: nil))
        line.abandon()
        line.finish()

        #expect(output.text == "\rPulling  1,000 changes\u{1B}[K\n")
    }

    @Test func aSyncThatFailsMidwayEndsTheProgressLineWithoutClaimingCompletion() async {
        let harness = Harness(services: HalfwayFailingServices(), progressStyle: Self.terminal)

        await #expect(throws: HalfwayFailingServices().error) {
            try await harness.feature.sync()
        }
        #expect(harness.progressOutput.text.hasSuffix("\rPushing  3/10  30%\u{1B}[K\n"))
        #expect(!harness.progressOutput.text.contains("100%"))
        #expect(harness.output.text.isEmpty)
        #expect(harness.analytics.events.isEmpty)
    }

    @Test func syncingLoggedOutIsTheServicesNotLoggedIn() async {
        let (harness, _) = await Harness.sample(loggedIn: false)

        await #expect(throws: SyncFeatureError.notLoggedIn) {
            try await harness.feature.sync()
        }
        #expect(harness.output.text.isEmpty)
    }

    // MARK: status

    @Test func statusShowsWhereTheDeviceStands() async throws {
        let (harness, _) = await Harness.sample()

        try await harness.feature.status()

        #expect(
            harness.output.lines == [
                "Sync",
                "  Server     https://stint.example.com",
                "  User       Ana",
                "  Device     laptop",
                "  Pending    12 changes",
                "  Last sync  5 min ago",
                "  Conflicts  1",
                "  Auto-sync  off",
                "  Device ID  1a7b0900-0000-4000-8000-00000000000a",
                "",
                "1 conflict: stint sync conflicts",
                "Share your work with: stint sync",
            ])
        #expect(harness.analytics.events == [.statusShown(loggedIn: true, pending: 12, conflicts: 1)])
    }

    @Test func statusLoggedOutIsOneLine() async throws {
        let (harness, _) = await Harness.sample(loggedIn: false)

        try await harness.feature.status()

        #expect(harness.output.lines == ["Not logged in: stint works offline. Log in with stint login URL."])
        #expect(harness.analytics.events == [.statusShown(loggedIn: false, pending: 12, conflicts: 1)])
    }

    // MARK: conflicts

    @Test func conflictsListTheOpenOnesAndHowToResolveThem() async throws {
        let (harness, _) = await Harness.sample()

        try await harness.feature.conflicts(includeResolved: false)

        #expect(
            harness.output.lines == [
                "ID        What                 Field  Yours       Theirs (kept)  When",
                "7c1e5a39  task \"Write report\"  due    2026-03-06  2026-03-04     08:35",
                "Keep one side with: stint sync conflicts resolve ID --take mine|theirs",
            ])
        #expect(harness.analytics.events == [.conflictsListed(count: 1, includeResolved: false)])
    }

    @Test func resolvingTheLastConflictLeavesNone() async throws {
        let (harness, _) = await Harness.sample()

        try await harness.feature.resolve("7C1E", take: .mine)
        try await harness.feature.conflicts(includeResolved: false)

        #expect(
            harness.output.lines == [
                "Kept yours: task \"Write report\" due is now \"2026-03-06\"; stint sync shares it.",
                "No conflicts.",
            ])
        #expect(
            harness.analytics.events == [.conflictResolved(.mine), .conflictsListed(count: 0, includeResolved: false)])
    }

    @Test func resolvingAnUnknownConflictIsTheTypedError() async {
        let (harness, _) = await Harness.sample()

        await #expect(throws: SyncFeatureError.conflictNotFound(reference: "ffff")) {
            try await harness.feature.resolve("ffff", take: .theirs)
        }
        #expect(harness.output.text.isEmpty)
    }

    @Test func anAmbiguousPrefixNamesTheCandidates() async throws {
        let store = InMemorySyncServices()
        await store.seedConflict(Fixture.conflict())
        var other = Fixture.conflict()
        other.id = "7c1e0000-0000-4000-8000-000000000000"
        await store.seedConflict(other)
        let harness = Harness(services: store)

        await #expect(
            throws: SyncFeatureError.ambiguousConflict(reference: "7c1e", candidates: ["7c1e5a39", "7c1e0000"])
        ) {
            try await harness.feature.resolve("7c1e", take: .theirs)
        }
    }

    // MARK: team

    @Test func teamMarksYou() async throws {
        let (harness, _) = await Harness.sample()

        try await harness.feature.team(refresh: true)

        #expect(harness.output.lines == ["Name   ID", "Ana    a11ce000  you", "Ben    b0b00000", "Chloé  c10e0000"])
        #expect(harness.analytics.events == [.teamListed(count: 3, refreshed: true)])
    }

    // MARK: service errors

    enum Operation: String, CaseIterable, Sendable {
        case login, logout, sync, status, conflicts, resolve, team

        func run(on feature: SyncInteractor) async throws {
            switch self {
            case .login: try await feature.login(server: Fixture.server, token: "stint_x", deviceName: "laptop")
            case .logout: try await feature.logout()
            case .sync: try await feature.sync()
            case .status: try await feature.status()
            case .conflicts: try await feature.conflicts(includeResolved: true)
            case .resolve: try await feature.resolve("7c1e", take: .mine)
            case .team: try await feature.team(refresh: false)
            }
        }
    }

    @Test(arguments: Operation.allCases)
    func serviceErrorsPropagateUnchangedAndNothingIsPrinted(_ operation: Operation) async {
        let harness = Harness(
            services: FailingSyncServices(error: UnexpectedServiceError(code: 42)), progressStyle: Self.terminal)

        await #expect(throws: UnexpectedServiceError(code: 42)) {
            try await operation.run(on: harness.feature)
        }
        #expect(harness.output.text.isEmpty)
        #expect(harness.progressOutput.text.isEmpty)
        #expect(harness.analytics.events.isEmpty)
    }

    @Test func theBuilderIsTheWayInAndHonoursTheFormat() async throws {
        let output = CapturedOutput()
        let feature = SyncBuilder.build(
            SyncDependencies(
                services: await SampleSync.makeServices(), analytics: RecordingSyncAnalytics(),
                progressOutput: CapturedOutput()),
            context: FeatureContext(
                output: output, style: .plain, format: .json, today: Fixture.today, timeZone: Fixture.timeZone,
                input: ScriptedLineReader()))

        try await feature.team(refresh: false)

        let members = try #require(try jsonObject(output.text) as? [[String: Any]])
        #expect(members.compactMap { $0["name"] as? String } == ["Ana", "Ben", "Chloé"])
    }
}
