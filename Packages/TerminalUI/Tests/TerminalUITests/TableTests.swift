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

    @Test("a bidirectional control in a cell is shown as its escape and counted at that width; plain cells untouched")
    func bidirectionalControls() {
        let table = Table(
            columns: columns,
            rows: [["1", "Work\u{202E} lanif", "a\u{2066}b"], ["2", "Plain", "👩‍💻 x"]])
        #expect(
            table.render(style: .plain).components(separatedBy: "\n") == [
                "#  Title               Due",
                #"1  Work\u{202E} lanif  a\u{2066}b"#,
                "2  Plain               👩‍💻 x",
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

    @Test("folded and wide cells keep their own row and column among plain ones")
    func foldedCellsStayInPlace() {
        let table = Table(
            columns: columns,
            rows: [
                ["1", "plain", "today"], ["2", "two\nlines", "日本"], ["3", "last", "x\ty"],
            ])
        #expect(
            table.render(style: .plain).components(separatedBy: "\n") == [
                "#  Title      Due", "1  plain      today", "2  two lines  日本", "3  last       x y",
            ])
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

    @Test("writeLine writes the rendered table and a line break, in colour too, and a lone break for no columns")
    func writeLineAsBytes() {
        let colour = TerminalStyle(isTTY: true, useColor: true, width: 80)
        let tables = [
            Table(columns: columns, rows: [["1", TableCell("Late", color: .red), "two\nlines"], ["2", "日本", ""]]),
            Table(columns: columns, rows: []), Table(columns: [], rows: []),
        ]
        for table in tables {
            for style in [TerminalStyle.plain, colour] {
                let output = CapturedOutput()
                table.writeLine(to: output, style: style)
                #expect(output.text == table.render(style: style) + "\n")
            }
        }
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

    // MARK: Leaving columns out

    /// A task list as the Tasks feature builds it: optional columns ranked tags, estimate, status.
    var taskColumns: [TableColumn] {
        [
            TableColumn("#", alignment: .right),
            TableColumn("Title", flexible: true),
            TableColumn("Project", flexible: true),
            TableColumn("Due"),
            TableColumn("Pri"),
            TableColumn("Tags", dropRank: TableColumn.DropRank.tags),
            TableColumn("Est", alignment: .right, dropRank: TableColumn.DropRank.estimate),
            TableColumn("Status", dropRank: TableColumn.DropRank.status),
        ]
    }

    var taskRows: [[TableCell]] {
        [
            [
                "1", "Write the quarterly report for the board", "Work/Backlog", "tomorrow", "high", "writing, q4",
                "1h 30m", "in progress",
            ],
            ["12", "Buy milk", "", "today", "", "errand", "", "open"],
            ["137", "Plan the garden beds for next spring", "Home/Garden", "2026-12-01", "low", "", "12h 00m", "done"],
        ]
    }

    func render(_ width: Int) -> [String] {
        Table(columns: taskColumns, rows: taskRows).render(
            style: TerminalStyle(isTTY: true, useColor: false, width: width)
        )
        .components(separatedBy: "\n")
    }

    @Test("at 120 columns everything shows in full")
    func wide() {
        let lines = render(120)
        #expect(
            lines[0]
                == "  #  Title                                     Project       Due         Pri   Tags             Est  Status"
        )
        #expect(lines[1].contains("Write the quarterly report for the board"))
        for line in lines { #expect(DisplayWidth.of(line) <= 120, "\(line)") }
    }

    @Test("at 80 columns the flexible columns shrink, then the tags and the estimate go")
    func eighty() {
        let lines = render(80)
        for line in lines { #expect(DisplayWidth.of(line) <= 80, "\(line)") }
        #expect(lines[0].hasPrefix("  #  Title"))
        #expect(!lines[0].contains("Tags"))
        #expect(lines[0].contains("Status"))
        #expect(lines[1].contains("…") || lines[1].contains("Write the quarterly report for the board"))
    }

    @Test("at 60 columns tags, estimate and status are left out, in that order, and cut text ends in …")
    func sixty() {
        let lines = render(60)
        #expect(
            lines == [
                "  #  Title                    Project       Due         Pri",
                "  1  Write the quarterly re…  Work/Backlog  tomorrow    high",
                " 12  Buy milk                               today",
                "137  Plan the garden beds f…  Home/Garden   2026-12-01  low",
            ])
        for line in lines {
            #expect(DisplayWidth.of(line) <= 60, "\(line)")
            #expect(!line.hasSuffix(" "))
        }
    }

    @Test("columns go one at a time: just too wide for the status drops only the tags")
    func oneAtATime() {
        let narrow = Table(
            columns: [
                TableColumn("Name"), TableColumn("Tags", dropRank: TableColumn.DropRank.tags),
                TableColumn("Note", dropRank: TableColumn.DropRank.note),
            ],
            rows: [["alpha", "one, two", "remember"]])
        let style = { (width: Int) in TerminalStyle(isTTY: true, useColor: false, width: width) }
        #expect(narrow.render(style: style(29)) == "Name   Tags      Note\nalpha  one, two  remember")
        #expect(narrow.render(style: style(20)) == "Name   Note\nalpha  remember")
        #expect(narrow.render(style: style(10)) == "Name\nalpha")
        // A column without a rank is never left out, even when the line stays too long.
        #expect(narrow.render(style: style(3)) == "Name\nalpha")
    }

    @Test("on a tie the rightmost column goes first; without a width nothing is left out")
    func ties() {
        let table = Table(
            columns: [
                TableColumn("Task"), TableColumn("Project", dropRank: TableColumn.DropRank.context),
                TableColumn("$", dropRank: TableColumn.DropRank.context),
            ],
            rows: [["12 Write", "Work", "$"]])
        let style = TerminalStyle(isTTY: true, useColor: false, width: 17)
        #expect(table.render(style: style) == "Task      Project\n12 Write  Work")
        #expect(table.render(style: .plain) == "Task      Project  $\n12 Write  Work     $")
    }

    @Test(
        "no line is longer than the width at 60, 80 and 120 columns whenever it can be helped",
        arguments: [60, 80, 120])
    func neverTooLong(width: Int) {
        let rows: [[TableCell]] = (1...50).map { number in
            [
                TableCell(String(number * 37)), TableCell(String(repeating: "Long title words ", count: number % 7)),
                TableCell(number % 3 == 0 ? "Someone's very long project name" : "Work"), "in 3 days", "medium",
                TableCell("tag\(number), other\(number)"), "10h 05m", "in progress",
            ]
        }
        let lines = Table(columns: taskColumns, rows: rows).render(
            style: TerminalStyle(isTTY: true, useColor: true, width: width)
        ).components(separatedBy: "\n")
        for line in lines { #expect(DisplayWidth.of(line) <= width, "\(line)") }
    }
}
