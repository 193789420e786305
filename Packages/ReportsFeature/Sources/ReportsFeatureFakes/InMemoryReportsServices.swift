import Foundation
import ReportsFeature
import TerminalUI

/// One piece of logged time as the fake stores it: what a time entry looks like once the App has resolved its
/// task and project to names.
public struct LoggedTime: Sendable, Hashable {
    public var start: Date
    public var seconds: Int
    /// `nil` for time on nothing in particular (reported as "(no project)").
    public var project: String?
    /// `nil` for time logged on a project rather than a task.
    public var task: String?
    public var tags: [String]
    public var billable: Bool

    public init(
        start: Date,
        seconds: Int,
        project: String? = nil,
        task: String? = nil,
        tags: [String] = [],
        billable: Bool = false
    ) {
        self.start = start
        self.seconds = seconds
        self.project = project
        self.task = task
        self.tags = tags
        self.billable = billable
    }
}

/// A timer that is still running, which reports mention but never add to their totals.
public struct RunningTime: Sendable, Hashable {
    public var seconds: Int
    public var project: String?
    public var billable: Bool

    public init(seconds: Int, project: String? = nil, billable: Bool = false) {
        self.seconds = seconds
        self.project = project
        self.billable = billable
    }
}

/// A working, in-memory implementation of ``ReportsServices`` for tests and the demo. `ReportsFeatureContract` states
/// the rules it shares with the App's adapter; the feature's tests run that contract against this fake.
///
/// It really adds time up, the way the App must: entries are clipped to the requested days, split at every midnight
/// in its time zone (DST days included), filtered by project (case-insensitive name; a project's time includes its
/// tasks') and billable flag, and grouped by project, task, day, week (from its Monday, or from the range's first day)
/// or tag (an entry under each of its tags, untagged time as "(no tag)"). Rows of projects, tasks and tags come
/// largest first. It throws ``ReportsFakeError``: `emptyRange` when the request ends before it starts,
/// `projectNotFound` for an unknown project.
public actor InMemoryReportsServices: ReportsServices {
    public private(set) var entries: [LoggedTime]
    /// Every request received, oldest first.
    public private(set) var receivedRequests: [ReportRequest] = []
    private let running: RunningTime?
    private var projects: Set<String>
    private let timeZone: TimeZone

    /// - Parameters:
    ///   - entries: the logged time to report on.
    ///   - running: a running timer to mention, if any.
    ///   - projects: further project names that exist without time (so filtering on them is not an error).
    ///   - timeZone: where days begin and end.
    public init(
        entries: [LoggedTime] = [],
        running: RunningTime? = nil,
        projects: [String] = [],
        timeZone: TimeZone = TimeZone(identifier: "UTC") ?? .current
    ) {
        self.entries = entries
        self.running = running
        let names = projects + entries.compactMap(\.project) + [running?.project].compactMap { $0 }
        self.projects = Set(names.map { $0.lowercased() })
        self.timeZone = timeZone
    }

    /// The sample data of ``SampleReports`` for the year up to `today`, with a timer running.
    public static func sample(today: CalendarDay, timeZone: TimeZone = TimeZone(identifier: "UTC") ?? .current)
        -> InMemoryReportsServices
    {
        InMemoryReportsServices(
            entries: SampleReports.entries(today: today, timeZone: timeZone),
            running: SampleReports.running,
            projects: SampleReports.projects,
            timeZone: timeZone
        )
    }

    /// Adds logged time (as `stint log` would).
    public func add(_ entry: LoggedTime) {
        entries.append(entry)
        if let project = entry.project { projects.insert(project.lowercased()) }
    }

    public func report(for request: ReportRequest) throws -> ReportData {
        receivedRequests.append(request)
        // Every entry here is the user's own: a teammate's report is empty and names them as typed.
        if case .member(let name) = request.author {
            var data = ReportData.empty
            data.person = ReportPerson(id: "member-\(name.lowercased())", name: name)
            return data
        }
        guard request.since <= request.until else {
            throw ReportsFakeError.emptyRange(since: request.since, until: request.until)
        }
        if let project = request.project, !projects.contains(project.lowercased()) {
            throw ReportsFakeError.projectNotFound(reference: project)
        }
        func included(project: String?, billable: Bool) -> Bool {
            if let wanted = request.project, project?.lowercased() != wanted.lowercased() { return false }
            return !request.billableOnly || billable
        }

        var groups: [String: Group] = [:]
        var daily: [CalendarDay: Int] = [:]
        var total = 0
        var billable = 0
        var counted = Set<Int>()
        for (index, entry) in entries.enumerated() where included(project: entry.project, billable: entry.billable) {
            for (day, seconds) in pieces(of: entry, from: request.since, through: request.until) {
                counted.insert(index)
                daily[day, default: 0] += seconds
                total += seconds
                if entry.billable { billable += seconds }
                for (key, label, detail) in Self.groupKeys(entry, day: day, request: request) {
                    // Time on no task is one row per project, as the App groups it.
                    groups[
                        key + "\u{0}" + (key.isEmpty ? detail ?? "" : ""),
                        default: Group(
                            key: key, label: label, detail: detail,
                            project: [.project, .task].contains(request.grouping) ? entry.project : nil)
                    ]
                    .add(seconds, billable: entry.billable, entry: index)
                }
            }
        }
        let runningSeconds = running.flatMap { included(project: $0.project, billable: $0.billable) ? $0.seconds : nil }
        return ReportData(
            rows: Self.ordered(groups.values.map(\.row), grouping: request.grouping),
            totalSeconds: total,
            billableSeconds: billable,
            entryCount: counted.count,
            daily: daily,
            runningSeconds: runningSeconds
        )
    }

    // MARK: Adding up

    private struct Group {
        var key: String
        var label: String
        var detail: String?
        /// The row's project (`--by project` and `--by task`); the fake's projects have no ids, so the row names
        /// one by its lowercased name, as the fake's own project keys do.
        var project: String?
        var seconds = 0
        var billableSeconds = 0
        var entries = Set<Int>()

        mutating func add(_ value: Int, billable: Bool, entry: Int) {
            seconds += value
            if billable { billableSeconds += value }
            entries.insert(entry)
        }

        var row: ReportRow {
            ReportRow(
                key: key, label: label, detail: detail, seconds: seconds, billableSeconds: billableSeconds,
                entries: entries.count, projectID: project?.lowercased(), projectName: project)
        }
    }

    /// The entry's seconds inside `since…until`, per calendar day. Cut points are whole seconds from the entry's
    /// start, so the pieces of an entry wholly inside the range add up to exactly its duration.
    private func pieces(of entry: LoggedTime, from since: CalendarDay, through until: CalendarDay)
        -> [(CalendarDay, Int)]
    {
        let rangeStart = start(of: since)
        let rangeEnd = start(of: until.adding(days: 1))
        func offset(_ instant: Date) -> Int {
            let seconds = instant.timeIntervalSince(entry.start).rounded(.up)
            return Int(min(Double(entry.seconds), max(0, seconds)))
        }
        let endOffset = offset(rangeEnd)
        var cursor = offset(rangeStart)
        guard cursor < endOffset else { return [] }
        var day = CalendarDay.from(entry.start.addingTimeInterval(TimeInterval(cursor)), in: timeZone)
        var result: [(CalendarDay, Int)] = []
        while cursor < endOffset {
            let next = min(endOffset, offset(start(of: day.adding(days: 1))))
            if next > cursor { result.append((day, next - cursor)) }
            cursor = max(cursor, next)
            day = day.adding(days: 1)
        }
        return result
    }

    /// Midnight at the start of `day` in the fake's time zone.
    private func start(of day: CalendarDay) -> Date {
        SampleReports.date(day, hour: 0, in: timeZone)
    }

    /// Row identity, label and detail as the App makes them: days as "2026-11-16 Mon", weeks by their first day
    /// inside the range (the Monday, or `since` for the first week), "(no …)" rows with an empty key.
    private static func groupKeys(_ entry: LoggedTime, day: CalendarDay, request: ReportRequest)
        -> [(key: String, label: String, detail: String?)]
    {
        switch request.grouping {
        case .project:
            guard let project = entry.project else { return [("", "(no project)", nil)] }
            return [(project.lowercased(), project, nil)]
        case .task:
            guard let task = entry.task else { return [("", "(no task)", entry.project)] }
            return [("\(entry.project?.lowercased() ?? "")/\(task.lowercased())", task, entry.project)]
        case .day:
            return [(day.iso, "\(day.iso) \(SampleReports.weekdayName(day))", nil)]
        case .week:
            let start = max(request.since, day.adding(days: 1 - day.weekday))
            return [(start.iso, start.iso, nil)]
        case .tag:
            let tags = Set(entry.tags.map { $0.lowercased() }).sorted()
            guard !tags.isEmpty else { return [("", "(no tag)", nil)] }
            return tags.map { ($0, $0, nil) }
        }
    }

    /// Days and weeks oldest first; everything else largest first, then by label.
    private static func ordered(_ rows: [ReportRow], grouping: ReportGrouping) -> [ReportRow] {
        switch grouping {
        case .day, .week:
            return rows.sorted { $0.key < $1.key }
        case .project, .task, .tag:
            return rows.sorted { ($0.seconds, $1.label) > ($1.seconds, $0.label) }
        }
    }
}
