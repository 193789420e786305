import Entities
import Foundation

// The boundary of the package: what the rest of the app may ask of the data. Implementations are
// internal and made by `RepositoriesDependencyContainer`. Every method throws `RepositoryError`; a
// rule that depends on other stored data (a unique name, a list of the right project, an item that
// still exists) is checked inside the transaction that makes the change, so two commands racing
// cannot both pass it.

/// Projects: found by what a user types, created, renamed, changed through entity rules, deleted.
public protocol ProjectRepository: Sendable {
    /// Live projects ordered by name.
    /// - Parameter includeArchived: Also list archived projects.
    func projects(includeArchived: Bool) async throws -> [Project]
    /// The project a user means by `reference`: its name (any case) or a unique id prefix.
    /// - Throws: `notFound` or `ambiguous` (with the candidates).
    func project(reference: String) async throws -> Project
    /// The live project with this id, or nil.
    func project(id: UUID) async throws -> Project?
    /// Creates a project.
    /// - Parameters:
    ///   - name: Validated by `Project` (trimmed, not empty, not too long).
    ///   - note: Free text.
    /// - Throws: `invalid` for a bad name or note; `conflict(.duplicateProjectName)` when a live project
    ///   already has the name, ignoring case.
    func create(name: String, note: String) async throws -> Project
    /// Renames a project.
    /// - Throws: `invalid` for a bad name; `conflict(.duplicateProjectName)`;
    ///   `conflict(.noLongerExists)` when the project was deleted.
    func rename(_ id: UUID, to name: String) async throws -> Project
    /// Applies an entity rule (archive, unarchive, note) and stores the result in one transaction.
    /// - Parameters:
    ///   - summary: What undo will say it reverts.
    ///   - change: The rule, given the project as stored and the time of the change.
    /// - Throws: `invalid` with what `change` threw; `conflict(.noLongerExists)`.
    func change(_ id: UUID, summary: String, _ change: @escaping @Sendable (inout Project, Date) throws -> Void)
        async throws -> Project
    /// Deletes the project with its lists, tasks and their time, as one undoable change.
    /// - Returns: The project as it was.
    /// - Throws: `conflict(.noLongerExists)`.
    func delete(_ id: UUID) async throws -> Project
}

/// Task lists inside projects; names are unique within a project.
public protocol TaskListRepository: Sendable {
    /// Live lists by name, of one project when `projectID` is given, else of all projects.
    func taskLists(projectID: UUID?) async throws -> [TaskList]
    /// The list a user means: its name (within `projectID` when given, else across projects) or a
    /// unique id prefix.
    /// - Throws: `notFound` or `ambiguous` (candidates labelled with their project).
    func taskList(reference: String, projectID: UUID?) async throws -> TaskList
    /// The live list with this id, or nil.
    func taskList(id: UUID) async throws -> TaskList?
    /// Creates a list in a project.
    /// - Throws: `invalid` for a bad name; `conflict(.duplicateListName)`; `conflict(.noLongerExists)`
    ///   when the project is gone.
    func create(name: String, projectID: UUID) async throws -> TaskList
    /// Renames a list.
    /// - Throws: `invalid`; `conflict(.duplicateListName)`; `conflict(.noLongerExists)`.
    func rename(_ id: UUID, to name: String) async throws -> TaskList
    /// Deletes the list; its tasks stay in the project without a list.
    /// - Returns: The list as it was.
    /// - Throws: `conflict(.noLongerExists)`.
    func delete(_ id: UUID) async throws -> TaskList
}

/// Tasks: queried in SQL, referenced by per-device number or id prefix, changed through entity rules.
public protocol TaskRepository: Sendable {
    /// Live tasks matching `query`, in its order, at most `query.limit`.
    func tasks(matching query: TaskQuery) async throws -> [Task]
    /// How many live tasks match `query`, ignoring its limit.
    func count(matching query: TaskQuery) async throws -> Int
    /// The task a user means: its number ("12", "#12") or a unique id prefix (at least 4 characters).
    /// - Throws: `notFound` or `ambiguous`.
    func task(reference: String) async throws -> Task
    /// Validates and stores a new task, which gets the next per-device number.
    /// - Parameter draft: Its project and list are ids the caller has already resolved; a list must
    ///   come with its project (the Entities rule).
    /// - Throws: `invalid` for what `Task.create` refuses; `conflict(.noLongerExists)` when the project,
    ///   list, parent or a prerequisite is gone; `conflict(.listInAnotherProject)`. Checked in the transaction
    ///   that stores it.
    func create(_ draft: NewTask) async throws -> Task
    /// Applies an entity rule (edit, move, start, complete, …) and stores the result in one transaction.
    /// A move is checked there too: the project and list must be live and the list in the project; so is a new
    /// parent or prerequisite: a live task, closing no loop (`invalid` with `.relationCycle`). Completing a
    /// recurring task stores its next occurrence in the same transaction, unless a live one exists already.
    /// - Parameters:
    ///   - summary: What undo will say it reverts.
    ///   - change: The rule, given the task as stored and the time of the change.
    /// - Throws: `invalid` with what `change` threw; `conflict(.noLongerExists)` for the task or its new
    ///   project or list; `conflict(.listInAnotherProject)`.
    func change(_ id: UUID, summary: String, _ change: @escaping @Sendable (inout Task, Date) throws -> Void)
        async throws -> Task
    /// Deletes a task and its time (tombstones, so undo and sync can see them).
    /// - Returns: The task as it was.
    /// - Throws: `conflict(.noLongerExists)`.
    func delete(_ id: UUID) async throws -> Task
    /// Applies one entity rule to several tasks in one transaction and one change batch, so a single undo
    /// reverts them all (`stint task done 3 4 5`): every task changes, or none does.
    /// - Parameters:
    ///   - ids: The tasks, each once, in the order the results come back.
    ///   - summary: What undo will say it reverts.
    ///   - change: The rule, given each task as stored and the time of the change.
    /// - Throws: as ``change(_:summary:_:)``, for the first task that fails; nothing is stored then.
    func change(_ ids: [UUID], summary: String, _ change: @escaping @Sendable (inout Task, Date) throws -> Void)
        async throws -> [Task]
    /// Deletes several tasks and their time in one transaction and one change batch (one undo).
    /// - Returns: The tasks as they were, in the order of `ids`.
    /// - Throws: `conflict(.noLongerExists)` for the first task already gone; nothing is deleted then.
    func delete(_ ids: [UUID], summary: String) async throws -> [Task]
    /// Task tallies per project id; projects without live tasks are absent. Given a project, only its tally:
    /// an indexed count of its own tasks instead of every task's.
    func tallyByProject(projectID: UUID?) async throws -> [UUID: TaskTally]
    /// Task tallies per list id, of one project's lists when given one; lists without live tasks are absent.
    func tallyByList(projectID: UUID?) async throws -> [UUID: TaskTally]
    /// Every live task's parent and prerequisites (only the tasks that have one): what subtask trees and time
    /// roll-ups walk. Changes check their links themselves, inside their transaction.
    func links() async throws -> TaskLinkMap
    /// The number, title and project of each live task among `ids`, in one query; deleted and unknown ids are
    /// absent. What lists of entries and report rows show, without reading the tasks' whole rows.
    func labels(of ids: Set<UUID>) async throws -> [UUID: TaskLabel]
}

/// The undo history.
public protocol HistoryRepository: Sendable {
    /// Reverts the newest change not yet reverted.
    /// - Returns: The summary of the change it reverted (e.g. `added task "X"`).
    /// - Throws: `conflict(.nothingToUndo)`.
    func undo() async throws -> String
}

/// Whole-database export and idempotent import.
public protocol TransferRepository: Sendable {
    /// Everything stored, read in one transaction, for export.
    func snapshot() async throws -> Snapshot
    /// Imports a snapshot (validated by the caller) as one transaction and one undoable change: the
    /// person id (adopted only when this device has none yet) and every record land together or not
    /// at all. Records equal to what is stored are left alone, so a second import changes nothing.
    /// - Parameter progress: Called from time to time, on a database thread, with the number of
    ///   records handled so far.
    /// - Throws: `storage` when the records break the schema (a reference to a missing row, say).
    func merge(_ snapshot: Snapshot, progress: @escaping @Sendable (Int) -> Void) async throws -> ImportSummary
    /// ``merge(_:progress:)`` in a transaction that is rolled back: what it would insert, update and leave alone,
    /// with nothing written (`stint import --dry-run`).
    func rehearseMerge(_ snapshot: Snapshot) async throws -> ImportSummary
    /// The local person's id: nil until this device has started a timer, logged time or adopted a person from an
    /// import or a login. An import that brings time uses it as the author, or hands a new one to `merge`.
    func localPersonID() async throws -> UUID?
}
