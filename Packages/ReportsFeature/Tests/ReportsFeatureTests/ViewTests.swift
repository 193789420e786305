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
                "Project       Time  Share  Billable",
                "Work        3h 20m    87%    1h 00m",
                "Acme, Inc.     31m    13%       31m",
                "Total       3h 51m   100%    1h 31m",
            ])
    }

    @Test func quietKeepsTheReportAndLeavesOutTheNotes() throws {
        let output = CapturedOutput()
        let view = ReportsView(output: output, style: .plain, quiet: true)
        let sheet = ReportSheet(
            header: "Today · 1h 00m",
            table: ReportTable(columns: [TableColumn("Project"), TableColumn("Time")], rows: [["Work", "1h 00m"]]),
            notes: ["A running timer has 10m so far."], chart: nil)

        try view.render(.lines(["No time logged today."]))
        try view.render(.report(sheet))

        #expect(output.lines == ["Today · 1h 00m", "Project  Time", "Work     1h 00m"])
    }

    @Test(arguments: [60, 80, 120])
    func aLongHeaderWrapsAndNoLineOutgrowsTheTerminal(width: Int) async throws {
        let rows = [
            Fixture.row("A very long project name that goes on and on", seconds: 9 * 3_600 + 360, billable: 600),
            Fixture.row("Short", seconds: 16 * 3_600 + 480),
        ]
        let harness = Harness(
            data: Fixture.data(rows, running: 600), style: TerminalStyle(isTTY: true, useColor: false, width: width))

        try await harness.feature.report(ReportQuery(project: "A project with a long name", billableOnly: true))

        #expect(harness.output.lines.allSatisfy { DisplayWidth.of($0) <= width }, "\(harness.output.lines)")
        #expect(harness.output.lines.contains { $0.hasPrefix("Total") && $0.contains("25h 14m") })
    }

    @Test func onATerminalTheDailyChartFollowsTheTable() async throws {
        let harness = Harness(data: Fixture.data(Self.rows, running: 600), style: Fixture.terminal)

        try await harness.feature.report(ReportQuery())

        let lines = harness.output.lines
        #expect(lines[4].hasPrefix("Total"))
        #expect(lines[5] == "Includes 10m still on timers (rows marked ▸), logged when you stop them.")
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
                "Includes 1m still on timers (rows marked ▸), logged when you stop them.",
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
        #expect(harness.output.text == "label,project,seconds,hours,billable_seconds,entries,key\n")
    }

    // MARK: CSV

    @Test func csvQuotesLikeRFC4180AndKeepsExactSeconds() async throws {
        var acme = Fixture.row("Acme, Inc.", seconds: 3_601, billable: 3_601, entries: 2, key: "acme")
        acme.projectName = "Acme, Inc."
        let rows = [
            acme,
            Fixture.row("The \"big\" one", seconds: 59, key: "big"),
            Fixture.row("Two\nlines", seconds: 7_322, key: "two"),
            Fixture.row("(no project)", seconds: 20, key: ""),
        ]
        let harness = Harness(data: Fixture.data(rows), format: .csv)

        try await harness.feature.report(ReportQuery())

        #expect(
            harness.output.text == """
                label,project,seconds,hours,billable_seconds,entries,key
                "Acme, Inc.","Acme, Inc.",3601,1:00:01,3601,2,acme
                "The ""big"" one",,59,0:00:59,0,1,big
                "Two
                lines",,7322,2:02:02,0,1,two
                (no project),,20,0:00:20,0,1,

                """)
    }

    /// `--by task`: the group is named by its label (the task), and its project has a column of its own.
    @Test func csvNamesTheGroupByItsLabelAndTheProjectApart() async throws {
        var task = Fixture.row(
            "12 Write report", seconds: 5_400, detail: "Work", key: "3f9a2c10-0000-4000-8000-0000000000aa")
        (task.projectID, task.projectName) = ("5f0c7a1e-0000-4000-8000-000000000001", "Work")
        var formula = Fixture.row("=HYPERLINK(\"http://x\")", seconds: 60, key: "3f9a2c10-0000-4000-8000-0000000000bb")
        formula.projectName = "@home"
        let harness = Harness(data: Fixture.data([task, formula]), format: .csv)

        try await harness.feature.report(ReportQuery(grouping: .task))

        #expect(
            harness.output.lines == [
                "label,project,seconds,hours,billable_seconds,entries,key",
                "12 Write report,Work,5400,1:30:00,0,1,3f9a2c10-0000-4000-8000-0000000000aa",
                "\"'=HYPERLINK(\"\"http://x\"\")\",'@home,60,0:01:00,0,1,3f9a2c10-0000-4000-8000-0000000000bb",
            ])
    }

    @Test func csvSecondsAddUpToTheTotalOfTheSampleWeek() async throws {
        let services = InMemoryReportsServices.sample(today: Fixture.today)
        let csv = Harness(services: services, format: .csv)
        let json = Harness(services: services, format: .json)

        try await csv.feature.report(ReportQuery(grouping: .task))
        try await json.feature.report(ReportQuery(grouping: .task))

        let seconds = csv.output.lines.dropFirst().compactMap { line -> Int? in
            // No sample label has a line break; quoted fields are skipped whole, the seconds are the third field.
            let fields = Self.fields(of: line)
            return fields.count == 7 ? Int(fields[2]) : nil
        }
        let object = try #require(try json.json() as? [String: Any])
        #expect(seconds.count == csv.output.lines.count - 1)
        #expect(seconds.reduce(0, +) == object["total_seconds"] as? Int)
    }

    /// The fields of one CSV line without line breaks, quotes undone (RFC 4180).
    static func fields(of line: String) -> [String] {
        var fields = [""]
        var quoted = false
        var previous: Character?
        for character in line {
            if character == "\"" {
                if !quoted, previous == "\"" { fields[fields.count - 1].append("\"") }
                quoted.toggle()
            } else if character == ",", !quoted {
                fields.append("")
            } else {
                fields[fields.count - 1].append(character)
            }
            previous = character
        }
        return fields
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
        #expect(
            Set(row.keys) == [
                "key", "label", "detail", "project_id", "project_name", "seconds", "billable_seconds", "entries",
                "timer_seconds",
            ])
        #expect(row["detail"] is NSNull)
        #expect(row["project_id"] is NSNull && row["project_name"] is NSNull)
        #expect(row["billable_seconds"] as? Int == 600)

        let daily = try #require(object["daily"] as? [[String: Any]])
        #expect(daily.count == 7)
        #expect(daily.first?["day"] as? String == "2026-11-16")
        #expect(daily.map { $0["seconds"] as? Int } == [0, 0, 0, 0, 0, 0, 3_600])
    }
}
