import Foundation
import TerminalUI

/// Everything the Tasks feature needs from the outside world: reading and changing tasks.
///
/// The feature never touches storage; the App implements this protocol with an adapter over its workers (the tests
/// and the demo use the in-memory fake). References (`reference`, `project`, `list`) are the strings the user typed:
/// a task number ("12") or a UUID prefix of at least four hex characters; a project or list name (case-insensitive)
/// or UUID prefix. Resolving them is the implementation's job; so are the links between tasks: a parent or a
/// prerequisite must be another live task, and a link that would close a loop (a task after itself through others,
/// or its own ancestor) is refused as invalid. An assignee (`TaskDraft.assignee`,
/// `TaskChanges.assignee`, `TaskQuery.assignee`) is a team member's name (case-insensitive, or a unique beginning of
/// one) or `me` for the logged-in user: assigning needs a login to a team server (a conflict without one), an
/// unknown name is notFound, a beginning several names share is ambiguous. Reads never fail over an assignee: when
/// the team is not known they name them by a short id.
///
/// Every task returned names its project and list by id as well as by name (``Task/projectID``, ``Task/listID``).
///
/// Every method may throw; errors are the implementation's own (not found, ambiguous reference, validation,
/// storage) and the feature rethrows them unchanged for the App to present.
public protocol TasksServices: Sendable {
    /// The tasks that match `query`, filtered, sorted and limited as it asks. With
    /// ``TaskQuery/includesLoggedTime`` each carries ``Task/loggedSeconds`` (0 for a task without time), read for
    /// the whole listing at once; without it the implementation may leave it `nil`.
    ///
    /// Relative due filters (`.today`, `.overdue`, `.thisWeek`) are evaluated against the implementation's own
    /// "today" (in the App, the worker's calendar), the same day the host put in the feature's context.
    /// - Throws: notFound when the project or list reference does not resolve; ambiguous when a list name without a
    ///   project matches lists of several projects; when reading fails.
    func tasks(matching query: TaskQuery) async throws -> [Task]

    /// How many tasks match `query`, ignoring its `sort` and `limit`.
    /// - Throws: as ``tasks(matching:)``.
    func countTasks(matching query: TaskQuery) async throws -> Int

    /// The task a user reference points at, with `loggedSeconds` filled in (as every method that returns one task
    /// does; listings only on request, see ``tasks(matching:)``).
    /// - Throws: when no task, or more than one task, matches `reference`.
    func task(reference: String) async throws -> Task

    /// Creates a task and returns it with its id and a number no task has had before.
    ///
    /// A list without a project puts the task in that list's project (ambiguous when several projects have a list of
    /// that name); a list with a project must be one of that project's lists.
    /// - Throws: a validation error (empty or too long title, bad tag, …); notFound when the project or list does not
    ///   exist; ambiguous as above.
    func addTask(_ draft: TaskDraft) async throws -> Task

    /// Applies `changes` to a task and returns the task as it is afterwards. `changes` is never empty.
    /// - Throws: when the reference does not resolve, or a new value is invalid.
    func editTask(reference: String, changes: TaskChanges) async throws -> Task

    /// Marks a task done (recording when) and returns it, with ``Task/unblocked`` (the active tasks that waited on
    /// it and now wait on nothing) and, for a recurring task, ``Task/nextOccurrence`` (made in the same change;
    /// made once, so completing again after a reopen makes none).
    /// - Parameter force: complete a parent even while some of its subtasks are open (they stay open).
    /// - Throws: when the reference does not resolve or the task is already done; a conflict when subtasks are open
    ///   and `force` is false.
    func completeTask(reference: String, force: Bool) async throws -> Task

    /// Marks a done task open again and returns it.
    /// - Throws: when the reference does not resolve or the task is not done.
    func reopenTask(reference: String) async throws -> Task

    /// Marks an open task in progress and returns it.
    /// - Throws: when the reference does not resolve, or the task is already in progress or done (it must be
    ///   reopened first).
    func startTask(reference: String) async throws -> Task

    /// Deletes a task and returns it as it was just before deletion.
    /// - Throws: when the reference does not resolve.
    func deleteTask(reference: String) async throws -> Task

    /// Moves a task to another project and/or list.
    /// - Parameters:
    ///   - project: the target project reference; the task leaves its list unless `list` names one of the target's.
    ///   - list: a list reference; inside `project` when one is given, else looked up in the task's current project
    ///     first and then in every project (the task then moves to that list's project).
    /// - Throws: invalid input when both are `nil`; notFound when the task, project or list does not resolve;
    ///   ambiguous when a list name alone matches lists of several other projects.
    func moveTask(reference: String, project: String?, list: String?) async throws -> Task

    /// Completes, reopens, starts or moves every task `references` name, as one change (one undo): all of them, or
    /// none. A task named twice (by number and by id prefix, say) counts once.
    /// - Returns: the tasks as they are afterwards, in the order first named.
    /// - Throws: as the one-task methods, for the first reference or task that fails; nothing changed then.
    func changeTasks(references: [String], _ change: TaskBatchChange) async throws -> [Task]

    /// Deletes every task `references` name, with their logged time, as one change (one undo).
    /// - Returns: the tasks as they were just before, in the order first named.
    /// - Throws: when a reference does not resolve; nothing is deleted then.
    func deleteTasks(references: [String]) async throws -> [Task]

    /// Appends a timestamped line to the task's note and returns the task.
    /// - Throws: when the reference does not resolve, the text is empty, or the note would become too long.
    func appendNote(reference: String, text: String) async throws -> Task

    /// What needs attention on the implementation's "today": the first ten overdue tasks (earliest due first), the
    /// first ten due today and the first ten in progress (by priority), the full count of each, and how many tasks
    /// are open or in progress. The listed tasks carry ``Task/loggedSeconds``.
    /// - Throws: when reading fails.
    func dashboard() async throws -> Dashboard
}

/// What the feature asks of its host when it needs something it cannot do itself.
///
/// The feature never decides on its own whether to ask: only the host knows whether anyone is there to answer. (The
/// task picker reads answers, but only through the `LineReader` the host injects, and only when the host calls it.)
public protocol TasksCoordinator: Sendable {
    /// Asks the user to confirm a destructive action (deleting tasks).
    /// - Parameter question: e.g. `Delete task 3 "Write report"?`; several tasks are listed one per line before the
    ///   question's last line.
    /// - Returns: the user's answer, or ``TasksAnswer/nobodyToAsk`` when the host cannot ask (stdin or stdout is not
    ///   a terminal), so scripts are never blocked by a prompt: the feature then asks for `--force`.
    func confirm(_ question: String) async -> TasksAnswer
}

/// Usage events the feature reports after an operation succeeds. Events never carry personal data (no titles,
/// notes, names or tags), only what happened and how many.
public enum TasksEvent: Sendable, Equatable {
    case listed(count: Int)
    case counted(count: Int)
    case shown
    case added
    case edited(fieldCount: Int)
    case completed
    case reopened
    case started
    case deleted
    /// The user was asked to confirm a deletion and declined.
    case deletionDeclined
    /// Nobody could be asked and `--force` was not given, so nothing was deleted.
    case deletionRefused
    /// A command changed several tasks at once (`done`, `reopen`, `start`, `move` or `delete`).
    case changedSeveral(count: Int)
    /// An edit made in a form changed nothing.
    case editUnchanged
    case moved
    case noteAppended
    case dashboardShown(overdue: Int, dueToday: Int, inProgress: Int)
    /// The interactive picker finished: whether a task was chosen and how many times the user was asked.
    case picked(chosen: Bool, rounds: Int)
}

/// Receives the feature's usage events. Implementations must return quickly and never fail the operation.
public protocol TasksAnalytics: Sendable {
    /// Records one event.
    func track(_ event: TasksEvent)
}
