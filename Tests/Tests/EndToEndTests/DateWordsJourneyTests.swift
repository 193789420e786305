import Foundation
import Testing

/// Issue 10, "time means what a person means": a weekday in a place that looks back is the latest one, the
/// words people use for days and moments are read everywhere, and a range of the day is a way to log.
/// "Now" is Sunday 2026-11-22 15:00 UTC, the day the trial found `log --date fri` meaning next Friday.
@Suite("Date words")
struct DateWordsJourneyTests {
    static let sunday = "2026-11-22T15:00:00Z"

    /// Each entry as "start (to the minute) seconds", oldest first.
    func entries(_ stint: Stint, _ arguments: String...) async throws -> [String] {
        try await stint.json(["entries"] + arguments).array.map {
            "\(($0["start"].string ?? "").prefix(16)) \($0["duration_seconds"].int ?? 0)"
        }
    }

    @Test("log --date fri on a Sunday is two days ago, and entries/report --since fri find it")
    func weekdaysLookBack() async throws {
        try await Stint.withHome { home in
            let stint = home.at(Self.sunday)
            try await stint.ok("task", "add", "Review", "--due", "fri")
            let logged = try await stint.ok("log", "45m", "1", "--date", "fri")
            #expect(logged.stdout.contains("on 2026-11-20 09:00–09:45"), "\(logged)")
            #expect(try await stint.json("task", "show", "1")["due"].string == "2026-11-27", "a due date looks ahead")

            #expect(try await entries(stint, "--since", "fri") == ["2026-11-20T09:00 2700"])
            let report = try await stint.json("report", "--since", "mon", "--until", "sun")
            #expect(report["total_seconds"].int == 2_700, "\(report)")
            #expect(report["since"].string == "2026-11-16", "\(report)")
        }
    }

    @Test("ranges of the day, --start with --end, and moments in any order")
    func rangesAndMoments() async throws {
        try await Stint.withHome { home in
            let stint = home.at(Self.sunday)
            try await stint.ok("task", "add", "Write")
            try await stint.ok("log", "09:00-10:30", "1")
            try await stint.ok("log", "9am-noon", "1", "--date", "last mon")
            try await stint.ok("log", "1", "--start", "yesterday 14:00", "--end", "yesterday 15:30")
            try await stint.ok("log", "1", "--start", "17:00 fri", "--end", "fri 6pm")
            try await stint.ok("log", "20m", "1", "--start", "sat 8am")
            try await stint.ok("timer", "start", "1", "--at", "2pm")
            try await stint.ok("timer", "stop", "--at", "14:30")

            #expect(
                try await entries(stint, "--since", "last week")
                    == [
                        "2026-11-16T09:00 10800", "2026-11-20T17:00 3600", "2026-11-21T08:00 1200",
                        "2026-11-21T14:00 5400", "2026-11-22T09:00 5400", "2026-11-22T14:00 1800",
                    ])
        }
    }

    @Test("what cannot be meant is one line and exit 4, and nothing is logged")
    func refusals() async throws {
        try await Stint.withHome { home in
            let stint = home.at(Self.sunday)
            try await stint.ok("task", "add", "Write")
            let backwards = try await stint.run("log", "10:30-09:00", "1")
            #expect(backwards.status == 4)
            #expect(backwards.stderr.hasPrefix("stint: the range ends before it begins"), "\(backwards)")
            let moment = try await stint.run("log", "1", "--start", "fri 9:00", "--end", "10:00", "--date", "fri")
            #expect(moment.status == 4)
            #expect(moment.stderr.contains("--start takes a time of day such as 14:00 with --date"), "\(moment)")
            let noStart = try await stint.run("log", "1", "--end", "10:00")
            #expect(noStart.status == 64)
            #expect(noStart.stderr.contains("--end needs --start"), "\(noStart)")
            let impossible = try await stint.run("log", "1h", "1", "--date", "feb 30")
            #expect(impossible.status == 4)
            #expect(impossible.stderr.contains("not a real date"), "\(impossible)")
            let ahead = try await stint.run("log", "1", "--start", "tomorrow 9:00", "--end", "tomorrow 10:00")
            #expect(ahead.status == 4, "\(ahead)")
            #expect(ahead.stderr.split(separator: "\n").count == 1)
            #expect(try await stint.json("entries", "--since", "2026-01-01").array.isEmpty)
        }
    }
}
