import Foundation

/// Mistakes in what the user asked the feature to do, detected before any Services call.
///
/// Errors thrown by the Services are never wrapped in this type: they reach the App unchanged.
public enum TasksFeatureError: Error, Sendable, Equatable, LocalizedError, CustomStringConvertible {
    /// `edit` was called with changes that would not alter anything.
    case nothingToEdit(reference: String)
    /// A delete that nobody could confirm (no terminal) and that did not say `--force`.
    /// `what` names the tasks and their logged time: `task 7 "x" and its 2h 30m of logged time`.
    case deletionNeedsForce(what: String)

    public var description: String {
        switch self {
        case .nothingToEdit(let reference):
            "nothing to change for task \(reference): pass a new title, --due, --priority, --tag, --estimate or "
                + "--note, or set EDITOR to edit it in a form"
        case .deletionNeedsForce(let what):
            "pass --force to delete \(what): there is no terminal to ask for a yes"
        }
    }

    /// A request the state of things stands in the way of (exit 5, like the App's conflicts) rather than a mistake
    /// in what was typed (exit 4).
    public var isConflict: Bool {
        switch self {
        case .nothingToEdit: false
        case .deletionNeedsForce: true
        }
    }

    public var errorDescription: String? { description }
}
