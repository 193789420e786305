import Foundation
import Testing

@Suite("Help")
struct HelpTests {
    /// Every command and subcommand a user can reach.
    static let commands: [[String]] = [
        [],
        ["dashboard"], ["undo"], ["export"], ["import"], ["log"], ["report"], ["login"], ["logout"], ["team"],
        ["project"], ["project", "add"], ["project", "list"], ["project", "show"], ["project", "rename"],
        ["project", "archive"], ["project", "unarchive"], ["project", "delete"],
        ["list"], ["list", "add"], ["list", "ls"], ["list", "rename"], ["list", "delete"],
        ["task"], ["task", "add"], ["task", "list"], ["task", "show"], ["task", "edit"], ["task", "done"],
        ["task", "reopen"], ["task", "start"], ["task", "delete"], ["task", "move"], ["task", "note"],
        ["timer"], ["timer", "start"], ["timer", "pause"], ["timer", "resume"], ["timer", "stop"],
        ["timer", "discard"], ["timer", "restart"], ["timer", "status"], ["timer", "list"],
        ["entries"], ["entries", "list"], ["entries", "edit"], ["entries", "delete"],
        ["sync"], ["sync", "run"], ["sync", "status"], ["sync", "conflicts"], ["sync", "conflicts", "list"],
        ["sync", "conflicts", "resolve"], ["config"],
    ]

    @Test("--help on every command exits 0 and prints Examples", arguments: commands)
    func helpHasExamples(_ command: [String]) async throws {
        try await Stint.withHome { stint in
            let result = try await stint.run(command + ["--help"])
            #expect(result.status == 0, "\(result)")
            #expect(
                result.stdout.contains("Examples"),
                "no Examples in the help of `stint \(command.joined(separator: " "))`")
            #expect(result.stderr.isEmpty, "\(result)")
            #expect(!FileManager.default.fileExists(atPath: stint.database.path), "--help must not create a database")
        }
    }

    /// Help is written as paragraphs and wrapped by the parser, so at any width a line ends only where the
    /// next word would not fit or where a paragraph ends; examples are short enough never to wrap at 60.
    @Test("help wraps at word boundaries at 60, 80 and 120 columns, never mid-sentence", arguments: commands)
    func helpWrapsAtEveryWidth(_ command: [String]) async throws {
        try await Stint.withHome { base in
            for width in [60, 80, 120] {
                var stint = base
                stint.extraEnvironment["COLUMNS"] = String(width)
                let result = try await stint.run(command + ["--help"])
                #expect(result.status == 0, "\(result)")
                for problem in HelpLayout.problems(in: result.stdout, width: width) {
                    Issue.record("`stint \(command.joined(separator: " ")) --help` at \(width) columns: \(problem)")
                }
            }
        }
    }

    @Test("every option with a closed set of values lists them in its help")
    func closedSetsListTheirValues() async throws {
        try await Stint.withHome { base in
            var stint = base
            stint.extraEnvironment["COLUMNS"] = "400"
            let expected: [([String], String, String)] = [
                (["task", "list"], "--status <status>", "(values: active, open, in-progress, done, all)"),
                (["task", "list"], "--sort <sort>", "(values: priority, due, created, updated, title, number)"),
                (["task", "list"], "--priority <priority>", "(values: none, low, medium, high)"),
                (["task", "add"], "--priority <priority>", "(values: none, low, medium, high)"),
                (["task", "edit"], "--priority <priority>", "(values: none, low, medium, high)"),
                (["report"], "--by <by>", "(values: project, task, day, week, tag)"),
                (["report"], "--format <format>", "(values: table, csv, json)"),
                (["sync", "conflicts", "resolve"], "--take <take>", "(values: mine, theirs)"),
            ]
            for (command, option, values) in expected {
                // The option's entry: its label in OPTIONS and the help after it, however the parser laid it out.
                let help = try await stint.ok(command + ["--help"]).stdout
                let options = help.components(separatedBy: "OPTIONS:").last ?? ""
                let flat = options.split(whereSeparator: \.isWhitespace).joined(separator: " ")
                let entry = flat.range(of: option).map { String(flat[$0.lowerBound...].prefix(option.count + 200)) }
                #expect(
                    entry?.contains(values) == true,
                    "`stint \(command.joined(separator: " ")) --help`: \(option) lacks \(values)")
            }
        }
    }

    @Test("a mistyped command suggests the nearest one; exit 64, one line, nothing created")
    func typoSuggestsNearestCommand() async throws {
        try await Stint.withHome { stint in
            let cases: [([String], String)] = [
                (["tsk", "list"], "stint: unknown command 'tsk'. Did you mean 'task'?"),
                (["task", "lst"], "stint: unknown command 'task lst'. Did you mean 'task list'?"),
                (["tiemr"], "stint: unknown command 'tiemr'. Did you mean 'timer'?"),
                (["timer", "strat", "12"], "stint: unknown command 'timer strat'. Did you mean 'timer start'?"),
                (
                    ["sync", "conflicts", "reslove"],
                    "stint: unknown command 'sync conflicts reslove'. Did you mean 'sync conflicts resolve'?"
                ),
                (["proj"], "stint: unknown command 'proj'. Did you mean 'project'?"),
                (["help", "tsk"], "stint: unknown command 'tsk'. Did you mean 'task'?"),
                (["frobnicate"], "stint: unknown command 'frobnicate' (see 'stint --help')"),
                (["task", "frobnicate", "now"], "stint: unknown command 'task frobnicate' (see 'stint task --help')"),
            ]
            for (arguments, line) in cases {
                let result = try await stint.run(arguments)
                expectFailure(result, 64)
                #expect(result.stderr == line + "\n", "\(result)")
            }
            #expect(!FileManager.default.fileExists(atPath: stint.database.path))
        }
    }

    @Test("a missing argument or a bad flag points at that command's own help")
    func usageErrorsPointAtTheCommandsHelp() async throws {
        try await Stint.withHome { stint in
            let cases: [([String], String)] = [
                (["task", "show"], "stint: missing <task>; see 'stint task show --help'"),
                (["project", "add"], "stint: missing <name>; see 'stint project add --help'"),
                (
                    ["sync", "conflicts", "resolve"],
                    "stint: missing <conflict>; see 'stint sync conflicts resolve --help'"
                ),
                (["task", "list", "--bogus"], "stint: Unknown option '--bogus' (see 'stint task list --help')"),
                (["task", "--bogus"], "stint: Unknown option '--bogus' (see 'stint task list --help')"),
                (["--bogus"], "stint: Unknown option '--bogus' (see 'stint --help')"),
            ]
            for (arguments, line) in cases {
                let result = try await stint.run(arguments)
                expectFailure(result, 64)
                #expect(result.stderr == line + "\n", "\(result)")
            }
            let log = try await stint.run("log")
            expectFailure(log, 64, mentioning: ["missing <duration>", "see 'stint log --help'"])
            let done = try await stint.run("task", "done")
            expectFailure(done, 64, mentioning: ["stint: missing <", "see 'stint task done --help'"])
        }
    }

    @Test("export --help says what the file holds and what it leaves out")
    func exportHelpSaysWhatIsExported() async throws {
        try await Stint.withHome { base in
            var stint = base
            stint.extraEnvironment["COLUMNS"] = "400"
            let help = try await stint.ok("export", "--help").stdout
            for word in [
                "archived", "task lists", "timers", "time entries", "teammates'", "person id", "Not in the file",
                "task numbers", "undo history", "settings", "sync state",
            ] {
                #expect(help.contains(word), "export --help does not mention \(word)")
            }
        }
    }

    @Test("--version prints a version and touches nothing")
    func version() async throws {
        try await Stint.withHome { stint in
            let result = try await stint.run("--version")
            #expect(result.status == 0)
            #expect(result.stdout.split(separator: "\n").count == 1)
            #expect(result.stdout.first?.isNumber == true, "\(result)")
            #expect(!FileManager.default.fileExists(atPath: stint.database.path))
        }
    }
}

/// What is wrong with the layout of one help text at one width.
enum HelpLayout {
    /// Where the parser puts the help of an option or subcommand (its label column).
    static let helpColumn = 26

    static func problems(in help: String, width: Int) -> [String] {
        let lines = help.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        var problems: [String] = []
        let usage = lines.firstIndex { $0.hasPrefix("USAGE:") } ?? lines.count
        for (index, line) in lines.enumerated() where line.count > width {
            problems.append("line \(index + 1) is \(line.count) characters wide: \(line)")
        }
        for index in lines.indices.dropLast() {
            let line = lines[index]
            let next = lines[index + 1]
            guard !line.isEmpty, !next.isEmpty else { continue }
            let nextWord = next.drop { $0 == " " }.prefix { $0 != " " }
            if index < usage {
                // The overview: prose at the margin, examples and lists indented.
                if line.hasPrefix(" ") && !next.hasPrefix(" ") {
                    problems.append("an indented line wraps: '\(line)' / '\(next)'")
                } else if !next.hasPrefix(" ") && line.count + 1 + nextWord.count < width {
                    problems.append("a sentence breaks early: '\(line)' / '\(next)'")
                }
            } else if isHelpText(line) && isContinuation(next) && line.count + 1 + nextWord.count < width {
                problems.append("an option's help breaks early: '\(line)' / '\(next)'")
            }
        }
        return problems
    }

    /// A line holding help text in the label column (after a label, or a continuation).
    private static func isHelpText(_ line: String) -> Bool {
        let characters = Array(line)
        guard characters.count > helpColumn else { return false }
        return characters[helpColumn - 2] == " " && characters[helpColumn - 1] == " "
            && characters[helpColumn] != " "
    }

    private static func isContinuation(_ line: String) -> Bool {
        line.count > helpColumn && line.prefix(helpColumn).allSatisfy { $0 == " " } && Array(line)[helpColumn] != " "
    }
}
