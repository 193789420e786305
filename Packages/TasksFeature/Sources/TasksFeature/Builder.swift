import Foundation
import TerminalUI

/// The operations the Tasks feature offers its host. Each call performs one user command: it talks to the
/// ``TasksServices``, then writes the result to the output the feature was built with (a table, a detail view or a
/// confirmation line for people; JSON for scripts).
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
    /// Marks a task done.
    func done(_ reference: String) async throws
    /// Marks a done task open again.
    func reopen(_ reference: String) async throws
    /// Marks a task in progress.
    func start(_ reference: String) async throws
    /// Deletes a task after the coordinator confirms; does nothing when the user declines.
    func delete(_ reference: String) async throws
    /// Moves a task to a project (and list); both `nil` moves it to the inbox.
    func move(_ reference: String, project: String?, list: String?) async throws
    /// Appends a line to a task's note.
    func note(_ reference: String, text: String) async throws
    /// Prints what needs attention: overdue, due today, in progress, and the open count.
    func dashboard() async throws
    /// Lets the user choose one active task interactively, for commands that need a task but were given none.
    ///
    /// Shows up to 15 active tasks matching `query` (in progress first), then asks for a task number or words to
    /// search by, up to five times. Writes human text whatever the output format, so the host should only call
    /// this when someone is at the terminal. Prints a hint and returns ``TaskPick/cancelled`` when there is
    /// nothing to pick; an empty answer or end of input also cancels.
    /// - Parameter query: narrows the candidates (project, list, tag, …); done tasks are never offered.
    func pick(_ query: TaskQuery) async throws -> TaskPick
}

/// Assembles the Tasks feature. This is the only public way to obtain a ``TasksFeatureInterface``; the interactor,
/// presenter and view behind it are internal so the host depends on nothing but the protocols.
public enum TasksBuilder {
    /// Builds the feature for one command.
    /// - Parameters:
    ///   - services: reads and changes tasks (the App's adapter, or a fake).
    ///   - coordinator: asks the user for confirmation.
    ///   - analytics: receives usage events.
    ///   - output: where results are written (stdout in the App, `CapturedOutput` in tests).
    ///   - style: whether to colour and how wide to fit tables.
    ///   - format: human text or JSON.
    ///   - today: the user's calendar day, for relative due dates (the feature never reads the clock).
    ///   - timeZone: the zone timestamps are shown in.
    ///   - input: where ``TasksFeatureInterface/pick(_:)`` reads the user's answers (standard input by default;
    ///     a `ScriptedLineReader` in tests).
    public static func build(
        services: any TasksServices,
        coordinator: any TasksCoordinator,
        analytics: any TasksAnalytics,
        output: any TextOutput,
        style: TerminalStyle,
        format: OutputFormat,
        today: CalendarDay,
        timeZone: TimeZone,
        input: any LineReader = StandardLineReader()
    ) -> any TasksFeatureInterface {
        TasksInteractor(
            services: services,
            coordinator: coordinator,
            analytics: analytics,
            presenter: TasksPresenter(format: format, today: today, timeZone: timeZone),
            view: TasksView(output: output, style: style),
            today: today,
            input: input
        )
    }
}
