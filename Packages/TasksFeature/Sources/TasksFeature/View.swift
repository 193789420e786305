import Foundation
import TerminalUI

/// Draws screens to the output: tables and detail views through TerminalUI, JSON through `JSONText`.
/// It makes no decisions about content; every chunk it writes ends with a newline.
struct TasksView: Sendable {
    let output: any TextOutput
    let style: TerminalStyle
    /// `--quiet`: plain lines about the work are left out; tables, details, counts and JSON are not.
    var quiet = false

    func render(_ screen: TasksScreen) throws {
        switch screen {
        case .lines(let lines):
            guard !lines.isEmpty, !quiet else { return }
            output.writeLine(lines.joined(with: "\n"))
        case .essential(let lines):
            guard !lines.isEmpty else { return }
            output.writeLine(lines.joined(with: "\n"))
        case .table(let table):
            self.table(table).writeLine(to: output, style: style)
        case .detail(let detail):
            output.writeLine(render(detail))
        case .dashboard(let dashboard):
            output.writeLine(render(dashboard))
        case .json(let payload):
            output.writeLine(try JSONText.encode(payload))
        }
    }

    private func table(_ table: TaskTable) -> Table {
        Table(columns: table.columns, rows: table.rows)
    }

    private func render(_ detail: TaskDetail) -> String {
        // The heading and the note are prose: on a narrow terminal they wrap at spaces, never mid-word.
        var lines = TextWrap.lines(detail.heading, width: style.width).map { style.paint($0, .bold) }
        lines += DetailField.lines(detail.fields, style: style)
        if !detail.subtaskLines.isEmpty {
            lines.append("")
            lines.append(style.paint("Subtasks", .bold))
            lines += detail.subtaskLines.flatMap { TextWrap.lines($0, indent: "  ", width: style.width) }
        }
        if !detail.noteLines.isEmpty {
            lines.append("")
            lines.append(style.paint("Note", .bold))
            lines += detail.noteLines.flatMap { TextWrap.lines($0, indent: "  ", width: style.width) }
        }
        return lines.joined(with: "\n")
    }

    /// The sections, then the summary; the lines between tables wrap at spaces to the terminal's width.
    private func render(_ dashboard: DashboardScreen) -> String {
        var blocks = dashboard.sections.map { section in
            var block = style.paint(section.title, section.color) + "\n" + table(section.table).render(style: style)
            if let more = section.more, !quiet { block += "\n" + wrapped(more, color: .dim) }
            return block
        }
        blocks.append(wrapped(dashboard.summary, color: nil))
        return blocks.joined(with: "\n\n")
    }

    private func wrapped(_ text: String, color: TextColor?) -> String {
        TextWrap.lines(text, width: style.width).map { style.paint($0, color) }.joined(with: "\n")
    }
}
