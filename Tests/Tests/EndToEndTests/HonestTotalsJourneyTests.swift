import Foundation
import Testing

/// Issue 10, "totals are honest": one person's entries never count the same minutes twice unless they say so,
/// and a report by day never shows a day longer than the day was. "Now" is Sunday 2026-11-22 15:00 UTC.
@Suite("Honest totals")
struct HonestTotalsJourneyTests {
    static let sunday = "2026-11-22T15:00:00Z"

    /// Each entry of the day as "HH:MM-duration task", oldest first.
    func day(_ stint: Stint, _ day: String = "2026-11-20") async throws -> [String] {
        try await stint.json("entries", "--since", day, "--until", day).array.map {
            let start = ($0["start"].string ?? "").dropFirst(11).prefix(5)
            return "\(start) \(($0["duration_seconds"].int ?? 0) / 60)m \($0["task_number"].int ?? 0)"
        }
    }

    @Test("an overlapping log is refused in one line; --allow-overlap keeps both; --adjust trims, splits, undoes")
    func overlaps() async throws {
        try await Stint.withHome { home in
            let stint = home.at(Self.sunday)
            try await stint.ok("task", "add", "Write")
            try await stint.ok("task", "add", "Call")
            try await stint.ok("log", "09:00-11:00", "1", "--date", "2026-11-20")

            let refused = try await stint.run("log", "10:00-10:30", "2", "--date", "2026-11-20")
            expectFailure(refused, 5, mentioning: ["overlaps", "09:00–11:00", "task 1", "--allow-overlap", "--adjust"])
            #expect(try await day(stint) == ["09:00 120m 1"], "a refused log saves nothing")

            try await stint.ok("log", "11:00-11:30", "2", "--date", "2026-11-20")  // touching is not overlapping
            try await stint.ok("log", "10:45-11:15", "2", "--date", "2026-11-20", "--allow-overlap")
            #expect(try await day(stint).count == 3, "--allow-overlap keeps both")
            try await stint.ok("undo")

            let adjusted = try await stint.ok("log", "10:00-10:30", "2", "--date", "2026-11-20", "--adjust")
            #expect(adjusted.stdout.contains("Adjusted 1 overlapping entry to make room"), "\(adjusted)")
            #expect(try await day(stint) == ["09:00 60m 1", "10:00 30m 2", "10:30 30m 1", "11:00 30m 2"])
            try await stint.ok("undo")
            #expect(
                try await day(stint) == ["09:00 120m 1", "11:00 30m 2"], "one undo takes the log and the split back")

            let editRefused = try await stint.run(
                "entries", "edit", try await firstID(stint, task: 2), "--start", "fri 10:50")
            expectFailure(editRefused, 5, mentioning: ["overlaps"])
            let both = try await stint.run("log", "1h", "2", "--allow-overlap", "--adjust")
            expectFailure(both, 64, mentioning: ["--allow-overlap", "--adjust"])
        }
    }

    @Test("report --by day never shows more than the day had")
    func daysAreCapped() async throws {
        try await Stint.withHome { home in
            let stint = home.at(Self.sunday)
            try await stint.ok("task", "add", "Write")
            try await stint.ok("log", "20h", "1", "--date", "2026-11-20", "--start", "02:00")
            try await stint.ok("log", "10h", "1", "--date", "2026-11-20", "--start", "08:00", "--allow-overlap")
            let report = try await stint.json("report", "--since", "2026-11-20", "--until", "2026-11-20", "--by", "day")
            #expect(report["rows"][0]["seconds"].int == 24 * 3600, "30 hours logged, but a day has 24: \(report)")
            #expect(report["total_seconds"].int == 24 * 3600, "by day the total is the rows' sum: \(report)")
            let byProject = try await stint.json("report", "--since", "2026-11-20", "--until", "2026-11-20")
            #expect(byProject["total_seconds"].int == 30 * 3600, "other groupings still show what was logged")

        }
    }

    @Test("a running timer counts in entries and report, marked; JSON entries stay entries")
    func timersCount() async throws {
        try await Stint.withHome { home in
            let stint = home.at(Self.sunday)
            try await stint.ok("task", "add", "Write", "--tag", "deep")
            try await stint.ok("log", "09:00-10:00", "1")
            try await stint.ok("timer", "start", "1", "--at", "14:30", "--tag", "focus")

            let table = try await stint.ok("entries")
            let running = try #require(table.stdoutLines.first { $0.hasPrefix("running") }, "\(table)")
            #expect(running.contains("14:30–now") && running.contains("30m") && running.contains("focus"), "\(table)")
            let total = try #require(table.stdoutLines.first { $0.hasPrefix("Total") })
            #expect(total.contains("1 entry") && total.contains("+ 1 timer") && total.contains("1h 30m"), "\(table)")
            #expect(try await stint.json("entries").array.count == 1, "JSON lists entries only")

            let report = try await stint.json("report", "--today", "--by", "tag")
            #expect(report["total_seconds"].int == 5_400, "\(report)")
            #expect(report["running_seconds"].int == 1_800, "\(report)")
            let focus = report["rows"].array.first { $0["label"].string == "focus" }
            #expect(focus?["timer_seconds"].int == 1_800, "the timer's own tag: \(report)")
            let human = try await stint.ok("report", "--today")
            #expect(human.stdout.contains("▸") && human.stdout.contains("still on timers"), "\(human)")

            try await stint.at("2026-11-22T15:30:00Z").ok("timer", "stop")
            let after = try await stint.at("2026-11-22T15:30:00Z").json("report", "--today")
            #expect(after["total_seconds"].int == 7_200 && after["running_seconds"].isNull, "\(after)")
            let entries = try await stint.at("2026-11-22T15:30:00Z").json("entries")
            #expect(entries.array.last?["tags"].array.compactMap(\.string) == ["focus"], "\(entries)")
        }
    }

    func firstID(_ stint: Stint, task: Int) async throws -> String {
        let entries = try await stint.json("entries", "--all").array
        return String(entries.first { $0["task_number"].int == task }?["id"].string?.prefix(8) ?? "")
    }
}
