import Foundation
import TerminalUI

// What the presenter hands the view. Every string, column and colour is already chosen; the view only lays it out.

/// One screen to draw.
enum ProjectsScreen: Sendable {
    /// One line (a confirmation or an empty-state hint), left out under `--quiet`.
    case message(String)
    case table(Table)
    case detail(ProjectDetailViewModel)
    /// Scripted output: the value is encoded as it is, with the models' stable keys.
    case json(any Encodable & Sendable)
}

/// The human `project show` screen.
struct ProjectDetailViewModel: Sendable {
    enum ListsSection: Sendable {
        case table(Table)
        case empty(String)
    }

    var title: TableCell
    /// A short marker printed after the title, e.g. "archived".
    var badge: TableCell?
    var fields: [DetailField]
    /// The note split into lines; empty when there is no note.
    var noteLines: [String]
    var lists: ListsSection
    /// Printed last, right before the host shows the project's open tasks below the detail.
    var tasksHeading: String
}

/// A project mutation, as the presenter needs it to word the confirmation.
enum ProjectChange: Sendable {
    case added(Project)
    case renamed(from: String, to: Project)
    case archived(Project)
    case unarchived(Project)
    /// The project as it was, and the time logged on it and its tasks that went with it.
    case deleted(Project, loggedSeconds: Int = 0)

    var project: Project {
        switch self {
        case .added(let project), .renamed(_, let project), .archived(let project), .unarchived(let project),
            .deleted(let project, _):
            project
        }
    }
}

/// A task-list mutation, as the presenter needs it to word the confirmation.
enum ListChange: Sendable {
    case added(TaskList)
    case renamed(from: String, to: TaskList)
    case deleted(TaskList)

    var list: TaskList {
        switch self {
        case .added(let list), .renamed(_, let list), .deleted(let list): list
        }
    }
}
