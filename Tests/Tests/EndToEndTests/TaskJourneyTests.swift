import Foundation
import Testing

@Suite("Tasks")
struct TaskJourneyTests {
    @Test("A task's life: add with every option, show, edit, done, reopen, start, move, note, delete")
    func taskLifecycle() async throws {
        try await Stint.withHome { stint in
            try await stint.ok("project", "add", "Work")
            try await stint.ok("project", "add", "Home")
            try await stint.ok("list", "add", "Backlog", "--project", "Work")

            let task = try await stint.json(
                "task", "add", "Write", "report", "--project", "work", "--list", "Backlog", "--due", "fri",
                "--priority", "high", "--tag", "Writing", "--tag", "#q4", "--estimate", "1h30m", "--note",
                "Start with the numbers")
            #expect(task["title"].string == "Write report")
            #expect(task["number"].int == 1)
            #expect(task["project_name"].string == "Work")
            #expect(task["list_name"].string == "Backlog")
            #expect(task["due"].string == "2026-11-27")  // the next Friday after Saturday the 21st
            #expect(task["priority"].string == "high")
            #expect(task["tags"].array.compactMap(\.string) == ["q4", "writing"])
            #expect(task["estimate_seconds"].int == 5_400)
            #expect(task["note"].string == "Start with the numbers")
            #expect(task["status"].string == "open")
            #expect(task["completed_at"].isNull)
            #expect(task["created_at"].string?.hasPrefix("2026-11-21T10:00:00") == true)
            #expect(
                task.keys == [
                    "id", "number", "title", "note", "status", "priority", "due", "tags", "estimate_seconds",
                    "project_id", "project_name", "list_id", "list_name", "completed_at", "created_at", "updated_at",
                    "logged_seconds", "assignee_id", "assignee_name", "parent", "after", "blocked", "subtasks",
                    "subtasks_logged_seconds", "repeat", "repeat_until", "unblocked", "next_occurrence",
                ])
            #expect(task["assignee_id"].isNull && task["assignee_name"].isNull)
            #expect(task["logged_seconds"].int == 0, "a new task has logged nothing yet")
            #expect(task["project_id"].string?.count == 36 && task["list_id"].string?.count == 36)

            let inbox = try await stint.ok("task", "add", "Buy milk", "-d", "tomorrow", "-P", "l", "-t", "+errand")
            #expect(inbox.stdout == "Added task 2 \"Buy milk\" to the inbox\n")
            let milk = try await stint.json("task", "show", "2")
            #expect(milk["due"].string == "2026-11-22")
            #expect(milk["priority"].string == "low")
            #expect(milk["tags"].array.compactMap(\.string) == ["errand"])
            #expect(milk["project_name"].isNull && milk["list_name"].isNull && milk["estimate_seconds"].isNull)

            let shown = try await stint.ok("task", "show", "1")
            #expect(shown.stdout.contains("Task 1: Write report"))
            #expect(shown.stdout.contains("Work"))
            #expect(shown.stdout.contains("1h 30m"))
            #expect(shown.stdout.contains("Start with the numbers"))

            let edited = try await stint.json(
                "task", "edit", "1", "--title", "Write the Q4 report", "--due", "+2d", "--priority", "medium",
                "--tag", "later", "--untag", "writing", "--estimate", "45m", "--note", "Replaced note")
            #expect(edited["title"].string == "Write the Q4 report")
            #expect(edited["due"].string == "2026-11-23")
            #expect(edited["priority"].string == "medium")
            #expect(edited["tags"].array.compactMap(\.string) == ["later", "q4"])
            #expect(edited["estimate_seconds"].int == 2_700)
            #expect(edited["note"].string == "Replaced note")
            #expect(edited["id"].string == task["id"].string)

            let cleared = try await stint.json("task", "edit", "1", "--no-due", "--no-estimate")
            #expect(cleared["due"].isNull)
            #expect(cleared["estimate_seconds"].isNull)
            #expect(cleared["title"].string == "Write the Q4 report")

            let unchanged = try await stint.export()
            expectFailure(try await stint.run("task", "edit", "1"), 4)
            #expect(try await stint.export() == unchanged)

            let done = try await stint.json("task", "done", "1")
            #expect(done["status"].string == "done")
            #expect(done["completed_at"].string?.hasPrefix("2026-11-21T10:00:00") == true)
            let afterDone = try await stint.export()
            expectFailure(try await stint.run("task", "done", "1"), 4)
            #expect(try await stint.export() == afterDone)

            let reopened = try await stint.json("task", "reopen", "1")
            #expect(reopened["status"].string == "open")
            #expect(reopened["completed_at"].isNull)

            let started = try await stint.ok("task", "start", "1")
            #expect(started.stdout == "Started task 1 \"Write the Q4 report\"\n")
            #expect(try await stint.json("task", "show", "1")["status"].string == "in-progress")

            let moved = try await stint.json("task", "move", "2", "--project", "Work", "--list", "backlog")
            #expect(moved["project_name"].string == "Work")
            #expect(moved["list_name"].string == "Backlog")
            let movedHome = try await stint.json("task", "move", "1", "--project", "home")
            #expect(movedHome["project_name"].string == "Home")
            #expect(movedHome["list_name"].isNull)
            let unmoved = try await stint.export()
            expectFailure(try await stint.run("task", "move", "1"), 4)
            expectFailure(try await stint.run("task", "move", "1", "--project", "Nowhere"), 2)
            #expect(try await stint.export() == unmoved)

            try await stint.ok("task", "note", "1", "Sent", "the", "draft", "to", "Ana")
            let noted = try await stint.json("task", "show", "1")
            let noteLines = (noted["note"].string ?? "").split(separator: "\n").map(String.init)
            #expect(noteLines.first == "Replaced note")
            #expect(noteLines.last == "2026-11-21 10:00  Sent the draft to Ana")

            // Off a terminal nobody can say yes: a delete takes --force (WorkingJourneyTests has the rest).
            let deleted = try await stint.ok("task", "delete", "2", "--force")
            #expect(deleted.stdout == "Deleted task 2 \"Buy milk\"\n")
            expectFailure(try await stint.run("task", "show", "2"), 2)
            #expect(try await stint.json("task", "list", "--status", "all").array.count == 1)

            // Numbers are never reused, even after a delete.
            #expect(try await stint.json("task", "add", "Another")["number"].int == 3)
        }
    }

    @Test("Listing: filters by project, list, status, tag, priority, due and text; sort, limit, count")
    func listFilters() async throws {
        try await Stint.withHome { stint in
            try await stint.ok("project", "add", "Work")
            try await stint.ok("project", "add", "Home")
            try await stint.ok("list", "add", "Backlog", "--project", "Work")
            try await stint.ok(
                "task", "add", "Write report", "--list", "Backlog", "--due", "fri", "-P", "high", "--tag", "writing",
                "--note", "draft first")
            try await stint.ok("task", "add", "Pay invoice", "--project", "Home", "--due", "yesterday", "-P", "medium")
            try await stint.ok("task", "add", "Buy milk", "--due", "today", "--tag", "errand")
            try await stint.ok("task", "add", "Plan sprint", "--project", "Work", "--due", "2026-12-15", "-P", "low")
            try await stint.ok(
                "task", "add", "Call plumber", "-p", "Home", "-d", "tomorrow", "-P", "high", "-t", "errand")
            try await stint.ok("task", "add", "Old chore", "--due", "2026-11-01")
            try await stint.ok("task", "done", "6")

            func listed(_ arguments: String...) async throws -> [String] {
                titles(try await stint.json(["task", "list"] + arguments))
            }

            // Default: active tasks, high priority first, then the earliest due date.
            #expect(
                try await listed() == ["Call plumber", "Write report", "Pay invoice", "Plan sprint", "Buy milk"])
            #expect(try await listed("--project", "WORK") == ["Write report", "Plan sprint"])
            #expect(try await listed("--list", "backlog") == ["Write report"])
            #expect(try await listed("--status", "done") == ["Old chore"])
            #expect(try await listed("--status", "all").count == 6)
            #expect(try await listed("--all").count == 6)
            #expect(try await listed("--tag", "errand") == ["Call plumber", "Buy milk"])
            #expect(try await listed("--priority", "high") == ["Call plumber", "Write report"])
            #expect(try await listed("--due", "today") == ["Buy milk"])
            #expect(try await listed("--due", "overdue") == ["Pay invoice"])
            // Monday 16th to Sunday 22nd November.
            #expect(Set(try await listed("--due", "week")) == ["Pay invoice", "Buy milk", "Call plumber"])
            #expect(Set(try await listed("--due-before", "2026-11-22")) == ["Pay invoice", "Buy milk"])
            #expect(try await listed("--due", "2026-12-15") == ["Plan sprint"])
            #expect(try await listed("--search", "INVOICE") == ["Pay invoice"])
            #expect(try await listed("--search", "draft") == ["Write report"])
            #expect(
                try await listed("--sort", "due") == [
                    "Pay invoice", "Buy milk", "Call plumber", "Write report", "Plan sprint",
                ])
            #expect(
                try await listed("--sort", "title") == [
                    "Buy milk", "Call plumber", "Pay invoice", "Plan sprint", "Write report",
                ])
            #expect(try await listed("--limit", "2") == ["Call plumber", "Write report"])
            #expect(try await listed("--project", "Home", "--tag", "errand") == ["Call plumber"])

            let tasks = try await stint.json("task", "list", "--sort", "number")
            #expect(tasks.array.compactMap { $0["number"].int } == [1, 2, 3, 4, 5])

            #expect(try await stint.ok("task", "list", "--count").stdout == "5\n")
            #expect(try await stint.json("task", "list", "--count")["count"].int == 5)
            #expect(try await stint.json("task", "list", "--due", "overdue", "--count")["count"].int == 1)
            #expect(try await stint.json("task", "list", "--tag", "nothing-like-this").array.isEmpty)

            let table = try await stint.ok("task", "list")
            #expect(table.stdout.contains("Write report"))
            #expect(table.stdout.contains("Work/Backlog"))
            #expect(!table.stdout.contains("\u{1B}["), "NO_COLOR and a pipe mean no escape codes")
            let empty = try await stint.ok("task", "list", "--tag", "nothing-like-this")
            #expect(empty.stdout.hasPrefix("No tasks match."))

            expectFailure(try await stint.run("task", "list", "--project", "Nowhere"), 2)
            expectFailure(try await stint.run("task", "list", "--status", "sleeping"), 4)
            expectFailure(try await stint.run("task", "list", "--sort", "colour"), 4)
            expectFailure(try await stint.run("task", "list", "--due", "someday"), 4)
        }
    }
}
