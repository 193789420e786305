import Foundation
import TerminalUI

// The feature's own models. They are deliberately independent of the Entities package: the App's adapter maps
// time entries onto `ReportData`, so a change in an entity never ripples into this package.
//
// JSON (what `stint report --json` or `--format json` prints) is part of the CLI's public contract. Keys are snake_case and
// must not change:
//
//   report: period, since, until, time_zone, grouping, project, billable_only, user, user_id, total_seconds,
//           billable_seconds, entry_count, running_seconds, rows, daily
//           (user: "me", "all", or the team member's name; user_id: that member's id, else null)
//   row:    key, label, detail, project_id, project_name, seconds, billable_seconds, entries
//           (key: the group's id — a project or task id, a day, a week's first day, a tag; project_id and
//           project_name: the row's project for `--by project` and the task's for `--by task`, else null)
//   daily:  day, seconds            (one element per day of the range, zero days included, oldest first)
//
// Absent values are written as an explicit `null`, never omitted. Days are "YYYY-MM-DD", durations whole seconds.
//
// CSV (`ReportLayout.csv`, `--format csv`) has the header `label,project,seconds,hours,billable_seconds,entries,key`
// whatever the grouping: `label` names the group as the table does, `project` is the row's project name (empty when
// the grouping has none), `hours` is the exact duration as h:mm:ss, `key` is the JSON row key, and there is no
// total line, so a column sum is the total. Quoting and formula protection: `CSVText`.

/// Which days a report covers, as the user gave them. The feature resolves it against its today with
/// ``resolve(today:firstWeekday:)``.
public enum ReportPeriod: Sendable, Hashable {
    /// Only today.
    case today
    /// The seven days of the week containing today: Monday to Sunday unless the host's week begins on another day.
    case week
    /// The calendar month containing today.
    case month
    /// The calendar year containing today.
    case year
    /// From `since` to `until`, both included, as typed (`--since`, `--until`): `until` left out means today, and
    /// `since` is required once `until` is given. Neither given is the default period, `.week`.
    case range(since: CalendarDay?, until: CalendarDay?)

    /// The first and last day (both included) the period covers.
    ///
    /// A range whose `since` is after its `until` resolves as given: that the range is empty is the Services' rule
    /// (one rule, in Entities, for every command), so they refuse it.
    /// - Parameters:
    ///   - today: the user's current calendar day.
    ///   - firstWeekday: the ISO weekday (1 = Monday … 7 = Sunday) the user's weeks begin on, for `.week`.
    /// - Throws: ``ReportsFeatureError/untilWithoutSince(until:)`` for a range with an `until` but no `since`.
    public func resolve(
        today: CalendarDay, firstWeekday: Int = 1
    ) throws(ReportsFeatureError) -> (since: CalendarDay, until: CalendarDay) {
        switch self {
        case .today:
            return (today, today)
        case .week:
            let first = today.adding(days: -((today.weekday - firstWeekday + 7) % 7))
            return (first, first.adding(days: 6))
        case .month:
            let first = today.adding(days: 1 - today.day)
            let nextMonth = first.adding(days: 31)
            return (first, nextMonth.adding(days: -nextMonth.day))
        case .year:
            let first = today.adding(days: 1 - today.dayOfYear)
            let nextYear = first.adding(days: 366)
            return (first, nextYear.adding(days: -nextYear.dayOfYear))
        case .range(nil, nil):
            return try ReportPeriod.week.resolve(today: today, firstWeekday: firstWeekday)
        case .range(nil, let until?):
            throw .untilWithoutSince(until: until)
        case .range(let since?, let until):
            return (since, until ?? today)
        }
    }

    /// The JSON spelling: "today", "week", "month", "year" or "custom" (a range).
    var name: String {
        switch self {
        case .today: "today"
        case .week, .range(nil, nil): "week"
        case .month: "month"
        case .year: "year"
        case .range: "custom"
        }
    }
}

/// Whose time a report counts. Sync brings teammates' time entries onto this machine, so a report is the user's
/// own time unless they ask for more.
public enum ReportAuthor: Sendable, Hashable {
    /// The user's own time (the default).
    case me
    /// Every entry on this machine, whoever logged it.
    case everyone
    /// One team member's, by name (or a unique beginning of one), resolved by the Services.
    case member(String)
}

/// The team member a report counts, as the Services resolved them.
public struct ReportPerson: Sendable, Hashable {
    /// A server user id.
    public var id: String
    public var name: String

    public init(id: String, name: String) {
        self.id = id
        self.name = name
    }
}

/// What each row of a report stands for. The raw values are the JSON and CLI spelling (`--by project`).
public enum ReportGrouping: String, Sendable, Hashable, Codable, CaseIterable {
    case project
    case task
    case day
    /// ISO weeks, Monday to Sunday.
    case week
    /// An entry with several tags counts under each of them; untagged time is its own row.
    case tag
}

/// How a human-format report is laid out: an aligned table (with a bar chart on a terminal) or CSV for spreadsheets.
/// The raw values are the CLI spelling (`--format table|csv`).
///
/// It belongs to the query because only reports have it: the host's `--json` (``FeatureContext/format``) chooses
/// JSON for every feature alike and wins over the layout.
public enum ReportLayout: String, Sendable, Hashable, CaseIterable {
    case table
    case csv
}

/// What a report was printed as, once the context's format and the query's layout are combined (JSON wins). Carried
/// by ``ReportsEvent``; hosts never pass it in.
public enum ReportFormat: String, Sendable, Hashable, CaseIterable {
    case table
    case csv
    case json

    /// JSON when the context asks for it, else the query's layout.
    public init(format: OutputFormat, layout: ReportLayout) {
        switch (format, layout) {
        case (.json, _): self = .json
        case (.human, .table): self = .table
        case (.human, .csv): self = .csv
        }
    }
}

/// What the user asked for with `stint report`: a period, a grouping and optional filters.
public struct ReportQuery: Sendable, Hashable {
    /// The days, as given; resolved by the feature against its today.
    public var period: ReportPeriod
    public var grouping: ReportGrouping
    /// A project reference (name or UUID prefix) to restrict the report to, resolved by the Services.
    public var project: String?
    /// Only time marked billable.
    public var billableOnly: Bool
    /// Table or CSV when the context's format is human; ignored for JSON.
    public var layout: ReportLayout
    /// Whose time.
    public var author: ReportAuthor
    /// The ISO weekday (1 = Monday … 7 = Sunday) the user's weeks begin on, which `.week` resolves with: the host's
    /// setting (the config file's `week_start` in the App).
    public var firstWeekday: Int

    public init(
        period: ReportPeriod = .week,
        grouping: ReportGrouping = .project,
        project: String? = nil,
        billableOnly: Bool = false,
        layout: ReportLayout = .table,
        author: ReportAuthor = .me,
        firstWeekday: Int = 1
    ) {
        self.author = author
        self.firstWeekday = (1...7).contains(firstWeekday) ? firstWeekday : 1
        self.period = period
        self.grouping = grouping
        self.project = project
        self.billableOnly = billableOnly
        self.layout = layout
    }
}

/// What the feature asks its Services for: the query with its period resolved to concrete days.
public struct ReportRequest: Sendable, Hashable {
    /// First day covered, from its midnight in the user's time zone.
    public var since: CalendarDay
    /// Last day covered, up to the following midnight (inclusive).
    public var until: CalendarDay
    public var grouping: ReportGrouping
    /// A project reference for the Services to resolve; `nil` means every project (and time without one).
    public var project: String?
    public var billableOnly: Bool
    /// Whether the per-day series (``ReportData/daily``) will be shown (JSON, or the chart on a terminal). When
    /// false the Services may skip computing it: a year of days is the most expensive part of a report.
    public var includesDaily: Bool
    /// Whose time: a member's name is the Services' to resolve (notFound, ambiguous; a conflict without a login).
    public var author: ReportAuthor

    public init(
        since: CalendarDay,
        until: CalendarDay,
        grouping: ReportGrouping,
        project: String? = nil,
        billableOnly: Bool = false,
        includesDaily: Bool = true,
        author: ReportAuthor = .me
    ) {
        self.author = author
        self.includesDaily = includesDaily
        self.since = since
        self.until = until
        self.grouping = grouping
        self.project = project
        self.billableOnly = billableOnly
    }

    /// How many days the request covers; 0 when `until` is before `since` (which the Services refuse).
    public var dayCount: Int { max(0, until.days(since: since) + 1) }
}

/// One line of a report: the time logged on one project, task, day, week or tag.
public struct ReportRow: Sendable, Hashable, Codable {
    /// Stable identity of the group: a project or task id, a day "2026-11-16", the Monday of a week, a tag name.
    /// Empty for the "(no project)", "(no task)" and "(no tag)" rows.
    public var key: String
    /// What people read: a project or task name, "Mon 2026-11-16", "Week of 2026-11-16", a tag.
    public var label: String
    /// Extra context for the label, e.g. the project of a task; `nil` when there is none.
    public var detail: String?
    /// Time in this group inside the range, in seconds.
    public var seconds: Int
    /// The billable part of `seconds`.
    public var billableSeconds: Int
    /// How many time entries contributed to this row.
    public var entries: Int
    /// The project the row is about: the row's own for `.project`, the task's for `.task`; `nil` otherwise and for
    /// time without a project. Lowercase UUID string.
    public var projectID: String?
    /// The name of `projectID`'s project.
    public var projectName: String?
    /// The part of `seconds` still on your timers (running or paused), not yet stopped into entries; nil when none.
    public var timerSeconds: Int?

    /// The project comes last, so hosts written before it existed compile unchanged.
    public init(
        key: String,
        label: String,
        detail: String? = nil,
        seconds: Int,
        billableSeconds: Int = 0,
        entries: Int,
        projectID: String? = nil,
        projectName: String? = nil
    ) {
        self.projectID = projectID
        self.projectName = projectName
        self.key = key
        self.label = label
        self.detail = detail
        self.seconds = seconds
        self.billableSeconds = billableSeconds
        self.entries = entries
    }

    enum CodingKeys: String, CodingKey {
        case key, label, detail, seconds, entries
        case billableSeconds = "billable_seconds"
        case projectID = "project_id"
        case projectName = "project_name"
        case timerSeconds = "timer_seconds"
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            key: try container.decode(String.self, forKey: .key),
            label: try container.decode(String.self, forKey: .label),
            detail: try container.decodeIfPresent(String.self, forKey: .detail),
            seconds: try container.decode(Int.self, forKey: .seconds),
            billableSeconds: try container.decode(Int.self, forKey: .billableSeconds),
            entries: try container.decode(Int.self, forKey: .entries),
            projectID: try container.decodeIfPresent(String.self, forKey: .projectID),
            projectName: try container.decodeIfPresent(String.self, forKey: .projectName))
        timerSeconds = try container.decodeIfPresent(Int.self, forKey: .timerSeconds)
    }

    // Written by hand only so that `detail` becomes an explicit `null` (the synthesised encoder omits it).
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(key, forKey: .key)
        try container.encode(label, forKey: .label)
        try container.encode(detail, forKey: .detail)
        try container.encode(projectID, forKey: .projectID)
        try container.encode(projectName, forKey: .projectName)
        try container.encode(seconds, forKey: .seconds)
        try container.encode(billableSeconds, forKey: .billableSeconds)
        try container.encode(entries, forKey: .entries)
        try container.encode(timerSeconds, forKey: .timerSeconds)
    }
}

/// The Services' answer to a ``ReportRequest``.
///
/// Every duration is already clipped to the requested days and split at midnight in the user's time zone, so
/// `daily` adds up to `totalSeconds`, and for every grouping but `.tag` so do the rows. For `.tag` an entry with
/// several tags counts under each of them, while `totalSeconds` and `entryCount` count it once.
public struct ReportData: Sendable, Hashable {
    /// In the order to show them: largest first for projects, tasks and tags; oldest first for days and weeks.
    public var rows: [ReportRow]
    public var totalSeconds: Int
    public var billableSeconds: Int
    /// Entries with any time inside the range, each counted once.
    public var entryCount: Int
    /// Seconds per day of the range; days without time may be missing (they count as zero).
    public var daily: [CalendarDay: Int]
    /// What your timers (running or paused) hold inside the range and filters, if anything. It is already IN the
    /// rows (see ``ReportRow/timerSeconds``), the series and the totals, like `watson report --current`: "today"
    /// should not be short by the hour still running. `entryCount` does not count timers.
    public var runningSeconds: Int?
    /// The member whose time this is, for a ``ReportAuthor/member(_:)`` request; `nil` otherwise.
    public var person: ReportPerson?

    public init(
        rows: [ReportRow],
        totalSeconds: Int,
        billableSeconds: Int,
        entryCount: Int,
        daily: [CalendarDay: Int],
        runningSeconds: Int? = nil,
        person: ReportPerson? = nil
    ) {
        self.person = person
        self.rows = rows
        self.totalSeconds = totalSeconds
        self.billableSeconds = billableSeconds
        self.entryCount = entryCount
        self.daily = daily
        self.runningSeconds = runningSeconds
    }

    /// A report with nothing in it.
    public static let empty = ReportData(rows: [], totalSeconds: 0, billableSeconds: 0, entryCount: 0, daily: [:])
}

extension CalendarDay {
    /// 1 for January 1st.
    var dayOfYear: Int {
        guard let january1 = CalendarDay(year: year, month: 1, day: 1) else { return 1 }
        return days(since: january1) + 1
    }
}
