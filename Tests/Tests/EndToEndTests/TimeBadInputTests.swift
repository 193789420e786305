import Foundation
import Testing

@Suite("Bad time input")
struct TimeBadInputTests {
    @Test("Bad durations, times of day, dates and report options -> exit 4, one line, nothing changed")
    func invalidValues() async throws {
        try await Stint.withHome { stint in
            try await stint.ok("task", "add", "Existing")
            try await stint.ok("log", "30m", "1", "--start", "08:00")
            let before = try await stint.export()

            let rejected: [([String], [String])] = [
                (["log", "--", "-5m", "1"], ["negative"]),
                (["log", "0m", "1"], ["zero"]),
                (["log", "1001h", "1", "--force"], []),
                (["log", "ninety", "1"], []),
                (["log", "1h", "1", "--start", "25:00"], ["25:00"]),
                (["log", "1h", "1", "--start", "9h"], []),
                (["log", "1h", "1", "--date", "tomorrow"], ["future"]),
                (["log", "1h", "1", "--date", "2026-02-30"], []),
                (["timer", "start", "1", "--at", "in 5 min"], ["in 5 min"]),
                (["timer", "start", "1", "--at", "10:02"], ["future"]),
                (["timer", "start", "1", "--at", "2026-11-21T10:02:00Z"], ["future"]),
                (["report", "--since", "2026-11-22", "--until", "2026-11-21"], ["--since"]),
                (["report", "--by", "month"], ["month"]),
                (["report", "--format", "xml"], ["xml"]),
                (["entries", "--since", "someday"], []),
            ]
            for (arguments, words) in rejected {
                expectFailure(try await stint.run(arguments), 4, mentioning: words)
            }
            // Over a day without --force is not a typo but a rule that asks for a decision: exit 5.
            expectFailure(try await stint.run("log", "25h", "1"), 5, mentioning: ["24h", "--force"])
            #expect(try await stint.export() == before)
        }
    }

    @Test("log -5m: the negative duration reaches the duration rule (exit 4); a stray option is still 64")
    func negativeDurationAsFlag() async throws {
        try await Stint.withHome { stint in
            try await stint.ok("task", "add", "Existing")
            let before = try await stint.export()
            expectFailure(try await stint.run("log", "-5m", "1"), 4, mentioning: ["negative"])
            expectFailure(try await stint.run("log", "5m", "1", "--nope"), 64, mentioning: ["--nope"])
            expectFailure(try await stint.run("log"), 64, mentioning: ["duration"])
            #expect(try await stint.export() == before)
        }
    }

    @Test("More than 24 hours needs --force, and with it the entry is kept whole")
    func forceLongEntry() async throws {
        try await Stint.withHome { stint in
            try await stint.ok("task", "add", "Marathon")
            let forced = try await stint.ok("log", "25h", "1", "--force")
            #expect(forced.stdout.hasPrefix("Logged 25h 00m on 1 \"Marathon\" on 2026-11-20 09:00–10:00 (+1d) (entry "))
            let entries = try await stint.json("entries", "--all")
            #expect(entries.durations == [90_000])
            #expect(entries[0]["end"].string == "2026-11-21T10:00:00Z")
        }
    }

    @Test("Timer instants: a minute ahead is tolerated, two are not; stop or pause before the start is refused")
    func timerInstants() async throws {
        try await Stint.withHome { stint in
            try await stint.ok("task", "add", "A")
            try await stint.ok("task", "add", "B")
            try await stint.at(Clock.today("09:00")).ok("timer", "start", "1")
            let before = try await stint.export()

            expectFailure(try await stint.run("timer", "start", "2", "--at", "10:02"), 4, mentioning: ["future"])
            expectFailure(try await stint.run("timer", "stop", "--at", "08:30"), 4, mentioning: ["before"])
            expectFailure(try await stint.run("timer", "pause", "--at", "yesterday 23:00"), 4, mentioning: ["before"])
            expectFailure(try await stint.run("timer", "stop", "--at", "11:00"), 4, mentioning: ["future"])
            #expect(try await stint.export() == before)

            // Within the one-minute tolerance it is accepted.
            let tolerated = try await stint.ok("timer", "stop", "--at", "10:01")
            #expect(tolerated.stdout.hasPrefix("Stopped timer on 1 \"A\": logged 1h 01m"), "\(tolerated)")
        }
    }

    @Test("Nothing to pause, resume, stop or discard -> exit 5; unknown entry, task, timer, project -> exit 2")
    func conflictsAndNotFound() async throws {
        try await Stint.withHome { stint in
            try await stint.ok("project", "add", "Work")
            try await stint.ok("task", "add", "A")
            try await stint.ok("log", "30m", "1")
            let before = try await stint.export()

            expectFailure(try await stint.run("timer", "pause"), 5, mentioning: ["no timer"])
            expectFailure(try await stint.run("timer", "resume"), 5)
            expectFailure(try await stint.run("timer", "stop"), 5)
            expectFailure(try await stint.run("timer", "discard"), 5)

            expectFailure(
                try await stint.run("entries", "edit", "ffffffff", "--note", "x"), 2, mentioning: ["ffffffff"])
            expectFailure(try await stint.run("entries", "delete", "ffffffff"), 2, mentioning: ["ffffffff"])
            expectFailure(try await stint.run("log", "1h", "99"), 2, mentioning: ["99"])
            expectFailure(try await stint.run("timer", "start", "99"), 2, mentioning: ["99"])
            expectFailure(try await stint.run("timer", "stop", "99"), 2)
            expectFailure(try await stint.run("log", "1h", "--project", "Nowhere"), 2, mentioning: ["Nowhere"])
            expectFailure(try await stint.run("report", "--project", "Nowhere"), 2, mentioning: ["Nowhere"])
            expectFailure(try await stint.run("entries", "--task", "99"), 2)
            #expect(try await stint.export() == before)

            // A paused timer cannot be paused again.
            try await stint.ok("timer", "start", "1", "--at", "09:00")
            try await stint.ok("timer", "pause")
            let paused = try await stint.export()
            expectFailure(try await stint.run("timer", "pause"), 5)
            #expect(try await stint.export() == paused)
        }
    }
}
