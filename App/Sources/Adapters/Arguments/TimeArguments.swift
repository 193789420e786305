/// `stint timer start` as typed.
public struct TimerStartArguments: Sendable, Equatable {
    public var task: String?
    public var project: String?
    public var note: String?
    public var billable: Bool
    /// When work began: `09:15`, `10 min ago`, …
    public var at: String?
    /// `--tag`, repeatable: tags for the entry the timer stops into.
    public var tags: [String]

    public init(
        task: String? = nil, project: String? = nil, note: String? = nil, billable: Bool = false, at: String? = nil,
        tags: [String] = []
    ) {
        self.tags = tags
        self.task = task
        self.project = project
        self.note = note
        self.billable = billable
        self.at = at
    }
}

/// `stint timer stop` as typed.
public struct TimerStopArguments: Sendable, Equatable {
    public var timer: String?
    public var at: String?
    public var note: String?
    public var force: Bool

    public init(timer: String? = nil, at: String? = nil, note: String? = nil, force: Bool = false) {
        self.timer = timer
        self.at = at
        self.note = note
        self.force = force
    }
}

/// `--allow-overlap` / `--adjust` on `stint log` and `stint entries edit`: what to do with your other entries the
/// time overlaps (refused when neither is given).
public enum OverlapArgument: Sendable, Equatable {
    case refuse, allow, adjust
}

/// `stint log` as typed.
public struct LogArguments: Sendable, Equatable {
    /// `45m`, or a range of the day `09:00-10:30`; nil when `--end` gives the length.
    public var duration: String?
    public var task: String?
    public var project: String?
    public var date: String?
    public var start: String?
    /// `--end`: when the work stopped; with `--start`, instead of a duration.
    public var end: String?
    public var note: String?
    public var billable: Bool
    public var tags: [String]
    public var force: Bool
    public var overlap: OverlapArgument

    public init(
        duration: String?, task: String? = nil, project: String? = nil, date: String? = nil, start: String? = nil,
        end: String? = nil, note: String? = nil, billable: Bool = false, tags: [String] = [], force: Bool = false,
        overlap: OverlapArgument = .refuse
    ) {
        self.overlap = overlap
        self.duration = duration
        self.task = task
        self.project = project
        self.date = date
        self.start = start
        self.end = end
        self.note = note
        self.billable = billable
        self.tags = tags
        self.force = force
    }
}

/// `stint entries list` as typed.
public struct EntriesListArguments: Sendable, Equatable {
    public var since: String?
    public var until: String?
    public var project: String?
    public var task: String?
    /// `--all`: every entry, whatever its day.
    public var all: Bool
    public var limit: Int?
    /// `--format`: table (the default), csv, or json (the same as `--json`).
    public var format: ReportFormatOption?
    /// `--user`: `me` (the default), `all`, or a team member's name.
    public var user: String?

    public init(
        since: String? = nil, until: String? = nil, project: String? = nil, task: String? = nil, all: Bool = false,
        limit: Int? = nil, format: ReportFormatOption? = nil, user: String? = nil
    ) {
        self.user = user
        self.format = format
        self.since = since
        self.until = until
        self.project = project
        self.task = task
        self.all = all
        self.limit = limit
    }
}

/// `stint entries edit` as typed.
public struct EntryEditArguments: Sendable, Equatable {
    public var entry: String
    public var start: String?
    public var duration: String?
    public var note: String?
    public var billable: Bool?
    /// Replaces the tags when not empty.
    public var tags: [String]
    public var clearTags: Bool
    public var task: String?
    public var project: String?
    public var force: Bool
    public var overlap: OverlapArgument

    public init(
        entry: String, start: String? = nil, duration: String? = nil, note: String? = nil, billable: Bool? = nil,
        tags: [String] = [], clearTags: Bool = false, task: String? = nil, project: String? = nil, force: Bool = false,
        overlap: OverlapArgument = .refuse
    ) {
        self.overlap = overlap
        self.entry = entry
        self.start = start
        self.duration = duration
        self.note = note
        self.billable = billable
        self.tags = tags
        self.clearTags = clearTags
        self.task = task
        self.project = project
        self.force = force
    }
}

/// `stint report` as typed.
public struct ReportArguments: Sendable, Equatable {
    public var period: ReportPeriodOption?
    public var since: String?
    public var until: String?
    public var grouping: ReportGroupingOption?
    public var project: String?
    public var billable: Bool
    public var format: ReportFormatOption?
    /// `--user`: a team member's name, `me` or `all`.
    public var user: String?

    public init(
        period: ReportPeriodOption? = nil, since: String? = nil, until: String? = nil,
        grouping: ReportGroupingOption? = nil, project: String? = nil, billable: Bool = false,
        format: ReportFormatOption? = nil, user: String? = nil
    ) {
        self.user = user
        self.period = period
        self.since = since
        self.until = until
        self.grouping = grouping
        self.project = project
        self.billable = billable
        self.format = format
    }
}
