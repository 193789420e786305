import Entities
import Foundation
import Repositories

/// Everything done to tasks: small blocks over the repositories, no presentation.
public struct TaskWorker: Sendable {
    let projects: any ProjectRepository
    let lists: any TaskListRepository
    let tasks: any TaskRepository
    let sums: any TimeReportRepository
    /// The team: who `--assign NAME` means, and the assignees' names.
    let team: TeamDirectory
    let calendar: WorkCalendar

    init(
        projects: any ProjectRepository, lists: any TaskListRepository, tasks: any TaskRepository,
        sums: any TimeReportRepository, sync: any SyncRepository, calendar: WorkCalendar
    ) {
        self.projects = projects
        self.lists = lists
        self.tasks = tasks
        self.sums = sums
        team = TeamDirectory(sync: sync)
        self.calendar = calendar
    }

    /// What `--assign` and `--assignee` need, for the "log in" line.
    static let assigning = "assigning"

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

    /// Resolves the project and list once, creates the task and names the result from what was resolved
    /// (no second read of every project and list).
    public func create(_ input: TaskInput) async throws(WorkerError) -> TaskDetails {
        var assignee: UUID?
        if let reference = input.assignee { assignee = try await team.member(reference, purpose: Self.assigning) }
        return try await working {
            let placement = try await placement(project: input.project, list: input.list)
            let draft = NewTask(
                title: input.title, projectID: placement.project?.id, listID: placement.list?.id, due: input.due,
                priority: input.priority ?? .none, tags: try Tag.list(from: input.tags),
                estimate: try input.estimateSeconds.map { try Estimate(seconds: $0) }, note: input.note ?? "",
                assigneeID: assignee)
            var created = TaskDetails(
                task: try await tasks.create(draft), project: placement.project, list: placement.list)
            if let assignee { created.assigneeName = await team.names(for: [assignee])[assignee] }
            return created
        }
    }

    public func edit(_ reference: String, _ edit: TaskEdit) async throws(WorkerError) -> TaskDetails {
        var resolved: FieldChange<UUID>?
        switch edit.assignee {
        case .set(let member): resolved = .set(try await team.member(member, purpose: Self.assigning))
        case .clear: resolved = .clear
        case nil: break
        }
        let assignee = resolved
        return try await working {
            let addTags = try Tag.list(from: edit.addTags)
            let removeTags = Set(try Tag.list(from: edit.removeTags))
            let estimate: FieldChange<Estimate>? =
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
                    try task.setTags(Array(tags), now: now)
                }
                switch estimate {
                case .set(let value): task.setEstimate(value, now: now)
                case .clear: task.setEstimate(nil, now: now)
                case nil: break
                }
                if let note = edit.note { try task.setNote(note, now: now) }
                switch assignee {
                case .set(let member): task.assign(to: member, now: now)
                case .clear: task.assign(to: nil, now: now)
                case nil: break
                }
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
            let placement = try await placement(
                project: project, list: list, preferredProject: project == nil ? task.projectID : nil)
            let projectID = placement.project?.id
            let listID = placement.list?.id
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

    /// The project and list a user named, each read once. A list implies its project.
    private func placement(project: String?, list: String?, preferredProject: UUID? = nil) async throws
        -> (project: Project?, list: TaskList?)
    {
        var named: Project?
        if let project { named = try await projects.project(reference: project) }
        guard let list else { return (named, nil) }
        let resolved: TaskList
        if named == nil, let preferredProject {
            do {
                resolved = try await lists.taskList(reference: list, projectID: preferredProject)
            } catch RepositoryError.notFound, RepositoryError.ambiguous {
                resolved = try await lists.taskList(reference: list, projectID: nil)
            }
        } else {
            resolved = try await lists.taskList(reference: list, projectID: named?.id)
        }
        if let named, named.id == resolved.projectID { return (named, resolved) }
        return (try await projects.project(id: resolved.projectID) ?? named, resolved)
    }

    private func query(for search: TaskSearch) async throws -> TaskQuery {
        var query = TaskQuery(sort: Self.sort(search.order), limit: search.limit)
        if let assignee = search.assignee {
            query.assigneeID = try await team.member(assignee, purpose: "--assignee")
        }
        // "Recently changed" reads newest first, as people expect from `--sort updated`.
        query.descending = search.order == .updated
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

    private static func sort(_ order: TaskSearch.Order) -> TaskSort {
        switch order {
        case .priority: .priority
        case .due: .due
        case .created: .created
        case .updated: .updated
        case .title: .title
        case .number: .number
        }
    }

    /// Attaches project, list and assignee name to each task. Projects and lists are few, so one read of
    /// each is cheaper than a lookup per task; the team is read only when a task has an assignee.
    private func details(for found: [Task]) async throws -> [TaskDetails] {
        guard !found.isEmpty else { return [] }
        async let allProjects = projects.projects(includeArchived: true)
        async let allLists = lists.taskLists(projectID: nil)
        let projectMap = Dictionary(uniqueKeysWithValues: try await allProjects.map { ($0.id, $0) })
        let listMap = Dictionary(uniqueKeysWithValues: try await allLists.map { ($0.id, $0) })
        let names = await team.names(for: Set(found.compactMap(\.assigneeID)))
        return found.map {
            TaskDetails(
                task: $0, project: $0.projectID.flatMap { projectMap[$0] }, list: $0.listID.flatMap { listMap[$0] },
                assigneeName: $0.assigneeID.flatMap { names[$0] })
        }
    }
}
