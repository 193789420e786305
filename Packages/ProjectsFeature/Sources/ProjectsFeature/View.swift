import Foundation
import TerminalUI

/// Writes screens to the output: tables and details laid out for the terminal, JSON as it is.
///
/// Each screen is written as one chunk ending in a newline, so concurrent writers never interleave mid-line.
struct ProjectsView: Sendable {
    let output: any TextOutput
    let style: TerminalStyle
    /// `--quiet`: one-line messages (confirmations, empty-state hints) are left out; tables, details and JSON are not.
    var quiet = false

    private static let indent = "  "

    func render(_ screen: ProjectsScreen) throws {
        switch screen {
        case .message(let line):
            guard !quiet else { return }
            output.writeLine(line)
        case .table(let table):
            table.writeLine(to: output, style: style)
        case .detail(let detail):
            output.write(text(of: detail))
        case .json(let value):
            output.writeLine(try JSONText.encode(value))
        }
    }

    private func text(of detail: ProjectDetailViewModel) -> String {
        // A long name wraps at spaces on a narrow terminal; the badge follows its last line.
        var lines = TextWrap.lines(detail.title.text, width: style.width).map { style.paint($0, detail.title.color) }
        if let badge = detail.badge { lines[lines.count - 1] += "  " + paint(badge) }

        lines += DetailField.lines(detail.fields, style: style, indent: Self.indent, labelColor: nil)

        if !detail.noteLines.isEmpty {
            lines.append("")
            lines.append(Self.indent + style.paint("Note", .bold))
            lines += detail.noteLines.flatMap {
                TextWrap.lines($0, indent: Self.indent + Self.indent, width: style.width)
            }
        }

        lines.append("")
        lines.append(style.paint("Lists", .bold))
        switch detail.lists {
        case .table(let table):
            var inner = style
            if let width = style.width { inner.width = max(0, width - Self.indent.count) }
            lines += table.render(style: inner).components(separatedBy: "\n").map { Self.indent + $0 }
        case .empty(let hint):
            lines.append(Self.indent + hint)
        }

        lines.append("")
        lines.append(style.paint(detail.tasksHeading, .bold))
        return lines.joined(with: "\n") + "\n"
    }

    private func paint(_ cell: TableCell) -> String {
        style.paint(cell.text, cell.color)
    }
}
