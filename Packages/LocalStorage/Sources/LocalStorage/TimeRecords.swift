import Foundation

// Records of the time-tracking tables. Like the other records they mirror the columns and know
// nothing of Entities; the rules (one running timer per person, how long an entry may be) live in
// Entities and are applied by Repositories before anything is written here.
//
// Time spent is attached to a task or, when there is no task, to a project: exactly one of `taskID`
// and `projectID` is set (the schema checks it). A task's project is not copied onto its timers and
// entries, so time follows a task that moves; reports join the task to find the project.

/// One stretch of a timer: from `start` to `end`, or still running when `end` is nil.
public struct TimerIntervalRecord: Sendable, Equatable, Codable {
    public var start: Date
    public var end: Date?

    public init(start: Date, end: Date? = nil) {
        self.start = start
        self.end = end
    }
}

/// A timer row: the intervals a person has worked on one task or project so far.
///
/// `state` is `"running"` or `"paused"` and is stored next to the intervals (rather than derived
/// from them) so the running timer of a person is found through an index. `intervals` are kept as a
/// JSON array of `[start, end]` millisecond pairs (`end` null while running): a timer is one
/// aggregate that changes as a whole, which is also how the sync will ship it.
public struct TimerRecord: Sendable, Equatable, Codable {
    public var id: String
    public var ownerID: String
    public var taskID: String?
    public var projectID: String?
    public var note: String
    public var billable: Bool
    /// Tag names (normalised, sorted), passed on to the entry the timer stops into.
    public var tags: [String]
    public var state: String
    public var intervals: [TimerIntervalRecord]
    public var createdAt: Date
    public var updatedAt: Date
    public var deletedAt: Date?
    public var version: Int

    public init(
        id: String, ownerID: String, taskID: String? = nil, projectID: String? = nil, note: String = "",
        billable: Bool = false, tags: [String] = [], state: String = TimerRecord.runningState,
        intervals: [TimerIntervalRecord], createdAt: Date, updatedAt: Date, deletedAt: Date? = nil, version: Int = 1
    ) {
        self.id = id
        self.tags = tags
        self.ownerID = ownerID
        self.taskID = taskID
        self.projectID = projectID
        self.note = note
        self.billable = billable
        self.state = state
        self.intervals = intervals
        self.createdAt = createdAt
        self.updatedAt = updatedAt
        self.deletedAt = deletedAt
        self.version = version
    }

    /// Stored state of a timer whose last interval is open.
    public static let runningState = "running"
    /// Stored state of a timer whose intervals are all closed.
    public static let pausedState = "paused"
}

/// A time entry row: time spent, logged by hand or by stopping a timer.
///
/// `start` is stored to the millisecond and `durationSeconds` in whole seconds; the table also keeps
/// `end_at` (start plus duration) so reports can find the entries that overlap a day with an index
/// range scan instead of computing the end of every row.
public struct TimeEntryRecord: Sendable, Equatable, Codable {
    public var id: String
    public var taskID: String?
    public var projectID: String?
    public var start: Date
    public var durationSeconds: Int
    public var note: String
    public var billable: Bool
    public var tags: [String]
    public var loggedBy: String
    public var createdAt: Date
    public var updatedAt: Date
    public var deletedAt: Date?
    public var version: Int

    public init(
        id: String, taskID: String? = nil, projectID: String? = nil, start: Date, durationSeconds: Int,
        note: String = "", billable: Bool = false, tags: [String] = [], loggedBy: String, createdAt: Date,
        updatedAt: Date, deletedAt: Date? = nil, version: Int = 1
    ) {
        self.id = id
        self.taskID = taskID
        self.projectID = projectID
        self.start = start
        self.durationSeconds = durationSeconds
        self.note = note
        self.billable = billable
        self.tags = tags
        self.loggedBy = loggedBy
        self.createdAt = createdAt
        self.updatedAt = updatedAt
        self.deletedAt = deletedAt
        self.version = version
    }

    /// When the entry ends.
    public var end: Date { start.addingTimeInterval(TimeInterval(durationSeconds)) }
}

/// Which time entries a read selects. Every condition that is set must hold; tombstones never count.
///
/// A window (`from`, `to`) selects the entries that overlap it, and aggregations count only the part
/// of each entry inside it, so the totals of consecutive windows add up to the total of their union.
public struct TimeEntryFilter: Sendable, Equatable {
    /// Start of the window (inclusive).
    public var from: Date?
    /// End of the window (exclusive).
    public var to: Date?
    /// Only time on this project: entries on the project itself or on any of its tasks.
    public var projectID: String?
    /// Only time on this task.
    public var taskID: String?
    /// Only billable (true) or only non-billable (false) time.
    public var billable: Bool?
    /// Only time logged by this person (`time_entries.logged_by`).
    public var loggedBy: String?
    /// At most this many entries (lists only; aggregations ignore it).
    public var limit: Int?
    /// Newest first instead of oldest first (lists only).
    public var newestFirst: Bool

    public init(
        from: Date? = nil, to: Date? = nil, projectID: String? = nil, taskID: String? = nil, billable: Bool? = nil,
        loggedBy: String? = nil, limit: Int? = nil, newestFirst: Bool = false
    ) {
        self.loggedBy = loggedBy
        self.from = from
        self.to = to
        self.projectID = projectID
        self.taskID = taskID
        self.billable = billable
        self.limit = limit
        self.newestFirst = newestFirst
    }
}

/// How ``LocalStore/timeTotals(_:groupedBy:)`` groups the time it adds up.
public enum TimeGrouping: Sendable, Equatable {
    /// One total for everything selected (key nil).
    case none
    /// By project: the entry's own project, or the project of its task (key nil: tasks without one).
    case project
    /// By task (key = task id); time logged on a project without a task has key nil and the
    /// project in ``TimeTotal/projectID``.
    case task
    /// By tag; an entry with several tags counts under each, untagged time has key nil.
    case tag
    /// By consecutive periods (days, weeks) given by their boundaries: `n + 1` increasing instants
    /// make `n` buckets, keyed "0" … "n-1". Entries are split at the boundaries.
    case periods([Date])
}

/// The time of one group: whole seconds inside the filter's window.
public struct TimeTotal: Sendable, Equatable {
    /// What the group is (see ``TimeGrouping``).
    public var key: String?
    /// For ``TimeGrouping/task``: the project of the task, or of the project-level time.
    public var projectID: String?
    public var seconds: Int
    public var billableSeconds: Int
    /// How many entries contribute to the group.
    public var entries: Int

    public init(key: String?, projectID: String? = nil, seconds: Int, billableSeconds: Int, entries: Int) {
        self.key = key
        self.projectID = projectID
        self.seconds = seconds
        self.billableSeconds = billableSeconds
        self.entries = entries
    }
}
