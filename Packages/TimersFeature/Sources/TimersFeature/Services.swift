import Foundation
import TerminalUI

/// Everything the Timers feature needs from the outside world: running timers and recording time.
///
/// The feature never touches storage or the clock; the App implements this protocol with an adapter over its
/// workers (the tests and the demo use the in-memory fake). The implementation reads the clock once per call and
/// uses that instant for defaults (`at == nil` means now) and for every `Timer.elapsedSeconds` it returns.
///
/// References are the strings the user typed:
/// - a timer reference is the number or id prefix of the task whose timer it is, or a timer id prefix (at least four
///   hex characters, case-insensitive); `nil` means "the running timer" (pause, stop, discard) or "the most recently
///   paused timer" (resume);
/// - a task reference is a task number ("12") or task id prefix; a project reference is a name (case-insensitive) or
///   id prefix;
/// - an entry reference is an entry id prefix of at least four hex characters.
///
/// Rules the implementation keeps: at most one timer runs at a time (starting or resuming one pauses the others); a
/// task or project has at most one timer, so starting a task whose timer is paused resumes it.
///
/// Every method may throw; errors are the implementation's own (not found, ambiguous reference, nothing running,
/// validation such as a time in the future or an entry over 24 hours without `force`, storage) and the feature
/// rethrows them unchanged for the App to present.
public protocol TimersServices: Sendable {
    /// Starts timing a task or project, pausing whatever runs. `request` names a task or a project (never neither).
    /// If the target already has a paused timer, that timer is resumed instead (`resumed == true`); a new note
    /// replaces its note, `billable` can only turn billing on.
    /// - Throws: when the task or project does not resolve, its timer is already running, or `at` is in the future.
    func startTimer(_ request: TimerStartRequest) async throws -> TimerStartResult

    /// Pauses a running timer.
    /// - Parameters:
    ///   - reference: the timer, or `nil` for the running one.
    ///   - at: when work stopped; `nil` means now.
    /// - Throws: when nothing runs (`nil` reference), the timer is not running, or `at` is before it last started
    ///   or in the future.
    func pauseTimer(reference: String?, at: Date?) async throws -> Timer

    /// Resumes a paused timer, pausing whatever runs.
    /// - Parameters:
    ///   - reference: the timer, or `nil` for the most recently paused one.
    ///   - at: when work started again; `nil` means now.
    /// - Returns: the timer with `resumed == true`, and the timers paused to make room for it.
    /// - Throws: when no timer is paused (`nil` reference), the timer is already running, or `at` is before it was
    ///   paused or in the future.
    func resumeTimer(reference: String?, at: Date?) async throws -> TimerStartResult

    /// Stops a timer and records its worked time as an entry that starts when the timer first started.
    /// - Parameters:
    ///   - reference: the timer, or `nil` for the running one.
    ///   - at: when a running timer's work ended; `nil` means now. A paused timer ends where it was paused.
    ///   - note: the entry's note; `nil` keeps the timer's note.
    ///   - force: allows an entry longer than 24 hours.
    /// - Throws: when nothing runs (`nil` reference), `at` is out of range, the timer holds no time (discard it
    ///   instead), or it holds more than 24 hours and `force` is false.
    func stopTimer(reference: String?, at: Date?, note: String?, force: Bool) async throws -> TimerStopResult

    /// Deletes a timer without recording anything, and returns it as it was.
    /// - Parameter reference: the timer, or `nil` for the running one.
    /// - Throws: when nothing runs (`nil` reference) or the reference does not resolve.
    func discardTimer(reference: String?) async throws -> Timer

    /// Every timer of the current person: the running one first, then paused ones, most recently paused first.
    /// - Throws: when reading fails.
    func timers() async throws -> [Timer]

    /// Records time worked without a timer.
    /// - Throws: when the task or project does not resolve, the duration is out of range (over 24 hours needs
    ///   `force`), the entry would end in the future, or a tag is invalid.
    func logTime(_ request: LogRequest) async throws -> TimeEntry

    /// The entries matching `query`, oldest first (with a `limit`, the most recent ones, still oldest first).
    /// - Throws: when the project or task reference does not resolve, or reading fails.
    func entries(matching query: EntryQuery) async throws -> [TimeEntry]

    /// The entry an id prefix points at.
    /// - Throws: when no entry, or more than one entry, matches `reference`.
    func entry(reference: String) async throws -> TimeEntry

    /// Applies `changes` to an entry and returns it as it is afterwards. `changes` is never empty.
    /// - Throws: when the entry, task or project does not resolve, or a new value is invalid.
    func editEntry(reference: String, changes: EntryChanges) async throws -> TimeEntry

    /// Deletes an entry and returns it as it was just before deletion.
    /// - Throws: when the reference does not resolve.
    func deleteEntry(reference: String) async throws -> TimeEntry

    /// Time logged today and this week in the user's time zone (entries only, not running timers).
    /// - Throws: when reading fails.
    func timeSpent() async throws -> TimeSpent
}

/// What the feature asks of its host when it needs something it cannot do itself.
///
/// The feature never reads stdin and knows nothing about tasks beyond what a timer carries: picking a task belongs
/// to the Tasks feature, and only the host knows whether anyone is there to answer.
public protocol TimersCoordinator: Sendable {
    /// Asks the user which task to time, when `start` or `log` names neither a task nor a project.
    /// - Returns: the chosen task's reference, `.cancelled` when the user declined to choose, or `.unavailable`
    ///   when nobody can be asked (the feature then fails with a message saying what to type).
    /// - Throws: whatever the host's picker throws (for example, failing to read tasks); the feature rethrows it.
    func chooseTask() async throws -> TaskChoice

    /// Asks the user to confirm a destructive action (deleting an entry).
    /// - Parameter question: one line, e.g. `Delete entry 3f2a9c1b: 45m on 12 "Write report" on 2026-11-20 …?`
    /// - Returns: the user's answer; `true` when the host cannot ask, so scripts are never blocked by a prompt.
    func confirm(_ question: String) async -> Bool
}

/// Usage events the feature reports after an operation succeeds (or the user backs out). Events never carry personal
/// data (no titles, notes, names, tags or times), only what happened and how many.
public enum TimersEvent: Sendable, Equatable {
    /// A timer started; `resumedExisting` when a paused timer on the same target was resumed instead.
    case started(pausedOthers: Int, resumedExisting: Bool)
    /// The user was asked which task to time and chose none.
    case startCancelled
    case paused
    case resumed(pausedOthers: Int)
    case stopped
    case discarded
    case statusShown(running: Bool, pausedCount: Int)
    /// The dashboard's time overview was shown.
    case overviewShown(running: Bool)
    case listed(count: Int)
    case logged
    /// The user was asked which task to log time on and chose none.
    case logCancelled
    case entriesListed(count: Int)
    case entryEdited(fieldCount: Int)
    case entryDeleted
    /// The user was asked to confirm deleting an entry and declined.
    case entryDeletionDeclined
}

/// Receives the feature's usage events. Implementations must return quickly and never fail the operation.
public protocol TimersAnalytics: Sendable {
    /// Records one event.
    func track(_ event: TimersEvent)
}
