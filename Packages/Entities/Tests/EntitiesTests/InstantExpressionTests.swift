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
        #expect(error.reason == .outOfRange("10:02"))
        #expect(error.message == "'10:02' is in the future: for last night write yesterday 10:02")
    }

    @Test func aLaterTimeTodaySuggestsYesterday() throws {
        let error = try #require(validationError { try parse("today 23:30") })
        #expect(error.message == "'today 23:30' is in the future: for last night write yesterday 23:30")
        let dated = try #require(validationError { try parse("2026-11-22 09:00") })
        #expect(dated.message == "'2026-11-22 09:00' is in the future: give a time that has already passed")
    }

    @Test(arguments: ["25:00", "9:60", "today 24:00", "2026-11-20 25:00"])
    func refusesImpossibleTimes(_ text: String) throws {
        let error = try #require(validationError { try parse(text) })
        guard case .outOfRange = error.reason else {
            Issue.record("\(text): unexpected \(error.reason)")
            return
        }
        #expect(error.message.contains("is not a time of day: use 00:00 to 23:59"))
    }

    @Test(arguments: ["-5m ago", "0m ago", "1001h ago"])
    func refusesDurationsAgoOutOfRange(_ text: String) throws {
        let error = try #require(validationError { try parse(text) })
        #expect(error.reason == .outOfRange(text))
    }

    @Test(arguments: [
        "10 min ago ago", "ago", "10 ago", "5s ago", "tomorrow 9:00", "yesterday", "0915", "2026-11-20",
        "2026-11-20T17", "2026-11-20T17:00:00.5Z", "2026-11-20T17:00+25:00", "2026-11-20T17:00+01:",
        "2026-11-20 17:00 x", "noon", "in 10 min",
    ])
    func refusesWhatIsNotAnInstant(_ text: String) throws {
        let error = try #require(validationError { try parse(text) })
        guard case .invalidFormat = error.reason else {
            Issue.record("\(text): unexpected \(error.reason)")
            return
        }
    }

    @Test func unreadableInputGetsAHintWithExamples() throws {
        let error = try #require(validationError { try parse("10 min ago ago") })
        #expect(error.reason == .invalidFormat("10 min ago ago"))
        #expect(
            error.message
                == "could not read '10 min ago ago' as a time: use now, 09:15, 10 min ago, yesterday 17:00 "
                + "or 2026-11-20 17:00")
    }

    @Test func impossibleDatesAreNamed() throws {
        let error = try #require(validationError { try parse("2026-02-30 10:00") })
        #expect(error.message.hasPrefix("'2026-02-30' is not a real date"))
    }

    @Test func refusesEmptyAndHugeInput() throws {
        #expect(validationError { try parse(" ") }?.reason == .empty)
        let huge = try #require(validationError { try parse(String(repeating: "9", count: 1 << 20)) })
        #expect(huge.message.count < 200)
    }
}
