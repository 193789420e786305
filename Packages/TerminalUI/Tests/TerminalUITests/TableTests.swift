import Testing

@testable import TerminalUI

@Suite("Table")
struct TableTests {
    let columns = [
        TableColumn(title: "#", alignment: .right),
        TableColumn(title: "Title", flexible: true),
        TableColumn(title: "Due"),
    ]

    @Test("aligns by display width, right-aligns numbers, two-space gutters, no trailing spaces")
    func alignment() {
        let table = Table(
            columns: columns,
            rows: [
                ["1", "Buy milk", "today"],
                ["12", "Write report", "2026-12-01"],
                ["3", "日本語のメモ", ""],
            ])
        let lines = table.render(style: .plain).components(separatedBy: "\n")
        #expect(
            lines == [
                " #  Title         Due",
                " 1  Buy milk      today",
                "12  Write report  2026-12-01",
                " 3  日本語のメモ",
            ])
    }

    @Test("fits width 40 by shortening the flexible column with an ellipsis")
    func fitsWidth() {
        let longTitle = String(repeating: "Prepare the quarterly review ", count: 4)
        let table = Table(
            columns: columns,
            rows: [
                ["7", TableCell(longTitle), "2026-12-01"],
                ["8", "Short", "tomorrow"],
            ])
        let style = TerminalStyle(isTTY: true, useColor: false, width: 40)
        let lines = table.render(style: style).components(separatedBy: "\n")
        #expect(lines.count == 3)
        for line in lines {
            #expect(DisplayWidth.of(line) <= 40, "\(line)")
            #expect(!line.hasSuffix(" "))
        }
        #expect(lines[1] == "7  Prepare the quarterly re…  2026-12-01")
        #expect(lines[1].hasSuffix("2026-12-01"))
        #expect(lines[2] == "8  Short                      tomorrow")
    }

    @Test("without a width the table is never shortened")
    func noWidthNoFit() {
        let longTitle = String(repeating: "x", count: 300)
        let table = Table(columns: columns, rows: [["1", TableCell(longTitle), "today"]])
        #expect(table.render(style: .plain).contains(longTitle))
    }

    @Test("flexible columns stop at 8 columns or their header, whichever is wider")
    func minimumWidth() {
        let table = Table(
            columns: [
                TableColumn(title: "Name", flexible: true),
                TableColumn(title: "A very long header", flexible: true),
            ],
            rows: [[TableCell(String(repeating: "n", count: 50)), TableCell(String(repeating: "h", count: 50))]])
        let lines = table.render(style: TerminalStyle(isTTY: true, useColor: false, width: 10))
            .components(separatedBy: "\n")
        #expect(lines[0] == "Name      A very long header")
        #expect(lines[1] == "nnnnnnn…  hhhhhhhhhhhhhhhhh…")
    }

    @Test("shrinks the widest flexible column first")
    func shrinksWidest() {
        let table = Table(
            columns: [TableColumn(title: "Project", flexible: true), TableColumn(title: "Title", flexible: true)],
            rows: [["Home", TableCell(String(repeating: "t", count: 60))]])
        let lines = table.render(style: TerminalStyle(isTTY: true, useColor: false, width: 30))
            .components(separatedBy: "\n")
        #expect(lines[1] == "Home     " + String(repeating: "t", count: 20) + "…")
        #expect(DisplayWidth.of(lines[1]) == 30)
    }

    @Test("truncates wide characters without splitting them")
    func truncatesWideCharacters() {
        let table = Table(
            columns: [TableColumn(title: "Title", flexible: true), TableColumn(title: "Due")],
            rows: [["日本語のとても長いタスク名です", "today"]])
        let lines = table.render(style: TerminalStyle(isTTY: true, useColor: false, width: 20))
            .components(separatedBy: "\n")
        #expect(lines[1] == "日本語のとて…  today")
        #expect(lines[0] == "Title          Due")
        #expect(DisplayWidth.of(lines[1]) == 20)
    }

    @Test("rows never wrap: line breaks in cells become spaces")
    func singleLineRows() {
        let table = Table(columns: columns, rows: [["1", "first line\nsecond\tpart", "today"]])
        let lines = table.render(style: .plain).components(separatedBy: "\n")
        #expect(lines.count == 2)
        #expect(lines[1] == "1  first line second part  today")
    }

    @Test("no colour codes unless the style asks for colour")
    func colourOnlyWhenAsked() {
        let table = Table(columns: columns, rows: [["1", TableCell("Late", color: .red), "yesterday"]])
        #expect(!table.render(style: .plain).contains("\u{1B}"))
        #expect(!table.render(style: TerminalStyle(isTTY: true, useColor: false, width: 80)).contains("\u{1B}"))

        let colored = table.render(style: TerminalStyle(isTTY: true, useColor: true, width: 80))
        let lines = colored.components(separatedBy: "\n")
        #expect(lines[0] == "\u{1B}[1m#\u{1B}[0m  \u{1B}[1mTitle\u{1B}[0m  \u{1B}[1mDue\u{1B}[0m")
        #expect(lines[1] == "1  \u{1B}[31mLate\u{1B}[0m   yesterday")
        #expect(colored.components(separatedBy: "\n").map(DisplayWidth.of) == [13, 19])
    }

    @Test("short rows are padded and an empty table still has its header")
    func shortRowsAndEmpty() {
        #expect(Table(columns: columns, rows: []).render(style: .plain) == "#  Title  Due")
        #expect(Table(columns: columns, rows: [["1"]]).render(style: .plain) == "#  Title  Due\n1")
        #expect(Table(columns: [], rows: []).render(style: .plain) == "")
    }

    @Test("renders 10,000 rows, one line each")
    func manyRows() {
        let rows: [[TableCell]] = (1...10_000).map { number in
            [TableCell(String(number)), TableCell("Task number \(number) with 日本 text"), "2026-12-01"]
        }
        let output = Table(columns: columns, rows: rows).render(
            style: TerminalStyle(isTTY: true, useColor: true, width: 60))
        let lines = output.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.count == 10_001)
        #expect(lines.last?.hasPrefix("10000  ") == true)
    }
}
