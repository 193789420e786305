import Foundation
import Testing

/// Issue 10, "working the way people do" with timers: starting work on an open task marks it in progress (one undo
/// takes back both), and `timer restart` picks up what was last worked on, like `watson restart`.
@Suite("Timer habits")
struct TimerHabitsJourneyTests {
    func status(_ stint: Stint, _ task: String) async throws -> String? {
        try await stint.json("task", "show", task)["status"].string
    }

    @Test("starting a timer on an open task marks it in progress; a done task stays done; undo reverts both")
    func startMarksInProgress() async throws {
        try await Stint.withHome { stint in
            try await stint.ok("task", "add", "Draft")
            try await stint.ok("task", "add", "Shipped")
            try await stint.ok("task", "done", "2")

            try await stint.ok("timer", "start", "1")
            #expect(try await status(stint, "1") == "in-progress")
            let undone = try await stint.ok("undo")
            #expect(undone.stdout.contains("started timer on task 1"), "\(undone)")
            #expect(try await status(stint, "1") == "open", "one undo takes back the timer and the status")
            #expect(try await stint.json("timer")["running"].isNull)

            try await stint.ok("timer", "start", "2")
            #expect(try await status(stint, "2") == "done")
            try await stint.ok("timer", "start", "1")
            #expect(try await status(stint, "1") == "in-progress")
        }
    }

    @Test("timer restart starts the task or project of the latest entry, billable if it was")
    func restart() async throws {
        try await Stint.withHome { home in
            let stint = home.at("2026-11-21T10:00:00Z")
            let nothing = try await stint.run("timer", "restart")
            #expect(nothing.status == 5)
            #expect(
                nothing.stderr
                    == "stint: nothing to restart: no time logged yet; start one with stint timer start TASK\n")

            try await stint.ok("task", "add", "Review")
            try await stint.ok("project", "add", "Admin")
            try await stint.ok("log", "30m", "--project", "Admin", "--start", "08:00")
            try await stint.ok("timer", "start", "1", "--billable", "--at", "09:00")
            try await stint.ok("timer", "stop")

            let restarted = try await stint.at("2026-11-21T11:00:00Z").ok("timer", "restart", "--note", "round two")
            #expect(restarted.stdout.hasPrefix("Started timer on 1 \"Review\" at 11:00"), "\(restarted)")
            let running = try await stint.at("2026-11-21T11:00:00Z").json("timer")["running"]
            #expect(running["task_title"].string == "Review")
            #expect(running["billable"].bool == true)
            #expect(running["note"].string == "round two")
        }
    }
}
