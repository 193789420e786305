import Foundation

// The record types are LocalStorage's own vocabulary: plain values that mirror the columns of the
// SQLite tables, so the rest of the app never sees GRDB and the storage never sees Entities.
//
// Dates are stored as whole milliseconds since 1970. A record read back from the store therefore
// carries dates rounded to the millisecond; the writer methods return the record as stored.

/// A project row: the unit that groups task lists and tasks.
///
/// `id` is a lowercase UUID string made on the device that created the project. `deletedAt` is the
/// tombstone kept for sync; reads of the store never return tombstoned rows. `version` is set by the
/// store (1 on insert, +1 on every write) and is ignored when a record is written.
public struct ProjectRecord: Sendable, Equatable, Codable {
    public var id: String
    public var name: String
    public var note: String
    public var archivedAt: Date?
    public var createdAt: Date
    public var updatedAt: Date
    public var deletedAt: Date?
    public var version: Int

    public init(
        id: String, name: String, note: String = "", archivedAt: Date? = nil, createdAt: Date, updatedAt: Date,
        deletedAt: Date? = nil, version: Int = 1
    ) {
        self.id = id
        self.name = name
        self.note = note
        self.archivedAt = archivedAt
        self.createdAt = createdAt
        self.updatedAt = updatedAt
        self.deletedAt = deletedAt
        self.version = version
    }
}

/// A task list row: a named list inside one project.
///
/// Same identity, tombstone and version rules as ``ProjectRecord``.
public struct TaskListRecord: Sendable, Equatable, Codable {
    public var id: String
    public var projectID: String
    public var name: String
    public var createdAt: Date
    public var updatedAt: Date
    public var deletedAt: Date?
    public var version: Int

    public init(
        id: String, projectID: String, name: String, createdAt: Date, updatedAt: Date, deletedAt: Date? = nil,
        version: Int = 1
    ) {
        self.id = id
        self.projectID = projectID
        self.name = name
        self.createdAt = createdAt
        self.updatedAt = updatedAt
        self.deletedAt = deletedAt
        self.version = version
    }
}

/// A task row.
///
/// `number` is the short per-device reference ("12"). The store assigns it on insert as one more
/// than the highest number ever given on this device (tombstones included), so a number is never
/// reused; the value passed in on insert is ignored and the stored record is returned.
///
/// `status` uses the stored vocabulary `"open"`, `"in-progress"` and `"done"` (counts and the
/// default sort rely on it); `priority` is 0 (none) … 3 (high); `due` is a civil day "YYYY-MM-DD";
/// `tags` are kept in the given order as a JSON array.
public struct TaskRecord: Sendable, Equatable, Codable {
    public var id: String
    public var number: Int
    public var projectID: String?
    public var listID: String?
    public var title: String
    public var note: String
    public var status: String
    public var priority: Int
    public var due: String?
    public var tags: [String]
    public var estimateSeconds: Int?
    public var completedAt: Date?
    /// The team member (a server user id) the task is assigned to; nil when unassigned.
    public var assigneeID: String?
    /// The task this one is a subtask of.
    public var parentID: String?
    /// The tasks this one comes after, as lowercase ids.
    public var prerequisiteIDs: [String]
    /// A recurring task's rule as text (`weekly`, `every 2 weeks`); the other three repeat fields are set with it.
    public var repeatRule: String?
    public var repeatUntil: String?
    public var seriesID: String?
    public var seriesStart: String?
    // `version` comes before the dates here and last in the public initialiser, so the two differ and the struct
    // keeps its memberwise initialiser, which the public one calls (see the extension below).
    public var version: Int
    public var createdAt: Date
    public var updatedAt: Date
    public var deletedAt: Date?

    /// Stored status of a task that has not been started.
    public static let openStatus = "open"
    /// Stored status of a started task.
    public static let inProgressStatus = "in-progress"
    /// Stored status of a completed task; such tasks sort after the others by default.
    public static let completedStatus = "done"
}

// The public initialiser calls the memberwise one: assigning the properties one by one built each record aside
// and then copied it, retaining every string and array (a listing reads ten thousand; ADR 0028 decision 31).
extension TaskRecord {
    public init(
        id: String, number: Int = 0, projectID: String? = nil, listID: String? = nil, title: String,
        note: String = "", status: String = TaskRecord.openStatus, priority: Int = 0, due: String? = nil,
        tags: [String] = [], estimateSeconds: Int? = nil, completedAt: Date? = nil, assigneeID: String? = nil,
        parentID: String? = nil, prerequisiteIDs: [String] = [], repeatRule: String? = nil,
        repeatUntil: String? = nil, seriesID: String? = nil, seriesStart: String? = nil,
        createdAt: Date, updatedAt: Date, deletedAt: Date? = nil, version: Int = 1
    ) {
        self.init(
            id: id, number: number, projectID: projectID, listID: listID, title: title, note: note, status: status,
            priority: priority, due: due, tags: tags, estimateSeconds: estimateSeconds, completedAt: completedAt,
            assigneeID: assigneeID, parentID: parentID, prerequisiteIDs: prerequisiteIDs, repeatRule: repeatRule,
            repeatUntil: repeatUntil, seriesID: seriesID, seriesStart: seriesStart, version: version,
            createdAt: createdAt, updatedAt: updatedAt, deletedAt: deletedAt)
    }
}

/// How many live tasks are in each status, for overviews such as `stint project list`.
public struct TaskCounts: Sendable, Equatable {
    public var open: Int
    public var inProgress: Int
    public var completed: Int

    public init(open: Int = 0, inProgress: Int = 0, completed: Int = 0) {
        self.open = open
        self.inProgress = inProgress
        self.completed = completed
    }

    /// All counted tasks, whatever their status.
    public var total: Int { open + inProgress + completed }
}

/// What ``LocalStore/importRecords(projects:lists:tasks:timers:timeEntries:summary:at:progress:)`` did, summed over
/// projects, lists and tasks.
public struct ImportCounts: Sendable, Equatable {
    public var inserted: Int
    public var updated: Int
    public var unchanged: Int

    public init(inserted: Int = 0, updated: Int = 0, unchanged: Int = 0) {
        self.inserted = inserted
        self.updated = updated
        self.unchanged = unchanged
    }
}

/// Every live row of the store, as returned by ``LocalStore/exportRecords()``: projects by name,
/// lists by project then name, tasks by number, timers by creation, entries by start. Archived
/// projects are included; tombstones are not.
public struct StoreSnapshot: Sendable, Equatable, Codable {
    public var projects: [ProjectRecord]
    public var taskLists: [TaskListRecord]
    public var tasks: [TaskRecord]
    public var timers: [TimerRecord]
    public var timeEntries: [TimeEntryRecord]

    public init(
        projects: [ProjectRecord], taskLists: [TaskListRecord], tasks: [TaskRecord], timers: [TimerRecord] = [],
        timeEntries: [TimeEntryRecord] = []
    ) {
        self.projects = projects
        self.taskLists = taskLists
        self.tasks = tasks
        self.timers = timers
        self.timeEntries = timeEntries
    }
}
