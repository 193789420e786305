// reports-demo: runs the Reports feature on in-memory sample data, so the feature can be tried without the App.
//
//   swift run --package-path Packages/ReportsFeature reports-demo week|today|month|year [--by tag] [--csv|--json]
//   swift run --package-path Packages/ReportsFeature reports-demo csv|json      (this week, as CSV or JSON)
//   swift run --package-path Packages/ReportsFeature reports-demo SINCE [UNTIL] [--by day]
//   swift run --package-path Packages/ReportsFeature reports-demo 2026-11-01 2026-11-10 [--by day]
import Foundation
import ReportsFeature
import ReportsFeatureFakes
import TerminalUI

let usage = """
    usage: reports-demo today|week|month|year [--by project|task|day|week|tag] [--project NAME] [--billable]
                        [--csv | --json]
           reports-demo csv | json
           reports-demo SINCE [UNTIL] [--by …]      (days as YYYY-MM-DD, both included; UNTIL defaults to today)

    """

func fail() -> Never {
    StandardError().write(usage)
    exit(64)
}

var format = OutputFormat.human
var query = ReportQuery()
var positional: [String] = []
var arguments = Array(CommandLine.arguments.dropFirst())[...]
while let argument = arguments.popFirst() {
    switch argument {
    case "--csv": query.layout = .csv
    case "--json": format = .json
    case "--billable": query.billableOnly = true
    case "--by":
        guard let value = arguments.popFirst(), let grouping = ReportGrouping(rawValue: value) else { fail() }
        query.grouping = grouping
    case "--project":
        guard let value = arguments.popFirst() else { fail() }
        query.project = value
    default: positional.append(argument)
    }
}

switch positional {
case ["today"]: query.period = .today
case ["week"], []: query.period = .week
case ["month"]: query.period = .month
case ["year"]: query.period = .year
case ["csv"]: query.layout = .csv
case ["json"]: format = .json
case let days where days.count == 1 || days.count == 2:
    let parsed = days.map { CalendarDay(iso: $0) }
    guard !parsed.contains(nil) else { fail() }
    query.period = .range(since: parsed[0], until: parsed.count == 2 ? parsed[1] : nil)
default: fail()
}

let timeZone = TimeZone.current
let today = CalendarDay.from(Date(), in: timeZone)
let feature = ReportsBuilder.build(
    ReportsDependencies(
        services: InMemoryReportsServices.sample(today: today, timeZone: timeZone),
        analytics: RecordingReportsAnalytics()),
    context: FeatureContext(
        output: StandardOutput(), style: TerminalStyle.detect(), format: format, today: today, timeZone: timeZone)
)

do {
    try await feature.report(query)
} catch {
    StandardError().write("reports-demo: \(error.localizedDescription)\n")
    exit(1)
}
