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
            let end = try arguments.until.map { text throws(WorkerError) in try input.calendarDay(text, field: "until")
            }
            guard
                let start = try arguments.since.map({ text throws(WorkerError) in
                    try input.calendarDay(text, field: "since")
                })
            else {
                throw WorkerError(.invalidInput, "--until needs --since: the first day of the report")
            }
            period = .custom(since: start, until: try end ?? container.today)
        } else {
            switch arguments.period ?? .week {
            case .today: period = .today
            case .week: period = .week
            case .month: period = .month
            case .year: period = .year
            }
        }
        let format: ReportFormat =
            switch json ? .json : arguments.format ?? .table {
            case .table: .table
            case .csv: .csv
            case .json: .json
            }
        try await reportsFeature(format: format).report(
            ReportQuery(
                period: period, grouping: Self.grouping(arguments.grouping ?? .project), project: arguments.project,
                billableOnly: arguments.billable))
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
