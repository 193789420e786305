import Foundation
import Testing

@testable import TerminalUI

@Suite("CalendarDay")
struct CalendarDayTests {
    @Test("iso writes every day zero-padded, the years before 1000 and past 9999 included")
    func isoPadding() throws {
        for year in [-5, 0, 1, 9, 10, 99, 100, 999, 1000, 2026, 9999, 10_000] {
            for month in [1, 9, 10, 12] {
                let value = try #require(CalendarDay(year: year, month: month, day: 7))
                let yearText =
                    year < 0
                    ? String(year) : String(repeating: "0", count: max(0, 4 - String(year).count)) + String(year)
                #expect(value.iso == yearText + "-" + (month < 10 ? "0" : "") + String(month) + "-07")
            }
        }
    }

    @Test("parses strict ISO dates and rejects everything else")
    func parsing() throws {
        let day = try #require(CalendarDay(iso: "2026-12-01"))
        #expect(day.year == 2026 && day.month == 12 && day.day == 1)
        #expect(day.iso == "2026-12-01")
        #expect(day.description == "2026-12-01")
        #expect(CalendarDay(iso: "2024-02-29") != nil)
        for bad in [
            "2026-02-29", "2026-13-01", "2026-00-10", "2026-04-31", "2026-1-01", "26-01-01", "2026/01/01",
            "", "2026-01-01 ", "２０２６-01-01", "abcd-ef-gh", "2026-01-1x",
        ] {
            #expect(CalendarDay(iso: bad) == nil, "\(bad) should be rejected")
        }
    }

    @Test("validates components, including leap years")
    func validation() {
        #expect(CalendarDay(year: 2000, month: 2, day: 29) != nil)
        #expect(CalendarDay(year: 1900, month: 2, day: 29) == nil)
        #expect(CalendarDay(year: 2024, month: 2, day: 29) != nil)
        #expect(CalendarDay(year: 2025, month: 2, day: 29) == nil)
        #expect(CalendarDay(year: 2025, month: 6, day: 0) == nil)
        #expect(CalendarDay(year: 2025, month: 12, day: 31) != nil)
        #expect(CalendarDay(year: 987, month: 1, day: 2)?.iso == "0987-01-02")
    }

    @Test("adds days across month, year and leap-day boundaries")
    func arithmetic() throws {
        let leapEve = try #require(CalendarDay(iso: "2024-02-28"))
        #expect(leapEve.adding(days: 1).iso == "2024-02-29")
        #expect(leapEve.adding(days: 2).iso == "2024-03-01")
        let newYearsEve = try #require(CalendarDay(iso: "2025-12-31"))
        #expect(newYearsEve.adding(days: 1).iso == "2026-01-01")
        #expect(newYearsEve.adding(days: -365).iso == "2024-12-31")
        let start = try #require(CalendarDay(iso: "2026-01-01"))
        #expect(start.adding(days: -10_000).iso == "1998-08-16")
        #expect(start.adding(days: 0) == start)

        let later = try #require(CalendarDay(iso: "2026-03-01"))
        let earlier = try #require(CalendarDay(iso: "2024-02-29"))
        #expect(later.days(since: earlier) == 731)
        #expect(earlier.days(since: later) == -731)
    }

    @Test("weekday is ISO numbered, Monday = 1")
    func weekday() throws {
        let expectations = [
            "2026-12-01": 2, "2024-02-29": 4, "1970-01-01": 4, "2000-03-01": 3, "1999-12-31": 5,
            "1969-12-29": 1, "2026-11-29": 7,
        ]
        for (iso, weekday) in expectations {
            #expect(try #require(CalendarDay(iso: iso)).weekday == weekday, "\(iso)")
        }
    }

    @Test("orders chronologically")
    func ordering() throws {
        let days = try ["2026-01-10", "2025-12-31", "2026-01-02"].map { try #require(CalendarDay(iso: $0)) }
        #expect(days.sorted().map(\.iso) == ["2025-12-31", "2026-01-02", "2026-01-10"])
    }

    @Test("finds the calendar day of a moment in a given time zone")
    func fromDate() throws {
        // 2026-03-01T02:30:00Z
        let moment = Date(timeIntervalSince1970: 1_772_332_200)
        let utc = try #require(TimeZone(identifier: "UTC"))
        let newYork = try #require(TimeZone(identifier: "America/New_York"))
        let tokyo = try #require(TimeZone(identifier: "Asia/Tokyo"))
        #expect(CalendarDay.from(moment, in: utc).iso == "2026-03-01")
        #expect(CalendarDay.from(moment, in: newYork).iso == "2026-02-28")
        #expect(CalendarDay.from(moment, in: tokyo).iso == "2026-03-01")
        #expect(CalendarDay.from(Date(timeIntervalSince1970: -1), in: utc).iso == "1969-12-31")
    }

    @Test("encodes as an ISO string and rejects bad strings when decoding")
    func codable() throws {
        let day = try #require(CalendarDay(iso: "2026-12-01"))
        let data = try JSONEncoder().encode([day])
        #expect(String(decoding: data, as: UTF8.self) == #"["2026-12-01"]"#)
        #expect(try JSONDecoder().decode([CalendarDay].self, from: data) == [day])
        let error = #expect(throws: DecodingError.self) {
            try JSONDecoder().decode([CalendarDay].self, from: Data(#"["2026-02-30"]"#.utf8))
        }
        #expect({ if case .dataCorrupted = error { true } else { false } }(), "the value itself is refused")
    }
}
