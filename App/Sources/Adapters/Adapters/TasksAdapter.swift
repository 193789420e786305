import Entities
import Foundation
import TasksFeature
import TerminalUI
import Workers

/// Fulfils the Tasks feature's Services with the task worker. Mapping only: every decision is
/// made by the feature (what to show) or by the worker and the layers below (what is allowed).
struct TasksAdapter: TasksServices {
    let worker: TaskWorker

    func tasks(matching query: TasksFeature.TaskQuery) async throws -> [TasksFeature.Task] {
        var found = try await worker.search(try Self.search(query))
        // A listing names each of a few dozen projects and lists thousands of times: each one's id is written once.
        var places = IDTexts()
        var tasks: [TasksFeature.Task] = []
        tasks.reserveCapacity(found.count)
        for index in found.indices { tasks.append(try Self.task(reading: &found[index], places: &places)) }
        return tasks
    }

    func countTasks(matching query: TasksFeature.TaskQuery) async throws -> Int {
        try await worker.count(try Self.search(query))
    }

    func task(reference: String) async throws -> TasksFeature.Task {
        try Self.task(try await worker.details(reference))
    }

    func addTask(_ draft: TaskDraft) async throws -> TasksFeature.Task {
        try Self.task(
            try await worker.create(
                Self.input(draft)))
    }

    static func input(_ draft: TaskDraft) throws(WorkerError) -> TaskInput {
        var input = TaskInput(
            title: draft.title, project: draft.project, list: draft.list, due: try draft.due.map(DayMapping.day),
            priority: draft.priority.map(Self.priority), tags: draft.tags, estimateSeconds: draft.estimateSeconds,
            note: draft.note, assignee: draft.assignee)
        input.parent = draft.parent
        input.after = draft.after
        input.repeatRule = draft.repeatRule
        input.repeatUntil = try draft.repeatUntil.map(DayMapping.day)
        return input
    }

    func editTask(reference: String, changes: TaskChanges) async throws -> TasksFeature.Task {
        var edit = TaskEdit(
            title: changes.title, due: try Self.change(changes.due, DayMapping.day),
            priority: changes.priority.map(Self.priority),
            addTags: changes.addTags, removeTags: changes.removeTags,
            estimateSeconds: try Self.change(changes.estimateSeconds, { $0 }), note: changes.note,
            assignee: try Self.change(changes.assignee, { $0 }), project: try Self.change(changes.project, { $0 }),
            list: try Self.change(changes.list, { $0 }))
        edit.parent = try Self.change(changes.parent, { $0 })
        edit.addAfter = changes.addAfter
        edit.clearAfter = changes.clearAfter
        edit.repeatRule = try Self.change(changes.repeatRule, { $0 })
        edit.repeatUntil = try Self.change(changes.repeatUntil, DayMapping.day)
        return try Self.task(try await worker.edit(reference, edit))
    }

    func changeTasks(references: [String], _ change: TaskBatchChange) async throws -> [TasksFeature.Task] {
        let action: TaskBatchAction =
            switch change {
            case .complete(let force): .complete(force: force)
            case .reopen: .reopen
            case .start: .start
            case .move(let project, let list): .move(project: project, list: list)
            }
        return try await worker.apply(action, to: references).map(Self.task)
    }

    func deleteTasks(references: [String]) async throws -> [TasksFeature.Task] {
        try await worker.delete(references).map(Self.task)
    }

    func completeTask(reference: String, force: Bool) async throws -> TasksFeature.Task {
        try Self.task(try await worker.complete(reference, force: force))
    }

    func reopenTask(reference: String) async throws -> TasksFeature.Task {
        try Self.task(try await worker.reopen(reference))
    }

    func startTask(reference: String) async throws -> TasksFeature.Task {
        try Self.task(try await worker.start(reference))
    }

    func deleteTask(reference: String) async throws -> TasksFeature.Task {
        try Self.task(try await worker.delete(reference))
    }

    func moveTask(reference: String, project: String?, list: String?) async throws -> TasksFeature.Task {
        try Self.task(try await worker.move(reference, project: project, list: list))
    }

    func appendNote(reference: String, text: String) async throws -> TasksFeature.Task {
        try Self.task(try await worker.appendNote(reference, text: text))
    }

    func dashboard() async throws -> Dashboard {
        let agenda = try await worker.agenda()
        return Dashboard(
            overdue: try agenda.overdue.map(Self.task), dueToday: try agenda.dueToday.map(Self.task),
            inProgress: try agenda.inProgress.map(Self.task), openCount: agenda.activeCount,
            overdueCount: agenda.overdueCount, dueTodayCount: agenda.dueTodayCount,
            inProgressCount: agenda.inProgressCount)
    }

    // MARK: - Mapping

    static func task(_ details: TaskDetails) throws(WorkerError) -> TasksFeature.Task {
        var details = details
        var places = IDTexts()
        return try task(reading: &details, places: &places)
    }

    /// `places` remembers the text of the project and list ids already written. The details are only read; they are
    /// `inout` so that a listing's thousands are read where they lie. Handed over as an element of the array (also to
    /// a `borrowing` parameter), each was first copied whole, every string in it retained and released again (ADR
    /// 0028, decision 33).
    static func task(
        reading details: inout TaskDetails, places: inout IDTexts
    ) throws(WorkerError) -> TasksFeature.Task {
        let task = details.task
        // One initialiser call: a listing maps ten thousand of these, and a copy per field set afterwards showed.
        return TasksFeature.Task(
            id: task.id.lowercasedString, number: task.number ?? 0, title: task.title, note: task.note,
            status: status(task.status), priority: priority(task.priority),
            due: try task.due.map { day throws(WorkerError) in try DayMapping.calendarDay(day) },
            tags: task.tags.map(\.name), estimateSeconds: task.estimate?.seconds, projectName: details.project?.name,
            listName: details.list?.name, completedAt: task.completedAt, createdAt: task.createdAt,
            updatedAt: task.updatedAt, loggedSeconds: details.loggedSeconds,
            assigneeID: task.assigneeID?.lowercasedString, assignee: details.assigneeName,
            projectID: details.project.map { places.text(of: $0.id) },
            listID: details.list.map { places.text(of: $0.id) },
            parent: details.parent.map(link), after: details.prerequisites.map(link),
            subtasks: details.subtasks.map(link), subtasksLoggedSeconds: details.subtasksLoggedSeconds,
            repeatRule: task.repetition?.rule.text,
            repeatUntil: try task.repetition?.until.map { day throws(WorkerError) in try DayMapping.calendarDay(day) },
            unblocked: details.unblocked.map(link), nextOccurrence: details.nextOccurrence.map(link))
    }

    static func link(_ task: Entities.Task) -> TaskLink {
        TaskLink(id: task.id.lowercasedString, number: task.number ?? 0, title: task.title, status: status(task.status))
    }

    static func search(_ query: TasksFeature.TaskQuery) throws(WorkerError) -> TaskSearch {
        TaskSearch(
            project: query.project, list: query.list, status: status(query.status), tag: query.tag,
            priority: query.priority.map(priority), due: try query.due.map(due), text: query.text,
            assignee: query.assignee, order: order(query.sort), limit: query.limit,
            includesLoggedTime: query.includesLoggedTime, blocked: query.blocked, parent: query.parent)
    }

    static func status(_ status: Entities.TaskStatus) -> TasksFeature.TaskStatus {
        switch status {
        case .open: .open
        case .inProgress: .inProgress
        case .completed: .done
        }
    }

    static func status(_ filter: StatusFilter) -> TaskSearch.Status {
        switch filter {
        case .active: .active
        case .open: .open
        case .inProgress: .inProgress
        case .done: .done
        case .all: .all
        }
    }

    static func priority(_ priority: Entities.Priority) -> TasksFeature.Priority {
        switch priority {
        case .none: .none
        case .low: .low
        case .medium: .medium
        case .high: .high
        }
    }

    static func priority(_ priority: TasksFeature.Priority) -> Entities.Priority {
        switch priority {
        case .none: .none
        case .low: .low
        case .medium: .medium
        case .high: .high
        }
    }

    static func due(_ filter: DueFilter) throws(WorkerError) -> TaskSearch.Due {
        switch filter {
        case .today: .today
        case .overdue: .overdue
        case .thisWeek: .thisWeek
        case .before(let day): .before(try DayMapping.day(day))
        case .on(let day): .on(try DayMapping.day(day))
        }
    }

    static func order(_ sort: TasksFeature.TaskSort) -> TaskSearch.Order {
        switch sort {
        case .priority: .priority
        case .due: .due
        case .created: .created
        case .updated: .updated
        case .title: .title
        case .number: .number
        }
    }

    static func change<A, B>(_ change: TasksFeature.Change<A>, _ transform: (A) throws(WorkerError) -> B)
        throws(WorkerError) -> FieldChange<B>?
    {
        switch change {
        case .keep: nil
        case .set(let value): .set(try transform(value))
        case .clear: .clear
        }
    }
}

/// The lowercase text of ids that come up again and again in one mapping (a listing's projects and lists), each
/// written once: writing an id allocates its 36 bytes, and 7,500 tasks named the same few dozen places.
struct IDTexts {
    private var known: [UUID: String] = [:]

    mutating func text(of id: UUID) -> String {
        if let text = known[id] { return text }
        let text = id.lowercasedString
        known[id] = text
        return text
    }
}
