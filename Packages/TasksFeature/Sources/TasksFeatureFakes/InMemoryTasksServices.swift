import Foundation
import TasksFeature
import TerminalUI

/// A working, in-memory implementation of ``TasksServices`` for tests and the demo.
///
/// It behaves like the real store where the feature can tell: it assigns increasing numbers that are never reused,
/// resolves task references by number or by unique UUID prefix (at least four hex characters) and projects and lists
/// by case-insensitive name, filters and sorts as ``TaskQuery`` describes, enforces the status transitions, and
/// throws ``TasksFakeError`` for unknown or ambiguous references and invalid requests.
/// Logged time is reported as the App reports it: only by `task(reference:)`, never on list rows. A task the fake
/// was given no logged time for reports `nil` (not loaded) rather than 0, so tests opt in to the Logged line.
/// Its clock is fixed (`now`), so results are reproducible.
public actor InMemoryTasksServices: TasksServices {
    /// Every stored task, in the order they were added.
    public private(set) var allTasks: [TasksFeature.Task]
    /// Every query received by `tasks(matching:today:)` and `countTasks(matching:today:)`, oldest first.
    public private(set) var receivedQueries: [TaskQuery] = []
    private var projects: [String: [String]]
    /// Seconds logged per task id.
    private var loggedSeconds: [String: Int]
    private var nextNumber: Int
    private let now: Date
    private let timeZone: TimeZone

    /// - Parameters:
    ///   - tasks: the initial tasks (their numbers are kept; new tasks are numbered after the highest).
    ///   - projects: known project names and their list names; projects and lists used by `tasks` are added.
    ///   - now: the time stamped on every change.
    ///   - timeZone: the zone note lines are stamped in.
    ///   - loggedSeconds: time logged per task id, returned by `task(reference:)`.
    public init(
        tasks: [TasksFeature.Task] = [],
        projects: [String: [String]] = [:],
        now: Date,
        timeZone: TimeZone = TimeZone(identifier: "UTC") ?? .current,
        loggedSeconds: [String: Int] = [:]
    ) {
        var known = projects
        for task in tasks {
            guard let project = task.projectName else { continue }
            var lists = known[project] ?? []
            if let list = task.listName, !lists.contains(list) { lists.append(list) }
            known[project] = lists
        }
        self.allTasks = tasks
        self.projects = known
        self.nextNumber = (tasks.map(\.number).max() ?? 0) + 1
        self.now = now
        self.timeZone = timeZone
        self.loggedSeconds = loggedSeconds
    }

    /// The sample data of ``SampleTasks`` around `today`, with the clock at noon of that day.
    public static func sample(today: CalendarDay, timeZone: TimeZone = TimeZone(identifier: "UTC") ?? .current)
        -> InMemoryTasksServices
    {
        InMemoryTasksServices(
            tasks: SampleTasks.make(today: today, timeZone: timeZone),
            projects: SampleTasks.projects,
            now: SampleTasks.date(today, hour: 12, in: timeZone),
            timeZone: timeZone,
            loggedSeconds: SampleTasks.loggedSeconds
        )
    }

    /// Records the time logged against the task `reference` points at; `nil` makes it unknown again.
    /// - Throws: ``TasksFakeError`` when the reference does not resolve to exactly one task.
    public func setLogged(_ seconds: Int?, forTask reference: String) throws {
        loggedSeconds[allTasks[try index(of: reference)].id] = seconds
    }

    // MARK: Reads

    public func tasks(matching query: TaskQuery, today: CalendarDay) async throws -> [TasksFeature.Task] {
        receivedQueries.append(query)
        let matching = try filtered(query, today: today).sorted(by: Self.order(for: query.sort))
        guard let limit = query.limit else { return matching }
        return Array(matching.prefix(max(0, limit)))
    }

    public func countTasks(matching query: TaskQuery, today: CalendarDay) async throws -> Int {
        receivedQueries.append(query)
        return try filtered(query, today: today).count
    }

    public func task(reference: String) async throws -> TasksFeature.Task {
        var task = allTasks[try index(of: reference)]
        task.loggedSeconds = loggedSeconds[task.id]
        return task
    }

    public func dashboard(today: CalendarDay) async throws -> Dashboard {
        let active = allTasks.filter { $0.status != .done }
        let byPriority = Self.order(for: .priority)
        return Dashboard(
            overdue: active.filter { $0.isOverdue(on: today) }.sorted(by: Self.order(for: .due)),
            dueToday: active.filter { $0.isDue(on: today) }.sorted(by: byPriority),
            inProgress: active.filter { $0.status == .inProgress }.sorted(by: byPriority),
            openCount: active.count
        )
    }

    // MARK: Writes

    public func addTask(_ draft: TaskDraft) async throws -> TasksFeature.Task {
        let title = try Self.validTitle(draft.title)
        let (project, list) = try place(project: draft.project, list: draft.list)
        if let estimate = draft.estimateSeconds, estimate <= 0 {
            throw TasksFakeError.invalid("the estimate must be positive")
        }
        let number = nextNumber
        nextNumber += 1
        let task = TasksFeature.Task(
            id: Self.identifier(for: number),
            number: number,
            title: title,
            note: draft.note ?? "",
            priority: draft.priority ?? .none,
            due: draft.due,
            tags: try Self.normalised(draft.tags),
            estimateSeconds: draft.estimateSeconds,
            projectName: project,
            listName: list,
            createdAt: now,
            updatedAt: now
        )
        allTasks.append(task)
        return task
    }

    public func editTask(reference: String, changes: TaskChanges) async throws -> TasksFeature.Task {
        try update(reference) { task in
            if let title = changes.title { task.title = try Self.validTitle(title) }
            switch changes.due {
            case .keep: break
            case .set(let day): task.due = day
            case .clear: task.due = nil
            }
            if let priority = changes.priority { task.priority = priority }
            let removed = Set(try Self.normalised(changes.removeTags))
            task.tags = try Self.normalised(task.tags + changes.addTags).filter { !removed.contains($0) }
            switch changes.estimateSeconds {
            case .keep: break
            case .set(let seconds):
                guard seconds > 0 else { throw TasksFakeError.invalid("the estimate must be positive") }
                task.estimateSeconds = seconds
            case .clear: task.estimateSeconds = nil
            }
            if let note = changes.note { task.note = note }
        }
    }

    public func completeTask(reference: String) async throws -> TasksFeature.Task {
        try update(reference) { task in
            guard task.status != .done else { throw TasksFakeError.invalid("task \(task.number) is already done") }
            task.status = .done
            task.completedAt = now
        }
    }

    public func reopenTask(reference: String) async throws -> TasksFeature.Task {
        try update(reference) { task in
            guard task.status == .done else { throw TasksFakeError.invalid("task \(task.number) is not done") }
            task.status = .open
            task.completedAt = nil
        }
    }

    public func startTask(reference: String) async throws -> TasksFeature.Task {
        try update(reference) { task in
            guard task.status != .done else {
                throw TasksFakeError.invalid("task \(task.number) is done; reopen it first")
            }
            task.status = .inProgress
        }
    }

    public func deleteTask(reference: String) async throws -> TasksFeature.Task {
        let index = try index(of: reference)
        loggedSeconds[allTasks[index].id] = nil
        return allTasks.remove(at: index)
    }

    public func moveTask(reference: String, project: String?, list: String?) async throws -> TasksFeature.Task {
        let index = try index(of: reference)
        // A list alone means "another list of the same project".
        let targetProject = project ?? (list == nil ? nil : allTasks[index].projectName)
        let (newProject, newList) = try place(project: targetProject, list: list)
        return try update(reference) { task in
            task.projectName = newProject
            task.listName = newList
        }
    }

    public func appendNote(reference: String, text: String) async throws -> TasksFeature.Task {
        let line = text.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !line.isEmpty else { throw TasksFakeError.invalid("the note text is empty") }
        let stamped = "\(SampleTasks.stamp(now, in: timeZone))  \(line)"
        return try update(reference) { task in
            task.note = task.note.isEmpty ? stamped : task.note + "\n" + stamped
        }
    }

    // MARK: Helpers

    private func update(_ reference: String, _ change: (inout TasksFeature.Task) throws -> Void) throws
        -> TasksFeature.Task
    {
        let index = try index(of: reference)
        var task = allTasks[index]
        try change(&task)
        task.updatedAt = now
        allTasks[index] = task
        return task
    }

    private func index(of reference: String) throws -> Int {
        var key = reference.trimmingCharacters(in: .whitespaces).lowercased()
        if key.hasPrefix("#") { key.removeFirst() }
        if !key.isEmpty, key.allSatisfy(\.isASCII), let number = Int(key) {
            guard let index = allTasks.firstIndex(where: { $0.number == number }) else {
                throw TasksFakeError.notFound(kind: "task", reference: reference)
            }
            return index
        }
        let isPrefix = key.count >= 4 && key.allSatisfy { $0.isHexDigit || $0 == "-" }
        let matches = isPrefix ? allTasks.indices.filter { allTasks[$0].id.lowercased().hasPrefix(key) } : []
        switch matches.count {
        case 0: throw TasksFakeError.notFound(kind: "task", reference: reference)
        case 1: return matches[0]
        default:
            throw TasksFakeError.ambiguous(
                reference: reference, candidates: matches.map { allTasks[$0].number }.sorted())
        }
    }

    /// Resolves project and list references to their stored spelling. A list needs a project.
    private func place(project: String?, list: String?) throws -> (String?, String?) {
        guard let project else {
            if let list { throw TasksFakeError.invalid("list '\(list)' needs a project") }
            return (nil, nil)
        }
        let projectName = try projectName(matching: project)
        guard let list else { return (projectName, nil) }
        guard let listName = projects[projectName]?.first(where: { Self.same($0, list) }) else {
            throw TasksFakeError.notFound(kind: "list", reference: list)
        }
        return (projectName, listName)
    }

    private func projectName(matching reference: String) throws -> String {
        guard let name = projects.keys.first(where: { Self.same($0, reference) }) else {
            throw TasksFakeError.notFound(kind: "project", reference: reference)
        }
        return name
    }

    private func filtered(_ query: TaskQuery, today: CalendarDay) throws -> [TasksFeature.Task] {
        let project = try query.project.map(projectName(matching:))
        let list = try query.list.map { reference in
            try place(project: project ?? Self.onlyProject(withList: reference, in: projects), list: reference).1
        }
        let tag = query.tag.map(Self.tagName)
        let text = query.text?.lowercased()
        let weekStart = today.adding(days: 1 - today.weekday)
        return allTasks.filter { task in
            guard query.status.includes(task.status) else { return false }
            if let project, task.projectName != project { return false }
            if let list, task.listName != list { return false }
            if let tag, !task.tags.contains(tag) { return false }
            if let priority = query.priority, task.priority != priority { return false }
            if let text, !task.title.lowercased().contains(text), !task.note.lowercased().contains(text) {
                return false
            }
            switch query.due {
            case nil: return true
            case .today: return task.due == today
            case .overdue: return task.isOverdue(on: today)
            case .thisWeek:
                guard let due = task.due else { return false }
                return due >= weekStart && due <= weekStart.adding(days: 6)
            case .before(let day):
                guard let due = task.due else { return false }
                return due < day
            case .on(let day): return task.due == day
            }
        }
    }

    private static func onlyProject(withList list: String, in projects: [String: [String]]) -> String? {
        let owners = projects.filter { $0.value.contains { same($0, list) } }.map(\.key)
        return owners.count == 1 ? owners[0] : nil
    }

    private static func order(for sort: TaskSort) -> (TasksFeature.Task, TasksFeature.Task) -> Bool {
        // Each comparator returns nil on a tie so the next one decides; the number is the final tie-breaker.
        func dueOrder(_ a: TasksFeature.Task, _ b: TasksFeature.Task) -> Bool? {
            switch (a.due, b.due) {
            case (nil, nil): nil
            case (nil, _): false
            case (_, nil): true
            case (let x?, let y?): x == y ? nil : x < y
            }
        }
        func priorityOrder(_ a: TasksFeature.Task, _ b: TasksFeature.Task) -> Bool? {
            a.priority == b.priority ? nil : a.priority > b.priority
        }
        func doneLast(_ a: TasksFeature.Task, _ b: TasksFeature.Task) -> Bool? {
            (a.status == .done) == (b.status == .done) ? nil : b.status == .done
        }
        return { a, b in
            let decided: Bool? =
                switch sort {
                case .priority: doneLast(a, b) ?? priorityOrder(a, b) ?? dueOrder(a, b)
                case .due: dueOrder(a, b) ?? priorityOrder(a, b)
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
        guard !title.isEmpty else { throw TasksFakeError.invalid("the title is empty") }
        guard title.count <= 500 else { throw TasksFakeError.invalid("the title is too long (the limit is 500)") }
        return title
    }

    private static func tagName(_ raw: String) -> String {
        var name = raw.trimmingCharacters(in: .whitespaces).lowercased()
        if name.hasPrefix("#") || name.hasPrefix("+") { name.removeFirst() }
        return name
    }

    private static func normalised(_ tags: [String]) throws -> [String] {
        let names = tags.map(tagName)
        if let bad = names.first(where: { $0.isEmpty || $0.contains(where: { $0.isWhitespace || $0 == "," }) }) {
            throw TasksFakeError.invalid("'\(bad)' is not a valid tag")
        }
        return Array(Set(names)).sorted()
    }

    private static func same(_ a: String, _ b: String) -> Bool {
        a.compare(b, options: .caseInsensitive) == .orderedSame
    }

    /// A stable, well-spread UUID-shaped id for a task number, so fake data is reproducible and prefixes differ.
    public static func identifier(for number: Int) -> String {
        let bits = UInt64(truncatingIfNeeded: number)
        let mixed = bits &* 0x9E37_79B9_7F4A_7C15
        func hex(_ value: UInt64, _ digits: Int) -> String {
            let text = String(value, radix: 16)
            return String(repeating: "0", count: max(0, digits - text.count)) + text
        }
        return "\(hex(mixed >> 32, 8))-\(hex((mixed >> 16) & 0xFFFF, 4))-4\(hex(mixed & 0xFFF, 3))-"
            + "8\(hex(bits & 0xFFF, 3))-\(hex(bits & 0xFFFF_FFFF_FFFF, 12))"
    }
}
