import Entities
import Foundation
import Testing

struct InstantExpressionTests {
    /// Parses in UTC at `Fixture.now` (Saturday 2026-11-21 10:00 UTC).
    private func parse(_ text: String, now: Date = Fixture.now, zone: String = "UTC") throws -> Date {
        try InstantExpression.parse(text, field: "at", now: now, timeZone: try Fixture.zone(zone))
    }

    @Test(arguments: [
        ("now", "2026-11-21T10:00:00Z"),
        ("NOW", "2026-11-21T10:00:00Z"),
        ("09:15", "2026-11-21T09:15:00Z"),
        (" 9:15 ", "2026-11-21T09:15:00Z"),
        ("today 9:00", "2026-11-21T09:00:00Z"),
        ("yesterday 17:00", "2026-11-20T17:00:00Z"),
        ("Yesterday  23:30", "2026-11-20T23:30:00Z"),
        ("2026-11-20 17:00", "2026-11-20T17:00:00Z"),
        ("2026-11-20T17:00", "2026-11-20T17:00:00Z"),
        ("2026-11-20t17:00:30", "2026-11-20T17:00:30Z"),
        ("2026-11-20T17:00:00Z", "2026-11-20T17:00:00Z"),
        ("2026-11-20T18:00:00+01:00", "2026-11-20T17:00:00Z"),
        ("2026-11-20T12:00-05:00", "2026-11-20T17:00:00Z"),
        ("2026-11-20T18:00+0100", "2026-11-20T17:00:00Z"),
        ("2026-11-20 19:00+02", "2026-11-20T17:00:00Z"),
        ("9am", "2026-11-21T09:00:00Z"),
        ("9:30 AM", "2026-11-21T09:30:00Z"),
        ("17:00 yesterday", "2026-11-20T17:00:00Z"),
        ("yesterday 5pm", "2026-11-20T17:00:00Z"),
        ("5 pm yesterday", "2026-11-20T17:00:00Z"),
        ("fri 10:00", "2026-11-20T10:00:00Z"),
        ("10:00 fri", "2026-11-20T10:00:00Z"),
        ("sat 08:00", "2026-11-21T08:00:00Z"),
        ("last mon 9am", "2026-11-16T09:00:00Z"),
        ("nov 1 14:00", "2026-11-01T14:00:00Z"),
        ("dec 1 14:00", "2025-12-01T14:00:00Z"),
        ("yesterday noon", "2026-11-20T12:00:00Z"),
        ("midnight", "2026-11-21T00:00:00Z"),
    ])
    func readsClockTimesAndDates(_ text: String, expected: String) throws {
        #expect(try parse(text) == Fixture.instant(expected))
    }

    @Test(arguments: [
        ("10 min ago", 10), ("10m ago", 10), ("10 mins ago", 10), ("10 minutes ago", 10), ("90 minutes ago", 90),
        ("2 hours ago", 120), ("2 hrs ago", 120), ("1 hour 30 min ago", 90), ("1h30m ago", 90), ("1.5h ago", 90),
        ("45M AGO", 45),
    ])
    func readsDurationsAgo(_ text: String, minutes: Double) throws {
        #expect(try parse(text) == TimeFixture.minute(-minutes))
    }

    @Test func localTimesUseTheGivenTimeZone() throws {
        #expect(try parse("09:15", zone: "Europe/Berlin") == Fixture.instant("2026-11-21T08:15:00Z"))
        #expect(try parse("2026-11-20 17:00", zone: "Europe/Berlin") == Fixture.instant("2026-11-20T16:00:00Z"))
        #expect(try parse("2026-11-20T17:00Z", zone: "Europe/Berlin") == Fixture.instant("2026-11-20T17:00:00Z"))
    }

    @Test func todayAndYesterdayAreTheUsersCalendarDays() throws {
        // 23:30 UTC is already 00:30 on Sunday in Berlin.
        let lateNight = try Fixture.instant("2026-11-21T23:30:00Z")
        #expect(try parse("00:10", now: lateNight, zone: "Europe/Berlin") == Fixture.instant("2026-11-21T23:10:00Z"))
        #expect(
            try parse("yesterday 23:00", now: lateNight, zone: "Europe/Berlin")
                == Fixture.instant("2026-11-21T22:00:00Z"))
    }

    @Test func aLocalTimeInTheSpringForwardGapResolvesForward() throws {
        let afternoon = try Fixture.instant("2026-03-29T12:00:00Z")
        let expected = try Fixture.instant("2026-03-29T03:30:00+02:00")
        #expect(try parse("2026-03-29 02:30", now: afternoon, zone: "Europe/Berlin") == expected)
        #expect(try parse("02:30", now: afternoon, zone: "Europe/Berlin") == expected)
    }

    @Test func upToAMinuteAheadIsStillNow() throws {
        #expect(try parse("10:01") == TimeFixture.minute(1))
        let error = try #require(validationError { try parse("10:02") })
        #expect(error.field == "at")
        #expect(error.reason == .typedInstantInFuture(excerpt: "10:02", seconds: 120, sameDayTime: "10:02"))
        #expect(error.message == "'10:02' is 2m in the future")
    }

    @Test func aLaterTimeTodayCarriesTheClockTimeTyped() throws {
        let error = try #require(validationError { try parse("today 23:30") })
        #expect(
            error.reason
                == .typedInstantInFuture(excerpt: "today 23:30", seconds: 13 * 3600 + 1800, sameDayTime: "23:30"))
        #expect(error.message == "'today 23:30' is 13h 30m in the future")
        let early = try #require(validationError { try parse("9:15", now: Fixture.instant("2026-11-21T08:00:00Z")) })
        #expect(early.reason == .typedInstantInFuture(excerpt: "9:15", seconds: 75 * 60, sameDayTime: "9:15"))
        let dated = try #require(validationError { try parse("2026-11-22 09:00") })
        #expect(
            dated.reason == .typedInstantInFuture(excerpt: "2026-11-22 09:00", seconds: 23 * 3600, sameDayTime: nil))
        let ago = try #require(validationError { try parse("2026-11-21T10:00:00-01:00") })
        #expect(
            ago.reason == .typedInstantInFuture(excerpt: "2026-11-21T10:00:00-01:00", seconds: 3600, sameDayTime: nil))
    }

    @Test(arguments: ["25:00", "9:60", "today 24:00", "2026-11-20 25:00"])
    func refusesImpossibleTimes(_ text: String) throws {
        let error = try #require(validationError { try parse(text) })
        let time = try #require(text.split(separator: " ").last.map(String.init))
        #expect(error.reason == .outOfRange(excerpt: time, expected: .timeOfDay))
        #expect(error.message == "\(time) is not a time of day")
    }

    @Test func refusesMoreThan59Seconds() throws {
        let error = try #require(validationError { try parse("2026-11-20 17:00:60") })
        #expect(error.reason == .outOfRange(excerpt: "2026-11-20 17:00:60", expected: .instant))
        #expect(error.message == "'2026-11-20 17:00:60' has more than 59 seconds")
    }

    @Test func refusesANegativeTimeAgo() throws {
        let error = try #require(validationError { try parse("-5m ago") })
        #expect(error.reason == .negativeAmount(excerpt: "-5m ago", expected: .instant))
        #expect(error.message == "at '-5m ago' cannot be negative")
    }

    @Test(arguments: ["0m ago", "1001h ago", "0.001m ago"])
    func refusesDurationsAgoOutOfRange(_ text: String) throws {
        let error = try #require(validationError { try parse(text) })
        #expect(error.reason == .timeAgoOutOfRange(excerpt: text, limit: 3_600_000))
        #expect(error.message == "'\(text)' is out of range: the time ago must be more than zero and at most 1000h")
    }

    @Test(arguments: [
        "0001-01-01T00:00:00Z", "1969-12-31 23:59", "1970-01-01T00:30+01:00", "0000-01-01 00:00",
        "99999-01-01T00:00:00Z", "12345678901234567890-01-01 10:00",
    ])
    func refusesInstantsOutsideTheAcceptedRange(_ text: String) throws {
        let error = try #require(validationError { try parse(text) })
        #expect(error.field == "at")
        #expect(error.reason == .instantOutOfRange(excerpt: text), "quoted as typed")
        #expect(error.message.hasPrefix("at '\(text)' is outside the supported times"))
    }

    @Test func acceptsTheFirstAcceptedInstant() throws {
        #expect(try parse("1970-01-01T00:00:00Z") == Date(timeIntervalSince1970: 0))
        #expect(try parse("1969-12-31T23:30-01:00") == Date(timeIntervalSince1970: 1800))
    }

    @Test func aTimeAgoBeforeTheEpochIsOutOfRange() throws {
        let error = try #require(validationError { try parse("2 hours ago", now: Date(timeIntervalSince1970: 3600)) })
        #expect(error.reason == .instantOutOfRange(excerpt: "2 hours ago"))
    }

    @Test(arguments: [
        "10 min ago ago", "ago", "10 ago", "5s ago", "yesterday", "0915", "2026-11-20",
        "2026-11-20T17", "2026-11-20T17:00:00.5Z", "2026-11-20T17:00+25:00", "2026-11-20T17:00+01:",
        "2026-11-20 17:00 x", "in 10 min", "lunch",
    ])
    func refusesWhatIsNotAnInstant(_ text: String) throws {
        let error = try #require(validationError { try parse(text) })
        // Text that failed after being read as a date and time is quoted as it was read (lowercased).
        let asTyped = ValidationError.Reason.invalidFormat(excerpt: text, expected: .instant)
        let asRead = ValidationError.Reason.invalidFormat(excerpt: text.lowercased(), expected: .instant)
        #expect(error.reason == asTyped || error.reason == asRead)
        #expect(error.field == "at")
    }

    @Test func aDayAheadWithATimeIsInTheFutureNotUnreadable() throws {
        let error = try #require(validationError { try parse("tomorrow 9:00") })
        #expect(error.reason == .typedInstantInFuture(excerpt: "tomorrow 9:00", seconds: 82_800, sameDayTime: nil))
    }

    @Test func unreadableInputGetsAHintWithExamples() throws {
        let error = try #require(validationError { try parse("10 min ago ago") })
        #expect(error.reason == .invalidFormat(excerpt: "10 min ago ago", expected: .instant))
        #expect(error.message == "could not read '10 min ago ago' as a time")
    }

    @Test func impossibleDatesAreNamed() throws {
        let error = try #require(validationError { try parse("2026-02-30 10:00") })
        #expect(
            error.reason
                == .notARealDate(
                    excerpt: "2026-02-30", problem: .noSuchDay(year: 2026, month: 2, daysInMonth: 28),
                    expected: .instant))
        #expect(error.message == "'2026-02-30' is not a real date (month 2 of 2026 has 28 days)")
        let month = try #require(validationError { try parse("2026-00-10T10:00Z") })
        #expect(month.reason == .notARealDate(excerpt: "2026-00-10", problem: .noSuchMonth(0), expected: .instant))
    }

    @Test func refusesEmptyAndHugeInput() throws {
        let empty = try #require(validationError { try parse(" ") })
        #expect(empty.reason == .empty(.instant))
        #expect(empty.message == "at is empty")
        let huge = try #require(validationError { try parse(String(repeating: "9", count: 1 << 20)) })
        #expect(huge.reason == .invalidFormat(excerpt: String(repeating: "9", count: 40) + "…", expected: .instant))
        #expect(huge.message.count < 200)
    }
}
