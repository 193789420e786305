import Foundation
import Testing

@Suite("Time entries")
struct TimeEntryJourneyTests {
    /// Work (task 1 "Write report", 3h estimate), Home, and task 2 "Email" in the inbox.
    private func seed(_ stint: Stint) async throws {
        try await stint.ok("project", "add", "Work")
        try await stint.ok("project", "add", "Home")
        try await stint.ok("task", "add", "Write report", "--project", "Work", "--estimate", "3h")
        try await stint.ok("task", "add", "Email")
    }

    @Test("log with --date/--start, tags, billable; entries list filters and its total line")
    func logAndList() async throws {
        try await Stint.withHome { stint in
            try await seed(stint)

            let now = try await stint.ok("log", "45m", "1")
            #expect(now.stdout.hasPrefix("Logged 45m on 1 \"Write report\" on 2026-11-21 09:15–10:00 (entry "))

            let review = try await stint.json(
                "log", "1h30m", "1", "--date", "yesterday", "--start", "14:00", "--note", "review", "--billable",
                "--tag", "client", "--tag", "Meeting")
            #expect(review["start"].string == "2026-11-20T14:00:00Z")
            #expect(review["end"].string == "2026-11-20T15:30:00Z")
            #expect(review["duration_seconds"].int == 5_400)
            #expect(review["billable"].bool == true)
            #expect(review["note"].string == "review")
            #expect(review["tags"].array.compactMap(\.string) == ["client", "meeting"])
            #expect(review["task_number"].int == 1)
            #expect(review["task_title"].string == "Write report")
            #expect(review["project_name"].string == "Work")
            #expect(
                review.keys == [
                    "id", "task_id", "task_number", "task_title", "project_id", "project_name", "start", "end",
                    "duration_seconds", "note", "billable", "tags", "logged_by",
                ])

            // Another day without --start begins at 09:00; a project takes the time itself.
            let home = try await stint.ok("log", "2h", "--project", "Home", "--date", "2026-11-16", "--tag", "meeting")
            #expect(home.stdout.hasPrefix("Logged 2h 00m on project Home on 2026-11-16 09:00–11:00 (entry "))
            try await stint.ok("log", "1.5h", "2", "--date", "2026-11-19", "--start", "8:00")

            // Default: today's entries only.
            let today = try await stint.json("entries")
            #expect(today.durations == [2_700])

            let all = try await stint.json("entries", "--all")
            #expect(
                all.array.compactMap { $0["start"].string } == [
                    "2026-11-16T09:00:00Z", "2026-11-19T08:00:00Z", "2026-11-20T14:00:00Z", "2026-11-21T09:15:00Z",
                ])
            #expect(all.durations == [7_200, 5_400, 5_400, 2_700])
            #expect(all[0]["project_name"].string == "Home" && all[0]["task_number"].isNull)
            #expect(Set(all.array.compactMap { $0["logged_by"].string }).count == 1)

            #expect(
                try await stint.json("entries", "--since", "2026-11-19", "--until", "2026-11-20").durations == [
                    5_400, 5_400,
                ])
            #expect(try await stint.json("entries", "--all", "--project", "work").durations == [5_400, 2_700])
            #expect(try await stint.json("entries", "--all", "--task", "2").durations == [5_400])

            let table = try await stint.ok("entries", "--all")
            #expect(table.stdoutLines.count == 6, "\(table)")
            let total = try #require(table.stdoutLines.last)
            #expect(total.hasPrefix("Total") && total.contains("4 entries") && total.contains("5h 45m"), "\(table)")
            let billableLine = try #require(table.stdoutLines.first { $0.contains("2026-11-20") })
            #expect(billableLine.hasSuffix("$") && billableLine.contains("client, meeting"))

            let nothing = try await stint.ok("entries", "--since", "2026-11-01", "--until", "2026-11-02")
            #expect(nothing.stdoutLines.count == 1 && nothing.stdout.contains("stint log"))
        }
    }

    @Test("entries list --limit keeps the most recent entries, as its help says")
    func limitKeepsMostRecent() async throws {
        try await Stint.withHome { stint in
            try await stint.ok("task", "add", "A")
            try await stint.ok("log", "30m", "1", "--date", "2026-11-19", "--start", "08:00")
            try await stint.ok("log", "20m", "1", "--date", "2026-11-20", "--start", "08:00")
            try await stint.ok("log", "10m", "1", "--start", "08:00")

            let limited = try await stint.json("entries", "--all", "--limit", "1")
            #expect(limited.array.compactMap { $0["start"].string } == ["2026-11-21T08:00:00Z"], "\(limited)")
            let two = try await stint.json("entries", "--since", "2026-11-19", "--limit", "2")
            #expect(two.durations.sorted() == [600, 1_200], "\(two)")
        }
    }

    @Test("entries edit (duration, start, note, --no-billable, tags) and delete; undo restores a delete")
    func editAndDelete() async throws {
        try await Stint.withHome { stint in
            try await seed(stint)
            let logged = try await stint.json(
                "log", "1h30m", "1", "--date", "yesterday", "--start", "14:00", "--note", "review", "--billable",
                "--tag", "client")
            let id = try #require(logged["id"].string)
            let short = String(id.prefix(8))

            let edited = try await stint.ok(
                "entries", "edit", short, "--duration", "50m", "--note", "short review", "--no-billable")
            #expect(edited.stdout == "Updated entry \(short): duration, note, billable\n")
            let after = try await stint.json("entries", "--all")[0]
            #expect(after["id"].string == id)
            #expect(after["duration_seconds"].int == 3_000)
            #expect(after["start"].string == "2026-11-20T14:00:00Z")
            #expect(after["end"].string == "2026-11-20T14:50:00Z")
            #expect(after["note"].string == "short review")
            #expect(after["billable"].bool == false)
            #expect(after["tags"].array.compactMap(\.string) == ["client"])

            // An upper-case prefix of 4 characters finds it too; --start moves it and keeps the duration.
            let moved = try await stint.json(
                "entries", "edit", String(id.prefix(4)).uppercased(), "--start", "yesterday 16:00", "--clear-tags",
                "--task", "2")
            #expect(moved["start"].string == "2026-11-20T16:00:00Z")
            #expect(moved["end"].string == "2026-11-20T16:50:00Z")
            #expect(moved["tags"].array.isEmpty)
            #expect(moved["task_number"].int == 2 && moved["project_name"].isNull)

            let beforeNoop = try await stint.export()
            expectFailure(try await stint.run("entries", "edit", short), 4, mentioning: ["nothing to change"])
            #expect(try await stint.export() == beforeNoop)

            let deleted = try await stint.ok("entries", "delete", short)
            #expect(deleted.stdout == "Deleted entry \(short): 50m on 2 \"Email\" on 2026-11-20 16:00–16:50\n")
            #expect(try await stint.json("entries", "--all").array.isEmpty)
            expectFailure(try await stint.run("entries", "edit", short, "--note", "x"), 2)

            let undone = try await stint.ok("undo")
            #expect(undone.stdout.hasPrefix("Undid: "))
            #expect(try await stint.export() == beforeNoop)
        }
    }

    @Test("Undo after log removes the entry and nothing else")
    func undoLog() async throws {
        try await Stint.withHome { stint in
            try await seed(stint)
            try await stint.ok("log", "45m", "1")
            let before = try await stint.export()
            try await stint.ok("log", "20m", "2", "--billable", "--start", "08:00")
            #expect(try await stint.json("entries").array.count == 2)

            let undone = try await stint.ok("undo")
            #expect(undone.stdout.hasPrefix("Undid: logged 20m"), "\(undone)")
            #expect(try await stint.json("entries").durations == [2_700])
            #expect(try await stint.export() == before)
        }
    }

    @Test("Export, import into a fresh home: entries and timers identical; importing again adds nothing")
    func exportImport() async throws {
        try await Stint.withHome { source in
            try await seed(source)
            try await source.ok(
                "log", "1h30m", "1", "--date", "yesterday", "--start", "14:00", "--note", "review", "--billable",
                "--tag", "client", "--tag", "meeting")
            try await source.ok("log", "2h", "--project", "Home", "--date", "2026-11-16")
            try await source.at(Clock.today("08:00")).ok("timer", "start", "2", "--note", "inbox zero")
            try await source.at(Clock.today("09:00")).ok("timer", "start", "1", "--billable")
            try await source.at(Clock.today("09:30")).ok("timer", "start", "--project", "Home", "--at", "09:15")
            // Three timers: Home running, then task 1 and task 2 paused.
            let timers = try await source.json("timer", "list")
            #expect(timers.array.count == 3)
            let entries = try await source.json("entries", "--all")
            #expect(entries.array.count == 2)

            let file = source.root.appendingPathComponent("backup.json")
            try await source.ok("export", "--output", file.path)
            let exported = try await source.export()

            try await Stint.withHome { target in
                let first = try await target.ok("import", file.path)
                #expect(first.stdout.contains("0 updated, 0 unchanged"), "\(first)")
                #expect(try await target.json("entries", "--all").description == entries.description)
                #expect(try await target.json("timer", "list").description == timers.description)
                #expect(try await target.export() == exported)

                let second = try await target.ok("import", file.path)
                #expect(second.stdout.contains("0 new, 0 updated"), "\(second)")
                #expect(try await target.export() == exported)

                // The imported timers keep working: stop the running one.
                let stopped = try await target.ok("timer", "stop")
                #expect(stopped.stdout.hasPrefix("Stopped timer on project Home: logged 45m"), "\(stopped)")
            }
        }
    }
}
