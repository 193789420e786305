import Foundation

/// Mistakes in what the user asked the feature to do, detected before any Services call.
///
/// Errors thrown by the Services are never wrapped in this type: they reach the App unchanged.
public enum TasksFeatureError: Error, Sendable, Equatable, LocalizedError, CustomStringConvertible {
    /// `edit` was called with changes that would not alter anything.
    case nothingToEdit(reference: String)

    public var description: String {
        switch self {
        case .nothingToEdit(let reference):
            "nothing to change for task \(reference): pass a new title, --due, --priority, --tag, --estimate or --note"
        }
    }

    public var errorDescription: String? { description }
}
