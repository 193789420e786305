import Foundation

/// The errors the fakes throw, standing in for the App's not-found, ambiguity, validation, conflict and storage
/// errors. Tests use them to check that the feature passes Services errors through unchanged.
public enum TasksFakeError: Error, Sendable, Equatable, LocalizedError, CustomStringConvertible {
    /// Nothing matches the reference. `kind` is "task", "project" or "list".
    case notFound(kind: String, reference: String)
    /// The reference matches several items: task numbers, or lists as "Backlog (Work)".
    case ambiguous(kind: String, reference: String, candidates: [String])
    /// The request breaks a rule (empty title, already done, nowhere to move, …).
    case invalid(String)
    /// The state of things stands in the way (a parent whose subtasks are not all done).
    case conflict(String)
    /// Assigning needs a login to a team server, and there is none.
    case notLoggedIn
    /// The whole store is out of reach (what `FailingTasksServices` throws by default).
    case unavailable

    public var description: String {
        switch self {
        case .notFound(let kind, let reference):
            "no \(kind) matches '\(reference)'"
        case .ambiguous(let kind, let reference, let candidates):
            "'\(reference)' matches several \(kind)s: " + candidates.joined(separator: ", ")
        case .invalid(let message), .conflict(let message):
            message
        case .notLoggedIn:
            "assigning needs a server: log in first"
        case .unavailable:
            "the task store is unavailable"
        }
    }

    public var errorDescription: String? { description }
}
