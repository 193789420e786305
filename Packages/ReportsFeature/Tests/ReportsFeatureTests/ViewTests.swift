import Foundation
import ReportsFeatureFakes
import TerminalUI
import Testing

@testable import ReportsFeature

@Suite("View")
struct ViewTests {
    static let rows = [
        Fixture.row("Work", seconds: 3 * 3_600 + 20 * 60, billable: 3_600, entries: 4),
        Fixture.row("Acme, Inc.", seconds: 30 * 60 + 30, billable: 30 * 60 + 30, entries: 1, key: "acme"),
    ]

    // MARK: Table

    @Test func tableReportOnAPipeHasHeaderTableAndTotalButNoChart() async throws {
        let harness = Harness(data: Fixture.data(Self.rows))

        try await harness.feature.report(ReportQuery())

        #expect(
            harness.output.lines == [
                "Week of 2026-11-16 – 2026-11-22 · by project · 3h 51m",
                "Project     Hours  Share  Billable",
                "Work         3:20    87%      1:00",
                "Acme, Inc.   0:31    13%      0:31",
                "Total        3:51   100%      1:31",
            ])
    }

    @Test func onATerminalTheDailyChartFollowsTheTable() async throws {
        let harness = Harness(data: Fixture.data(Self.rows, running: 600), style: Fixture.terminal)

        try await harness.feature.report(ReportQuery())

        let lines = harness.output.lines
        #expect(lines[4].hasPrefix("Total"))
        #expect(lines[5] == "A running timer has 10m so far; it is not in these totals until you stop it.")
        #expect(lines[6] == "")
        #expect(lines[7] == "Hours per day")
        #expect(
            lines[8...].map { String($0.prefix(6)) } == [
                "Mon 16", "Tue 17", "Wed 18", "Thu 19", "Fri 20", "Sat 21", "Sun 22",
            ])
        // All the time is on today, Sunday: a full-width bar, the other days empty.
        #expect(lines[14].hasSuffix("3h 50m"))
        #expect(lines[14].contains("█"))
        #expect(lines[8].hasSuffix(" 0m") && !lines[8].contains("█"))
        #expect(lines[8...].allSatisfy { DisplayWidth.of($0) == 80 })
    }

    @Test(arguments: [ReportFormat.csv, .json])
    func noChartOutsideTheTableFormatEvenOnATerminal(format: ReportFormat) async throws {
        let harness = Harness(data: Fixture.data(Self.rows), format: format, style: Fixture.terminal)
        try await harness.feature.report(ReportQuery())
        #expect(!harness.output.text.contains("█"))
        #expect(!harness.output.text.contains("Hours per"))
    }

    @Test func colourOnlyWhenTheStyleAllowsIt() async throws {
        let plain = Harness(data: Fixture.data(Self.rows), style: Fixture.terminal)
        try await plain.feature.report(ReportQuery())
        #expect(!plain.output.text.contains("\u{1B}["))

        let colour = Harness(
            data: Fixture.data(Self.rows), style: TerminalStyle(isTTY: true, useColor: true, width: 80))
        try await colour.feature.report(ReportQuery())
        #expect(colour.output.text.contains("\u{1B}[36m█"))
    }

    // MARK: Empty

    @Test func emptyReportPrintsAHelpfulLine() async throws {
        let harness = Harness(data: .empty, style: Fixture.terminal)

        try await harness.feature.report(ReportQuery())

        #expect(
            harness.output.lines == [
                "No time logged between 2026-11-16 and 2026-11-22. Log some with: stint log 1h TASK"
            ])
    }

    @Test func emptyReportNamesTheFiltersAndTheRunningTimer() async throws {
        let harness = Harness(data: Fixture.data([], running: 90))

        try await harness.feature.report(ReportQuery(period: .today, project: "Acme", billableOnly: true))

        #expect(
            harness.output.lines == [
                "No billable time logged on project Acme on 2026-11-22. Log some with: stint log 1h TASK",
                "A running timer has 1m so far; it is not in these totals until you stop it.",
            ])
    }

    @Test func emptyReportInJSONHasAnEmptyRowsArray() async throws {
        let harness = Harness(data: .empty, format: .json)

        try await harness.feature.report(ReportQuery())

        let object = try #require(try harness.json() as? [String: Any])
        #expect((object["rows"] as? [Any])?.isEmpty == true)
        #expect(object["total_seconds"] as? Int == 0)
        #expect(harness.output.text.contains("\"rows\" : []"))
    }

    @Test func emptyReportInCSVIsJustTheHeader() async throws {
        let harness = Harness(data: .empty, format: .csv)
        try await harness.feature.report(ReportQuery())
        #expect(harness.output.text == "group,label,seconds,hours,billable_seconds,entries\n")
    }

    // MARK: CSV

    @Test func csvQuotesLikeRFC4180AndKeepsExactSeconds() async throws {
        let rows = [
            Fixture.row("Acme, Inc.", seconds: 3_601, billable: 3_601, entries: 2, key: "acme"),
            Fixture.row("The \"big\" one", seconds: 59, key: "big"),
            Fixture.row("Two\nlines", seconds: 7_322, key: "two"),
            Fixture.row("(no project)", seconds: 20, key: ""),
        ]
        let harness = Harness(data: Fixture.data(rows), format: .csv)

        try await harness.feature.report(ReportQuery())

        #expect(
            harness.output.text == """
                group,label,seconds,hours,billable_seconds,entries
                acme,"Acme, Inc.",3601,1:00:01,3601,2
                big,"The ""big"" one",59,0:00:59,0,1
                two,"Two
                lines",7322,2:02:02,0,1
                ,(no project),20,0:00:20,0,1

                """)
    }

    @Test func csvSecondsAddUpToTheTotalOfTheSampleWeek() async throws {
        let services = InMemoryReportsServices.sample(today: Fixture.today)
        let csv = Harness(services: services, format: .csv)
        let json = Harness(services: services, format: .json)

        try await csv.feature.report(ReportQuery(grouping: .task))
        try await json.feature.report(ReportQuery(grouping: .task))

        let seconds = csv.output.lines.dropFirst().compactMap { line -> Int? in
            // No sample task label has a line break; the seconds are the third field from the end backwards.
            let fields = line.split(separator: ",", omittingEmptySubsequences: false)
            return fields.count >= 4 ? Int(fields[fields.count - 4]) : nil
        }
        let object = try #require(try json.json() as? [String: Any])
        #expect(seconds.count == csv.output.lines.count - 1)
        #expect(seconds.reduce(0, +) == object["total_seconds"] as? Int)
    }

    // MARK: JSON

    @Test func jsonNamesWhoseTimeItIs() async throws {
        var member = Fixture.data([Fixture.row("Work", seconds: 600)])
        member.person = ReportPerson(id: "5f0c7a1e-0000-4000-8000-000000000001", name: "Grace")
        let harness = Harness(data: member, format: .json)
        try await harness.feature.report(ReportQuery(author: .member("grace")))
        let object = try #require(try harness.json() as? [String: Any])
        #expect(object["user"] as? String == "Grace")
        #expect(object["user_id"] as? String == "5f0c7a1e-0000-4000-8000-000000000001")

        let everyone = Harness(data: Fixture.data([]), format: .json)
        try await everyone.feature.report(ReportQuery(author: .everyone))
        let all = try #require(try everyone.json() as? [String: Any])
        #expect(all["user"] as? String == "all")
        #expect(all["user_id"] is NSNull)
    }

    @Test func jsonHasStableSnakeCaseKeysExplicitNullsAndEveryDay() async throws {
        let rows = [Fixture.row("Work", seconds: 3_600, billable: 600, entries: 2)]
        let harness = Harness(data: Fixture.data(rows), format: .json)

        try await harness.feature.report(ReportQuery())

        let object = try #require(try harness.json() as? [String: Any])
        #expect(
            Set(object.keys) == [
                "period", "since", "until", "time_zone", "grouping", "project", "billable_only", "user", "user_id",
                "total_seconds", "billable_seconds", "entry_count", "running_seconds", "rows", "daily",
            ])
        #expect(object["user"] as? String == "me")
        #expect(object["user_id"] is NSNull)
        #expect(object["period"] as? String == "week")
        #expect(object["since"] as? String == "2026-11-16")
        #expect(object["until"] as? String == "2026-11-22")
        #expect(object["time_zone"] as? String == Fixture.utc.identifier)
        #expect(object["grouping"] as? String == "project")
        #expect(object["project"] is NSNull)
        #expect(object["running_seconds"] is NSNull)
        #expect(object["billable_only"] as? Bool == false)
        #expect(object["total_seconds"] as? Int == 3_600)

        let row = try #require((object["rows"] as? [[String: Any]])?.first)
        #expect(Set(row.keys) == ["key", "label", "detail", "seconds", "billable_seconds", "entries"])
        #expect(row["detail"] is NSNull)
        #expect(row["billable_seconds"] as? Int == 600)

        let daily = try #require(object["daily"] as? [[String: Any]])
        #expect(daily.count == 7)
        #expect(daily.first?["day"] as? String == "2026-11-16")
        #expect(daily.map { $0["seconds"] as? Int } == [0, 0, 0, 0, 0, 0, 3_600])
    }
}
