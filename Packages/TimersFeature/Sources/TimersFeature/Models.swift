import Foundation
import TerminalUI

// The feature's own models. They are deliberately independent of the Entities package: the App's adapter maps
// Entities onto these, so a change in an entity never ripples into this package.
//
// JSON (what `--json` prints) is part of the CLI's public contract. Keys are snake_case and must not change:
//
//   Timer:             id, task_id, task_number, task_title, project_id, project_name, note, billable, tags, state,
//                      started_at, elapsed_seconds, intervals, estimate_seconds, logged_seconds
//   TimerInterval:     start, end
//   TimeEntry:         id, task_id, task_number, task_title, project_id, project_name, start, end,
//                      duration_seconds, note, billable, tags, logged_by
//   TimerStartResult:  timer, paused, resumed          (start and resume)
//   TimerStopResult:   entry, timer_id                 (stop; the entry takes the stopped timer's id)
//
// A timer and an entry have the same keys wherever they are printed (`timer list`, `timer status`, the dashboard's
// `time.running`; `entries`, `log`, `entries edit|delete`, `timer stop`). `project_id` and `project_name` are the
// task's current project for time on a task, else the project the time is on.
//   status:            running (a Timer or null), paused (the paused timers, most recent first)
//
// Absent values are written as an explicit `null`, never omitted, so scripts can rely on every key being present.
// Ids are lowercase UUID strings, timestamps ISO-8601, durations whole seconds in keys ending in `_seconds`.

/// Whether a timer is counting. The raw values are the JSON spelling.
public enum TimerState: String, Sendable, Codable, CaseIterable {
    case running
    case paused
}

/// One stretch of work on a timer. Only the last interval of a timer may be open (`end == nil`): the timer is
/// running.
public struct TimerInterval: Sendable, Hashable, Codable {
    public var start: Date
    public var end: Date?

    public init(start: Date, end: Date? = nil) {
        self.start = start
        self.end = end
    }

    enum CodingKeys: String, CodingKey {
        case start, end
    }

    // Written by hand only so that an open interval encodes `"end": null` instead of dropping the key.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(start, forKey: .start)
        try container.encode(end, forKey: .end)
    }
}

/// A timer as this feature sees it: what it runs on (task and/or project, already resolved to names) and how much
/// time it holds.
///
/// A timer on a task has `taskNumber` and `taskTitle` (and the task's project, if any); a timer on a project alone
/// has only `projectName`. `elapsedSeconds` is computed by the Services at the instant of the command, so the
/// feature never needs the clock.
public struct Timer: Sendable, Hashable, Codable, Identifiable {
    /// Lowercase UUID string; lists show its first 8 characters, which users may type back as a reference.
    public var id: String
    public var taskNumber: Int?
    public var taskTitle: String?
    public var projectName: String?
    public var note: String
    public var billable: Bool
    public var state: TimerState
    /// When the first interval began.
    public var startedAt: Date
    /// Worked time, pauses excluded, at the instant the Services answered.
    public var elapsedSeconds: Int
    /// Chronological; only the last may be open.
    public var intervals: [TimerInterval]
    /// The task's estimate, for "2h 10m of 3h"; `nil` for a project timer or a task without one.
    public var estimateSeconds: Int?
    /// Time already logged on the task in entries, not counting this timer; `nil` for a project timer.
    public var loggedSeconds: Int?
    /// The task's id (lowercase UUID); `nil` for a project timer.
    public var taskID: String?
    /// The id of the project in `projectName`; `nil` exactly when `projectName` is.
    public var projectID: String?
    /// Tags the entry will get when the timer stops (normalised names, sorted).
    public var tags: [String] = []

    public init(
        id: String,
        taskNumber: Int? = nil,
        taskTitle: String? = nil,
        projectName: String? = nil,
        note: String = "",
        billable: Bool = false,
        state: TimerState,
        startedAt: Date,
        elapsedSeconds: Int,
        intervals: [TimerInterval],
        estimateSeconds: Int? = nil,
        loggedSeconds: Int? = nil,
        taskID: String? = nil,
        projectID: String? = nil
    ) {
        self.id = id
        self.taskID = taskID
        self.projectID = projectID
        self.taskNumber = taskNumber
        self.taskTitle = taskTitle
        self.projectName = projectName
        self.note = note
        self.billable = billable
        self.state = state
        self.startedAt = startedAt
        self.elapsedSeconds = elapsedSeconds
        self.intervals = intervals
        self.estimateSeconds = estimateSeconds
        self.loggedSeconds = loggedSeconds
    }

    /// When the timer last started counting: its first start, or its latest resume.
    public var lastStartedAt: Date { intervals.last?.start ?? startedAt }

    enum CodingKeys: String, CodingKey {
        case id, note, billable, state, intervals, tags
        case taskID = "task_id"
        case projectID = "project_id"
        case taskNumber = "task_number"
        case taskTitle = "task_title"
        case projectName = "project_name"
        case startedAt = "started_at"
        case elapsedSeconds = "elapsed_seconds"
        case estimateSeconds = "estimate_seconds"
        case loggedSeconds = "logged_seconds"
    }

    // Written by hand only so that optionals become an explicit `null` (the synthesised encoder omits them).
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(id, forKey: .id)
        try container.encode(taskID, forKey: .taskID)
        try container.encode(projectID, forKey: .projectID)
        try container.encode(taskNumber, forKey: .taskNumber)
        try container.encode(taskTitle, forKey: .taskTitle)
        try container.encode(projectName, forKey: .projectName)
        try container.encode(note, forKey: .note)
        try container.encode(billable, forKey: .billable)
        try container.encode(tags, forKey: .tags)
        try container.encode(state, forKey: .state)
        try container.encode(startedAt, forKey: .startedAt)
        try container.encode(elapsedSeconds, forKey: .elapsedSeconds)
        try container.encode(intervals, forKey: .intervals)
        try container.encode(estimateSeconds, forKey: .estimateSeconds)
        try container.encode(loggedSeconds, forKey: .loggedSeconds)
    }
}

/// Recorded time: what a stopped timer or `stint log` leaves behind, and what reports add up.
///
/// `end` is derived (`start + durationSeconds`), so the two can never disagree. For an entry made by a timer that
/// was paused, `durationSeconds` is the worked time, so `end` is earlier than the moment the timer was stopped.
public struct TimeEntry: Sendable, Hashable, Codable, Identifiable {
    /// Lowercase UUID string; lists show its first 8 characters, which users type back as a reference.
    public var id: String
    public var taskNumber: Int?
    public var taskTitle: String?
    /// The task's project (its current one: time follows a moved task), or the project the time was logged on.
    public var projectName: String?
    public var start: Date
    public var durationSeconds: Int
    public var note: String
    public var billable: Bool
    /// Normalised tag names (lowercase, without "#"), in display order.
    public var tags: [String]
    /// Who recorded the time, as the App names people.
    public var loggedBy: String
    /// The task's id (lowercase UUID); `nil` for time logged on a project alone.
    public var taskID: String?
    /// The id of the project in `projectName`; `nil` exactly when `projectName` is.
    public var projectID: String?
    /// After a log or edit with ``OverlapChoice/adjust``: how many of the person's other entries were trimmed,
    /// split or removed to make room; nil otherwise (and then absent from JSON). Not stored with the entry.
    public var adjustedOverlaps: Int?
    /// The name of who logged it, set when a listing shows other people's entries (`--user`), so a table can say
    /// whose each one is; JSON carries `logged_by` instead.
    public var loggedByName: String?

    public init(
        id: String,
        taskNumber: Int? = nil,
        taskTitle: String? = nil,
        projectName: String? = nil,
        start: Date,
        durationSeconds: Int,
        note: String = "",
        billable: Bool = false,
        tags: [String] = [],
        loggedBy: String,
        taskID: String? = nil,
        projectID: String? = nil
    ) {
        self.id = id
        self.taskID = taskID
        self.projectID = projectID
        self.taskNumber = taskNumber
        self.taskTitle = taskTitle
        self.projectName = projectName
        self.start = start
        self.durationSeconds = durationSeconds
        self.note = note
        self.billable = billable
        self.tags = tags
        self.loggedBy = loggedBy
    }

    public var end: Date { start.addingTimeInterval(TimeInterval(durationSeconds)) }

    enum CodingKeys: String, CodingKey {
        case id, start, end, note, billable, tags
        case taskID = "task_id"
        case projectID = "project_id"
        case taskNumber = "task_number"
        case taskTitle = "task_title"
        case projectName = "project_name"
        case durationSeconds = "duration_seconds"
        case loggedBy = "logged_by"
    }

    // `end` is written for scripts but never read back: it is derived from `start` and `duration_seconds`.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            id: try container.decode(String.self, forKey: .id),
            taskNumber: try container.decodeIfPresent(Int.self, forKey: .taskNumber),
            taskTitle: try container.decodeIfPresent(String.self, forKey: .taskTitle),
            projectName: try container.decodeIfPresent(String.self, forKey: .projectName),
            start: try container.decode(Date.self, forKey: .start),
            durationSeconds: try container.decode(Int.self, forKey: .durationSeconds),
            note: try container.decode(String.self, forKey: .note),
            billable: try container.decode(Bool.self, forKey: .billable),
            tags: try container.decode([String].self, forKey: .tags),
            loggedBy: try container.decode(String.self, forKey: .loggedBy),
            taskID: try container.decodeIfPresent(String.self, forKey: .taskID),
            projectID: try container.decodeIfPresent(String.self, forKey: .projectID)
        )
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(id, forKey: .id)
        try container.encode(taskID, forKey: .taskID)
        try container.encode(projectID, forKey: .projectID)
        try container.encode(taskNumber, forKey: .taskNumber)
        try container.encode(taskTitle, forKey: .taskTitle)
        try container.encode(projectName, forKey: .projectName)
        try container.encode(start, forKey: .start)
        try container.encode(end, forKey: .end)
        try container.encode(durationSeconds, forKey: .durationSeconds)
        try container.encode(note, forKey: .note)
        try container.encode(billable, forKey: .billable)
        try container.encode(tags, forKey: .tags)
        try container.encode(loggedBy, forKey: .loggedBy)
    }
}

// The same members as `encode(to:)`, in the order `--json` prints them: a week's entries list is written this way.
extension TimeEntry: JSONObjectWriting {
    public func writeMembers(to object: inout JSONObjectWriter) throws {
        object.write("billable", billable)
        object.write("duration_seconds", durationSeconds)
        try object.write("end", end)
        object.write("id", id)
        object.write("logged_by", loggedBy)
        object.write("note", note)
        object.write("project_id", projectID)
        object.write("project_name", projectName)
        try object.write("start", start)
        object.write("tags", tags)
        object.write("task_id", taskID)
        object.write("task_number", taskNumber)
        object.write("task_title", taskTitle)
    }
}

/// What `stint timer start` asks for. `task` and `project` are references (task number or id prefix; project name
/// or id prefix) resolved by the Services. With neither, the feature first asks the coordinator to choose a task.
public struct TimerStartRequest: Sendable, Equatable {
    public var task: String?
    public var project: String?
    /// `nil` keeps the note of a paused timer that gets resumed (and means "no note" for a new one).
    public var note: String?
    public var billable: Bool
    /// When the work began (`--at`); `nil` means now.
    public var at: Date?
    /// Tags for the entry the timer stops into (`--tag`); added to a resumed timer's.
    public var tags: [String]

    public init(
        task: String? = nil, project: String? = nil, note: String? = nil, billable: Bool = false, at: Date? = nil,
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

/// The outcome of starting or resuming a timer. At most one timer runs at a time, so whatever was running is
/// paused and reported in `paused`.
public struct TimerStartResult: Sendable, Equatable, Codable {
    /// The timer now running.
    public var timer: Timer
    /// Timers that were running and got paused because this one started, as they are after pausing.
    public var paused: [Timer]
    /// True when an existing paused timer was resumed (`resume`, or `start` on a task whose timer was paused)
    /// rather than a new timer created.
    public var resumed: Bool

    public init(timer: Timer, paused: [Timer] = [], resumed: Bool = false) {
        self.timer = timer
        self.paused = paused
        self.resumed = resumed
    }
}

/// The outcome of stopping a timer: the entries it became, one per stretch it ran (the timer itself is gone).
///
/// JSON: `entries` lists them in order, `entry` is the first (the one that carries the timer's id; the only one for a
/// timer that was never paused), `timer_id` names the timer.
public struct TimerStopResult: Sendable, Equatable, Codable {
    /// Never empty: a stop that logs nothing is refused.
    public private(set) var entries: [TimeEntry]
    /// The id the stopped timer had, so a script that saw the timer can find the entries it became. The App gives
    /// the first entry its timer's id (two devices stopping one timer make the same entries), so it defaults to
    /// that entry's.
    public var timerID: String

    /// The first entry: a timer that ran in one stretch became this one alone.
    public var entry: TimeEntry { entries[0] }

    /// The logged time, all stretches together.
    public var durationSeconds: Int { entries.reduce(0) { $0 &+ $1.durationSeconds } }

    public init(entries: [TimeEntry], timerID: String? = nil) {
        precondition(!entries.isEmpty, "a stop logs at least one entry")
        self.entries = entries
        self.timerID = timerID ?? entries[0].id
    }

    public init(entry: TimeEntry, timerID: String? = nil) {
        self.init(entries: [entry], timerID: timerID)
    }

    enum CodingKeys: String, CodingKey {
        case entry, entries
        case timerID = "timer_id"
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let entries =
            try container.decodeIfPresent([TimeEntry].self, forKey: .entries)
            ?? [try container.decode(TimeEntry.self, forKey: .entry)]
        guard !entries.isEmpty else {
            throw DecodingError.dataCorruptedError(
                forKey: .entries, in: container, debugDescription: "a stop logs at least one entry")
        }
        self.init(entries: entries, timerID: try container.decode(String.self, forKey: .timerID))
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(entry, forKey: .entry)
        try container.encode(entries, forKey: .entries)
        try container.encode(timerID, forKey: .timerID)
    }
}

/// What happens when logged or moved time overlaps another entry of the same person (`--allow-overlap`,
/// `--adjust`). Overlapping entries count the same minutes twice, so the default refuses them.
public enum OverlapChoice: Sendable, Equatable {
    /// Refuse the entry, naming the one it overlaps.
    case refuse
    /// Keep both.
    case allow
    /// Trim (or split, or remove) the other entries so this one fits.
    case adjust
}

/// What `stint log` records. The App has already turned the typed duration and start into values.
public struct LogRequest: Sendable, Equatable {
    public var durationSeconds: Int
    public var task: String?
    public var project: String?
    /// When the work began (the App computes it from `--date` and `--start`, or as "now minus the duration").
    public var start: Date
    public var note: String?
    public var billable: Bool
    public var tags: [String]
    /// Allows an entry longer than 24 hours.
    public var force: Bool
    /// What to do when the entry overlaps another of yours.
    public var overlap: OverlapChoice

    public init(
        durationSeconds: Int,
        task: String? = nil,
        project: String? = nil,
        start: Date,
        note: String? = nil,
        billable: Bool = false,
        tags: [String] = [],
        force: Bool = false,
        overlap: OverlapChoice = .refuse
    ) {
        self.overlap = overlap
        self.durationSeconds = durationSeconds
        self.task = task
        self.project = project
        self.start = start
        self.note = note
        self.billable = billable
        self.tags = tags
        self.force = force
    }
}

/// Which entries `stint entries list` shows. Days are inclusive, in the user's time zone, and an entry is included
/// when any of its time lies inside them (one that runs past midnight belongs to both days); `nil` leaves that side
/// open. Project and task are references resolved by the Services; a project includes the time on its tasks.
///
/// The feature applies one default before asking the Services: a query that names no day, task or project and is
/// not `all` means today (`since` becomes the feature's today). The Services never see `all`; they treat missing
/// days as open.
/// Whose entries a listing shows: a teammate's synced entries are theirs, listed only when asked for.
public enum EntryAuthor: Sendable, Equatable {
    /// Your own (the default).
    case me
    /// Everyone's on this device (yours and what sync brought).
    case everyone
    /// One team member's, by the name (or id prefix) typed; the Services resolve it.
    case member(String)
}

public struct EntryQuery: Sendable, Equatable {
    public var since: CalendarDay?
    public var until: CalendarDay?
    public var project: String?
    public var task: String?
    /// At most this many entries, the most recent ones; `nil` for all.
    public var limit: Int?
    /// Every entry whatever its day: turns the "today" default off (`--all`).
    public var all: Bool
    /// Table or CSV when the context's format is human; ignored for JSON (the host's `--json` wins, as for reports).
    /// Only the feature reads it; the Services ignore it.
    public var layout: EntriesLayout
    /// Whose entries: your own unless asked (`--user`).
    public var author: EntryAuthor

    public init(
        since: CalendarDay? = nil, until: CalendarDay? = nil, project: String? = nil, task: String? = nil,
        limit: Int? = nil, all: Bool = false, layout: EntriesLayout = .table, author: EntryAuthor = .me
    ) {
        self.author = author
        self.layout = layout
        self.since = since
        self.until = until
        self.project = project
        self.task = task
        self.limit = limit
        self.all = all
    }

    /// Whether `day` lies inside the query's days (open sides included).
    func covers(_ day: CalendarDay) -> Bool {
        (since.map { $0 <= day } ?? true) && (until.map { day <= $0 } ?? true)
    }

    /// Whether a timer is on the task or project the query names: a task by number or id prefix, a project by name
    /// (any case) or id prefix, as typed references are read.
    func matches(_ timer: Timer) -> Bool {
        if let task {
            let typed = task.hasPrefix("#") ? String(task.dropFirst()) : task
            let byNumber = Int(typed).map { $0 == timer.taskNumber } ?? false
            let byID = typed.count >= 4 && (timer.taskID?.hasPrefix(typed.lowercased()) ?? false)
            guard byNumber || byID else { return false }
        }
        if let project {
            let byName = timer.projectName?.lowercased() == project.lowercased()
            let byID = project.count >= 4 && (timer.projectID?.hasPrefix(project.lowercased()) ?? false)
            guard byName || byID else { return false }
        }
        return true
    }

    /// True when nothing narrows the query, so the feature shows today's entries.
    public var usesDefaultRange: Bool {
        since == nil && until == nil && project == nil && task == nil && !all
    }
}

/// How a human-format entry listing is laid out: an aligned table with a total row, or CSV for spreadsheets (one
/// line per entry, no total line). The raw values are the CLI spelling (`entries --format table|csv`).
///
/// CSV header: `id,date,start,end,duration_seconds,hours,task_number,task,project,note,billable,tags,task_id,
/// project_id,logged_by`. `date` is the local day the entry starts on, `start` and `end` local ISO-8601 instants
/// with their offset, `hours` the exact duration as h:mm:ss, `billable` `true` or `false`, `tags` separated by
/// spaces. Quoting and formula protection as in the report CSV (`CSVText`).
public enum EntriesLayout: String, Sendable, Hashable, CaseIterable {
    case table
    case csv
}

/// The fields `stint entries edit` may change. `nil` keeps a field as it is; an edit that changes nothing is
/// rejected by the feature with ``TimersFeatureError/nothingToEdit(reference:)``.
public struct EntryChanges: Sendable, Equatable {
    public var start: Date?
    public var durationSeconds: Int?
    /// Replaces the note; `""` clears it.
    public var note: String?
    public var billable: Bool?
    /// Replaces all tags; `[]` clears them.
    public var tags: [String]?
    /// Moves the time to this task (and so to the task's project).
    public var task: String?
    /// Moves the time to this project (no task).
    public var project: String?
    /// Allows the entry to become longer than 24 hours. Not a change by itself.
    public var force: Bool
    /// What to do when a new start or duration makes the entry overlap another of yours. Not a change by itself.
    public var overlap: OverlapChoice

    public init(
        start: Date? = nil,
        durationSeconds: Int? = nil,
        note: String? = nil,
        billable: Bool? = nil,
        tags: [String]? = nil,
        task: String? = nil,
        project: String? = nil,
        force: Bool = false,
        overlap: OverlapChoice = .refuse
    ) {
        self.overlap = overlap
        self.start = start
        self.durationSeconds = durationSeconds
        self.note = note
        self.billable = billable
        self.tags = tags
        self.task = task
        self.project = project
        self.force = force
    }

    /// True when applying these changes could not alter any entry.
    public var isEmpty: Bool { changedFields.isEmpty }

    /// Names of the fields this edit touches, in a fixed order (used for the confirmation line).
    public var changedFields: [String] {
        var fields: [String] = []
        if start != nil { fields.append("start") }
        if durationSeconds != nil { fields.append("duration") }
        if note != nil { fields.append("note") }
        if billable != nil { fields.append("billable") }
        if tags != nil { fields.append("tags") }
        if task != nil || project != nil { fields.append(task != nil ? "task" : "project") }
        return fields
    }
}

/// The host's answer when the feature asks which task to time (`start` or `log` without a task or project).
public enum TaskChoice: Sendable, Equatable {
    /// The user picked a task; `reference` is passed to the Services like a typed task reference.
    case chosen(reference: String)
    /// The user was asked and chose nothing.
    case cancelled
    /// Nobody can be asked (stdin or stdout is not a terminal).
    case unavailable
}

/// Time logged today and this week (Monday to Sunday unless the host's weeks begin on another day), for the
/// dashboard. A running timer is not in these sums until it is stopped; the overview shows it beside them.
public struct TimeSpent: Sendable, Equatable {
    /// Logged today plus what timers (running or paused) hold of today.
    public var todaySeconds: Int
    /// The same for this week.
    public var weekSeconds: Int
    /// The part of `todaySeconds` still on timers, not yet logged.
    public var todayOnTimersSeconds: Int
    /// The part of `weekSeconds` still on timers.
    public var weekOnTimersSeconds: Int

    public init(todaySeconds: Int, weekSeconds: Int, todayOnTimersSeconds: Int = 0, weekOnTimersSeconds: Int = 0) {
        self.todaySeconds = todaySeconds
        self.weekSeconds = weekSeconds
        self.todayOnTimersSeconds = todayOnTimersSeconds
        self.weekOnTimersSeconds = weekOnTimersSeconds
    }
}
