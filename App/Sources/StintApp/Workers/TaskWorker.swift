import Entities
import Foundation
import Repositories

/// A task with the project and list it lives in, as listings and details show it.
public struct TaskDetails: Sendable {
    public let task: Task
    public let project: Project?
    public let list: TaskList?
    /// Time logged on the task; only a single task's details carry it (summing per row would slow listings).
    public var loggedSeconds: Int?
}

/// A task search in the user's terms: references and relative due filters that the worker turns
/// into a concrete ``TaskQuery`` using today's date.
public struct TaskSearch: Sendable {
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

    public var project: String?
    public var list: String?
    public var status: Status
    public var tag: String?
    public var priority: Priority?
    public var due: Due?
    public var text: String?
    public var sort: TaskSort
    public var limit: Int?

    public init(
        project: String? = nil, list: String? = nil, status: Status = .active, tag: String? = nil,
        priority: Priority? = nil, due: Due? = nil, text: String? = nil, sort: TaskSort = .priority, limit: Int? = nil
    ) {
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

/// A new task in the user's terms (references instead of ids).
public struct TaskInput: Sendable {
    public var title: String
    public var project: String?
    public var list: String?
    public var due: Day?
    public var priority: Priority?
    public var tags: [String]
    public var estimateSeconds: Int?
    public var note: String?

    public init(
        title: String, project: String? = nil, list: String? = nil, due: Day? = nil, priority: Priority? = nil,
        tags: [String] = [], estimateSeconds: Int? = nil, note: String? = nil
    ) {
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

/// A change to an existing task; nil / empty fields stay as they are.
public struct TaskEdit: Sendable {
    /// A new value for an optional field, or its removal.
    public enum Change<Value: Sendable>: Sendable {
        case set(Value)
        case clear
    }

    public var title: String?
    public var due: Change<Day>?
    public var priority: Priority?
    public var addTags: [String]
    public var removeTags: [String]
    public var estimateSeconds: Change<Int>?
    /// Replaces the whole note (`stint task note` appends instead).
    public var note: String?

    public init(
        title: String? = nil, due: Change<Day>? = nil, priority: Priority? = nil, addTags: [String] = [],
        removeTags: [String] = [], estimateSeconds: Change<Int>? = nil, note: String? = nil
    ) {
        self.note = note
        self.title = title
        self.due = due
        self.priority = priority
        self.addTags = addTags
        self.removeTags = removeTags
        self.estimateSeconds = estimateSeconds
    }
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

/// Everything done to tasks: small blocks over the repositories, no presentation.
public struct TaskWorker: Sendable {
    let projects: any ProjectRepository
    let lists: any TaskListRepository
    let tasks: any TaskRepository
    let sums: any TimeReportRepository
    let calendar: WorkCalendar

    public func search(_ search: TaskSearch) async throws(WorkerError) -> [TaskDetails] {
        try await working {
            let query = try await query(for: search)
            return try await details(for: try await tasks.tasks(matching: query))
        }
    }

    public func count(_ search: TaskSearch) async throws(WorkerError) -> Int {
        try await working { try await tasks.count(matching: try await query(for: search)) }
    }

    /// One task with its project, list and logged time (`task show`, and the question before a delete).
    public func details(_ reference: String) async throws(WorkerError) -> TaskDetails {
        try await working {
            var details = try await details(for: [try await tasks.task(reference: reference)])[0]
            details.loggedSeconds = try await sums.loggedSeconds(onTask: details.task.id)
            return details
        }
    }

    public func create(_ input: TaskInput) async throws(WorkerError) -> TaskDetails {
        try await working {
            let (projectID, listID) = try await placement(project: input.project, list: input.list)
            let draft = NewTask(
                title: input.title, projectID: projectID, listID: listID, due: input.due,
                priority: input.priority ?? .none, tags: try input.tags.map { try Tag($0) },
                estimate: try input.estimateSeconds.map { try Estimate(seconds: $0) }, note: input.note ?? "")
            return try await details(for: [try await tasks.create(draft)])[0]
        }
    }

    public func edit(_ reference: String, _ edit: TaskEdit) async throws(WorkerError) -> TaskDetails {
        try await working {
            let addTags = try edit.addTags.map { try Tag($0) }
            let removeTags = Set(try edit.removeTags.map { try Tag($0) })
            let estimate: TaskEdit.Change<Estimate>? =
                switch edit.estimateSeconds {
                case .set(let seconds): .set(try Estimate(seconds: seconds))
                case .clear: .clear
                case nil: nil
                }
            return try await change(reference, verb: "edited") { task, now in
                if let title = edit.title { try task.rename(to: title, now: now) }
                switch edit.due {
                case .set(let day): task.setDue(day, now: now)
                case .clear: task.setDue(nil, now: now)
                case nil: break
                }
                if let priority = edit.priority { task.setPriority(priority, now: now) }
                if !addTags.isEmpty || !removeTags.isEmpty {
                    let tags = Set(task.tags).union(addTags).subtracting(removeTags)
                    task.setTags(Array(tags), now: now)
                }
                switch estimate {
                case .set(let value): task.setEstimate(value, now: now)
                case .clear: task.setEstimate(nil, now: now)
                case nil: break
                }
                if let note = edit.note { try task.setNote(note, now: now) }
            }
        }
    }

    public func complete(_ reference: String) async throws(WorkerError) -> TaskDetails {
        try await working { try await change(reference, verb: "completed") { try $0.complete(at: $1) } }
    }

    public func reopen(_ reference: String) async throws(WorkerError) -> TaskDetails {
        try await working { try await change(reference, verb: "reopened") { try $0.reopen(now: $1) } }
    }

    public func start(_ reference: String) async throws(WorkerError) -> TaskDetails {
        try await working { try await change(reference, verb: "started") { try $0.start(now: $1) } }
    }

    public func appendNote(_ reference: String, text: String) async throws(WorkerError) -> TaskDetails {
        let timeZone = calendar.timeZone
        return try await working {
            try await change(reference, verb: "added a note to") { try $0.appendNote(text, at: $1, timeZone: timeZone) }
        }
    }

    public func move(_ reference: String, project: String?, list: String?) async throws(WorkerError) -> TaskDetails {
        try await working {
            guard project != nil || list != nil else {
                throw WorkerError(.invalidInput, "say where to move the task: --project P, --list L or both")
            }
            let task = try await tasks.task(reference: reference)
            // A list alone is looked up in the task's current project first, then everywhere.
            let (projectID, listID) = try await placement(
                project: project, list: list, preferredProject: project == nil ? task.projectID : nil)
            return try await change(task, verb: "moved") { task, now in
                try task.move(projectID: projectID, listID: listID, now: now)
            }
        }
    }

    public func delete(_ reference: String) async throws(WorkerError) -> TaskDetails {
        try await working {
            let task = try await tasks.task(reference: reference)
            let details = try await details(for: [task])[0]
            _ = try await tasks.delete(task.id)
            return details
        }
    }

    /// Resolves the task a user means without changing it (used to ask before deleting).
    public func resolve(_ reference: String) async throws(WorkerError) -> TaskDetails {
        try await details(reference)
    }

    /// What needs attention today. Each section lists at most `limit` tasks and counts them all, so the
    /// dashboard stays short and fast however much is overdue.
    public func agenda(limit: Int = 10) async throws(WorkerError) -> TaskAgenda {
        let today = calendar.today
        let overdue = TaskQuery(dueBefore: today, sort: .due, limit: limit)
        let dueToday = TaskQuery(dueOn: today, limit: limit)
        let started = TaskQuery(statuses: [.inProgress], limit: limit)
        return try await working {
            async let overdueTasks = tasks.tasks(matching: overdue)
            async let todayTasks = tasks.tasks(matching: dueToday)
            async let startedTasks = tasks.tasks(matching: started)
            async let overdueCount = tasks.count(matching: overdue)
            async let todayCount = tasks.count(matching: dueToday)
            async let startedCount = tasks.count(matching: started)
            async let active = tasks.count(matching: TaskQuery())
            return TaskAgenda(
                overdue: try await details(for: try await overdueTasks),
                dueToday: try await details(for: try await todayTasks),
                inProgress: try await details(for: try await startedTasks),
                activeCount: try await active, overdueCount: try await overdueCount,
                dueTodayCount: try await todayCount, inProgressCount: try await startedCount)
        }
    }

    // MARK: - Helpers

    private func change(
        _ reference: String, verb: String, _ change: @escaping @Sendable (inout Task, Date) throws -> Void
    ) async throws -> TaskDetails {
        try await self.change(try await tasks.task(reference: reference), verb: verb, change)
    }

    private func change(
        _ task: Task, verb: String, _ change: @escaping @Sendable (inout Task, Date) throws -> Void
    ) async throws -> TaskDetails {
        let label = task.number.map { "task \($0)" } ?? "task"
        let changed = try await tasks.change(task.id, summary: "\(verb) \(label) \"\(task.title)\"", change)
        return try await details(for: [changed])[0]
    }

    private func placement(project: String?, list: String?, preferredProject: UUID? = nil) async throws
        -> (UUID?, UUID?)
    {
        let projectID = try await project.asyncMap { try await projects.project(reference: $0).id }
        guard let list else { return (projectID, nil) }
        if projectID == nil, let preferredProject,
            let inCurrent = try? await lists.taskList(reference: list, projectID: preferredProject)
        {
            return (inCurrent.projectID, inCurrent.id)
        }
        let resolved = try await lists.taskList(reference: list, projectID: projectID)
        return (resolved.projectID, resolved.id)
    }

    private func query(for search: TaskSearch) async throws -> TaskQuery {
        var query = TaskQuery(sort: search.sort, limit: search.limit)
        if let project = search.project {
            query.projectID = try await projects.project(reference: project).id
        }
        if let list = search.list {
            query.listID = try await lists.taskList(reference: list, projectID: query.projectID).id
        }
        query.statuses =
            switch search.status {
            case .active: [.open, .inProgress]
            case .open: [.open]
            case .inProgress: [.inProgress]
            case .done: [.completed]
            case .all: []
            }
        query.tag = try search.tag.map { try Tag($0) }
        query.priority = search.priority
        query.text = search.text
        let today = calendar.today
        switch search.due {
        case .today: query.dueOn = today
        case .overdue:
            query.dueBefore = today
            if search.status == .all || search.status == .done { query.statuses = [.open, .inProgress] }
        case .thisWeek:
            query.dueOnOrAfter = today.startOfWeek
            query.dueBefore = today.startOfWeek.adding(days: 7)
        case .before(let day): query.dueBefore = day
        case .on(let day): query.dueOn = day
        case nil: break
        }
        return query
    }

    /// Attaches project and list to each task. Projects and lists are few, so one read of each is
    /// cheaper than a lookup per task.
    private func details(for found: [Task]) async throws -> [TaskDetails] {
        guard !found.isEmpty else { return [] }
        async let allProjects = projects.projects(includeArchived: true)
        async let allLists = lists.taskLists(projectID: nil)
        let projectMap = Dictionary(uniqueKeysWithValues: try await allProjects.map { ($0.id, $0) })
        let listMap = Dictionary(uniqueKeysWithValues: try await allLists.map { ($0.id, $0) })
        return found.map {
            TaskDetails(
                task: $0, project: $0.projectID.flatMap { projectMap[$0] }, list: $0.listID.flatMap { listMap[$0] })
        }
    }
}
