import Foundation

/// Mistakes in what the user asked the feature to do, detected before (or instead of) any Services call.
///
/// Errors thrown by the Services or the coordinator are never wrapped in this type: they reach the App unchanged.
public enum TimersFeatureError: Error, Sendable, Equatable, LocalizedError, CustomStringConvertible {
    /// `start` named neither a task nor a project, and the host could not ask which task to time.
    case taskRequired
    /// `log` named neither a task nor a project, and the host could not ask which task the time was for.
    case logTargetRequired
    /// `editEntry` was called with changes that would not alter anything.
    case nothingToEdit(reference: String)

    public var description: String {
        switch self {
        case .taskRequired:
            "name what to time: stint timer start TASK, or --project NAME"
        case .logTargetRequired:
            "name what the time was spent on: stint log DURATION TASK, or --project NAME"
        case .nothingToEdit(let reference):
            "nothing to change for entry \(reference): pass --start, --duration, --note, --billable, --tag, --task "
                + "or --project"
        }
    }

    public var errorDescription: String? { description }
}
