import Entities
import Foundation

/// A timer with what it is on, and the numbers people want next to it.
public struct TimerDetails: Sendable {
    public let timer: Entities.Timer
    public let task: Task?
    /// The timer's project, or its task's project.
    public let project: Project?
    /// Elapsed at the moment the command ran.
    public let elapsedSeconds: Int
    /// Time already logged on the task (entries), for "2h of 3h".
    public let loggedSeconds: Int?
}

/// A time entry with what it is on.
public struct EntryDetails: Sendable {
    public let entry: TimeEntry
    /// The entry's task as listings name it (number, title, project); nil for time on a project alone.
    public let task: TaskLabel?
    public let project: Project?
    /// After a log or edit with `OverlapPolicy.adjust`: how many other entries gave up time to it.
    public var adjustedOverlaps: Int?
    /// Who logged it, by name, in a listing of other people's entries (`--user`); nil in one of your own.
    public var loggedByName: String?
}

/// What `stint timer start` did.
public struct TimerStartDetails: Sendable {
    public let timer: TimerDetails
    public let paused: [TimerDetails]
    public let resumedExisting: Bool
}

/// A time entry to log, in the user's terms.
public struct LogInput: Sendable {
    public var durationSeconds: Int
    public var task: String?
    public var project: String?
    public var start: Date
    public var note: String?
    public var billable: Bool
    public var tags: [String]
    public var force: Bool
    public var overlap: OverlapPolicy

    public init(
        durationSeconds: Int, task: String?, project: String?, start: Date, note: String?, billable: Bool,
        tags: [String], force: Bool, overlap: OverlapPolicy = .refuse
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

/// Which entries to list, in the user's terms (days are inclusive, in the user's time zone).
public struct EntrySearch: Sendable {
    public var since: Day?
    public var until: Day?
    public var project: String?
    public var task: String?
    public var limit: Int?
    /// Whose entries: your own unless asked (`--user`), as a report counts your own time.
    public var author: ReportWorker.Author = .me

    public init(since: Day? = nil, until: Day? = nil, project: String? = nil, task: String? = nil, limit: Int? = nil) {
        self.since = since
        self.until = until
        self.project = project
        self.task = task
        self.limit = limit
    }
}

/// A change to an entry; nil fields stay as they are.
public struct EntryEdit: Sendable {
    public var start: Date?
    public var durationSeconds: Int?
    public var note: String?
    public var billable: Bool?
    public var tags: [String]?
    public var task: String?
    public var project: String?
    public var force: Bool
    /// Applies when the start or duration changes.
    public var overlap: OverlapPolicy

    public init(
        start: Date? = nil, durationSeconds: Int? = nil, note: String? = nil, billable: Bool? = nil,
        tags: [String]? = nil, task: String? = nil, project: String? = nil, force: Bool = false,
        overlap: OverlapPolicy = .refuse
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
}
