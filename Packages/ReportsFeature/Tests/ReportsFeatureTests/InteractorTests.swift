import Foundation
import ReportsFeatureFakes
import TerminalUI
import Testing

@testable import ReportsFeature

@Suite("Interactor")
struct InteractorTests {
    // MARK: Periods

    @Test func weekContainingASundayRunsFromTheMondayBefore() async throws {
        let services = FixedReportsServices(.empty)
        let harness = Harness(services: services, today: Fixture.day("2026-11-22"))

        try await harness.feature.report(ReportQuery(period: .week))

        let request = try #require(await services.requests.first)
        #expect(request.since == Fixture.day("2026-11-16"))
        #expect(request.until == Fixture.day("2026-11-22"))
        #expect(request.dayCount == 7)
    }

    @Test("the per-day series is asked for only when it will be shown: JSON, or the chart on a terminal")
    func dailySeriesOnlyWhenShown() async throws {
        let terminal = TerminalStyle(isTTY: true, useColor: false, width: 80)
        let cases: [(ReportFormat, TerminalStyle, Bool)] = [
            (.json, .plain, true), (.table, terminal, true), (.table, .plain, false), (.csv, terminal, false),
        ]
        for (format, style, expected) in cases {
            let services = FixedReportsServices(.empty)
            try await Harness(services: services, format: format, style: style).feature.report(ReportQuery())
            #expect(try #require(await services.requests.first).includesDaily == expected, "\(format)")
        }
    }

    @Test(arguments: ["2026-11-16", "2026-11-19", "2026-11-22"])
    func everyDayOfAWeekResolvesToTheSameWeek(today: String) throws {
        let range = try ReportPeriod.week.resolve(today: Fixture.day(today))
        #expect(range.since == Fixture.day("2026-11-16") && range.until == Fixture.day("2026-11-22"))
    }

    @Test func weekMayCrossAYearEnd() throws {
        let range = try ReportPeriod.week.resolve(today: Fixture.day("2027-01-01"))
        #expect(range.since == Fixture.day("2026-12-28") && range.until == Fixture.day("2027-01-03"))
    }

    @Test(arguments: [
        ("2026-11-22", "2026-11-01", "2026-11-30"),
        ("2026-12-31", "2026-12-01", "2026-12-31"),
        ("2026-02-10", "2026-02-01", "2026-02-28"),
        ("2028-02-29", "2028-02-01", "2028-02-29"),
        ("2026-01-01", "2026-01-01", "2026-01-31"),
    ])
    func monthIsTheCalendarMonth(today: String, first: String, last: String) throws {
        let range = try ReportPeriod.month.resolve(today: Fixture.day(today))
        #expect(range.since == Fixture.day(first) && range.until == Fixture.day(last))
    }

    @Test(arguments: [
        ("2026-11-22", "2026-01-01", "2026-12-31"),
        ("2028-12-31", "2028-01-01", "2028-12-31"),
        ("2027-01-01", "2027-01-01", "2027-12-31"),
    ])
    func yearIsTheCalendarYear(today: String, first: String, last: String) throws {
        let range = try ReportPeriod.year.resolve(today: Fixture.day(today))
        #expect(range.since == Fixture.day(first) && range.until == Fixture.day(last))
    }

    @Test func todayAndCustomPeriods() throws {
        let today = try ReportPeriod.today.resolve(today: Fixture.today)
        #expect(today.since == Fixture.today && today.until == Fixture.today)
        let oneDay = try ReportPeriod.range(since: Fixture.day("2026-03-01"), until: Fixture.day("2026-03-01"))
            .resolve(today: Fixture.today)
        #expect(oneDay.since == Fixture.day("2026-03-01") && oneDay.until == Fixture.day("2026-03-01"))
        let toToday = try ReportPeriod.range(since: Fixture.day("2026-11-01"), until: nil).resolve(today: Fixture.today)
        #expect(toToday.since == Fixture.day("2026-11-01") && toToday.until == Fixture.today)
        let neither = try ReportPeriod.range(since: nil, until: nil).resolve(today: Fixture.today)
        #expect(neither.since == Fixture.day("2026-11-16") && neither.until == Fixture.today)
    }

    @Test func aRangeWithAnEndButNoStartIsRefusedBeforeAskingTheServices() async throws {
        let services = FixedReportsServices(.empty)
        let harness = Harness(services: services)
        let until = Fixture.day("2026-11-10")

        await #expect(throws: ReportsFeatureError.untilWithoutSince(until: until)) {
            try await harness.feature.report(ReportQuery(period: .range(since: nil, until: until)))
        }

        #expect(await services.requests.isEmpty)
        #expect(harness.output.text.isEmpty)
        #expect(harness.analytics.events.isEmpty)
        #expect(
            ReportsFeatureError.untilWithoutSince(until: until).localizedDescription
                == "--until needs --since: the first day of the report")
    }

    @Test func aRangeThatEndsBeforeItStartsIsTheServicesErrorAndPrintsNothing() async throws {
        let harness = Harness(services: InMemoryReportsServices())
        let since = Fixture.day("2026-11-20")
        let until = Fixture.day("2026-11-10")

        await #expect(throws: ReportsFakeError.emptyRange(since: since, until: until)) {
            try await harness.feature.report(ReportQuery(period: .range(since: since, until: until)))
        }
        #expect(harness.output.text.isEmpty)
        #expect(harness.analytics.events.isEmpty)
    }

    // MARK: Services

    @Test func groupingAndFiltersArePassedThrough() async throws {
        let services = FixedReportsServices(.empty)
        let harness = Harness(services: services)

        try await harness.feature.report(
            ReportQuery(period: .month, grouping: .tag, project: "acme", billableOnly: true))

        #expect(
            await services.requests == [
                ReportRequest(
                    since: Fixture.day("2026-11-01"), until: Fixture.day("2026-11-30"), grouping: .tag,
                    project: "acme", billableOnly: true, includesDaily: false)
            ])
        #expect(
            harness.analytics.events == [.reported(grouping: .tag, format: .table, days: 30, rows: 0, filtered: true)])
    }

    @Test(arguments: [ReportFormat.table, .csv, .json])
    func servicesErrorsPassThroughUnchangedAndNothingIsWritten(format: ReportFormat) async throws {
        let harness = Harness(services: FailingReportsServices(error: UnexpectedStorageError(code: 7)), format: format)

        await #expect(throws: UnexpectedStorageError(code: 7)) {
            try await harness.feature.report(ReportQuery())
        }

        #expect(harness.output.text.isEmpty)
        #expect(harness.analytics.events.isEmpty)
    }

    @Test func unknownProjectErrorFromTheServicesReachesTheCaller() async throws {
        let harness = Harness(services: InMemoryReportsServices.sample(today: Fixture.today))

        await #expect(throws: ReportsFakeError.projectNotFound(reference: "Nope")) {
            try await harness.feature.report(ReportQuery(project: "Nope"))
        }
    }

    @Test func analyticsCarryCountsNotNames() async throws {
        let harness = Harness(
            data: Fixture.data([Fixture.row("Secret client", seconds: 600), Fixture.row("Other", seconds: 60)]),
            format: .csv)

        try await harness.feature.report(ReportQuery(period: .year, grouping: .project))

        #expect(
            harness.analytics.events == [
                .reported(grouping: .project, format: .csv, days: 365, rows: 2, filtered: false)
            ])
    }
}
