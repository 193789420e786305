/// `stint task add` as typed: references, dates and durations still text, for the coordinator to read
/// with the Entities' rules.
public struct TaskAddArguments: Sendable, Equatable {
    public var title: String
    public var project: String?
    public var list: String?
    public var due: String?
    public var priority: PriorityOption?
    public var tags: [String]
    public var estimate: String?
    public var note: String?
    /// `--assign`: a team member's name, `me`, or `none`.
    public var assign: String?

    public init(
        title: String, project: String? = nil, list: String? = nil, due: String? = nil,
        priority: PriorityOption? = nil, tags: [String] = [], estimate: String? = nil, note: String? = nil,
        assign: String? = nil
    ) {
        self.assign = assign
        self.title = title
        self.project = project
        self.list = list
        self.due = due
        self.priority = priority
        self.tags = tags
        self.estimate = estimate
        self.note = note
    }
}

/// `stint task list` as typed.
public struct TaskListArguments: Sendable, Equatable {
    public var project: String?
    public var list: String?
    public var status: TaskStatusOption?
    /// `--all`: the same as `--status all`.
    public var all: Bool
    public var tag: String?
    public var priority: PriorityOption?
    /// `today`, `overdue`, `week` or a date.
    public var due: String?
    public var dueBefore: String?
    public var search: String?
    /// `--assignee`: a team member's name or `me`.
    public var assignee: String?
    public var sort: TaskSortOption?
    public var limit: Int?
    /// `--count`: print only how many match.
    public var count: Bool

    public init(
        project: String? = nil, list: String? = nil, status: TaskStatusOption? = nil, all: Bool = false,
        tag: String? = nil, priority: PriorityOption? = nil, due: String? = nil, dueBefore: String? = nil,
        search: String? = nil, assignee: String? = nil, sort: TaskSortOption? = nil, limit: Int? = nil,
        count: Bool = false
    ) {
        self.assignee = assignee
        self.project = project
        self.list = list
        self.status = status
        self.all = all
        self.tag = tag
        self.priority = priority
        self.due = due
        self.dueBefore = dueBefore
        self.search = search
        self.sort = sort
        self.limit = limit
        self.count = count
    }
}

/// `stint task edit` as typed.
public struct TaskEditArguments: Sendable, Equatable {
    public var task: String
    public var title: String?
    public var due: String?
    public var noDue: Bool
    public var priority: PriorityOption?
    public var addTags: [String]
    public var removeTags: [String]
    public var estimate: String?
    public var noEstimate: Bool
    public var note: String?
    /// `--assign`: a team member's name, `me`, or `none`.
    public var assign: String?

    public init(
        task: String, title: String? = nil, due: String? = nil, noDue: Bool = false, priority: PriorityOption? = nil,
        addTags: [String] = [], removeTags: [String] = [], estimate: String? = nil, noEstimate: Bool = false,
        note: String? = nil, assign: String? = nil
    ) {
        self.assign = assign
        self.task = task
        self.title = title
        self.due = due
        self.noDue = noDue
        self.priority = priority
        self.addTags = addTags
        self.removeTags = removeTags
        self.estimate = estimate
        self.noEstimate = noEstimate
        self.note = note
    }

    /// No change flag at all: `stint task edit 12` alone, which opens the task's form in an editor.
    public var changesNothing: Bool {
        title == nil && due == nil && !noDue && priority == nil && addTags.isEmpty && removeTags.isEmpty
            && estimate == nil && !noEstimate && note == nil && assign == nil
    }
}
