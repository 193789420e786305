import Foundation
import TerminalUI

/// Draws screens to the output: the report table and bar chart through TerminalUI, CSV as given, JSON through
/// `JSONText`. It makes no decisions about content; every chunk it writes ends with a newline.
struct ReportsView: Sendable {
    let output: any TextOutput
    let style: TerminalStyle
    /// `--quiet`: the empty-state line and the notes under the table are left out; the report itself is not.
    var quiet = false

    func render(_ screen: ReportsScreen) throws {
        switch screen {
        case .lines(let lines):
            guard !lines.isEmpty, !quiet else { return }
            output.writeLine(lines.joined(with: "\n"))
        case .report(let sheet):
            output.writeLine(render(sheet))
        case .text(let text):
            output.write(text)
        case .json(let payload):
            output.writeLine(try JSONText.encode(payload))
        }
    }

    private func render(_ sheet: ReportSheet) -> String {
        // The header and the notes are sentences: on a narrow terminal they wrap at spaces, never mid-word.
        var lines = TextWrap.lines(sheet.header, width: style.width).map { style.paint($0, .bold) }
        lines.append(Table(columns: sheet.table.columns, rows: sheet.table.rows).render(style: style))
        if !quiet {
            lines += sheet.notes.flatMap { TextWrap.lines($0, width: style.width) }.map { style.paint($0, .dim) }
        }
        if let chart = sheet.chart {
            lines.append("")
            lines.append(style.paint(chart.title, .bold))
            lines.append(BarChart(bars: chart.bars).render(style: style))
        }
        return lines.joined(with: "\n")
    }
}
