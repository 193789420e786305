import Entities
import Foundation

/// A task with the project and list it lives in, as listings and details show it.
public struct TaskDetails: Sendable {
    public let task: Task
    public let project: Project?
    public let list: TaskList?
    /// Time logged on the task: a single task's details and its changes carry it, a listing only when its
    /// search asked (``TaskSearch/includesLoggedTime``), from one grouped read.
    public var loggedSeconds: Int?
    /// The assignee's name from the cached team; their short id when the team is not known here. Nil when
    /// the task is assigned to nobody.
    public var assigneeName: String?
    /// The live parent; nil for a top-level task or one whose parent was deleted.
    public var parent: Task? {
        get { parentBox.first }
        set { parentBox = newValue.map { [$0] } ?? [] }
    }
    /// The live tasks this one comes after, by number.
    public var prerequisites: [Task] = []
    /// The live direct subtasks, by number.
    public var subtasks: [Task] = []
    /// Time logged on every subtask however deep; filled with `loggedSeconds`.
    public var subtasksLoggedSeconds: Int? = nil
    /// Filled by a completion: the active tasks that waited on it and now wait on nothing.
    public var unblocked: [Task] = []
    /// Filled by a completion of a recurring task: the next occurrence it made.
    public var nextOccurrence: Task? {
        get { nextBox.first }
        set { nextBox = newValue.map { [$0] } ?? [] }
    }
    // The two optional tasks are kept in arrays, one pointer wide each: a listing builds and copies ten thousand of
    // these, and two inline `Task?` made every copy twice as large (measured: the full list 18 % slower).
    private var parentBox: [Task] = []
    private var nextBox: [Task] = []

    /// Waits on a live task that is not completed.
    public var isBlocked: Bool { prerequisites.contains { $0.status != .completed } }

}

// In an extension, so the struct keeps its memberwise initialiser: assigned one property at a time, a listing's ten
// thousand details were each built aside and then copied (ADR 0028 decision 31).
extension TaskDetails {
    public init(
        task: Task, project: Project?, list: TaskList?, loggedSeconds: Int? = nil, assigneeName: String? = nil
    ) {
        self.init(
            task: task, project: project, list: list, loggedSeconds: loggedSeconds, assigneeName: assigneeName,
            prerequisites: [], subtasks: [], subtasksLoggedSeconds: nil, unblocked: [], parentBox: [], nextBox: [])
    }
}

/// A task search in the user's terms: references and relative due filters that the worker turns into a
/// concrete repository query using today's date.
public struct TaskSearch: Sendable, Equatable {
    /// Due filters relative to today, resolved when the query is built.
    public enum Due: Sendable, Equatable {
        case today
        case overdue
        case thisWeek
        case before(Day)
        case on(Day)
    }

    /// Which statuses to include; `active` means open or in progress.
    public enum Status: Sendable, Equatable {
        case active, open, inProgress, done, all
    }

    /// The orders a listing can come in.
    public enum Order: Sendable, Equatable {
        /// Active before completed, highest priority first, earliest due first, then number.
        case priority
        case due
        case created
        case updated
        case title
        case number
    }

    public var project: String?
    public var list: String?
    public var status: Status
    public var tag: String?
    public var priority: Priority?
    public var due: Due?
    public var text: String?
    /// Only tasks assigned to this team member: a name, or `me` for the logged-in user.
    public var assignee: String?
    public var order: Order
    public var limit: Int?
    /// true: only tasks waiting on one that is not completed (`--blocked`); false: only the others (`--ready`).
    public var blocked: Bool? = nil
    /// Only the direct subtasks of this task (a reference).
    public var parent: String? = nil
    /// Whether each result carries the time logged on it (one grouped read for the whole listing). Off by
    /// default: only the JSON of a listing shows it, and a table of ten thousand rows should not pay for it.
    public var includesLoggedTime: Bool

    public init(
        project: String? = nil, list: String? = nil, status: Status = .active, tag: String? = nil,
        priority: Priority? = nil, due: Due? = nil, text: String? = nil, assignee: String? = nil,
        order: Order = .priority, limit: Int? = nil, includesLoggedTime: Bool = false, blocked: Bool? = nil,
        parent: String? = nil
    ) {
        self.blocked = blocked
        self.parent = parent
        self.includesLoggedTime = includesLoggedTime
        self.assignee = assignee
        self.project = project
        self.list = list
        self.status = status
        self.tag = tag
        self.priority = priority
        self.due = due
        self.text = text
        self.order = order
        self.limit = limit
    }
}

/// A new task in the user's terms (references instead of ids).
public struct TaskInput: Sendable, Equatable {
    public var title: String
    public var project: String?
    public var list: String?
    public var due: Day?
    public var priority: Priority?
    public var tags: [String]
    public var estimateSeconds: Int?
    public var note: String?
    /// A team member's name, or `me` for the logged-in user; nil assigns nobody.
    public var assignee: String?
    /// The task (a reference) this one is a subtask of.
    public var parent: String? = nil
    /// Tasks (references) this one comes after.
    public var after: [String] = []
    /// How the task recurs, as typed (`weekly`, `every 2w`); without a due day the series starts today.
    public var repeatRule: String? = nil
    /// The last day an occurrence may fall on.
    public var repeatUntil: Day? = nil

    public init(
        title: String, project: String? = nil, list: String? = nil, due: Day? = nil, priority: Priority? = nil,
        tags: [String] = [], estimateSeconds: Int? = nil, note: String? = nil, assignee: String? = nil
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

/// A new value for an optional field, or its removal.
public enum FieldChange<Value: Sendable & Equatable>: Sendable, Equatable {
    case set(Value)
    case clear
}

/// A change to an existing task; nil / empty fields stay as they are.
public struct TaskEdit: Sendable, Equatable {
    public var title: String?
    public var due: FieldChange<Day>?
    public var priority: Priority?
    public var addTags: [String]
    public var removeTags: [String]
    public var estimateSeconds: FieldChange<Int>?
    /// Replaces the whole note (`stint task note` appends instead).
    public var note: String?
    /// A team member's name or `me` (see ``TaskInput/assignee``), or nobody.
    public var assignee: FieldChange<String>?
    /// Another project (a reference), or the inbox. Without a `list` change the task leaves its list when the
    /// project really changes.
    public var project: FieldChange<String>?
    /// Another list (a reference: in the new project when there is one, else the task's own project first,
    /// then anywhere, bringing its project along), or no list.
    public var list: FieldChange<String>?
    /// Another parent (a reference), or top-level.
    public var parent: FieldChange<String>? = nil
    /// Tasks (references) to come after, besides the ones kept.
    public var addAfter: [String] = []
    /// Drop every task this one comes after, before adding `addAfter`.
    public var clearAfter: Bool = false
    /// A new repeat rule as typed (the series then counts from the task's due day), or one-off.
    public var repeatRule: FieldChange<String>? = nil
    /// A new last day for the occurrences, or none.
    public var repeatUntil: FieldChange<Day>? = nil

    public init(
        title: String? = nil, due: FieldChange<Day>? = nil, priority: Priority? = nil, addTags: [String] = [],
        removeTags: [String] = [], estimateSeconds: FieldChange<Int>? = nil, note: String? = nil,
        assignee: FieldChange<String>? = nil, project: FieldChange<String>? = nil, list: FieldChange<String>? = nil
    ) {
        self.project = project
        self.list = list
        self.assignee = assignee
        self.note = note
        self.title = title
        self.due = due
        self.priority = priority
        self.addTags = addTags
        self.removeTags = removeTags
        self.estimateSeconds = estimateSeconds
    }
}

/// What `stint task done|reopen|start|move` does to each of several tasks at once.
public enum TaskBatchAction: Sendable, Equatable {
    /// `force`: complete a parent even while some of its subtasks are open.
    case complete(force: Bool)
    case reopen
    case start
    /// As `stint task move`: a project and/or a list reference.
    case move(project: String?, list: String?)
}

/// The three things the dashboard shows.
public struct TaskAgenda: Sendable {
    public let overdue: [TaskDetails]
    public let dueToday: [TaskDetails]
    public let inProgress: [TaskDetails]
    public let activeCount: Int
    public let overdueCount: Int
    public let dueTodayCount: Int
    public let inProgressCount: Int
}
