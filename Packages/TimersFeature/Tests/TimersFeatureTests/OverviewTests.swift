import Foundation
import Testing
import TimersFeatureFakes

@testable import TimersFeature

@Suite("Dashboard overview")
struct OverviewTests {
    @Test("names the running timer and sums today's and this week's entries and what the timer holds")
    func runningAndSums() async throws {
        let clock = ManualClock(Fixture.noon)
        let services = Fixture.emptyServices(clock: clock)
        // Monday and today (Wednesday) of this week, and last Sunday, which is not in it.
        _ = try await services.logTime(LogRequest(durationSeconds: 3_600, task: "1", start: Fixture.at(-2, 9)))
        _ = try await services.logTime(LogRequest(durationSeconds: 1_800, task: "1", start: Fixture.at(0, 9)))
        _ = try await services.logTime(LogRequest(durationSeconds: 600, task: "7", start: Fixture.at(-3, 9)))
        _ = try await services.startTimer(TimerStartRequest(task: "7", at: Fixture.at(0, 11)))
        let harness = Harness(services: services)

        try await harness.feature.overview()

        #expect(
            harness.output.lines == [
                "Time",
                "  Timer   7 \"Email\" · 1h 00m since 11:00",
                "  Logged  today 1h 30m (1h 00m on timers) · this week 2h 30m (1h 00m on timers)",
            ])
        #expect(harness.analytics.events == [.overviewShown(running: true)])
    }

    @Test("without a running timer it says so and counts the paused ones; JSON carries the sums")
    func pausedAndJSON() async throws {
        let clock = ManualClock(Fixture.noon)
        let services = Fixture.emptyServices(clock: clock)
        _ = try await services.startTimer(TimerStartRequest(task: "1", at: Fixture.at(0, 11)))
        _ = try await services.pauseTimer(reference: nil, at: nil)
        let human = Harness(services: services)
        try await human.feature.overview()
        #expect(human.output.lines.dropFirst().first == "  Timer   none running · 1 paused")

        let json = Harness(services: services, format: .json)
        try await json.feature.overview()
        let object = try #require(try json.json() as? [String: Any])
        #expect(object["running"] is NSNull)
        #expect(object["paused_count"] as? Int == 1)
        // The paused timer holds 11:00 to noon, not logged yet but spent.
        #expect(object["today_seconds"] as? Int == 3_600)
        #expect(object["week_seconds"] as? Int == 3_600)
        #expect(object["today_on_timers_seconds"] as? Int == 3_600)
        #expect(object["week_on_timers_seconds"] as? Int == 3_600)
    }
}
