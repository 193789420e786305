import Foundation
import SyncFeatureFakes
import TerminalUI
import Testing

@testable import SyncFeature

/// Plays the part of time passing for `watch`: each pause runs the next scripted step (a change elsewhere, the server
/// going away or coming back) and records how long the watch asked to wait. After the script it cancels the watch, as
/// Ctrl-C would. No real time passes.
final class ScriptedPauses: @unchecked Sendable {
    private let lock = NSLock()
    private var steps: [@Sendable () async -> Void]
    private var pauses: [Duration] = []

    init(_ steps: [@Sendable () async -> Void]) {
        self.steps = steps
    }

    var recorded: [Duration] { lock.withLock { pauses } }

    func pause(_ duration: Duration) async throws {
        let step: (@Sendable () async -> Void)? = lock.withLock {
            pauses.append(duration)
            return steps.isEmpty ? nil : steps.removeFirst()
        }
        guard let step else { throw CancellationError() }
        await step()
    }
}

@Suite("Watch and settings")
struct WatchAndSettingsTests {
    private func watching(
        _ harness: Harness, _ pauses: ScriptedPauses, every interval: Duration = .seconds(2)
    ) async throws {
        var feature = harness.feature
        feature.sleep = { try await pauses.pause($0) }
        await #expect(throws: CancellationError.self) { try await feature.watch(every: interval) }
    }

    /// The sample device has work waiting both ways; a sync first leaves it up to date, so each test sees only what
    /// its script changes.
    private func upToDateSample(format: OutputFormat = .human) async throws -> (Harness, InMemorySyncServices) {
        let (harness, store) = await Harness.sample(format: format)
        _ = try await store.sync { _ in }
        return (harness, store)
    }

    @Test func watchPrintsOnlySyncsThatMovedSomething() async throws {
        let (harness, store) = try await upToDateSample()
        let pauses = ScriptedPauses([
            {},
            { await store.makeRemoteChanges(2) },
            {},
            { await store.makeLocalChanges(1) },
        ])

        try await watching(harness, pauses)

        #expect(
            harness.output.lines == [
                "Watching https://stint.example.com as Ana: syncing every 2 s; Ctrl-C to stop.",
                "Synced with https://stint.example.com: pushed nothing, pulled 2.",
                "Synced with https://stint.example.com: pushed 1 change, pulled 0.",
            ])
        #expect(pauses.recorded == Array(repeating: .seconds(2), count: 5))
        #expect(harness.progressOutput.text.isEmpty)
        #expect(
            harness.analytics.events == [
                .synced(pushed: 0, pulled: 2, conflicts: 0, rejected: 0),
                .synced(pushed: 1, pulled: 0, conflicts: 0, rejected: 0),
            ])
    }

    @Test func watchSaysOnceThatTheServerIsAwayBacksOffAndSaysWhenItIsBack() async throws {
        let (harness, store) = try await upToDateSample()
        let pauses = ScriptedPauses([
            { await store.takeServerOffline() },
            {}, {}, {}, {}, {}, {},
            {
                await store.makeRemoteChanges(1)
                await store.takeServerOffline(false)
            },
        ])

        try await watching(harness, pauses)

        // 2 s while it works, then doubling from the first failure up to a minute, and back to 2 s once it answers.
        #expect(
            pauses.recorded == [2, 4, 8, 16, 32, 60, 60, 60, 2].map { Duration.seconds($0) })
        #expect(
            harness.progressOutput.lines == [
                "stint: cannot sync with https://stint.example.com: could not connect to the server; still watching, "
                    + "trying again",
                "stint: https://stint.example.com answers again; back in sync",
            ])
        #expect(harness.output.lines.last == "Synced with https://stint.example.com: pushed nothing, pulled 1.")
    }

    @Test func watchStopsOnAFailureThatWaitingCannotMend() async throws {
        let (harness, _) = await Harness.sample(loggedIn: false)
        var feature = harness.feature
        feature.sleep = { _ in Issue.record("a logged-out watch must not wait") }

        await #expect(throws: SyncFeatureError.notLoggedIn) { try await feature.watch(every: .seconds(2)) }
        #expect(harness.output.text.isEmpty)
    }

    @Test func watchPassesOnAnErrorThatIsNotTheServersWithoutWaiting() async throws {
        let harness = Harness(services: FailingSyncServices(error: UnexpectedServiceError(code: 7)))
        var feature = harness.feature
        feature.sleep = { _ in Issue.record("an unknown failure must end the watch, not be retried") }

        await #expect(throws: UnexpectedServiceError(code: 7)) { try await feature.watch(every: .seconds(2)) }
    }

    @Test func watchJSONIsOneObjectPerLineAndNothingElse() async throws {
        let (harness, store) = try await upToDateSample(format: .json)
        let pauses = ScriptedPauses([{ await store.makeRemoteChanges(3) }, { await store.makeLocalChanges(2) }])

        try await watching(harness, pauses)

        #expect(harness.output.lines.count == 2)
        let pulled = try #require(try jsonObject(harness.output.lines[0]) as? [String: Any])
        #expect(pulled["pulled"] as? Int == 3)
        let pushed = try #require(try jsonObject(harness.output.lines[1]) as? [String: Any])
        #expect(pushed["pushed"] as? Int == 2)
    }

    @Test(arguments: [
        (Duration.seconds(1), "1 s"), (.milliseconds(1500), "1.5 s"), (.seconds(90), "90 s"), (.seconds(300), "5 min"),
    ])
    func intervalsAreWordedTheWayPeopleSayThem(_ interval: Duration, _ words: String) {
        #expect(SyncPresenter.seconds(interval) == words)
    }

    // MARK: Settings

    @Test(arguments: ["on", "ON", "true", "yes", "1"])
    func autoSyncTurnsOnWithAnyUsualSpelling(_ value: String) async throws {
        let (harness, store) = await Harness.sample()

        try await harness.feature.set(.autoSync, to: value)

        #expect(await store.status().autoSync)
        #expect(
            harness.output.lines == [
                "Auto-sync is on: every change is pushed, and everyone's pulled, in the background."
            ])
        #expect(harness.analytics.events == [.autoSyncSet(enabled: true)])
    }

    @Test func autoSyncWhileLoggedOutSaysWhenItStarts() async throws {
        let (harness, store) = await Harness.sample(loggedIn: false)

        try await harness.feature.set(.autoSync, to: "on")

        #expect(await store.status().autoSync)
        #expect(
            harness.output.lines == [
                "Auto-sync is on; it starts once this device is logged in (stint login URL)."
            ])
    }

    @Test(arguments: ["maybe", "", "onn", "2"])
    func anUnknownValueIsInvalidInputAndChangesNothing(_ value: String) async throws {
        let (harness, store) = await Harness.sample()
        await store.setAutoSync(true)

        await #expect(
            throws: SyncFeatureError.invalidSettingValue(setting: "auto-sync", value: value, allowed: "on or off")
        ) {
            try await harness.feature.set(.autoSync, to: value)
        }
        #expect(await store.status().autoSync)
        #expect(harness.output.text.isEmpty)
        #expect(
            SyncFeatureError.invalidSettingValue(setting: "auto-sync", value: value, allowed: "").kind == .invalidInput)
    }

    @Test func settingsListAndGetShowTheValue() async throws {
        let (harness, store) = await Harness.sample()
        await store.setAutoSync(true)

        try await harness.feature.settings(only: nil)
        try await harness.feature.settings(only: .autoSync)
        try await harness.feature.set(.autoSync, to: "off")
        try await harness.feature.settings(only: .autoSync)

        #expect(
            harness.output.lines == [
                "auto-sync = on", "on", "Auto-sync is off: changes wait for `stint sync`.", "off",
            ])
    }

    @Test func settingsJSONIsABooleanUnderASnakeCaseKey() async throws {
        let (harness, _) = await Harness.sample(format: .json)

        try await harness.feature.settings(only: nil)

        let object = try #require(try jsonObject(harness.output.text) as? [String: Any])
        #expect(object.count == 1)
        #expect(object["auto_sync"] as? Bool == false)
    }

    @Test func statusShowsAutoSyncAndTheLastBackgroundFailure() throws {
        var status = Fixture.status()
        status.autoSync = true
        status.autoSyncFailure = "cannot sync with https://stint.example.com: timed out"

        guard case .detail(let detail) = Fixture.presenter().status(status) else {
            Issue.record("status is a detail block")
            return
        }
        #expect(detail.field("Auto-sync")?.value == "on")
        #expect(detail.field("Last failure")?.value == "cannot sync with https://stint.example.com: timed out")
    }
}
