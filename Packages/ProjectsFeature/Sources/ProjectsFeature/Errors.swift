import Foundation
import TerminalUI

/// Errors the projects feature raises itself, as opposed to the services' errors, which it rethrows unchanged.
///
/// Each has a one-line message for the person at the terminal (``errorDescription``).
public enum ProjectsFeatureError: Error, Sendable, Equatable, LocalizedError {
    /// A project with tasks or logged time was asked to be deleted without `--force`, and nobody could be asked
    /// (no terminal). `what` names it and what it holds: `project "Garden" with its 12 tasks and 5h of logged time`.
    case deletionNeedsForce(what: String)

    public var errorDescription: String? {
        switch self {
        case .deletionNeedsForce(let what):
            "pass --force to delete \(what): there is no terminal to ask for a yes"
        }
    }
}

/// English counts ("1 task", "12 tasks") shared by messages across the feature.
enum Plural {
    static func count(_ value: Int, _ singular: String, _ plural: String) -> String {
        "\(NumberText.grouped(value)) \(value == 1 ? singular : plural)"
    }

    static func tasks(_ value: Int) -> String { count(value, "task", "tasks") }
    static func lists(_ value: Int) -> String { count(value, "list", "lists") }
}
