import Entities
import Foundation
import ReportsFeature
import TerminalUI
import Workers

/// Fulfils the Reports feature's Services with the report worker. Mapping only.
struct ReportsAdapter: ReportsServices {
    let worker: ReportWorker

    func report(for request: ReportRequest) async throws -> ReportData {
        let result = try await worker.report(
            since: try DayMapping.day(request.since), until: try DayMapping.day(request.until),
            grouping: Self.grouping(request.grouping), project: request.project,
            billableOnly: request.billableOnly, author: Self.author(request.author), includeDaily: request.includesDaily
        )
        var daily: [CalendarDay: Int] = [:]
        for (day, seconds) in result.daily { daily[try DayMapping.calendarDay(day)] = seconds }
        return ReportData(
            rows: result.lines.map { line in
                var row = ReportRow(
                    key: line.key, label: line.label, detail: line.detail, seconds: line.seconds,
                    billableSeconds: line.billableSeconds, entries: line.entries,
                    projectID: line.projectID?.lowercasedString, projectName: line.projectName)
                row.timerSeconds = line.timerSeconds
                return row
            },
            totalSeconds: result.totalSeconds, billableSeconds: result.billableSeconds,
            entryCount: result.entryCount, daily: daily, runningSeconds: result.runningSeconds,
            person: result.member.map { ReportPerson(id: $0.id.lowercasedString, name: $0.name) })
    }

    static func author(_ author: ReportAuthor) -> ReportWorker.Author {
        switch author {
        case .me: .me
        case .everyone: .everyone
        case .member(let name): .member(name)
        }
    }

    static func grouping(_ grouping: ReportsFeature.ReportGrouping) -> ReportWorker.Grouping {
        switch grouping {
        case .project: .project
        case .task: .task
        case .day: .day
        case .week: .week
        case .tag: .tag
        }
    }
}
