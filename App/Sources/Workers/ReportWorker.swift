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
    /// The project the row's time is on: the row's own for `project`, the task's for `task`; nil for the other
    /// groupings and for time without a project.
    public var projectID: UUID? = nil
    public var projectName: String? = nil
    /// The part of `seconds` your timers (running or paused) hold, not yet stopped into entries; nil when none.
    public var timerSeconds: Int? = nil
}

/// A whole report: rows, totals that the rows add up to, and the per-day series for the chart.
public struct ReportResult: Sendable {
    public let lines: [ReportLine]
    public let totalSeconds: Int
    public let billableSeconds: Int
    public let entryCount: Int
    public let daily: [Day: Int]
    /// What your timers (running or paused) hold inside the range and the filters; already IN the rows and totals
    /// (like `watson report --current`), nil when no timer adds anything.
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
            let weekStarts = Self.weekStarts(since: since, until: until, weekStart: calendar.weekStart)
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
            var results = try await sums.sums(requests)
            // Time on timers counts where people look (issue 10): folded into the rows, the series and the total
            // before anything is capped, and remembered per row so the table can mark it.
            let open = try await openTimers(project: projectFilter, billableOnly: billableOnly, member: member)
            let now = calendar.now
            let range = since.start(in: zone)..<until.adding(days: 1).start(in: zone)
            var onTimers: [(key: TimeSum.Key, seconds: Int)] = []
            var timerTotal = 0
            var timerBillable = 0
            func fold(_ key: TimeSum.Key, _ seconds: Int, billable: Bool, into index: Int) {
                guard seconds > 0 else { return }
                if let row = results[index].firstIndex(where: { $0.key == key }) {
                    results[index][row].seconds += seconds
                    if billable { results[index][row].billableSeconds += seconds }
                } else {
                    results[index].append(
                        TimeSum(key: key, seconds: seconds, billableSeconds: billable ? seconds : 0, entries: 0))
                }
                if index == 0 {
                    if let known = onTimers.firstIndex(where: { $0.key == key }) {
                        onTimers[known].seconds += seconds
                    } else {
                        onTimers.append((key, seconds))
                    }
                }
            }
            func periods(_ bounds: [Date], _ timer: Entities.Timer) -> [(Int, Int)] {
                (0..<max(0, bounds.count - 1)).map { ($0, timer.seconds(in: bounds[$0]..<bounds[$0 + 1], at: now)) }
            }
            let weekBounds = weekStarts.map { $0.start(in: zone) }
            for (timer, projectID, taskTags) in open {
                let inRange = timer.seconds(in: range, at: now)
                guard inRange > 0 else { continue }
                timerTotal += inRange
                if timer.billable { timerBillable += inRange }
                switch grouping {
                case .project: fold(.project(projectID), inRange, billable: timer.billable, into: 0)
                case .task:
                    fold(.task(timer.target.taskID, project: projectID), inRange, billable: timer.billable, into: 0)
                case .tag:
                    let names = timer.tags.isEmpty ? taskTags : timer.tags.map(\.name)
                    for name in names.isEmpty ? [nil] : names.map(Optional.some) {
                        fold(.tag(name), inRange, billable: timer.billable, into: 0)
                    }
                case .day:
                    for (index, seconds) in periods(dayBoundaries, timer) {
                        fold(.period(index), seconds, billable: timer.billable, into: 0)
                    }
                case .week:
                    for (index, seconds) in periods(weekBounds, timer) {
                        fold(.period(index), seconds, billable: timer.billable, into: 0)
                    }
                }
                if separateDaily {
                    for (index, seconds) in periods(dayBoundaries, timer) {
                        fold(.period(index), seconds, billable: timer.billable, into: results.count - 1)
                    }
                }
            }
            if separateTotal, timerTotal > 0 {
                let stored = results[1].first ?? TimeSum(key: .total, seconds: 0, billableSeconds: 0, entries: 0)
                results[1] = [
                    TimeSum(
                        key: .total, seconds: stored.seconds + timerTotal,
                        billableSeconds: stored.billableSeconds + timerBillable, entries: stored.entries)
                ]
            }
            // A day holds at most its own length: entries that overlap (kept with --allow-overlap, or from two
            // devices) would otherwise show a 30-hour day. Capped days are what the rows and the series say, and
            // by day the total is then their sum, so the rows still add up to it.
            var capped = false
            let cappedResults = results.indices.filter {
                $0 == 0 ? grouping == .day : separateDaily && $0 == results.count - 1
            }
            for index in cappedResults {
                results[index] = results[index].map { sum in
                    guard case .period(let period) = sum.key, period < days.count - 1 else { return sum }
                    let length = Int(dayBoundaries[period + 1].timeIntervalSince(dayBoundaries[period]))
                    guard sum.seconds > length else { return sum }
                    if index == 0 { capped = true }
                    return TimeSum(
                        key: sum.key, seconds: length, billableSeconds: min(sum.billableSeconds, length),
                        entries: sum.entries)
                }
            }
            var rolledUp: Set<UUID> = []
            if grouping == .task {
                rolledUp = try await rollUpSubtasks(&results[0], onTimers: &onTimers, within: projectFilter?.id)
            }
            let rows = results[0]
            var daily: [Day: Int] = [:]
            if includeDaily {
                for sum in separateDaily ? results[results.count - 1] : rows {
                    if case .period(let index) = sum.key, index < days.count - 1 { daily[days[index]] = sum.seconds }
                }
            }
            let total =
                separateTotal && !capped
                ? results[1].first
                : TimeSum(
                    key: .total, seconds: rows.reduce(0) { $0 + $1.seconds },
                    billableSeconds: rows.reduce(0) { $0 + $1.billableSeconds },
                    entries: separateTotal ? results[1].first?.entries ?? 0 : rows.reduce(0) { $0 + $1.entries })
            return ReportResult(
                lines: try await lines(
                    rows, grouping: grouping, days: days, weekStarts: weekStarts, onTimers: onTimers,
                    rolledUp: rolledUp),
                totalSeconds: total?.seconds ?? 0, billableSeconds: total?.billableSeconds ?? 0,
                entryCount: total?.entries ?? 0, daily: daily,
                runningSeconds: timerTotal > 0 ? timerTotal : nil, member: member)
        }
    }

    static let weekdayNames = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"]

    /// Boundaries of the weeks (beginning on `weekStart`, Monday unless the config file says otherwise) overlapping
    /// the range, clipped to it.
    static func weekStarts(since: Day, until: Day, weekStart: Weekday = .monday) -> [Day] {
        var starts = [since]
        var next = since.startOfWeek(beginning: weekStart).adding(days: 7)
        while next <= until {
            starts.append(next)
            next = next.adding(days: 7)
        }
        starts.append(until.adding(days: 1))
        return starts
    }

    /// By task, time on a subtask counts towards its highest ancestor in the same project: one row per tree within
    /// a project, so the rows still partition the time, a parent's row says what the whole piece of work took, and
    /// each row's project is the one its time is on (`--by project` and the Project column agree). The walk up
    /// stops below a parent in another project (or a deleted one). Returns the tasks whose rows took in subtasks'
    /// time.
    /// - Parameter project: the report's `--project`; every row is then of that project already.
    private func rollUpSubtasks(
        _ rows: inout [TimeSum], onTimers: inout [(key: TimeSum.Key, seconds: Int)], within project: UUID?
    ) async throws -> Set<UUID> {
        let links = try await tasks.links()
        guard !links.parents.isEmpty else { return [] }
        var chains: [UUID: [UUID]] = [:]
        for sum in rows {
            if case .task(let id?, _) = sum.key, links.parents[id] != nil { chains[id] = links.ancestors(of: id) }
        }
        guard !chains.isEmpty else { return [] }
        let ancestors = try await tasks.labels(of: Set(chains.values.joined()))
        // The row goes up the tree while the parent is live (a deleted parent makes its subtasks top-level) and in
        // the subtask's own project.
        var roots: [UUID: TaskLabel] = [:]
        for sum in rows {
            guard case .task(let id?, let own) = sum.key, let chain = chains[id] else { continue }
            var root: TaskLabel?
            for ancestor in chain {
                guard let task = ancestors[ancestor], task.projectID == (project ?? own) else { break }
                root = task
            }
            if let root { roots[id] = root }
        }
        guard !roots.isEmpty else { return [] }
        func rolled(_ key: TimeSum.Key) -> TimeSum.Key {
            guard case .task(let id?, _) = key, let root = roots[id] else { return key }
            return .task(root.id, project: root.projectID)
        }
        rows = Self.merged(
            rows.map {
                TimeSum(
                    key: rolled($0.key), seconds: $0.seconds, billableSeconds: $0.billableSeconds, entries: $0.entries)
            }, key: \.key
        ) {
            $0.seconds += $1.seconds
            $0.billableSeconds += $1.billableSeconds
            $0.entries += $1.entries
        }
        onTimers = Self.merged(onTimers.map { (key: rolled($0.key), seconds: $0.seconds) }, key: \.key) {
            $0.seconds += $1.seconds
        }
        return Set(roots.values.map(\.id))
    }

    /// `items` with the ones of equal key added into the first of them, in the order the keys first appear.
    private static func merged<Item>(_ items: [Item], key: (Item) -> TimeSum.Key, adding: (inout Item, Item) -> Void)
        -> [Item]
    {
        var result: [Item] = []
        for item in items {
            if let index = result.firstIndex(where: { key($0) == key(item) }) {
                adding(&result[index], item)
            } else {
                result.append(item)
            }
        }
        return result
    }

    private func lines(
        _ sums: [TimeSum], grouping: Grouping, days: [Day], weekStarts: [Day],
        onTimers: [(key: TimeSum.Key, seconds: Int)], rolledUp: Set<UUID> = []
    ) async throws -> [ReportLine] {
        let projectNames = Dictionary(
            try await projects.projects(includeArchived: true).map { ($0.id, $0.name) },
            uniquingKeysWith: { first, _ in first })
        var taskIDs: Set<UUID> = []
        for sum in sums { if case .task(let id?, _) = sum.key { taskIDs.insert(id) } }
        let taskMap = try await tasks.labels(of: taskIDs)
        var lines: [ReportLine] = []
        for sum in sums {
            let key: String
            let label: String
            var detail: String?
            var project: UUID?
            switch sum.key {
            case .total:
                (key, label) = ("", "Total")
            case .project(let id):
                key = id?.lowercasedString ?? ""
                label = id.flatMap { projectNames[$0] } ?? "(no project)"
                project = id
            case .task(let id, let projectID):
                key = id?.lowercasedString ?? ""
                if let id, let task = taskMap[id] {
                    label =
                        (task.number.map { "\($0) \(task.title)" } ?? task.title)
                        + (rolledUp.contains(id) ? " (with subtasks)" : "")
                } else {
                    label = "(no task)"
                }
                detail = projectID.flatMap { projectNames[$0] }
                project = projectID
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
                    entries: sum.entries, projectID: project, projectName: project.flatMap { projectNames[$0] },
                    timerSeconds: onTimers.first { $0.key == sum.key }?.seconds))
        }
        switch grouping {
        case .day, .week:
            return lines.sorted { $0.key < $1.key }
        case .project, .task, .tag:
            return lines.sorted { ($0.seconds, $1.label) > ($1.seconds, $0.label) }
        }
    }

    /// Your timers, running and paused, that match the report's filters, each with its project (a task timer's is
    /// the task's current one) and its task's tags (what `--by tag` falls back on, as for entries).
    private func openTimers(project: Project?, billableOnly: Bool, member: ReportMember?) async throws
        -> [(Entities.Timer, UUID?, [String])]
    {
        // Only this person's timers are here: a teammate's report never counts one.
        if let member, try await team.sync.account()?.userID != member.id { return [] }
        let open = try await timers.timers().filter { !billableOnly || $0.billable }
        guard !open.isEmpty else { return [] }
        // A timer's task was deleted with its timers, so a missing task cannot happen; a storage failure must still
        // reach the user rather than silently hide the time.
        let taskMap = try await tasks.byID(Set(open.compactMap(\.target.taskID)))
        return open.compactMap { timer in
            let task = timer.target.taskID.flatMap { taskMap[$0] }
            let projectID = timer.target.projectID ?? task?.projectID
            if let project, projectID != project.id { return nil }
            return (timer, projectID, task?.tags.map(\.name) ?? [])
        }
    }
}
