import Foundation
import Testing

@Suite("Timers")
struct TimerJourneyTests {
    @Test("Start, start another (the first pauses), list at the pinned clock, stop both: exact entries")
    func startSwitchListStop() async throws {
        try await Stint.withHome { stint in
            try await stint.ok("project", "add", "Work")
            try await stint.ok("task", "add", "Write report", "--project", "Work", "--estimate", "3h")
            try await stint.ok("task", "add", "Email")

            let first = try await stint.at(Clock.today("09:00")).ok("timer", "start", "1")
            #expect(first.stdout == "Started timer on 1 \"Write report\" (Work) at 09:00\n")

            let second = try await stint.at(Clock.today("09:30")).ok("timer", "start", "2")
            #expect(
                second.stdoutLines == [
                    "Started timer on 2 \"Email\" at 09:30", "Paused timer on 1 \"Write report\" at 30m",
                ])

            // At the pinned 10:00: the running timer first, each with its own elapsed time.
            let timers = try await stint.json("timer", "list")
            #expect(timers.array.count == 2)
            #expect(timers[0]["state"].string == "running")
            #expect(timers[0]["task_number"].int == 2)
            #expect(timers[0]["elapsed_seconds"].int == 1_800)
            #expect(timers[0]["intervals"][0]["end"].isNull)
            #expect(timers[1]["state"].string == "paused")
            #expect(timers[1]["task_number"].int == 1)
            #expect(timers[1]["elapsed_seconds"].int == 1_800)
            #expect(timers[1]["started_at"].string == "2026-11-21T09:00:00Z")
            #expect(timers[1]["intervals"][0]["end"].string == "2026-11-21T09:30:00Z")
            #expect(timers[1]["project_name"].string == "Work")
            #expect(timers[1]["estimate_seconds"].int == 10_800)

            let table = try await stint.ok("timer", "list")
            #expect(table.stdoutLines.count == 3, "\(table)")
            let rows = table.stdoutLines.dropFirst().map { $0.split(separator: " ").map(String.init) }
            #expect(rows.first?.contains("running") == true && rows.first?.contains("Email") == true)
            #expect(rows.first?.contains("30m") == true)
            #expect(rows.last?.contains("paused") == true && rows.last?.contains("Work") == true)

            // Later, the running timer has grown and the paused one has not.
            let later = try await stint.at(Clock.today("10:45")).json("timer", "list")
            #expect(later[0]["elapsed_seconds"].int == 4_500)
            #expect(later[1]["elapsed_seconds"].int == 1_800)

            let status = try await stint.ok("timer", "status")
            #expect(status.stdout.contains("Running: 2 \"Email\""), "\(status)")
            #expect(status.stdout.contains("30m"))
            #expect(status.stdout.contains("1 paused timer"))

            let stopped = try await stint.ok("timer", "stop")
            #expect(stopped.stdout.hasPrefix("Stopped timer on 2 \"Email\": logged 30m (entry "), "\(stopped)")
            let remaining = try await stint.json("timer", "list")
            #expect(remaining.array.count == 1)
            #expect(remaining[0]["task_number"].int == 1)
            let entries = try await stint.json("entries")
            #expect(entries.array.count == 1)
            let entry = entries[0]
            #expect(entry["task_number"].int == 2)
            #expect(entry["start"].string == "2026-11-21T09:30:00Z")
            #expect(entry["end"].string == "2026-11-21T10:00:00Z")
            #expect(entry["duration_seconds"].int == 1_800)
            #expect(entry["billable"].bool == false)
            let entryID = try #require(entry["id"].string)
            #expect(stopped.stdout.hasSuffix("(entry \(entryID.prefix(8)))\n"))

            // With nothing running, stop takes the only paused timer.
            let stoppedPaused = try await stint.ok("timer", "stop")
            #expect(stoppedPaused.stdout.hasPrefix("Stopped timer on 1 \"Write report\": logged 30m (entry "))
            #expect(try await stint.json("timer", "list").array.isEmpty)
            #expect(
                try await stint.ok("timer", "list").stdout == "No timers. Start one with: stint timer start TASK\n")

            let all = try await stint.json("entries")
            #expect(all.durations == [1_800, 1_800])
            #expect(all.array.map { $0["task_number"].int } == [1, 2])
            #expect(all[0]["start"].string == "2026-11-21T09:00:00Z")
            #expect(all[0]["end"].string == "2026-11-21T09:30:00Z")
        }
    }

    @Test("Pause and resume at several clocks: elapsed leaves the pauses out, to the second")
    func pauseResumeArithmetic() async throws {
        try await Stint.withHome { stint in
            try await stint.ok("task", "add", "A")
            try await stint.at(Clock.today("08:00")).ok("timer", "start", "1")

            let paused = try await stint.at(Clock.today("08:30")).ok("timer", "pause")
            #expect(paused.stdout == "Paused timer on 1 \"A\" at 30m\n")

            let whilePaused = try await stint.at(Clock.today("08:50")).json("timer", "list")
            #expect(whilePaused[0]["state"].string == "paused")
            #expect(whilePaused[0]["elapsed_seconds"].int == 1_800)
            let status = try await stint.at(Clock.today("08:50")).ok("timer")
            #expect(status.stdoutLines.first == "No timer running.")
            #expect(status.stdout.contains("1 paused timer"))

            let resumed = try await stint.at(Clock.today("09:00")).ok("timer", "resume")
            #expect(resumed.stdout == "Resumed timer on 1 \"A\" at 09:00 (30m so far)\n")
            #expect(try await stint.at(Clock.today("09:45")).json("timer", "list")[0]["elapsed_seconds"].int == 4_500)

            // Paused in the past: 30m + 09:00–09:55.
            let pausedEarlier = try await stint.at(Clock.today("10:00")).ok("timer", "pause", "--at", "5 min ago")
            #expect(pausedEarlier.stdout == "Paused timer on 1 \"A\" at 1h 25m\n")
            #expect(try await stint.at(Clock.today("10:00")).json("timer", "list")[0]["elapsed_seconds"].int == 5_100)

            try await stint.at(Clock.today("10:20")).ok("timer", "resume", "1", "--at", "10:10")
            let running = try await stint.at(Clock.today("10:30")).json("timer", "list")
            #expect(running[0]["elapsed_seconds"].int == 6_300)
            #expect(
                running[0]["intervals"].array.map { [$0["start"].string, $0["end"].string] } == [
                    ["2026-11-21T08:00:00Z", "2026-11-21T08:30:00Z"],
                    ["2026-11-21T09:00:00Z", "2026-11-21T09:55:00Z"],
                    ["2026-11-21T10:10:00Z", nil],
                ])
            // Seconds count too: 40 s more.
            #expect(
                try await stint.at(Clock.today("10:30:40")).json("timer", "list")[0]["elapsed_seconds"].int == 6_340)

            // Each stretch is its own entry at the hours it ran, so a day's report and the entries list say when.
            let stopped = try await stint.at(Clock.today("10:30")).ok("timer", "stop")
            let lines = stopped.stdout.split(separator: "\n").map(String.init)
            #expect(lines.first == "Stopped timer on 1 \"A\": logged 1h 45m in 3 entries", "\(stopped)")
            #expect(
                lines.dropFirst().map {
                    $0.split(separator: " ", omittingEmptySubsequences: true).dropFirst().joined(separator: " ")
                }
                    == ["2026-11-21 08:00–08:30 30m", "2026-11-21 09:00–09:55 55m", "2026-11-21 10:10–10:30 20m"],
                "\(stopped)")
            let entries = try await stint.json("entries")
            #expect(entries.durations == [1_800, 3_300, 1_200])
            #expect(
                entries.array.map { $0["start"].string }
                    == ["2026-11-21T08:00:00Z", "2026-11-21T09:00:00Z", "2026-11-21T10:10:00Z"])
        }
    }

    @Test("stop --at in the past; a forgotten timer needs --at or --force")
    func stopInThePast() async throws {
        try await Stint.withHome { stint in
            try await stint.ok("project", "add", "Work")
            try await stint.ok("task", "add", "Write report", "--project", "Work")

            try await stint.ok("timer", "start", "1", "--at", "09:00", "--note", "timer note")
            let stopped = try await stint.ok("timer", "stop", "--at", "10 min ago", "--note", "draft done")
            #expect(stopped.stdout.hasPrefix("Stopped timer on 1 \"Write report\": logged 50m (entry "))
            let entry = try await stint.json("entries")[0]
            #expect(entry["duration_seconds"].int == 3_000)
            #expect(entry["start"].string == "2026-11-21T09:00:00Z")
            #expect(entry["end"].string == "2026-11-21T09:50:00Z")
            #expect(entry["note"].string == "draft done")

            // Started yesterday morning and never stopped: 25 hours is refused without a decision.
            try await stint.ok(
                "timer", "start", "--project", "Work", "--billable", "--note", "forgot", "--at", "yesterday 09:00")
            let before = try await stint.export()
            expectFailure(try await stint.run("timer", "stop"), 5, mentioning: ["24h", "--force", "--at"])
            #expect(try await stint.export() == before)

            let atEvening = try await stint.ok("timer", "stop", "--at", "yesterday 17:30")
            #expect(atEvening.stdout.hasPrefix("Stopped timer on project Work: logged 8h 30m (entry "))
            let evening = try await stint.json("entries", "--since", "2026-11-20", "--until", "2026-11-20")
            #expect(evening.array.count == 1)
            #expect(evening[0]["duration_seconds"].int == 30_600)
            #expect(evening[0]["end"].string == "2026-11-20T17:30:00Z")
            #expect(evening[0]["billable"].bool == true)
            #expect(evening[0]["note"].string == "forgot")
            #expect(evening[0]["project_name"].string == "Work")
            #expect(evening[0]["task_number"].isNull)

            // Undo, then keep all 25 hours on purpose.
            try await stint.ok("undo")
            #expect(try await stint.export() == before)
            try await stint.ok("timer", "stop", "--force")
            let forced = try await stint.json("entries", "--since", "2026-11-20", "--until", "2026-11-20")
            #expect(forced.durations == [90_000])
        }
    }

    @Test("A timer across midnight is one entry; a by-day report splits it 30m / 45m and the total is exact")
    func acrossMidnight() async throws {
        try await Stint.withHome { stint in
            try await stint.ok("task", "add", "Night shift")
            try await stint.at(Clock.yesterday("23:30")).ok("timer", "start", "1")
            let stopped = try await stint.at(Clock.today("00:45")).ok("timer", "stop")
            #expect(stopped.stdout.hasPrefix("Stopped timer on 1 \"Night shift\": logged 1h 15m (entry "))

            let entries = try await stint.json("entries", "--all")
            #expect(entries.array.count == 1)
            #expect(entries[0]["start"].string == "2026-11-20T23:30:00Z")
            #expect(entries[0]["end"].string == "2026-11-21T00:45:00Z")
            #expect(entries.durations == [4_500])

            let range = ["report", "--since", "2026-11-20", "--until", "2026-11-21", "--by", "day"]
            let report = try await stint.json(range)
            #expect(report.rowKeys == ["2026-11-20", "2026-11-21"])
            #expect(report.rowSeconds == [1_800, 2_700])
            #expect(report["total_seconds"].int == 4_500)
            #expect(report["entry_count"].int == 1)

            let table = try await stint.run(range)
            #expect(table.status == 0)
            // The first line is the header ("2026-11-20 – 2026-11-21 · by day · 1h 15m"); the rows follow.
            let dayLines = table.stdoutLines.dropFirst().filter { $0.hasPrefix("2026-11-2") }
            #expect(dayLines.compactMap(hoursColumnMinutes) == [30, 45], "\(table)")
            let total = try #require(table.stdoutLines.first { $0.hasPrefix("Total") })
            #expect(hoursColumnMinutes(total) == 75)

            // Each day alone holds only its own part.
            let friday = try await stint.json("report", "--since", "2026-11-20", "--until", "2026-11-20")
            #expect(friday["total_seconds"].int == 1_800)
        }
    }

    @Test("timer start without a task in a script: exit 4, says to name a task, nothing started")
    func startWithoutTaskOffTerminal() async throws {
        try await Stint.withHome { stint in
            try await stint.ok("task", "add", "Something")
            let before = try await stint.export()
            let result = try await stint.run("timer", "start")
            expectFailure(result, 4, mentioning: ["stint timer start TASK", "--project"])
            #expect(try await stint.export() == before)
            #expect(try await stint.json("timer", "list").array.isEmpty)
        }
    }

    @Test("One running timer: starting a paused task resumes its timer; stop and discard pick the right one")
    func oneRunningTimer() async throws {
        try await Stint.withHome { stint in
            try await stint.ok("task", "add", "A")
            try await stint.ok("task", "add", "B")
            let startedA = try await stint.at(Clock.today("08:00")).json("timer", "start", "1")
            let timerA = try #require(startedA["timer"]["id"].string)
            #expect(startedA["resumed"].bool == false)
            #expect(startedA["paused"].array.isEmpty)

            let startedB = try await stint.at(Clock.today("08:10")).json("timer", "start", "2")
            #expect(startedB["paused"].array.compactMap { $0["id"].string } == [timerA])
            let timerB = try #require(startedB["timer"]["id"].string)

            let again = try await stint.at(Clock.today("08:20")).json("timer", "start", "1")
            #expect(again["resumed"].bool == true)
            #expect(again["timer"]["id"].string == timerA)
            #expect(again["timer"]["elapsed_seconds"].int == 600)
            #expect(again["paused"].array.compactMap { $0["id"].string } == [timerB])
            let timers = try await stint.at(Clock.today("08:20")).json("timer", "list")
            #expect(timers.array.compactMap { $0["id"].string } == [timerA, timerB])
            #expect(timers.array.filter { $0["state"].string == "running" }.count == 1)

            // Two paused, none running: stop must be told which.
            try await stint.at(Clock.today("08:30")).ok("timer", "pause")
            let before = try await stint.export()
            expectFailure(try await stint.at(Clock.today("08:30")).run("timer", "stop"), 5, mentioning: ["paused"])
            #expect(try await stint.export() == before)

            let stopB = try await stint.at(Clock.today("08:30")).ok("timer", "stop", "2")
            #expect(stopB.stdout.hasPrefix("Stopped timer on 2 \"B\": logged 10m (entry "))

            // Resume without a reference takes the most recently paused; discard by timer id prefix.
            let resumed = try await stint.at(Clock.today("08:40")).ok("timer", "resume")
            #expect(resumed.stdout == "Resumed timer on 1 \"A\" at 08:40 (20m so far)\n")
            let discarded = try await stint.at(Clock.today("08:50")).ok("timer", "discard", String(timerA.prefix(8)))
            #expect(discarded.stdout == "Discarded timer on 1 \"A\": 30m not logged\n")
            #expect(try await stint.json("timer", "list").array.isEmpty)
            #expect(try await stint.json("entries").durations == [600])
        }
    }

    @Test("Undo after stop brings the timer back and removes the entry; undo after discard brings it back")
    func undoStopAndDiscard() async throws {
        try await Stint.withHome { stint in
            // Everything at the pinned clock, so an undo's fresh `updated_at` equals the one it replaces
            // (docs/adr/0008: undo moves `updated_at` forward).
            try await stint.ok("task", "add", "A")
            try await stint.ok("timer", "start", "1", "--at", "08:00")
            try await stint.ok("timer", "pause", "--at", "08:30")
            try await stint.ok("timer", "resume", "--at", "08:40")
            let timersBefore = try await stint.json("timer", "list")
            #expect(timersBefore[0]["elapsed_seconds"].int == 6_600)
            let before = try await stint.export()

            try await stint.ok("timer", "stop")
            #expect(try await stint.json("entries").durations == [1_800, 4_800], "one entry per stretch")
            let undoStop = try await stint.ok("undo")
            #expect(undoStop.stdout.hasPrefix("Undid: "))
            #expect(undoStop.stdout.contains("stopped timer"))
            #expect(try await stint.json("timer", "list").description == timersBefore.description)
            #expect(try await stint.json("entries", "--all").array.isEmpty)
            #expect(try await stint.export() == before)

            let discarded = try await stint.ok("timer", "discard")
            #expect(discarded.stdout == "Discarded timer on 1 \"A\": 1h 50m not logged\n")
            #expect(try await stint.json("timer", "list").array.isEmpty)
            let undoDiscard = try await stint.ok("undo")
            #expect(undoDiscard.stdout.contains("discarded timer"))
            #expect(try await stint.json("timer", "list").description == timersBefore.description)
            #expect(try await stint.export() == before)
        }
    }
}
