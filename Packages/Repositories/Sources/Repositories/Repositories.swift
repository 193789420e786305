import Entities
import Foundation

/// Projects as the rest of the app sees them: created, found by what a user types, changed and
/// deleted, with every rule about names applied. Methods throw ``RepositoryError``.
public protocol ProjectRepository: Sendable {
    /// Live projects ordered by name; archived ones only when asked.
    func projects(includeArchived: Bool) async throws -> [Project]
    /// The project a user means by `reference`: its name (any case) or a unique id prefix.
    /// - Throws: `notFound` or `ambiguous` with the candidates.
    func project(reference: String) async throws -> Project
    /// The live project with this id, or nil.
    func project(id: UUID) async throws -> Project?
    /// Creates a project; names are unique (ignoring case) among live projects.
    func create(name: String, note: String) async throws -> Project
    /// Renames, keeping names unique.
    func rename(_ id: UUID, to name: String) async throws -> Project
    /// Applies an entity rule (archive, unarchive, note) and stores the result; `summary` is what undo will say.
    func change(_ id: UUID, summary: String, _ change: @escaping @Sendable (inout Project, Date) throws -> Void)
        async throws -> Project
    /// Deletes the project with its lists and tasks (as one undoable change).
    func delete(_ id: UUID) async throws -> Project
}

/// Task lists inside projects. Names are unique within a project. Methods throw ``RepositoryError``.
public protocol TaskListRepository: Sendable {
    /// Live lists, of one project when `projectID` is given.
    func taskLists(projectID: UUID?) async throws -> [TaskList]
    /// The list a user means: a name (within `projectID` when given, else across projects) or an id prefix.
    func taskList(reference: String, projectID: UUID?) async throws -> TaskList
    /// The live list with this id, or nil.
    func taskList(id: UUID) async throws -> TaskList?
    /// Creates a list in a project.
    func create(name: String, projectID: UUID) async throws -> TaskList
    /// Renames a list, keeping names unique within its project.
    func rename(_ id: UUID, to name: String) async throws -> TaskList
    /// Deletes the list; its tasks stay in the project without a list.
    func delete(_ id: UUID) async throws -> TaskList
}

/// Tasks: queried in SQL, referenced by per-device number or id prefix, changed through entity rules.
/// Methods throw ``RepositoryError``.
public protocol TaskRepository: Sendable {
    /// Tasks matching `query`, in its order.
    func tasks(matching query: TaskQuery) async throws -> [Task]
    /// How many tasks match `query`, ignoring its limit.
    func count(matching query: TaskQuery) async throws -> Int
    /// The task a user means: its number ("12", "#12") or a unique id prefix (at least 4 characters).
    func task(reference: String) async throws -> Task
    /// Validates and stores a new task, which gets the next per-device number.
    func create(_ draft: NewTask) async throws -> Task
    /// Applies a change through the entity's rules in one transaction; `summary` is what undo will say.
    func change(_ id: UUID, summary: String, _ change: @escaping @Sendable (inout Task, Date) throws -> Void)
        async throws -> Task
    /// Deletes a task (a tombstone, so undo and sync can see it).
    func delete(_ id: UUID) async throws -> Task
    /// Task tallies per project id.
    func tallyByProject() async throws -> [UUID: TaskTally]
    /// Task tallies per list id.
    func tallyByList() async throws -> [UUID: TaskTally]
}

/// The undo history. Throws ``RepositoryError``.
public protocol HistoryRepository: Sendable {
    /// Reverts the newest change not yet reverted and returns what it was.
    /// - Throws: `conflict` when there is nothing to undo.
    func undo() async throws -> String
}

/// Whole-database export and idempotent import. Throws ``RepositoryError``.
public protocol TransferRepository: Sendable {
    /// Everything stored, for export.
    func snapshot() async throws -> Snapshot
    /// Imports a snapshot (validated by the caller) as one undoable change.
    func merge(_ snapshot: Snapshot, progress: @escaping @Sendable (Int) -> Void) async throws -> ImportSummary
}
