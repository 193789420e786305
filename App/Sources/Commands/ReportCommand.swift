import Adapters
import ArgumentParser

struct ReportCommand: QuickReadableCommand {
    static let configuration = CommandConfiguration(
        commandName: "report",
        abstract: "Time totals for a period, by project, task, day, week or tag.",
        discussion: """
            A report counts your own time; --user all counts everyone's on this machine (teammates' entries \
            come with stint sync), --user NAME one team member's.

            The period is this week by default (Monday to Sunday); the config file's week_start, [report] \
            period and by change the defaults (stint config --help). Totals add up exactly: time is cut at the \
            period's edges and at midnight, and rows are rounded so they sum to the total line. On a terminal a \
            bar chart of hours per day (or per week) follows the table.

            Examples:
              stint report
              stint report --month --by day
              stint report --since 2026-01-01 --until 2026-03-31
              stint report --by project --billable
              stint report --year --by week --format csv > 2026.csv
              stint report --month --user all
            """)
    @OptionGroup var global: GlobalOptions
    @Flag(help: "The period (default: this week, Monday to Sunday).") var period: ReportPeriodOption?
    @Option(name: [.short, .long], parsing: .unconditional, help: "From this day.", completion: .pastDays)
    var since: String?
    @Option(
        name: [.short, .long], parsing: .unconditional, help: "Up to and including this day (default: today).",
        completion: .pastDays)
    var until: String?
    @Option(name: .customLong("by"), help: "How to group the rows (default: project).") var grouping:
        ReportGroupingOption?
    @Option(name: [.short, .long], help: "Only time on this project and its tasks.", completion: .projects)
    var project: String?
    @Flag(name: [.short, .long], help: "Only billable time.") var billable = false
    @Option(name: [.short, .long], help: "The output (default: table; --json is the same as json).")
    var format: ReportFormatOption?
    @Option(help: "Whose time: me (default), all, or a team member's name.", completion: .list(["me", "all"]))
    var user: String?

    func validate() throws {
        if period != nil, since != nil || until != nil {
            throw ValidationError("--since/--until cannot be combined with --today, --week, --month or --year")
        }
        try OutputChoice.check(json: global.json, format: format)
    }

    var invocation: QuickCommandLine.Invocation {
        .report(
            ReportArguments(
                period: period, since: since, until: until, grouping: grouping, project: project, billable: billable,
                format: format, user: user))
    }
}
