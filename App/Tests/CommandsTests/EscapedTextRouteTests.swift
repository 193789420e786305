import Foundation
import Testing

/// Names and imported text reach the terminal escaped (`\u{202E}`, `\e`), as titles and typed references do, in
/// tables, details, confirmations and errors.
@Suite("Routes: names and imported text are shown escaped")
struct EscapedTextRouteTests {
    /// A right-to-left override in a project or list name used to reach the terminal raw and turn the rest of the line
    /// around: `Added task 1 "T" to Work<U+202E> lanif` read as `… to Work final`.
    @Test("project and list names with bidirectional controls are escaped in tables, details and confirmations")
    func bidirectionalControlsInNames() async throws {
        let stint = try Harness()
        let project = "Work\u{202E} lanif"
        let added = await stint.run("project", "add", project)
        #expect(added.stdout == #"Added project "Work\u{202E} lanif""# + "\n")
        let list = await stint.run("list", "add", "L\u{2066}X", "--project", project)
        #expect(list.stdout == #"Added list "L\u{2066}X" to Work\u{202E} lanif"# + "\n")
        let task = await stint.run("task", "add", "T", "--project", project, "--list", "L\u{2066}X", "--due", "today")
        #expect(task.stdout == #"Added task 1 "T" to Work\u{202E} lanif/L\u{2066}X"# + "\n")

        let listed = await stint.run("task", "list")
        #expect(listed.stdoutLines[1] == #"1  T      Work\u{202E} lanif/L\u{2066}X  today"#)
        let shown = await stint.run("task", "show", "1")
        #expect(shown.stdoutLines.contains(#"  Project   Work\u{202E} lanif"#))
        #expect(shown.stdoutLines.contains(#"  List      L\u{2066}X"#))
        let projects = await stint.run("project", "list")
        #expect(projects.stdoutLines[1].hasPrefix(#"Work\u{202E} lanif  "#))

        let started = await stint.run("timer", "start", "1")
        #expect(started.stdout == #"Started timer on 1 "T" (Work\u{202E} lanif) at 10:00"# + "\n")
        let timers = await stint.run("timer", "list")
        #expect(timers.stdoutLines[1].contains(#"  Work\u{202E} lanif  running"#))
        let entries = await stint.run("entries")
        #expect(entries.stdoutLines[1].contains(#"  Work\u{202E} lanif"#))
        let dashboard = await stint.run()
        #expect(dashboard.stdout.contains(#"Timer   1 "T" (Work\u{202E} lanif)"#))
        #expect(dashboard.stdout.contains(#"1  T      Work\u{202E} lanif/L\u{2066}X  today"#))

        // Nothing printed holds a bidirectional control.
        for outcome in [added, list, task, listed, shown, projects, started, timers, entries, dashboard] {
            #expect(!outcome.stdout.unicodeScalars.contains { (0x202A...0x202E).contains($0.value) }, "\(outcome)")
            #expect(!outcome.stdout.unicodeScalars.contains { (0x2066...0x2069).contains($0.value) }, "\(outcome)")
        }
    }

    @Test("undo names what it reverted with the names escaped")
    func undoSummary() async throws {
        let stint = try Harness()
        try await stint.given([
            ["project", "add", "Work\u{202E} lanif"], ["list", "add", "L\u{2066}X", "--project", "Work\u{202E} lanif"],
        ])
        #expect(await stint.run("undo").stdout == #"Undid: added list "L\u{2066}X" to "Work\u{202E} lanif""# + "\n")
        #expect(await stint.run("undo").stdout == #"Undid: added project "Work\u{202E} lanif""# + "\n")
        try await stint.given([["project", "add", "Work\u{202E} lanif"]])
        let json = try await stint.json("undo") as? [String: Any]
        #expect(json?["undone"] as? String == "added project \"Work\u{202E} lanif\"")
    }

    /// A Taskwarrior record's escape character was quoted back as `?`, where every other error shows `\e`.
    @Test("a bad Taskwarrior record quotes its text with escapes, as every other error does")
    func controlCharactersInATaskwarriorRecord() async throws {
        let stint = try Harness()
        let file = stint.root.appendingPathComponent("tw.json")
        func record(_ fields: [String: Any]) throws -> String {
            let base: [String: Any] = [
                "uuid": "a8f5c6a2-1111-4111-8111-111111111111", "description": "x\u{1B}[31mred", "status": "pending",
                "entry": "20261120T090000Z",
            ]
            try JSONSerialization.data(withJSONObject: [base.merging(fields) { _, new in new }]).write(to: file)
            return file.path
        }
        let status = await stint.run("import", "--from", "taskwarrior", try record(["status": "bogus\u{1B}"]))
        #expect(status.status == 4)
        #expect(
            status.stderr
                == #"stint: task 1 of the file (uuid a8f5c6a2), "x\e[31mred": its status 'bogus\e' is not one "#
                + "Taskwarrior writes\n")
        let entry = await stint.run("import", "--from", "taskwarrior", try record(["entry": "2026\u{7}\n"]))
        #expect(entry.status == 4)
        #expect(
            entry.stderr
                == #"stint: task 1 of the file (uuid a8f5c6a2), "x\e[31mred": its entry '2026\u{7}\n' is not a date "#
                + "like 20261201T093000Z\n")
        // A long text is cut as every quoted text is: 40 characters, the last a "…".
        let long = await stint.run(
            "import", "--from", "taskwarrior",
            try record(["description": String(repeating: "y", count: 100), "status": "bogus"]))
        #expect(
            long.stderr
                == #"stint: task 1 of the file (uuid a8f5c6a2), ""# + String(repeating: "y", count: 39)
                + #"…": its status 'bogus' is not one Taskwarrior writes"# + "\n")
        #expect(await stint.run("task", "list", "--all", "--count").stdout == "0\n")
    }
}
