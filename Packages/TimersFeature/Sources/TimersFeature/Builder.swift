import Foundation
import TerminalUI

/// The operations the Timers feature offers its host. Each call performs one user command: it talks to the
/// ``TimersServices`` (and, when it must ask something, the ``TimersCoordinator``), then writes the result to the
/// output the feature was built with (confirmation lines, a status block or a table for people; JSON for scripts).
///
/// A `timer` argument is a timer reference as ``TimersServices`` describes it; `nil` lets the Services pick the
/// running (or, for `resume`, the most recently paused) timer. Every method rethrows Services and coordinator errors
/// unchanged; `start`, `log`, `entries` and `editEntry` also throw ``TimersFeatureError``.
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
    /// Lists entries with a total line. Throws ``TimersFeatureError/emptyRange(since:until:)`` when `since` is after
    /// `until`.
    func entries(_ query: EntryQuery) async throws
    /// Changes some fields of an entry. Throws ``TimersFeatureError/nothingToEdit(reference:)`` for an empty edit.
    func editEntry(_ reference: String, changes: EntryChanges) async throws
    /// Deletes an entry after the coordinator confirms; does nothing when the user declines.
    func deleteEntry(_ reference: String) async throws
}

/// Assembles the Timers feature. This is the only public way to obtain a ``TimersFeatureInterface``; the interactor,
/// presenter and view behind it are internal so the host depends on nothing but the protocols.
public enum TimersBuilder {
    /// Builds the feature for one command.
    /// - Parameters:
    ///   - services: runs timers and records time (the App's adapter, or a fake).
    ///   - coordinator: asks the user to choose a task or confirm a deletion.
    ///   - analytics: receives usage events.
    ///   - output: where results are written (stdout in the App, `CapturedOutput` in tests).
    ///   - style: whether to colour and how wide to fit tables.
    ///   - format: human text or JSON.
    ///   - today: the user's calendar day, so times today read "09:15" and older ones carry their day
    ///     (the feature never reads the clock).
    ///   - timeZone: the zone times of day and entry dates are shown in.
    public static func build(
        services: any TimersServices,
        coordinator: any TimersCoordinator,
        analytics: any TimersAnalytics,
        output: any TextOutput,
        style: TerminalStyle,
        format: OutputFormat,
        today: CalendarDay,
        timeZone: TimeZone
    ) -> any TimersFeatureInterface {
        TimersInteractor(
            services: services,
            coordinator: coordinator,
            analytics: analytics,
            presenter: TimersPresenter(format: format, today: today, timeZone: timeZone),
            view: TimersView(output: output, style: style)
        )
    }
}
