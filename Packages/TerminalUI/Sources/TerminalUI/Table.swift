/// One column of a `Table`: its header, how its cells align, and whether it may be shortened to fit the terminal.
public struct TableColumn: Sendable {
    /// How cells sit within the column; numbers read best right-aligned.
    public enum Alignment: Sendable {
        case left, right
    }

    public var title: String
    public var alignment: Alignment
    /// A flexible column (titles, names, notes) may be cut short with "…" when the table is wider than the
    /// terminal; it never shrinks below 8 columns or its header.
    public var flexible: Bool

    public init(title: String, alignment: Alignment = .left, flexible: Bool = false) {
        self.title = title
        self.alignment = alignment
        self.flexible = flexible
    }

    public init(_ title: String, alignment: Alignment = .left, flexible: Bool = false) {
        self.init(title: title, alignment: alignment, flexible: flexible)
    }
}

/// The text of one table cell and an optional colour (applied only when the style allows colour).
public struct TableCell: Sendable, ExpressibleByStringLiteral {
    public var text: String
    public var color: TextColor?

    public init(_ text: String, color: TextColor? = nil) {
        self.text = text
        self.color = color
    }

    public init(text: String, color: TextColor? = nil) {
        self.init(text, color: color)
    }

    public init(stringLiteral value: String) {
        self.init(value)
    }
}

/// A plain-text table for the terminal: a header row, columns aligned by display width, two spaces between
/// columns, no trailing whitespace, one line per row (line breaks inside cells become spaces).
///
/// When the style has a width and the table is wider, flexible columns are shortened with "…" (never below
/// 8 columns or their header width); if that is not enough the lines stay long rather than wrap.
/// Rendering is linear in the number of cells.
public struct Table: Sendable {
    public var columns: [TableColumn]
    public var rows: [[TableCell]]

    /// Rows shorter than `columns` are padded with empty cells; extra cells are ignored.
    public init(columns: [TableColumn], rows: [[TableCell]]) {
        self.columns = columns
        self.rows = rows
    }

    static let gutter = "  "
    static let minimumFlexibleWidth = 8

    /// The rendered table, lines joined by "\n", without a final newline (the caller adds one).
    public func render(style: TerminalStyle) -> String {
        guard !columns.isEmpty else { return "" }
        let columnCount = columns.count
        let headers = columns.map { Table.singleLine($0.title) }
        let headerWidths = headers.map(DisplayWidth.of)

        var texts: [[String]] = []
        var widths: [[Int]] = []
        texts.reserveCapacity(rows.count)
        widths.reserveCapacity(rows.count)
        var natural = headerWidths
        for row in rows {
            var rowTexts: [String] = []
            var rowWidths: [Int] = []
            rowTexts.reserveCapacity(columnCount)
            rowWidths.reserveCapacity(columnCount)
            for index in 0..<columnCount {
                let text = index < row.count ? Table.singleLine(row[index].text) : ""
                let width = DisplayWidth.of(text)
                rowTexts.append(text)
                rowWidths.append(width)
                if width > natural[index] { natural[index] = width }
            }
            texts.append(rowTexts)
            widths.append(rowWidths)
        }

        let finalWidths = fitted(natural: natural, headerWidths: headerWidths, limit: style.width)

        var lines: [String] = []
        lines.reserveCapacity(rows.count + 1)
        lines.append(
            line(
                texts: headers, widths: headerWidths, colors: Array(repeating: .bold, count: columnCount),
                columnWidths: finalWidths, style: style))
        for (rowIndex, row) in rows.enumerated() {
            let colors = (0..<columnCount).map { $0 < row.count ? row[$0].color : nil }
            lines.append(
                line(
                    texts: texts[rowIndex], widths: widths[rowIndex], colors: colors, columnWidths: finalWidths,
                    style: style))
        }
        return lines.joined(separator: "\n")
    }

    /// Shrinks the widest flexible columns first, levelling them down, until the table fits or nothing can shrink.
    func fitted(natural: [Int], headerWidths: [Int], limit: Int?) -> [Int] {
        guard let limit else { return natural }
        var result = natural
        let gutters = Table.gutter.count * (columns.count - 1)
        var excess = result.reduce(gutters, +) - limit
        let minimums = columns.indices.map { index in
            min(natural[index], max(Table.minimumFlexibleWidth, headerWidths[index]))
        }
        while excess > 0 {
            let shrinkable = columns.indices.filter { columns[$0].flexible && result[$0] > minimums[$0] }
            guard let widest = shrinkable.max(by: { result[$0] < result[$1] }) else { break }
            let nextWidest = shrinkable.filter { $0 != widest }.map { result[$0] }.max() ?? 0
            let floor = max(minimums[widest], nextWidest)
            // Level the widest column down to the next one; on a tie, take one column at a time so they stay even.
            let step = max(1, min(excess, result[widest] - floor))
            result[widest] -= step
            excess -= step
        }
        return result
    }

    private func line(
        texts: [String], widths: [Int], colors: [TextColor?], columnWidths: [Int], style: TerminalStyle
    ) -> String {
        var output = ""
        var pendingSpaces = 0
        for index in 0..<columns.count {
            var text = texts[index]
            var width = widths[index]
            let columnWidth = columnWidths[index]
            if width > columnWidth {
                text = Table.truncate(text, to: columnWidth)
                width = DisplayWidth.of(text)
            }
            if index > 0 { pendingSpaces += Table.gutter.count }
            let padding = max(0, columnWidth - width)
            if columns[index].alignment == .right { pendingSpaces += padding }
            if !text.isEmpty {
                if pendingSpaces > 0 { output += String(repeating: " ", count: pendingSpaces) }
                pendingSpaces = 0
                output += style.paint(text, colors[index])
            }
            if columns[index].alignment == .left { pendingSpaces += padding }
        }
        return output
    }

    /// Cuts `text` to at most `width` columns, ending in "…"; escape sequences are kept, and a reset is added
    /// if any were present so colour does not leak into the next column.
    static func truncate(_ text: String, to width: Int) -> String {
        guard width > 0 else { return "" }
        var result = ""
        var used = 0
        var sawEscape = false
        var scanner = EscapeScanner()
        for character in text {
            if scanner.consume(character) {
                sawEscape = true
                result.append(character)
                continue
            }
            let columns = DisplayWidth.columns(of: character)
            if used + columns > width - 1 { break }
            result.append(character)
            used += columns
        }
        result += "…"
        if sawEscape { result += "\u{1B}[0m" }
        return result
    }

    /// Rows never wrap, so line breaks and tabs inside a cell become single spaces.
    static func singleLine(_ text: String) -> String {
        guard text.utf8.contains(where: { $0 == 0x0A || $0 == 0x0D || $0 == 0x09 }) else { return text }
        var result = ""
        result.reserveCapacity(text.utf8.count)
        var previousWasBreak = false
        for character in text {
            if character == "\n" || character == "\r" || character == "\r\n" || character == "\t" {
                if !previousWasBreak { result.append(" ") }
                previousWasBreak = true
            } else {
                result.append(character)
                previousWasBreak = false
            }
        }
        return result
    }
}
