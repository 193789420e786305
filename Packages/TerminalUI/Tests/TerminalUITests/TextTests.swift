import Foundation
import Testing

@testable import TerminalUI

@Suite("DurationText")
struct DurationTextTests {
    @Test(
        "formats hours and minutes",
        arguments: [
            (0, "0m"), (1, "<1m"), (59, "<1m"), (60, "1m"), (45 * 60, "45m"), (3_599, "59m"), (3_600, "1h"),
            (90 * 60, "1h 30m"), (26 * 3_600, "26h"), (26 * 3_600 + 60, "26h 1m"), (1_000 * 3_600, "1000h"),
            (-90 * 60, "-1h 30m"),
        ])
    func format(seconds: Int, expected: String) {
        #expect(DurationText.format(seconds: seconds) == expected)
    }
}

@Suite("RelativeDayText")
struct RelativeDayTextTests {
    func day(_ iso: String) throws -> CalendarDay {
        try #require(CalendarDay(iso: iso))
    }

    @Test("names nearby days and falls back to ISO")
    func nearby() throws {
        let today = try day("2026-06-15")
        #expect(RelativeDayText.describe(today, today: today) == "today")
        #expect(RelativeDayText.describe(try day("2026-06-16"), today: today) == "tomorrow")
        #expect(RelativeDayText.describe(try day("2026-06-14"), today: today) == "yesterday")
        #expect(RelativeDayText.describe(try day("2026-06-17"), today: today) == "in 2 days")
        #expect(RelativeDayText.describe(try day("2026-06-21"), today: today) == "in 6 days")
        #expect(RelativeDayText.describe(try day("2026-06-22"), today: today) == "2026-06-22")
        #expect(RelativeDayText.describe(try day("2026-06-13"), today: today) == "2 days ago")
        #expect(RelativeDayText.describe(try day("2026-06-09"), today: today) == "6 days ago")
        #expect(RelativeDayText.describe(try day("2026-06-08"), today: today) == "2026-06-08")
    }

    @Test("counts across month and year ends")
    func acrossMonthEnds() throws {
        #expect(RelativeDayText.describe(try day("2026-03-01"), today: try day("2026-02-28")) == "tomorrow")
        #expect(RelativeDayText.describe(try day("2024-03-01"), today: try day("2024-02-28")) == "in 2 days")
        #expect(RelativeDayText.describe(try day("2026-01-02"), today: try day("2025-12-30")) == "in 3 days")
        #expect(RelativeDayText.describe(try day("2025-12-31"), today: try day("2026-01-01")) == "yesterday")
        #expect(RelativeDayText.describe(try day("2026-04-28"), today: try day("2026-05-02")) == "4 days ago")
    }
}

@Suite("RelativeTimeText")
struct RelativeTimeTextTests {
    @Test("describes elapsed time coarsely")
    func elapsed() throws {
        let now = Date(timeIntervalSince1970: 1_780_000_000)
        let utc = try #require(TimeZone(identifier: "UTC"))
        func text(_ secondsAgo: TimeInterval) -> String {
            RelativeTimeText.describe(now.addingTimeInterval(-secondsAgo), now: now, timeZone: utc)
        }
        #expect(text(0) == "just now")
        #expect(text(59) == "just now")
        #expect(text(5 * 60 + 10) == "5 min ago")
        #expect(text(3 * 3_600 + 59) == "3 h ago")
        #expect(text(86_400 + 1) == "1 day ago")
        #expect(text(2 * 86_400 + 5) == "2 days ago")
        #expect(text(8 * 86_400) == CalendarDay.from(now.addingTimeInterval(-8 * 86_400), in: utc).iso)
        #expect(text(-5 * 60) == "in 5 min")
    }
}

@Suite("JSONText")
struct JSONTextTests {
    struct Sample: Encodable {
        var title: String
        var due: CalendarDay?
        var createdAt: Date
        var url: String
        var count: Int
    }

    @Test("pretty, sorted, ISO dates, unescaped slashes, identical on every run")
    func stable() throws {
        let sample = Sample(
            title: "Write a/b report", due: CalendarDay(iso: "2026-12-01"),
            createdAt: Date(timeIntervalSince1970: 1_780_000_000), url: "https://example.com/x", count: 3)
        let first = try JSONText.encode(sample)
        let expected = """
            {
              "count" : 3,
              "createdAt" : "2026-05-28T20:26:40Z",
              "due" : "2026-12-01",
              "title" : "Write a/b report",
              "url" : "https://example.com/x"
            }
            """
        #expect(first == expected)
        #expect(try JSONText.encode(sample) == first)
        let forwards = try JSONText.encode(["b": 1, "a": 2, "c": 3])
        let backwards = try JSONText.encode(["c": 3, "a": 2, "b": 1])
        #expect(forwards == backwards)
        #expect(forwards == "{\n  \"a\" : 2,\n  \"b\" : 1,\n  \"c\" : 3\n}")
    }

    @Test("empty lists and objects print as [] and {}, at the top level and nested, strings untouched")
    func emptyContainers() throws {
        #expect(try JSONText.encode([String]()) == "[]")
        #expect(
            try JSONText.encode(["tags": [String](), "note": ["[\n\n]"]]) == """
                {
                  "note" : [
                    "[\\n\\n]"
                  ],
                  "tags" : []
                }
                """)
        #expect(try JSONText.encode([String: Int]()) == "{}")
    }

    @Test("reports values JSON cannot hold")
    func failure() {
        let error = #expect(throws: EncodingError.self) { try JSONText.encode([Double.nan]) }
        #expect({ if case .invalidValue = error { true } else { false } }())
    }
}
