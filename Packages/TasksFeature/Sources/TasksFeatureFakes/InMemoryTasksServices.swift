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
/// opt in to the Logged line; ``Task/subtasksLoggedSeconds`` is the sum of what was recorded on the subtasks however
/// deep (`nil` when nothing was). The clock is ``now``; its day in the fake's time
/// zone is "today" for due filters and the dashboard. Assigning needs ``setTeam(you:others:)`` first (the fake's
/// login): `me` is `you`, other names match a member ignoring case, or a unique beginning of one. Errors are
/// ``TasksFakeError``: a parent completed while a subtask is open without `force` is a ``TasksFakeError/conflict(_:)``.
///
/// Links between tasks (parent, prerequisites) are kept by id beside the tasks and read afresh whenever a task is
/// handed out, so they always show the linked tasks' current titles and statuses; a deleted task simply drops out of
/// them. A recurring task stores its canonical rule (see ``TaskDraft/repeatRule``) and the first day of its series;
/// completing it makes the next occurrence once.
public actor InMemoryTasksServices: TasksServices {
    /// Every stored task, in the order they were added. Stored without links (parent, prerequisites, subtasks),
    /// which ``tasks(matching:)`` and the other reads fill in.
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
    /// Each subtask's parent, by id (a link to a deleted task stays, unread).
    private var parentIDs: [String: String] = [:]
    /// The tasks each task comes after, by id, in the order they were linked.
    private var prerequisiteIDs: [String: [String]] = [:]
    /// The first day of each recurring task's series, which its occurrences are counted from.
    private var seriesStart: [String: CalendarDay] = [:]
    /// Recurring tasks whose next occurrence has been made: completing one again (after a reopen) makes none.
    private var continued: Set<String> = []

    /// The App's limit on the tasks one task may come after.
    static let prerequisiteLimit = 100

    /// - Parameters:
    ///   - tasks: the initial tasks (their numbers are kept; new tasks are numbered after the highest). Their
    ///     ``Task/parent`` and ``Task/after`` links are kept by id; a recurring one's series starts on its due day.
    ///   - projects: project names and their list names; the projects and lists of `tasks` are added.
    ///   - timeZone: the zone of "today" and of note stamps.
    ///   - loggedSeconds: time logged per task id, returned by `task(reference:)`.
    public init(
        tasks: [TasksFeature.Task] = [], projects: [String: [String]] = [:], now: Date,
        timeZone: TimeZone = TimeZone(identifier: "UTC") ?? .current, loggedSeconds: [String: Int] = [:]
    ) {
        self.allTasks = tasks.map(Self.withoutLinks)
        self.now = now
        self.timeZone = timeZone
        self.loggedSeconds = loggedSeconds
        self.nextNumber = (tasks.map(\.number).max() ?? 0) + 1
        let placed = tasks.compactMap { task in task.projectName.map { ($0, task.listName.map { [$0] } ?? []) } }
        for (project, names) in projects.sorted(by: { $0.key < $1.key }) + placed {
            if !self.projects.contains(project) { self.projects.append(project) }
            for name in names where !lists.contains(where: { $0 == (project, name) }) { lists.append((project, name)) }
        }
        for task in tasks {
            parentIDs[task.id] = task.parent?.id
            if !task.after.isEmpty { prerequisiteIDs[task.id] = task.after.map(\.id) }
            if task.repeatRule != nil { seriesStart[task.id] = task.due ?? CalendarDay.from(now, in: timeZone) }
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
        var (project, list) = try place(project: draft.project, list: draft.list)
        let parent = try draft.parent.map(linkedID)
        // A subtask lives where its parent does, unless it is told otherwise (as in the App).
        if let parent, draft.project == nil, draft.list == nil, let home = allTasks.first(where: { $0.id == parent }) {
            (project, list) = (home.projectName, home.listName)
        }
        let after = try Self.unique(draft.after.map(linkedID))
        guard after.count <= Self.prerequisiteLimit else { throw Self.tooManyPrerequisites }
        let rule = try draft.repeatRule.map(Self.repeatRule)
        guard draft.repeatUntil == nil || rule != nil else { throw Self.untilWithoutRule }
        // A series starts on its first due day: today when none was given.
        let due = draft.due ?? (rule == nil ? nil : today)
        try Self.checkUntil(draft.repeatUntil, due: due)
        var task = TasksFeature.Task(
            id: SampleTasks.identifier(for: nextNumber), number: nextNumber, title: title, note: draft.note ?? "",
            priority: draft.priority ?? .none, due: due, tags: Self.normalised(draft.tags),
            estimateSeconds: draft.estimateSeconds, projectName: project, listName: list,
            createdAt: now, updatedAt: now)
        task.repeatRule = rule?.text
        task.repeatUntil = rule == nil ? nil : draft.repeatUntil
        if let reference = draft.assignee {
            let member = try member(reference)
            task.assigneeID = member.id
            task.assignee = member.name
        }
        nextNumber += 1
        allTasks.append(task)
        parentIDs[task.id] = parent
        if !after.isEmpty { prerequisiteIDs[task.id] = after }
        if rule != nil { seriesStart[task.id] = due }
        return presented(task)
    }

    public func editTask(reference: String, changes: TaskChanges) throws -> TasksFeature.Task {
        var assignee: (id: String, name: String)?
        if case .set(let name) = changes.assignee { assignee = try member(name) }
        let current = allTasks[try index(of: reference)]
        let place = try newPlace(of: current, changes: changes)
        let parent = try newParent(of: current, changes: changes)
        let after = try newPrerequisites(of: current, changes: changes)
        let repetition = try newRepetition(of: current, changes: changes)
        let (rule, until) = (repetition.rule, repetition.until)
        var start = repetition.start
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
            // A new series starts on the task's due day, today when it has none.
            if rule != nil, start == nil {
                task.due = task.due ?? today
                start = task.due
            }
            (task.repeatRule, task.repeatUntil) = (rule?.text, until)
            // Every check has passed: the links change with the task.
            parentIDs[task.id] = parent
            prerequisiteIDs[task.id] = after.isEmpty ? nil : after
            seriesStart[task.id] = rule == nil ? nil : start
        }
    }

    public func completeTask(reference: String, force: Bool = false) throws -> TasksFeature.Task {
        try complete(reference, force: force, alongWith: [])
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

    /// A parent completed together with its open subtasks needs no `force`. As in the App, what a completion
    /// unblocked is read once all of them are done, and a task is named by the first of them it waited on. Each
    /// task is returned as it is once all of them changed.
    public func changeTasks(references: [String], _ change: TaskBatchChange) throws -> [TasksFeature.Task] {
        try allOrNothing {
            let ids = try distinctIDs(references)
            let together = Set(ids)
            let changed = try ids.map { id in
                switch change {
                case .complete(let force): try complete(id, force: force, alongWith: together)
                case .reopen: try reopenTask(reference: id)
                case .start: try startTask(reference: id)
                case .move(let project, let list): try moveTask(reference: id, project: project, list: list)
                }
            }
            var named: Set<String> = []
            return try changed.map { task in
                var current = presented(allTasks[try index(of: task.id)])
                if case .complete = change {
                    current.unblocked = unblocked(by: task.id).filter { named.insert($0.id).inserted }
                }
                current.nextOccurrence = task.nextOccurrence
                return current
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
        let (parents, prerequisites, starts, made) = (parentIDs, prerequisiteIDs, seriesStart, continued)
        do {
            return try body()
        } catch {
            (allTasks, loggedSeconds, nextNumber) = (tasks, logged, number)
            (parentIDs, prerequisiteIDs, seriesStart, continued) = (parents, prerequisites, starts, made)
            throw error
        }
    }

    /// Completes a task: refused (a conflict) while a direct subtask is open, unless `force` or that subtask is
    /// completed in the same change (`together`); returns it with the tasks it unblocked and the occurrence it made.
    private func complete(_ reference: String, force: Bool, alongWith together: Set<String>) throws
        -> TasksFeature.Task
    {
        let task = allTasks[try index(of: reference)]
        let open = allTasks.filter { parentIDs[$0.id] == task.id && $0.status != .done && !together.contains($0.id) }
        if !force, !open.isEmpty {
            let numbers = open.map { String($0.number) }.joined(separator: ", ")
            throw TasksFakeError.conflict(
                "task \(task.number) has subtasks that are not done (\(numbers)): finish them or force it")
        }
        var done = try transition(reference, from: [.open, .inProgress], to: .done)
        done.unblocked = unblocked(by: task.id)
        done.nextOccurrence = makeNextOccurrence(of: task.id)
        return done
    }

    /// The active tasks that come after `id` and wait on nothing that is not done, by number.
    private func unblocked(by id: String) -> [TaskLink] {
        allTasks.filter { other in
            other.status != .done && (prerequisiteIDs[other.id] ?? []).contains(id) && !isBlocked(other.id)
        }.sorted { $0.number < $1.number }.map(\.link)
    }

    /// Makes the occurrence that follows the recurring task `id`, once: its copy due on the series' next day,
    /// unless that lies past the series' last day.
    private func makeNextOccurrence(of id: String) -> TaskLink? {
        guard let task = allTasks.first(where: { $0.id == id }), let text = task.repeatRule,
            let rule = FakeRepeatRule(text), continued.insert(id).inserted
        else { return nil }
        let start = seriesStart[id] ?? task.due ?? today
        let due = rule.next(after: task.due ?? start, start: start)
        if let until = task.repeatUntil, due > until { return nil }
        var next = TasksFeature.Task(
            id: SampleTasks.identifier(for: nextNumber), number: nextNumber, title: task.title, note: task.note,
            priority: task.priority, due: due, tags: task.tags, estimateSeconds: task.estimateSeconds,
            projectName: task.projectName, listName: task.listName, createdAt: now, updatedAt: now,
            assigneeID: task.assigneeID, assignee: task.assignee)
        (next.repeatRule, next.repeatUntil) = (task.repeatRule, task.repeatUntil)
        nextNumber += 1
        allTasks.append(next)
        parentIDs[next.id] = parentIDs[id]
        seriesStart[next.id] = start
        return next.link
    }

    /// The id of the live task a parent or prerequisite reference names.
    private func linkedID(_ reference: String) throws -> String {
        allTasks[try index(of: reference)].id
    }

    /// The parent an edit leaves `task` with: never the task itself nor one of its subtasks however deep.
    private func newParent(of task: TasksFeature.Task, changes: TaskChanges) throws -> String? {
        switch changes.parent {
        case .keep: return parentIDs[task.id]
        case .clear: return nil
        case .set(let reference):
            let parent = try linkedID(reference)
            var ancestor: String? = parent
            var seen: Set<String> = []
            while let id = ancestor, seen.insert(id).inserted, allTasks.contains(where: { $0.id == id }) {
                guard id != task.id else {
                    throw TasksFakeError.invalid(
                        parent == task.id
                            ? "a task cannot be its own parent" : "task \(reference) is a subtask of this task")
                }
                ancestor = parentIDs[id]
            }
            return parent
        }
    }

    /// The tasks an edit leaves `task` coming after: never itself, and never one that (through others) comes after
    /// it.
    private func newPrerequisites(of task: TasksFeature.Task, changes: TaskChanges) throws -> [String] {
        let kept = changes.clearAfter ? [] : prerequisiteIDs[task.id] ?? []
        let after = Self.unique(kept + (try changes.addAfter.map(linkedID)))
        guard !after.contains(task.id) else { throw TasksFakeError.invalid("a task cannot come after itself") }
        guard after.count <= Self.prerequisiteLimit else { throw Self.tooManyPrerequisites }
        var seen = Set(after)
        var queue = after
        while let id = queue.popLast() {
            for next in prerequisiteIDs[id] ?? [] where allTasks.contains(where: { $0.id == next }) {
                guard next != task.id else {
                    throw TasksFakeError.invalid("task \(task.number) would come after itself")
                }
                if seen.insert(next).inserted { queue.append(next) }
            }
        }
        return after
    }

    /// The rule, last day and series start an edit leaves `task` with; `start` is `nil` for a new series (it
    /// starts on the due day). Changing only the due day or the last day keeps the series, and so does setting the
    /// rule the task has without a new due day; clearing the rule makes a one-off.
    private func newRepetition(of task: TasksFeature.Task, changes: TaskChanges) throws
        -> (rule: FakeRepeatRule?, until: CalendarDay?, start: CalendarDay?)
    {
        let current = task.repeatRule.flatMap(FakeRepeatRule.init)
        var (until, start) = (task.repeatUntil, seriesStart[task.id])
        guard changes.repeatRule != .keep || changes.repeatUntil != .keep else { return (current, until, start) }
        var due = task.due
        if case .set(let day) = changes.due { due = day } else if changes.due == .clear { due = nil }
        if case .set(let day) = changes.repeatUntil {
            until = day
        } else if changes.repeatUntil == .clear {
            until = nil
        }
        switch changes.repeatRule {
        case .clear:
            return (nil, nil, nil)
        case .set(let typed):
            let rule = try Self.repeatRule(typed)
            try Self.checkUntil(until, due: due ?? today)
            if rule != current || changes.due != .keep { start = nil }
            return (rule, until, start)
        case .keep:
            guard let current else { throw Self.untilWithoutRule }
            try Self.checkUntil(until, due: due)
            return (current, until, start)
        }
    }

    /// The last day of a series may not come before its first.
    private static func checkUntil(_ until: CalendarDay?, due: CalendarDay?) throws {
        guard let until, let due, until < due else { return }
        throw TasksFakeError.invalid("the last day \(until.iso) is before the due day \(due.iso)")
    }

    /// Waiting on a live task that is not done.
    private func isBlocked(_ id: String) -> Bool {
        (prerequisiteIDs[id] ?? []).contains { prerequisite in
            allTasks.contains { $0.id == prerequisite && $0.status != .done }
        }
    }

    /// Time recorded on the subtasks of `id` however deep; `nil` when none has any.
    private func timeOnSubtasks(of id: String) -> Int? {
        var (total, seen, queue): (Int?, Set<String>, [String]) = (nil, [id], [id])
        while let current = queue.popLast() {
            for child in allTasks where parentIDs[child.id] == current && seen.insert(child.id).inserted {
                if let seconds = loggedSeconds[child.id] { total = (total ?? 0) + seconds }
                queue.append(child.id)
            }
        }
        return total
    }

    private var today: CalendarDay { CalendarDay.from(now, in: timeZone) }

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

    /// A stored task as the Services hand it out: its project and list named by id as well, its links to live tasks
    /// as they are now, and its logged time.
    private func presented(_ task: TasksFeature.Task, withLoggedTime: Bool = true) -> TasksFeature.Task {
        var task = task
        func link(_ id: String) -> TaskLink? { allTasks.first { $0.id == id }?.link }
        task.parent = parentIDs[task.id].flatMap(link)
        task.after = (prerequisiteIDs[task.id] ?? []).compactMap(link).sorted { $0.number < $1.number }
        task.subtasks = allTasks.filter { parentIDs[$0.id] == task.id }.sorted { $0.number < $1.number }.map(\.link)
        (task.unblocked, task.nextOccurrence) = ([], nil)
        task.subtasksLoggedSeconds = withLoggedTime ? timeOnSubtasks(of: task.id) : nil
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
        let parent = try query.parent.map(linkedID)
        let assignee = try query.assignee.map { try member($0).id }
        let tag = query.tag.flatMap { Self.normalised([$0]).first }
        let text = query.text?.lowercased()
        let today = CalendarDay.from(now, in: timeZone)
        let monday = today.adding(days: 1 - today.weekday)
        return allTasks.filter { task in
            guard query.status.includes(task.status), project == nil || task.projectName == project,
                list == nil || task.listName == list, tag.map(task.tags.contains) ?? true,
                query.priority.map({ $0 == task.priority }) ?? true, assignee == nil || task.assigneeID == assignee,
                parent == nil || parentIDs[task.id] == parent, query.blocked.map({ $0 == isBlocked(task.id) }) ?? true
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

    /// A rule as typed, read as the App reads it.
    private static func repeatRule(_ typed: String) throws -> FakeRepeatRule {
        guard let rule = FakeRepeatRule(typed) else {
            throw TasksFakeError.invalid(
                "'\(typed)' is not a repeat rule: daily, weekdays, weekly, biweekly, monthly, yearly or every N days, "
                    + "weeks, months or years")
        }
        return rule
    }

    private static let untilWithoutRule = TasksFakeError.invalid("a last day to repeat until needs a repeat rule")
    private static let tooManyPrerequisites = TasksFakeError.invalid(
        "a task can come after at most \(prerequisiteLimit) tasks")

    /// A task as stored: the links are kept apart and filled in when it is handed out.
    private static func withoutLinks(_ task: TasksFeature.Task) -> TasksFeature.Task {
        var task = task
        (task.parent, task.after, task.subtasks, task.unblocked) = (nil, [], [], [])
        (task.subtasksLoggedSeconds, task.nextOccurrence) = (nil, nil)
        return task
    }

    /// `ids` without repeats, in the order first named.
    private static func unique(_ ids: [String]) -> [String] {
        var seen: Set<String> = []
        return ids.filter { seen.insert($0).inserted }
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
