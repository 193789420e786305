import Foundation
import Testing

/// Output that fits and reads the same everywhere (issue 10, ADR 0009): tables at 60 columns, one way to write a
/// duration, `--quiet` for scripts and `--color` with `NO_COLOR` and `FORCE_COLOR`.
@Suite("Output that fits and reads the same everywhere")
struct OutputJourneyTests {
    static let longTitle = "Write the quarterly report about the numbers for the board"

    /// Two projects, three tasks with tags and estimates, a running timer and two entries.
    func seed(_ stint: Stint) async throws {
        try await stint.ok("project", "add", "Work")
        try await stint.ok("list", "add", "Backlog", "--project", "Work")
        try await stint.ok(
            "task", "add", Self.longTitle, "--project", "Work", "--list", "Backlog", "--due", "tomorrow",
            "--priority", "high", "--tag", "writing", "--tag", "q4", "--estimate", "2h")
        try await stint.ok("task", "add", "Buy milk", "--due", "today", "--tag", "errand")
        try await stint.ok("task", "add", "Plan the garden", "--estimate", "12h")
        try await stint.ok("log", "65m", "1", "--start", "07:00", "--note", "first draft of every section")
        try await stint.ok("log", "20m", "2", "--start", "08:30", "--tag", "shop", "--billable")
        try await stint.ok("timer", "start", "3", "--at", "09:15")
    }

    /// What `stint` prints for `arguments` on a pseudo-terminal `columns` wide (script(1) provides it; `stty` sets
    /// the width the terminal reports, which is where Stint reads it first), with `environment` on top.
    func onTerminal(
        _ stint: Stint, columns: Int, _ arguments: [String], environment: [String: String] = [:]
    ) throws -> String {
        try stint.onTerminal(arguments.joined(separator: " "), columns: columns, environment: environment).screen
            .replacingOccurrences(of: "\r\n", with: "\n")
    }

    /// The lines of `text` with escape codes removed, as wide as a terminal shows them.
    func visible(_ text: String) -> [String] {
        text.replacingOccurrences(of: "\u{1B}\\[[0-9;]*m", with: "", options: .regularExpression)
            .split(separator: "\n").map(String.init)
    }

    // MARK: Fitting

    @Test("with COLUMNS=60 every table fits: titles are cut with …, then Tags, Est and Status are left out")
    func sixtyColumns() async throws {
        try await Stint.withHome { base in
            try await seed(base)
            var stint = base
            stint.extraEnvironment["COLUMNS"] = "60"

            let list = try await stint.ok("task", "list", "--all")
            #expect(
                list.stdoutLines.first?.split(separator: " ") == ["#", "Title", "Project", "Due", "Pri"], "\(list)")
            #expect(list.stdoutLines[1].contains("Write the quarterly") && list.stdoutLines[1].contains("…"))
            #expect(list.stdoutLines[1].hasSuffix("tomorrow  high"), "\(list)")

            let commands: [[String]] = [
                [], ["task", "list", "--all"], ["entries"], ["report", "--today", "--by", "task"], ["timer", "list"],
                ["project", "list"], ["list", "ls"], ["task", "show", "1"], ["timer"], ["project", "show", "Work"],
            ]
            for command in commands {
                let run = try await stint.ok(command)
                for line in run.stdoutLines {
                    #expect(line.count <= 60, "stint \(command.joined(separator: " ")): \(line.count) columns:\n\(run)")
                }
            }

            let entries = try await stint.ok("entries")
            #expect(
                entries.stdoutLines.first?.split(separator: " ") == ["Entry", "Date", "Time", "Duration", "Task"],
                "\(entries)")

            // The dashboard's time block wraps at spaces under its values; nothing is cut there.
            let dashboard = try await stint.ok()
            let block = dashboard.stdout.split(separator: "\n", omittingEmptySubsequences: false).prefix { !$0.isEmpty }
            let time = block.map { $0.trimmingCharacters(in: .whitespaces) }.joined(separator: " ")
            #expect(time.contains("(45m on timers)"), "\(dashboard)")
            #expect(time.firstMatch(of: /\d+h \dm/) == nil, "minutes always have two digits: \(dashboard)")
            #expect(
                !dashboard.stdoutLines.contains {
                    $0.hasPrefix(" ") && $0.trimmingCharacters(in: .whitespaces).hasPrefix("·")
                })

            // Piped without COLUMNS nothing is cut or left out.
            let wide = try await base.ok("task", "list", "--all")
            #expect(wide.stdout.contains(Self.longTitle))
            #expect(
                wide.stdoutLines.first?.contains("Tags") == true && wide.stdoutLines.first?.contains("Status") == true)
        }
    }

    @Test(
        "on a 60-column terminal the width comes from the terminal itself, and colour is on",
        .enabled(if: scriptPath != nil, "needs script(1) to provide a terminal"))
    func terminalWidth() async throws {
        try await Stint.withHome { stint in
            try await seed(stint)
            let colour = ["NO_COLOR": "", "TERM": "xterm-256color"]
            for columns in [60, 80, 120] {
                let screen = try onTerminal(stint, columns: columns, ["task", "list", "--all"], environment: colour)
                #expect(screen.contains("\u{1B}["), "a terminal gets colour")
                let lines = visible(screen)
                #expect(lines.allSatisfy { $0.count <= columns }, "\(columns): \(lines)")
                #expect(lines.first?.contains("Tags") == (columns == 120), "\(columns): \(lines)")
            }
            let entries = visible(try onTerminal(stint, columns: 60, ["entries"], environment: colour))
            #expect(entries.allSatisfy { $0.count <= 60 }, "\(entries)")
        }
    }

    // MARK: Durations

    @Test("one way to write a duration: messages, tables, details, reports and the dashboard all say 1h 05m")
    func durations() async throws {
        try await Stint.withHome { stint in
            try await stint.ok("task", "add", "Write", "--estimate", "2h")
            let logged = try await stint.ok("log", "65m", "1", "--start", "08:00")
            #expect(logged.stdout.hasPrefix("Logged 1h 05m on 1 \"Write\" on 2026-11-21 08:00–09:05"), "\(logged)")

            let list = try await stint.ok("task", "list")
            #expect(list.stdoutLines[1].hasSuffix("2h 00m"), "\(list)")
            let shown = try await stint.ok("task", "show", "1")
            #expect(shown.stdout.contains("1h 05m of 2h 00m estimate (54%)"), "\(shown)")

            let entries = try await stint.ok("entries")
            #expect(entries.stdoutLines.last?.hasPrefix("Total") == true)
            #expect(entries.stdoutLines.allSatisfy { !$0.contains("1h 5m") })
            #expect(entries.stdoutLines.last?.contains("1h 05m") == true, "\(entries)")

            let report = try await stint.ok("report", "--today")
            #expect(report.stdoutLines.first?.hasSuffix("· 1h 05m") == true, "\(report)")
            #expect(report.stdoutLines[1].split(separator: " ").contains("Time"), "\(report)")
            #expect(report.stdoutLines.first { $0.hasPrefix("Total") }?.contains("1h 05m") == true, "\(report)")
            #expect(!report.stdout.contains("1:05"))

            let dashboard = try await stint.ok()
            #expect(dashboard.stdout.contains("today 1h 05m · this week 1h 05m"), "\(dashboard)")

            // JSON keeps seconds.
            #expect(try await stint.json("entries").durations == [3_900])
        }
    }

    // MARK: --quiet

    @Test("--quiet: a change prints nothing, a read prints only its answer, errors still say what went wrong")
    func quiet() async throws {
        try await Stint.withHome { stint in
            let added = try await stint.ok("task", "add", "Write", "-q")
            #expect(added.stdout.isEmpty && added.stderr.isEmpty, "\(added)")
            let empty = try await stint.ok("task", "list", "--tag", "none", "--quiet")
            #expect(empty.stdout.isEmpty, "no hint under --quiet: \(empty)")

            let list = try await stint.ok("task", "list", "-q")
            #expect(list.stdoutLines == ["#  Title  Project  Due  Pri  Tags  Est", "1  Write"], "\(list)")
            #expect(try await stint.ok("task", "list", "--count", "-q").stdout == "1\n")

            let done = try await stint.ok("task", "done", "1", "-q")
            #expect(done.stdout.isEmpty, "\(done)")
            #expect(try await stint.ok("undo", "-q").stdout.isEmpty)
            let logged = try await stint.ok("log", "30m", "1", "-q")
            #expect(logged.stdout.isEmpty, "\(logged)")
            #expect(try await stint.ok("entries", "-q").stdoutLines.first?.hasPrefix("Entry") == true)

            // JSON is what a script asked for, so it is printed even when quiet.
            let json = try await stint.run(["task", "add", "Second", "--json", "-q"])
            #expect(json.status == 0)
            #expect(json.stdout.contains("\"title\" : \"Second\""), "\(json)")

            let export = stint.root.appendingPathComponent("backup.json")
            let exported = try await stint.ok("export", "--output", export.path, "-q")
            #expect(exported.stdout.isEmpty && exported.stderr.isEmpty, "\(exported)")
            let imported = try await stint.ok("import", export.path, "-q")
            #expect(imported.stdout.isEmpty && imported.stderr.isEmpty, "\(imported)")

            expectFailure(try await stint.run("task", "show", "99", "-q"), 2, mentioning: ["99"])
            expectFailure(
                try await stint.run("task", "list", "-q", "-v"), 64, mentioning: ["--quiet", "--verbose"])
        }
    }

    // MARK: Colour

    @Test("colour: --color beats NO_COLOR, which beats FORCE_COLOR, which beats whether stdout is a terminal")
    func colour() async throws {
        try await Stint.withHome { base in
            try await base.ok("task", "add", "Pay invoice", "--due", "yesterday", "--priority", "high")
            func painted(_ environment: [String: String], _ flags: [String] = []) async throws -> Bool {
                var stint = base
                stint.extraEnvironment = environment
                return try await stint.ok(["task", "list"] + flags).stdout.contains("\u{1B}[")
            }
            let noColor = ["NO_COLOR": "1", "TERM": "xterm"]
            let force = ["NO_COLOR": "", "FORCE_COLOR": "1", "TERM": "xterm"]
            #expect(try await painted(["NO_COLOR": "", "TERM": "xterm"]) == false, "a pipe gets no colour")
            #expect(try await painted(force) == true, "FORCE_COLOR colours a pipe")
            #expect(try await painted(["NO_COLOR": "1", "FORCE_COLOR": "1"]) == false, "NO_COLOR beats FORCE_COLOR")
            #expect(try await painted(noColor, ["--color", "always"]) == true, "--color beats NO_COLOR")
            #expect(try await painted(force, ["--color", "never"]) == false, "--color beats FORCE_COLOR")
            #expect(try await painted(force, ["--color=auto"]) == true, "auto leaves it to the variables")
            #expect(try await painted(noColor, ["--color", "ALWAYS"]) == true, "any case")

            expectFailure(try await base.run("task", "list", "--color", "sometimes"), 4, mentioning: ["always"])
            let line = try await base.run("task", "list", "--color", "sometimes")
            #expect(line.stderr == "stint: unknown --color value 'sometimes': use auto, always or never\n")
        }
    }

    @Test(
        "on a terminal colour is on by default, off with NO_COLOR or --color never",
        .enabled(if: scriptPath != nil, "needs script(1) to provide a terminal"))
    func colourOnTerminal() async throws {
        try await Stint.withHome { stint in
            try await stint.ok("task", "add", "Pay invoice", "--due", "yesterday")
            let terminal = ["NO_COLOR": "", "TERM": "xterm-256color"]
            #expect(try onTerminal(stint, columns: 80, ["task", "list"], environment: terminal).contains("\u{1B}["))
            #expect(
                !(try onTerminal(stint, columns: 80, ["task", "list", "--color", "never"], environment: terminal))
                    .contains("\u{1B}["))
            #expect(
                !(try onTerminal(
                    stint, columns: 80, ["task", "list"], environment: ["NO_COLOR": "1", "TERM": "xterm"]))
                    .contains("\u{1B}["))
        }
    }
}
