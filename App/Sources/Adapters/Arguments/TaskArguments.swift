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
    /// `--parent`: the task this one is a subtask of.
    public var parent: String? = nil
    /// `--after` (repeatable, or comma-separated): tasks this one comes after.
    public var after: [String] = []
    /// `--repeat`: daily, weekdays, weekly, monthly, yearly, every 2w, …
    public var repeatRule: String? = nil
    /// `--until`: the last day an occurrence may fall on.
    public var until: String? = nil

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
    /// `--blocked`: only tasks waiting on one not done yet.
    public var blocked: Bool = false
    /// `--ready`: only tasks waiting on nothing.
    public var ready: Bool = false
    /// `--parent`: only the subtasks of this task.
    public var parent: String? = nil
    /// `--save NAME`: keep these options as the saved filter `@NAME`.
    public var save: String? = nil

    /// The filter as `task list` options, in a fixed order: what `--save` keeps (not `--count`, `--save` or the
    /// output flags, which say how to show a listing rather than which tasks are in it).
    public var filterWords: [String] {
        var words: [String] = []
        func add(_ flag: String, _ value: String?) { if let value { words += [flag, value] } }
        add("--project", project)
        add("--list", list)
        add("--status", status?.rawValue)
        if all { words.append("--all") }
        add("--tag", tag)
        add("--priority", priority?.rawValue)
        add("--due", due)
        add("--due-before", dueBefore)
        add("--search", search)
        add("--assignee", assignee)
        add("--parent", parent)
        if blocked { words.append("--blocked") }
        if ready { words.append("--ready") }
        add("--sort", sort?.rawValue)
        add("--limit", limit.map(String.init))
        return words
    }

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
    /// `--parent` / `--no-parent`.
    public var parent: String? = nil
    public var noParent: Bool = false
    /// `--after` (repeatable, or comma-separated) adds; `--no-after` drops the ones the task has first.
    public var after: [String] = []
    public var noAfter: Bool = false
    /// `--repeat` / `--no-repeat`, `--until` / `--no-until`.
    public var repeatRule: String? = nil
    public var noRepeat: Bool = false
    public var until: String? = nil
    public var noUntil: Bool = false

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
            && estimate == nil && !noEstimate && note == nil && assign == nil && parent == nil && !noParent
            && after.isEmpty && !noAfter && repeatRule == nil && !noRepeat && until == nil && !noUntil
    }
}
