import Entities
import Foundation

/// The orders a task listing can come in.
public enum TaskSort: String, Sendable, Equatable, CaseIterable {
    /// Active before completed, highest priority first, earliest due first (no due last), then number.
    case priority
    case due
    case created
    case updated
    case title
    case number
}

/// What a caller wants from the task collection. Every field narrows the result; the defaults
/// mean "the active tasks everywhere, in the default order".
public struct TaskQuery: Sendable, Equatable {
    public var projectID: UUID?
    /// Only tasks that belong to no project (the inbox).
    public var inboxOnly: Bool
    public var listID: UUID?
    /// Only tasks assigned to this team member (a server user id).
    public var assigneeID: UUID? = nil
    /// Empty means any status.
    public var statuses: Set<TaskStatus>
    public var tag: Tag?
    public var priority: Priority?
    /// Due strictly before this day.
    public var dueBefore: Day?
    /// Due on or after this day.
    public var dueOnOrAfter: Day?
    public var dueOn: Day?
    /// Case-insensitive text that must appear in the title or the note.
    public var text: String?
    public var sort: TaskSort
    public var descending: Bool
    public var limit: Int?
    /// Only these tasks (a batch lookup by id); nil means no restriction.
    public var ids: Set<UUID>?
    /// Only subtasks of these tasks.
    public var parentIDs: Set<UUID>? = nil
    /// Only tasks that come after this one.
    public var after: UUID? = nil
    /// true: only tasks waiting on a live task that is not completed; false: only tasks waiting on none.
    public var blocked: Bool? = nil

    public init(
        projectID: UUID? = nil, inboxOnly: Bool = false, listID: UUID? = nil,
        statuses: Set<TaskStatus> = [.open, .inProgress], tag: Tag? = nil, priority: Priority? = nil,
        dueBefore: Day? = nil, dueOnOrAfter: Day? = nil, dueOn: Day? = nil, text: String? = nil,
        sort: TaskSort = .priority, descending: Bool = false, limit: Int? = nil, ids: Set<UUID>? = nil
    ) {
        self.ids = ids
        self.projectID = projectID
        self.inboxOnly = inboxOnly
        self.listID = listID
        self.statuses = statuses
        self.tag = tag
        self.priority = priority
        self.dueBefore = dueBefore
        self.dueOnOrAfter = dueOnOrAfter
        self.dueOn = dueOn
        self.text = text
        self.sort = sort
        self.descending = descending
        self.limit = limit
    }
}

/// The fields a new task starts with; the repository adds identity and timestamps.
public struct NewTask: Sendable, Equatable {
    public var title: String
    /// The project, already resolved by the caller; required when `listID` is given.
    public var projectID: UUID?
    /// A list of `projectID`, already resolved by the caller.
    public var listID: UUID?
    public var due: Day?
    public var priority: Priority
    public var tags: [Tag]
    public var estimate: Estimate?
    public var note: String
    /// The team member (a server user id, already resolved by the caller) the task is assigned to.
    public var assigneeID: UUID?
    /// The task this one is a subtask of (resolved by the caller; checked live and loop-free in the write).
    public var parentID: UUID? = nil
    /// The tasks this one comes after (resolved by the caller; checked live and loop-free in the write).
    public var prerequisiteIDs: [UUID] = []
    /// How the task recurs: the series is this task's own, counted from its due day (required then).
    public var repeatRule: RepeatRule? = nil
    public var repeatUntil: Day? = nil

    public init(
        title: String, projectID: UUID? = nil, listID: UUID? = nil, due: Day? = nil,
        priority: Priority = .none, tags: [Tag] = [], estimate: Estimate? = nil, note: String = "",
        assigneeID: UUID? = nil
    ) {
        self.assigneeID = assigneeID
        self.title = title
        self.projectID = projectID
        self.listID = listID
        self.due = due
        self.priority = priority
        self.tags = tags
        self.estimate = estimate
        self.note = note
    }
}

/// Everything Stint stores, as entities: what an export writes and an import reads.
public struct Snapshot: Sendable, Equatable {
    public var projects: [Project]
    public var taskLists: [TaskList]
    public var tasks: [Task]
    public var timers: [Entities.Timer]
    public var timeEntries: [TimeEntry]
    /// The person who owns the timers on the exporting device; a device that has no person yet adopts
    /// it on import, so moving to a new machine keeps one's timers one's own.
    public var personID: UUID?
    /// Tasks the source deleted since an earlier import: tombstoned (with their time) in the same transaction.
    public var deletedTaskIDs: [UUID] = []
    /// Timers the source stopped since an earlier import (their time came in as an entry): discarded likewise.
    public var deletedTimerIDs: [UUID] = []

    public init(
        projects: [Project], taskLists: [TaskList], tasks: [Task], timers: [Entities.Timer] = [],
        timeEntries: [TimeEntry] = [], personID: UUID? = nil
    ) {
        self.personID = personID
        self.projects = projects
        self.taskLists = taskLists
        self.tasks = tasks
        self.timers = timers
        self.timeEntries = timeEntries
    }
}

/// What an import did, so the user can see that a second import of the same file changed nothing.
public struct ImportSummary: Sendable, Equatable {
    public var inserted: Int
    public var updated: Int
    public var unchanged: Int

    public init(inserted: Int, updated: Int, unchanged: Int) {
        self.inserted = inserted
        self.updated = updated
        self.unchanged = unchanged
    }
}

/// Every live task's links to other tasks: what a loop check or a subtask tree walks.
public struct TaskLinkMap: Sendable, Equatable {
    /// Each subtask's parent.
    public let parents: [UUID: UUID]
    /// Each task's prerequisites, for the tasks that have some.
    public let prerequisites: [UUID: [UUID]]
    /// Each parent's direct subtasks (the inverse of `parents`, made once).
    public let children: [UUID: [UUID]]

    public init(parents: [UUID: UUID] = [:], prerequisites: [UUID: [UUID]] = [:]) {
        self.parents = parents
        self.prerequisites = prerequisites
        var children: [UUID: [UUID]] = [:]
        for (child, parent) in parents { children[parent, default: []].append(child) }
        self.children = children
    }

    /// Every subtask of `id` however deep, each once (a loop that sync brought in ends the walk).
    public func descendants(of id: UUID) -> [UUID] {
        var found: [UUID] = []
        var seen: Set<UUID> = [id]
        var queue = children[id] ?? []
        while let next = queue.popLast() {
            guard seen.insert(next).inserted else { continue }
            found.append(next)
            queue += children[next] ?? []
        }
        return found
    }

    /// Every subtask, however deep, of any of `ids`, each once: one walk for a whole listing (a task of `ids` that
    /// lies below itself, on a loop sync brought in, is among them).
    public func descendants(ofAny ids: [UUID]) -> Set<UUID> {
        var found = Set<UUID>()
        var queue = ids.flatMap { children[$0] ?? [] }
        while let next = queue.popLast() {
            guard found.insert(next).inserted else { continue }
            queue += children[next] ?? []
        }
        return found
    }

    /// For every task with subtasks, the sum of `own` over all its subtasks however deep, each counted once: what
    /// `descendants(of:)` summed task by task gives, in one pass over the links (a listing of a chain 3,000 deep
    /// walked 4.5 M links that way). A loop that sync brought in is one group: each task on it has the rest of the
    /// loop and every tree hanging off the loop below it. Tasks without subtasks are absent.
    public func subtreeTotals(_ own: [UUID: Int]) -> [UUID: Int] {
        // The tasks on a loop: following parents from each task, a task met again on the current path closes one.
        var state: [UUID: UInt8] = [:]  // 1: on the current path, 2: done
        var loopOf: [UUID: Int] = [:]
        var loops: [[UUID]] = []
        for start in parents.keys where state[start] == nil {
            var path: [UUID] = []
            var current: UUID? = start
            while let node = current, state[node] == nil {
                state[node] = 1
                path.append(node)
                current = parents[node]
            }
            if let node = current, state[node] == 1, let first = path.firstIndex(of: node) {
                let loop = Array(path[first...])
                for member in loop { loopOf[member] = loops.count }
                loops.append(loop)
            }
            for node in path { state[node] = 2 }
        }
        // Every task off the loops, parents before children: from the tops and from the loops' members.
        var order: [UUID] = []
        var queue = children.keys.filter { parents[$0] == nil }
        for loop in loops { for member in loop { queue += (children[member] ?? []).filter { loopOf[$0] == nil } } }
        var index = 0
        while index < queue.count {
            let node = queue[index]
            index += 1
            order.append(node)
            queue += (children[node] ?? []).filter { loopOf[$0] == nil }
        }
        var totals: [UUID: Int] = [:]
        for node in order.reversed() {
            guard let below = children[node] else { continue }
            totals[node] = below.reduce(0) { $0 &+ (own[$1] ?? 0) &+ (totals[$1] ?? 0) }
        }
        for loop in loops {
            var sum = 0
            for member in loop {
                sum = sum &+ (own[member] ?? 0)
                for child in children[member] ?? [] where loopOf[child] == nil {
                    sum = sum &+ (own[child] ?? 0) &+ (totals[child] ?? 0)
                }
            }
            for member in loop { totals[member] = sum &- (own[member] ?? 0) }
        }
        return totals
    }

    /// `id`'s parent, its parent's parent, and so on up to the top (a loop that sync brought in ends the walk).
    public func ancestors(of id: UUID) -> [UUID] {
        var found: [UUID] = []
        var seen: Set<UUID> = [id]
        var current = id
        while let parent = parents[current], seen.insert(parent).inserted {
            found.append(parent)
            current = parent
        }
        return found
    }

    /// The top of `id`'s tree: itself when it has no parent.
    public func root(of id: UUID) -> UUID {
        var current = id
        var seen: Set<UUID> = [id]
        while let parent = parents[current], seen.insert(parent).inserted { current = parent }
        return current
    }
}
