import Foundation
import Testing

/// Every `stint task …` route and the dashboard, run in-process through the parser, the coordinator, the
/// Tasks feature, its adapter and the workers over a real temporary database.
@Suite("Task routes")
struct TaskRouteTests {
    @Test("add, list, filter, sort, limit and count")
    func addAndList() async throws {
        let stint = try Harness()
        try await stint.given([
            ["project", "add", "Work"], ["list", "add", "Backlog", "--project", "Work"],
        ])
        let added = await stint.run(
            "task", "add", "Write", "the", "report", "--project", "Work", "--list", "Backlog", "--due", "tomorrow",
            "-P", "h", "--tag", "writing", "--estimate", "1h30m")
        #expect(added.status == 0)
        #expect(added.stdout == "Added task 1 \"Write the report\" to Work/Backlog\n")
        #expect(await stint.run("task", "add", "Buy milk", "--due", "today", "--tag", "errand").status == 0)

        let list = await stint.run("task", "list", "--sort", "title")
        #expect(list.stdoutLines.dropFirst().map { $0.prefix(3) } == ["2  ", "1  ", ""])
        #expect(await stint.run("task", "list", "--tag", "errand", "--count").stdout == "1\n")
        #expect(await stint.run("task", "list", "--priority", "high", "--count").stdout == "1\n")
        #expect(await stint.run("task", "list", "--due", "today", "--count").stdout == "1\n")
        #expect(await stint.run("task", "list", "--due-before", "tomorrow", "--count").stdout == "1\n")
        #expect(await stint.run("task", "list", "--project", "work", "--list", "backlog", "--count").stdout == "1\n")
        #expect(await stint.run("task", "list", "--search", "MILK", "--count").stdout == "1\n")
        let limited = try await stint.json("task", "list", "--limit", "1") as? [[String: Any]]
        #expect(limited?.count == 1)
    }

    @Test("show, edit, note, start, done, reopen, move and delete")
    func lifecycle() async throws {
        let stint = try Harness()
        try await stint.given([
            ["project", "add", "Work"], ["project", "add", "Home"], ["list", "add", "Later", "--project", "Home"],
            ["task", "add", "Write", "--project", "Work"],
        ])
        let edited = await stint.run("task", "edit", "1", "--title", "Write more", "--due", "2026-12-01", "--tag", "x")
        #expect(edited.status == 0)
        let shown = try await stint.json("task", "show", "1") as? [String: Any]
        #expect(shown?["title"] as? String == "Write more")
        #expect(shown?["due"] as? String == "2026-12-01")
        #expect(shown?["tags"] as? [String] == ["x"])

        #expect(await stint.run("task", "note", "1", "Sent", "draft").status == 0)
        #expect(await stint.run("task", "start", "1").stdout == "Started task 1 \"Write more\"\n")
        #expect(await stint.run("task", "done", "1").stdout == "Completed task 1 \"Write more\"\n")
        let again = await stint.run("task", "done", "1")
        #expect(again.status == 4)
        #expect(await stint.run("task", "reopen", "1").status == 0)
        let moved = await stint.run("task", "move", "1", "--list", "Later")
        #expect(moved.status == 0)
        let afterMove = try await stint.json("task", "show", "1") as? [String: Any]
        #expect(afterMove?["project_name"] as? String == "Home")
        #expect(afterMove?["list_name"] as? String == "Later")
        let nowhere = await stint.run("task", "move", "1")
        #expect(nowhere.status == 4)

        // On a terminal "no" keeps the task; off one nobody can say yes, so it takes --force.
        let declined = await stint.run("task", "delete", "1", terminal: true, answers: ["n"])
        #expect(declined.status == 0)
        #expect(declined.prompts.count == 1)
        #expect(await stint.run("task", "list", "--count").stdout == "1\n")
        let unforced = await stint.run("task", "delete", "1")
        #expect(unforced.status == 5)
        #expect(unforced.stderr.contains("--force"))
        #expect(await stint.run("task", "list", "--count").stdout == "1\n")
        #expect(await stint.run("task", "delete", "1", "--force").status == 0)
        #expect(await stint.run("task", "list", "--all", "--count").stdout == "0\n")
        let missing = await stint.run("task", "show", "1")
        #expect(missing.status == 2)
        #expect(missing.stderr == "stint: no task matches '1'\n")
    }

    @Test("the dashboard merges the time overview and the tasks into one JSON document")
    func dashboard() async throws {
        let stint = try Harness()
        try await stint.given([
            ["task", "add", "Due today", "--due", "today"], ["log", "30m", "1", "--start", "08:00"],
        ])
        let human = await stint.run()
        #expect(human.status == 0)
        #expect(human.stdout.contains("Logged  today 30m · this week 30m"))
        #expect(human.stdout.contains("Due today (1)"))
        let json = try await stint.json("dashboard") as? [String: Any]
        let time = json?["time"] as? [String: Any]
        #expect(time?["today_seconds"] as? Int == 1_800)
        #expect(json?["due_today_count"] as? Int == 1)
    }

    @Test("an estimate is kept in whole minutes, so what task show prints is what is stored")
    func estimateInWholeMinutes() async throws {
        let stint = try Harness()
        try await stint.given([["task", "add", "Call", "--estimate", "1.5m"], ["task", "add", "Mail"]])
        #expect(await stint.run("task", "show", "1").stdout.contains("  Estimate  2m\n"))
        #expect(await stint.run("task", "edit", "2", "--estimate", "0.2h").status == 0)
        let mail = try #require(try await stint.json("task", "show", "2") as? [String: Any])
        #expect(mail["estimate_seconds"] as? Int == 720)
        #expect(await stint.run("task", "edit", "2", "--estimate", "0.1m").status == 0)
        let short = try #require(try await stint.json("task", "show", "2") as? [String: Any])
        #expect(short["estimate_seconds"] as? Int == 60, "anything above zero is at least a minute")
    }

    @Test("a bad value is invalid input (4), a bad shape is usage (64)")
    func badInput() async throws {
        let stint = try Harness()
        let sort = await stint.run("task", "list", "--sort", "bogus")
        #expect(sort.status == 4)
        #expect(
            sort.stderr == "stint: unknown --sort value 'bogus': use priority, due, created, updated, title or number\n"
        )
        let status = await stint.run("task", "list", "--status", "closed")
        #expect(status.status == 4)
        #expect(await stint.run("task", "list", "--limit", "0").status == 4)
        #expect(await stint.run("task", "list", "--limit", "x").status == 4)
        #expect(await stint.run("task", "add", "x", "--due", "someday").status == 4)
        #expect(await stint.run("task", "add", "x", "-P", "urgent").status == 4)
        #expect(await stint.run("task", "list", "--all", "--status", "open").status == 64)
        #expect(await stint.run("task", "edit", "1", "--due", "fri", "--no-due").status == 64)
        #expect(await stint.run("task", "list", "--frobnicate").status == 64)
        let escaped = await stint.run("task", "show", "\u{1B}[31mred\nline")
        #expect(escaped.stderr == #"stint: no task matches '\e[31mred\nline'"# + "\n")
    }

    @Test("a global option before the command is usage (64) that says where it goes")
    func globalOptionsBeforeTheCommand() async throws {
        let stint = try Harness()
        let json = await stint.run("--json", "task", "list")
        #expect(json.status == 64)
        #expect(json.stderr == "stint: --json goes after the command: stint task list --json\n")
        #expect(json.stdout.isEmpty)
        let quiet = await stint.run("-q", "task", "add", "x")
        #expect(quiet.status == 64)
        #expect(quiet.stderr == "stint: -q goes after the command: stint task add x -q\n")
        let several = await stint.run("--color", "never", "-v", "task", "add", "Buy milk", "--", "-x")
        #expect(several.status == 64)
        #expect(
            several.stderr
                == "stint: --color and -v go after the command: stint task add 'Buy milk' --color never -v -- -x\n")
        let long = await stint.run(["--verbose", "task", "add"] + Array(repeating: "word", count: 30))
        #expect(long.stderr == "stint: --verbose goes after the command: stint task add … --verbose\n")
        #expect(await stint.run("task", "list", "--count").stdout == "0\n")
        // Alone they still run the dashboard, and a word that is no command stays the parser's complaint.
        #expect(await stint.run("--json").status == 0)
        let unknown = await stint.run("--json", "tsk")
        #expect(unknown.status == 64)
        #expect(unknown.stderr == "stint: Unexpected argument 'tsk' (see 'stint --help')\n")
    }

    @Test("a tag is one word: bidirectional controls in it are refused (4), shown escaped")
    func bidirectionalControlsInATag() async throws {
        let stint = try Harness()
        let added = await stint.run("task", "add", "T", "--tag", "ab\u{202E}cd")
        #expect(added.status == 4)
        #expect(
            added.stderr
                == #"stint: tag 'ab\u{202E}cd' contains a space, comma or control character: use one word such as +work"#
                + "\n")
        #expect(await stint.run("task", "list", "--all", "--count").stdout == "0\n")
    }
}
