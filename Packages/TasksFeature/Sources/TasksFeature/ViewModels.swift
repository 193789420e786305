import Foundation
import TerminalUI

// What the presenter hands the view. Every string, column and colour is chosen by the presenter; the view only lays
// them out for the terminal (or encodes the JSON payload).

/// One screen to draw.
enum TasksScreen: Sendable {
    /// Plain lines about the work (confirmations, empty states, hints), left out under `--quiet`. An empty array
    /// prints nothing.
    case lines([String])
    /// Lines printed even under `--quiet`: the answer asked for (a count), or what a person at the picker needs to
    /// go on.
    case essential([String])
    case table(TaskTable)
    case detail(TaskDetail)
    case dashboard(DashboardScreen)
    /// The machine-readable form, printed as pretty JSON.
    case json(any Encodable & Sendable)
}

struct TaskTable: Sendable {
    var columns: [TableColumn]
    var rows: [[TableCell]]

    var columnTitles: [String] { columns.map(\.title) }

    /// The cells of one column, top to bottom (`nil` if there is no such column).
    func cells(inColumn title: String) -> [TableCell]? {
        guard let index = columns.firstIndex(where: { $0.title == title }) else { return nil }
        return rows.map { $0[index] }
    }
}

/// `task show`: a heading, labelled fields, then the note.
struct TaskDetail: Sendable, Equatable {
    var heading: String
    var fields: [DetailField]
    var noteLines: [String]
    /// One line per direct subtask ("✓ 14 Write copy"), shown under a Subtasks heading.
    var subtaskLines: [String] = []

    func field(_ label: String) -> DetailField? { fields.first { $0.label == label } }
}

struct DashboardSection: Sendable {
    var title: String
    var color: TextColor?
    var table: TaskTable
    /// Where to see the rest when the section lists only the first few tasks.
    var more: String? = nil
}

struct DashboardScreen: Sendable {
    var sections: [DashboardSection]
    var summary: String
}

/// The kinds of change a confirmation line can report.
enum Confirmation: Sendable, Equatable {
    case added
    case edited(fields: [String])
    case completed
    case reopened
    case started
    case deleted
    case moved
    case noteAppended
}

/// `{"count": n}`, the JSON form of `count`.
struct CountPayload: Encodable, Sendable {
    var count: Int
}
