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
