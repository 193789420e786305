import Foundation
import ReportsFeatureFakes
import TerminalUI
import Testing

@testable import ReportsFeature

enum Fixture {
    static let utc = TimeZone(identifier: "UTC") ?? .current
    /// Sunday 2026-11-22: the last day of the week that starts on Monday 2026-11-16.
    static let today = day("2026-11-22")

    /// A day written as ISO text; a typo in a test fails loudly instead of being skipped.
    static func day(_ iso: String) -> CalendarDay {
        guard let day = CalendarDay(iso: iso) else {
            Issue.record("not a day: \(iso)")
            return CalendarDay(year: 2000, month: 1, day: 1) ?? today
        }
        return day
    }

    /// `hour:minute` on the ISO day, in `timeZone`.
    static func at(_ iso: String, _ hour: Int, _ minute: Int = 0, in timeZone: TimeZone = utc) -> Date {
        SampleReports.date(day(iso), hour: hour, in: timeZone).addingTimeInterval(TimeInterval(minute * 60))
    }

    static func row(
        _ label: String, seconds: Int, billable: Int = 0, entries: Int = 1, detail: String? = nil, key: String? = nil
    ) -> ReportRow {
        ReportRow(
            key: key ?? label.lowercased(), label: label, detail: detail, seconds: seconds, billableSeconds: billable,
            entries: entries)
    }

    /// Data whose totals are the sums of `rows` (entries counted once each) and whose time is all on `today`.
    static func data(_ rows: [ReportRow], running: Int? = nil) -> ReportData {
        let total = rows.reduce(0) { $0 + $1.seconds }
        return ReportData(
            rows: rows,
            totalSeconds: total,
            billableSeconds: rows.reduce(0) { $0 + $1.billableSeconds },
            entryCount: rows.reduce(0) { $0 + $1.entries },
            daily: total > 0 ? [today: total] : [:],
            runningSeconds: running
        )
    }

    static let terminal = TerminalStyle(isTTY: true, useColor: false, width: 80)
}

/// Services that answer every request with the same data and remember the requests.
actor FixedReportsServices: ReportsServices {
    let data: ReportData
    private(set) var requests: [ReportRequest] = []

    init(_ data: ReportData) {
        self.data = data
    }

    func report(for request: ReportRequest) async throws -> ReportData {
        requests.append(request)
        return data
    }
}

/// One feature wired to fakes, with everything a test wants to look at afterwards.
///
/// `format` is what the report is printed as: `.json` sets the context's format, `.csv` the layout of every query
/// the harness passes on (see ``ReportLayout``).
struct Harness {
    let feature: any ReportsFeatureInterface
    let output = CapturedOutput()
    let analytics = RecordingReportsAnalytics()

    init(
        services: any ReportsServices,
        format: ReportFormat = .table,
        style: TerminalStyle = .plain,
        today: CalendarDay = Fixture.today
    ) {
        let built = ReportsBuilder.build(
            ReportsDependencies(services: services, analytics: analytics),
            context: FeatureContext(
                output: output, style: style, format: format == .json ? .json : .human, today: today,
                timeZone: Fixture.utc, input: ScriptedLineReader()))
        feature = format == .csv ? CSVQueries(base: built) : built
    }

    init(data: ReportData, format: ReportFormat = .table, style: TerminalStyle = .plain) {
        self.init(services: FixedReportsServices(data), format: format, style: style)
    }

    /// The JSON written so far, parsed.
    func json() throws -> Any {
        try JSONSerialization.jsonObject(with: Data(output.text.utf8), options: [.fragmentsAllowed])
    }
}

/// Asks for every report as CSV, as a host does for `--format csv`.
private struct CSVQueries: ReportsFeatureInterface {
    let base: any ReportsFeatureInterface

    func report(_ query: ReportQuery) async throws {
        var query = query
        query.layout = .csv
        try await base.report(query)
    }
}

/// An error no fake throws, to prove errors pass through untouched.
struct UnexpectedStorageError: Error, Equatable {
    let code: Int
}
