import Foundation

/// The errors the fakes throw, standing in for the App's not-found, ambiguity, validation, conflict and storage
/// errors. Tests use them to check that the feature passes Services errors through unchanged.
public enum TimersFakeError: Error, Sendable, Equatable, LocalizedError, CustomStringConvertible {
    /// Nothing matches the reference. `kind` is "timer", "task", "project" or "entry".
    case notFound(kind: String, reference: String)
    /// A prefix matches several items: task numbers, or the short ids of timers or entries, ascending.
    case ambiguous(reference: String, candidates: [String])
    /// The request breaks a rule (a time in the future, too long, nothing to record, …).
    case invalid(String)
    /// The request clashes with the current state (the timer is already running).
    case conflict(String)
    /// A command that defaults to the running timer found none.
    case nothingRunning
    /// `resume` without a reference found no paused timer.
    case nothingPaused
    /// The whole store is out of reach (what `FailingTimersServices` throws by default).
    case unavailable

    public var description: String {
        switch self {
        case .notFound(let kind, let reference):
            "no \(kind) matches '\(reference)'"
        case .ambiguous(let reference, let candidates):
            "'\(reference)' matches several: " + candidates.joined(separator: ", ") + "; use more characters"
        case .invalid(let message), .conflict(let message):
            message
        case .nothingRunning:
            "no timer is running; start one with: stint timer start TASK"
        case .nothingPaused:
            "no timer is paused"
        case .unavailable:
            "the timer store is unavailable"
        }
    }

    public var errorDescription: String? { description }
}
