import Foundation
import TerminalUI

/// Draws screens to the output: tables and detail views through TerminalUI, JSON through `JSONText`.
/// It makes no decisions about content; every chunk it writes ends with a newline.
struct TasksView: Sendable {
    let output: any TextOutput
    let style: TerminalStyle

    func render(_ screen: TasksScreen) throws {
        switch screen {
        case .lines(let lines):
            guard !lines.isEmpty else { return }
            output.write(lines.joined(separator: "\n") + "\n")
        case .table(let table):
            output.write(render(table) + "\n")
        case .detail(let detail):
            output.write(render(detail) + "\n")
        case .dashboard(let dashboard):
            output.write(render(dashboard) + "\n")
        case .json(let payload):
            output.write(try JSONText.encode(payload) + "\n")
        }
    }

    private func render(_ table: TaskTable) -> String {
        Table(columns: table.columns, rows: table.rows).render(style: style)
    }

    private func render(_ detail: TaskDetail) -> String {
        var lines = [style.paint(detail.heading, .bold)]
        lines += DetailField.lines(detail.fields, style: style)
        if !detail.noteLines.isEmpty {
            lines.append("")
            lines.append(style.paint("Note", .bold))
            lines += detail.noteLines.map { $0.isEmpty ? "" : "  \($0)" }
        }
        return lines.joined(separator: "\n")
    }

    private func render(_ dashboard: DashboardScreen) -> String {
        var blocks = dashboard.sections.map { section in
            style.paint(section.title, section.color) + "\n" + render(section.table)
                + (section.more.map { "\n" + style.paint($0, .dim) } ?? "")
        }
        blocks.append(dashboard.summary)
        return blocks.joined(separator: "\n\n")
    }
}
