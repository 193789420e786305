import Entities
import Foundation
import ReportsFeature
import TerminalUI
import Workers

/// `stint report`: the Reports feature.
extension AppCoordinator {
    public func report(_ arguments: ReportArguments) async throws {
        let input = self.input
        let period: ReportPeriod
        if arguments.since != nil || arguments.until != nil {
            period = .range(
                since: try arguments.since.map { text throws(WorkerError) in
                    try input.calendarDay(text, field: "since", leaning: .past)
                },
                until: try arguments.until.map { text throws(WorkerError) in
                    try input.calendarDay(text, field: "until", leaning: .past)
                })
        } else {
            // The config file's `[report] period` and `by` are the defaults a flag overrides (ADR 0027).
            switch arguments.period ?? container.environment.config.reportPeriod ?? .week {
            case .today: period = .today
            case .week: period = .week
            case .month: period = .month
            case .year: period = .year
            }
        }
        let query = ReportQuery(
            period: period,
            grouping: Self.grouping(arguments.grouping ?? container.environment.config.reportGrouping ?? .project),
            project: arguments.project, billableOnly: arguments.billable,
            layout: arguments.format == .csv ? .csv : .table, author: Self.author(arguments.user),
            firstWeekday: container.calendar.weekStart.rawValue)
        let asJSON = json || arguments.format == .json
        try await AppCoordinator(container: container, json: asJSON).reportsFeature().report(query)
    }

    /// `--user`: `me` (the default), `all`, or a member's name for the Services to resolve.
    static func author(_ user: String?) -> ReportAuthor {
        switch user?.trimmingWhitespace().lowercased() {
        case nil, "me": .me
        case "all": .everyone
        default: .member(user ?? "")
        }
    }

    static func grouping(_ option: ReportGroupingOption) -> ReportsFeature.ReportGrouping {
        switch option {
        case .project: .project
        case .task: .task
        case .day: .day
        case .week: .week
        case .tag: .tag
        }
    }
}
