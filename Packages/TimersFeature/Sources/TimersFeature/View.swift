import Foundation
import TerminalUI

/// Draws screens to the output: tables and the status block through TerminalUI, JSON through `JSONText`.
/// It makes no decisions about content; every chunk it writes ends with a newline.
struct TimersView: Sendable {
    let output: any TextOutput
    let style: TerminalStyle
    /// `--quiet`: plain lines about the work and the hints under a detail are left out; tables, details and JSON
    /// are not.
    var quiet = false

    func render(_ screen: TimersScreen) throws {
        switch screen {
        case .lines(let lines):
            guard !lines.isEmpty, !quiet else { return }
            output.writeLine(lines.joined(with: "\n"))
        case .essential(let lines):
            guard !lines.isEmpty else { return }
            output.writeLine(lines.joined(with: "\n"))
        case .table(let table):
            timerTable(table).writeLine(to: output, style: style)
        case .detail(let detail):
            output.writeLine(render(detail))
        case .json(let payload):
            output.writeLine(try JSONText.encode(payload))
        case .entriesJSON(let entries):
            try JSONText.writeLine(objects: entries, to: output)
        case .text(let text):
            output.write(text)
        }
    }

    private func timerTable(_ table: TimerTable) -> Table {
        // The total is a row of the same table so its value lines up under the column it sums.
        let rows = table.totalRow.map { table.rows + [$0] } ?? table.rows
        return Table(columns: table.columns, rows: rows)
    }

    private func render(_ detail: TimerDetail) -> String {
        var lines = TextWrap.lines(detail.heading, width: style.width).map { style.paint($0, .bold) }
        lines += DetailField.lines(detail.fields, style: style)
        if !detail.footer.isEmpty, !quiet {
            lines.append("")
            lines += detail.footer.flatMap { TextWrap.lines($0, width: style.width) }.map { style.paint($0, .dim) }
        }
        var text = ""
        for line in lines { if !text.isEmpty { text += "\n" }; text += line }
        return text
    }
}
