import Foundation
import Testing

/// Several tasks in one command, and the editor form of `task edit` and `entries edit` (issue 10), in-process.
@Suite("Routes: several tasks at once and editing in a form")
struct WorkingRouteTests {
    /// A shell script that edits the form file it is given with `sed` expressions, as an editor would.
    private func editor(_ stint: Harness, _ name: String, sed expressions: [String]) throws -> [String: String] {
        let script = stint.root.appendingPathComponent("\(name).sh")
        let arguments = expressions.map { "-e '\($0)'" }.joined(separator: " ")
        try Data("#!/bin/sh\nsed -i \(arguments) \"$1\"\n".utf8).write(to: script)
        return ["EDITOR": "sh \(script.path)", "TMPDIR": stint.root.path]
    }

    @Test("done with several references is one change with a line per task; undo reverts it whole")
    func severalAtOnce() async throws {
        let stint = try Harness()
        try await stint.given([["task", "add", "a"], ["task", "add", "b"], ["task", "add", "c"]])
        let done = await stint.run("task", "done", "1", "3", "#1")
        #expect(done.stdout == "Completed task 1 \"a\"\nCompleted task 3 \"c\"\n")
        #expect(await stint.run("undo").stdout == "Undid: completed tasks 1 and 3\n")
        let unknown = await stint.run("task", "start", "2", "9")
        #expect(unknown.status == 2)
        #expect(unknown.stderr == "stint: no task matches '9'\n")
        #expect(await stint.run("task", "list", "--status", "open", "--count").stdout == "3\n")
        #expect(await stint.run("task", "move", "1", "2", "--project", "Nowhere").status == 2)
        try await stint.given([["project", "add", "Home"]])
        let moved = try await stint.json("task", "move", "1", "2", "--project", "Home") as? [[String: Any]]
        #expect(moved?.compactMap { $0["project_name"] as? String } == ["Home", "Home"])
    }

    @Test("task edit without flags applies the saved form as one change")
    func taskForm() async throws {
        let stint = try Harness()
        try await stint.given([["project", "add", "Home"], ["task", "add", "Paint", "--tag", "house"]])
        let environment = try editor(
            stint, "edit", sed: ["s/^title: .*/title: Paint the shed/", "s/^project:.*/project: home/"])
        let edited = await stint.run(["task", "edit", "1"], environment: environment)
        #expect(edited.stdout == "Updated task 1 \"Paint the shed\": title, project\n", "\(edited)")
        let shown = try await stint.json("task", "show", "1") as? [String: Any]
        #expect(shown?["project_name"] as? String == "Home")
        #expect(await stint.run("undo").stdout == "Undid: edited task 1 \"Paint\"\n")

        let unchanged = await stint.run(["task", "edit", "1"], environment: ["EDITOR": "true"])
        #expect(unchanged.stdout == "Nothing changed: task 1 \"Paint\" is as it was.\n")

        let bad = await stint.run(
            ["task", "edit", "1"], environment: try editor(stint, "bad", sed: ["s/^due:.*/due: soonish/"]))
        #expect(bad.status == 4)
        #expect(bad.stderr.hasPrefix("stint: due: could not read 'soonish' as a date"))
        let kept = try #require(bad.stderr.split(separator: " ").last.map { String($0.dropLast()) })
        #expect(try String(contentsOfFile: kept, encoding: .utf8).contains("due: soonish"))

        // A form saved in another encoding is refused and kept, not read as empty ("nothing changed").
        let latin1 = await stint.run(
            ["task", "edit", "1"], environment: try editor(stint, "latin1", sed: [#"s/^title: .*/title: Caf\xe9/"#]))
        #expect(latin1.status == 4, "\(latin1)")
        #expect(latin1.stderr.hasPrefix("stint: the edited form is not UTF-8 text; nothing changed, and your text is"))
        let saved = try #require(latin1.stderr.split(separator: " ").last.map { String($0.dropLast()) })
        #expect(try Data(contentsOf: URL(fileURLWithPath: saved)).contains(0xE9))
        #expect((try await stint.json("task", "show", "1") as? [String: Any])?["title"] as? String == "Paint")
    }

    @Test("editing a task or an entry that is not there is not found (2), with an editor or without one")
    func editingWhatIsNotThere() async throws {
        let stint = try Harness()
        for environment in [[:], ["EDITOR": "true"]] {
            let task = await stint.run(["task", "edit", "1"], environment: environment)
            #expect(task.status == 2, "\(task)")
            #expect(task.stderr == "stint: no task matches '1'\n")
            let entry = await stint.run(["entries", "edit", "ffff"], environment: environment)
            #expect(entry.status == 2, "\(entry)")
            #expect(entry.stderr == "stint: no entry matches 'ffff'\n")
        }
        // A task that is there, with nothing to change and no editor, is still refused as changing nothing.
        try await stint.given([["task", "add", "Paint"]])
        let nothing = await stint.run("task", "edit", "1")
        #expect(nothing.status == 4)
        #expect(
            nothing.stderr
                == "stint: nothing to change for task 1: pass a new title, --due, --priority, --tag, --estimate or "
                + "--note, or set EDITOR to edit it in a form\n")
    }

    @Test("entries edit without flags applies the saved form through the same edit as the flags")
    func entryForm() async throws {
        let stint = try Harness()
        try await stint.given([["task", "add", "Paint"], ["log", "1h", "1", "--start", "08:00"]])
        let entries = try await stint.json("entries") as? [[String: Any]]
        let id = try #require(entries?.first?["id"] as? String)
        let environment = try editor(
            stint, "entry", sed: ["s/^end: .*/end: 2026-11-21 09:30/", "s/^billable:.*/billable: yes/"])
        let edited = await stint.run(["entries", "edit", String(id.prefix(8))], environment: environment)
        #expect(edited.status == 0, "\(edited)")
        let after = try await stint.json("entries") as? [[String: Any]]
        #expect(after?.first?["duration_seconds"] as? Int == 5_400)
        #expect(after?.first?["billable"] as? Bool == true)
    }
}
