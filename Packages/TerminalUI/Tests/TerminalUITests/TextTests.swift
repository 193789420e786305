import Foundation
import Testing

@testable import TerminalUI

@Suite("DurationText")
struct DurationTextTests {
    @Test(
        "formats hours and minutes",
        arguments: [
            (0, "0m"), (1, "<1m"), (59, "<1m"), (60, "1m"), (45 * 60, "45m"), (3_599, "59m"), (3_600, "1h 00m"),
            (3_660, "1h 01m"), (90 * 60, "1h 30m"), (9 * 3_600 + 6 * 60 + 59, "9h 06m"), (26 * 3_600, "26h 00m"),
            (26 * 3_600 + 60, "26h 01m"), (1_000 * 3_600, "1000h 00m"), (-90 * 60, "-1h 30m"), (-65 * 60, "-1h 05m"),
        ])
    func format(seconds: Int, expected: String) {
        #expect(DurationText.format(seconds: seconds) == expected)
    }

    @Test("minutes read the same as their seconds, and never overflow")
    func minutes() {
        #expect(DurationText.format(minutes: 0) == "0m")
        #expect(DurationText.format(minutes: 5) == "5m")
        #expect(DurationText.format(minutes: 65) == "1h 05m")
        #expect(DurationText.format(minutes: 1_930) == "32h 10m")
        #expect(DurationText.format(minutes: Int.max).hasSuffix("m"))
        #expect(DurationText.format(seconds: Int.min).hasPrefix("-"))
    }

    @Test("right-aligned in a column, the hours and minutes of every value line up")
    func aligned() {
        let values = [45 * 60, 65 * 60, 9 * 3_600 + 360, 16 * 3_600 + 480].map { DurationText.format(seconds: $0) }
        let width = values.map(\.count).max() ?? 0
        let padded = values.map { String(repeating: " ", count: width - $0.count) + $0 }
        #expect(padded == ["    45m", " 1h 05m", " 9h 06m", "16h 08m"])
        let hourMarks = padded.dropFirst().map { $0.firstIndex(of: "h")?.utf16Offset(in: $0) }
        #expect(Set(hourMarks) == [2])
    }
}

@Suite("NumberText")
struct NumberTextTests {
    @Test("groups thousands with commas whatever the locale")
    func grouped() {
        #expect(NumberText.grouped(0) == "0")
        #expect(NumberText.grouped(999) == "999")
        #expect(NumberText.grouped(1_000) == "1,000")
        #expect(NumberText.grouped(12_000) == "12,000")
        #expect(NumberText.grouped(1_234_567) == "1,234,567")
        #expect(NumberText.grouped(-1_234) == "-1,234")
        #expect(NumberText.grouped(Int.min).hasPrefix("-9,223"))
    }
}

@Suite("TextWrap")
struct TextWrapTests {
    @Test("breaks at spaces within the width, never inside a duration or a word")
    func wraps() {
        let text = "today 1h 05m (45m on timers) · this week 12h 30m (45m on timers)"
        let lines = TextWrap.lines(text, width: 30)
        #expect(lines == ["today 1h 05m (45m on timers) ·", "this week 12h 30m (45m on", "timers)"])
        for line in lines { #expect(DisplayWidth.of(line) <= 30) }
        #expect(TextWrap.lines("a 10h 05m", width: 6) == ["a", "10h 05m"])
        #expect(TextWrap.lines("one two · three", width: 8) == ["one", "two ·", "three"])
        let note = "Numbers from finance are in the shared drive, ask Dana"
        #expect(
            TextWrap.lines(note, indent: "  ", width: 30) == [
                "  Numbers from finance are in", "  the shared drive, ask Dana",
            ])
        #expect(TextWrap.lines(note, indent: "  ", width: 21) == ["  " + note])
        #expect(TextWrap.lines("", indent: "  ", width: 30) == [""])
        #expect(TextWrap.lines("short", width: 30) == ["short"])
        #expect(TextWrap.lines(text, width: nil) == [text])
        #expect(TextWrap.lines("", width: 10) == [""])
        let id = "3f9a2c1e-0000-4000-8000-000000000000"
        #expect(TextWrap.lines("ID \(id) here", width: 20) == ["ID", id, "here"])
    }

    @Test("measures by display width")
    func wideCharacters() {
        #expect(TextWrap.lines("日本語 日本語 日本語", width: 14) == ["日本語 日本語", "日本語"])
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
