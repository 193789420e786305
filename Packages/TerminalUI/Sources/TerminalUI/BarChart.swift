/// Labelled horizontal bars of durations, one per line, for showing where time went at a glance:
///
///     Mon 16  ████████████████▌    6h 30m
///     Tue 17  ████████▏            3h 15m
///     Wed 18                           0m
///
/// Bars are scaled so the longest one fills the space left on a line of `style.width` columns (60 when the
/// style has no width, e.g. when piped) after the labels and values. Eighth-block characters give each bar
/// sub-cell precision, and any positive value gets at least a sliver so it never looks like zero. Values are
/// written with `DurationText` and right-aligned in their own column; bars are coloured only when the style
/// allows colour. Rendering is linear in the number of bars.
public struct BarChart: Sendable, Equatable {
    /// One labelled value. Negative seconds are drawn as zero (a duration cannot be negative).
    public struct Bar: Sendable, Equatable {
        public var label: String
        public var seconds: Int

        public init(label: String, seconds: Int) {
            self.label = label
            self.seconds = seconds
        }
    }

    /// The line width assumed when the style does not say how wide the terminal is.
    public static let defaultWidth = 60
    /// Bars always get at least this many cells, even on a terminal too narrow to fit them (lines then run long).
    public static let minimumBarCells = 4

    public var bars: [Bar]
    /// The colour of the bars when the style allows colour.
    public var color: TextColor

    public init(bars: [Bar], color: TextColor = .cyan) {
        self.bars = bars
        self.color = color
    }

    /// A chart from `(label, seconds)` pairs, in the order given.
    public init(_ series: [(label: String, seconds: Int)], color: TextColor = .cyan) {
        self.init(bars: series.map { Bar(label: $0.label, seconds: $0.seconds) }, color: color)
    }

    static let gutter = "  "
    /// Partial cells from one eighth to seven eighths; index 0 is unused (no partial cell).
    static let partialBlocks: [Character] = [" ", "▏", "▎", "▍", "▌", "▋", "▊", "▉"]
    static let fullBlock: Character = "█"

    /// The chart, lines joined by "\n", without a final newline (the caller adds one); "" when there are no bars.
    public func render(style: TerminalStyle) -> String {
        guard !bars.isEmpty else { return "" }
        let labels = bars.map { Table.singleLine($0.label) }
        let labelWidths = labels.map(DisplayWidth.of)
        let labelColumn = labelWidths.max() ?? 0
        let values = bars.map { DurationText.format(seconds: max(0, $0.seconds)) }
        let valueColumn = values.map(DisplayWidth.of).max() ?? 0
        let lineWidth = style.width ?? Self.defaultWidth
        let cells = max(Self.minimumBarCells, lineWidth - labelColumn - valueColumn - 2 * Self.gutter.count)
        let largest = bars.map { max(0, $0.seconds) }.max() ?? 0

        var lines: [String] = []
        lines.reserveCapacity(bars.count)
        for index in bars.indices {
            let eighths = Self.eighths(for: max(0, bars[index].seconds), largest: largest, cells: cells)
            let bar = Self.blocks(eighths: eighths)
            let barWidth = (eighths + 7) / 8
            var line = labels[index]
            line += String(repeating: " ", count: labelColumn - labelWidths[index]) + Self.gutter
            line += style.paint(bar, color)
            line += String(repeating: " ", count: cells - barWidth) + Self.gutter
            line += String(repeating: " ", count: valueColumn - DisplayWidth.of(values[index])) + values[index]
            lines.append(line)
        }
        return lines.joined(with: "\n")
    }

    /// The bar length in eighths of a cell, rounded to the nearest eighth; at least one eighth for any positive
    /// value, and exactly `cells * 8` for the largest.
    static func eighths(for seconds: Int, largest: Int, cells: Int) -> Int {
        guard seconds > 0, largest > 0 else { return 0 }
        let total = cells * 8
        let rounded = Int((Double(seconds) / Double(largest) * Double(total)).rounded())
        return min(total, max(1, rounded))
    }

    /// Full blocks followed by at most one partial block.
    static func blocks(eighths: Int) -> String {
        let full = eighths / 8
        let remainder = eighths % 8
        var text = String(repeating: Self.fullBlock, count: full)
        if remainder > 0 { text.append(Self.partialBlocks[remainder]) }
        return text
    }
}
