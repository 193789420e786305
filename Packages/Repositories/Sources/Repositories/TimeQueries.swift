import Entities
import Foundation

/// Whose time a query selects. Sync brings teammates' entries onto this device (team reports), so
/// "my time" has to be asked for; everything that predates sync keeps `everyone`.
public enum TimeAuthor: Sendable, Equatable {
    /// Every entry here, whoever logged it.
    case everyone
    /// The local person's (after a login, the server user's): what a person means by "my time". On a
    /// device where nobody has logged time yet there is no person, and nothing is filtered out.
    case localPerson
    /// One team member's (a server user id).
    case member(UUID)
}

/// Which time entries to list: the ones overlapping a window, optionally of one project or task.
public struct TimeEntryQuery: Sendable, Equatable {
    /// Start of the window (inclusive); nil = since ever.
    public var from: Date?
    /// End of the window (exclusive); nil = until ever.
    public var to: Date?
    /// Only time on this project: on the project itself or on any of its tasks.
    public var projectID: UUID?
    /// Only time on this task.
    public var taskID: UUID?
    /// Only billable time when true.
    public var billableOnly: Bool
    /// Whose entries.
    public var author: TimeAuthor
    public var limit: Int?
    public var newestFirst: Bool

    public init(
        from: Date? = nil, to: Date? = nil, projectID: UUID? = nil, taskID: UUID? = nil, billableOnly: Bool = false,
        author: TimeAuthor = .everyone, limit: Int? = nil, newestFirst: Bool = false
    ) {
        self.author = author
        self.from = from
        self.to = to
        self.projectID = projectID
        self.taskID = taskID
        self.billableOnly = billableOnly
        self.limit = limit
        self.newestFirst = newestFirst
    }
}

/// How a sum of time is broken down.
public enum TimeBreakdown: Sendable, Equatable {
    /// One sum for everything.
    case total
    /// Per project (a task's time counts for the task's current project).
    case byProject
    /// Per task; time logged on a project without a task is its own group.
    case byTask
    /// Per tag; an entry with several tags counts under each.
    case byTag
    /// Per consecutive period between the given boundaries (`n + 1` instants, `n` periods), entries
    /// split at the boundaries. The caller computes the boundaries in the user's time zone.
    case byPeriod(boundaries: [Date])
}

/// One sum of time: what the selected entries add up to inside a window.
public struct TimeSum: Sendable, Equatable {
    /// What a sum is for.
    public enum Key: Sendable, Equatable {
        case total
        /// nil: tasks without a project.
        case project(UUID?)
        /// `task` nil: time logged on `project` itself.
        case task(UUID?, project: UUID?)
        /// nil: entries without tags.
        case tag(String?)
        /// The index of the period in the boundaries.
        case period(Int)
    }

    public var key: Key
    public var seconds: Int
    public var billableSeconds: Int
    public var entries: Int

    public init(key: Key, seconds: Int, billableSeconds: Int, entries: Int) {
        self.key = key
        self.seconds = seconds
        self.billableSeconds = billableSeconds
        self.entries = entries
    }
}

/// One aggregation: a selection and how to break it down.
public struct TimeSumRequest: Sendable, Equatable {
    public var query: TimeEntryQuery
    public var breakdown: TimeBreakdown

    public init(query: TimeEntryQuery, breakdown: TimeBreakdown) {
        self.query = query
        self.breakdown = breakdown
    }
}

/// What starting a timer did.
public struct TimerStart: Sendable, Equatable {
    /// The timer now running.
    public var timer: Entities.Timer
    /// The person's timers that were running and are now paused.
    public var paused: [Entities.Timer]
    /// True when a paused timer on the same target was resumed instead of starting a second one.
    public var resumedExisting: Bool

    public init(timer: Entities.Timer, paused: [Entities.Timer], resumedExisting: Bool) {
        self.timer = timer
        self.paused = paused
        self.resumedExisting = resumedExisting
    }
}

/// A time entry to log by hand; validated by ``TimeEntry/create(id:target:start:durationSeconds:note:billable:tags:loggedBy:now:force:)``.
public struct NewTimeEntry: Sendable, Equatable {
    public var target: TimeTarget
    public var start: Date
    public var durationSeconds: Int
    public var note: String
    public var billable: Bool
    public var tags: [Entities.Tag]
    /// Accept more than 24 hours.
    public var force: Bool
    /// What happens when the entry shares time with another of the same person's entries.
    public var overlap: OverlapPolicy

    public init(
        target: TimeTarget, start: Date, durationSeconds: Int, note: String = "", billable: Bool = false,
        tags: [Entities.Tag] = [], force: Bool = false, overlap: OverlapPolicy = .allow
    ) {
        self.overlap = overlap
        self.target = target
        self.start = start
        self.durationSeconds = durationSeconds
        self.note = note
        self.billable = billable
        self.tags = tags
        self.force = force
    }
}
