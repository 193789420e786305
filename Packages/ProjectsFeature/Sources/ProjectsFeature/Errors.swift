import Foundation

/// Errors the projects feature raises itself, as opposed to the services' errors, which it rethrows unchanged.
///
/// Each has a one-line message for the person at the terminal (``errorDescription``).
public enum ProjectsFeatureError: Error, Sendable, Equatable, LocalizedError {
    /// A project that still has tasks was asked to be deleted without `--force`, and nobody confirmed it.
    case projectHasTasks(name: String, tasks: Int)

    public var errorDescription: String? {
        switch self {
        case .projectHasTasks(let name, let tasks):
            "project \"\(name)\" has \(Plural.tasks(tasks)); pass --force to delete it with its lists and tasks"
        }
    }
}

/// English counts ("1 task", "12 tasks") shared by messages across the feature.
enum Plural {
    static func count(_ value: Int, _ singular: String, _ plural: String) -> String {
        "\(value) \(value == 1 ? singular : plural)"
    }

    static func tasks(_ value: Int) -> String { count(value, "task", "tasks") }
    static func lists(_ value: Int) -> String { count(value, "list", "lists") }
}
