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
            return try await details(for: try await tasks.tasks(matching: query), loggedTime: search.includesLoggedTime)
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
                task: try await tasks.create(draft), project: placement.project, list: placement.list,
                loggedSeconds: 0)
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
            let found = try await tasks.task(reference: reference)
            let place = try await newPlacement(of: found, project: edit.project, list: edit.list)
            let addTags = try Tag.list(from: edit.addTags)
            let removeTags = Set(try Tag.list(from: edit.removeTags))
            let estimate: FieldChange<Estimate>? =
                switch edit.estimateSeconds {
                case .set(let seconds): .set(try Estimate(seconds: seconds))
                case .clear: .clear
                case nil: nil
                }
            return try await change(found, verb: "edited") { task, now in
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
                if let place { try task.move(projectID: place.project, listID: place.list, now: now) }
            }
        }
    }

    /// Where an edit puts the task, or nil when it changes neither project nor list. A new project takes the
    /// task out of its list (unless the edit names a list too); a list is looked for in the new project, else
    /// in the task's own project first and then everywhere, bringing its project along (as `task move`).
    private func newPlacement(of task: Task, project: FieldChange<String>?, list: FieldChange<String>?)
        async throws -> (project: UUID?, list: UUID?)?
    {
        guard project != nil || list != nil else { return nil }
        var projectID = task.projectID
        var listID = task.listID
        switch project {
        case .set(let reference):
            let named = try await projects.project(reference: reference)
            if named.id != task.projectID { (projectID, listID) = (named.id, nil) }
        case .clear: (projectID, listID) = (nil, nil)
        case nil: break
        }
        switch list {
        case .set(let reference):
            switch project {
            case .clear:
                throw WorkerError(
                    .invalidInput,
                    "list '\(reference)': a task in the inbox is in no list; name its project too, or empty the list")
            case .set:
                listID = try await lists.taskList(reference: reference, projectID: projectID).id
            case nil:
                let placed = try await placement(project: nil, list: reference, preferredProject: task.projectID)
                (projectID, listID) = (placed.project?.id, placed.list?.id)
            }
        case .clear: listID = nil
        case nil: break
        }
        return (projectID, listID)
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
            let details = try await details(for: [task], loggedTime: true)[0]
            _ = try await tasks.delete(task.id)
            return details
        }
    }

    // MARK: - Several tasks at once

    /// The tasks `references` name, each once (a task named twice, by number and by id, counts once), in the
    /// order typed, with their logged time: what a command on several tasks shows and asks about first.
    /// - Throws: notFound or ambiguous for the first reference that does not name exactly one task.
    public func details(_ references: [String]) async throws(WorkerError) -> [TaskDetails] {
        try await working {
            var all = try await details(for: try await resolve(references))
            for index in all.indices {
                all[index].loggedSeconds = try await sums.loggedSeconds(onTask: all[index].task.id)
            }
            return all
        }
    }

    /// Completes, reopens, starts or moves every task `references` name as one change (one `stint undo`):
    /// all of them, or none when one reference does not resolve or one task cannot take the change.
    public func apply(_ action: TaskBatchAction, to references: [String]) async throws(WorkerError) -> [TaskDetails] {
        let now = calendar.now
        return try await working {
            let found = try await resolve(references)
            var targets: [UUID: (project: UUID?, list: UUID?)] = [:]
            if case .move(let project, let list) = action {
                guard project != nil || list != nil else {
                    throw WorkerError(.invalidInput, "say where to move the task: --project P, --list L or both")
                }
                for task in found {
                    // A list alone is looked up in each task's own project first, then everywhere.
                    let placed = try await placement(
                        project: project, list: list, preferredProject: project == nil ? task.projectID : nil)
                    targets[task.id] = (placed.project?.id, placed.list?.id)
                }
            }
            let moves = targets
            let rule: @Sendable (inout Task, Date) throws -> Void = { task, now in
                switch action {
                case .complete: try task.complete(at: now)
                case .reopen: try task.reopen(now: now)
                case .start: try task.start(now: now)
                case .move:
                    if let target = moves[task.id] {
                        try task.move(projectID: target.project, listID: target.list, now: now)
                    }
                }
            }
            let verb =
                switch action {
                case .complete: "completed"
                case .reopen: "reopened"
                case .start: "started"
                case .move: "moved"
                }
            if found.count == 1 { return [try await change(found[0], verb: verb, rule)] }
            // Each task is tried first, so a refusal names the task it is about; the write checks again.
            for task in found {
                var trial = task
                do {
                    try rule(&trial, now)
                } catch {
                    let reason = WorkerError(wrapping: error)
                    throw WorkerError(reason.kind, "\(Self.label(task)): \(reason.message)", cause: error)
                }
            }
            let changed = try await tasks.change(found.map(\.id), summary: "\(verb) \(Self.labels(found))", rule)
            return try await details(for: changed)
        }
    }

    /// Deletes every task `references` name, with their time, as one change (one `stint undo`); returns them as
    /// they were. Nothing is deleted when one reference does not resolve.
    public func delete(_ references: [String]) async throws(WorkerError) -> [TaskDetails] {
        try await working {
            let found = try await resolve(references)
            let all = try await details(for: found)
            if found.count == 1 {
                _ = try await tasks.delete(found[0].id)
            } else {
                _ = try await tasks.delete(found.map(\.id), summary: "deleted \(Self.labels(found))")
            }
            return all
        }
    }

    /// Each reference resolved, in order, each task once.
    private func resolve(_ references: [String]) async throws -> [Task] {
        var seen = Set<UUID>()
        var found: [Task] = []
        for reference in references {
            let task = try await tasks.task(reference: reference)
            if seen.insert(task.id).inserted { found.append(task) }
        }
        return found
    }

    /// `task 4 "Buy milk"`, as an error about one task of several names it.
    static func label(_ task: Task) -> String {
        "task \(task.number.map(String.init) ?? String(task.id.lowercasedString.prefix(8))) \"\(task.title)\""
    }

    /// `tasks 3, 4 and 5`, as the undo history names a change of several tasks.
    static func labels(_ found: [Task]) -> String {
        let names = found.map { $0.number.map(String.init) ?? String($0.id.lowercasedString.prefix(8)) }
        guard let last = names.last, names.count > 1 else { return "task \(names.first ?? "")" }
        return "tasks \(names.dropLast().joined(separator: ", ")) and \(last)"
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
                overdue: try await details(for: try await overdueTasks, loggedTime: true),
                dueToday: try await details(for: try await todayTasks, loggedTime: true),
                inProgress: try await details(for: try await startedTasks, loggedTime: true),
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
        return try await details(for: [changed], loggedTime: true)[0]
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
            query.dueOnOrAfter = calendar.startOfWeek(today)
            query.dueBefore = calendar.startOfWeek(today).adding(days: 7)
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
    /// each is cheaper than a lookup per task; the team is read only when a task has an assignee. With
    /// `loggedTime`, the time logged on every task comes from one grouped read, never one sum per task.
    private func details(for found: [Task], loggedTime: Bool = false) async throws -> [TaskDetails] {
        guard !found.isEmpty else { return [] }
        async let allProjects = projects.projects(includeArchived: true)
        async let allLists = lists.taskLists(projectID: nil)
        async let logged: [UUID: Int]? = loggedTime ? sums.loggedSeconds(onTasks: found.map(\.id)) : nil
        let projectMap = Dictionary(uniqueKeysWithValues: try await allProjects.map { ($0.id, $0) })
        let listMap = Dictionary(uniqueKeysWithValues: try await allLists.map { ($0.id, $0) })
        let names = await team.names(for: Set(found.compactMap(\.assigneeID)))
        let seconds = try await logged
        return found.map { task in
            TaskDetails(
                task: task, project: task.projectID.flatMap { projectMap[$0] },
                list: task.listID.flatMap { listMap[$0] }, loggedSeconds: seconds.map { $0[task.id] ?? 0 },
                assigneeName: task.assigneeID.flatMap { names[$0] })
        }
    }
}
