import Adapters
import Foundation
import Testing

/// Subtasks, dependencies and recurring tasks (ADR 0030) through the real command lines: `task add/edit` with
/// `--parent`, `--after`, `--repeat` and `--until`, `task list --blocked/--ready/--parent`, `task done [--force]`,
/// `task show`, `report --by task` and `undo`, over a real temporary database with the harness's pinned clock
/// (Saturday 2026-11-21 10:00 UTC).
@Suite("Task relation routes")
struct TaskRelationRouteTests {
    // MARK: - Helpers

    /// Every task, done ones included, as `task list --all --json` prints them: a refused command must leave
    /// this exactly as it was (no field, no `updated_at`, no new task).
    static func everything(_ stint: Harness) async -> String {
        let listed = await stint.run("task", "list", "--all", "--json")
        #expect(listed.status == 0 && listed.stdout.hasPrefix("["), "\(listed)")
        return listed.stdout
    }

    /// One task's JSON object (`task show N --json`).
    static func task(_ stint: Harness, _ reference: String) async throws -> [String: Any] {
        try #require(try await stint.json("task", "show", reference) as? [String: Any])
    }

    /// The numbers of the task links under `key` (`after`, `subtasks`, `unblocked`).
    static func numbers(_ object: [String: Any], _ key: String) -> [Int] {
        (object[key] as? [[String: Any]] ?? []).compactMap { $0["number"] as? Int }
    }

    /// A failure as a person sees it: the exit code, nothing on stdout, exactly one line on stderr, and no
    /// control character in it (whatever was typed).
    static func expectOneLineError(
        _ outcome: Outcome, _ exit: StintExit, sourceLocation: SourceLocation = #_sourceLocation
    ) {
        #expect(outcome.status == exit.rawValue, "\(outcome)", sourceLocation: sourceLocation)
        #expect(outcome.stdout == "", "\(outcome)", sourceLocation: sourceLocation)
        #expect(outcome.stderr.hasPrefix("stint: "), "\(outcome)", sourceLocation: sourceLocation)
        #expect(outcome.stderr.hasSuffix("\n"), "\(outcome)", sourceLocation: sourceLocation)
        #expect(outcome.stderr.filter { $0 == "\n" }.count == 1, "\(outcome)", sourceLocation: sourceLocation)
        let controls = outcome.stderr.dropLast().unicodeScalars.filter {
            $0.properties.generalCategory == .control
        }
        #expect(controls.isEmpty, "\(outcome)", sourceLocation: sourceLocation)
    }

    // MARK: - Dependencies

    @Test(
        "a blocked task is marked in the list and counted by --blocked and --ready until its last prerequisite is done")
    func dependencies() async throws {
        let stint = try Harness()
        try await stint.given([["task", "add", "Design"], ["task", "add", "Build"], ["task", "add", "Review"]])
        let added = await stint.run("task", "add", "Deploy", "--after", "1,2", "--after", "3")
        #expect(added.status == 0)
        #expect(added.stdout == "Added task 4 \"Deploy\" to the inbox\n")

        let list = await stint.run("task", "list")
        #expect(list.stdout.contains("Deploy (after 1, 2, 3)"), "\(list)")
        #expect(!list.stdout.contains("Design ("), "only the waiting task is marked")
        #expect(await stint.run("task", "list", "--blocked", "--count").stdout == "1\n")
        #expect(await stint.run("task", "list", "--ready", "--count").stdout == "3\n")
        let blocked = try #require(try await stint.json("task", "list", "--blocked") as? [[String: Any]])
        #expect(blocked.map { $0["number"] as? Int } == [4])

        let shown = await stint.run("task", "show", "4")
        #expect(shown.stdout.contains(#"After     1 "Design" (open), 2 "Build" (open), 3 "Review" (open)"#), "\(shown)")
        #expect(shown.stdout.contains("Blocked   yes, by 3 open tasks"), "\(shown)")

        // Not the first or second prerequisite: only the one that leaves it waiting on nothing unblocks it.
        #expect(await stint.run("task", "done", "1").stdout == "Completed task 1 \"Design\"\n")
        #expect(await stint.run("task", "list").stdout.contains("Deploy (after 2, 3)"))
        // A started prerequisite is not done: it still blocks.
        #expect(await stint.run("task", "start", "2").status == 0)
        #expect(await stint.run("task", "list", "--blocked", "--count").stdout == "1\n")
        #expect(await stint.run("task", "done", "2").stdout == "Completed task 2 \"Build\"\n")
        #expect(await stint.run("task", "show", "4").stdout.contains("Blocked   yes, by 1 open task"))
        let last = await stint.run("task", "done", "3")
        #expect(last.stdout == "Completed task 3 \"Review\"\nUnblocked task 4 \"Deploy\"\n")
        #expect(await stint.run("task", "list", "--blocked", "--count").stdout == "0\n")
        #expect(await stint.run("task", "list", "--ready", "--count").stdout == "1\n")
        #expect(await stint.run("task", "list").stdout.contains("Deploy (after") == false)
        #expect(await stint.run("task", "show", "4").stdout.contains("Blocked   no"))

        // Reopening a prerequisite blocks it again; --no-after drops every link.
        #expect(await stint.run("task", "reopen", "3").status == 0)
        #expect(await stint.run("task", "list", "--blocked", "--count").stdout == "1\n")
        let dropped = await stint.run("task", "edit", "4", "--no-after")
        #expect(dropped.stdout == "Updated task 4 \"Deploy\": after\n")
        #expect(Self.numbers(try await Self.task(stint, "4"), "after") == [])
        #expect(await stint.run("task", "list", "--blocked", "--count").stdout == "0\n")
    }

    @Test("one completion that unblocks a task for two reasons names it once, after every completed line")
    func unblockedOnce() async throws {
        let stint = try Harness()
        try await stint.given([
            ["task", "add", "A"], ["task", "add", "B"], ["task", "add", "Both", "--after", "1,2"],
            ["task", "add", "Only A", "--after", "1"],
        ])
        let done = await stint.run("task", "done", "1", "2")
        #expect(
            done.stdout
                == "Completed task 1 \"A\"\nCompleted task 2 \"B\"\nUnblocked task 3 \"Both\"\n"
                + "Unblocked task 4 \"Only A\"\n")
    }

    @Test("a loop of tasks waiting on each other is refused, named, and changes nothing")
    func dependencyLoop() async throws {
        let stint = try Harness()
        try await stint.given([
            ["task", "add", "A"], ["task", "add", "B", "--after", "1"], ["task", "add", "C", "--after", "2"],
        ])
        let before = await Self.everything(stint)
        let loop = await stint.run("task", "edit", "1", "--after", "3")
        Self.expectOneLineError(loop, .invalidInput)
        #expect(
            loop.stderr
                == "stint: that would make a loop of tasks waiting on each other (1 → 3 → 2 → 1): drop one of the links\n"
        )
        let short = await stint.run("task", "edit", "1", "--after", "2")
        #expect(
            short.stderr
                == "stint: that would make a loop of tasks waiting on each other (1 → 2 → 1): drop one of the links\n")
        #expect(await Self.everything(stint) == before)
        // No change was recorded either: the last change is still the one undo takes back.
        #expect(await stint.run("undo").stdout == "Undid: added task \"C\"\n")
    }

    @Test("a task cannot come after itself or be its own parent; an unknown task is not found")
    func selfLinksAndUnknownTasks() async throws {
        let stint = try Harness()
        try await stint.given([["task", "add", "A"], ["task", "add", "B", "--parent", "1"]])
        let before = await Self.everything(stint)

        let after = await stint.run("task", "edit", "1", "--after", "1")
        Self.expectOneLineError(after, .invalidInput)
        #expect(after.stderr == "stint: a task cannot come after itself: name another task\n")
        let parent = await stint.run("task", "edit", "1", "--parent", "1")
        Self.expectOneLineError(parent, .invalidInput)
        #expect(parent.stderr == "stint: a task cannot be its own parent: name another task\n")
        let subtaskLoop = await stint.run("task", "edit", "1", "--parent", "2")
        Self.expectOneLineError(subtaskLoop, .invalidInput)
        #expect(
            subtaskLoop.stderr == "stint: that would make a task its own subtask (1 → 2 → 1): choose another parent\n")

        for line in [
            ["task", "add", "X", "--after", "99"], ["task", "add", "X", "--after", "1,99"],
            ["task", "add", "X", "--parent", "99"], ["task", "edit", "1", "--after", "99"],
            ["task", "edit", "2", "--parent", "99"], ["task", "list", "--parent", "99"],
        ] {
            let missing = await stint.run(line)
            Self.expectOneLineError(missing, .notFound)
            #expect(missing.stderr == "stint: no task matches '99'\n", "\(missing)")
        }
        for value in ["", ",", " , "] {
            for line in [["task", "add", "X", "--after", value], ["task", "edit", "2", "--after", value]] {
                let empty = await stint.run(line)
                Self.expectOneLineError(empty, .invalidInput)
                #expect(empty.stderr == "stint: --after is empty: name the tasks this one comes after, such as 12\n")
            }
        }
        #expect(await Self.everything(stint) == before)
    }

    // MARK: - Subtasks

    @Test("a subtask lives where its parent does unless told otherwise, and the parent shows its progress")
    func subtaskPlacementAndProgress() async throws {
        let stint = try Harness()
        try await stint.given([
            ["project", "add", "Work"], ["list", "add", "Backlog", "--project", "Work"], ["project", "add", "Home"],
            ["task", "add", "Website", "--project", "Work", "--list", "Backlog"],
        ])
        #expect(
            await stint.run("task", "add", "Copy", "--parent", "1").stdout
                == "Added task 2 \"Copy\" to Work/Backlog\n")
        #expect(
            await stint.run("task", "add", "Images", "--parent", "1", "--project", "Home").stdout
                == "Added task 3 \"Images\" to Home\n")
        #expect(await stint.run("task", "add", "Loose").stdout == "Added task 4 \"Loose\" to the inbox\n")
        #expect(
            await stint.run("task", "add", "Part", "--parent", "4").stdout == "Added task 5 \"Part\" to the inbox\n")

        #expect(await stint.run("task", "list").stdout.contains("Website [0/2]"))
        #expect(await stint.run("task", "list", "--parent", "1", "--count").stdout == "2\n")
        let children = try #require(try await stint.json("task", "list", "--parent", "1") as? [[String: Any]])
        #expect(Set(children.compactMap { $0["number"] as? Int }) == [2, 3])

        #expect(await stint.run("task", "start", "3").status == 0)
        #expect(await stint.run("task", "done", "2").status == 0)
        let shown = await stint.run("task", "show", "1")
        #expect(shown.stdout.contains("  Subtasks  1 of 2 done\n"), "\(shown)")
        #expect(shown.stdout.contains("\nSubtasks\n  ✓ 2 Copy\n  ▸ 3 Images\n"), "\(shown)")
        #expect(await stint.run("task", "list").stdout.contains("Website [1/2]"))
        #expect(await stint.run("task", "show", "3").stdout.contains("  Parent    1 \"Website\"\n"))

        // --no-parent makes it top-level: the parent no longer counts it.
        #expect(await stint.run("task", "edit", "5", "--no-parent").stdout == "Updated task 5 \"Part\": parent\n")
        #expect(await stint.run("task", "list", "--parent", "4", "--count").stdout == "0\n")
        #expect(await stint.run("task", "list").stdout.contains("Loose [") == false)
    }

    @Test("a parent with open subtasks is completed only with --force, or with them in the same command")
    func completingParents() async throws {
        let stint = try Harness()
        try await stint.given([
            ["task", "add", "Website"], ["task", "add", "Copy", "--parent", "1"],
            ["task", "add", "Images", "--parent", "1"],
            ["task", "add", "Launch"], ["task", "add", "Slides", "--parent", "4"],
        ])
        let before = await Self.everything(stint)
        let refused = await stint.run("task", "done", "1")
        Self.expectOneLineError(refused, .conflict)
        #expect(refused.status == 5)
        #expect(
            refused.stderr
                == "stint: task 1 \"Website\" has 2 open subtasks (2, 3): complete them first, or pass --force to "
                + "complete the task anyway\n")
        // With one of them: still refused, and the one named is not completed either (all or nothing).
        let partly = await stint.run("task", "done", "2", "1")
        Self.expectOneLineError(partly, .conflict)
        #expect(
            partly.stderr
                == "stint: task 1 \"Website\" has an open subtask (3): complete it first, or pass --force to "
                + "complete the task anyway\n")
        #expect(await Self.everything(stint) == before)

        // All of them in one command, in any order: done.
        let together = await stint.run("task", "done", "1", "3", "2")
        #expect(together.status == 0, "\(together)")
        #expect(
            together.stdout
                == "Completed task 1 \"Website\"\nCompleted task 3 \"Images\"\nCompleted task 2 \"Copy\"\n")

        // --force completes the parent and leaves its subtask open.
        let forced = await stint.run("task", "done", "4", "--force")
        #expect(forced.status == 0, "\(forced)")
        #expect(forced.stdout == "Completed task 4 \"Launch\"\n")
        #expect(try await Self.task(stint, "5")["status"] as? String == "open")
        #expect(await stint.run("task", "show", "4").stdout.contains("  Subtasks   0 of 1 done\n"))
        // A completed subtask never stands in the way.
        #expect(await stint.run("task", "reopen", "1").status == 0)
        #expect(await stint.run("task", "done", "1").status == 0)
    }

    @Test("time on subtasks rolls up into the parent in show and in report --by task, and rows still add up")
    func timeRollUp() async throws {
        let stint = try Harness()
        try await stint.given([
            ["project", "add", "Work"], ["project", "add", "Other"],
            ["task", "add", "Website", "--project", "Work", "--estimate", "4h"],
            ["task", "add", "Copy", "--parent", "1"], ["task", "add", "Draft", "--parent", "2", "--project", "Other"],
            ["task", "add", "Solo"],
            ["log", "1h", "1", "--start", "06:00"], ["log", "30m", "2", "--start", "07:00"],
            ["log", "2h", "3", "--start", "07:30"], ["log", "15m", "4", "--start", "09:30"],
        ])
        let parent = await stint.run("task", "show", "1")
        #expect(
            parent.stdout.contains("3h 30m (1h 00m here, 2h 30m on subtasks) of 4h 00m estimate (87%)"), "\(parent)")
        #expect(await stint.run("task", "show", "2").stdout.contains("2h 30m (30m here, 2h 00m on subtasks)"))
        let leaf = await stint.run("task", "show", "3")
        #expect(leaf.stdout.contains("  Logged    2h 00m\n"), "\(leaf)")
        let json = try await Self.task(stint, "1")
        #expect(json["logged_seconds"] as? Int == 3_600)
        #expect(json["subtasks_logged_seconds"] as? Int == 9_000)
        #expect(try await Self.task(stint, "4")["subtasks_logged_seconds"] as? Int == 0)

        // By task, a subtask's time joins its highest ancestor in the same project: Draft is in Other, so its two
        // hours stay on its own row there instead of counting for Work on Website's.
        let table = await stint.run("report", "--by", "task")
        #expect(table.stdout.contains("1 Website (with subtasks)  Work     1h 30m"), "\(table)")
        #expect(table.stdout.contains("3 Draft                    Other    2h 00m"), "\(table)")
        #expect(table.stdout.contains("4 Solo "), "\(table)")
        let report = try #require(try await stint.json("report", "--by", "task") as? [String: Any])
        let rows = try #require(report["rows"] as? [[String: Any]])
        #expect(rows.map { $0["label"] as? String } == ["3 Draft", "1 Website (with subtasks)", "4 Solo"])
        #expect(rows.map { $0["seconds"] as? Int } == [7_200, 5_400, 900])
        #expect(rows.map { $0["project_name"] as? String } == ["Other", "Work", nil])
        #expect(rows.map { $0["entries"] as? Int } == [1, 2, 1])
        #expect(report["total_seconds"] as? Int == 13_500)
        // By project, each entry stays on its own task's project, and each project's rows by task add up to it.
        let projects = try #require(try await stint.json("report", "--by", "project") as? [String: Any])
        let projectRows = try #require(projects["rows"] as? [[String: Any]])
        #expect(projectRows.compactMap { $0["seconds"] as? Int }.reduce(0, +) == 13_500)
        for name in ["Work", "Other"] {
            let byProject = projectRows.first { $0["label"] as? String == name }?["seconds"] as? Int
            let byTask = rows.filter { $0["project_name"] as? String == name }.compactMap { $0["seconds"] as? Int }
            #expect(byProject == byTask.reduce(0, +), "\(name)")
        }
    }

    @Test("a subtask whose parent was deleted reads as top-level, in show and in report --by task")
    func deletedParent() async throws {
        let stint = try Harness()
        try await stint.given([
            ["project", "add", "Work"], ["project", "add", "Other"], ["task", "add", "Website", "--project", "Work"],
            ["task", "add", "Copy", "--parent", "1", "--project", "Other"], ["log", "1h", "2", "--start", "06:00"],
            ["task", "delete", "1", "--force"],
        ])
        let copy = try await Self.task(stint, "2")
        #expect(copy["parent"] is NSNull)
        #expect(await stint.run("task", "show", "2").stdout.contains("Parent") == false)
        let report = try #require(try await stint.json("report", "--by", "task") as? [String: Any])
        let rows = try #require(report["rows"] as? [[String: Any]])
        #expect(rows.map { $0["seconds"] as? Int } == [3_600])
        #expect(rows.first?["project_name"] as? String == "Other")
        #expect(rows.map { $0["label"] as? String } == ["2 Copy"])
        // An undo of the delete brings the tree back, and the roll-up with it.
        #expect(await stint.run("undo").status == 0)
        let restored = try #require(try await stint.json("report", "--by", "task") as? [String: Any])
        let restoredRows = try #require(restored["rows"] as? [[String: Any]])
        // Copy is in Other, Website in Work: the time stays on Copy's row.
        #expect(restoredRows.map { $0["label"] as? String } == ["2 Copy"])
        #expect(await stint.run("task", "show", "1").stdout.contains("1h 00m (0m here, 1h 00m on subtasks)"))
    }

    // MARK: - Recurring tasks

    @Test("completing a recurring task adds the next occurrence, counted from the series' first day")
    func nextOccurrences() async throws {
        let stint = try Harness()
        // Monthly from a 31st: the short months get their last day, and the series comes back to the 31st.
        try await stint.given([["task", "add", "Rent", "--due", "2027-01-31", "--repeat", "monthly"]])
        #expect(await stint.run("task", "list").stdout.contains("Rent ↻"))
        #expect(
            await stint.run("task", "done", "1").stdout
                == "Completed task 1 \"Rent\"\nNext: task 2 \"Rent\" (monthly)\n")
        var dues: [String?] = []
        for number in 2...4 {
            dues.append(try await Self.task(stint, "\(number)")["due"] as? String)
            #expect(
                await stint.run("task", "done", "\(number)").stdout.hasSuffix(
                    "Next: task \(number + 1) \"Rent\" (monthly)\n"))
        }
        dues.append(try await Self.task(stint, "5")["due"] as? String)
        #expect(dues == ["2027-02-28", "2027-03-31", "2027-04-30", "2027-05-31"])

        let rules: [(rule: String, due: String, next: String, text: String)] = [
            ("daily", "2026-11-21", "2026-11-22", "daily"),
            // Friday to Monday.
            ("weekdays", "2026-11-20", "2026-11-23", "weekdays"),
            ("weekly", "2026-11-21", "2026-11-28", "weekly"),
            ("every 2w", "2026-11-21", "2026-12-05", "every 2 weeks"),
            ("Every 3 Days", "2026-11-21", "2026-11-24", "every 3 days"),
            ("yearly", "2028-02-29", "2029-02-28", "yearly"),
        ]
        for (rule, due, next, text) in rules {
            let add = await stint.run("task", "add", rule, "--due", due, "--repeat", rule, "--json")
            let added = try #require(try JSONSerialization.jsonObject(with: Data(add.stdout.utf8)) as? [String: Any])
            let number = try #require(added["number"] as? Int)
            #expect(added["repeat"] as? String == text, "\(rule)")
            let done = try #require(try await stint.json("task", "done", "\(number)") as? [String: Any])
            let made = try #require(done["next_occurrence"] as? [String: Any], "\(rule)")
            let following = try await Self.task(stint, "\(try #require(made["number"] as? Int))")
            #expect(following["due"] as? String == next, "\(rule)")
            #expect(following["repeat"] as? String == text, "\(rule)")
            #expect(following["title"] as? String == rule)
        }
        // Without --due, a recurring task starts today.
        let today = try #require(
            try await stint.json("task", "add", "Standup", "--repeat", "weekdays") as? [String: Any])
        #expect(today["due"] as? String == "2026-11-21")
    }

    @Test("--until ends the series on its day; an occurrence on that day is still made")
    func untilEndsTheSeries() async throws {
        let stint = try Harness()
        try await stint.given([
            ["task", "add", "Water", "--due", "2026-11-21", "--repeat", "weekly", "--until", "2026-11-28"]
        ])
        #expect(await stint.run("task", "show", "1").stdout.contains("  Repeats   weekly until 2026-11-28\n"))
        #expect(
            await stint.run("task", "done", "1").stdout
                == "Completed task 1 \"Water\"\nNext: task 2 \"Water\" (weekly)\n")
        #expect(try await Self.task(stint, "2")["due"] as? String == "2026-11-28")
        #expect(await stint.run("task", "done", "2").stdout == "Completed task 2 \"Water\"\n")
        #expect(await stint.run("task", "list", "--count").stdout == "0\n")
        #expect(await stint.run("task", "list", "--all", "--count").stdout == "2\n")

        // A later --until keeps the series going from where it is; --no-until repeats for ever.
        try await stint.given([
            ["task", "add", "Plants", "--due", "2026-11-21", "--repeat", "weekly", "--until", "2026-11-21"]
        ])
        #expect(
            await stint.run("task", "edit", "3", "--until", "2026-12-31").stdout
                == "Updated task 3 \"Plants\": repeat\n")
        #expect(await stint.run("task", "done", "3").stdout.hasSuffix("Next: task 4 \"Plants\" (weekly)\n"))
        #expect(try await Self.task(stint, "4")["repeat_until"] as? String == "2026-12-31")
        #expect(await stint.run("task", "edit", "4", "--no-until").status == 0)
        #expect(try await Self.task(stint, "4")["repeat_until"] is NSNull)
    }

    @Test("a reopened occurrence completed again makes no second next one")
    func reopenDoesNotDuplicate() async throws {
        let stint = try Harness()
        try await stint.given([["task", "add", "Standup", "--repeat", "daily"], ["task", "done", "1"]])
        #expect(await stint.run("task", "list", "--all", "--count").stdout == "2\n")
        #expect(await stint.run("task", "reopen", "1").status == 0)
        let again = await stint.run("task", "done", "1")
        #expect(again.stdout == "Completed task 1 \"Standup\"\n")
        #expect(await stint.run("task", "list", "--all", "--count").stdout == "2\n")
        #expect(await stint.run("task", "list", "--count").stdout == "1\n")
    }

    @Test("two occurrences of one series completed together: only the one that made the next occurrence names it")
    func twoOccurrencesAtOnce() async throws {
        let stint = try Harness()
        try await stint.given([
            ["task", "add", "Water", "--repeat", "weekly"], ["task", "done", "1"], ["task", "reopen", "1"],
        ])
        let both = await stint.run("task", "done", "1", "2")
        #expect(both.status == 0)
        #expect(await stint.run("task", "list", "--all", "--count").stdout == "3\n")
        #expect(both.stdout.hasPrefix("Completed task 1 \"Water\"\nCompleted task 2 \"Water\"\nNext: task 3 \"Water\""))
        #expect(
            both.stdout == "Completed task 1 \"Water\"\nCompleted task 2 \"Water\"\nNext: task 3 \"Water\" (weekly)\n")
    }

    @Test("an occurrence moved before its series' first day still has a next one when completed")
    func movedBeforeTheSeriesStart() async throws {
        let stint = try Harness()
        // The first occurrence moved earlier: the series' first day is its own, so the next is a week after.
        try await stint.given([
            ["task", "add", "Pay", "--repeat", "weekly", "--due", "2026-12-01"],
            ["task", "edit", "1", "--due", "2026-11-25"],
        ])
        #expect(
            await stint.run("task", "done", "1").stdout == "Completed task 1 \"Pay\"\nNext: task 2 \"Pay\" (weekly)\n")
        #expect(try await Self.task(stint, "2")["due"] as? String == "2026-12-08")

        // A later occurrence moved before the series' first day: that day is the first task's, completed already.
        try await stint.given([
            ["task", "add", "Rent", "--repeat", "monthly", "--due", "2026-12-01"], ["task", "done", "3"],
            ["task", "edit", "4", "--due", "2026-11-30"],
        ])
        let done = await stint.run("task", "done", "4")
        #expect(done.status == 0)
        #expect(done.stdout.hasPrefix("Completed task 4 \"Rent\"\n"))
        let count = await stint.run("task", "list", "--all", "--count").stdout
        #expect(done.stdout.hasSuffix("Next: task 5 \"Rent\" (monthly)\n"))
        #expect(count == "5\n")
    }

    @Test("one undo takes back the completion and the occurrence it made; the next completion makes it again")
    func undoCompletion() async throws {
        let stint = try Harness()
        try await stint.given([["task", "add", "Review", "--due", "2026-11-20", "--repeat", "weekly"]])
        let first = try #require(try await stint.json("task", "done", "1") as? [String: Any])
        let made = try #require(first["next_occurrence"] as? [String: Any])
        #expect(made["number"] as? Int == 2)
        #expect(made["status"] as? String == "open")
        let id = try #require(made["id"] as? String)

        #expect(await stint.run("undo").stdout == "Undid: completed task 1 \"Review\"\n")
        #expect(await stint.run("task", "list", "--all", "--count").stdout == "1\n")
        #expect(try await Self.task(stint, "1")["status"] as? String == "open")
        Self.expectOneLineError(await stint.run("task", "show", "2"), .notFound)

        let again = await stint.run("task", "done", "1")
        #expect(again.stdout == "Completed task 1 \"Review\"\nNext: task 2 \"Review\" (weekly)\n")
        let back = try await Self.task(stint, "2")
        #expect(back["id"] as? String == id)
        #expect(back["due"] as? String == "2026-11-27")
    }

    @Test("--no-repeat makes a one-off task: completing it makes nothing")
    func noRepeat() async throws {
        let stint = try Harness()
        try await stint.given([
            ["task", "add", "Report", "--repeat", "weekly", "--until", "2027-01-01"], ["task", "done", "1"],
        ])
        #expect(await stint.run("task", "edit", "2", "--no-repeat").stdout == "Updated task 2 \"Report\": repeat\n")
        let oneOff = try await Self.task(stint, "2")
        #expect(oneOff["repeat"] is NSNull)
        #expect(oneOff["repeat_until"] is NSNull)
        #expect(oneOff["due"] as? String == "2026-11-28")
        #expect(await stint.run("task", "list").stdout.contains("↻") == false)
        #expect(await stint.run("task", "done", "2").stdout == "Completed task 2 \"Report\"\n")
        #expect(await stint.run("task", "list", "--all", "--count").stdout == "2\n")
        // --repeat on a task without a due day gives it today, and the series counts from there.
        try await stint.given([["task", "add", "Plain"]])
        #expect(await stint.run("task", "edit", "3", "--repeat", "every 2 days").status == 0)
        let plain = try await Self.task(stint, "3")
        #expect(plain["due"] as? String == "2026-11-21")
        #expect(plain["repeat"] as? String == "every 2 days")
    }

    // MARK: - JSON

    @Test("task JSON carries every relation key with the right values, and a completion says what it led to")
    func jsonKeys() async throws {
        let stint = try Harness()
        try await stint.given([
            ["project", "add", "Work"], ["task", "add", "Website", "--project", "Work"], ["task", "add", "Design"],
            [
                "task", "add", "Copy", "--parent", "1", "--after", "2", "--due", "2026-11-23", "--repeat",
                "every 2 weeks",
                "--until", "2026-12-31",
            ],
        ])
        let keys: Set<String> = [
            "parent", "after", "blocked", "subtasks", "subtasks_logged_seconds", "repeat", "repeat_until", "unblocked",
            "next_occurrence",
        ]
        let website = try await Self.task(stint, "1")
        let design = try await Self.task(stint, "2")
        let copy = try await Self.task(stint, "3")
        for object in [website, design, copy] { #expect(keys.isSubset(of: Set(object.keys))) }

        let parent = try #require(copy["parent"] as? [String: Any])
        #expect(parent["id"] as? String == website["id"] as? String)
        #expect(parent["number"] as? Int == 1)
        #expect(parent["title"] as? String == "Website")
        #expect(parent["status"] as? String == "open")
        #expect(Set(parent.keys) == ["id", "number", "title", "status"])
        let after = try #require(copy["after"] as? [[String: Any]])
        #expect(after.map { $0["number"] as? Int } == [2])
        #expect(after.first?["status"] as? String == "open")
        #expect(copy["blocked"] as? Bool == true)
        #expect(copy["subtasks"] as? [Any] != nil && Self.numbers(copy, "subtasks") == [])
        #expect(copy["subtasks_logged_seconds"] as? Int == 0)
        #expect(copy["repeat"] as? String == "every 2 weeks")
        #expect(copy["repeat_until"] as? String == "2026-12-31")
        #expect(copy["project_name"] as? String == "Work")
        #expect(copy["unblocked"] as? [Any] != nil && Self.numbers(copy, "unblocked") == [])
        #expect(copy["next_occurrence"] is NSNull)

        #expect(website["parent"] is NSNull)
        #expect(Self.numbers(website, "subtasks") == [3])
        #expect(website["blocked"] as? Bool == false)
        #expect(website["repeat"] is NSNull)
        #expect(website["repeat_until"] is NSNull)

        let unblocking = try #require(try await stint.json("task", "done", "2") as? [String: Any])
        #expect(Self.numbers(unblocking, "unblocked") == [3])
        #expect((unblocking["unblocked"] as? [[String: Any]])?.first?["title"] as? String == "Copy")
        #expect(unblocking["next_occurrence"] is NSNull)
        #expect(try await Self.task(stint, "3")["blocked"] as? Bool == false)

        let completing = try #require(try await stint.json("task", "done", "3") as? [String: Any])
        let next = try #require(completing["next_occurrence"] as? [String: Any])
        #expect(next["number"] as? Int == 4)
        #expect(next["title"] as? String == "Copy")
        #expect(next["status"] as? String == "open")
        // The occurrence keeps the parent, the place and the series, not the prerequisites.
        let occurrence = try await Self.task(stint, "4")
        #expect(occurrence["due"] as? String == "2026-12-07")
        #expect((occurrence["parent"] as? [String: Any])?["number"] as? Int == 1)
        #expect(occurrence["repeat"] as? String == "every 2 weeks")
        #expect(occurrence["repeat_until"] as? String == "2026-12-31")
        #expect(occurrence["project_name"] as? String == "Work")
        #expect(Self.numbers(occurrence, "after") == [])
        // Listing is the same shape as show.
        let listed = try #require(try await stint.json("task", "list", "--all") as? [[String: Any]])
        for object in listed { #expect(keys.isSubset(of: Set(object.keys))) }
        // A store without any link still says 0 seconds on subtasks, as it says 0 logged.
        let empty = try Harness()
        try await empty.given([["task", "add", "Alone"]])
        let alone = try await Self.task(empty, "1")
        #expect(alone["subtasks_logged_seconds"] as? Int == 0)
        #expect(alone["blocked"] as? Bool == false)
    }

    @Test("stint export, then stint import on another device, keeps the tree, the links and the series")
    func exportAndImport() async throws {
        let stint = try Harness()
        try await stint.given([
            ["project", "add", "Work"], ["task", "add", "Website", "--project", "Work"], ["task", "add", "Design"],
            ["task", "add", "Copy", "--parent", "1", "--after", "2"],
            ["task", "add", "Water", "--due", "2026-11-20", "--repeat", "every 2w", "--until", "2027-06-30"],
            ["task", "done", "4"],
        ])
        let exported = await stint.run("export")
        #expect(exported.status == 0)
        let file = stint.root.appendingPathComponent("backup.json")
        try Data(exported.stdout.utf8).write(to: file)

        let other = try Harness()
        let imported = await other.run("import", file.path)
        #expect(imported.status == 0, "\(imported)")
        /// Each task by title (the open one for Water), with its links by title: what a person would compare.
        func view(_ harness: Harness) async throws -> [String: String] {
            let all = try #require(try await harness.json("task", "list", "--all") as? [[String: Any]])
            var result: [String: String] = [:]
            for task in all where task["status"] as? String != "done" {
                let title = task["title"] as? String ?? ""
                let parent = (task["parent"] as? [String: Any])?["title"] as? String ?? "-"
                let after = (task["after"] as? [[String: Any]] ?? []).compactMap { $0["title"] as? String }
                let subtasks = (task["subtasks"] as? [[String: Any]] ?? []).compactMap { $0["title"] as? String }
                result[title] = [
                    parent, after.joined(separator: ","), subtasks.joined(separator: ","),
                    "\(task["blocked"] as? Bool ?? false)", task["repeat"] as? String ?? "-",
                    task["repeat_until"] as? String ?? "-", task["due"] as? String ?? "-",
                    task["project_name"] as? String ?? "-",
                ].joined(separator: " | ")
            }
            return result
        }
        let here = try await view(stint)
        #expect(here["Copy"] == "Website | Design |  | true | - | - | - | Work")
        #expect(here["Water"] == "- |  |  | false | every 2 weeks | 2027-06-30 | 2026-12-04 | -")
        #expect(try await view(other) == here)
        // The series goes on in the other store as it would here: the next occurrence is due 2026-12-18.
        let water = try #require(
            (try await other.json("task", "list", "--search", "Water") as? [[String: Any]])?.first?["number"] as? Int)
        let done = try #require(try await other.json("task", "done", "\(water)") as? [String: Any])
        let next = try #require((done["next_occurrence"] as? [String: Any])?["number"] as? Int)
        #expect(try await Self.task(other, "\(next)")["due"] as? String == "2026-12-18")
    }

    // MARK: - Hostile input

    /// A command line that must fail with one clear line and save nothing.
    struct Hostile: Sendable, CustomTestStringConvertible {
        let label: String
        let arguments: [String]
        let exit: StintExit
        /// The whole of stderr when it is worth pinning; nil checks only the shape.
        let stderr: String?

        var testDescription: String { label }
    }

    static let hostile: [Hostile] = [
        Hostile(
            label: "every 0 days", arguments: ["task", "add", "X", "--repeat", "every 0 days"], exit: .invalidInput,
            stderr: "stint: 'every 0 days' repeats too rarely or never: use every 1 to 999 days, weeks, …\n"),
        Hostile(
            label: "every 1000 days", arguments: ["task", "add", "X", "--repeat", "every 1000 days"],
            exit: .invalidInput,
            stderr: "stint: 'every 1000 days' repeats too rarely or never: use every 1 to 999 days, weeks, …\n"),
        Hostile(
            label: "a count past Int.max",
            arguments: ["task", "add", "X", "--repeat", "every 99999999999999999999999 days"], exit: .invalidInput,
            stderr: nil),
        Hostile(
            label: "a 10,000-character rule",
            arguments: ["task", "add", "X", "--repeat", String(repeating: "x", count: 10_000)], exit: .invalidInput,
            stderr: nil),
        Hostile(
            label: "a rule that is not one", arguments: ["task", "add", "X", "--repeat", "fortnightlyish"],
            exit: .invalidInput,
            stderr:
                "stint: could not read 'fortnightlyish' as a repeat rule: use daily, weekdays, weekly, monthly, yearly "
                + "or every 2w (every 3 days, …)\n"),
        Hostile(
            label: "an empty rule", arguments: ["task", "add", "X", "--repeat", ""], exit: .invalidInput, stderr: nil),
        Hostile(
            label: "every 2 weekdays", arguments: ["task", "add", "X", "--repeat", "every 2 weekdays"],
            exit: .invalidInput, stderr: nil),
        Hostile(
            label: "escape sequences in the rule", arguments: ["task", "add", "X", "--repeat", "week\u{1B}[2Jly"],
            exit: .invalidInput, stderr: nil),
        Hostile(
            label: "a newline after the rule", arguments: ["task", "add", "X", "--repeat", "daily\nrm -rf"],
            exit: .invalidInput, stderr: nil),
        Hostile(
            label: "a bell in a prerequisite", arguments: ["task", "add", "X", "--after", "1\u{7}"], exit: .notFound,
            stderr: nil),
        Hostile(
            label: "an escape in a parent", arguments: ["task", "add", "X", "--parent", "\u{1B}[31m1"], exit: .notFound,
            stderr: nil),
        Hostile(
            label: "control characters in --until",
            arguments: ["task", "add", "X", "--repeat", "weekly", "--until", "2026-12-01\u{1B}[2J"],
            exit: .invalidInput,
            stderr: nil),
        Hostile(
            label: "--until without --repeat", arguments: ["task", "add", "X", "--until", "2026-12-01"],
            exit: .invalidInput, stderr: "stint: --until 2026-12-01 needs --repeat: only a recurring task has an end\n"),
        Hostile(
            label: "--until before --due",
            arguments: ["task", "add", "X", "--repeat", "weekly", "--due", "2026-12-01", "--until", "2026-11-30"],
            exit: .invalidInput,
            stderr:
                "stint: --until 2026-11-30 is before the task's due day 2026-12-01: no occurrence could come\n"),
        Hostile(
            label: "--until before today, the default due day",
            arguments: ["task", "add", "X", "--repeat", "daily", "--until", "2026-11-20"], exit: .invalidInput,
            stderr:
                "stint: --until 2026-11-20 is before the task's due day 2026-11-21: no occurrence could come\n"),
        Hostile(
            label: "edit: --until on a one-off task", arguments: ["task", "edit", "1", "--until", "2026-12-01"],
            exit: .invalidInput, stderr: "stint: task 1 does not repeat: give --repeat with --until\n"),
        Hostile(
            label: "edit: --until before the due day",
            arguments: ["task", "edit", "1", "--repeat", "weekly", "--until", "2026-11-01"], exit: .invalidInput,
            stderr:
                "stint: --until 2026-11-01 is before the task's due day 2026-11-21: no occurrence could come\n"),
        Hostile(
            label: "edit: a bad rule", arguments: ["task", "edit", "1", "--repeat", "every 0 weeks"],
            exit: .invalidInput, stderr: nil),
        Hostile(
            label: "edit: --no-repeat with --until",
            arguments: ["task", "edit", "1", "--no-repeat", "--until", "2026-12-01"], exit: .usage, stderr: nil),
        Hostile(
            label: "edit: --parent with --no-parent", arguments: ["task", "edit", "1", "--parent", "1", "--no-parent"],
            exit: .usage, stderr: nil),
        Hostile(
            label: "list: --blocked with --ready", arguments: ["task", "list", "--blocked", "--ready"], exit: .usage,
            stderr: nil),
    ]

    @Test("hostile input gives one clear line, a non-zero exit and saves nothing", arguments: hostile)
    func hostileInput(_ hostile: Hostile) async throws {
        let stint = try Harness()
        try await stint.given([["task", "add", "First"]])
        let before = await Self.everything(stint)
        let outcome = await stint.run(hostile.arguments)
        if hostile.exit == .usage {
            // The parser words usage errors (and adds a help line); only the code and "nothing saved" are ours.
            #expect(outcome.status == StintExit.usage.rawValue, "\(outcome)")
        } else {
            Self.expectOneLineError(outcome, hostile.exit)
            #expect(outcome.stderr.count < 300, "\(outcome.stderr.count) characters")
        }
        if let stderr = hostile.stderr { #expect(outcome.stderr == stderr) }
        #expect(await Self.everything(stint) == before)
    }

    @Test("a task comes after at most 100 tasks, whether they are typed at once or added later")
    func prerequisiteLimit() async throws {
        let stint = try Harness()
        try await stint.given((1...101).map { ["task", "add", "T\($0)"] })
        let before = await Self.everything(stint)
        let all = (1...101).map(String.init)
        let message =
            "stint: a task can come after at most 100 tasks (this one would come after 101): name fewer\n"
        let commas = await stint.run("task", "add", "Z", "--after", all.joined(separator: ","))
        Self.expectOneLineError(commas, .invalidInput)
        #expect(commas.stderr == message)
        let repeated = await stint.run(["task", "add", "Z"] + all.flatMap { ["--after", $0] })
        #expect(repeated.stderr == message)
        #expect(await Self.everything(stint) == before)

        // 100 is allowed, and one more by edit is refused with nothing changed.
        let hundred = try #require(
            try await stint.json("task", "add", "Z", "--after", all.dropLast().joined(separator: ",")) as? [String: Any]
        )
        #expect(Self.numbers(hundred, "after") == Array(1...100))
        #expect(hundred["blocked"] as? Bool == true)
        let full = await Self.everything(stint)
        let more = await stint.run("task", "edit", "102", "--after", "101")
        Self.expectOneLineError(more, .invalidInput)
        #expect(more.stderr == message)
        #expect(await Self.everything(stint) == full)
        // The same task named twice counts once.
        #expect(await stint.run("task", "edit", "102", "--after", "100,1").status == 0)
    }
}
