import Entities
import Foundation
import Testing

struct DayRangeTests {
    @Test func aRangeKeepsItsEndsAndCountsItsDays() throws {
        let range = try DayRange(since: Fixture.day("2026-11-01"), until: Fixture.day("2026-11-30"))
        #expect(range.since.iso == "2026-11-01")
        #expect(range.until.iso == "2026-11-30")
        #expect(range.dayCount == 30)
        #expect(range.contains(try Fixture.day("2026-11-15")))
        #expect(!range.contains(try Fixture.day("2026-12-01")))
        #expect(!range.contains(try Fixture.day("2026-10-31")))
    }

    @Test func aSingleDayIsARangeOfOne() throws {
        let day = try Fixture.saturday()
        #expect(try DayRange(since: day, until: day).dayCount == 1)
    }

    @Test func untilBeforeSinceIsRefusedWithBothDays() throws {
        let since = try Fixture.day("2026-11-21")
        let until = try Fixture.day("2026-11-20")
        let error = try #require(validationError { try DayRange(since: since, until: until) })
        #expect(error.field == "until")
        #expect(error.reason == .dayRangeEmpty(since: since, until: until))
        #expect(error.message == "the range would start on 2026-11-21 but end on 2026-11-20, before it starts")
    }

    @Test func instantsRunFromTheFirstDaysStartToTheNextDayAfterTheLast() throws {
        let berlin = try Fixture.zone("Europe/Berlin")
        let range = try DayRange(since: Fixture.day("2026-03-28"), until: Fixture.day("2026-03-29"))
        let instants = range.instants(in: berlin)
        #expect(instants.lowerBound == (try Fixture.instant("2026-03-27T23:00:00Z")))
        // The clocks go forward on the 29th: the range is 47 hours long.
        #expect(instants.upperBound == (try Fixture.instant("2026-03-29T22:00:00Z")))
    }

    @Test func theLastAcceptedDayEndsAtTheEndOfTheAcceptedInstants() throws {
        let last = AcceptedRange.days.upperBound
        let range = try DayRange(since: last, until: last)
        let utc = try Fixture.zone("UTC")
        #expect(range.instants(in: utc).upperBound == AcceptedRange.instants.upperBound)
        #expect(range.instants(in: utc).lowerBound == AcceptedRange.instants.upperBound.addingTimeInterval(-86_400))
    }
}

struct AcceptedRangeTests {
    @Test func instantsRunFrom1970UpToTheYear10000() throws {
        #expect(AcceptedRange.instants.lowerBound == (try Fixture.instant("1970-01-01T00:00:00Z")))
        #expect(AcceptedRange.instants.upperBound == Date(timeIntervalSince1970: 253_402_300_800))
        #expect(AcceptedRange.instants.upperBound.ISO8601Format() == "10000-01-01T00:00:00Z")
    }

    @Test func daysRunFrom1970ThroughTheLastDayOf9999() {
        #expect(AcceptedRange.days.lowerBound.iso == "1970-01-01")
        #expect(AcceptedRange.days.upperBound.iso == "9999-12-31")
    }
}

struct DayParseTests {
    @Test(arguments: ["2026-11-21", "1970-01-01", "9999-12-31", "2024-02-29"])
    func readsDaysInTheAcceptedRange(_ text: String) throws {
        #expect(try Day.parse(iso: text, field: "due").iso == text)
    }

    @Test(arguments: ["1969-12-31", "0000-01-01", "0001-01-01", "99999-01-01", "99999-13-45"])
    func refusesDaysOutsideTheAcceptedRange(_ text: String) throws {
        let error = try #require(validationError { try Day.parse(iso: text, field: "due") })
        #expect(error.field == "due")
        #expect(error.reason == .dayOutOfRange(excerpt: text))
        #expect(error.message == "due '\(text)' is outside the supported dates, 1970-01-01 to 9999-12-31")
    }

    @Test func refusesDaysThatAreNotOnTheCalendar() throws {
        let error = try #require(validationError { try Day.parse(iso: "2025-02-29", field: "due") })
        #expect(
            error.reason
                == .notARealDate(
                    excerpt: "2025-02-29", problem: .noSuchDay(year: 2025, month: 2, daysInMonth: 28), expected: .day))
        #expect(
            validationError { try Day.parse(iso: "2025-00-01", field: "due") }?.reason
                == .notARealDate(excerpt: "2025-00-01", problem: .noSuchMonth(0), expected: .day))
    }

    @Test(arguments: [" 2026-11-21", "2026-11-21 ", "2026/11/21", "26-11-21", "2026-1-21", "today", "", "２０２６-11-21"])
    func refusesOtherShapes(_ text: String) throws {
        let error = try #require(validationError { try Day.parse(iso: text, field: "due") })
        #expect(error.reason == .invalidFormat(excerpt: text, expected: .day))
    }

    @Test func quotesOnlyAnExcerptOfAHugeValue() throws {
        let huge = String(repeating: "9", count: 1 << 20) + "-01-01"
        let error = try #require(validationError { try Day.parse(iso: huge, field: "due") })
        #expect(error.reason == .invalidFormat(excerpt: String(repeating: "9", count: 40) + "…", expected: .day))
    }
}

struct LoggedStartTests {
    private let utc = TimeZone(secondsFromGMT: 0) ?? .current

    private func start(seconds: Int = 45 * 60, day: String?, at time: String?) throws -> Date {
        TimeEntry.loggedStart(
            durationSeconds: seconds, day: try day.map(Fixture.day), start: try time.map { try TimeOfDay.parse($0) },
            today: try Fixture.saturday(), now: Fixture.now, timeZone: utc)
    }

    @Test func withoutDayOrStartTheWorkEndsNow() throws {
        #expect(try start(day: nil, at: nil) == TimeFixture.minute(-45))
    }

    @Test func todayWithoutAStartAlsoEndsNow() throws {
        #expect(try start(day: "2026-11-21", at: nil) == TimeFixture.minute(-45))
    }

    @Test func anotherDayWithoutAStartBeginsAtNine() throws {
        #expect(try start(day: "2026-11-20", at: nil) == (try Fixture.instant("2026-11-20T09:00:00Z")))
    }

    @Test func anExplicitStartIsThatTimeOnTheDay() throws {
        #expect(try start(day: "2026-11-20", at: "14:00") == (try Fixture.instant("2026-11-20T14:00:00Z")))
    }

    @Test func anExplicitStartWithoutADayIsToday() throws {
        #expect(try start(day: nil, at: "8:15") == (try Fixture.instant("2026-11-21T08:15:00Z")))
    }

    @Test func wallClockTimesUseTheGivenZone() throws {
        let berlin = try Fixture.zone("Europe/Berlin")
        let nine = TimeEntry.loggedStart(
            durationSeconds: 600, day: try Fixture.day("2026-11-20"), start: nil, today: try Fixture.saturday(),
            now: Fixture.now, timeZone: berlin)
        #expect(nine == (try Fixture.instant("2026-11-20T08:00:00Z")))
    }
}
