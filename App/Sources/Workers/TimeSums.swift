import Entities
import Foundation
import Repositories

extension WorkCalendar {
    /// The entries overlapping `count` local days from `first` (a day is 23 to 25 hours long).
    func window(days first: Day, count: Int, projectID: UUID? = nil) -> TimeEntryQuery {
        TimeEntryQuery(
            from: first.start(in: timeZone), to: first.adding(days: count).start(in: timeZone), projectID: projectID)
    }
}

/// The small sums other screens show beside tasks and projects; shared by the task, project and time workers.
extension TimeReportRepository {
    /// A project's time: all of it, the billable part, and this week's (in `calendar`'s zone).
    func projectTotals(_ id: UUID, calendar: WorkCalendar) async throws -> ProjectTimeTotals {
        let results = try await sums([
            TimeSumRequest(query: TimeEntryQuery(projectID: id), breakdown: .total),
            TimeSumRequest(
                query: calendar.window(days: calendar.startOfWeek(calendar.today), count: 7, projectID: id),
                breakdown: .total),
        ])
        let all = results[0].first
        return ProjectTimeTotals(
            totalSeconds: all?.seconds ?? 0, billableSeconds: all?.billableSeconds ?? 0,
            thisWeekSeconds: results[1].first?.seconds ?? 0)
    }
}
