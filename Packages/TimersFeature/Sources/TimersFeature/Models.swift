import Foundation
import TerminalUI

// The feature's own models. They are deliberately independent of the Entities package: the App's adapter maps
// Entities onto these, so a change in an entity never ripples into this package.
//
// JSON (what `--json` prints) is part of the CLI's public contract. Keys are snake_case and must not change:
//
//   Timer:             id, task_number, task_title, project_name, note, billable, state, started_at,
//                      elapsed_seconds, intervals, estimate_seconds, logged_seconds
//   TimerInterval:     start, end
//   TimeEntry:         id, task_number, task_title, project_name, start, end, duration_seconds, note, billable,
//                      tags, logged_by
//   TimerStartResult:  timer, paused, resumed          (start and resume)
//   TimerStopResult:   entry                           (stop)
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
        loggedSeconds: Int? = nil
    ) {
        self.id = id
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
        case id, note, billable, state, intervals
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
        try container.encode(taskNumber, forKey: .taskNumber)
        try container.encode(taskTitle, forKey: .taskTitle)
        try container.encode(projectName, forKey: .projectName)
        try container.encode(note, forKey: .note)
        try container.encode(billable, forKey: .billable)
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
        loggedBy: String
    ) {
        self.id = id
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
            loggedBy: try container.decode(String.self, forKey: .loggedBy)
        )
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(id, forKey: .id)
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

    public init(
        task: String? = nil, project: String? = nil, note: String? = nil, billable: Bool = false, at: Date? = nil
    ) {
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

/// The outcome of stopping a timer: the entry it became (the timer itself is gone).
public struct TimerStopResult: Sendable, Equatable, Codable {
    public var entry: TimeEntry

    public init(entry: TimeEntry) {
        self.entry = entry
    }
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

    public init(
        durationSeconds: Int,
        task: String? = nil,
        project: String? = nil,
        start: Date,
        note: String? = nil,
        billable: Bool = false,
        tags: [String] = [],
        force: Bool = false
    ) {
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
public struct EntryQuery: Sendable, Equatable {
    public var since: CalendarDay?
    public var until: CalendarDay?
    public var project: String?
    public var task: String?
    /// At most this many entries, the most recent ones; `nil` for all.
    public var limit: Int?
    /// Every entry whatever its day: turns the "today" default off (`--all`).
    public var all: Bool

    public init(
        since: CalendarDay? = nil, until: CalendarDay? = nil, project: String? = nil, task: String? = nil,
        limit: Int? = nil, all: Bool = false
    ) {
        self.since = since
        self.until = until
        self.project = project
        self.task = task
        self.limit = limit
        self.all = all
    }

    /// True when nothing narrows the query, so the feature shows today's entries.
    public var usesDefaultRange: Bool {
        since == nil && until == nil && project == nil && task == nil && !all
    }
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

    public init(
        start: Date? = nil,
        durationSeconds: Int? = nil,
        note: String? = nil,
        billable: Bool? = nil,
        tags: [String]? = nil,
        task: String? = nil,
        project: String? = nil,
        force: Bool = false
    ) {
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

/// Time logged today and this week (Monday to Sunday), for the dashboard. A running timer is not in these sums
/// until it is stopped; the overview shows it beside them.
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
