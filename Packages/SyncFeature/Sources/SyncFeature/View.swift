import Foundation
import TerminalUI

/// Writes screens to the output: tables and the status block through TerminalUI, JSON through `JSONText`.
///
/// It makes no decisions about content; each screen is written as one chunk ending in a newline, so concurrent
/// writers never interleave mid-line.
struct SyncView: Sendable {
    let output: any TextOutput
    let style: TerminalStyle

    func render(_ screen: SyncScreen) throws {
        switch screen {
        case .lines(let lines):
            guard !lines.isEmpty else { return }
            output.write(lines.map(paint).joined(separator: "\n") + "\n")
        case .table(let table, let footer):
            let lines = [table.render(style: style)] + footer.map(paint)
            output.write(lines.joined(separator: "\n") + "\n")
        case .detail(let detail):
            output.write(render(detail) + "\n")
        case .json(let payload):
            output.write(try JSONText.encode(payload) + "\n")
        case .jsonLine(let payload):
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
            encoder.dateEncodingStrategy = .iso8601
            output.write(String(decoding: try encoder.encode(payload), as: UTF8.self) + "\n")
        }
    }

    private func render(_ detail: SyncDetail) -> String {
        var lines = [style.paint(detail.heading, .bold)]
        lines += DetailField.lines(detail.fields, style: style)
        if !detail.footer.isEmpty {
            lines.append("")
            lines += detail.footer.map(paint)
        }
        return lines.joined(separator: "\n")
    }

    private func paint(_ line: SyncLine) -> String {
        style.paint(line.text, line.color)
    }
}
