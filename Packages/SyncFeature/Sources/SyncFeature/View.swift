import Foundation
import TerminalUI

/// Writes screens to the output: tables and the status block through TerminalUI, JSON through `JSONText`.
///
/// It makes no decisions about content; each screen is written as one chunk ending in a newline, so concurrent
/// writers never interleave mid-line.
struct SyncView: Sendable {
    let output: any TextOutput
    let style: TerminalStyle
    /// `--quiet`: only essential lines, tables, details without their hints, and JSON are written.
    var quiet = false

    func render(_ screen: SyncScreen) throws {
        switch screen {
        case .lines(let all):
            let lines = quiet ? all.filter(\.essential) : all
            guard !lines.isEmpty else { return }
            output.writeLine(lines.map(paint).joined(with: "\n"))
        case .table(let table, let footer):
            let lines = [table.render(style: style)] + (quiet ? [] : footer.flatMap(wrapped))
            output.writeLine(lines.joined(with: "\n"))
        case .detail(let detail):
            output.writeLine(render(detail))
        case .json(let payload):
            output.writeLine(try JSONText.encode(payload))
        case .jsonLine(let payload):
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
            encoder.dateEncodingStrategy = .iso8601
            output.writeLine(String(decoding: try encoder.encode(payload), as: UTF8.self))
        }
    }

    private func render(_ detail: SyncDetail) -> String {
        var lines = [style.paint(detail.heading, .bold)]
        lines += DetailField.lines(detail.fields, style: style)
        if !detail.footer.isEmpty, !quiet {
            lines.append("")
            lines += detail.footer.flatMap(wrapped)
        }
        return lines.joined(with: "\n")
    }

    /// A hint under a table or a block, broken at spaces to the terminal's width.
    private func wrapped(_ line: SyncLine) -> [String] {
        TextWrap.lines(line.text, width: style.width).map { style.paint($0, line.color) }
    }

    private func paint(_ line: SyncLine) -> String {
        style.paint(line.text, line.color)
    }
}
