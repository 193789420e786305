import Testing

@testable import TerminalUI

@Suite("BarChart")
struct BarChartTests {
    static let hour = 3_600

    /// A style that fits lines into `width` columns, with or without colour.
    static func style(width: Int?, color: Bool = false) -> TerminalStyle {
        TerminalStyle(isTTY: true, useColor: color, width: width)
    }

    @Test("the longest bar fills the line; labels and values line up in columns")
    func layout() {
        let chart = BarChart([("Mon 16", 4 * Self.hour), ("Tue 17", 2 * Self.hour), ("Wednesday", 0)])
        // 31 columns: label 9 + gutter 2 + bar 12 + gutter 2 + value 6.
        let lines = chart.render(style: Self.style(width: 31)).components(separatedBy: "\n")

        #expect(
            lines == [
                "Mon 16     ████████████  4h 00m",
                "Tue 17     ██████        2h 00m",
                "Wednesday                    0m",
            ])
        #expect(lines.allSatisfy { DisplayWidth.of($0) == 31 })
    }

    @Test("without a width, lines are fitted to 60 columns")
    func defaultWidth() {
        let chart = BarChart([("a", 90 * 60), ("b", 45 * 60)])
        let lines = chart.render(style: .plain).components(separatedBy: "\n")

        #expect(lines.map(DisplayWidth.of) == [60, 60])
        // 60 - label 1 - value 6 ("1h 30m") - gutters 4 = 49 cells for the longest bar.
        #expect(lines[0].filter { $0 == "█" }.count == 49)
        #expect(lines[1].hasSuffix("   45m"))
    }

    @Test("partial cells use eighth blocks")
    func eighthBlocks() {
        // 8 cells = 64 eighths for 64 minutes: one eighth per minute.
        let minute = 60
        let chart = BarChart([
            ("x", 64 * minute), ("a", 12 * minute), ("b", 20 * minute), ("c", 1 * minute), ("d", 31 * minute),
        ])
        // label 1 + gutter 2 + 8 cells + gutter 2 + value 6 ("1h 04m") = 19 columns.
        let bars = chart.render(style: Self.style(width: 19)).components(separatedBy: "\n").map { line in
            String(line.dropFirst(3).prefix(8)).replacingOccurrences(of: " ", with: "")
        }

        #expect(bars == ["████████", "█▌", "██▌", "▏", "███▉"])
    }

    @Test("a tiny positive value still gets a sliver; zero and negative values get an empty bar and 0m")
    func tinyAndZero() {
        let chart = BarChart([("big", 100 * Self.hour), ("tiny", 30), ("none", 0), ("neg", -50)])
        let lines = chart.render(style: .plain).components(separatedBy: "\n")

        #expect(lines[1].contains("▏"))
        #expect(lines[1].hasSuffix("<1m"))
        for line in lines[2...] {
            #expect(!line.contains(where: { BarChart.partialBlocks.dropFirst().contains($0) || $0 == "█" }))
            #expect(line.hasSuffix("  0m"))
        }
    }

    @Test("all-zero series draws empty bars without dividing by zero")
    func allZero() {
        let lines = BarChart([("a", 0), ("b", 0)]).render(style: .plain).components(separatedBy: "\n")
        #expect(lines.count == 2)
        #expect(lines.allSatisfy { $0.hasSuffix("0m") && !$0.contains("█") })
    }

    @Test("bars are painted only when the style allows colour")
    func colour() {
        let chart = BarChart([("a", Self.hour), ("b", 0)])

        let plain = chart.render(style: Self.style(width: 20))
        #expect(!plain.contains("\u{1B}["))

        let coloured = chart.render(style: Self.style(width: 20, color: true))
        let first = coloured.components(separatedBy: "\n")[0]
        #expect(first.contains("\u{1B}[36m█"))
        #expect(first.contains("\u{1B}[0m"))
        // An empty bar is not wrapped in escapes, and colour does not change the layout.
        #expect(!coloured.components(separatedBy: "\n")[1].contains("\u{1B}["))
        #expect(DisplayWidth.of(first) == DisplayWidth.of(plain.components(separatedBy: "\n")[0]))

        let magenta = BarChart([("a", Self.hour)], color: .magenta).render(style: Self.style(width: 20, color: true))
        #expect(magenta.contains("\u{1B}[35m"))
    }

    @Test("wide labels are aligned by display width")
    func wideLabels() {
        let chart = BarChart([("日本", Self.hour), ("ab", Self.hour)])
        let lines = chart.render(style: Self.style(width: 20)).components(separatedBy: "\n")
        #expect(lines.map(DisplayWidth.of) == [20, 20])
    }

    @Test("a terminal too narrow still shows a minimal bar instead of nothing")
    func narrowTerminal() {
        let chart = BarChart([("a long label", 2 * Self.hour)])
        let line = chart.render(style: Self.style(width: 10))
        #expect(line.filter { $0 == "█" }.count == BarChart.minimumBarCells)
    }

    @Test("no bars render as an empty string")
    func empty() {
        #expect(BarChart(bars: []).render(style: .plain) == "")
    }

    @Test("equal values get equal bars")
    func equalValues() {
        let lines = BarChart([("a", 7_777), ("b", 7_777), ("c", 100)]).render(style: Self.style(width: 33))
            .components(separatedBy: "\n")
        #expect(lines[0] == lines[1].replacingOccurrences(of: "b", with: "a"))
    }
}
