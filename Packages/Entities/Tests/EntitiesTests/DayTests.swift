import Entities
import Foundation
import Testing

struct DayTests {
    @Test("iso writes every day zero-padded, and init(iso:) reads it back")
    func isoRoundTrip() throws {
        for year in [1, 9, 10, 99, 100, 999, 1000, 1969, 1970, 2024, 2026, 9999] {
            for month in 1...12 {
                for day in [1, 9, 10, 28] {
                    let value = try #require(Day(year: year, month: month, day: day))
                    let expected =
                        String(repeating: "0", count: 4 - String(year).count) + String(year) + "-"
                        + (month < 10 ? "0" : "") + String(month) + "-" + (day < 10 ? "0" : "") + String(day)
                    #expect(value.iso == expected)
                    #expect(Day(iso: expected) == value)
                }
            }
        }
        #expect(Day(iso: "2026-1-01") == nil)
        #expect(Day(iso: "2026-01-0x") == nil)
        #expect(Day(iso: "2026-01-01 ") == nil)
        #expect(Day(iso: "2026/01/01") == nil)
    }

    @Test func validatesCalendarDatesIncludingLeapYears() {
        #expect(Day(year: 2024, month: 2, day: 29) != nil)
        #expect(Day(year: 2000, month: 2, day: 29) != nil)
        #expect(Day(year: 2026, month: 2, day: 29) == nil)
        #expect(Day(year: 2100, month: 2, day: 29) == nil)
        #expect(Day(year: 2026, month: 4, day: 31) == nil)
        #expect(Day(year: 2026, month: 13, day: 1) == nil)
        #expect(Day(year: 2026, month: 0, day: 1) == nil)
        #expect(Day(year: 2026, month: 1, day: 0) == nil)
        #expect(Day(year: 0, month: 1, day: 1) == nil)
        #expect(Day(year: 10_000, month: 1, day: 1) == nil)
    }

    @Test(arguments: ["2026-12-01", "2024-02-29", "0001-01-01", "9999-12-31"])
    func isoRoundTrips(_ text: String) throws {
        let day = try #require(Day(iso: text))
        #expect(day.iso == text)
        #expect(day.description == text)
    }

    @Test(arguments: [
        "2026-1-01", "2026-01-1", " 2026-01-01", "2026-01-01 ", "2026/01/01", "20260101", "2026-02-30",
        "２０２６-01-01", "2026-01-01T00:00", "", "+202-01-01",
    ])
    func isoIsStrict(_ text: String) {
        #expect(Day(iso: text) == nil)
    }

    @Test func ordersChronologically() throws {
        let days = try ["2026-12-01", "2025-12-31", "2026-01-15", "2026-01-02"].map(Fixture.day)
        #expect(days.sorted().map(\.iso) == ["2025-12-31", "2026-01-02", "2026-01-15", "2026-12-01"])
    }

    @Test(arguments: [
        ("2026-01-31", 1, "2026-02-01"),
        ("2024-02-28", 1, "2024-02-29"),
        ("2023-02-28", 1, "2023-03-01"),
        ("2100-02-28", 1, "2100-03-01"),
        ("2000-02-28", 1, "2000-02-29"),
        ("2026-03-01", -1, "2026-02-28"),
        ("2024-03-01", -1, "2024-02-29"),
        ("2026-12-31", 1, "2027-01-01"),
        ("2027-01-01", -1, "2026-12-31"),
        ("2026-04-30", 1, "2026-05-01"),
        ("2026-11-21", 0, "2026-11-21"),
        ("2026-11-21", 365, "2027-11-21"),
        ("1970-01-01", -1, "1969-12-31"),
    ])
    func addsDaysAcrossMonthAndYearEnds(start: String, days: Int, expected: String) throws {
        #expect(try Fixture.day(start).adding(days: days).iso == expected)
    }

    @Test func countsDaysBetween() throws {
        let leapYear = try Fixture.day("2024-01-01")
        #expect(try Fixture.day("2025-01-01").days(since: leapYear) == 366)
        #expect(try Fixture.day("2026-01-01").days(since: Fixture.day("2025-01-01")) == 365)
        #expect(try leapYear.days(since: Fixture.day("2024-03-01")) == -60)
        #expect(leapYear.days(since: leapYear) == 0)
    }

    @Test func staysWithinSupportedYears() throws {
        let last = try Fixture.day("9999-12-31")
        let first = try Fixture.day("0001-01-01")
        #expect(last.adding(days: 1) == last)
        #expect(last.adding(days: Int.max) == last)
        #expect(first.adding(days: -1) == first)
        #expect(first.adding(days: Int.min) == first)
    }

    @Test(arguments: [
        ("2026-11-16", 1), ("2026-11-20", 5), ("2026-11-21", 6), ("2026-11-22", 7),
        ("2000-01-01", 6), ("1970-01-01", 4), ("1969-12-31", 3), ("2024-02-29", 4),
    ])
    func weekdayIsISO(_ iso: String, weekday: Int) throws {
        #expect(try Fixture.day(iso).weekday == weekday)
    }

    @Test(arguments: [
        ("2026-11-21", "2026-11-16"), ("2026-11-22", "2026-11-16"), ("2026-11-23", "2026-11-23"),
        ("2026-01-01", "2025-12-29"),
    ])
    func startOfWeekIsTheMondayOnOrBefore(_ iso: String, monday: String) throws {
        #expect(try Fixture.day(iso).startOfWeek.iso == monday)
    }

    /// `containing` is arithmetic on the zone's offset; a calendar says what the wall clock shows. They agree on
    /// instants around clock changes, in zones with odd offsets, before 1970 and at the ends of the range.
    @Test(arguments: [
        "UTC", "Europe/Berlin", "America/New_York", "Asia/Kathmandu", "Australia/Lord_Howe", "Pacific/Apia",
    ])
    func containingAgreesWithTheCalendar(zone: String) throws {
        let timeZone = try Fixture.zone(zone)
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        var instants: [Date] = [Date(timeIntervalSince1970: 0), Date(timeIntervalSince1970: -86_400.5)]
        var state: UInt64 = 0x5DEE_CE66
        for _ in 0..<2_000 {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            // Anywhere from 1901 to 2100, to the second, with a fraction now and then.
            let seconds = Double(Int64(bitPattern: state >> 1) % 6_311_390_400) - 2_177_452_800
            instants.append(Date(timeIntervalSince1970: seconds + (state & 1 == 0 ? 0 : 0.25)))
        }
        for instant in instants {
            let parts = calendar.dateComponents([.year, .month, .day], from: instant)
            let expected = try #require(Day(year: parts.year ?? 0, month: parts.month ?? 0, day: parts.day ?? 0))
            #expect(Day.containing(instant, in: timeZone) == expected, "\(instant) in \(zone)")
        }
    }

    @Test func containingFollowsTheWallClockAroundMidnight() throws {
        let newYork = try Fixture.zone("America/New_York")  // UTC-5 in November
        #expect(try Day.containing(Fixture.instant("2026-11-21T04:59:59Z"), in: newYork).iso == "2026-11-20")
        #expect(try Day.containing(Fixture.instant("2026-11-21T05:00:00Z"), in: newYork).iso == "2026-11-21")

        let tokyo = try Fixture.zone("Asia/Tokyo")  // UTC+9
        #expect(try Day.containing(Fixture.instant("2026-11-20T14:59:59Z"), in: tokyo).iso == "2026-11-20")
        #expect(try Day.containing(Fixture.instant("2026-11-20T15:00:00Z"), in: tokyo).iso == "2026-11-21")

        let utc = try Fixture.zone("UTC")
        #expect(try Day.containing(Fixture.instant("2026-11-20T15:00:00Z"), in: utc).iso == "2026-11-20")
    }

    @Test func startIsLocalMidnight() throws {
        let newYork = try Fixture.zone("America/New_York")
        let day = try Fixture.saturday()
        #expect(try day.start(in: newYork) == Fixture.instant("2026-11-21T05:00:00Z"))
        #expect(try day.start(in: Fixture.zone("Asia/Tokyo")) == Fixture.instant("2026-11-20T15:00:00Z"))
        #expect(Day.containing(day.start(in: newYork), in: newYork) == day)
    }

    @Test func startSkipsAMissingMidnight() throws {
        // Brazil moved clocks from 00:00 to 01:00 on 2018-11-04, so that day began at 01:00 (-02:00).
        let saoPaulo = try Fixture.zone("America/Sao_Paulo")
        let day = try Fixture.day("2018-11-04")
        #expect(try day.start(in: saoPaulo) == Fixture.instant("2018-11-04T03:00:00Z"))
        #expect(Day.containing(day.start(in: saoPaulo), in: saoPaulo) == day)
    }

    @Test func startIsTheCalendarsStartOfDayInEveryZone() throws {
        // `start(in:)` takes a calendar only near a clock change; everywhere else it must agree with one. Every
        // zone the system knows, on days spread over 1900–2100 and on the days around each of its clock changes
        // in 2000–2030.
        let utc = try Fixture.zone("UTC")
        func day(atUTCNoonOf serial: Int) -> Day {
            Day.containing(Date(timeIntervalSince1970: TimeInterval(serial) * 86_400 + 43_200), in: utc)
        }
        var generator = SystemRandomNumberGenerator()
        var checked = 0
        for identifier in TimeZone.knownTimeZoneIdentifiers {
            let zone = try #require(TimeZone(identifier: identifier))
            var calendar = Calendar(identifier: .gregorian)
            calendar.timeZone = zone
            var days = (0..<30).map { _ in day(atUTCNoonOf: Int.random(in: -25_567...47_482, using: &generator)) }
            var instant = Date(timeIntervalSince1970: 946_684_800)  // 2000-01-01
            while let change = zone.nextDaylightSavingTimeTransition(after: instant),
                change.timeIntervalSince1970 < 1_893_456_000  // 2030-01-01
            {
                days += [-86_400.0, 0, 86_400].map { Day.containing(change.addingTimeInterval($0), in: zone) }
                instant = change
            }
            for day in days {
                let noon = try #require(
                    calendar.date(from: DateComponents(year: day.year, month: day.month, day: day.day, hour: 12)))
                #expect(day.start(in: zone) == calendar.startOfDay(for: noon), "\(identifier) \(day.iso)")
                checked += 1
            }
        }
        #expect(checked > 10_000)
    }

    @Test func encodesAsTheISOString() throws {
        let day = try Fixture.day("2026-12-01")
        let data = try JSONEncoder().encode([day])
        #expect(String(decoding: data, as: UTF8.self) == #"["2026-12-01"]"#)
        #expect(try JSONDecoder().decode([Day].self, from: data) == [day])
        let error = #expect(throws: DecodingError.self) {
            try JSONDecoder().decode([Day].self, from: Data(#"["2026-02-30"]"#.utf8))
        }
        #expect({ if case .dataCorrupted = error { true } else { false } }(), "the value itself is refused")
    }
}
