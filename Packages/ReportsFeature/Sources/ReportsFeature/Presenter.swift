import Foundation
import TerminalUI

/// Turns report data into screens. Pure: no I/O, no clock.
struct ReportsPresenter: Sendable {
    static let logHint = "Log some with: stint log 1h TASK"
    static let severalTagsNote =
        "Entries with several tags count under each of them, so the rows add up to more than the total."
    /// Ranges up to this many days are charted per day, longer ones per ISO week.
    static let dailyChartLimit = 31
    static let csvHeader = ["label", "project", "seconds", "hours", "billable_seconds", "entries", "key"]

    /// Whether a table report ends with a bar chart (only on a terminal).
    let showsChart: Bool
    /// A running timer is only mentioned when the report covers this day (it is running now).
    let today: CalendarDay
    let timeZone: any DisplayTimeZone

    func report(_ data: ReportData, request: ReportRequest, period: ReportPeriod, as format: ReportFormat)
        -> ReportsScreen
    {
        switch format {
        case .json:
            return .json(ReportPayload(data: data, request: request, period: period, timeZone: timeZone))
        case .csv:
            return .text(csv(data.rows))
        case .table:
            guard data.totalSeconds > 0 else {
                var lines = [emptyMessage(request, person: data.person)]
                if let running = runningNote(data, request: request) { lines.append(running) }
                return .lines(lines)
            }
            return .report(sheet(data, request: request, period: period))
        }
    }

    // MARK: Human

    func sheet(_ data: ReportData, request: ReportRequest, period: ReportPeriod) -> ReportSheet {
        var notes: [String] = []
        if request.grouping == .tag && countsSomethingTwice(data) { notes.append(Self.severalTagsNote) }
        if let running = runningNote(data, request: request) { notes.append(running) }
        return ReportSheet(
            header: header(data, request: request, period: period),
            table: table(data, grouping: request.grouping),
            notes: notes,
            chart: showsChart && request.since <= today ? chart(data, request: request) : nil
        )
    }

    /// "Week of 2026-11-16 – 2026-11-22 · by project · 32h 10m", plus the filters in force.
    func header(_ data: ReportData, request: ReportRequest, period: ReportPeriod) -> String {
        var parts = [
            Self.title(of: period, since: request.since, until: request.until), "by \(request.grouping.rawValue)",
        ]
        if let project = request.project { parts.append("project \(DisplayText.singleLine(project))") }
        if request.billableOnly { parts.append("billable only") }
        if let who = Self.whose(request.author, person: data.person) { parts.append(who) }
        parts.append(DurationText.format(minutes: Self.roundedMinutes(data.totalSeconds)))
        return parts.joined(with: " · ")
    }

    func emptyMessage(_ request: ReportRequest, person: ReportPerson? = nil) -> String {
        var text = request.billableOnly ? "No billable time logged" : "No time logged"
        switch request.author {
        case .me: break
        case .everyone: text += " by anyone"
        case .member(let name): text += " by \(DisplayText.singleLine(person?.name ?? name))"
        }
        if let project = request.project { text += " on project \(DisplayText.singleLine(project))" }
        if request.since == request.until {
            text += " on \(request.since.iso)."
        } else {
            text += " between \(request.since.iso) and \(request.until.iso)."
        }
        return "\(text) \(Self.logHint)"
    }

    /// "everyone" or "Grace's time" for the header; nil for the user's own time (the default says nothing).
    static func whose(_ author: ReportAuthor, person: ReportPerson?) -> String? {
        switch author {
        case .me: nil
        case .everyone: "everyone"
        case .member(let name): "\(DisplayText.singleLine(person?.name ?? name))'s time"
        }
    }

    func runningNote(_ data: ReportData, request: ReportRequest) -> String? {
        guard let running = data.runningSeconds, running > 0, request.since <= today, today <= request.until else {
            return nil
        }
        return "Includes \(DurationText.format(seconds: running)) still on timers (rows marked ▸), "
            + "logged when you stop them."
    }

    /// True when the rows count some time or some entry more than once (only `.tag` does that).
    func countsSomethingTwice(_ data: ReportData) -> Bool {
        data.rows.reduce(0) { $0 + $1.seconds } > data.totalSeconds
            || data.rows.reduce(0) { $0 + $1.entries } > data.entryCount
    }

    func table(_ data: ReportData, grouping: ReportGrouping) -> ReportTable {
        let showsDetail = data.rows.contains { $0.detail != nil }
        var columns = [TableColumn(Self.labelTitle(grouping), flexible: true)]
        if showsDetail { columns.append(TableColumn(grouping == .task ? "Project" : "Detail", flexible: true)) }
        columns += [
            TableColumn("Time", alignment: .right),
            TableColumn("Share", alignment: .right),
            TableColumn("Billable", alignment: .right),
        ]

        let minutes = Self.apportion(data.rows.map(\.seconds))
        let billableMinutes = Self.apportion(data.rows.map(\.billableSeconds))
        // Shares add up to 100 % the way the hours add up to the total, unless a row counts time twice (tags).
        let percents =
            countsSomethingTwice(data)
            ? data.rows.map { Self.percent($0.seconds, of: data.totalSeconds) }
            : Self.apportionPercents(data.rows.map(\.seconds), total: data.totalSeconds)
        var rows: [[TableCell]] = data.rows.indices.map { index in
            let row = data.rows[index]
            // A row with time still on a timer says so, like `watson report --current`. Project names, task titles and
            // tags are shown as titles are everywhere (``DisplayText/singleLine(_:)``).
            let label = DisplayText.singleLine(row.label)
            var cells = [TableCell((row.timerSeconds ?? 0) > 0 ? "\(label) ▸" : label)]
            if showsDetail { cells.append(TableCell(row.detail.map(DisplayText.singleLine) ?? "", color: .dim)) }
            cells += [
                TableCell(DurationText.format(minutes: minutes[index])),
                TableCell(Self.share(percent: percents[index], seconds: row.seconds, total: data.totalSeconds)),
                TableCell(row.billableSeconds > 0 ? DurationText.format(minutes: billableMinutes[index]) : ""),
            ]
            return cells
        }
        var total = [TableCell("Total", color: .bold)]
        if showsDetail { total.append(TableCell("")) }
        total += [
            TableCell(DurationText.format(minutes: Self.roundedMinutes(data.totalSeconds)), color: .bold),
            TableCell(Self.share(data.totalSeconds, of: data.totalSeconds), color: .bold),
            TableCell(DurationText.format(minutes: Self.roundedMinutes(data.billableSeconds)), color: .bold),
        ]
        rows.append(total)
        return ReportTable(columns: columns, rows: rows)
    }

    /// Bars per day for ranges up to a month, else per ISO week (Monday to Sunday, only the days inside the range).
    func chart(_ data: ReportData, request: ReportRequest) -> ChartSection {
        // Days that have not happened yet get no bar: "this year" in March is three months of bars, not twelve.
        let days = (0..<request.dayCount).map { request.since.adding(days: $0) }.filter { $0 <= today }
        if request.dayCount <= Self.dailyChartLimit {
            let sameMonth = request.since.year == request.until.year && request.since.month == request.until.month
            let bars = days.map { day in
                BarChart.Bar(label: Self.chartLabel(day: day, withMonth: !sameMonth), seconds: data.daily[day] ?? 0)
            }
            return ChartSection(title: "Hours per day", bars: bars)
        }
        var weeks: [(monday: CalendarDay, seconds: Int)] = []
        for day in days {
            let monday = day.adding(days: 1 - day.weekday)
            if weeks.last?.monday != monday { weeks.append((monday, 0)) }
            weeks[weeks.count - 1].seconds += data.daily[day] ?? 0
        }
        let manyYears = request.since.year != request.until.year
        let bars = weeks.map { week in
            BarChart.Bar(label: Self.chartLabel(week: week.monday, withYear: manyYears), seconds: week.seconds)
        }
        return ChartSection(title: "Hours per week", bars: bars)
    }

    // MARK: CSV

    /// One line per row, no total line (a column sum is the total). The group is named by its label, as the
    /// table names it (a project or task id means nothing in a spreadsheet), the project has its own column, and
    /// the key is last for scripts that join on it; `hours` is the exact duration as h:mm:ss.
    func csv(_ rows: [ReportRow]) -> String {
        CSVText.document(
            header: Self.csvHeader,
            records: rows.map { row in
                [
                    CSVText.text(row.label), CSVText.text(row.projectName ?? ""), String(row.seconds),
                    CSVText.clock(seconds: row.seconds), String(row.billableSeconds), String(row.entries),
                    CSVText.text(row.key),
                ]
            })
    }

    // MARK: Numbers

    /// Seconds to whole minutes, half a minute rounding up.
    static func roundedMinutes(_ seconds: Int) -> Int {
        seconds >= 0 ? (seconds + 30) / 60 : -((-seconds + 30) / 60)
    }

    /// Whole minutes for each value whose sum is exactly the rounded minutes of the values' sum (largest remainder
    /// method: every value gets its floor, then the values with the largest leftover seconds get one more minute,
    /// earlier rows first on ties). So the rows of a table always add up to its total line.
    static func apportion(_ seconds: [Int]) -> [Int] {
        let values = seconds.map { max(0, $0) }
        var minutes = values.map { $0 / 60 }
        let target = roundedMinutes(values.reduce(0, +))
        var missing = target - minutes.reduce(0, +)
        let order = values.indices.sorted { lhs, rhs in
            let left = values[lhs] % 60
            let right = values[rhs] % 60
            return left != right ? left > right : lhs < rhs
        }
        for index in order where missing > 0 && values[index] % 60 > 0 {
            minutes[index] += 1
            missing -= 1
        }
        return minutes
    }

    /// "32:10:07": exact to the second.
    static func exactClock(seconds: Int) -> String {
        let minute = (seconds % 3_600) / 60
        let second = seconds % 60
        return "\(seconds / 3_600):" + (minute < 10 ? "0" : "") + String(minute) + ":"
            + (second < 10 ? "0" : "") + String(second)
    }

    /// Whole percent; "<1%" rather than a misleading "0%" for a little time.
    static func share(_ seconds: Int, of total: Int) -> String {
        share(percent: percent(seconds, of: total), seconds: seconds, total: total)
    }

    static func share(percent: Int, seconds: Int, total: Int) -> String {
        guard total > 0 else { return "" }
        return percent == 0 && seconds > 0 ? "<1%" : "\(percent)%"
    }

    static func percent(_ seconds: Int, of total: Int) -> Int {
        total > 0 ? Int((Double(seconds) * 100 / Double(total)).rounded()) : 0
    }

    /// Whole percents that add up to exactly 100 (largest remainder): each row gets its floor, and the points still
    /// missing go to the rows whose fractions were largest, earlier rows first on a tie. Exact integer arithmetic.
    static func apportionPercents(_ seconds: [Int], total: Int) -> [Int] {
        guard total > 0 else { return seconds.map { _ in 0 } }
        var percents = seconds.map { max(0, $0) * 100 / total }
        var missing = 100 - percents.reduce(0, +)
        let order = seconds.indices.sorted { lhs, rhs in
            let left = max(0, seconds[lhs]) * 100 % total
            let right = max(0, seconds[rhs]) * 100 % total
            return left != right ? left > right : lhs < rhs
        }
        for index in order where missing > 0 && max(0, seconds[index]) * 100 % total > 0 {
            percents[index] += 1
            missing -= 1
        }
        return percents
    }

    // MARK: Words

    static let monthNames = [
        "January", "February", "March", "April", "May", "June", "July", "August", "September", "October",
        "November", "December",
    ]
    static let weekdayNames = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"]

    static func title(of period: ReportPeriod, since: CalendarDay, until: CalendarDay) -> String {
        let span = since == until ? since.iso : "\(since.iso) – \(until.iso)"
        switch period {
        case .today: return "Today, \(since.iso)"
        case .week, .range(nil, nil): return "Week of \(span)"
        case .month: return "\(monthNames[since.month - 1]) \(since.year) (\(span))"
        case .year: return "Year \(since.year) (\(span))"
        case .range: return span
        }
    }

    static func labelTitle(_ grouping: ReportGrouping) -> String {
        switch grouping {
        case .project: "Project"
        case .task: "Task"
        case .day: "Day"
        case .week: "Week"
        case .tag: "Tag"
        }
    }

    /// "Mon 16", or "Mon Nov 16" when the chart spans two months.
    static func chartLabel(day: CalendarDay, withMonth: Bool) -> String {
        let weekday = weekdayNames[day.weekday - 1]
        let date = day.day < 10 ? " \(day.day)" : "\(day.day)"
        guard withMonth else { return "\(weekday) \(date)" }
        return "\(weekday) \(monthNames[day.month - 1].prefix(3)) \(date)"
    }

    /// "W47 Nov 16" (the ISO week number and its Monday), with the ISO year when the chart spans several years.
    static func chartLabel(week monday: CalendarDay, withYear: Bool) -> String {
        // The ISO week belongs to the year of its Thursday and is numbered from that year's first Thursday.
        let thursday = monday.adding(days: 3)
        let number = (thursday.dayOfYear - 1) / 7 + 1
        let week = "W" + (number < 10 ? "0" : "") + String(number)
        let date = monday.day < 10 ? " \(monday.day)" : "\(monday.day)"
        let label = "\(week) \(monthNames[monday.month - 1].prefix(3)) \(date)"
        return withYear ? "\(thursday.year)-\(label)" : label
    }
}
