import Foundation
import Testing

/// The global output options (ADR 0009): `--quiet`, `--color`, and how they reach every command.
@Suite("Output options")
struct OutputRouteTests {
    @Test("--quiet leaves out confirmations on every route, keeps what was asked for, and never hides an error")
    func quiet() async throws {
        let stint = try Harness()
        for line in [
            ["project", "add", "Work", "-q"], ["task", "add", "T", "-p", "Work", "--quiet"], ["log", "1h", "1", "-q"],
            ["task", "done", "1", "-q"], ["undo", "-q"], ["config", "set", "week_start", "sunday", "-q"],
        ] {
            let outcome = await stint.run(line)
            #expect(outcome.status == 0 && outcome.stdout.isEmpty && outcome.stderr.isEmpty, "\(outcome)")
        }
        #expect(await stint.run("task", "list", "--count", "-q").stdout == "1\n")
        #expect(await stint.run("project", "list", "-q").stdoutLines.first?.hasPrefix("Name") == true)
        let json = await stint.run("task", "show", "1", "--json", "-q")
        #expect(json.stdout.contains("\"number\" : 1"), "\(json)")

        let file = stint.root.appendingPathComponent("backup.json").path
        let exported = await stint.run("export", "--output", file, "-q")
        #expect(exported.status == 0 && exported.stderr.isEmpty, "\(exported)")
        let imported = await stint.run("import", file, "-q")
        #expect(imported.status == 0 && imported.stdout.isEmpty, "\(imported)")

        let missing = await stint.run("task", "show", "9", "-q")
        #expect(missing.status == 2 && missing.stderr.hasPrefix("stint: "), "\(missing)")
        let both = await stint.run("task", "list", "-q", "-v")
        #expect(both.status == 64, "\(both)")
        #expect(both.stderr.hasPrefix("stint: --quiet and --verbose exclude each other"), "\(both)")
    }

    @Test("the commands that only read open the database read-only, and --verbose says so; the others read-write")
    func databaseAccess() async throws {
        let stint = try Harness()
        try await stint.given([
            ["project", "add", "Work"], ["task", "add", "Write", "--project", "Work"], ["log", "1h", "1"],
        ])
        func access(_ line: [String]) async -> String? {
            let outcome = await stint.run(line + ["--verbose"])
            guard outcome.status == 0 else { return "exit \(outcome.status): \(outcome.stderr)" }
            let finished = outcome.stderr.split(separator: "\n").first { $0.contains("stint: finished") }
            return finished?.split(separator: " ").first { $0.hasPrefix("database=") }.map(String.init)
        }
        let exportFile = stint.root.appendingPathComponent("export.json").path
        for line in [
            ["timer"], ["timer", "list"], ["task", "list"], ["task", "list", "--count"], ["task", "list", "--json"],
            ["report", "--week"], ["entries", "list", "--since", "mon"], [], ["task", "show", "1"],
            ["project", "list"], ["project", "show", "Work"], ["list", "ls"], ["export", "--output", exportFile],
            ["sync", "status"], ["sync", "conflicts", "list", "--all"], ["config", "list", "--json"],
            ["config", "get", "auto-sync"],
        ] {
            #expect(await access(line) == "database=read-only", "stint \(line.joined(separator: " "))")
        }
        #expect(await access(["timer", "start", "1"]) == "database=read-write")
        stint.now = "2026-11-21T10:30:00Z"
        for line in [["timer", "stop"], ["task", "note", "1", "a note"], ["task", "add", "X"]] {
            #expect(await access(line) == "database=read-write", "stint \(line.joined(separator: " "))")
        }
        #expect(await access(["undo"]) == "database=read-write")
        // The writes landed (the add of X, then its undo) and the reads in between changed nothing.
        #expect(await stint.run("task", "list", "--count").stdout == "1\n")
    }

    @Test("--color always colours even a pipe and beats NO_COLOR; never and auto leave it off there")
    func color() async throws {
        let stint = try Harness()
        try await stint.given([["task", "add", "Late", "--due", "yesterday"]])
        #expect(await stint.run("task", "list", "--color", "always").stdout.contains("\u{1B}["))
        #expect(!(await stint.run("task", "list", "--color", "never").stdout.contains("\u{1B}[")))
        #expect(!(await stint.run("task", "list", "--color", "auto").stdout.contains("\u{1B}[")))
        let wrong = await stint.run("task", "list", "--color", "rainbow")
        #expect(wrong.status == 4)
        #expect(wrong.stderr == "stint: unknown --color value 'rainbow': use auto, always or never\n")
    }
}
