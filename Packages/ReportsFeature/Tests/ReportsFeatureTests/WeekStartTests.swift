import ReportsFeature
import TerminalUI
import Testing

/// `.week` follows the day the host's weeks begin on (the config file's `week_start` in the App).
struct WeekStartTests {
    @Test(arguments: [
        (1, "2026-11-16", "2026-11-22"), (7, "2026-11-15", "2026-11-21"), (6, "2026-11-21", "2026-11-27"),
        (5, "2026-11-20", "2026-11-26"),
    ])
    func theWeekOfASaturdayBeginsOnTheChosenDay(firstWeekday: Int, since: String, until: String) throws {
        let range = try ReportPeriod.week.resolve(today: Fixture.day("2026-11-21"), firstWeekday: firstWeekday)
        #expect(range.since == Fixture.day(since) && range.until == Fixture.day(until))
        let unspecified = try ReportPeriod.range(since: nil, until: nil)
            .resolve(today: Fixture.day("2026-11-21"), firstWeekday: firstWeekday)
        #expect(unspecified.since == range.since && unspecified.until == range.until)
    }

    @Test func anImpossibleWeekdayFallsBackToMonday() {
        #expect(ReportQuery(firstWeekday: 0).firstWeekday == 1)
        #expect(ReportQuery(firstWeekday: 8).firstWeekday == 1)
        #expect(ReportQuery(firstWeekday: 7).firstWeekday == 7)
    }

    @Test func theServicesAreAskedForTheChosenWeek() async throws {
        let services = FixedReportsServices(.empty)
        try await Harness(services: services, today: Fixture.day("2026-11-21")).feature
            .report(ReportQuery(period: .week, firstWeekday: 7))
        let request = try #require(await services.requests.first)
        #expect(request.since == Fixture.day("2026-11-15") && request.until == Fixture.day("2026-11-21"))
    }
}
