import Foundation
import ReportsFeatureFakes
import TerminalUI
import Testing

@testable import ReportsFeature

/// What the fake does beyond the contract (which `ContractTests` runs): time zones, daylight saving, the running
/// timer and the sample data.
@Suite("InMemoryReportsServices")
struct InMemoryReportsServicesTests {
    static let week = ReportRequest(
        since: Fixture.day("2026-11-16"), until: Fixture.day("2026-11-22"), grouping: .project)

    static func request(_ grouping: ReportGrouping, project: String? = nil, billableOnly: Bool = false)
        -> ReportRequest
    {
        ReportRequest(
            since: week.since, until: week.until, grouping: grouping, project: project, billableOnly: billableOnly)
    }

    @Test func entriesAreClippedToTheRange() async throws {
        let services = InMemoryReportsServices(entries: [
            // Sunday before the week, 23:00 for 3 h: only the 2 h after midnight count.
            LoggedTime(start: Fixture.at("2026-11-15", 23), seconds: 3 * 3_600, project: "Work"),
            // Sunday of the week, 23:30 for 1 h: only the first 30 min count.
            LoggedTime(start: Fixture.at("2026-11-22", 23, 30), seconds: 3_600, project: "Work"),
            // Entirely outside.
            LoggedTime(start: Fixture.at("2026-11-10", 9), seconds: 3_600, project: "Work"),
        ])

        let data = try await services.report(for: Self.request(.day))

        #expect(data.totalSeconds == 2 * 3_600 + 30 * 60)
        #expect(data.entryCount == 2)
        #expect(
            data.daily == [Fixture.day("2026-11-16"): 2 * 3_600, Fixture.day("2026-11-22"): 30 * 60])
        #expect(data.rows.map(\.key) == ["2026-11-16", "2026-11-22"])
        #expect(data.rows.map(\.label) == ["2026-11-16 Mon", "2026-11-22 Sun"])
    }

    @Test func entriesAreSplitAtMidnightInTheServicesTimeZone() async throws {
        let berlin = try #require(TimeZone(identifier: "Europe/Berlin"))
        // 22:30 UTC on Monday is 23:30 in Berlin: half an hour on Monday and half on Tuesday there.
        let entry = LoggedTime(start: Fixture.at("2026-11-16", 22, 30), seconds: 3_600, project: "Work")

        let inBerlin = try await InMemoryReportsServices(entries: [entry], timeZone: berlin)
            .report(for: Self.request(.day))
        let inUTC = try await InMemoryReportsServices(entries: [entry]).report(for: Self.request(.day))

        #expect(inBerlin.rows.map(\.seconds) == [1_800, 1_800])
        #expect(inBerlin.rows.map(\.entries) == [1, 1])
        #expect(inBerlin.entryCount == 1)
        #expect(inUTC.rows.map(\.seconds) == [3_600])
    }

    @Test func aDaylightSavingDayHasItsTwentyFiveHours() async throws {
        let berlin = try #require(TimeZone(identifier: "Europe/Berlin"))
        // Clocks go back on Sunday 2026-10-25 in Berlin; a 26 h entry from its midnight fills that day and 1 h more.
        let entry = LoggedTime(start: Fixture.at("2026-10-25", 0, in: berlin), seconds: 26 * 3_600)
        let request = ReportRequest(
            since: Fixture.day("2026-10-25"), until: Fixture.day("2026-10-26"), grouping: .day)

        let data = try await InMemoryReportsServices(entries: [entry], timeZone: berlin).report(for: request)

        #expect(data.rows.map(\.seconds) == [25 * 3_600, 3_600])
    }

    @Test func filtersByProjectAndBillable() async throws {
        let services = InMemoryReportsServices(
            entries: [
                LoggedTime(start: Fixture.at("2026-11-16", 9), seconds: 600, project: "Work", billable: true),
                LoggedTime(start: Fixture.at("2026-11-16", 10), seconds: 300, project: "Work"),
                LoggedTime(start: Fixture.at("2026-11-16", 11), seconds: 60, project: "Home", billable: true),
            ],
            running: RunningTime(seconds: 120, project: "Work"),
            projects: ["Empty"])

        let work = try await services.report(for: Self.request(.project, project: "WORK"))
        #expect(work.totalSeconds == 900)
        #expect(work.runningSeconds == 120)

        let billable = try await services.report(for: Self.request(.project, billableOnly: true))
        #expect(billable.totalSeconds == 660)
        #expect(billable.runningSeconds == nil)

        let empty = try await services.report(for: Self.request(.project, project: "empty"))
        #expect(empty == .empty)

        await #expect(throws: ReportsFakeError.projectNotFound(reference: "Nope")) {
            try await services.report(for: Self.request(.project, project: "Nope"))
        }
        #expect(await services.receivedRequests.count == 4)
    }

    @Test(arguments: ReportGrouping.allCases)
    func sampleDataAddsUpTheWayTheContractSays(grouping: ReportGrouping) async throws {
        let services = InMemoryReportsServices.sample(today: Fixture.today)
        let month = ReportRequest(
            since: Fixture.day("2026-11-01"), until: Fixture.day("2026-11-30"), grouping: grouping)

        let data = try await services.report(for: month)

        #expect(data.totalSeconds > 0)
        #expect(data.daily.values.reduce(0, +) == data.totalSeconds)
        #expect(data.daily.keys.allSatisfy { $0 >= month.since && $0 <= Fixture.today })
        let rowSum = data.rows.reduce(0) { $0 + $1.seconds }
        if grouping == .tag {
            #expect(rowSum > data.totalSeconds)
        } else {
            #expect(rowSum == data.totalSeconds)
            #expect(data.rows.reduce(0) { $0 + $1.billableSeconds } == data.billableSeconds)
        }
        #expect(data.runningSeconds == SampleReports.running.seconds)
    }
}
