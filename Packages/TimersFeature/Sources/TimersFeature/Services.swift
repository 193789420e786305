import Foundation
import TerminalUI

/// Everything the Timers feature needs from the outside world: running timers and recording time.
///
/// The feature never touches storage or the clock; the App implements this protocol with an adapter over its
/// workers, the tests and the demo with the in-memory fake. `TimersFeatureContract` states the behaviour below as
/// scenarios, and both run them. The implementation reads the clock once per call and uses that instant for defaults
/// (`at == nil` means now) and for every `Timer.elapsedSeconds` it returns.
///
/// References are the strings the user typed:
/// - a timer reference is the number or id prefix of the task whose timer it is, or a timer id prefix (at least four
///   hex characters, case-insensitive);
/// - a task reference is a task number ("12") or task id prefix; a project reference is a name (case-insensitive) or
///   id prefix;
/// - an entry reference is an entry id prefix of at least four hex characters.
///
/// A `nil` timer reference means the obvious timer, chosen in the same transaction that changes it:
/// - `pauseTimer`: the running timer; none running is a conflict;
/// - `resumeTimer`: the most recently paused timer; none paused is a conflict;
/// - `stopTimer` and `discardTimer`: the running timer, else the only paused one; no timer at all, or several paused
///   and none running, is a conflict (the user must say which).
///
/// Rules the implementation keeps: at most one timer runs at a time (starting or resuming one pauses the running one
/// at the new start, or at that timer's own last start if later); a task or project has at most one timer, so
/// starting a target whose timer is paused resumes it, and starting one whose timer runs is a conflict; no instant
/// may lie more than a minute in the future; an entry lasts 1 second to 1000 hours, and more than 24 hours only with
/// `force` (without it: a conflict, "needs --force"); entries of a task follow the task's current project.
///
/// Every method may throw; errors are the implementation's own, of four kinds the App turns into exit codes (not
/// found 2, ambiguous 3, invalid input 4, conflict 5) or a storage failure, and the feature rethrows them unchanged.
public protocol TimersServices: Sendable {
    /// Starts timing a task or project, pausing whatever runs. `request` names a task or a project (never neither);
    /// with both, the task must be in that project.
    /// If the target already has a paused timer, that timer is resumed instead (`resumed == true`); a new note
    /// replaces its note, `billable` can only turn billing on.
    /// - Throws: notFound when the task or project does not resolve; conflict when the target's timer already runs;
    ///   invalid input when `at` is in the future or before the paused timer's pause, or the task is not in the
    ///   project.
    func startTimer(_ request: TimerStartRequest) async throws -> TimerStartResult

    /// Pauses a running timer.
    /// - Parameters:
    ///   - reference: the timer, or `nil` for the running one.
    ///   - at: when work stopped; `nil` means now.
    /// - Throws: conflict when `reference` is `nil` and nothing runs, or the timer named is already paused (a state,
    ///   like "nothing runs", not a bad value); notFound for an unknown timer; invalid input when `at` is before it
    ///   last started or in the future.
    func pauseTimer(reference: String?, at: Date?) async throws -> Timer

    /// Resumes a paused timer, pausing whatever runs.
    /// - Parameters:
    ///   - reference: the timer, or `nil` for the most recently paused one.
    ///   - at: when work started again; `nil` means now.
    /// - Returns: the timer with `resumed == true`, and the timers paused to make room for it.
    /// - Throws: conflict when `reference` is `nil` and no timer is paused, or the timer named already runs;
    ///   notFound for an unknown timer; invalid input when `at` is before it was paused or in the future.
    func resumeTimer(reference: String?, at: Date?) async throws -> TimerStartResult

    /// Stops a timer and records its worked time (pauses left out) as one entry that starts when the timer first
    /// started; the timer is gone afterwards.
    /// - Parameters:
    ///   - reference: the timer, or `nil` for the running one, else the only paused one.
    ///   - at: when a running timer's work ended; `nil` means now. A paused timer ends where it was paused (`at`, if
    ///     given, may not be before that).
    ///   - note: the entry's note; `nil` keeps the timer's note.
    ///   - force: allows an entry longer than 24 hours.
    /// - Throws: conflict when `reference` is `nil` and there is no timer, or several are paused and none runs, or
    ///   the timer holds more than 24 hours and `force` is false; notFound for an unknown timer; invalid input when
    ///   `at` is out of range or the timer holds less than a second (discard it instead).
    func stopTimer(reference: String?, at: Date?, note: String?, force: Bool) async throws -> TimerStopResult

    /// Deletes a timer without recording anything, and returns it as it was.
    /// - Parameter reference: the timer, or `nil` for the running one, else the only paused one.
    /// - Throws: conflict as for ``stopTimer(reference:at:note:force:)`` with a `nil` reference; notFound for an
    ///   unknown timer.
    func discardTimer(reference: String?) async throws -> Timer

    /// Every timer of the current person: the running one first, then the paused ones, most recently changed first.
    /// - Throws: when reading fails.
    func timers() async throws -> [Timer]

    /// Records time worked without a timer.
    /// - Throws: notFound when the task or project does not resolve; conflict when the duration is over 24 hours
    ///   and `force` is false; invalid input when the duration is under a second or over 1000 hours, the entry would
    ///   end in the future, the task is not in the project, or a tag is invalid.
    func logTime(_ request: LogRequest) async throws -> TimeEntry

    /// The entries matching `query` (see ``EntryQuery``; `all` is ignored), oldest first; with a `limit`, the most
    /// recent ones, still oldest first.
    /// - Throws: invalid input when `since` is after `until`; notFound when the project or task reference does not
    ///   resolve; when reading fails.
    func entries(matching query: EntryQuery) async throws -> [TimeEntry]

    /// The entry an id prefix points at.
    /// - Throws: notFound when no entry matches `reference`; ambiguous when several do.
    func entry(reference: String) async throws -> TimeEntry

    /// Applies `changes` to an entry and returns it as it is afterwards. `changes` is never empty.
    /// - Throws: notFound when the entry, task or project does not resolve; conflict for a new duration over 24 hours
    ///   without `force`; invalid input for another invalid value.
    func editEntry(reference: String, changes: EntryChanges) async throws -> TimeEntry

    /// Deletes an entry and returns it as it was just before deletion.
    /// - Throws: notFound when the reference does not resolve.
    func deleteEntry(reference: String) async throws -> TimeEntry

    /// Time logged on the implementation's today and this week (Monday to Sunday, or from the host's first day of the
    /// week) in the user's time zone (entries only, not running timers).
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
