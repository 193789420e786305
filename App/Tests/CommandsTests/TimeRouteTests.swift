import Foundation
import Testing

/// Every `stint timer …`, `stint log`, `stint entries …` and `stint report` route, including the Timers
/// feature asking the host to pick a task (the Tasks feature's picker) and to confirm a delete.
@Suite("Timer, entry and report routes")
struct TimeRouteTests {
    @Test("start, pause, resume, status, list, stop and discard")
    func timers() async throws {
        let stint = try Harness()
        try await stint.given([["project", "add", "Work"], ["task", "add", "Write", "-p", "Work"]])
        let started = await stint.run("timer", "start", "1", "--at", "09:15")
        #expect(started.stdout == "Started timer on 1 \"Write\" (Work) at 09:15\n")
        #expect(await stint.run("timer", "pause").status == 0)
        #expect(await stint.run("timer", "resume").status == 0)
        let status = try await stint.json("timer") as? [String: Any]
        #expect((status?["running"] as? [String: Any])?["elapsed_seconds"] as? Int == 2_700)
        #expect(await stint.run("timer", "start", "--project", "Work").status == 0)  // pauses the task's timer
        let list = try await stint.json("timer", "list") as? [[String: Any]]
        #expect(list?.count == 2)
        stint.now = "2026-11-21T10:30:00Z"
        // Several timers, one running: plain stop takes the running one.
        let stopped = await stint.run("timer", "stop")
        #expect(stopped.stdout.hasPrefix("Stopped timer on project Work: logged 30m"))
        // Now only the paused task timer is left: discard takes it.
        #expect(await stint.run("timer", "discard").stdout.hasPrefix("Discarded timer on 1 \"Write\""))
        let none = await stint.run("timer", "stop")
        #expect(none.status == 5)
    }

    @Test("a start or resume typed before the running timer's interval began is refused, and nothing is lost")
    func startBeforeTheRunningTimer() async throws {
        let stint = try Harness()
        stint.now = "2026-12-02T12:00:00Z"
        try await stint.given([
            ["project", "add", "Work"], ["task", "add", "A", "-p", "Work"], ["task", "add", "B", "-p", "Work"],
            ["timer", "start", "1", "--at", "10:00"], ["timer", "pause", "--at", "10:30"],
            ["timer", "resume", "--at", "11:00"],
        ])
        let before = try await stint.json("timer", "list") as? [[String: Any]]
        let refused = await stint.run("timer", "start", "2", "--at", "10:50")
        #expect(refused.status == 4)
        #expect(
            refused.stderr
                == "stint: cannot start 10m before the running timer was resumed: give a later --at, or pause that "
                + "timer first\n")
        let after = try await stint.json("timer", "list") as? [[String: Any]]
        #expect(after?.count == before?.count)
        #expect(after?.first?["elapsed_seconds"] as? Int == 30 * 60 + 60 * 60, "A keeps its 11:00-12:00 hour")
        // At or after the resume, the start pauses A there, as always.
        let later = await stint.run("timer", "start", "2", "--at", "11:30")
        #expect(later.status == 0, "\(later.stderr)")
        #expect(later.stdout.contains("Paused timer on 1 \"A\" at 1h 00m"), "\(later.stdout)")
        // A resume typed before the running timer's start is refused the same way.
        #expect(await stint.run("timer", "start", "--project", "Work", "--at", "11:40").status == 0)
        let resume = await stint.run("timer", "resume", "1", "--at", "11:35")
        #expect(resume.status == 4)
        #expect(resume.stderr.hasPrefix("stint: cannot resume 5m before the running timer was started"), "\(resume)")
    }

    @Test("log over time a timer counted is refused unless --allow-overlap: its stop would count it twice")
    func logOverATimer() async throws {
        let stint = try Harness()
        stint.now = "2026-12-02T12:00:00Z"
        try await stint.given([["project", "add", "W"], ["timer", "start", "--project", "W", "--at", "10:00"]])
        for policy in [[], ["--adjust"]] {
            let refused = await stint.run(["log", "1h", "--project", "W", "--start", "10:30"] + policy)
            #expect(refused.status == 5)
            #expect(
                refused.stderr
                    == "stint: this overlaps your timer's time (since 10:00 on project \"W\"): give another --start, "
                    + "stop or pause the timer earlier first, or add --allow-overlap to keep both\n")
        }
        #expect(await stint.run("log", "1h", "--project", "W", "--start", "08:30").status == 0)
        #expect(await stint.run("timer", "pause", "--at", "11:00").status == 0)
        // A paused timer's counted time is protected too; after its pause the time is free.
        #expect(await stint.run("log", "20m", "--project", "W", "--start", "10:40").status == 5)
        #expect(await stint.run("log", "20m", "--project", "W", "--start", "11:00").status == 0)
        #expect(await stint.run("timer", "stop").status == 0)
        let report = try await stint.json("report", "--today") as? [String: Any]
        #expect(report?["total_seconds"] as? Int == (60 + 60 + 20) * 60)
    }

    @Test("timer start without a task: the picker on a terminal, a clear refusal elsewhere")
    func picker() async throws {
        let stint = try Harness()
        try await stint.given([["task", "add", "Pick me"]])
        let refused = await stint.run("timer", "start")
        #expect(refused.status == 4)
        let picked = await stint.run("timer", "start", terminal: true, answers: ["1"])
        #expect(picked.status == 0)
        #expect(picked.stdout.contains("Started timer on 1 \"Pick me\""))
        #expect(!picked.prompts.isEmpty)
    }

    @Test("log, entries (today by default), edit and delete")
    func entries() async throws {
        let stint = try Harness()
        try await stint.given([["task", "add", "Write"]])
        let logged = await stint.run("log", "45m", "1", "--start", "08:00", "--tag", "deep")
        #expect(logged.status == 0)
        #expect(await stint.run("log", "1h", "1", "--date", "yesterday").status == 0)
        let today = try await stint.json("entries") as? [[String: Any]]
        #expect(today?.count == 1)
        let all = try await stint.json("entries", "--all") as? [[String: Any]]
        #expect(all?.count == 2)
        let yesterday = try #require(all?.first)
        #expect(yesterday["start"] as? String == "2026-11-20T09:00:00Z")
        let id = try #require((today?.first?["id"] as? String)?.prefix(8)).description
        #expect(await stint.run("entries", "edit", id, "--duration", "50m", "--note", "more").status == 0)
        let edited = try await stint.json("entries") as? [[String: Any]]
        #expect(edited?.first?["duration_seconds"] as? Int == 3_000)
        #expect(await stint.run("entries", "edit", id, "--tag", "x", "--clear-tags").status == 64)
        #expect(await stint.run("entries", "--all", "--since", "mon").status == 64)
        let declined = await stint.run("entries", "delete", id, terminal: true, answers: ["n"])
        #expect(declined.status == 0)
        #expect(await stint.run("entries", "delete", id).status == 0)
        #expect((try await stint.json("entries") as? [[String: Any]])?.isEmpty == true)
        // More than a day in one entry needs --force: a conflict with the rule, not a typo (exit 5).
        let long = await stint.run("log", "25h", "1")
        #expect(long.status == 5)
        #expect(long.stderr == "stint: the entry lasts 25h, more than 24h: pass --force if that is right\n")
    }

    @Test("a range of the day takes the en dash Stint prints as well as a hyphen; an empty range says so")
    func dayRanges() async throws {
        let stint = try Harness()
        try await stint.given([["task", "add", "Write"]])
        let dashed = await stint.run("log", "07:00\u{2013}07:30", "1")
        #expect(dashed.status == 0, "\(dashed.stderr)")
        #expect(
            dashed.stdout.hasPrefix("Logged 30m on 1 \"Write\" on 2026-11-21 07:00\u{2013}07:30"), "\(dashed.stdout)")
        let empty = await stint.run("log", "09:00-09:00", "1")
        #expect(empty.status == 4)
        #expect(empty.stderr == "stint: the end is the same as the start: give an end after the start\n")
        let backwards = await stint.run("log", "10:00-09:00", "1")
        #expect(backwards.status == 4)
        #expect(backwards.stderr.hasPrefix("stint: the range ends before it begins"))
        let negativeLimit = await stint.run("entries", "--limit", "-1")
        #expect(negativeLimit.status == 4, "a number below the minimum is a bad value, not a missing one")
        #expect(negativeLimit.stderr.contains("--limit"), "\(negativeLimit.stderr)")
        #expect(await stint.run("task", "list", "--limit", "-3").status == 4)
        // An entry across midnight is named in an overlap as `entries` shows it, with the days it runs into.
        #expect(await stint.run("log", "24h", "1", "--force", "--start", "2026-11-18 10:00").status == 0)
        let overlap = await stint.run("log", "1h", "1", "--start", "2026-11-18 10:30")
        #expect(overlap.status == 5)
        #expect(overlap.stderr.contains("(2026-11-18 10:00–10:00 (+1d) on task 1 \"Write\")"), "\(overlap.stderr)")
        // A time later today is not "last night".
        let noon = await stint.run("timer", "start", "1", "--at", "noon")
        #expect(noon.stderr == "stint: 'noon' is in the future: for yesterday at that time write yesterday noon\n")
    }

    @Test("report: periods, grouping, formats and a range")
    func report() async throws {
        let stint = try Harness()
        try await stint.given([
            ["project", "add", "Work"], ["task", "add", "Write", "-p", "Work"],
            ["log", "1h", "1", "--date", "2026-11-17"], ["log", "30m", "--project", "Work", "--start", "08:00"],
        ])
        let week = await stint.run("report", "--by", "task")
        #expect(week.status == 0)
        // A length besides both ends is a usage mistake, not a task named "1h".
        for length in ["1h", "45m", "1h30m", "1.5h"] {
            let both = await stint.run("log", length, "--project", "Work", "--start", "11:00", "--end", "11:30")
            #expect(both.status == 64, "\(both)")
            #expect(both.stderr.hasPrefix("stint: with --start and --end give no duration: '\(length)'"), "\(both)")
        }
        let twoPeriods = await stint.run("report", "--week", "--month")
        #expect(twoPeriods.status == 64)
        #expect(
            twoPeriods.stderr
                == "stint: --week and --month cannot be used together: choose one (see 'stint report --help')\n")
        #expect(week.stdout.hasPrefix("Week of 2026-11-16 – 2026-11-22 · by task · 1h 30m"))
        let csv = await stint.run("report", "--month", "--by", "day", "--format", "csv")
        #expect(csv.stdout.contains("2026-11-17"))
        let json = try await stint.json("report", "--since", "2026-11-01", "--until", "2026-11-17") as? [String: Any]
        #expect(json?["total_seconds"] as? Int == 3_600)
        let untilOnly = await stint.run("report", "--until", "2026-11-17")
        #expect(untilOnly.status == 4)
        #expect(await stint.run("report", "--today", "--week").status == 64)
        #expect(await stint.run("report", "--by", "hour").status == 4)
    }
}
