import Testing

@testable import TerminalUI

@Suite("TerminalStyle")
struct TerminalStyleTests {
    @Test("colour and width on an ordinary terminal")
    func terminal() {
        let style = TerminalStyle.resolve(isTTY: true, terminalColumns: 132, environment: ["TERM": "xterm-256color"])
        #expect(style == TerminalStyle(isTTY: true, useColor: true, width: 132))
    }

    @Test("no colour and no width when piped")
    func piped() {
        let style = TerminalStyle.resolve(isTTY: false, terminalColumns: nil, environment: ["TERM": "xterm"])
        #expect(style == .plain)
    }

    @Test("NO_COLOR turns colour off unless it is empty")
    func noColor() {
        let off = TerminalStyle.resolve(isTTY: true, terminalColumns: 80, environment: ["NO_COLOR": "1"])
        #expect(!off.useColor)
        #expect(off.isTTY)
        let empty = TerminalStyle.resolve(isTTY: true, terminalColumns: 80, environment: ["NO_COLOR": ""])
        #expect(empty.useColor)
    }

    @Test("TERM=dumb turns colour off")
    func dumbTerminal() {
        let style = TerminalStyle.resolve(isTTY: true, terminalColumns: 80, environment: ["TERM": "dumb"])
        #expect(!style.useColor)
    }

    @Test("COLUMNS is the fallback width")
    func columnsVariable() {
        let piped = TerminalStyle.resolve(isTTY: false, terminalColumns: nil, environment: ["COLUMNS": "100"])
        #expect(piped.width == 100)
        #expect(!piped.useColor)
        let unknown = TerminalStyle.resolve(isTTY: true, terminalColumns: nil, environment: ["COLUMNS": "wide"])
        #expect(unknown.width == 80)
        let terminalWins = TerminalStyle.resolve(isTTY: true, terminalColumns: 90, environment: ["COLUMNS": "100"])
        #expect(terminalWins.width == 90)
        let padded = TerminalStyle.resolve(isTTY: false, terminalColumns: nil, environment: ["COLUMNS": " \t120\n"])
        #expect(padded.width == 120)
        for blank in ["", "   ", "1 20", "-5", "0"] {
            #expect(
                TerminalStyle.resolve(isTTY: false, terminalColumns: nil, environment: ["COLUMNS": blank]).width == nil)
        }
    }

    @Test("detect never colours when standard output is not a terminal (as under the test runner)")
    func detectInTests() {
        let style = TerminalStyle.detect(environment: ["TERM": "xterm"])
        if !style.isTTY {
            #expect(!style.useColor)
        }
    }

    @Test("paint adds SGR codes only when colour is on")
    func paint() {
        #expect(TerminalStyle.plain.paint("late", .red) == "late")
        let colored = TerminalStyle(isTTY: true, useColor: true, width: nil)
        #expect(colored.paint("late", .red) == "\u{1B}[31mlate\u{1B}[0m")
        #expect(colored.paint("late", nil) == "late")
        #expect(colored.paint("", .red) == "")
        #expect(colored.paint("x", .bold) == "\u{1B}[1mx\u{1B}[0m")
        #expect(colored.paint("x", .gray) == "\u{1B}[90mx\u{1B}[0m")
    }
}

@Suite("Colour choice")
struct ColorChoiceTests {
    @Test("--color beats NO_COLOR, which beats FORCE_COLOR, which beats whether it is a terminal")
    func precedence() {
        let both = ["NO_COLOR": "1", "FORCE_COLOR": "1", "TERM": "xterm"]
        #expect(TerminalStyle.colors(isTTY: false, environment: both, choice: .always))
        #expect(!TerminalStyle.colors(isTTY: true, environment: [:], choice: .never))
        #expect(!TerminalStyle.colors(isTTY: false, environment: both, choice: .auto))
        #expect(TerminalStyle.colors(isTTY: false, environment: ["FORCE_COLOR": "1"], choice: .auto))
        #expect(TerminalStyle.colors(isTTY: false, environment: ["FORCE_COLOR": "0"], choice: .auto))
        #expect(TerminalStyle.colors(isTTY: true, environment: ["FORCE_COLOR": "1", "TERM": "dumb"], choice: .auto))
        #expect(!TerminalStyle.colors(isTTY: false, environment: ["FORCE_COLOR": ""], choice: .auto))
        #expect(TerminalStyle.colors(isTTY: true, environment: ["NO_COLOR": "", "TERM": "xterm"], choice: .auto))
        #expect(!TerminalStyle.colors(isTTY: false, environment: ["TERM": "xterm"], choice: .auto))
    }

    @Test("resolve takes the choice; coloring overrides a style only for always and never")
    func resolveAndOverride() {
        let forced = TerminalStyle.resolve(
            isTTY: false, terminalColumns: nil, environment: ["NO_COLOR": "1"], color: .always)
        #expect(forced == TerminalStyle(isTTY: false, useColor: true, width: nil))
        let forcedByVariable = TerminalStyle.resolve(
            isTTY: false, terminalColumns: nil, environment: ["FORCE_COLOR": "1"])
        #expect(forcedByVariable.useColor)
        #expect(!forcedByVariable.isTTY)
        #expect(TerminalStyle.plain.coloring(.auto) == .plain)
        #expect(TerminalStyle.plain.coloring(.always).useColor)
        let terminal = TerminalStyle(isTTY: true, useColor: true, width: 80)
        #expect(terminal.coloring(.never) == TerminalStyle(isTTY: true, useColor: false, width: 80))
        #expect(terminal.coloring(.auto) == terminal)
    }
}

@Suite("DetailField")
struct DetailFieldWrapTests {
    let fields = [
        DetailField(label: "Timer", value: "1 \"Write the quarterly report\" (Work) · 45m since 09:15"),
        DetailField(label: "Logged", value: "today 1h 05m (45m on timers) · this week 12h 30m (45m on timers)"),
    ]

    @Test("without a width every value stays on one line")
    func unwrapped() {
        let lines = DetailField.lines(fields, style: .plain, labelColor: nil)
        #expect(lines.count == 2)
        #expect(lines[1] == "  Logged  today 1h 05m (45m on timers) · this week 12h 30m (45m on timers)")
    }

    @Test("with a width a long value wraps at spaces under the values", arguments: [60, 80])
    func wrapped(width: Int) {
        let style = TerminalStyle(isTTY: true, useColor: false, width: width)
        let lines = DetailField.lines(fields, style: style, labelColor: nil)
        for line in lines { #expect(DisplayWidth.of(line) <= width, "\(line)") }
        #expect(
            lines.joined(separator: " ").split(separator: " ")
                == DetailField.lines(fields, style: .plain, labelColor: nil).joined(separator: " ").split(
                    separator: " "))
        if width == 60 {
            #expect(
                lines == [
                    "  Timer   1 \"Write the quarterly report\" (Work) · 45m since",
                    "          09:15",
                    "  Logged  today 1h 05m (45m on timers) · this week 12h 30m",
                    "          (45m on timers)",
                ])
        }
    }

    @Test("each wrapped line is painted on its own, so colour never runs into the indent")
    func paintedLines() {
        let style = TerminalStyle(isTTY: true, useColor: true, width: 30)
        let lines = DetailField.lines(
            [DetailField(label: "Note", value: "one two three four five six seven", color: .green)], style: style,
            labelColor: nil)
        #expect(lines.count == 2)
        #expect(lines[1].hasPrefix("        \u{1B}[32m"))
        #expect(lines.allSatisfy { $0.hasSuffix("\u{1B}[0m") })
    }
}
