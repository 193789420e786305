import Entities
import Foundation
import Repositories

/// One row of a report: a project, task, tag, day or week, and its time inside the range.
public struct ReportLine: Sendable, Equatable {
    /// Stable identifier of the group ("" for time without a project, task or tag).
    public let key: String
    public let label: String
    /// Extra context, e.g. the project of a task.
    public let detail: String?
    public let seconds: Int
    public let billableSeconds: Int
    public let entries: Int
}

/// A whole report: rows, totals that the rows add up to, and the per-day series for the chart.
public struct ReportResult: Sendable {
    public let lines: [ReportLine]
    public let totalSeconds: Int
    public let billableSeconds: Int
    public let entryCount: Int
    public let daily: [Day: Int]
    /// What the running timer has so far, when it matches the report's filters (not in the totals).
    public let runningSeconds: Int?
    /// The team member whose time this is, when the report was asked for someone by name.
    public let member: ReportMember?
}

/// A team member a report counts the time of.
public struct ReportMember: Sendable, Equatable {
    public let id: UUID
    public let name: String
}

/// Reports over time entries. Everything is added up by the storage in one read; this worker turns
/// days into instants in the user's time zone (so a day is a real local day, 23 or 25 hours long
/// around clock changes) and ids into names.
public struct ReportWorker: Sendable {
    /// How a report groups its rows.
    public enum Grouping: Sendable, Equatable {
        case project, task, day, week, tag
    }

    /// Whose time a report counts. Sync brings teammates' entries onto this device, so a person's report
    /// is their own time unless they ask for more.
    public enum Author: Sendable, Equatable {
        /// The local person's (the default).
        case me
        /// Every entry on this device.
        case everyone
        /// One team member's: a name (or `me`) resolved against the team.
        case member(String)
    }

    let sums: any TimeReportRepository
    let timers: any TimerRepository
    let tasks: any TaskRepository
    let projects: any ProjectRepository
    let team: TeamDirectory
    let calendar: WorkCalendar

    init(
        sums: any TimeReportRepository, timers: any TimerRepository, tasks: any TaskRepository,
        projects: any ProjectRepository, sync: any SyncRepository, calendar: WorkCalendar
    ) {
        self.sums = sums
        self.timers = timers
        self.tasks = tasks
        self.projects = projects
        team = TeamDirectory(sync: sync)
        self.calendar = calendar
    }

    /// The longest range a report may cover; a day-by-day series beyond it is no longer useful.
    static let maximumDays = 366 * 20

    /// - Parameter includeDaily: whether to compute the per-day series (for JSON and the chart); rows
    ///   and totals never depend on it.
    public func report(
        since: Day, until: Day, grouping: Grouping, project: String?, billableOnly: Bool, author: Author = .me,
        includeDaily: Bool = true
    ) async throws(WorkerError) -> ReportResult {
        let range: DayRange
        do { range = try DayRange(since: since, until: until) } catch { throw WorkerError(wrapping: error) }
        let dayCount = range.dayCount
        guard dayCount <= Self.maximumDays else {
            throw WorkerError(.invalidInput, "a report covers at most 20 years; narrow --since/--until")
        }
        let zone = calendar.timeZone
        var timeAuthor = TimeAuthor.localPerson
        var member: ReportMember?
        switch author {
        case .me: break
        case .everyone: timeAuthor = .everyone
        case .member(let reference):
            let id = try await team.member(reference, purpose: "--user")
            timeAuthor = .member(id)
            member = ReportMember(id: id, name: await team.names(for: [id])[id] ?? TeamDirectory.short(id))
        }
        return try await working {
            var query = TimeEntryQuery(
                from: since.start(in: zone), to: until.adding(days: 1).start(in: zone), billableOnly: billableOnly,
                author: timeAuthor)
            var projectFilter: Project?
            if let project {
                let found = try await projects.project(reference: project)
                projectFilter = found
                query.projectID = found.id
            }
            let days = (0...dayCount).map { since.adding(days: $0) }
            let dayBoundaries = days.map { $0.start(in: zone) }
            let weekStarts = Self.weekStarts(since: since, until: until)
            var everything = query
            everything.from = nil
            everything.to = nil
            let rowsRequest: TimeSumRequest =
                switch grouping {
                case .project: TimeSumRequest(query: query, breakdown: .byProject)
                case .task: TimeSumRequest(query: query, breakdown: .byTask)
                case .tag: TimeSumRequest(query: query, breakdown: .byTag)
                case .day: TimeSumRequest(query: everything, breakdown: .byPeriod(boundaries: dayBoundaries))
                case .week:
                    TimeSumRequest(
                        query: everything, breakdown: .byPeriod(boundaries: weekStarts.map { $0.start(in: zone) }))
                }
            // Project and task rows partition the entries, so their sums are the totals. Tags overlap
            // (an entry counts under each of its tags) and days and weeks split an entry that crosses
            // midnight, so those need the total (and its entry count) read on its own. By day, the rows
            // are the daily series. Fewer queries is what keeps a year's report quick.
            var requests = [rowsRequest]
            let separateTotal = grouping == .tag || grouping == .day || grouping == .week
            if separateTotal { requests.append(TimeSumRequest(query: query, breakdown: .total)) }
            let separateDaily = includeDaily && grouping != .day
            if separateDaily {
                requests.append(TimeSumRequest(query: everything, breakdown: .byPeriod(boundaries: dayBoundaries)))
            }
            let results = try await sums.sums(requests)
            let rows = results[0]
            var daily: [Day: Int] = [:]
            if includeDaily {
                for sum in separateDaily ? results[results.count - 1] : rows {
                    if case .period(let index) = sum.key, index < days.count - 1 { daily[days[index]] = sum.seconds }
                }
            }
            let total =
                separateTotal
                ? results[1].first
                : TimeSum(
                    key: .total, seconds: rows.reduce(0) { $0 + $1.seconds },
                    billableSeconds: rows.reduce(0) { $0 + $1.billableSeconds },
                    entries: rows.reduce(0) { $0 + $1.entries })
            return ReportResult(
                lines: try await lines(rows, grouping: grouping, days: days, weekStarts: weekStarts),
                totalSeconds: total?.seconds ?? 0, billableSeconds: total?.billableSeconds ?? 0,
                entryCount: total?.entries ?? 0, daily: daily,
                runningSeconds: try await running(project: projectFilter, billableOnly: billableOnly, member: member),
                member: member)
        }
    }

    static let weekdayNames = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"]

    /// Boundaries of the weeks (Monday to Sunday) overlapping the range, clipped to it.
    static func weekStarts(since: Day, until: Day) -> [Day] {
        var starts = [since]
        var next = since.startOfWeek.adding(days: 7)
        while next <= until {
            starts.append(next)
            next = next.adding(days: 7)
        }
        starts.append(until.adding(days: 1))
        return starts
    }

    private func lines(
        _ sums: [TimeSum], grouping: Grouping, days: [Day], weekStarts: [Day]
    ) async throws -> [ReportLine] {
        let projectNames = Dictionary(
            try await projects.projects(includeArchived: true).map { ($0.id, $0.name) },
            uniquingKeysWith: { first, _ in first })
        var taskIDs: Set<UUID> = []
        for sum in sums { if case .task(let id?, _) = sum.key { taskIDs.insert(id) } }
        let taskMap = try await tasks.byID(taskIDs)
        var lines: [ReportLine] = []
        for sum in sums {
            let key: String
            let label: String
            var detail: String?
            switch sum.key {
            case .total:
                (key, label) = ("", "Total")
            case .project(let id):
                key = id?.uuidString.lowercased() ?? ""
                label = id.flatMap { projectNames[$0] } ?? "(no project)"
            case .task(let id, let projectID):
                key = id?.uuidString.lowercased() ?? ""
                if let id, let task = taskMap[id] {
                    label = task.number.map { "\($0) \(task.title)" } ?? task.title
                } else {
                    label = "(no task)"
                }
                detail = projectID.flatMap { projectNames[$0] }
            case .tag(let name):
                (key, label) = (name ?? "", name ?? "(no tag)")
            case .period(let index):
                let periods = grouping == .week ? weekStarts : days
                guard index < periods.count - 1 else { continue }
                let day = periods[index]
                key = day.iso
                label = grouping == .week ? day.iso : "\(day.iso) \(Self.weekdayNames[day.weekday - 1])"
            }
            lines.append(
                ReportLine(
                    key: key, label: label, detail: detail, seconds: sum.seconds, billableSeconds: sum.billableSeconds,
                    entries: sum.entries))
        }
        switch grouping {
        case .day, .week:
            return lines.sorted { $0.key < $1.key }
        case .project, .task, .tag:
            return lines.sorted { ($0.seconds, $1.label) > ($1.seconds, $0.label) }
        }
    }

    /// The running timer's time so far when it matches the report's filters; it is shown beside the
    /// totals, never added to them.
    private func running(project: Project?, billableOnly: Bool, member: ReportMember?) async throws -> Int? {
        // Only this person's timers are here: a teammate's report never mentions one.
        if let member, try await team.sync.account()?.userID != member.id { return nil }
        guard let timer = try await timers.runningTimer() else { return nil }
        if billableOnly, !timer.billable { return nil }
        if let project {
            var timerProject = timer.target.projectID
            if let taskID = timer.target.taskID {
                // A timer's task was deleted with its timers, so a missing task cannot happen; a storage
                // failure must still reach the user rather than silently hide the running time.
                timerProject = try await tasks.byID([taskID])[taskID]?.projectID
            }
            guard timerProject == project.id else { return nil }
        }
        return timer.elapsedSeconds(at: calendar.now)
    }
}
