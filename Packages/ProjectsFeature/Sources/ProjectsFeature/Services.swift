import Foundation

/// Everything the projects feature needs from the outside world: reading and changing projects and task lists.
///
/// The host app implements it with an adapter over its workers; tests and the demo use the in-memory fake.
/// References are passed exactly as the user typed them (a name, matched case-insensitively and exactly, or a
/// unique prefix of the UUID). Resolving them is the implementation's job, and so are the errors: an unknown
/// reference, an ambiguous one (the error should list the candidates), invalid input such as an empty or too long
/// name, a duplicate name, or a storage failure. The feature rethrows every such error unchanged, so the host can
/// map it to a message and an exit code.
///
/// The kinds of error, as the App turns them into exit codes: an unknown reference is not found (2); a list name
/// that several projects use, given without a project, is ambiguous (3); an empty or invalid name or note, archiving
/// an archived project and unarchiving an active one are invalid input (4); a duplicate project name (any case), or
/// a duplicate list name within one project, is a conflict (5). `ProjectsFeatureContract` states these rules as
/// scenarios that the fake and the App's adapter both pass.
///
/// Implementations must be safe to call from any task; each method is one unit of work (a mutation either
/// happens completely or not at all).
public protocol ProjectsServices: Sendable {
    /// All projects ordered by name (case-insensitive), with their task and list counts.
    /// - Parameter includeArchived: `false` leaves archived projects out.
    /// - Throws: a storage error.
    func projects(includeArchived: Bool) async throws -> [Project]

    /// One project with its counts.
    /// - Parameter reference: a project name or UUID prefix.
    /// - Throws: not found, ambiguous reference, storage error.
    func project(reference: String) async throws -> Project

    /// One project with its task lists (ordered by name), archived projects included.
    /// - Parameter reference: a project name or UUID prefix.
    /// - Throws: not found, ambiguous reference, storage error.
    func projectDetail(reference: String) async throws -> ProjectDetail

    /// Creates a project.
    /// - Parameters:
    ///   - name: the name as typed; the implementation trims and validates it.
    ///   - note: an optional note; `nil` means none.
    /// - Returns: the new project (no tasks, no lists).
    /// - Throws: invalid name or note, a project with that name already exists, storage error.
    func addProject(name: String, note: String?) async throws -> Project

    /// Gives a project a new name.
    /// - Returns: the project after the change.
    /// - Throws: not found, ambiguous reference, invalid name, duplicate name, storage error.
    func renameProject(reference: String, to newName: String) async throws -> Project

    /// Archives a project: it disappears from the default project list but keeps its lists and tasks.
    /// - Returns: the project after the change.
    /// - Throws: not found, ambiguous reference, already archived, storage error.
    func archiveProject(reference: String) async throws -> Project

    /// Brings an archived project back into the default project list.
    /// - Returns: the project after the change.
    /// - Throws: not found, ambiguous reference, not archived, storage error.
    func unarchiveProject(reference: String) async throws -> Project

    /// Deletes a project together with its task lists and tasks, in one change.
    ///
    /// Asking for confirmation is the feature's job, done before this is called; the implementation deletes.
    /// - Returns: the project as it was just before deletion (so its counts say what went with it).
    /// - Throws: not found, ambiguous reference, storage error.
    func deleteProject(reference: String) async throws -> Project

    /// Task lists ordered by project name, then list name.
    /// - Parameter project: a project reference to show only that project's lists; `nil` for every list of every
    ///   project, archived ones included.
    /// - Throws: not found or ambiguous project reference, storage error.
    func taskLists(inProject project: String?) async throws -> [TaskList]

    /// One task list.
    /// - Parameters:
    ///   - reference: a list name or UUID prefix.
    ///   - project: a project reference that narrows the search (list names are only unique inside a project);
    ///     `nil` searches every project.
    /// - Throws: not found, ambiguous reference (e.g. two projects each have a "Backlog"), storage error.
    func taskList(reference: String, inProject project: String?) async throws -> TaskList

    /// Creates a task list in a project.
    /// - Parameters:
    ///   - name: the name as typed; the implementation trims and validates it.
    ///   - project: reference of the project that will own the list.
    /// - Returns: the new, empty list.
    /// - Throws: project not found or ambiguous, invalid name, the project already has a list with that name,
    ///   storage error.
    func addTaskList(name: String, toProject project: String) async throws -> TaskList

    /// Gives a task list a new name (it stays in its project).
    /// - Parameters:
    ///   - reference: a list name or UUID prefix.
    ///   - project: an optional project reference that narrows the search.
    ///   - newName: the name as typed.
    /// - Returns: the list after the change.
    /// - Throws: not found, ambiguous reference, invalid name, duplicate name in the project, storage error.
    func renameTaskList(reference: String, inProject project: String?, to newName: String) async throws -> TaskList

    /// Deletes a task list. Its tasks are not deleted: they stay in the project, without a list.
    /// - Parameters:
    ///   - reference: a list name or UUID prefix.
    ///   - project: an optional project reference that narrows the search.
    /// - Returns: the list as it was just before deletion (its counts are the tasks that stayed in the project).
    /// - Throws: not found, ambiguous reference, storage error.
    func deleteTaskList(reference: String, inProject project: String?) async throws -> TaskList
}

/// What the feature asks of its host: things that belong to another feature or to the terminal session.
///
/// Implemented by the app's coordinator; tests use a scripted fake.
public protocol ProjectsCoordinator: Sendable {
    /// Shows the open tasks of a project below its detail, through whatever the host uses to show tasks
    /// (in the app, the tasks feature). Called after `project show` has printed the detail, in human output only.
    /// - Parameter projectID: the project's id (a full lowercase UUID string, so it can never be ambiguous).
    /// - Throws: whatever showing the tasks throws; the feature rethrows it unchanged.
    func showTasks(inProject projectID: String) async throws

    /// Asks the person at the terminal a yes/no question, such as whether to delete a project that still has
    /// tasks.
    /// - Parameter question: one line, ending with a question mark.
    /// - Returns: the answer, or ``ProjectsAnswer/nobodyToAsk`` when nobody can be asked (stdin or stdout is not a
    ///   terminal): a destructive action in a script must then be requested explicitly with `--force`.
    func confirm(_ question: String) async -> ProjectsAnswer
}

/// How the person at the terminal answered a yes/no question, or that nobody could be asked.
public enum ProjectsAnswer: Sendable, Equatable {
    case yes
    case no
    case nobodyToAsk
}

/// Receives usage events so the host can count what people do with projects and lists.
///
/// Events carry counts and flags only, never names or notes (no personal data). Tracking must not fail or block:
/// the implementation queues or drops events as it sees fit.
public protocol ProjectsAnalytics: Sendable {
    /// Records one event. Called after the operation succeeded (or, for ``ProjectsEvent/deletionRefused``,
    /// after the feature refused to go on).
    func track(_ event: ProjectsEvent)
}

/// A usage event of the projects feature. Carries no names or notes.
public enum ProjectsEvent: Sendable, Hashable {
    /// Projects were listed; `count` is how many were shown.
    case listed(count: Int, includeArchived: Bool)
    /// A project's detail was shown; `lists` is how many lists it has.
    case shown(lists: Int)
    case added(withNote: Bool)
    case renamed
    case archived
    case unarchived
    /// A project was deleted; `tasks` is how many tasks went with it, `forced` whether `--force` was given.
    case deleted(tasks: Int, forced: Bool)
    /// A project with tasks or time was kept because nobody could confirm the deletion and it was not forced.
    case deletionRefused(tasks: Int)
    /// A project with tasks or time was kept because the person at the terminal said no.
    case deletionDeclined(tasks: Int)
    /// Task lists were listed; `count` is how many were shown, `filtered` whether one project was asked for.
    case listsListed(count: Int, filtered: Bool)
    case listAdded
    case listRenamed
    /// A task list was deleted; `tasksKept` is how many of its tasks stayed in the project without a list.
    case listDeleted(tasksKept: Int)
}
