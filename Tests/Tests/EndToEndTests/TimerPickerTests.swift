import Foundation
import Testing

/// `script` (util-linux) runs a command on a pseudo-terminal: the one way to drive the interactive path.

@Suite("Picking a task for a timer on a terminal")
struct TimerPickerTests {
    /// Runs `stint timer start` on a pseudo-terminal with `typed` as the keyboard; returns what the terminal showed.
    private func startOnTerminal(_ stint: Stint, typing typed: String) throws -> (status: Int32, screen: String) {
        try stint.onTerminal("timer start", typing: typed)
    }

    @Test(
        "without a task, a terminal gets the Tasks feature's picker and the chosen task is timed",
        .enabled(if: scriptPath != nil, "needs script(1) to provide a terminal"))
    func pickOnTerminal() async throws {
        try await Stint.withHome { stint in
            try await stint.ok("task", "add", "Write report")
            try await stint.ok("task", "add", "Email Ana")

            let picked = try startOnTerminal(stint, typing: "email\n")
            #expect(picked.status == 0)
            #expect(picked.screen.contains("Task number, or words to search"))
            #expect(picked.screen.contains("Started timer on 2 \"Email Ana\""))
            let timers = try await stint.json("timer", "list")
            #expect(timers.array.count == 1)
            #expect(timers.array.first?["task_number"].int == 2)

            let cancelled = try startOnTerminal(stint, typing: "\n")
            #expect(cancelled.status == 0)
            #expect(cancelled.screen.contains("No timer started."))
            #expect(try await stint.json("timer", "list").array.count == 1)
        }
    }

    @Test("off a terminal nobody can pick: exit 4 and a line saying to name a task")
    func offTerminal() async throws {
        try await Stint.withHome { stint in
            try await stint.ok("task", "add", "Write report")
            let result = try await stint.run("timer", "start")
            expectFailure(result, 4, mentioning: ["stint timer start TASK"])
            #expect(try await stint.json("timer", "list").array.isEmpty)
        }
    }
}
