import Entities
import Foundation

/// The persistent state of projects (RDS "Datastore"): the source of truth on this device.
///
/// Implementations store and return entities. They apply no business rule of their own, but keep
/// the data consistent, inside the transaction of each change: names stay unique, references point
/// at live rows, a deleted project takes its lists, tasks and time with it. Every mutating call is one
/// atomic change recorded with a summary, so that undo can name what it reverts. All methods throw
/// ``RepositoryError``; a row that vanished before the change is `conflict(.noLongerExists)`.
protocol ProjectDatastore: Sendable {
    /// Live projects ordered by name; archived ones only when `includeArchived`.
    func projects(includeArchived: Bool) async throws -> [Project]
    /// The live project with this id, or nil.
    func project(id: UUID) async throws -> Project?
    /// Live projects whose name equals `name`, ignoring case.
    func projects(named name: String) async throws -> [Project]
    /// Live projects whose id starts with `prefix` (lowercase hex).
    func projects(idPrefix prefix: String) async throws -> [Project]
    /// Stores a new project. - Throws: `conflict(.duplicateProjectName)`.
    func insert(_ project: Project, summary: String, at date: Date) async throws
    /// Reads the project, applies `change` and stores the result in one transaction; a new name must
    /// be unique. `summary` gets the project before and after the change.
    /// - Throws: whatever `change` throws, wrapped as `invalid`; `conflict(.duplicateProjectName)`.
    func update(
        id: UUID, at date: Date, summary: @escaping @Sendable (Project, Project) -> String,
        _ change: @escaping @Sendable (inout Project) throws -> Void
    ) async throws -> Project
    /// Tombstones the project together with its lists, tasks and time; returns it as it was.
    func delete(id: UUID, at date: Date, summary: @escaping @Sendable (Project) -> String) async throws -> Project
}

/// The persistent state of task lists. See ``ProjectDatastore`` for the shared contract.
protocol TaskListDatastore: Sendable {
    /// Live lists, of one project when `projectID` is given, ordered by name.
    func taskLists(projectID: UUID?) async throws -> [TaskList]
    /// The live list with this id, or nil.
    func taskList(id: UUID) async throws -> TaskList?
    /// Live lists named `name` (ignoring case), within one project when `projectID` is given.
    func taskLists(named name: String, projectID: UUID?) async throws -> [TaskList]
    /// Live lists whose id starts with `prefix`.
    func taskLists(idPrefix prefix: String) async throws -> [TaskList]
    /// Stores a new list in its live project; `summary` gets that project.
    /// - Throws: `conflict(.noLongerExists)` for the project; `conflict(.duplicateListName)`.
    func insert(_ list: TaskList, at date: Date, summary: @escaping @Sendable (Project) -> String) async throws
    /// Reads, changes and stores a list in one transaction; a new name must be unique in its project.
    func update(
        id: UUID, at date: Date, summary: @escaping @Sendable (TaskList, TaskList) -> String,
        _ change: @escaping @Sendable (inout TaskList) throws -> Void
    ) async throws -> TaskList
    /// Tombstones the list; its tasks stay in the project without a list. Returns the list as it was.
    func delete(id: UUID, at date: Date, summary: @escaping @Sendable (TaskList) -> String) async throws -> TaskList
}

/// The persistent state of tasks. See ``ProjectDatastore`` for the shared contract.
protocol TaskDatastore: Sendable {
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
    /// Stores a new task and returns it with its per-device number. Its project and list must be live
    /// and the list must belong to the project.
    /// - Throws: `conflict(.noLongerExists)`, `conflict(.listInAnotherProject)`.
    func insert(_ task: Task, summary: String, at date: Date) async throws -> Task
    /// Reads, changes and stores a task in one transaction; a changed placement is checked as for
    /// ``insert(_:summary:at:)``.
    func update(
        id: UUID, at date: Date, summary: @escaping @Sendable (Task, Task) -> String,
        _ change: @escaping @Sendable (inout Task) throws -> Void
    ) async throws -> Task
    /// Tombstones the task and its time; returns the task as it was.
    func delete(id: UUID, at date: Date, summary: @escaping @Sendable (Task) -> String) async throws -> Task
    /// ``update(id:at:summary:_:)`` for several tasks in one transaction and one batch.
    func update(
        ids: [UUID], at date: Date, summary: String, _ change: @escaping @Sendable (inout Task) throws -> Void
    ) async throws -> [Task]
    /// ``delete(id:at:summary:)`` for several tasks in one transaction and one batch.
    func delete(ids: [UUID], at date: Date, summary: String) async throws -> [Task]
    /// Every live task's parent and prerequisites.
    func links() async throws -> TaskLinkMap
    /// The labels of the live tasks among `ids`.
    func labels(of ids: Set<UUID>) async throws -> [UUID: TaskLabel]
    /// Per-project tallies of live tasks, keyed by project id (only `projectID`'s when given).
    func tallyByProject(projectID: UUID?) async throws -> [UUID: TaskTally]
    /// Per-list tallies of live tasks, keyed by list id (only `projectID`'s lists when given).
    func tallyByList(projectID: UUID?) async throws -> [UUID: TaskTally]
}

/// The change history kept next to the data; it makes every change reversible.
protocol HistoryDatastore: Sendable {
    /// Reverts the newest change that is not already reverted and returns its summary, or nil when
    /// there is nothing left to revert.
    func undoLatest(at date: Date) async throws -> String?
}

/// Bulk movement of everything stored, for export and import.
protocol TransferDatastore: Sendable {
    /// Every live row and the local person, read in one transaction.
    func snapshot() async throws -> Snapshot
    /// Upserts by id, and adopts the snapshot's person when this device has none, all in one
    /// transaction; rows equal to what is stored are left alone, so importing the same snapshot twice
    /// changes nothing the second time.
    /// - Parameter progress: called from time to time with the number of rows handled so far.
    /// - Parameter dryRun: do it all in a transaction that is rolled back, and report what it would have done.
    func merge(
        _ snapshot: Snapshot, summary: String, at date: Date, dryRun: Bool, progress: @escaping @Sendable (Int) -> Void
    ) async throws -> ImportSummary
    /// The local person's id, nil when there is none yet.
    func localPersonID() async throws -> UUID?
}
