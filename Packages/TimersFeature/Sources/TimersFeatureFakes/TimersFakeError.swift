import Foundation

/// The errors the fakes throw, standing in for the App's not-found, ambiguity, validation, conflict and storage
/// errors. Tests use them to check that the feature passes Services errors through unchanged.
public enum TimersFakeError: Error, Sendable, Equatable, LocalizedError, CustomStringConvertible {
    /// Nothing matches the reference. `kind` is "timer", "task", "project" or "entry".
    case notFound(kind: String, reference: String)
    /// A prefix matches several items: task numbers, or the short ids of timers or entries, ascending.
    case ambiguous(kind: String, reference: String, candidates: [String])
    /// The request breaks a rule (a time in the future or out of order, a length out of range, …).
    case invalid(String)
    /// The request clashes with the current state: nothing running or paused to act on, several paused and none
    /// named, the timer already running, more than 24 hours without force.
    case conflict(String)
    /// The whole store is out of reach (what `FailingTimersServices` throws by default).
    case unavailable

    public var description: String {
        switch self {
        case .notFound(let kind, let reference):
            "no \(kind) matches '\(reference)'"
        case .ambiguous(let kind, let reference, let candidates):
            "'\(reference)' matches several \(kind)s: " + candidates.joined(separator: ", ")
        case .invalid(let message), .conflict(let message):
            message
        case .unavailable:
            "the timer store is unavailable"
        }
    }

    public var errorDescription: String? { description }
}
