import Foundation
import Testing

/// Working the way people do (issue 10): several tasks in one command, deleting that asks the same way for tasks and
/// projects, and `task edit` / `entries edit` in the person's own editor. The editor is a small shell script written
/// into the test's folder that rewrites the form with `sed`, so no terminal is needed; the prompts run on a
/// pseudo-terminal (`script`, as in TimerPickerTests).
@Suite("Working the way people do")
struct WorkingJourneyTests {
    /// An editor: a script that applies `sed` expressions to the form file and may append lines to it. The form
    /// files go to the test's own folder (TMPDIR), so a kept file is removed with it.
    private func editor(_ stint: Stint, _ name: String, sed expressions: [String], append: [String] = []) throws
        -> Stint
    {
        var lines = ["#!/bin/sh", "set -e"]
        if !expressions.isEmpty {
            lines.append("sed -i " + expressions.map { "-e '\($0)'" }.joined(separator: " ") + " \"$1\"")
        }
        for line in append { lines.append("printf '%s\\n' '\(line)' >> \"$1\"") }
        let script = try stint.file("\(name).sh", lines.joined(separator: "\n") + "\n")
        var edited = stint
        edited.extraEnvironment = ["EDITOR": "sh \(script.path)", "TMPDIR": stint.root.path]
        return edited
    }

    /// Runs `stint <arguments>` on a pseudo-terminal with `typed` as the keyboard; returns what the terminal showed.
    private func onTerminal(_ stint: Stint, _ arguments: String, typing typed: String) throws
        -> (status: Int32, screen: String)
    {
        try stint.onTerminal(arguments, typing: typed)
    }

    // MARK: Several tasks at once

    @Test("done, start and delete take several tasks: one line each, one undo, all or nothing")
    func severalTasks() async throws {
        try await Stint.withHome { stint in
            for title in ["Alpha", "Beta", "Gamma"] { try await stint.ok("task", "add", title) }
            let before = try await stint.export()

            // An unknown reference refuses the whole command and names it; nothing changed.
            expectFailure(try await stint.run("task", "done", "1", "7", "3"), 2, mentioning: ["'7'"])
            #expect(try await stint.export() == before)

            // A duplicate counts once.
            let done = try await stint.ok("task", "done", "1", "3", "#1")
            #expect(done.stdout == "Completed task 1 \"Alpha\"\nCompleted task 3 \"Gamma\"\n")
            // One task that cannot take the change refuses the whole command, naming that task.
            expectFailure(try await stint.run("task", "done", "2", "3"), 4, mentioning: ["task 3 \"Gamma\""])
            #expect(try await stint.json("task", "show", "2")["status"].string == "open")

            let undone = try await stint.ok("undo")
            #expect(undone.stdout == "Undid: completed tasks 1 and 3\n")
            #expect(try await stint.export() == before)

            let started = try await stint.json("task", "start", "2", "3")
            #expect(started.array.compactMap { $0["number"].int } == [2, 3], "several tasks in JSON: an array")
            try await stint.ok("undo")

            // Off a terminal nobody can say yes: a delete needs --force, and then goes as one change.
            expectFailure(try await stint.run("task", "delete", "1", "2"), 5, mentioning: ["--force", "2 tasks"])
            #expect(try await stint.export() == before)
            let deleted = try await stint.ok("task", "delete", "1", "2", "--force")
            #expect(deleted.stdout == "Deleted task 1 \"Alpha\"\nDeleted task 2 \"Beta\"\n")
            #expect(try await stint.json("task", "list", "--count")["count"].int == 1)
            #expect(try await stint.ok("undo").stdout == "Undid: deleted tasks 1 and 2\n")
            #expect(try await stint.export() == before)

            // Several tasks move together too.
            try await stint.ok("project", "add", "Home")
            let moved = try await stint.ok("task", "move", "2", "3", "--project", "Home")
            #expect(moved.stdoutLines == ["Moved task 2 \"Beta\" to Home", "Moved task 3 \"Gamma\" to Home"])
        }
    }

    // MARK: Deleting tasks and projects

    @Test("off a terminal, deleting a task or a project needs --force, and the refusal names the logged time")
    func deletingOffTerminal() async throws {
        try await Stint.withHome { stint in
            try await stint.ok("project", "add", "Garden")
            try await stint.ok("task", "add", "Dig", "--project", "Garden")
            try await stint.ok("log", "2h30m", "1", "--start", "07:00")
            let before = try await stint.export()

            let task = try await stint.run("task", "delete", "1")
            expectFailure(task, 5, mentioning: ["--force", "task 1 \"Dig\"", "2h 30m of logged time"])
            let project = try await stint.run("project", "delete", "Garden")
            expectFailure(project, 5, mentioning: ["--force", "project \"Garden\"", "2h 30m of logged time"])
            #expect(try await stint.export() == before)

            let forced = try await stint.ok("project", "delete", "Garden", "--force")
            #expect(forced.stdout == "Deleted project \"Garden\" with its 1 task and 2h 30m of logged time\n")
        }
    }

    @Test(
        "on a terminal both prompts name the logged time, and a no exits 0 saying nothing changed",
        .enabled(if: scriptPath != nil, "needs script(1) to provide a terminal"))
    func deletingOnTerminal() async throws {
        try await Stint.withHome { stint in
            try await stint.ok("project", "add", "Garden")
            try await stint.ok("task", "add", "Dig", "--project", "Garden")
            try await stint.ok("task", "add", "Rake", "--project", "Garden")
            try await stint.ok("log", "2h30m", "1", "--start", "07:00")
            let before = try await stint.export()

            let task = try onTerminal(stint, "task delete 1", typing: "n\n")
            #expect(task.status == 0, "\(task.screen)")
            #expect(task.screen.contains("Delete task 1 \"Dig\" and its 2h 30m of logged time? [y/N]"))
            #expect(task.screen.contains("Kept task 1 \"Dig\"; nothing was deleted."))

            let project = try onTerminal(stint, "project delete Garden", typing: "no\n")
            #expect(project.status == 0, "\(project.screen)")
            #expect(
                project.screen.contains("Delete project \"Garden\" with its 2 tasks and 2h 30m of logged time? [y/N]"))
            #expect(project.screen.contains("Kept project \"Garden\"; nothing was deleted."))

            let several = try onTerminal(stint, "task delete 1 2", typing: "\n")
            #expect(several.status == 0)
            #expect(several.screen.contains("1 \"Dig\" · 2h 30m logged"))
            #expect(several.screen.contains("Delete these 2 tasks and their 2h 30m of logged time? [y/N]"))
            #expect(several.screen.contains("Kept 2 tasks; nothing was deleted."))
            #expect(try await stint.export() == before)

            let yes = try onTerminal(stint, "task delete 1 2", typing: "y\n")
            #expect(yes.status == 0)
            #expect(try await stint.json("task", "list", "--count")["count"].int == 0)
            #expect(try await stint.ok("undo").stdout == "Undid: deleted tasks 1 and 2\n")
        }
    }

    // MARK: Editing in a form

    @Test("task edit without flags: the form round-trips, and the saved differences are one change")
    func editTaskInForm() async throws {
        try await Stint.withHome { stint in
            try await stint.ok("project", "add", "Work")
            try await stint.ok("project", "add", "Home")
            try await stint.ok("list", "add", "Backlog", "--project", "Work")
            try await stint.ok(
                "task", "add", "Write report", "--project", "Work", "--list", "Backlog", "--due", "tomorrow",
                "--tag", "writing", "--estimate", "1h30m", "--note", "Outline agreed")
            let before = try await stint.export()

            // An editor that only saves: the form reads back as it was, so nothing changes.
            let unchanged = try await editor(stint, "save", sed: []).run("task", "edit", "1")
            #expect(unchanged.status == 0)
            #expect(unchanged.stdout == "Nothing changed: task 1 \"Write report\" is as it was.\n")
            #expect(try await stint.export() == before)

            // The form shows every field and explains itself in # lines; the note is last.
            let shown = try stint.file("show.sh", "#!/bin/sh\ncp \"$1\" \"$(dirname \"$1\")/form-copy.txt\"\n")
            var showing = stint
            showing.extraEnvironment = ["EDITOR": "sh \(shown.path)", "TMPDIR": stint.root.path]
            try await showing.ok("task", "edit", "1")
            let form = try String(contentsOf: stint.root.appendingPathComponent("form-copy.txt"), encoding: .utf8)
            let fields = form.split(separator: "\n").filter { !$0.hasPrefix("#") }.map(String.init)
            #expect(
                fields == [
                    "title: Write report", "project: Work", "list: Backlog", "due: 2026-11-22", "priority:",
                    "tags: writing", "estimate: 1h30m", "note:", "Outline agreed",
                ])
            #expect(form.hasPrefix("# Task 1: "))

            // Several fields at once, a multi-line note: one change, one undo.
            let changing = try editor(
                stint, "change",
                sed: [
                    "s/^title: .*/title: Write the Q4 report/", "s/^project: .*/project: home/", "s/^due: .*/due: fri/",
                    "s/^priority:.*/priority: high/", "s/^tags: .*/tags: writing, q4/",
                ],
                append: ["Numbers from finance", "# kept: a line of the note, not a comment"])
            let edited = try await changing.ok("task", "edit", "1")
            #expect(
                edited.stdout == "Updated task 1 \"Write the Q4 report\": title, due, priority, tags, note, project\n")
            let task = try await stint.json("task", "show", "1")
            #expect(task["project_name"].string == "Home")
            #expect(task["list_name"].string == nil, "a new project takes the task out of its list")
            #expect(task["due"].string == "2026-11-27")
            #expect(task["priority"].string == "high")
            #expect(task["tags"].array.compactMap(\.string) == ["q4", "writing"])
            #expect(
                task["note"].string
                    == "Outline agreed\nNumbers from finance\n# kept: a line of the note, not a comment")
            #expect(try await stint.ok("undo").stdout == "Undid: edited task 1 \"Write report\"\n")
            #expect(try await stint.export() == before)

            // An emptied form changes nothing.
            let emptied = try await editor(stint, "empty", sed: ["d"]).run("task", "edit", "1")
            #expect(emptied.status == 0)
            #expect(emptied.stdout.hasPrefix("Nothing changed"))
            #expect(try await stint.export() == before)
        }
    }

    @Test("a form with a bad value changes nothing, names the field and keeps the text in a file")
    func badForm() async throws {
        try await Stint.withHome { stint in
            try await stint.ok("task", "add", "Write report")
            let before = try await stint.export()

            let badDate = try await editor(
                stint, "date", sed: ["s/^title: .*/title: Kept title/", "s/^due:.*/due: someday/"]
            ).run("task", "edit", "1")
            expectFailure(badDate, 4, mentioning: ["due:", "someday", "kept in"])
            let path = try #require(badDate.stderr.split(separator: " ").last.map { String($0.dropLast()) })
            let kept = try String(contentsOfFile: path, encoding: .utf8)
            #expect(kept.contains("title: Kept title") && kept.contains("due: someday"))
            #expect(path.hasPrefix(stint.root.path))

            let unknownProject = try await editor(stint, "project", sed: ["s/^project:.*/project: Nowhere/"])
                .run("task", "edit", "1")
            expectFailure(unknownProject, 2, mentioning: ["project", "Nowhere", "kept in"])

            let unknownField = try await editor(stint, "field", sed: ["1i colour: blue"]).run("task", "edit", "1")
            expectFailure(unknownField, 4, mentioning: ["colour", "kept in"])
            #expect(try await stint.export() == before)

            // The editor may be a command with arguments; one that fails changes nothing.
            var failing = stint
            failing.extraEnvironment = ["EDITOR": "sh -c 'exit 3' editor", "TMPDIR": stint.root.path]
            expectFailure(try await failing.run("task", "edit", "1"), 4, mentioning: ["editor", "exit status 3"])
            #expect(try await stint.export() == before)
        }
    }

    @Test("off a terminal with no editor named, task edit without flags still says which flags exist")
    func noEditorOffTerminal() async throws {
        try await Stint.withHome { stint in
            try await stint.ok("task", "add", "Write report")
            expectFailure(try await stint.run("task", "edit", "1"), 4, mentioning: ["--due", "--note", "EDITOR"])
        }
    }

    @Test("entries edit without flags: the entry's form, applied as the flags would be, one undo")
    func editEntryInForm() async throws {
        try await Stint.withHome { stint in
            try await stint.ok("project", "add", "Work")
            try await stint.ok("task", "add", "Write report", "--project", "Work")
            try await stint.ok("task", "add", "Buy milk")
            try await stint.ok("log", "1h30m", "1", "--start", "08:00", "--note", "draft")
            let id = try #require(try await stint.json("entries")[0]["id"].string)
            let reference = String(id.prefix(8))
            let before = try await stint.export()

            let unchanged = try await editor(stint, "save", sed: []).run("entries", "edit", reference)
            #expect(unchanged.stdout == "Nothing changed: entry \(reference) is as it was.\n")

            let changing = try editor(
                stint, "entry",
                sed: [
                    "s/^end: .*/end: 2026-11-21 09:45/", "s/^task: .*/task: 2/", "s/^billable:.*/billable: yes/",
                    "s/^tags:.*/tags: errand/",
                ])
            let edited = try await changing.ok("entries", "edit", reference)
            #expect(edited.stdout.hasPrefix("Updated entry \(reference)"))
            let entry = try await stint.json("entries")[0]
            #expect(entry["duration_seconds"].int == 6_300)
            #expect(entry["task_number"].int == 2)
            #expect(entry["billable"].bool == true)
            #expect(entry["tags"].array.compactMap(\.string) == ["errand"])
            #expect(entry["note"].string == "draft")
            try await stint.ok("undo")
            #expect(try await stint.export() == before)

            // A new start keeps the end; the end and the duration changed apart must agree.
            let moved = try await editor(stint, "start", sed: ["s/^start: .*/start: 2026-11-21 07:30/"])
                .ok("entries", "edit", reference)
            #expect(moved.stdout.hasPrefix("Updated entry"))
            #expect(try await stint.json("entries")[0]["duration_seconds"].int == 7_200)
            let disagree = try await editor(
                stint, "both", sed: ["s/^end: .*/end: 2026-11-21 09:00/", "s/^duration: .*/duration: 3h/"]
            ).run("entries", "edit", reference)
            expectFailure(disagree, 4, mentioning: ["end and duration", "kept in"])
        }
    }
}
