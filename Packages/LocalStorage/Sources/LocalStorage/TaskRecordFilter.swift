/// The orders in which ``LocalStore/tasks(_:)`` can return tasks.
public enum TaskRecordSort: String, Sendable, Equatable, CaseIterable {
    /// Open and in-progress tasks before completed ones, then highest priority, earliest due day
    /// (tasks without one last), then number. The order `stint task list` uses by default.
    case priority
    /// Earliest due day first, tasks without a due day last, then number.
    case due
    /// Creation time, then number.
    case created
    /// Last modification time, then number.
    case updated
    /// Title (ASCII case-insensitive), then number.
    case title
    /// The short per-device number.
    case number
}

/// Which tasks ``LocalStore/tasks(_:)`` and ``LocalStore/countTasks(_:)`` select, and in which order.
///
/// Every condition that is set must hold (they are combined with AND). Tombstoned tasks are always
/// excluded. Ids are compared after lowercasing; days are "YYYY-MM-DD" strings.
public struct TaskRecordFilter: Sendable, Equatable {
    /// Only tasks of this project.
    public var projectID: String?
    /// Only tasks without a project (the inbox).
    public var noProject: Bool
    /// Only tasks of this list.
    public var listID: String?
    /// Only tasks assigned to this team member.
    public var assigneeID: String? = nil
    /// Only tasks whose stored status is one of these; empty means any status.
    public var statuses: [String]
    /// Only tasks carrying this tag (exact match).
    public var tag: String?
    /// Only tasks whose priority is one of these; empty means any priority.
    public var priorities: [Int]
    /// Only tasks due strictly before this day.
    public var dueBefore: String?
    /// Only tasks due on or after this day.
    public var dueOnOrAfter: String?
    /// Only tasks due on this day.
    public var dueOn: String?
    /// Only tasks whose title or note contains this text, ignoring case.
    public var text: String?
    public var sort: TaskRecordSort
    /// Reverses the order of ``sort``; tasks without a due day stay last when sorting by due day.
    public var descending: Bool
    /// At most this many tasks; nil means all.
    public var limit: Int?
    /// Only tasks with one of these ids (a batch lookup, e.g. the titles of a report's tasks).
    public var ids: [String]?
    /// Only subtasks of one of these tasks.
    public var parentIDs: [String]? = nil
    /// Only tasks that come after this task (it is among their prerequisites).
    public var after: String? = nil
    /// true: only tasks with a prerequisite that is live and not completed; false: only tasks without one.
    public var blocked: Bool? = nil

    public init(
        projectID: String? = nil, noProject: Bool = false, listID: String? = nil, statuses: [String] = [],
        tag: String? = nil, priorities: [Int] = [], dueBefore: String? = nil, dueOnOrAfter: String? = nil,
        dueOn: String? = nil, text: String? = nil, sort: TaskRecordSort = .priority, descending: Bool = false,
        limit: Int? = nil
    ) {
        self.projectID = projectID
        self.noProject = noProject
        self.listID = listID
        self.statuses = statuses
        self.tag = tag
        self.priorities = priorities
        self.dueBefore = dueBefore
        self.dueOnOrAfter = dueOnOrAfter
        self.dueOn = dueOn
        self.text = text
        self.sort = sort
        self.descending = descending
        self.limit = limit
    }
}

/// One task's links to other tasks, as stored (lowercase ids).
public struct TaskLinks: Sendable, Equatable {
    public var id: String
    public var parentID: String?
    public var prerequisiteIDs: [String]

    public init(id: String, parentID: String?, prerequisiteIDs: [String]) {
        self.id = id
        self.parentID = parentID
        self.prerequisiteIDs = prerequisiteIDs
    }
}
