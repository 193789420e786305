import Entities
import Foundation

/// The persistent state of projects (RDS "Datastore"): the source of truth on this device.
///
/// Implementations store and return entities; they apply no business rule beyond what keeps the
/// data consistent (a deleted project takes its lists and tasks with it). Every mutating call is
/// one atomic change, recorded with `summary` so that `stint undo` can name what it reverts.
/// All methods throw ``RepositoryError``.
public protocol ProjectDatastore: Sendable {
    /// Live projects ordered by name; archived ones only when `includeArchived`.
    func projects(includeArchived: Bool) async throws -> [Project]
    /// The live project with this id, or nil.
    func project(id: UUID) async throws -> Project?
    /// Live projects whose name equals `name`, ignoring case.
    func projects(named name: String) async throws -> [Project]
    /// Live projects whose id starts with `prefix` (lowercase hex).
    func projects(idPrefix prefix: String) async throws -> [Project]
    /// Stores a new project.
    func insert(_ project: Project, summary: String, at date: Date) async throws
    /// Reads the project, applies `change` and stores the result in one transaction.
    /// - Throws: ``RepositoryError/notFound(kind:reference:)`` when it no longer exists, and whatever `change` throws,
    ///   wrapped as ``RepositoryError/invalid(inner:)``.
    func update(id: UUID, summary: String, at date: Date, _ change: @Sendable (inout Project) throws -> Void)
        async throws -> Project
    /// Tombstones the project together with its lists and tasks.
    func delete(id: UUID, summary: String, at date: Date) async throws
}

/// The persistent state of task lists. See ``ProjectDatastore`` for the shared contract.
public protocol TaskListDatastore: Sendable {
    /// Live lists, of one project when `projectID` is given, ordered by name.
    func taskLists(projectID: UUID?) async throws -> [TaskList]
    /// The live list with this id, or nil.
    func taskList(id: UUID) async throws -> TaskList?
    /// Live lists named `name` (ignoring case), within one project when `projectID` is given.
    func taskLists(named name: String, projectID: UUID?) async throws -> [TaskList]
    /// Live lists whose id starts with `prefix`.
    func taskLists(idPrefix prefix: String) async throws -> [TaskList]
    /// Stores a new list.
    func insert(_ list: TaskList, summary: String, at date: Date) async throws
    /// Reads, changes and stores a list in one transaction.
    func update(id: UUID, summary: String, at date: Date, _ change: @Sendable (inout TaskList) throws -> Void)
        async throws -> TaskList
    /// Tombstones the list; its tasks stay in the project without a list.
    func delete(id: UUID, summary: String, at date: Date) async throws
}

/// The persistent state of tasks. See ``ProjectDatastore`` for the shared contract.
public protocol TaskDatastore: Sendable {
    /// Live tasks matching `query`, in its order, at most `query.limit`.
    func tasks(matching query: TaskQuery) async throws -> [Task]
    /// How many live tasks match `query` (ignoring its limit).
    func count(matching query: TaskQuery) async throws -> Int
    /// The live task with this id, or nil.
    func task(id: UUID) async throws -> Task?
    /// The live task with this per-device number, or nil.
    func task(number: Int) async throws -> Task?
    /// Live tasks whose id starts with `prefix`.
    func tasks(idPrefix prefix: String) async throws -> [Task]
    /// Stores a new task and returns it with its per-device number.
    func insert(_ task: Task, summary: String, at date: Date) async throws -> Task
    /// Reads, changes and stores a task in one transaction.
    func update(id: UUID, summary: String, at date: Date, _ change: @Sendable (inout Task) throws -> Void)
        async throws -> Task
    /// Tombstones the task.
    func delete(id: UUID, summary: String, at date: Date) async throws
    /// Per-project tallies of live tasks, keyed by project id.
    func tallyByProject() async throws -> [UUID: TaskTally]
    /// Per-list tallies of live tasks, keyed by list id.
    func tallyByList() async throws -> [UUID: TaskTally]
}

/// The change history kept next to the data; it makes every change reversible.
public protocol HistoryDatastore: Sendable {
    /// Reverts the newest change that is not already reverted and returns its summary, or nil when
    /// there is nothing left to revert.
    func undoLatest(at date: Date) async throws -> String?
}

/// Bulk movement of everything stored, for export and import.
public protocol TransferDatastore: Sendable {
    /// Every live project, list and task.
    func snapshot() async throws -> Snapshot
    /// Upserts by id in one transaction; rows equal to what is stored are left alone, so importing
    /// the same snapshot twice changes nothing the second time.
    /// - Parameter progress: called from time to time with the number of rows handled so far.
    func merge(_ snapshot: Snapshot, summary: String, at date: Date, progress: @escaping @Sendable (Int) -> Void)
        async throws -> ImportSummary
}
