import Foundation
import TerminalUI

// The feature's own models. They are deliberately independent of the Entities package: the App's adapter maps
// Entities onto these, so a change in an entity never ripples into this package.
//
// JSON (what `--json` prints) is part of the CLI's public contract. Keys are snake_case and must not change:
//
//   Task:      id, number, title, note, status, priority, due, tags, estimate_seconds, project_id, project_name,
//              list_id, list_name, completed_at, created_at, updated_at, logged_seconds, assignee_id, assignee_name,
//              parent, after, blocked, subtasks, subtasks_logged_seconds, repeat, repeat_until, unblocked,
//              next_occurrence
//              (the same keys in every command: `task list`, `task show`, the dashboard and every change print one
//              shape; `logged_seconds` is filled wherever a task is printed as JSON, 0 when nothing was logged;
//              `parent`, `next_occurrence` and each element of `after`, `subtasks` and `unblocked` is a TaskLink)
//   TaskLink:  id, number, title, status
//   Dashboard: overdue, due_today, in_progress, open_count, overdue_count, due_today_count, in_progress_count
//   count:     count
//
// Absent values are written as an explicit `null`, never omitted, so scripts can rely on every key being present.
// Ids are lowercase UUID strings. Days are "YYYY-MM-DD", timestamps ISO-8601, durations whole seconds.

/// Whether a task is waiting, being worked on, or finished. The raw values are the JSON spelling.
public enum TaskStatus: String, Sendable, Codable, CaseIterable {
    case open = "open"
    case inProgress = "in-progress"
    case done = "done"
}

/// How urgent a task is. Encoded in JSON by name ("none", "low", "medium", "high"); ordered from `none` to `high`.
public enum Priority: String, Sendable, Codable, CaseIterable, Comparable {
    case none
    case low
    case medium
    case high

    private var rank: Int {
        switch self {
        case .none: 0
        case .low: 1
        case .medium: 2
        case .high: 3
        }
    }

    public static func < (lhs: Priority, rhs: Priority) -> Bool { lhs.rank < rhs.rank }
}

/// Another task as a task names it: its parent, a prerequisite, a subtask, one it unblocked.
public struct TaskLink: Sendable, Hashable, Codable {
    public var id: String
    public var number: Int
    public var title: String
    public var status: TaskStatus

    public init(id: String, number: Int, title: String, status: TaskStatus) {
        self.id = id
        self.number = number
        self.title = title
        self.status = status
    }
}

/// A task as this feature sees it: plain values ready to show, with the project and list already resolved to names.
///
/// `id` is the lowercase UUID string; `number` is the short per-device reference users type (`stint task show 12`).
public struct Task: Sendable, Hashable, Codable, Identifiable {
    public var id: String
    public var number: Int
    public var title: String
    /// Free text, possibly several lines.
    public var note: String
    public var status: TaskStatus
    public var priority: Priority
    public var due: CalendarDay?
    /// Normalised tag names (lowercase, without "#"), in display order.
    public var tags: [String]
    public var estimateSeconds: Int?
    /// `nil` when the task is in the inbox (no project).
    public var projectName: String?
    /// `nil` when the task is not in a list; a list always belongs to `projectName`.
    public var listName: String?
    /// Set exactly when `status == .done`.
    public var completedAt: Date?
    public var createdAt: Date
    public var updatedAt: Date
    /// Time logged against the task, in seconds; `nil` when it was not loaded. A single-task read (`show`) and
    /// every change fill it; a listing only when its query asks (``TaskQuery/includesLoggedTime``, what JSON
    /// does), from one grouped read for all its rows.
    public var loggedSeconds: Int?
    /// The team member the task is assigned to (a server user id); `nil` when nobody is.
    public var assigneeID: String?
    /// The assignee as people read them: a name, or a short id when the team is not known on this machine.
    public var assignee: String?
    /// The project's id (lowercase UUID), so a script can follow the task to its project whatever it is renamed
    /// to; `nil` exactly when `projectName` is.
    public var projectID: String?
    /// The list's id (lowercase UUID); `nil` exactly when `listName` is.
    public var listID: String?
    /// The task this one is a subtask of; `nil` for a top-level task (and when the parent was deleted).
    public var parent: TaskLink? {
        get { parentBox.first }
        set { parentBox = newValue.map { [$0] } ?? [] }
    }
    /// The tasks this one comes after, each with its status; deleted ones are left out.
    public var after: [TaskLink] = []
    /// Direct subtasks, by number.
    public var subtasks: [TaskLink] = []
    /// Time logged on all subtasks however deep, in seconds; loaded with ``loggedSeconds``, else `nil`.
    public var subtasksLoggedSeconds: Int? = nil
    /// How the task recurs, as stored (`weekly`, `every 2 weeks`); `nil` for a one-off task.
    public var repeatRule: String? = nil
    /// The last day an occurrence may fall on; `nil` when it repeats for ever (or does not repeat).
    public var repeatUntil: CalendarDay? = nil
    /// Filled only by a completion: the tasks it left with nothing to wait for.
    public var unblocked: [TaskLink] = []
    /// Filled only by a completion of a recurring task: the occurrence it made.
    public var nextOccurrence: TaskLink? {
        get { nextBox.first }
        set { nextBox = newValue.map { [$0] } ?? [] }
    }
    // Kept in arrays, one pointer wide each, so a listing of ten thousand tasks does not copy two inline links per
    // task that nearly every task leaves empty.
    private var parentBox: [TaskLink] = []
    private var nextBox: [TaskLink] = []

    /// Waiting on a task that is not done yet.
    public var isBlocked: Bool { after.contains { $0.status != .done } }

    /// This task as another one names it.
    public var link: TaskLink { TaskLink(id: id, number: number, title: title, status: status) }

    /// Not done and due before `today`.
    public func isOverdue(on today: CalendarDay) -> Bool {
        guard status != .done, let due else { return false }
        return due < today
    }

    /// Not done and due exactly on `day`.
    public func isDue(on day: CalendarDay) -> Bool {
        status != .done && due == day
    }

    enum CodingKeys: String, CodingKey {
        case id, number, title, note, status, priority, due, tags
        case estimateSeconds = "estimate_seconds"
        case projectID = "project_id"
        case projectName = "project_name"
        case listID = "list_id"
        case listName = "list_name"
        case completedAt = "completed_at"
        case createdAt = "created_at"
        case updatedAt = "updated_at"
        case loggedSeconds = "logged_seconds"
        case assigneeID = "assignee_id"
        case assignee = "assignee_name"
        case parent, after, subtasks, unblocked
        case subtasksLoggedSeconds = "subtasks_logged_seconds"
        case repeatRule = "repeat"
        case repeatUntil = "repeat_until"
        case nextOccurrence = "next_occurrence"
        case blocked
    }

    // Written by hand only so that optionals become an explicit `null` (the synthesised encoder omits them).
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(id, forKey: .id)
        try container.encode(number, forKey: .number)
        try container.encode(title, forKey: .title)
        try container.encode(note, forKey: .note)
        try container.encode(status, forKey: .status)
        try container.encode(priority, forKey: .priority)
        try container.encode(due, forKey: .due)
        try container.encode(tags, forKey: .tags)
        try container.encode(estimateSeconds, forKey: .estimateSeconds)
        try container.encode(projectID, forKey: .projectID)
        try container.encode(projectName, forKey: .projectName)
        try container.encode(listID, forKey: .listID)
        try container.encode(listName, forKey: .listName)
        try container.encode(completedAt, forKey: .completedAt)
        try container.encode(createdAt, forKey: .createdAt)
        try container.encode(updatedAt, forKey: .updatedAt)
        try container.encode(loggedSeconds, forKey: .loggedSeconds)
        try container.encode(assigneeID, forKey: .assigneeID)
        try container.encode(assignee, forKey: .assignee)
        try container.encode(parent, forKey: .parent)
        try container.encode(after, forKey: .after)
        try container.encode(isBlocked, forKey: .blocked)
        try container.encode(subtasks, forKey: .subtasks)
        try container.encode(subtasksLoggedSeconds, forKey: .subtasksLoggedSeconds)
        try container.encode(repeatRule, forKey: .repeatRule)
        try container.encode(repeatUntil, forKey: .repeatUntil)
        try container.encode(unblocked, forKey: .unblocked)
        try container.encode(nextOccurrence, forKey: .nextOccurrence)
    }
}

// The initialisers live in an extension so the struct keeps its memberwise initialiser, which the public one calls:
// an initialiser that assigns the properties one by one built the task aside and then copied it (retaining every
// string and array, then releasing the original), once per task of a listing (ADR 0028 decision 31).
extension Task {
    /// `loggedSeconds`, the assignee, the ids and the links come last, so callers written before they existed
    /// compile unchanged.
    public init(
        id: String,
        number: Int,
        title: String,
        note: String = "",
        status: TaskStatus = .open,
        priority: Priority = .none,
        due: CalendarDay? = nil,
        tags: [String] = [],
        estimateSeconds: Int? = nil,
        projectName: String? = nil,
        listName: String? = nil,
        completedAt: Date? = nil,
        createdAt: Date,
        updatedAt: Date,
        loggedSeconds: Int? = nil,
        assigneeID: String? = nil,
        assignee: String? = nil,
        projectID: String? = nil,
        listID: String? = nil,
        parent: TaskLink? = nil,
        after: [TaskLink] = [],
        subtasks: [TaskLink] = [],
        subtasksLoggedSeconds: Int? = nil,
        repeatRule: String? = nil,
        repeatUntil: CalendarDay? = nil,
        unblocked: [TaskLink] = [],
        nextOccurrence: TaskLink? = nil
    ) {
        self.init(
            id: id, number: number, title: title, note: note, status: status, priority: priority, due: due, tags: tags,
            estimateSeconds: estimateSeconds, projectName: projectName, listName: listName, completedAt: completedAt,
            createdAt: createdAt, updatedAt: updatedAt, loggedSeconds: loggedSeconds, assigneeID: assigneeID,
            assignee: assignee, projectID: projectID, listID: listID, after: after, subtasks: subtasks,
            subtasksLoggedSeconds: subtasksLoggedSeconds, repeatRule: repeatRule, repeatUntil: repeatUntil,
            unblocked: unblocked, parentBox: parent.map { [$0] } ?? [], nextBox: nextOccurrence.map { [$0] } ?? [])
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        id = try container.decode(String.self, forKey: .id)
        number = try container.decode(Int.self, forKey: .number)
        title = try container.decode(String.self, forKey: .title)
        note = try container.decode(String.self, forKey: .note)
        status = try container.decode(TaskStatus.self, forKey: .status)
        priority = try container.decode(Priority.self, forKey: .priority)
        due = try container.decodeIfPresent(CalendarDay.self, forKey: .due)
        tags = try container.decode([String].self, forKey: .tags)
        estimateSeconds = try container.decodeIfPresent(Int.self, forKey: .estimateSeconds)
        projectID = try container.decodeIfPresent(String.self, forKey: .projectID)
        projectName = try container.decodeIfPresent(String.self, forKey: .projectName)
        listID = try container.decodeIfPresent(String.self, forKey: .listID)
        listName = try container.decodeIfPresent(String.self, forKey: .listName)
        completedAt = try container.decodeIfPresent(Date.self, forKey: .completedAt)
        createdAt = try container.decode(Date.self, forKey: .createdAt)
        updatedAt = try container.decode(Date.self, forKey: .updatedAt)
        loggedSeconds = try container.decodeIfPresent(Int.self, forKey: .loggedSeconds)
        assigneeID = try container.decodeIfPresent(String.self, forKey: .assigneeID)
        assignee = try container.decodeIfPresent(String.self, forKey: .assignee)
        parent = try container.decodeIfPresent(TaskLink.self, forKey: .parent)
        after = try container.decodeIfPresent([TaskLink].self, forKey: .after) ?? []
        subtasks = try container.decodeIfPresent([TaskLink].self, forKey: .subtasks) ?? []
        subtasksLoggedSeconds = try container.decodeIfPresent(Int.self, forKey: .subtasksLoggedSeconds)
        repeatRule = try container.decodeIfPresent(String.self, forKey: .repeatRule)
        repeatUntil = try container.decodeIfPresent(CalendarDay.self, forKey: .repeatUntil)
        unblocked = try container.decodeIfPresent([TaskLink].self, forKey: .unblocked) ?? []
        nextOccurrence = try container.decodeIfPresent(TaskLink.self, forKey: .nextOccurrence)
    }
}

/// Everything needed to create a task. Only `title` is required; project and list are references (name or UUID
/// prefix) that the Services resolve. `priority == nil` means "the default" (none).
public struct TaskDraft: Sendable, Equatable {
    public var title: String
    public var project: String?
    public var list: String?
    public var due: CalendarDay?
    public var priority: Priority?
    public var tags: [String]
    public var estimateSeconds: Int?
    public var note: String?
    /// A team member's name, or `me` for the logged-in user, resolved by the Services; `nil` assigns nobody.
    public var assignee: String?
    /// The task (a reference) this one is a subtask of.
    public var parent: String? = nil
    /// The tasks (references) this one comes after.
    public var after: [String] = []
    /// How the task recurs, as typed (`weekly`, `every 2w`); the Services read it. Without a due day the series
    /// starts today.
    public var repeatRule: String? = nil
    /// The last day an occurrence may fall on.
    public var repeatUntil: CalendarDay? = nil

    public init(
        title: String,
        project: String? = nil,
        list: String? = nil,
        due: CalendarDay? = nil,
        priority: Priority? = nil,
        tags: [String] = [],
        estimateSeconds: Int? = nil,
        note: String? = nil,
        assignee: String? = nil
    ) {
        self.assignee = assignee
        self.title = title
        self.project = project
        self.list = list
        self.due = due
        self.priority = priority
        self.tags = tags
        self.estimateSeconds = estimateSeconds
        self.note = note
    }
}

/// An edit to an optional field: leave it alone, give it a value, or remove the value it has.
/// (A plain `Optional` cannot tell "not mentioned" from "clear it".)
public enum Change<Value: Sendable & Equatable>: Sendable, Equatable {
    case keep
    case set(Value)
    case clear
}

/// The fields `stint task edit` may change. Unset fields are kept as they are; an edit that changes nothing is
/// rejected by the feature with ``TasksFeatureError/nothingToEdit(reference:)``.
public struct TaskChanges: Sendable, Equatable {
    public var title: String?
    public var due: Change<CalendarDay>
    public var priority: Priority?
    public var addTags: [String]
    public var removeTags: [String]
    public var estimateSeconds: Change<Int>
    /// Replaces the whole note (use the feature's `note` operation to append instead).
    public var note: String?
    /// A team member's name or `me` (see ``TaskDraft/assignee``), or `.clear` for nobody.
    public var assignee: Change<String>
    /// Another project (a reference), or `.clear` for the inbox. A task that really changes project leaves its
    /// list, unless `list` names one of the new project's lists.
    public var project: Change<String>
    /// Another list (a reference: in the new project when `project` is set, else in the task's own project first
    /// and then in every project, bringing its project along), or `.clear` for no list.
    public var list: Change<String>
    /// Another parent (a reference), or `.clear` to make the task top-level.
    public var parent: Change<String> = .keep
    /// Tasks (references) to come after, added to the ones the task has (after `clearAfter`).
    public var addAfter: [String] = []
    /// Forget every task this one comes after (`--no-after`), before adding `addAfter`.
    public var clearAfter: Bool = false
    /// A new repeat rule (as typed), or `.clear` to stop repeating.
    public var repeatRule: Change<String> = .keep
    /// A new last day for the occurrences, or `.clear` for none.
    public var repeatUntil: Change<CalendarDay> = .keep

    public init(
        title: String? = nil,
        due: Change<CalendarDay> = .keep,
        priority: Priority? = nil,
        addTags: [String] = [],
        removeTags: [String] = [],
        estimateSeconds: Change<Int> = .keep,
        note: String? = nil,
        assignee: Change<String> = .keep,
        project: Change<String> = .keep,
        list: Change<String> = .keep
    ) {
        self.project = project
        self.list = list
        self.assignee = assignee
        self.title = title
        self.due = due
        self.priority = priority
        self.addTags = addTags
        self.removeTags = removeTags
        self.estimateSeconds = estimateSeconds
        self.note = note
    }

    /// True when applying these changes could not alter any task.
    public var isEmpty: Bool {
        changedFields.isEmpty
    }

    /// Names of the fields this edit touches, in a fixed order (used for the confirmation line).
    public var changedFields: [String] {
        var fields: [String] = []
        if title != nil { fields.append("title") }
        if due != .keep { fields.append("due") }
        if priority != nil { fields.append("priority") }
        if !addTags.isEmpty || !removeTags.isEmpty { fields.append("tags") }
        if estimateSeconds != .keep { fields.append("estimate") }
        if note != nil { fields.append("note") }
        if assignee != .keep { fields.append("assignee") }
        if project != .keep { fields.append("project") }
        if list != .keep { fields.append("list") }
        if parent != .keep { fields.append("parent") }
        if clearAfter || !addAfter.isEmpty { fields.append("after") }
        if repeatRule != .keep || repeatUntil != .keep { fields.append("repeat") }
        return fields
    }
}

/// Which statuses a query includes. `.active` (open and in progress) is what a user means by "my tasks".
public enum StatusFilter: Sendable, Equatable, CaseIterable {
    case active
    case open
    case inProgress
    case done
    case all

    /// Whether a task with `status` passes this filter.
    public func includes(_ status: TaskStatus) -> Bool {
        switch self {
        case .active: status != .done
        case .open: status == .open
        case .inProgress: status == .inProgress
        case .done: status == .done
        case .all: true
        }
    }

    /// Whether done tasks can appear in the result (the list then shows a Status column).
    public var includesDone: Bool { includes(.done) }
}

/// A due-date condition. Relative cases are evaluated by the Services against their "today" (see
/// ``TasksServices/tasks(matching:)``).
public enum DueFilter: Sendable, Equatable {
    /// Due exactly today.
    case today
    /// Not done and due before today.
    case overdue
    /// Due within the week that contains today: Monday to Sunday unless the host's weeks begin on another day.
    case thisWeek
    /// Due strictly before the given day.
    case before(CalendarDay)
    /// Due exactly on the given day.
    case on(CalendarDay)
}

/// Result order. Ties always fall back to the task number, so output is stable.
public enum TaskSort: Sendable, Equatable, CaseIterable {
    /// Open and in-progress before done, then high priority first, then earliest due (no due date last).
    case priority
    /// Earliest due first, no due date last, then by priority.
    case due
    /// Oldest first.
    case created
    /// Most recently changed first.
    case updated
    /// Alphabetical, case-insensitive.
    case title
    /// Ascending task number.
    case number
}

/// What `stint task list` / `count` ask for. Project and list are references (name or UUID prefix) resolved by the
/// Services; `nil` means "any". The default query is every active task, by priority.
public struct TaskQuery: Sendable, Equatable {
    public var project: String?
    public var list: String?
    public var status: StatusFilter
    public var tag: String?
    public var priority: Priority?
    public var due: DueFilter?
    /// Case-insensitive substring of the title or note.
    public var text: String?
    /// Only tasks assigned to this team member: a name or `me`, resolved by the Services.
    public var assignee: String?
    public var sort: TaskSort
    /// At most this many tasks (after sorting); `nil` for all.
    public var limit: Int?
    /// Whether each task should carry ``Task/loggedSeconds``. The feature asks for it when it prints JSON, where
    /// a listing has the same keys as `show`; a table does not show the time, so the Services may skip the read.
    public var includesLoggedTime: Bool
    /// true: only tasks waiting on one that is not done (`--blocked`); false: only tasks waiting on none
    /// (`--ready`); `nil`: both.
    public var blocked: Bool? = nil
    /// Only the subtasks of this task (a reference).
    public var parent: String? = nil

    public init(
        project: String? = nil,
        list: String? = nil,
        status: StatusFilter = .active,
        tag: String? = nil,
        priority: Priority? = nil,
        due: DueFilter? = nil,
        text: String? = nil,
        assignee: String? = nil,
        sort: TaskSort = .priority,
        limit: Int? = nil,
        includesLoggedTime: Bool = false
    ) {
        self.includesLoggedTime = includesLoggedTime
        self.assignee = assignee
        self.project = project
        self.list = list
        self.status = status
        self.tag = tag
        self.priority = priority
        self.due = due
        self.text = text
        self.sort = sort
        self.limit = limit
    }
}

/// What needs attention today: shown by `stint` with no arguments.
public struct Dashboard: Sendable, Equatable, Codable {
    /// Not done, due before today; earliest first.
    public var overdue: [Task]
    /// Not done, due today.
    public var dueToday: [Task]
    /// Started and not finished.
    public var inProgress: [Task]
    /// All tasks that are not done (open or in progress), including the ones listed above.
    public var openCount: Int
    /// How many tasks each section has in all. The lists may hold only the first few (a dashboard
    /// with two thousand overdue rows helps nobody); the counts are always complete.
    public var overdueCount: Int
    public var dueTodayCount: Int
    public var inProgressCount: Int

    /// Counts default to the lengths of the lists, for callers that pass every task.
    public init(
        overdue: [Task] = [], dueToday: [Task] = [], inProgress: [Task] = [], openCount: Int = 0,
        overdueCount: Int? = nil, dueTodayCount: Int? = nil, inProgressCount: Int? = nil
    ) {
        self.overdue = overdue
        self.dueToday = dueToday
        self.inProgress = inProgress
        self.openCount = openCount
        self.overdueCount = max(overdueCount ?? overdue.count, overdue.count)
        self.dueTodayCount = max(dueTodayCount ?? dueToday.count, dueToday.count)
        self.inProgressCount = max(inProgressCount ?? inProgress.count, inProgress.count)
    }

    enum CodingKeys: String, CodingKey {
        case overdue
        case dueToday = "due_today"
        case inProgress = "in_progress"
        case openCount = "open_count"
        case overdueCount = "overdue_count"
        case dueTodayCount = "due_today_count"
        case inProgressCount = "in_progress_count"
    }
}

/// The outcome of ``TasksFeatureInterface/pick(_:)``: the task the user chose, or that they chose none (an empty
/// answer, end of input, too many unanswerable tries, or nothing to pick from). Cancelling is not an error: the
/// caller decides what "no task" means for its command.
public enum TaskPick: Sendable, Equatable {
    case chosen(Task)
    case cancelled
}

/// What a command on several tasks does to each of them (`stint task done 3 4 5`, `task move 3 4 --project P`).
public enum TaskBatchChange: Sendable, Equatable {
    /// `force`: complete a parent even while some of its subtasks are open.
    case complete(force: Bool)
    case reopen
    case start
    /// As ``TasksServices/moveTask(reference:project:list:)``, for each task.
    case move(project: String?, list: String?)
}

/// How the person at the terminal answered a yes/no question, or that nobody could be asked.
public enum TasksAnswer: Sendable, Equatable {
    case yes
    case no
    /// stdin or stdout is not a terminal: a destructive command must then say `--force` itself.
    case nobodyToAsk
}
