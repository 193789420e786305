import Foundation
import TerminalUI

/// Draws screens to the output: the report table and bar chart through TerminalUI, CSV as given, JSON through
/// `JSONText`. It makes no decisions about content; every chunk it writes ends with a newline.
struct ReportsView: Sendable {
    let output: any TextOutput
    let style: TerminalStyle

    func render(_ screen: ReportsScreen) throws {
        switch screen {
        case .lines(let lines):
            guard !lines.isEmpty else { return }
            output.write(lines.joined(separator: "\n") + "\n")
        case .report(let sheet):
            output.write(render(sheet) + "\n")
        case .text(let text):
            output.write(text)
        case .json(let payload):
            output.write(try JSONText.encode(payload) + "\n")
        }
    }

    private func render(_ sheet: ReportSheet) -> String {
        var lines = [style.paint(sheet.header, .bold)]
        lines.append(Table(columns: sheet.table.columns, rows: sheet.table.rows).render(style: style))
        lines += sheet.notes.map { style.paint($0, .dim) }
        if let chart = sheet.chart {
            lines.append("")
            lines.append(style.paint(chart.title, .bold))
            lines.append(BarChart(bars: chart.bars).render(style: style))
        }
        return lines.joined(separator: "\n")
    }
}
