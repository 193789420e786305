import Entities
import Foundation
import TerminalUI
import Testing

@testable import Adapters

/// The config file (ADR 0027): the TOML subset, the keys it may hold, and rewriting one line while keeping the rest.
@Suite("Config file")
struct ConfigFileTests {
    static let commands: Set<String> = ["task", "report", "log", "timer", "help"]

    func parse(_ text: String) throws(TOMLSubset.Problem) -> StintConfig {
        try ConfigFile.parse(text, path: "/tmp/config.toml", commands: Self.commands)
    }

    /// The problem `text` has: its line and message.
    func problem(_ text: String) -> TOMLSubset.Problem? {
        do {
            _ = try parse(text)
            return nil
        } catch {
            return error
        }
    }

    // MARK: The TOML subset

    @Test("strings (both kinds, with escapes), booleans, integers, tables, dotted and quoted keys, comments")
    func readsTheSubset() throws {
        let lines = try TOMLSubset.lines(
            """
            # a comment
              key = "a \\"quoted\\" \\u00e9\\tword" # trailing
            'literal key' = 'C:\\path'
            [table]   # a table
            n = -1_000
            yes = true
            dotted . key = false\r
            """)
        #expect(lines[0] == .blank)
        guard case .pair(let key, let value, let bytes) = lines[1] else {
            Issue.record("\(lines[1])")
            return
        }
        #expect(key == ["key"] && value == .string("a \"quoted\" é\tword"))
        #expect(bytes == 8..<35)
        guard case .pair(let literalKey, .string(let path), _) = lines[2] else {
            Issue.record("\(lines[2])")
            return
        }
        #expect(literalKey == ["literal key"] && path == "C:\\path")
        #expect(lines[3] == .table(["table"]))
        guard case .pair(_, .integer(-1000), _) = lines[4], case .pair(_, .boolean(true), _) = lines[5],
            case .pair(["dotted", "key"], .boolean(false), _) = lines[6]
        else {
            Issue.record("\(lines[4...])")
            return
        }
    }

    @Test(
        "what is not in the subset is refused with the line and a reason, never misread",
        arguments: [
            ("a = [1, 2]", "arrays are not used by stint"),
            ("a = {b = 1}", "inline tables are not used by stint"),
            ("a = 1.5", "'1.5' is not a value stint reads"),
            ("a = 1979-05-27", "'1979-05-27' is not a value stint reads"),
            ("a = \"\"\"x\"\"\"", "multi-line strings"),
            ("a = \"open", "a string is not closed"),
            ("a = 'open", "a string is not closed: a ' is missing"),
            ("a = \"bad \\q\"", "unknown escape \\q"),
            ("a = \"x\" y", "unexpected 'y' after the value"),
            ("a", "expected key = value"),
            ("a =", "a value is missing after ="),
            ("[[t]]", "arrays of tables"),
            ("[t", "a table header ends with ]"),
            ("= 1", "'= 1' is not a key"),
            ("a = 012", "'012' is not a value stint reads"),
            ("a = monday", "'monday' is not a value stint reads: write a string in quotes"),
        ])
    func refusesTheRest(_ line: String, expected: String) {
        #expect(throws: TOMLSubset.Problem.self) { try TOMLSubset.lines("# first\n" + line) }
        do {
            _ = try TOMLSubset.lines("# first\n" + line)
        } catch {
            #expect(error.line == 2)
            #expect(error.message.contains(expected), "\(error.message)")
        }
    }

    @Test("a control character inside a string is refused and never echoed raw")
    func controlCharacters() {
        let found = problem("week_start = \"mon\u{1B}[31mday\"")
        #expect(found?.message.contains("control character") == true, "\(String(describing: found))")
        let echoed = problem("wek\u{1B}_start = \"x\"")
        #expect(echoed?.message.contains("\u{1B}") == false)
    }

    @Test("a value written back reads back the same")
    func quotingRoundTrips() throws {
        for value in ["plain", "with \"quotes\" and \\ backslash", "tab\tand\nnewline", "bell\u{07}", "é ✓"] {
            guard case .pair(_, let read, _) = try TOMLSubset.lines("k = \(TOMLSubset.quoted(value))")[0] else {
                Issue.record("not a pair: \(value)")
                continue
            }
            #expect(read == .string(value))
        }
        #expect(TOMLSubset.key("week_start") == "week_start")
        #expect(TOMLSubset.key("two words") == "\"two words\"")
    }

    // MARK: The keys

    @Test("every key, in tables or dotted, read into the settings")
    func readsEveryKey() throws {
        let config = try parse(
            """
            # Stint settings
            week_start = "Sunday"
            color = "never"
            report.by = "tasks"

            [report]
            period = "month"

            [log]
            start = "8:30"

            [alias]
            d = "task done"
            ls = "task list --search 'two words'"
            """)
        #expect(config.exists)
        #expect(config.weekStart == .sunday)
        #expect(config.color == .never)
        #expect(config.reportPeriod == .month && config.reportGrouping == .task)
        #expect(config.logStart == TimeOfDay(hour: 8, minute: 30))
        #expect(config.aliases.map(\.name) == ["d", "ls"])
        #expect(config.aliases[1].words == ["task", "list", "--search", "two words"])
        #expect(
            config.setKeys.map(\.dotted) == [
                "week_start", "color", "report.by", "report.period", "log.start",
                "alias.d", "alias.ls",
            ])
        #expect(config.value(of: .weekStart) == "sunday" && config.value(of: .logStart) == "08:30")
    }

    @Test("no file: every default")
    func defaults() {
        let config = StintConfig()
        #expect(!config.exists && config.weekStart == .monday && config.color == nil && config.aliases.isEmpty)
        #expect(config.value(of: .reportPeriod) == "week" && config.value(of: .reportGrouping) == "project")
        #expect(config.value(of: .logStart) == "now" && config.value(of: .color) == "auto")
        #expect(config.value(of: .alias("d")) == nil)
    }

    @Test(
        "each mistake is one message on its line",
        arguments: [
            ("wek_start = \"monday\"", 1, "unknown key \"wek_start\" (did you mean \"week_start\"?)"),
            ("colour = \"auto\"", 1, "unknown key \"colour\" (did you mean \"color\"?)"),
            ("[report]\nperoid = \"week\"", 2, "unknown key \"peroid\" in [report] (did you mean \"period\"?)"),
            (
                "[reprot]", 1,
                "unknown table [reprot] (did you mean \"report\"?): tables are [report], [log], [alias] and [filter]"
            ),
            ("zzz = 1", 1, "unknown key \"zzz\""),
            ("auto-sync = true", 1, "auto-sync is not kept in this file: use stint config set auto-sync on"),
            ("week_start = \"someday\"", 1, "\"someday\" is not a value of week_start: use a weekday such as monday"),
            ("week_start = 1", 1, "week_start takes a string in quotes, e.g. week_start = \"monday\""),
            ("color = \"sometimes\"", 1, "\"sometimes\" is not a value of color: use auto, always or never"),
            ("[report]\nperiod = \"fortnight\"", 2, "is not a value of report.period: use today, week, month or year"),
            ("[report]\nby = \"client\"", 2, "is not a value of report.by: use project, task, day, week or tag"),
            ("[log]\nstart = \"25:00\"", 2, "is not a value of log.start: use now or a time of day such as 09:00"),
            ("week_start = \"monday\"\nweek_start = \"sunday\"", 2, "week_start is already set on line 1"),
            ("[log]\n[log]", 2, "[log] appears twice (first on line 1)"),
            ("[alias]\ntask = \"task list\"", 2, "alias \"task\" would hide the command stint task"),
            ("[alias]\nd = \"\"", 2, "alias \"d\" is empty"),
            ("[alias]\nd = \"tsk done\"", 2, "alias \"d\" runs \"tsk\", which is not a stint command"),
            ("[alias]\nd = \"task 'done\"", 2, "alias \"d\" has a quote that is not closed"),
            ("[alias]\n\"a b\" = \"task\"", 2, "alias name \"a b\" can have only letters, digits, - and _"),
            (
                "[alias]\nweek_start = \"sunday\"", 2,
                "alias \"week_start\" runs \"sunday\", which is not a stint command"
            ),
        ])
    func mistakes(_ text: String, line: Int, expected: String) {
        let found = problem(text)
        #expect(found?.line == line, "\(String(describing: found))")
        #expect(found?.message.contains(expected) == true, "\(String(describing: found?.message))")
    }

    @Test("an alias replaces the first word only, once")
    func aliasExpansion() throws {
        let config = try parse("[alias]\nd = \"task done\"\nls = \"task list --status open\"")
        #expect(config.expandingAlias(["d", "3", "4"]) == ["task", "done", "3", "4"])
        #expect(config.expandingAlias(["ls", "--json"]) == ["task", "list", "--status", "open", "--json"])
        #expect(config.expandingAlias(["task", "d"]) == ["task", "d"])
        #expect(config.expandingAlias([]) == [])
    }

    @Test("the file's colour speaks after NO_COLOR and FORCE_COLOR, never before")
    func colourPrecedence() throws {
        let plain = TerminalStyle.plain
        let always = try parse("color = \"always\"")
        let never = try parse("color = \"never\"")
        #expect(always.applyingColor(to: plain, environment: [:]).useColor)
        #expect(!always.applyingColor(to: plain, environment: ["NO_COLOR": "1"]).useColor)
        let terminal = TerminalStyle(isTTY: true, useColor: true, width: 80)
        #expect(!never.applyingColor(to: terminal, environment: [:]).useColor)
        #expect(never.applyingColor(to: terminal, environment: ["FORCE_COLOR": "1"]).useColor)
        #expect(try parse("color = \"auto\"").applyingColor(to: terminal, environment: [:]) == terminal)
    }

    @Test("where the file is: STINT_HOME, else XDG_CONFIG_HOME, else ~/.config; the credentials' folder")
    func location() {
        let cases: [([String: String], String)] = [
            (["STINT_HOME": "/data/stint", "XDG_CONFIG_HOME": "/xdg", "HOME": "/home/ana"], "/data/stint/config.toml"),
            (["XDG_CONFIG_HOME": "/xdg/", "HOME": "/home/ana"], "/xdg/stint/config.toml"),
            (["XDG_CONFIG_HOME": "relative", "HOME": "/home/ana"], "/home/ana/.config/stint/config.toml"),
            (["HOME": "/home/ana"], "/home/ana/.config/stint/config.toml"),
        ]
        for (environment, expected) in cases {
            #expect(ConfigFile.path(environment: environment) == expected)
            let folder = AppEnvironment.configDirectory(environment)
            #expect(expected.hasPrefix(folder.hasSuffix("/") ? folder : folder + "/"), "\(folder)")
        }
        #expect(
            ConfigFile.shown("/home/ana/.config/stint/config.toml", environment: ["HOME": "/home/ana"])
                == "~/.config/stint/config.toml")
        #expect(ConfigFile.shown("/home/anabel/c.toml", environment: ["HOME": "/home/ana"]) == "/home/anabel/c.toml")
    }

    // MARK: Rewriting

    static let handWritten = """
        # My stint settings
        week_start = "monday"   # ISO weeks

        # Reports
        [report]
        period = "week"

        [alias]
        d = "task done"
        """

    @Test("set replaces the value only: comments, spacing and every other line stay")
    func setReplacesInPlace() throws {
        let text = try ConfigFile.setting(.weekStart, to: "\"sunday\"", in: Self.handWritten + "\n")
        #expect(text == Self.handWritten.replacingOccurrences(of: "\"monday\"", with: "\"sunday\"") + "\n")
        let period = try ConfigFile.setting(.reportPeriod, to: "\"month\"", in: Self.handWritten)
        #expect(period.contains("[report]\nperiod = \"month\"\n"))
        #expect(try parse(period).reportPeriod == .month)
    }

    @Test("set adds a missing key in its table, a missing table at the end, a top-level key before the tables")
    func setAdds() throws {
        let grouping = try ConfigFile.setting(.reportGrouping, to: "\"task\"", in: Self.handWritten)
        #expect(grouping.contains("[report]\nperiod = \"week\"\nby = \"task\"\n\n[alias]"))
        let start = try ConfigFile.setting(.logStart, to: "\"09:00\"", in: Self.handWritten)
        #expect(start.hasSuffix("d = \"task done\"\n\n[log]\nstart = \"09:00\"\n"))
        let color = try ConfigFile.setting(.color, to: "\"never\"", in: Self.handWritten)
        #expect(color.hasPrefix("# My stint settings\nweek_start = \"monday\"   # ISO weeks\ncolor = \"never\"\n"))
        let alias = try ConfigFile.setting(.alias("ls"), to: "\"task list\"", in: Self.handWritten)
        #expect(alias.hasSuffix("d = \"task done\"\nls = \"task list\"\n"))
        for text in [grouping, start, color, alias] { #expect(throws: Never.self) { try parse(text) } }
    }

    @Test("a top-level key in a file that starts with a table goes above the table and its comment")
    func topLevelBeforeTables() throws {
        let text = try ConfigFile.setting(.weekStart, to: "\"sunday\"", in: "# reports\n[report]\nby = \"day\"\n")
        #expect(text == "week_start = \"sunday\"\n# reports\n[report]\nby = \"day\"\n")
        #expect(try parse(text).weekStart == .sunday)
        #expect(try ConfigFile.setting(.weekStart, to: "\"sunday\"", in: "") == "week_start = \"sunday\"\n")
        #expect(try ConfigFile.setting(.reportGrouping, to: "\"day\"", in: "") == "[report]\nby = \"day\"\n")
    }

    @Test("a dotted key is replaced where it is; CRLF files stay CRLF")
    func dottedAndCRLF() throws {
        #expect(
            try ConfigFile.setting(.reportPeriod, to: "\"year\"", in: "report.period = \"week\" # mine\n")
                == "report.period = \"year\" # mine\n")
        let windows = "week_start = \"monday\"\r\n"
        #expect(try ConfigFile.setting(.color, to: "\"never\"", in: windows) == windows + "color = \"never\"\r\n")
        #expect(
            try ConfigFile.setting(.weekStart, to: "\"sunday\"", in: windows) == "week_start = \"sunday\"\r\n")
    }

    @Test("unset removes the key's line only; nothing to remove is nil")
    func unset() throws {
        let removed = try #require(try ConfigFile.removing(.alias("d"), from: Self.handWritten))
        #expect(
            removed == Self.handWritten.replacingOccurrences(of: "d = \"task done\"", with: "")
                .trimmingCharacters(in: .newlines) + "\n")
        #expect(try ConfigFile.removing(.logStart, from: Self.handWritten) == nil)
    }

    @Test("a typed value is checked with the command line's wording and stored in its canonical form")
    func typedValues() throws {
        #expect(try ConfigFile.literal(for: .weekStart, typed: "Sun", commands: Self.commands).literal == "\"sunday\"")
        #expect(try ConfigFile.literal(for: .logStart, typed: "9am", commands: Self.commands).shown == "09:00")
        #expect(try ConfigFile.literal(for: .reportGrouping, typed: "tags", commands: Self.commands).shown == "tag")
        #expect(
            try ConfigFile.literal(for: .alias("d"), typed: "task done \"x\"", commands: Self.commands).literal
                == "\"task done \\\"x\\\"\"")
        do {
            _ = try ConfigFile.literal(for: .color, typed: "sometimes", commands: Self.commands)
            Issue.record("accepted")
        } catch {
            #expect(error.kind == .invalidInput)
            #expect(error.message == "'sometimes' is not a value of color: use auto, always or never")
        }
    }

    @Test("the names people type for settings")
    func typedKeys() {
        #expect(ConfigKey(typed: "week-start") == .weekStart)
        #expect(ConfigKey(typed: "WEEK_START") == .weekStart)
        #expect(ConfigKey(typed: "colour") == .color)
        #expect(ConfigKey(typed: "report.grouping") == .reportGrouping)
        #expect(ConfigKey(typed: "alias.D") == .alias("D"))
        #expect(ConfigKey(typed: "alias.") == nil)
        #expect(ConfigKey(typed: "auto-sync") == nil)
        #expect(ConfigKey(typed: "report") == nil)
    }

    @Test("splitting an alias into words like a shell")
    func words() {
        #expect(
            ConfigFile.splitWords("task list  --search \"two words\" 'it''s'") == [
                "task", "list", "--search", "two words", "its",
            ])
        #expect(ConfigFile.splitWords("a \\\"b") == ["a", "\"b"])
        #expect(ConfigFile.splitWords("a \"\"") == ["a", ""])
        #expect(ConfigFile.splitWords("a 'b") == nil)
    }
}
