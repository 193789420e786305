import Foundation

/// The errors the fakes throw, standing in for the App's not-found, ambiguity, validation and storage errors.
/// Tests use them to check that the feature passes Services errors through unchanged.
public enum TasksFakeError: Error, Sendable, Equatable, LocalizedError, CustomStringConvertible {
    /// Nothing matches the reference. `kind` is "task", "project" or "list".
    case notFound(kind: String, reference: String)
    /// A UUID prefix matches several tasks (their numbers, ascending).
    case ambiguous(reference: String, candidates: [Int])
    /// The request breaks a rule (empty title, already done, …).
    case invalid(String)
    /// The whole store is out of reach (what `FailingTasksServices` throws by default).
    case unavailable

    public var description: String {
        switch self {
        case .notFound(let kind, let reference):
            "no \(kind) matches '\(reference)'"
        case .ambiguous(let reference, let candidates):
            "'\(reference)' matches several tasks: "
                + candidates.map(String.init).joined(separator: ", ") + "; use more characters or the number"
        case .invalid(let message):
            message
        case .unavailable:
            "the task store is unavailable"
        }
    }

    public var errorDescription: String? { description }
}
