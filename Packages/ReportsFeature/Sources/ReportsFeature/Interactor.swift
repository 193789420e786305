import Foundation
import TerminalUI

/// The feature's logic: resolves the period to days, calls the Services, reports analytics, and hands the result
/// to the presenter and view. It never catches Services errors, so the App sees exactly what the Services threw.
struct ReportsInteractor: ReportsFeatureInterface {
    let services: any ReportsServices
    let analytics: any ReportsAnalytics
    let presenter: ReportsPresenter
    let view: ReportsView
    /// Human or JSON, from the context; a human report is then laid out as the query's layout says.
    let format: OutputFormat
    let today: CalendarDay

    func report(_ query: ReportQuery) async throws {
        let (since, until) = try query.period.resolve(today: today, firstWeekday: query.firstWeekday)
        let printed = ReportFormat(format: format, layout: query.layout)
        let request = ReportRequest(
            since: since,
            until: until,
            grouping: query.grouping,
            project: query.project,
            billableOnly: query.billableOnly,
            includesDaily: printed == .json || (printed == .table && presenter.showsChart),
            author: query.author
        )
        let data = try await services.report(for: request)
        analytics.track(
            .reported(
                grouping: query.grouping,
                format: printed,
                days: request.dayCount,
                rows: data.rows.count,
                filtered: query.project != nil || query.billableOnly || query.author != .me
            )
        )
        try view.render(presenter.report(data, request: request, period: query.period, as: printed))
    }
}
