import Foundation
import TerminalUI

/// The operations the Timers feature offers its host. Each call performs one user command: it talks to the
/// ``TimersServices`` (and, when it must ask something, the ``TimersCoordinator``), then writes the result to the
/// output the feature was built with (confirmation lines, a status block or a table for people; JSON for scripts).
///
/// A `timer` argument is a timer reference as ``TimersServices`` describes it; `nil` lets the Services pick: the
/// running timer to pause, the most recently paused one to resume, and to stop or discard the running one or else
/// the only paused one. Every method rethrows Services and coordinator errors
/// unchanged; `start`, `log` and `editEntry` also throw ``TimersFeatureError``.
public protocol TimersFeatureInterface: Sendable {
    /// Starts a timer, pausing the running one. With neither task nor project, asks the coordinator to choose a
    /// task; throws ``TimersFeatureError/taskRequired`` when it cannot ask, prints "No timer started." when the user
    /// cancels.
    func start(_ request: TimerStartRequest) async throws
    /// Pauses a running timer.
    func pause(timer: String?, at: Date?) async throws
    /// Resumes a paused timer, pausing the running one.
    func resume(timer: String?, at: Date?) async throws
    /// Stops a timer and confirms the entry it became.
    func stop(timer: String?, at: Date?, note: String?, force: Bool) async throws
    /// Throws a timer away without recording its time.
    func discard(timer: String?) async throws
    /// Shows the running timer in detail, or says none runs and how many are paused.
    func status() async throws
    /// Two lines for the dashboard: the running timer (or how many are paused) and the time logged today and this
    /// week. JSON: `running`, `paused_count`, `today_seconds`, `week_seconds`.
    func overview() async throws
    /// Lists every timer, the running one first (a helpful line instead of an empty table; `[]` in JSON).
    func list() async throws
    /// Records time worked without a timer. With neither task nor project, asks the coordinator like `start`
    /// (``TimersFeatureError/logTargetRequired`` when it cannot ask).
    func log(_ request: LogRequest) async throws
    /// Lists entries with a total line. A query that names no day, task or project and is not `all` lists today's
    /// entries (see ``EntryQuery``); a range whose first day is after its last is the Services' error.
    func entries(_ query: EntryQuery) async throws
    /// Changes some fields of an entry. Throws ``TimersFeatureError/nothingToEdit(reference:)`` for an empty edit.
    func editEntry(_ reference: String, changes: EntryChanges) async throws
    /// Deletes an entry after the coordinator confirms; does nothing when the user declines.
    func deleteEntry(_ reference: String) async throws
}

/// What the Timers feature needs from its host besides the ``FeatureContext``: the implementations of its three
/// boundary protocols.
public struct TimersDependencies: Sendable {
    /// Runs timers and records time (the App's adapter, or a fake).
    public var services: any TimersServices
    /// Asks the user to choose a task or confirm a deletion.
    public var coordinator: any TimersCoordinator
    /// Receives usage events.
    public var analytics: any TimersAnalytics

    public init(services: any TimersServices, coordinator: any TimersCoordinator, analytics: any TimersAnalytics) {
        self.services = services
        self.coordinator = coordinator
        self.analytics = analytics
    }
}

/// Assembles the Timers feature. This is the only public way to obtain a ``TimersFeatureInterface``; the interactor,
/// presenter and view behind it are internal so the host depends on nothing but the protocols.
public enum TimersBuilder {
    /// Builds the feature for one command.
    /// - Parameters:
    ///   - dependencies: the Services, Coordinator and Analytics implementations.
    ///   - context: output, style and format; `today` (the default day of `entries`, and so times today read
    ///     "09:15" while older ones carry their day; the feature never reads the clock) and the time zone times of
    ///     day and entry dates are shown in. The feature reads no input.
    public static func build(_ dependencies: TimersDependencies, context: FeatureContext)
        -> any TimersFeatureInterface
    {
        TimersInteractor(
            services: dependencies.services,
            coordinator: dependencies.coordinator,
            analytics: dependencies.analytics,
            presenter: TimersPresenter(format: context.format, today: context.today, timeZone: context.timeZone),
            view: TimersView(output: context.output, style: context.style, quiet: context.quiet),
            today: context.today
        )
    }
}
