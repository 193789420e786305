import Entities
import Testing

/// Every test reads expressions on Saturday 2026-11-21.
struct DayExpressionTests {
    @Test(arguments: [
        ("2026-12-01", "2026-12-01"),
        ("today", "2026-11-21"),
        ("  TODAY ", "2026-11-21"),
        ("tomorrow", "2026-11-22"),
        ("Yesterday", "2026-11-20"),
        ("+3d", "2026-11-24"),
        ("3d", "2026-11-24"),
        ("-1d", "2026-11-20"),
        ("+0d", "2026-11-21"),
        ("+2w", "2026-12-05"),
        ("-2w", "2026-11-07"),
        ("+10d", "2026-12-01"),
        ("+41d", "2027-01-01"),
        ("3 days ago", "2026-11-18"),
        ("1 day ago", "2026-11-20"),
        ("0 days ago", "2026-11-21"),
        ("a week ago", "2026-11-14"),
        ("2  Weeks  ago", "2026-11-07"),
        ("10 d ago", "2026-11-11"),
        ("in 3 days", "2026-11-24"),
        ("in a week", "2026-11-28"),
        ("in 2 wks", "2026-12-05"),
    ])
    func readsDatesAndOffsets(_ text: String, expected: String) throws {
        #expect(try DayExpression.parse(text, today: Fixture.saturday()).iso == expected)
    }

    @Test(arguments: [
        ("monday", "2026-11-23"), ("mon", "2026-11-23"),
        ("tuesday", "2026-11-24"), ("tue", "2026-11-24"),
        ("wednesday", "2026-11-25"), ("wed", "2026-11-25"),
        ("thursday", "2026-11-26"), ("thu", "2026-11-26"),
        ("friday", "2026-11-27"), ("Fri", "2026-11-27"),
        ("saturday", "2026-11-28"), ("sat", "2026-11-28"),
        ("sunday", "2026-11-22"), ("SUN", "2026-11-22"),
    ])
    func readsWeekdaysAsTheNextOneStrictlyAfterToday(_ text: String, expected: String) throws {
        #expect(try DayExpression.parse(text, today: Fixture.saturday()).iso == expected)
    }

    @Test func rejectsAnImpossibleDate() throws {
        let error = try #require(validationError { try DayExpression.parse("2026-02-30", today: Fixture.saturday()) })
        #expect(error.field == "due")
        #expect(
            error.reason
                == .notARealDate(
                    excerpt: "2026-02-30", problem: .noSuchDay(year: 2026, month: 2, daysInMonth: 28), expected: .day))
        #expect(error.message == "'2026-02-30' is not a real date (month 2 of 2026 has 28 days)")
    }

    @Test func rejectsAMonthThatDoesNotExist() throws {
        let error = try #require(validationError { try DayExpression.parse("2026-13-01", today: Fixture.saturday()) })
        #expect(error.reason == .notARealDate(excerpt: "2026-13-01", problem: .noSuchMonth(13), expected: .day))
        #expect(error.message == "'2026-13-01' is not a real date (months run from 01 to 12)")
    }

    @Test(arguments: ["1969-12-31", "0000-01-01", "0001-01-01", "99999-01-01", "123456789012345678901234-01-01"])
    func rejectsDatesOutsideTheAcceptedRange(_ text: String) throws {
        let error = try #require(validationError { try DayExpression.parse(text, today: Fixture.saturday()) })
        #expect(error.field == "due")
        #expect(error.reason == .dayOutOfRange(excerpt: text))
    }

    @Test func acceptsTheEndsOfTheAcceptedRange() throws {
        #expect(try DayExpression.parse("1970-01-01", today: Fixture.saturday()).iso == "1970-01-01")
        #expect(try DayExpression.parse("9999-12-31", today: Fixture.saturday()).iso == "9999-12-31")
    }

    @Test func refusesAnOffsetThatLandsBefore1970() throws {
        let error = try #require(validationError { try DayExpression.parse("-36525d", today: Fixture.saturday()) })
        #expect(error.reason == .dayOutOfRange(excerpt: "-36525d"))
        let early = try Fixture.day("1970-01-01")
        #expect(
            validationError { try DayExpression.parse("yesterday", today: early) }?.reason
                == .dayOutOfRange(excerpt: "yesterday"))
    }

    @Test(arguments: [
        "nextyear", "+d", "d", "+3", "3x", "fr", "mondays", "2026-12-01x", "12/01/2026", "+-3d", "1.5d", "3 months ago",
        "-3 days ago", "1.5 days ago", "days ago", "in 3", "in days 3", "3 days", "three days ago", "3 days ago ago",
    ])
    func rejectsUnknownForms(_ text: String) throws {
        let error = try #require(validationError { try DayExpression.parse(text, today: Fixture.saturday()) })
        #expect(error.reason == .invalidFormat(excerpt: text, expected: .day))
        #expect(error.message == "could not read '\(text)' as a date")
    }

    @Test(arguments: ["", "   "])
    func rejectsEmptyInput(_ text: String) throws {
        let error = try #require(validationError { try DayExpression.parse(text, today: Fixture.saturday()) })
        #expect(error.reason == .empty(.day))
        #expect(error.message == "due is empty")
    }

    @Test(arguments: [
        "+99999d", "-99999w", "+99999999999999999999999d", "5218 weeks ago", "in 99999999999999999999 days",
    ])
    func rejectsOffsetsBeyondACentury(_ text: String) throws {
        let error = try #require(validationError { try DayExpression.parse(text, today: Fixture.saturday()) })
        #expect(error.reason == .offsetTooFar(excerpt: text, limitDays: 36_525))
        #expect(error.message == "due '\(text)' is too far away: offsets are limited to 36525 days")
    }

    @Test func quotesOnlyAnExcerptOfHugeInput() throws {
        let huge = String(repeating: "z", count: 1 << 20)
        let error = try #require(validationError { try DayExpression.parse(huge, today: Fixture.saturday()) })
        #expect(error.reason == .invalidFormat(excerpt: String(repeating: "z", count: 40) + "…", expected: .day))
        #expect(error.message.count < 200)
    }

    @Test func namesTheFieldTheCallerAsksFor() throws {
        let error = validationError { try DayExpression.parse("soon", today: Fixture.saturday(), field: "since") }
        #expect(error?.field == "since")
    }
}

/// Issue 10: a day name means what a person means, read on Saturday 2026-11-21 (and a Sunday where it matters).
struct DayExpressionLeaningTests {
    func past(_ text: String, today: Day? = nil) throws -> String {
        try DayExpression.parse(text, today: today ?? Fixture.saturday(), field: "date", leaning: .past).iso
    }

    func future(_ text: String, today: Day? = nil) throws -> String {
        try DayExpression.parse(text, today: today ?? Fixture.saturday(), leaning: .future).iso
    }

    @Test(arguments: [
        ("fri", "2026-11-20"), ("mon", "2026-11-16"), ("sat", "2026-11-21"), ("sunday", "2026-11-15"),
        ("thurs", "2026-11-19"), ("tues", "2026-11-17"),
    ])
    func aWeekdayLookingBackIsTheLatestOneTodayIncluded(_ text: String, expected: String) throws {
        #expect(try past(text) == expected)
    }

    @Test func onASundayFridayIsTwoDaysAgoNotNextWeek() throws {
        let sunday = try Fixture.saturday().adding(days: 1)
        #expect(try past("fri", today: sunday) == "2026-11-20")
        #expect(try future("fri", today: sunday) == "2026-11-27")
    }

    @Test(arguments: [
        ("next mon", "2026-11-23", "2026-11-23"), ("next sat", "2026-11-28", "2026-11-28"),
        ("last mon", "2026-11-16", "2026-11-16"), ("last sat", "2026-11-14", "2026-11-14"),
        ("sow", "2026-11-16", "2026-11-16"), ("eow", "2026-11-22", "2026-11-22"),
        ("this week", "2026-11-16", "2026-11-16"), ("next week", "2026-11-23", "2026-11-23"),
        ("last week", "2026-11-09", "2026-11-09"), ("som", "2026-11-01", "2026-11-01"),
        ("eom", "2026-11-30", "2026-11-30"), ("next month", "2026-12-01", "2026-12-01"),
        ("last month", "2026-10-01", "2026-10-01"), ("soy", "2026-01-01", "2026-01-01"),
        ("eoy", "2026-12-31", "2026-12-31"), ("eod", "2026-11-21", "2026-11-21"), ("sod", "2026-11-21", "2026-11-21"),
        ("dec 1", "2026-12-01", "2025-12-01"), ("1 December", "2026-12-01", "2025-12-01"),
        ("nov 21", "2026-11-21", "2026-11-21"), ("nov 3rd", "2027-11-03", "2026-11-03"),
        ("sept 9", "2027-09-09", "2026-09-09"), ("  next   week ", "2026-11-23", "2026-11-23"),
        ("feb 29", "2028-02-29", "2024-02-29"),
    ])
    func namedDaysMeanTheSameEitherWayButMonthDaysLean(_ text: String, ahead: String, behind: String) throws {
        #expect(try future(text) == ahead)
        #expect(try past(text) == behind)
    }

    @Test(arguments: ["dec 32", "feb 30", "apr 31"])
    func aMonthDayThatDoesNotExistSaysSo(_ text: String) throws {
        let error = try #require(validationError { try DayExpression.parse(text, today: Fixture.saturday()) })
        guard case .notARealDate = error.reason else {
            Issue.record("expected notARealDate, got \(error.reason)")
            return
        }
    }

    @Test(arguments: ["next", "last", "next fortnight", "dec", "1 2", "decem 1", "mo"])
    func halfAnExpressionIsUnreadable(_ text: String) throws {
        let error = try #require(validationError { try DayExpression.parse(text, today: Fixture.saturday()) })
        #expect(error.reason == .invalidFormat(excerpt: text, expected: .day))
    }
}
