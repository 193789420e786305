import Foundation
import Testing

@Suite("Dashboard")
struct DashboardTests {
    @Test("`stint` alone shows overdue, due-today and in-progress tasks and the open count")
    func dashboard() async throws {
        try await Stint.withHome { stint in
            let empty = try await stint.ok()
            #expect(empty.stdout.contains("Nothing overdue, due today or in progress"))
            #expect(empty.stdout.contains("0 open tasks"))

            try await stint.ok("project", "add", "Work")
            try await stint.ok("task", "add", "Pay invoice", "--due", "yesterday", "--project", "Work")
            try await stint.ok("task", "add", "Buy milk", "--due", "today")
            try await stint.ok("task", "add", "Refactor parser", "--project", "Work")
            try await stint.ok("task", "start", "3")
            try await stint.ok("task", "add", "Someday maybe", "--due", "+2w")
            try await stint.ok("task", "add", "Filed taxes", "--due", "2026-11-01")
            try await stint.ok("task", "done", "5")

            let screen = try await stint.ok()
            #expect(screen.stdout.contains("Overdue (1)"))
            #expect(screen.stdout.contains("Due today (1)"))
            #expect(screen.stdout.contains("In progress (1)"))
            for title in ["Pay invoice", "Buy milk", "Refactor parser"] {
                #expect(screen.stdout.contains(title), "dashboard should list \(title):\n\(screen)")
            }
            #expect(!screen.stdout.contains("Someday maybe"))
            #expect(!screen.stdout.contains("Filed taxes"))
            #expect(screen.stdout.contains("4 open tasks"))
            #expect(!screen.stdout.contains("\u{1B}["))
            let overdue = try #require(screen.stdout.range(of: "Overdue"))
            let today = try #require(screen.stdout.range(of: "Due today"))
            let started = try #require(screen.stdout.range(of: "In progress"))
            #expect(overdue.lowerBound < today.lowerBound && today.lowerBound < started.lowerBound)

            #expect(try await stint.ok("dashboard").stdout == screen.stdout)

            let json = try await stint.json("dashboard")
            #expect(
                json.keys == [
                    "overdue", "due_today", "in_progress", "open_count", "overdue_count", "due_today_count",
                    "in_progress_count", "time",
                ])
            #expect(json["overdue_count"].int == 1 && json["in_progress_count"].int == 1)
            #expect(titles(json["overdue"]) == ["Pay invoice"])
            #expect(titles(json["due_today"]) == ["Buy milk"])
            #expect(titles(json["in_progress"]) == ["Refactor parser"])
            #expect(json["open_count"].int == 4)
            #expect(json["overdue"][0]["due"].string == "2026-11-20")
        }
    }
}
