/// One column of a `Table`: its header, how its cells align, whether it may be shortened, and whether it may be left
/// out to fit the terminal.
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
    /// When the table is still too wide once its flexible columns are as narrow as they go, columns with a rank
    /// are left out, the lowest rank first (on a tie, the rightmost first), until it fits; `nil` (the default)
    /// means the column always stays. Features use the shared ranks of ``DropRank``.
    public var dropRank: Int?

    public init(title: String, alignment: Alignment = .left, flexible: Bool = false, dropRank: Int? = nil) {
        self.title = title
        self.alignment = alignment
        self.flexible = flexible
        self.dropRank = dropRank
    }

    public init(_ title: String, alignment: Alignment = .left, flexible: Bool = false, dropRank: Int? = nil) {
        self.init(title: title, alignment: alignment, flexible: flexible, dropRank: dropRank)
    }

    /// The order in which every feature's optional columns give way on a narrow terminal, least useful first, so
    /// the same kind of column goes first in every table (ADR 0009): tags, then estimates, then statuses, then
    /// notes, then other context. What identifies a row and what the command is about (number, title, due date,
    /// duration) never has a rank.
    public enum DropRank {
        public static let tags = 10
        public static let estimate = 20
        public static let status = 30
        public static let note = 40
        /// Context that helps but is not needed to act on a row: when something started, the project beside a
        /// task, the billable mark.
        public static let context = 50
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
/// When the style has a width and the table is wider, flexible columns are shortened with "…" first (to 20 columns
/// or their header width); if that is not enough, columns with a ``TableColumn/dropRank`` are left out, least useful
/// first, and the flexible ones get back what the dropped column freed. With nothing left to drop, flexible columns
/// shrink on down to 8 columns; only when nothing more can give do the lines stay long rather than wrap. Rendering is linear in the number of cells.
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
    /// How narrow flexible columns get before any column is left out.
    static let readableFlexibleWidth = 20

    /// The rendered table, lines joined by "\n", without a final newline (the caller adds one).
    ///
    /// Written straight into one byte buffer: a list of 7,500 tasks is 60,000 cells, and a string, an array and a
    /// padding string for each of them were most of `task list`'s time (ADR 0028); appending each piece to a
    /// `String` still cost a fifth of it.
    public func render(style: TerminalStyle) -> String {
        withRendered(style: style, lineBreak: false) { String(decoding: $0, as: UTF8.self) }
    }

    /// Writes ``render(style:)`` and a line break to `output` as bytes, without the `String` in between (a
    /// megabyte for the full task list).
    public func writeLine(to output: any TextOutput, style: TerminalStyle) {
        withRendered(style: style, lineBreak: true) { output.write(utf8: $0) }
    }

    /// Hands the rendered table, with a final line break if asked, to `body`; the bytes live as long as the call.
    private func withRendered<T>(
        style: TerminalStyle, lineBreak: Bool, _ body: (UnsafeBufferPointer<UInt8>) -> T
    ) -> T {
        guard !columns.isEmpty else {
            let empty: [UInt8] = lineBreak ? [UInt8(ascii: "\n")] : []
            return empty.withUnsafeBufferPointer(body)
        }
        let columnCount = columns.count
        let headers = columns.map { Table.singleLine($0.title) }
        let headerWidths = headers.map(DisplayWidth.of)

        // The width of every cell, row after row. Printable ASCII (nearly every cell) has no line break to fold
        // and one column a byte, so its text is read again from the row; the few others are folded once here.
        var widths: [Int] = []
        widths.reserveCapacity(rows.count * columnCount)
        var folded: [Int: String] = [:]
        var natural = headerWidths
        var bytes = 0
        for rowIndex in 0..<rows.count {
            let row = rows[rowIndex]
            for index in 0..<columnCount {
                let width: Int
                if index >= row.count {
                    width = 0
                } else if let ascii = DisplayWidth.asciiWidth(row[index].text) {
                    width = ascii
                    bytes += ascii
                } else {
                    let text = Table.singleLine(row[index].text)
                    width = DisplayWidth.of(text)
                    bytes += text.utf8.count
                    folded[rowIndex * columnCount + index] = text
                }
                widths.append(width)
                if width > natural[index] { natural[index] = width }
            }
        }

        let layout = self.layout(natural: natural, headerWidths: headerWidths, limit: style.width)
        let lineWidth = Self.total(layout.widths, shown: layout.shown)
        var output = ByteSink(
            capacity: bytes + (rows.count + 1) * (lineWidth + 1) + (style.useColor ? rows.count * 32 : 0) + 1)
        defer { output.deallocate() }
        var writer = LineWriter(columns: columns, layout: layout, style: style)
        for index in 0..<columnCount {
            writer.cell(headers[index], width: headerWidths[index], column: index, color: .bold, into: &output)
        }
        for rowIndex in 0..<rows.count {
            let row = rows[rowIndex]
            output.append(UInt8(ascii: "\n"))
            writer.startLine()
            let base = rowIndex * columnCount
            for index in 0..<columnCount {
                guard index < row.count else {
                    writer.cell("", width: 0, column: index, color: nil, into: &output)
                    continue
                }
                let cell = row[index]
                writer.cell(
                    folded[base + index] ?? cell.text, width: widths[base + index], column: index, color: cell.color,
                    into: &output)
            }
        }
        if lineBreak { output.append(UInt8(ascii: "\n")) }
        return body(output.bytes)
    }

    /// Lays cells out on one line: columns left out are skipped, gutters and padding are owed as spaces and only
    /// written before the next text, so no line ends in whitespace.
    private struct LineWriter {
        let columns: [TableColumn]
        let layout: Layout
        let style: TerminalStyle
        var pendingSpaces = 0
        var first = true

        init(columns: [TableColumn], layout: Layout, style: TerminalStyle) {
            self.columns = columns
            self.layout = layout
            self.style = style
        }

        mutating func startLine() {
            pendingSpaces = 0
            first = true
        }

        mutating func cell(
            _ text: String, width: Int, column index: Int, color: TextColor?, into output: inout ByteSink
        ) {
            guard layout.shown[index] else { return }
            var text = text
            var width = width
            let columnWidth = layout.widths[index]
            if width > columnWidth {
                text = Table.truncate(text, to: columnWidth)
                width = DisplayWidth.of(text)
            }
            if !first { pendingSpaces += Table.gutter.utf8.count }
            first = false
            let padding = max(0, columnWidth - width)
            if columns[index].alignment == .right { pendingSpaces += padding }
            if !text.isEmpty {
                output.appendSpaces(pendingSpaces)
                pendingSpaces = 0
                // What `TerminalStyle.paint` makes of it, without the intermediate string.
                if style.useColor, let color {
                    output.appendText(color.start)
                    output.appendText(text)
                    output.appendText(TextColor.reset)
                } else {
                    output.appendText(text)
                }
            }
            if columns[index].alignment == .left { pendingSpaces += padding }
        }
    }

    /// Which columns are shown and how wide each is (0 for a column left out).
    struct Layout: Equatable {
        var shown: [Bool]
        var widths: [Int]
    }

    /// Shrinks the flexible columns to a readable width; while the table is still wider than `limit`, leaves out the
    /// droppable column with the lowest rank (the rightmost on a tie) and fits again from the natural widths. Only
    /// when no column is left to drop do flexible columns shrink further, down to their minimum: a title cut to
    /// eight characters is worth less than the tags or the status it could have made room for.
    func layout(natural: [Int], headerWidths: [Int], limit: Int?) -> Layout {
        var shown = Array(repeating: true, count: columns.count)
        guard let limit else { return Layout(shown: shown, widths: natural) }
        while true {
            let readable = fitted(
                natural: natural, headerWidths: headerWidths, shown: shown, limit: limit,
                floor: Table.readableFlexibleWidth)
            if Self.total(readable, shown: shown) <= limit { return Layout(shown: shown, widths: readable) }
            let candidates = columns.indices.filter { shown[$0] && columns[$0].dropRank != nil }
            // Never leave a table without columns: the last one stays even if it could go.
            guard shown.filter({ $0 }).count > 1,
                let next = candidates.min(by: { lhs, rhs in
                    let left = columns[lhs].dropRank ?? 0
                    let right = columns[rhs].dropRank ?? 0
                    return left != right ? left < right : lhs > rhs
                })
            else {
                let narrowest = fitted(
                    natural: natural, headerWidths: headerWidths, shown: shown, limit: limit,
                    floor: Table.minimumFlexibleWidth)
                return Layout(shown: shown, widths: narrowest)
            }
            shown[next] = false
        }
    }

    /// The width of a line: the shown columns and the gutters between them.
    static func total(_ widths: [Int], shown: [Bool]) -> Int {
        let visible = widths.indices.filter { shown[$0] }
        return visible.reduce(0) { $0 + widths[$1] } + gutter.count * max(0, visible.count - 1)
    }

    /// Shrinks the widest flexible columns first, levelling them down, until the table fits or nothing can shrink
    /// (no flexible column below `floor` columns or its header, or its natural width if that is less).
    func fitted(natural: [Int], headerWidths: [Int], shown: [Bool], limit: Int, floor: Int) -> [Int] {
        var result = natural
        for index in columns.indices where !shown[index] { result[index] = 0 }
        var excess = Self.total(result, shown: shown) - limit
        let minimums = columns.indices.map { index in
            min(natural[index], max(floor, headerWidths[index]))
        }
        while excess > 0 {
            let shrinkable = columns.indices.filter {
                shown[$0] && columns[$0].flexible && result[$0] > minimums[$0]
            }
            guard let widest = shrinkable.max(by: { result[$0] < result[$1] }) else { break }
            let nextWidest = shrinkable.filter { $0 != widest }.map { result[$0] }.max() ?? 0
            let level = max(minimums[widest], nextWidest)
            // Level the widest column down to the next one; on a tie, take one column at a time so they stay even.
            let step = max(1, min(excess, result[widest] - level))
            result[widest] -= step
            excess -= step
        }
        return result
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
        if sawEscape { result += TextColor.reset }
        return result
    }

    /// Rows never wrap, so line breaks and tabs inside a cell become single spaces; a bidirectional control (never
    /// meant, and able to make the rest of the row read backwards) is shown as its escape, `\u{202E}`. Only cells
    /// that are not printable ASCII come here, so a listing's plain cells pay nothing for the check.
    static func singleLine(_ text: String) -> String {
        guard
            text.utf8.contains(where: { $0 == 0x0A || $0 == 0x0D || $0 == 0x09 })
                || text.unicodeScalars.contains(where: DisplayText.isBidiControl)
        else { return text }
        var result = ""
        result.reserveCapacity(text.utf8.count)
        var previousWasBreak = false
        for character in text {
            if character == "\n" || character == "\r" || character == "\r\n" || character == "\t" {
                if !previousWasBreak { result.append(" ") }
                previousWasBreak = true
            } else if character.unicodeScalars.contains(where: DisplayText.isBidiControl) {
                for scalar in character.unicodeScalars {
                    if DisplayText.isBidiControl(scalar) {
                        result += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
                    } else {
                        result.unicodeScalars.append(scalar)
                    }
                }
                previousWasBreak = false
            } else {
                result.append(character)
                previousWasBreak = false
            }
        }
        return result
    }
}
