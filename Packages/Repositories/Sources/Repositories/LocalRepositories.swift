import Entities
import Foundation

/// ``ProjectRepository`` over a ``ProjectDatastore``. Today the datastore is the only source; the
/// sync issue adds a Service beside it without changing this protocol (docs/adr/0003).
public struct LocalProjectRepository: ProjectRepository {
    private let datastore: any ProjectDatastore
    private let clock: any DateProvider
    private let ids: any IdentifierProvider

    public init(datastore: any ProjectDatastore, clock: any DateProvider, ids: any IdentifierProvider) {
        self.datastore = datastore
        self.clock = clock
        self.ids = ids
    }

    public func projects(includeArchived: Bool) async throws -> [Project] {
        try await datastore.projects(includeArchived: includeArchived)
    }

    public func project(id: UUID) async throws -> Project? { try await datastore.project(id: id) }

    public func project(reference: String) async throws -> Project {
        let named = try await datastore.projects(named: reference.trimmingCharacters(in: .whitespaces))
        if named.count == 1 { return named[0] }
        var matches = named
        if matches.isEmpty, let prefix = Reference.idPrefix(reference) {
            matches = try await datastore.projects(idPrefix: prefix)
        }
        return try single(matches, kind: .project, reference: reference) {
            ReferenceCandidate(reference: Reference.short($0.id), label: $0.name)
        }
    }

    public func create(name: String, note: String) async throws -> Project {
        let now = clock.now()
        let project = try validating { try Project.create(id: ids.makeIdentifier(), name: name, note: note, now: now) }
        try await ensureUnique(project.name, except: nil)
        try await datastore.insert(project, summary: "added project \"\(project.name)\"", at: now)
        return project
    }

    public func rename(_ id: UUID, to name: String) async throws -> Project {
        let newName = try validating { try Project.validatedName(name) }
        try await ensureUnique(newName, except: id)
        return try await change(id, summary: "renamed project to \"\(newName)\"") { project, now in
            try project.rename(to: newName, now: now)
        }
    }

    public func change(
        _ id: UUID, summary: String, _ change: @escaping @Sendable (inout Project, Date) throws -> Void
    ) async throws -> Project {
        let now = clock.now()
        return try await datastore.update(id: id, summary: summary, at: now) { try change(&$0, now) }
    }

    public func delete(_ id: UUID) async throws -> Project {
        guard let project = try await datastore.project(id: id) else {
            throw RepositoryError.notFound(kind: .project, reference: Reference.short(id))
        }
        try await datastore.delete(id: id, summary: "deleted project \"\(project.name)\"", at: clock.now())
        return project
    }

    private func ensureUnique(_ name: String, except id: UUID?) async throws {
        let clashes = try await datastore.projects(named: name).filter { $0.id != id }
        if let clash = clashes.first {
            throw RepositoryError.conflict(message: "a project named \"\(clash.name)\" already exists")
        }
    }
}

/// ``TaskListRepository`` over a ``TaskListDatastore``.
public struct LocalTaskListRepository: TaskListRepository {
    private let datastore: any TaskListDatastore
    private let projects: any ProjectDatastore
    private let clock: any DateProvider
    private let ids: any IdentifierProvider

    public init(
        datastore: any TaskListDatastore, projects: any ProjectDatastore, clock: any DateProvider,
        ids: any IdentifierProvider
    ) {
        self.datastore = datastore
        self.projects = projects
        self.clock = clock
        self.ids = ids
    }

    public func taskLists(projectID: UUID?) async throws -> [TaskList] {
        try await datastore.taskLists(projectID: projectID)
    }

    public func taskList(id: UUID) async throws -> TaskList? { try await datastore.taskList(id: id) }

    public func taskList(reference: String, projectID: UUID?) async throws -> TaskList {
        let named = try await datastore.taskLists(
            named: reference.trimmingCharacters(in: .whitespaces), projectID: projectID)
        if named.count == 1 { return named[0] }
        var matches = named
        if matches.isEmpty, let prefix = Reference.idPrefix(reference) {
            matches = try await datastore.taskLists(idPrefix: prefix).filter {
                projectID == nil || $0.projectID == projectID
            }
        }
        var projectNames: [UUID: String] = [:]
        if matches.count > 1 {
            for project in try await projects.projects(includeArchived: true) {
                projectNames[project.id] = project.name
            }
        }
        return try single(matches, kind: .taskList, reference: reference) { list in
            let owner = projectNames[list.projectID].map { " (\($0))" } ?? ""
            return ReferenceCandidate(reference: Reference.short(list.id), label: list.name + owner)
        }
    }

    public func create(name: String, projectID: UUID) async throws -> TaskList {
        let now = clock.now()
        guard let project = try await projects.project(id: projectID) else {
            throw RepositoryError.notFound(kind: .project, reference: Reference.short(projectID))
        }
        let list = try validating {
            try TaskList.create(id: ids.makeIdentifier(), projectID: projectID, name: name, now: now)
        }
        try await ensureUnique(list.name, in: projectID, except: nil)
        try await datastore.insert(list, summary: "added list \"\(list.name)\" to \"\(project.name)\"", at: now)
        return list
    }

    public func rename(_ id: UUID, to name: String) async throws -> TaskList {
        guard let list = try await datastore.taskList(id: id) else {
            throw RepositoryError.notFound(kind: .taskList, reference: Reference.short(id))
        }
        let now = clock.now()
        var renamed = list
        try validating { try renamed.rename(to: name, now: now) }
        try await ensureUnique(renamed.name, in: list.projectID, except: id)
        let newName = renamed.name
        return try await datastore.update(id: id, summary: "renamed list \"\(list.name)\" to \"\(newName)\"", at: now) {
            try $0.rename(to: newName, now: now)
        }
    }

    public func delete(_ id: UUID) async throws -> TaskList {
        guard let list = try await datastore.taskList(id: id) else {
            throw RepositoryError.notFound(kind: .taskList, reference: Reference.short(id))
        }
        try await datastore.delete(id: id, summary: "deleted list \"\(list.name)\"", at: clock.now())
        return list
    }

    private func ensureUnique(_ name: String, in projectID: UUID, except id: UUID?) async throws {
        let clashes = try await datastore.taskLists(named: name, projectID: projectID).filter { $0.id != id }
        if let clash = clashes.first {
            throw RepositoryError.conflict(message: "this project already has a list named \"\(clash.name)\"")
        }
    }
}

/// ``TaskRepository`` over a ``TaskDatastore``.
public struct LocalTaskRepository: TaskRepository {
    private let datastore: any TaskDatastore
    private let lists: any TaskListDatastore
    private let projects: any ProjectDatastore
    private let clock: any DateProvider
    private let ids: any IdentifierProvider

    public init(
        datastore: any TaskDatastore, lists: any TaskListDatastore, projects: any ProjectDatastore,
        clock: any DateProvider, ids: any IdentifierProvider
    ) {
        self.datastore = datastore
        self.lists = lists
        self.projects = projects
        self.clock = clock
        self.ids = ids
    }

    public func tasks(matching query: TaskQuery) async throws -> [Task] {
        try await datastore.tasks(matching: query)
    }

    public func count(matching query: TaskQuery) async throws -> Int {
        try await datastore.count(matching: query)
    }

    public func task(reference: String) async throws -> Task {
        if let number = Reference.number(reference) {
            if let task = try await datastore.task(number: number) { return task }
            // Fall through: "1234" can also be the start of an id.
        }
        guard let prefix = Reference.idPrefix(reference) else {
            throw RepositoryError.notFound(kind: .task, reference: reference)
        }
        let matches = try await datastore.tasks(idPrefix: prefix)
        return try single(matches, kind: .task, reference: reference) {
            ReferenceCandidate(reference: $0.number.map(String.init) ?? Reference.short($0.id), label: $0.title)
        }
    }

    public func create(_ draft: NewTask) async throws -> Task {
        let now = clock.now()
        let (projectID, listID) = try await placement(projectID: draft.projectID, listID: draft.listID)
        let task = try validating {
            try Task.create(
                id: ids.makeIdentifier(), title: draft.title, projectID: projectID, listID: listID, due: draft.due,
                priority: draft.priority, tags: draft.tags, estimate: draft.estimate, note: draft.note, now: now)
        }
        return try await datastore.insert(task, summary: "added task \"\(task.title)\"", at: now)
    }

    public func change(
        _ id: UUID, summary: String, _ change: @escaping @Sendable (inout Task, Date) throws -> Void
    ) async throws -> Task {
        let now = clock.now()
        let projects = self.projects
        let lists = self.lists
        // Moving a task must land it in a list of its own project: check the result before storing.
        var probe = try await existing(id)
        try validating { try change(&probe, now) }
        _ = try await placementCheck(projectID: probe.projectID, listID: probe.listID, projects: projects, lists: lists)
        return try await datastore.update(id: id, summary: summary, at: now) { try change(&$0, now) }
    }

    public func delete(_ id: UUID) async throws -> Task {
        let task = try await existing(id)
        let label = task.number.map { "task \($0)" } ?? "task"
        try await datastore.delete(id: id, summary: "deleted \(label) \"\(task.title)\"", at: clock.now())
        return task
    }

    public func tallyByProject() async throws -> [UUID: TaskTally] { try await datastore.tallyByProject() }

    public func tallyByList() async throws -> [UUID: TaskTally] { try await datastore.tallyByList() }

    private func existing(_ id: UUID) async throws -> Task {
        guard let task = try await datastore.task(id: id) else {
            throw RepositoryError.notFound(kind: .task, reference: Reference.short(id))
        }
        return task
    }

    /// A list implies its project; a project and a list from another project is a mistake.
    private func placement(projectID: UUID?, listID: UUID?) async throws -> (UUID?, UUID?) {
        try await placementCheck(projectID: projectID, listID: listID, projects: projects, lists: lists)
    }
}

private func placementCheck(
    projectID: UUID?, listID: UUID?, projects: any ProjectDatastore, lists: any TaskListDatastore
) async throws -> (UUID?, UUID?) {
    if let listID {
        guard let list = try await lists.taskList(id: listID) else {
            throw RepositoryError.notFound(kind: .taskList, reference: Reference.short(listID))
        }
        if let projectID, projectID != list.projectID {
            throw RepositoryError.conflict(message: "list \"\(list.name)\" belongs to another project")
        }
        return (list.projectID, listID)
    }
    if let projectID, try await projects.project(id: projectID) == nil {
        throw RepositoryError.notFound(kind: .project, reference: Reference.short(projectID))
    }
    return (projectID, nil)
}

/// ``HistoryRepository`` over a ``HistoryDatastore``.
public struct LocalHistoryRepository: HistoryRepository {
    private let datastore: any HistoryDatastore
    private let clock: any DateProvider

    public init(datastore: any HistoryDatastore, clock: any DateProvider) {
        self.datastore = datastore
        self.clock = clock
    }

    public func undo() async throws -> String {
        guard let summary = try await datastore.undoLatest(at: clock.now()) else {
            throw RepositoryError.conflict(message: "nothing to undo")
        }
        return summary
    }
}

/// ``TransferRepository`` over a ``TransferDatastore``.
public struct LocalTransferRepository: TransferRepository {
    private let datastore: any TransferDatastore
    private let clock: any DateProvider

    public init(datastore: any TransferDatastore, clock: any DateProvider) {
        self.datastore = datastore
        self.clock = clock
    }

    public func snapshot() async throws -> Snapshot { try await datastore.snapshot() }

    public func merge(_ snapshot: Snapshot, progress: @escaping @Sendable (Int) -> Void) async throws
        -> ImportSummary
    {
        let count =
            snapshot.projects.count + snapshot.taskLists.count + snapshot.tasks.count + snapshot.timers.count
            + snapshot.timeEntries.count
        return try await datastore.merge(
            snapshot, summary: "imported \(count) items", at: clock.now(), progress: progress)
    }
}

/// Runs an entity rule, turning its ``ValidationError`` into ``RepositoryError/invalid(inner:)``.
func validating<T>(_ body: () throws -> T) throws(RepositoryError) -> T {
    do { return try body() } catch { throw repositoryError(error) }
}

/// The one match, or `notFound` / `ambiguous` with candidates a user can pick from.
func single<T>(
    _ matches: [T], kind: EntityKind, reference: String, candidate: (T) -> ReferenceCandidate
) throws(RepositoryError) -> T {
    switch matches.count {
    case 1: return matches[0]
    case 0: throw .notFound(kind: kind, reference: reference)
    default: throw .ambiguous(kind: kind, reference: reference, candidates: matches.map(candidate))
    }
}
