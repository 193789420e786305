import Foundation
import TerminalUI

/// The operations the Tasks feature offers its host. Each call performs one user command: it talks to the
/// ``TasksServices``, then writes the result to the context's output (a table, a detail view or a confirmation line
/// for people; JSON for scripts).
///
/// Every method rethrows Services errors unchanged; `edit` also throws ``TasksFeatureError``.
public protocol TasksFeatureInterface: Sendable {
    /// Prints the tasks matching `query` (a helpful line instead of an empty table; `[]` in JSON).
    func list(_ query: TaskQuery) async throws
    /// Prints only how many tasks match `query` (`{"count": n}` in JSON).
    func count(_ query: TaskQuery) async throws
    /// Prints every field of one task, with its note.
    func show(_ reference: String) async throws
    /// Creates a task and confirms it in one line.
    func add(_ draft: TaskDraft) async throws
    /// Changes some fields of a task. Throws ``TasksFeatureError/nothingToEdit(reference:)`` for an empty edit.
    func edit(_ reference: String, changes: TaskChanges) async throws
    /// Says that an edit made in a form left task `reference` as it was (the task itself in JSON).
    func unchanged(_ reference: String) async throws
    /// Marks tasks done: one line per task, then a line for each task that now waits on nothing and for each
    /// next occurrence of a recurring task. Several references are one change (one undo), all or nothing.
    /// `force` completes a parent whose subtasks are not all done.
    func done(_ references: [String], force: Bool) async throws
    /// Marks done tasks open again, as ``done(_:force:)``.
    func reopen(_ references: [String]) async throws
    /// Marks tasks in progress, as ``done(_:force:)``.
    func start(_ references: [String]) async throws
    /// Deletes tasks after one question to the coordinator naming them all and their logged time; `force` skips it.
    /// A declined question deletes nothing and says so; with nobody to ask and no `force` it throws
    /// ``TasksFeatureError/deletionNeedsForce(what:)``. Several tasks go as one change (one undo).
    func delete(_ references: [String], force: Bool) async throws
    /// Moves tasks to another project and/or list (see ``TasksServices/moveTask(reference:project:list:)``), as
    /// ``done(_:force:)``.
    func move(_ references: [String], project: String?, list: String?) async throws
    /// Appends a line to a task's note.
    func note(_ reference: String, text: String) async throws
    /// Prints what needs attention: overdue, due today, in progress, and the open count.
    func dashboard() async throws
    /// Lets the user choose one active task interactively, for commands that need a task but were given none.
    ///
    /// Shows up to 15 active tasks matching `query` (in progress first), then asks for a task number or words to
    /// search by, up to five times, reading the answers from the context's `input`. Writes human text whatever the
    /// output format, so the host should only call this when someone is at the terminal. Prints a hint and returns
    /// ``TaskPick/cancelled`` when there is nothing to pick; an empty answer or end of input also cancels.
    /// - Parameter query: narrows the candidates (project, list, tag, …); done tasks are never offered.
    func pick(_ query: TaskQuery) async throws -> TaskPick
}

/// What the Tasks feature needs from its host besides the ``FeatureContext``: the implementations of its three
/// boundary protocols.
public struct TasksDependencies: Sendable {
    /// Reads and changes tasks (the App's adapter, or a fake).
    public var services: any TasksServices
    /// Asks the user for confirmation.
    public var coordinator: any TasksCoordinator
    /// Receives usage events.
    public var analytics: any TasksAnalytics

    public init(services: any TasksServices, coordinator: any TasksCoordinator, analytics: any TasksAnalytics) {
        self.services = services
        self.coordinator = coordinator
        self.analytics = analytics
    }
}

/// Assembles the Tasks feature. This is the only public way to obtain a ``TasksFeatureInterface``; the interactor,
/// presenter and view behind it are internal so the host depends on nothing but the protocols.
public enum TasksBuilder {
    /// Builds the feature for one command.
    /// - Parameters:
    ///   - dependencies: the Services, Coordinator and Analytics implementations.
    ///   - context: output, style, format, today (for relative due dates; the feature never reads the clock), time
    ///     zone and the input the picker reads.
    public static func build(_ dependencies: TasksDependencies, context: FeatureContext) -> any TasksFeatureInterface {
        TasksInteractor(
            services: dependencies.services,
            coordinator: dependencies.coordinator,
            analytics: dependencies.analytics,
            presenter: TasksPresenter(format: context.format, today: context.today, timeZone: context.timeZone),
            view: TasksView(output: context.output, style: context.style, quiet: context.quiet),
            input: context.input
        )
    }
}
