import Foundation
import ReportsFeatureFakes
import TerminalUI
import Testing

@testable import ReportsFeature

@Suite("Presenter")
struct PresenterTests {
    static let week = ReportRequest(
        since: Fixture.day("2026-11-16"), until: Fixture.day("2026-11-22"), grouping: .project)

    static func presenter(chart: Bool = false, today: CalendarDay = Fixture.today) -> ReportsPresenter {
        ReportsPresenter(showsChart: chart, today: today, timeZone: Fixture.utc)
    }

    static func sheet(
        _ data: ReportData, request: ReportRequest = week, period: ReportPeriod = .week, chart: Bool = false
    )
        throws -> ReportSheet
    {
        guard
            case .report(let sheet) = presenter(chart: chart).report(data, request: request, period: period, as: .table)
        else {
            Issue.record("expected a report sheet")
            throw CancellationError()
        }
        return sheet
    }

    // MARK: Rounding

    @Test func rowsAddUpToTheTotalWhereNaiveRoundingWouldNot() throws {
        // Each row is 10m 20s: rounded on its own each shows 10m, three of them 30m, but the total is 31m.
        let rows = ["A", "B", "C"].map { Fixture.row($0, seconds: 620, billable: 620) }
        let table = try Self.sheet(Fixture.data(rows)).table

        #expect(table.texts(inColumn: "Time") == ["11m", "10m", "10m", "31m"])
        #expect(table.texts(inColumn: "Billable") == ["11m", "10m", "10m", "31m"])
    }

    @Test func roundingDownAlsoAddsUp() throws {
        // 40 s each: naively 1m three times (3 minutes) while the total, 2 minutes, rounds to 2m.
        let rows = ["A", "B", "C"].map { Fixture.row($0, seconds: 40) }
        let table = try Self.sheet(Fixture.data(rows)).table

        #expect(table.texts(inColumn: "Time") == ["1m", "1m", "0m", "2m"])
    }

    @Test func largestRemaindersGetTheSpareMinutes() {
        // Remainders 50 s, 10 s, 40 s; the total (3h 1m 40s) rounds to 182 minutes, two more than the floors.
        #expect(ReportsPresenter.apportion([3_650, 3_610, 3_640]) == [61, 60, 61])
    }

    @Test func apportionAlwaysMatchesTheRoundedSumAndStaysWithinAMinute() {
        for seed in 1...200 {
            let values = (0..<(seed % 9 + 1)).map { ($0 * 7_919 + seed * 104_729) % 9_000 }
            let minutes = ReportsPresenter.apportion(values)
            #expect(minutes.reduce(0, +) == ReportsPresenter.roundedMinutes(values.reduce(0, +)))
            for (value, shown) in zip(values, minutes) {
                #expect(abs(Double(shown) - Double(value) / 60) < 1)
            }
        }
    }

    @Test func sharesAddUpToAHundredLikeTheHours() {
        // Three equal thirds round to 33 % each (99 %); the largest remainder takes the missing point.
        #expect(ReportsPresenter.apportionPercents([600, 600, 600], total: 1_800) == [34, 33, 33])
        #expect(ReportsPresenter.apportionPercents([1, 2, 3], total: 6) == [17, 33, 50])
        for seed in 1...200 {
            let values = (0..<(seed % 9 + 1)).map { ($0 * 7_919 + seed * 104_729) % 9_000 + 1 }
            let total = values.reduce(0, +)
            let percents = ReportsPresenter.apportionPercents(values, total: total)
            #expect(percents.reduce(0, +) == 100)
            for (value, shown) in zip(values, percents) {
                #expect(abs(Double(shown) - Double(value) * 100 / Double(total)) < 1)
            }
        }
    }

    @Test func clockFormats() {
        #expect(ReportsPresenter.exactClock(seconds: 115_807) == "32:10:07")
        #expect(ReportsPresenter.exactClock(seconds: 59) == "0:00:59")
    }

    // MARK: Header and table

    @Test func headerNamesThePeriodTheGroupingAndTheTotal() throws {
        let data = Fixture.data([Fixture.row("Work", seconds: 32 * 3_600 + 10 * 60)])
        #expect(try Self.sheet(data).header == "Week of 2026-11-16 – 2026-11-22 · by project · 32h 10m")

        var filtered = Self.week
        filtered.project = "Acme"
        filtered.billableOnly = true
        filtered.grouping = .task
        #expect(
            try Self.sheet(data, request: filtered).header
                == "Week of 2026-11-16 – 2026-11-22 · by task · project Acme · billable only · 32h 10m")
    }

    @Test func headerAndEmptyLineSayWhoseTimeUnlessItIsYours() throws {
        let data = Fixture.data([Fixture.row("Work", seconds: 3_600)])
        var everyone = Self.week
        everyone.author = .everyone
        #expect(
            try Self.sheet(data, request: everyone).header
                == "Week of 2026-11-16 – 2026-11-22 · by project · everyone · 1h 00m")
        var grace = Self.week
        grace.author = .member("gra")
        var graces = data
        graces.person = ReportPerson(id: "5f0c7a1e-0000-4000-8000-000000000001", name: "Grace")
        #expect(
            try Self.sheet(graces, request: grace).header
                == "Week of 2026-11-16 – 2026-11-22 · by project · Grace's time · 1h 00m")
        guard case .lines(let lines) = Self.presenter().report(.empty, request: grace, period: .week, as: .table)
        else {
            Issue.record("expected lines")
            return
        }
        #expect(
            lines == [
                "No time logged by gra between 2026-11-16 and 2026-11-22. Log some with: stint log 1h TASK"
            ])
    }

    @Test(arguments: [
        (ReportPeriod.today, "2026-11-22", "2026-11-22", "Today, 2026-11-22"),
        (.month, "2026-11-01", "2026-11-30", "November 2026 (2026-11-01 – 2026-11-30)"),
        (.year, "2026-01-01", "2026-12-31", "Year 2026 (2026-01-01 – 2026-12-31)"),
        (
            .range(since: Fixture.day("2026-03-02"), until: Fixture.day("2026-03-09")), "2026-03-02", "2026-03-09",
            "2026-03-02 – 2026-03-09"
        ),
    ])
    func periodTitles(period: ReportPeriod, since: String, until: String, title: String) {
        #expect(ReportsPresenter.title(of: period, since: Fixture.day(since), until: Fixture.day(until)) == title)
    }

    @Test func tableColumnsShareAndTotalRow() throws {
        let rows = [
            Fixture.row("Work", seconds: 3 * 3_600, billable: 3_600),
            Fixture.row("Tiny", seconds: 30),
        ]
        let table = try Self.sheet(Fixture.data(rows)).table

        #expect(table.columnTitles == ["Project", "Time", "Share", "Billable"])
        #expect(table.texts(inColumn: "Project") == ["Work", "Tiny", "Total"])
        #expect(table.texts(inColumn: "Share") == ["100%", "<1%", "100%"])
        // No billable time in a row leaves its cell empty; the total always shows a value.
        #expect(table.texts(inColumn: "Billable") == ["1h 00m", "", "1h 00m"])
    }

    @Test func taskRowsShowTheirProject() throws {
        var request = Self.week
        request.grouping = .task
        let rows = [Fixture.row("Write report", seconds: 600, detail: "Work"), Fixture.row("(no task)", seconds: 60)]
        let table = try Self.sheet(Fixture.data(rows), request: request).table

        #expect(table.columnTitles == ["Task", "Project", "Time", "Share", "Billable"])
        #expect(table.texts(inColumn: "Project") == ["Work", "", ""])
    }

    /// A right-to-left override in a project name, a title or a tag would make the rest of the row read backwards:
    /// rows and the header show them escaped, as titles are shown everywhere else.
    @Test func namesTitlesAndTagsWithBidirectionalControlsAreShownEscaped() throws {
        var request = Self.week
        request.grouping = .task
        request.project = "Work\u{202E} lanif"
        var running = Fixture.row("1 Ti\u{202E}tle", seconds: 600, detail: "Work\u{202E} lanif")
        running.timerSeconds = 60
        let sheet = try Self.sheet(Fixture.data([running]), request: request)
        #expect(sheet.table.texts(inColumn: "Task") == [#"1 Ti\u{202E}tle ▸"#, "Total"])
        #expect(sheet.table.texts(inColumn: "Project") == [#"Work\u{202E} lanif"#, ""])
        #expect(sheet.header == #"Week of 2026-11-16 – 2026-11-22 · by task · project Work\u{202E} lanif · 10m"#)

        var byTag = Self.week
        byTag.grouping = .tag
        let tags = try Self.sheet(Fixture.data([Fixture.row("ab\u{2066}cd", seconds: 600)]), request: byTag).table
        #expect(tags.texts(inColumn: "Tag") == [#"ab\u{2066}cd"#, "Total"])
        #expect(
            Self.presenter().emptyMessage(request)
                == #"No time logged on project Work\u{202E} lanif between 2026-11-16 and 2026-11-22. "#
                + ReportsPresenter.logHint)
    }

    // MARK: Notes

    @Test func severalTagsFootnoteOnlyWhenRowsCountAnEntryTwice() throws {
        var request = Self.week
        request.grouping = .tag
        // One 1h entry tagged "client" and "meeting": each row has the hour, the total has it once.
        let doubled = ReportData(
            rows: [Fixture.row("client", seconds: 3_600), Fixture.row("meeting", seconds: 3_600)],
            totalSeconds: 3_600, billableSeconds: 0, entryCount: 1, daily: [Fixture.today: 3_600])
        let sheet = try Self.sheet(doubled, request: request)
        #expect(sheet.notes == [ReportsPresenter.severalTagsNote])
        #expect(sheet.table.texts(inColumn: "Time") == ["1h 00m", "1h 00m", "1h 00m"])

        let single = Fixture.data([Fixture.row("client", seconds: 3_600), Fixture.row("(no tag)", seconds: 60)])
        #expect(try Self.sheet(single, request: request).notes.isEmpty)
    }

    @Test func timersTimeIsNamedInANoteAndItsRowsAreMarked() throws {
        var onTimer = Fixture.row("Work", seconds: 3_000)
        onTimer.timerSeconds = 25 * 60
        let sheet = try Self.sheet(
            Fixture.data([onTimer, Fixture.row("Home", seconds: 600)], running: 25 * 60))

        #expect(sheet.notes == ["Includes 25m still on timers (rows marked ▸), logged when you stop them."])
        #expect(sheet.table.texts(inColumn: "Project") == ["Work ▸", "Home", "Total"])
        #expect(sheet.table.texts(inColumn: "Time")?.last == "1h 00m")
        #expect(sheet.header.hasSuffix("· 1h 00m"))
    }

    @Test func runningTimerIsNotMentionedForAPeriodThatExcludesToday() throws {
        let lastWeek = ReportRequest(
            since: Fixture.day("2026-11-09"), until: Fixture.day("2026-11-15"), grouping: .project)
        let sheet = try Self.sheet(Fixture.data([Fixture.row("Work", seconds: 3_600)], running: 60), request: lastWeek)
        #expect(sheet.notes.isEmpty)
    }

    // MARK: Chart

    @Test func weekChartHasOneBarPerDayIncludingEmptyDays() throws {
        let data = ReportData(
            rows: [Fixture.row("Work", seconds: 9_000)], totalSeconds: 9_000, billableSeconds: 0, entryCount: 2,
            daily: [Fixture.day("2026-11-16"): 5_400, Fixture.day("2026-11-18"): 3_600])
        let chart = try #require(try Self.sheet(data, chart: true).chart)

        #expect(chart.title == "Hours per day")
        #expect(chart.bars.map(\.label) == ["Mon 16", "Tue 17", "Wed 18", "Thu 19", "Fri 20", "Sat 21", "Sun 22"])
        #expect(chart.bars.map(\.seconds) == [5_400, 0, 3_600, 0, 0, 0, 0])
    }

    @Test func noChartUnlessAskedFor() throws {
        #expect(try Self.sheet(Fixture.data([Fixture.row("Work", seconds: 60)]), chart: false).chart == nil)
    }

    @Test func thirtyOneDaysAreChartedPerDayWithMonthsWhenTheyCrossOne() throws {
        let request = ReportRequest(
            since: Fixture.day("2026-11-10"), until: Fixture.day("2026-12-10"), grouping: .day)
        let later = Self.presenter(today: Fixture.day("2026-12-31"))
        let chart = later.chart(Fixture.data([Fixture.row("x", seconds: 60)]), request: request)

        #expect(chart.bars.count == 31)
        #expect(chart.bars.first?.label == "Tue Nov 10")
        #expect(chart.bars.last?.label == "Thu Dec 10")
    }

    @Test func longerRangesAreChartedPerISOWeekSummedByTheFeature() throws {
        // Thursday 2026-01-01 to Wednesday 2026-02-11: six weeks whose first and last are cut by the range.
        let request = ReportRequest(
            since: Fixture.day("2026-01-01"), until: Fixture.day("2026-02-11"), grouping: .project)
        var daily: [CalendarDay: Int] = [:]
        for offset in 0..<42 { daily[Fixture.day("2026-01-01").adding(days: offset)] = 60 }
        let data = ReportData(rows: [], totalSeconds: 42 * 60, billableSeconds: 0, entryCount: 42, daily: daily)

        let chart = Self.presenter().chart(data, request: request)

        #expect(chart.title == "Hours per week")
        #expect(chart.bars.first == BarChart.Bar(label: "W01 Dec 29", seconds: 4 * 60))
        #expect(chart.bars[1] == BarChart.Bar(label: "W02 Jan  5", seconds: 7 * 60))
        #expect(chart.bars.last == BarChart.Bar(label: "W07 Feb  9", seconds: 3 * 60))
        #expect(chart.bars.reduce(0) { $0 + $1.seconds } == data.totalSeconds)
    }

    @Test func yearChartHasAWeekPerBarAndYearsWhenTheRangeSpansSeveral() throws {
        let year = try ReportPeriod.year.resolve(today: Fixture.today)
        let request = ReportRequest(since: year.since, until: year.until, grouping: .project)
        // 2026 starts on a Thursday, so it touches 53 ISO weeks (W01 from Dec 29, 2025 to W53 ending Jan 3, 2027).
        let later = Self.presenter(today: Fixture.day("2027-12-31"))
        #expect(later.chart(.empty, request: request).bars.count == 53)

        let twoYears = ReportRequest(
            since: Fixture.day("2026-12-01"), until: Fixture.day("2027-01-31"), grouping: .project)
        let labels = later.chart(.empty, request: twoYears).bars.map(\.label)
        #expect(labels.contains("2026-W53 Dec 28"))
        #expect(labels.contains("2027-W01 Jan  4"))
    }

    @Test func daysThatHaveNotHappenedGetNoBar() throws {
        // Today is Sunday 2026-11-22: "this year" draws W01 to W47 and "this month" the first 22 days.
        let year = try ReportPeriod.year.resolve(today: Fixture.today)
        let yearBars = Self.presenter().chart(
            .empty, request: ReportRequest(since: year.since, until: year.until, grouping: .project)
        ).bars
        #expect(yearBars.count == 47)
        #expect(yearBars.last?.label == "W47 Nov 16")
        let month = try ReportPeriod.month.resolve(today: Fixture.today)
        let monthBars = Self.presenter().chart(
            .empty, request: ReportRequest(since: month.since, until: month.until, grouping: .day)
        ).bars
        #expect(monthBars.map(\.label).last == "Sun 22")
        #expect(monthBars.count == 22)
        let nextWeek = ReportRequest(since: Fixture.day("2026-11-23"), until: Fixture.day("2026-11-29"), grouping: .day)
        let someTime = Fixture.data([Fixture.row("x", seconds: 60)])
        #expect(try Self.sheet(someTime, request: nextWeek, chart: true).chart == nil, "a future range draws no chart")
    }
}
