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
            try await details(for: [try await tasks.task(reference: reference)], loggedTime: true)[0]
        }
    }

    /// Resolves the project and list once, creates the task and names the result from what was resolved
    /// (no second read of every project and list).
    public func create(_ input: TaskInput) async throws(WorkerError) -> TaskDetails {
        var assignee: UUID?
        if let reference = input.assignee { assignee = try await team.member(reference, purpose: Self.assigning) }
        let today = calendar.today
        return try await working {
            var parent: Task?
            if let reference = input.parent { parent = try await tasks.task(reference: reference) }
            var placement = try await placement(project: input.project, list: input.list)
            // A subtask lives where its parent does, unless it is told otherwise.
            if let parent, input.project == nil, input.list == nil, let projectID = parent.projectID {
                var list: TaskList?
                if let listID = parent.listID { list = try await lists.taskList(id: listID) }
                placement = (try await projects.project(id: projectID), list)
            }
            let rule = try input.repeatRule.map { try RepeatRule.parse($0) }
            // A recurring task needs a day to count its series from: today, when none was given.
            let due = input.due ?? (rule != nil ? today : nil)
            try Self.checkUntil(input.repeatUntil, rule: rule, due: due)
            var draft = NewTask(
                title: input.title, projectID: placement.project?.id, listID: placement.list?.id, due: due,
                priority: input.priority ?? .none, tags: try Tag.list(from: input.tags),
                estimate: try input.estimateSeconds.map { try Estimate(seconds: $0) }, note: input.note ?? "",
                assigneeID: assignee)
            draft.parentID = parent?.id
            draft.prerequisiteIDs = try await ids(of: input.after)
            draft.repeatRule = rule
            draft.repeatUntil = rule != nil ? input.repeatUntil : nil
            var created = TaskDetails(
                task: try await tasks.create(draft), project: placement.project, list: placement.list,
                loggedSeconds: 0)
            if let assignee { created.assigneeName = await team.names(for: [assignee])[assignee] }
            if draft.parentID != nil || !draft.prerequisiteIDs.isEmpty {
                created = try await withRelations([created], loggedTime: false)[0]
            }
            return created
        }
    }

    /// `--until` only means something for a recurring task, and no earlier than the day the series starts.
    private static func checkUntil(_ until: Day?, rule: RepeatRule?, due: Day?) throws {
        guard let until else { return }
        guard rule != nil else {
            throw WorkerError(.invalidInput, "--until \(until.iso) needs --repeat: only a recurring task has an end")
        }
        if let due, until < due {
            throw WorkerError(
                .invalidInput, "--until \(until.iso) is before the task's due day \(due.iso): no occurrence could come")
        }
    }

    /// The ids of the tasks `references` name, in order, each once.
    private func ids(of references: [String]) async throws -> [UUID] {
        var found: [UUID] = []
        for reference in references {
            let id = try await tasks.task(reference: reference).id
            if !found.contains(id) { found.append(id) }
        }
        return found
    }

    public func edit(_ reference: String, _ edit: TaskEdit) async throws(WorkerError) -> TaskDetails {
        var resolved: FieldChange<UUID>?
        switch edit.assignee {
        case .set(let member): resolved = .set(try await team.member(member, purpose: Self.assigning))
        case .clear: resolved = .clear
        case nil: break
        }
        let assignee = resolved
        let today = calendar.today
        return try await working {
            let found = try await tasks.task(reference: reference)
            let place = try await newPlacement(of: found, project: edit.project, list: edit.list)
            var parent: FieldChange<UUID>?
            switch edit.parent {
            case .set(let other): parent = .set(try await tasks.task(reference: other).id)
            case .clear: parent = .clear
            case nil: break
            }
            let newParent = parent
            let added = try await ids(of: edit.addAfter)
            let clearAfter = edit.clearAfter
            let repetition = try Self.repetitionChange(edit, of: found, today: today)
            let addTags = try Tag.list(from: edit.addTags)
            // Read as stored tags are: a tag kept from before a rule tightened must still be removable.
            let removeTags = Set(try edit.removeTags.map { name throws(ValidationError) in try Tag(stored: name) })
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
                switch newParent {
                case .set(let id): try task.setParent(id, now: now)
                case .clear: try task.setParent(nil, now: now)
                case nil: break
                }
                if clearAfter || !added.isEmpty {
                    try task.setPrerequisites((clearAfter ? [] : task.prerequisiteIDs) + added, now: now)
                }
                if let repetition {
                    // The series counts from the due day, so a recurring task has one (today when it had none).
                    if case .some = repetition, task.due == nil { task.setDue(today, now: now) }
                    task.setRepetition(repetition, now: now)
                }
            }
        }
    }

    /// What an edit does to the task's series: nil leaves it alone; `.some(nil)` makes the task a one-off. A new
    /// rule starts a new series, named by this task and counting from its (new) due day; a new `--until` alone
    /// keeps the series.
    private static func repetitionChange(_ edit: TaskEdit, of task: Task, today: Day) throws -> TaskRepetition?? {
        guard edit.repeatRule != nil || edit.repeatUntil != nil else { return nil }
        let label = task.number.map { "task \($0)" } ?? "the task"
        var due = task.due
        switch edit.due {
        case .set(let day): due = day
        case .clear: due = nil
        case nil: break
        }
        var until = task.repetition?.until
        switch edit.repeatUntil {
        case .set(let day): until = day
        case .clear: until = nil
        case nil: break
        }
        switch edit.repeatRule {
        case .clear:
            return .some(nil)
        case .set(let text):
            let rule = try RepeatRule.parse(text)
            let start = due ?? today
            try checkUntil(until, rule: rule, due: start)
            if let current = task.repetition, current.rule == rule, edit.due == nil {
                return TaskRepetition(rule: rule, until: until, seriesID: current.seriesID, start: current.start)
            }
            return TaskRepetition(rule: rule, until: until, seriesID: task.id, start: start)
        case nil:
            guard let current = task.repetition else {
                throw WorkerError(.invalidInput, "\(label) does not repeat: give --repeat with --until")
            }
            try checkUntil(until, rule: current.rule, due: due)
            return TaskRepetition(rule: current.rule, until: until, seriesID: current.seriesID, start: current.start)
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

    /// Completes a task; the result names the tasks that now wait on nothing and a recurring task's next
    /// occurrence (made in the same change, see `TaskRepository.change`).
    /// - Parameter force: complete a parent whose subtasks are not all done (they stay as they are).
    public func complete(_ reference: String, force: Bool = false) async throws(WorkerError) -> TaskDetails {
        try await working {
            let task = try await tasks.task(reference: reference)
            return try await completing([task], force: force) {
                [try await change(task, verb: "completed") { try $0.complete(at: $1) }]
            }[0]
        }
    }

    /// Runs `complete` for `found` after checking their subtasks, and adds what it led to.
    private func completing(
        _ found: [Task], force: Bool, _ complete: () async throws -> [TaskDetails]
    ) async throws -> [TaskDetails] {
        if !force { try await refuseOpenSubtasks(of: found) }
        let now = calendar.now
        // The occurrences each task's completion may make, in order (the repository skips ones already done);
        // the one that is live afterwards and was not before is the one made.
        var candidates: [UUID: [UUID]] = [:]
        for task in found where task.status != .completed {
            var chain: [UUID] = []
            var next = task.nextOccurrence(now: now)
            while let occurrence = next, chain.count < Self.occurrencesShown {
                chain.append(occurrence.id)
                next = occurrence.nextOccurrence(now: now)
            }
            candidates[task.id] = chain
        }
        let expected = Set(candidates.values.joined())
        let existing = Set(try await live(expected).map(\.id))
        var completed = try await complete()
        let made = Dictionary(
            uniqueKeysWithValues: try await live(expected.subtracting(existing)).map { ($0.id, $0) })
        // An occurrence two of them could have made (two of one series completed together) is named by the one
        // it comes right after.
        var maker: [UUID: (task: UUID, distance: Int)] = [:]
        for (task, chain) in candidates {
            for (distance, id) in chain.enumerated() where made[id] != nil && distance < maker[id]?.distance ?? .max {
                maker[id] = (task, distance)
            }
        }
        var named = Set<UUID>()
        for index in completed.indices {
            let task = completed[index].task
            completed[index].nextOccurrence = maker.first { $0.value.task == task.id }.flatMap { made[$0.key] }
            var waitingOn = TaskQuery(statuses: [.open, .inProgress], sort: .number)
            waitingOn.after = task.id
            waitingOn.blocked = false
            completed[index].unblocked = try await tasks.tasks(matching: waitingOn).filter {
                named.insert($0.id).inserted
            }
        }
        return completed
    }

    /// How far along its series a completion looks for the occurrence it made, to name it.
    static let occurrencesShown = 20

    /// The live tasks with these ids.
    private func live(_ ids: Set<UUID>) async throws -> [Task] {
        guard !ids.isEmpty else { return [] }
        return try await tasks.tasks(matching: TaskQuery(statuses: [], sort: .number, ids: ids))
    }

    /// A parent is done when its subtasks are: completing one with open subtasks is refused (a conflict that
    /// `--force` overrides), unless those subtasks are being completed in the same command.
    private func refuseOpenSubtasks(of found: [Task]) async throws {
        let completing = Set(found.map(\.id))
        let subtasks = try await subtasks(of: completing)
        for task in found {
            let open = subtasks.filter {
                $0.parentID == task.id && !completing.contains($0.id) && $0.status != .completed
            }
            guard !open.isEmpty else { continue }
            let numbers = open.map { $0.number.map(String.init) ?? String($0.id.lowercasedString.prefix(8)) }
            let error = ValidationError(field: "status", reason: .openSubtasks(count: open.count))
            throw WorkerError(
                .conflict,
                "\(Self.label(task)) has \(open.count == 1 ? "an open subtask" : "\(open.count) open subtasks") "
                    + "(\(numbers.joined(separator: ", "))): complete \(open.count == 1 ? "it" : "them") first, "
                    + "or pass --force to complete the task anyway",
                cause: error)
        }
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
            let logged = try await sums.loggedSeconds(onTasks: all.map(\.task.id))
            for index in all.indices { all[index].loggedSeconds = logged[all[index].task.id] ?? 0 }
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
            let perform = { () async throws -> [TaskDetails] in
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
            if case .complete(let force) = action { return try await completing(found, force: force, perform) }
            return try await perform()
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
        query.blocked = search.blocked
        if let parent = search.parent { query.parentIDs = [try await tasks.task(reference: parent).id] }
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
        return try await withRelations(
            found.map { task in
                TaskDetails(
                    task: task, project: task.projectID.flatMap { projectMap[$0] },
                    list: task.listID.flatMap { listMap[$0] }, loggedSeconds: seconds.map { $0[task.id] ?? 0 },
                    assigneeName: task.assigneeID.flatMap { names[$0] })
            }, loggedTime: loggedTime)
    }

    /// Attaches each task's live parent, prerequisites and direct subtasks (and, with `loggedTime`, the time on
    /// all its subtasks however deep). Subtasks come from the index of parents, level by level, which answers at
    /// once when no task has a parent; the parents and prerequisites not at hand from one read by id. So the cost
    /// follows the tasks shown, not every link in the store (a `task show` among 3,000 linked tasks read them all).
    private func withRelations(_ all: [TaskDetails], loggedTime: Bool) async throws -> [TaskDetails] {
        guard !all.isEmpty else { return all }
        let tree: TaskLinkMap
        var below: [Task] = []
        if all.count > Self.listingSize {
            // A listing: one read of every link (only tasks that have one) beats asking the index for each task.
            tree = TaskLinkMap(parents: try await tasks.links().parents)
        } else {
            var parents: [UUID: UUID] = [:]
            var seen = Set(all.map(\.task.id))
            var level = seen
            repeat {
                var next = Set<UUID>()
                for task in try await subtasks(of: level) {
                    guard let parent = task.parentID else { continue }
                    parents[task.id] = parent
                    below.append(task)
                    // A loop that sync brought in ends the walk.
                    if seen.insert(task.id).inserted { next.insert(task.id) }
                }
                level = next
            } while loggedTime && !level.isEmpty
            tree = TaskLinkMap(parents: parents)
        }
        // Nothing to attach (the common case): the details stay as they are, not copied again.
        if tree.parents.isEmpty, !all.contains(where: { $0.task.parentID != nil || !$0.task.prerequisiteIDs.isEmpty }) {
            guard loggedTime else { return all }
            return all.map { details in
                var details = details
                details.subtasksLoggedSeconds = 0
                return details
            }
        }
        var known: [UUID: Task] = [:]
        for details in all { known[details.task.id] = details.task }
        for task in below where known[task.id] == nil { known[task.id] = task }
        var wanted = Set<UUID>()
        for details in all {
            wanted.formUnion(tree.children[details.task.id] ?? [])
        }
        for details in all {
            wanted.formUnion([details.task.parentID].compactMap { $0 } + details.task.prerequisiteIDs)
        }
        for task in try await live(wanted.filter { known[$0] == nil }) { known[task.id] = task }
        var subtaskSeconds: [UUID: Int] = [:]
        if loggedTime {
            let everyone = tree.descendants(ofAny: all.map(\.task.id))
            let seconds = everyone.isEmpty ? [:] : try await sums.loggedSeconds(onTasks: Array(everyone))
            subtaskSeconds = tree.subtreeTotals(seconds)
        }
        let byNumber = { (lhs: Task, rhs: Task) in (lhs.number ?? 0) < (rhs.number ?? 0) }
        return all.map { details in
            var details = details
            let task = details.task
            details.parent = task.parentID.flatMap { known[$0] }
            details.prerequisites = task.prerequisiteIDs.compactMap { known[$0] }.sorted(by: byNumber)
            details.subtasks = (tree.children[task.id] ?? []).compactMap { known[$0] }.sorted(by: byNumber)
            if loggedTime { details.subtasksLoggedSeconds = subtaskSeconds[task.id] ?? 0 }
            return details
        }
    }

    /// Above this many tasks, relations come from one read of every link rather than from the index per task: the
    /// index answers a `task show` at once, but ten thousand ids made a full listing 60 % slower.
    static let listingSize = 64

    /// The live direct subtasks of these tasks, by number.
    private func subtasks(of parents: Set<UUID>) async throws -> [Task] {
        guard !parents.isEmpty else { return [] }
        var query = TaskQuery(statuses: [], sort: .number)
        query.parentIDs = parents
        return try await tasks.tasks(matching: query)
    }
}
