import Foundation
import TerminalUI

// What the presenter hands the view. Every string, column and colour is chosen by the presenter; the view only lays
// them out for the terminal (or encodes the JSON payload).

/// One screen to draw.
enum ReportsScreen: Sendable {
    /// Plain lines (the empty state), left out under `--quiet`. An empty array prints nothing.
    case lines([String])
    case report(ReportSheet)
    /// Text written exactly as given (CSV); it already ends with a newline.
    case text(String)
    /// The machine-readable form, printed as pretty JSON.
    case json(any Encodable & Sendable)
}

/// The human report: a header line, the table with its total row, notes, and optionally a bar chart.
struct ReportSheet: Sendable {
    var header: String
    var table: ReportTable
    /// Footnotes under the table (several tags, a running timer); left out under `--quiet`.
    var notes: [String]
    var chart: ChartSection?
}

struct ReportTable: Sendable {
    var columns: [TableColumn]
    var rows: [[TableCell]]

    var columnTitles: [String] { columns.map(\.title) }

    /// The texts of one column, top to bottom, total row included (`nil` if there is no such column).
    func texts(inColumn title: String) -> [String]? {
        guard let index = columns.firstIndex(where: { $0.title == title }) else { return nil }
        return rows.map { $0[index].text }
    }
}

struct ChartSection: Sendable, Equatable {
    var title: String
    var bars: [BarChart.Bar]
}

/// The JSON form of a report: the data and the request it answers. Keys are documented in Models.swift.
struct ReportPayload: Encodable, Sendable {
    struct DailyValue: Encodable, Sendable {
        var day: CalendarDay
        var seconds: Int
    }

    var period: String
    var since: CalendarDay
    var until: CalendarDay
    var timeZone: String
    var grouping: ReportGrouping
    var project: String?
    var billableOnly: Bool
    var user: String
    var userID: String?
    var totalSeconds: Int
    var billableSeconds: Int
    var entryCount: Int
    var runningSeconds: Int?
    var rows: [ReportRow]
    var daily: [DailyValue]

    init(data: ReportData, request: ReportRequest, period: ReportPeriod, timeZone: any DisplayTimeZone) {
        self.period = period.name
        since = request.since
        until = request.until
        self.timeZone = timeZone.identifier
        grouping = request.grouping
        project = request.project
        billableOnly = request.billableOnly
        switch request.author {
        case .me: user = "me"
        case .everyone: user = "all"
        case .member(let name): user = data.person?.name ?? name
        }
        userID = data.person?.id
        totalSeconds = data.totalSeconds
        billableSeconds = data.billableSeconds
        entryCount = data.entryCount
        runningSeconds = data.runningSeconds
        rows = data.rows
        daily = (0..<request.dayCount).map { offset in
            let day = request.since.adding(days: offset)
            return DailyValue(day: day, seconds: data.daily[day] ?? 0)
        }
    }

    enum CodingKeys: String, CodingKey {
        case period, since, until, grouping, project, rows, daily
        case timeZone = "time_zone"
        case billableOnly = "billable_only"
        case user
        case userID = "user_id"
        case totalSeconds = "total_seconds"
        case billableSeconds = "billable_seconds"
        case entryCount = "entry_count"
        case runningSeconds = "running_seconds"
    }

    // Written by hand only so that optionals become an explicit `null` (the synthesised encoder omits them).
    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(period, forKey: .period)
        try container.encode(since, forKey: .since)
        try container.encode(until, forKey: .until)
        try container.encode(timeZone, forKey: .timeZone)
        try container.encode(grouping, forKey: .grouping)
        try container.encode(project, forKey: .project)
        try container.encode(billableOnly, forKey: .billableOnly)
        try container.encode(user, forKey: .user)
        try container.encode(userID, forKey: .userID)
        try container.encode(totalSeconds, forKey: .totalSeconds)
        try container.encode(billableSeconds, forKey: .billableSeconds)
        try container.encode(entryCount, forKey: .entryCount)
        try container.encode(runningSeconds, forKey: .runningSeconds)
        try container.encode(rows, forKey: .rows)
        try container.encode(daily, forKey: .daily)
    }
}
