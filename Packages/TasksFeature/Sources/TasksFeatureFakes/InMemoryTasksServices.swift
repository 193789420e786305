import Foundation
import TasksFeature
import TerminalUI

/// A working, in-memory implementation of ``TasksServices`` for tests and the demo. `TasksFeatureContract` holds the
/// rules it shares with the App's adapter; the feature's tests run that contract against this fake, so they agree.
///
/// Data lives in plain arrays. Projects and lists are referenced by name only (case-insensitive; no id prefixes); the
/// tasks handed out name them by made-up ids too (one per project, one per list, stable for the fake's life). Logged
/// time is what ``setLogged(_:forTask:)`` recorded: `task(reference:)`, every change, the dashboard and a listing
/// that asks (``TaskQuery/includesLoggedTime``) report it, `nil` ("not loaded") when nothing was recorded, so tests
/// opt in to the Logged line. The clock is ``now``; its day in the fake's time
/// zone is "today" for due filters and the dashboard. Assigning needs ``setTeam(you:others:)`` first (the fake's
/// login): `me` is `you`, other names match a member ignoring case, or a unique beginning of one. Errors are
/// ``TasksFakeError``.
public actor InMemoryTasksServices: TasksServices {
    /// Every stored task, in the order they were added.
    public private(set) var allTasks: [TasksFeature.Task]
    /// Every query received by `tasks(matching:)` and `countTasks(matching:)`, oldest first.
    public private(set) var receivedQueries: [TaskQuery] = []
    /// The instant stamped on every change.
    public private(set) var now: Date
    private var projects: [String] = []
    private var lists: [(project: String, name: String)] = []
    private var loggedSeconds: [String: Int]
    /// The team, the logged-in member first; empty when not logged in.
    private var team: [(id: String, name: String)] = []
    private var nextNumber: Int
    private let timeZone: TimeZone

    /// - Parameters:
    ///   - tasks: the initial tasks (their numbers are kept; new tasks are numbered after the highest).
    ///   - projects: project names and their list names; the projects and lists of `tasks` are added.
    ///   - timeZone: the zone of "today" and of note stamps.
    ///   - loggedSeconds: time logged per task id, returned by `task(reference:)`.
    public init(
        tasks: [TasksFeature.Task] = [], projects: [String: [String]] = [:], now: Date,
        timeZone: TimeZone = TimeZone(identifier: "UTC") ?? .current, loggedSeconds: [String: Int] = [:]
    ) {
        self.allTasks = tasks
        self.now = now
        self.timeZone = timeZone
        self.loggedSeconds = loggedSeconds
        self.nextNumber = (tasks.map(\.number).max() ?? 0) + 1
        let placed = tasks.compactMap { task in task.projectName.map { ($0, task.listName.map { [$0] } ?? []) } }
        for (project, names) in projects.sorted(by: { $0.key < $1.key }) + placed {
            if !self.projects.contains(project) { self.projects.append(project) }
            for name in names where !lists.contains(where: { $0 == (project, name) }) { lists.append((project, name)) }
        }
    }

    /// Adds a project (if new) with these lists.
    public func addProject(_ name: String, lists names: [String] = []) {
        if !projects.contains(name) { projects.append(name) }
        for list in names { lists.append((name, list)) }
    }

    /// Logs in as `you` on a team of `you` and `others` (ids made from the names' positions).
    public func setTeam(you: String, others: [String]) {
        team = ([you] + others).enumerated().map { index, name in
            (SampleTasks.identifier(for: 9000 + index), name)
        }
    }

    /// Moves the clock.
    public func setNow(_ instant: Date) { now = instant }

    /// Records the time logged against the task `reference` points at; `nil` makes it unknown again.
    public func setLogged(_ seconds: Int?, forTask reference: String) throws {
        loggedSeconds[allTasks[try index(of: reference)].id] = seconds
    }

    // MARK: Reads

    public func tasks(matching query: TaskQuery) throws -> [TasksFeature.Task] {
        receivedQueries.append(query)
        let found = try filtered(query).sorted(by: Self.order(query.sort))
        return (query.limit.map { Array(found.prefix(max(0, $0))) } ?? found).map {
            presented($0, withLoggedTime: query.includesLoggedTime)
        }
    }

    public func countTasks(matching query: TaskQuery) throws -> Int {
        receivedQueries.append(query)
        return try filtered(query).count
    }

    public func task(reference: String) throws -> TasksFeature.Task {
        presented(allTasks[try index(of: reference)])
    }

    public func dashboard() throws -> Dashboard {
        func section(_ query: TaskQuery) throws -> [TasksFeature.Task] {
            try filtered(query).sorted(by: Self.order(query.sort)).map { presented($0) }
        }
        let overdue = try section(TaskQuery(due: .overdue, sort: .due))
        let dueToday = try section(TaskQuery(due: .today))
        let started = try section(TaskQuery(status: .inProgress))
        return Dashboard(
            overdue: Array(overdue.prefix(10)), dueToday: Array(dueToday.prefix(10)),
            inProgress: Array(started.prefix(10)), openCount: allTasks.filter { $0.status != .done }.count,
            overdueCount: overdue.count, dueTodayCount: dueToday.count, inProgressCount: started.count)
    }

    // MARK: Writes

    public func addTask(_ draft: TaskDraft) throws -> TasksFeature.Task {
        let title = try Self.validTitle(draft.title)
        let (project, list) = try place(project: draft.project, list: draft.list)
        var task = TasksFeature.Task(
            id: SampleTasks.identifier(for: nextNumber), number: nextNumber, title: title, note: draft.note ?? "",
            priority: draft.priority ?? .none, due: draft.due, tags: Self.normalised(draft.tags),
            estimateSeconds: draft.estimateSeconds, projectName: project, listName: list,
            createdAt: now, updatedAt: now)
        if let reference = draft.assignee {
            let member = try member(reference)
            task.assigneeID = member.id
            task.assignee = member.name
        }
        nextNumber += 1
        allTasks.append(task)
        return presented(task)
    }

    public func editTask(reference: String, changes: TaskChanges) throws -> TasksFeature.Task {
        var assignee: (id: String, name: String)?
        if case .set(let name) = changes.assignee { assignee = try member(name) }
        let place = try newPlace(of: allTasks[try index(of: reference)], changes: changes)
        return try update(reference) { [assignee] task in
            if let place { (task.projectName, task.listName) = place }
            if let assignee { (task.assigneeID, task.assignee) = (assignee.id, assignee.name) }
            if changes.assignee == .clear { (task.assigneeID, task.assignee) = (nil, nil) }
            if let title = changes.title { task.title = try Self.validTitle(title) }
            if case .set(let day) = changes.due { task.due = day } else if changes.due == .clear { task.due = nil }
            if let priority = changes.priority { task.priority = priority }
            let removed = Set(Self.normalised(changes.removeTags))
            task.tags = Self.normalised(task.tags + changes.addTags).filter { !removed.contains($0) }
            if case .set(let seconds) = changes.estimateSeconds { task.estimateSeconds = seconds }
            if changes.estimateSeconds == .clear { task.estimateSeconds = nil }
            if let note = changes.note { task.note = note.trimmingCharacters(in: .whitespacesAndNewlines) }
        }
    }

    public func completeTask(reference: String) throws -> TasksFeature.Task {
        try transition(reference, from: [.open, .inProgress], to: .done)
    }

    public func reopenTask(reference: String) throws -> TasksFeature.Task {
        try transition(reference, from: [.done], to: .open)
    }

    public func startTask(reference: String) throws -> TasksFeature.Task {
        try transition(reference, from: [.open], to: .inProgress)
    }

    public func deleteTask(reference: String) throws -> TasksFeature.Task {
        let index = try index(of: reference)
        let deleted = presented(allTasks[index])
        loggedSeconds[deleted.id] = nil
        allTasks.remove(at: index)
        return deleted
    }

    public func moveTask(reference: String, project: String?, list: String?) throws -> TasksFeature.Task {
        guard project != nil || list != nil else { throw TasksFakeError.invalid("say where to move the task") }
        let current = project == nil ? allTasks[try index(of: reference)].projectName : nil
        let (newProject, newList) = try place(project: project, list: list, preferring: current)
        return try update(reference) { task in
            task.projectName = newProject
            task.listName = newList
        }
    }

    public func changeTasks(references: [String], _ change: TaskBatchChange) throws -> [TasksFeature.Task] {
        try allOrNothing {
            try distinctIDs(references).map { id in
                switch change {
                case .complete: try completeTask(reference: id)
                case .reopen: try reopenTask(reference: id)
                case .start: try startTask(reference: id)
                case .move(let project, let list): try moveTask(reference: id, project: project, list: list)
                }
            }
        }
    }

    public func deleteTasks(references: [String]) throws -> [TasksFeature.Task] {
        try allOrNothing { try distinctIDs(references).map { try deleteTask(reference: $0) } }
    }

    public func appendNote(reference: String, text: String) throws -> TasksFeature.Task {
        let line = text.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !line.isEmpty else { throw TasksFakeError.invalid("the note text is empty") }
        let stamped = TimestampText.minute(now, in: timeZone) + "  " + line
        return try update(reference) { task in
            task.note += (task.note.isEmpty || task.note.hasSuffix("\n") ? "" : "\n") + stamped
        }
    }

    // MARK: Helpers

    /// The ids `references` name, each once, in the order first named; throws for the first that does not resolve.
    private func distinctIDs(_ references: [String]) throws -> [String] {
        var ids: [String] = []
        for reference in references {
            let id = allTasks[try index(of: reference)].id
            if !ids.contains(id) { ids.append(id) }
        }
        return ids
    }

    /// Runs `body`, putting every task back as it was when it throws (the App's batch is one transaction).
    private func allOrNothing<T>(_ body: () throws -> T) throws -> T {
        let (tasks, logged, number) = (allTasks, loggedSeconds, nextNumber)
        do {
            return try body()
        } catch {
            (allTasks, loggedSeconds, nextNumber) = (tasks, logged, number)
            throw error
        }
    }

    /// Where an edit's project and list changes put `task` (nil when it names neither), by the rules of
    /// ``TaskChanges/project`` and ``TaskChanges/list``.
    private func newPlace(of task: TasksFeature.Task, changes: TaskChanges) throws -> (String?, String?)? {
        guard changes.project != .keep || changes.list != .keep else { return nil }
        var (project, list) = (task.projectName, task.listName)
        switch changes.project {
        case .set(let reference):
            let named = try place(project: reference, list: nil).0
            if named != task.projectName { (project, list) = (named, nil) }
        case .clear: (project, list) = (nil, nil)
        case .keep: break
        }
        switch changes.list {
        case .set(let reference):
            switch changes.project {
            case .clear: throw TasksFakeError.invalid("a task in the inbox is in no list")
            case .set: (project, list) = try place(project: project, list: reference)
            case .keep: (project, list) = try place(project: nil, list: reference, preferring: task.projectName)
            }
        case .clear: list = nil
        case .keep: break
        }
        return (project, list)
    }

    private func update(_ reference: String, _ change: (inout TasksFeature.Task) throws -> Void) throws
        -> TasksFeature.Task
    {
        let index = try index(of: reference)
        var task = allTasks[index]
        try change(&task)
        task.updatedAt = now
        allTasks[index] = task
        return presented(task)
    }

    /// A stored task as the Services hand it out: its project and list named by id as well, and its logged time.
    private func presented(_ task: TasksFeature.Task, withLoggedTime: Bool = true) -> TasksFeature.Task {
        var task = task
        task.projectID = task.projectName.flatMap { name in
            projects.firstIndex(of: name).map { SampleTasks.identifier(for: 70_000 + $0) }
        }
        task.listID = task.listName.flatMap { name in
            lists.firstIndex { $0 == (task.projectName ?? "", name) }.map { SampleTasks.identifier(for: 80_000 + $0) }
        }
        if withLoggedTime { task.loggedSeconds = loggedSeconds[task.id] }
        return task
    }

    private func transition(_ reference: String, from allowed: Set<TaskStatus>, to status: TaskStatus) throws
        -> TasksFeature.Task
    {
        try update(reference) { task in
            guard allowed.contains(task.status) else {
                throw TasksFakeError.invalid("task \(task.number) is \(task.status.rawValue)")
            }
            task.status = status
            task.completedAt = status == .done ? now : nil
        }
    }

    /// A task number (optionally after "#"); else a unique id prefix of at least four hex characters.
    private func index(of reference: String) throws -> Int {
        var key = reference.trimmingCharacters(in: .whitespaces).lowercased()
        if key.hasPrefix("#") { key.removeFirst() }
        if let number = Int(key), let index = allTasks.firstIndex(where: { $0.number == number }) { return index }
        let isPrefix = key.count >= 4 && key.allSatisfy { $0.isHexDigit || $0 == "-" }
        let matches = isPrefix ? allTasks.indices.filter { allTasks[$0].id.hasPrefix(key) } : []
        guard matches.count < 2 else {
            throw TasksFakeError.ambiguous(
                kind: "task", reference: reference, candidates: matches.map { String(allTasks[$0].number) })
        }
        guard let index = matches.first else { throw TasksFakeError.notFound(kind: "task", reference: reference) }
        return index
    }

    /// Where a project and list reference put a task: a list alone is looked for in `current` first, then in every
    /// project, and brings its project along.
    private func place(project: String?, list: String?, preferring current: String? = nil) throws -> (String?, String?)
    {
        let owner = try project.map { reference in
            guard let name = projects.first(where: { Self.same($0, reference) }) else {
                throw TasksFakeError.notFound(kind: "project", reference: reference)
            }
            return name
        }
        guard let list else { return (owner, nil) }
        let named = lists.filter { Self.same($0.name, list) && (owner == nil || $0.project == owner) }
        let matches = named.filter { $0.project == current }.isEmpty ? named : named.filter { $0.project == current }
        guard matches.count < 2 else {
            throw TasksFakeError.ambiguous(
                kind: "list", reference: list, candidates: matches.map { "\($0.name) (\($0.project))" })
        }
        guard let match = matches.first else { throw TasksFakeError.notFound(kind: "list", reference: list) }
        return (match.project, match.name)
    }

    /// The member a typed name (or `me`) stands for.
    private func member(_ reference: String) throws -> (id: String, name: String) {
        guard let you = team.first else { throw TasksFakeError.notLoggedIn }
        let key = reference.trimmingCharacters(in: .whitespaces).lowercased()
        if key == "me" { return you }
        var matches = team.filter { $0.name.lowercased() == key }
        if matches.isEmpty { matches = team.filter { $0.name.lowercased().hasPrefix(key) } }
        guard matches.count <= 1 else {
            throw TasksFakeError.ambiguous(kind: "team member", reference: reference, candidates: matches.map(\.name))
        }
        guard let match = matches.first else {
            throw TasksFakeError.notFound(kind: "team member", reference: reference)
        }
        return match
    }

    private func filtered(_ query: TaskQuery) throws -> [TasksFeature.Task] {
        let (project, list) = try place(project: query.project, list: query.list)
        let assignee = try query.assignee.map { try member($0).id }
        let tag = query.tag.flatMap { Self.normalised([$0]).first }
        let text = query.text?.lowercased()
        let today = CalendarDay.from(now, in: timeZone)
        let monday = today.adding(days: 1 - today.weekday)
        return allTasks.filter { task in
            guard query.status.includes(task.status), project == nil || task.projectName == project,
                list == nil || task.listName == list, tag.map(task.tags.contains) ?? true,
                query.priority.map({ $0 == task.priority }) ?? true, assignee == nil || task.assigneeID == assignee
            else { return false }
            if let text, !task.title.lowercased().contains(text), !task.note.lowercased().contains(text) {
                return false
            }
            guard let filter = query.due else { return true }
            guard let due = task.due else { return false }
            switch filter {
            case .today: return due == today
            case .overdue: return task.isOverdue(on: today)
            case .thisWeek: return due >= monday && due <= monday.adding(days: 6)
            case .before(let day): return due < day
            case .on(let day): return due == day
            }
        }
    }

    /// The App's orders (see ``TaskSort``); the number breaks every tie.
    private static func order(_ sort: TaskSort) -> (TasksFeature.Task, TasksFeature.Task) -> Bool {
        func dueFirst(_ a: TasksFeature.Task, _ b: TasksFeature.Task) -> Bool? {
            a.due == b.due ? nil : (a.due.map { due in b.due.map { due < $0 } ?? true } ?? false)
        }
        return { a, b in
            let decided: Bool? =
                switch sort {
                case .priority:
                    (a.status == .done) != (b.status == .done)
                        ? b.status == .done : a.priority != b.priority ? a.priority > b.priority : dueFirst(a, b)
                case .due: dueFirst(a, b)
                case .created: a.createdAt == b.createdAt ? nil : a.createdAt < b.createdAt
                case .updated: a.updatedAt == b.updatedAt ? nil : a.updatedAt > b.updatedAt
                case .title:
                    a.title.lowercased() == b.title.lowercased() ? nil : a.title.lowercased() < b.title.lowercased()
                case .number: nil
                }
            return decided ?? (a.number < b.number)
        }
    }

    private static func validTitle(_ raw: String) throws -> String {
        let title = raw.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !title.isEmpty, title.count <= 500, !title.contains(where: \.isNewline) else {
            throw TasksFakeError.invalid("a title is one line of 1 to 500 characters")
        }
        return title
    }

    /// Lowercased, without leading "#" or "+", sorted and unique (the App also refuses malformed tags; the fake
    /// leaves validation to it).
    private static func normalised(_ tags: [String]) -> [String] {
        Array(Set(tags.map { String($0.lowercased().trimmingPrefix(/[\s#+]+/)).trimmingCharacters(in: .whitespaces) }))
            .sorted()
    }

    private static func same(_ a: String, _ b: String) -> Bool {
        a.caseInsensitiveCompare(b.trimmingCharacters(in: .whitespaces)) == .orderedSame
    }
}
