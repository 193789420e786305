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
        #expect(error.reason == .invalidFormat("2026-02-30"))
        #expect(error.message.contains("has 28 days"))
    }

    @Test(arguments: ["nextyear", "+d", "d", "+3", "3x", "fr", "mondays", "2026-12-01x", "12/01/2026", "+-3d", "1.5d"])
    func rejectsUnknownForms(_ text: String) throws {
        let error = try #require(validationError { try DayExpression.parse(text, today: Fixture.saturday()) })
        #expect(error.reason == .invalidFormat(text))
        #expect(
            error.message
                == "could not read '\(text)' as a date: use 2026-12-01, today, tomorrow, a weekday (fri) or +3d")
    }

    @Test(arguments: ["", "   "])
    func rejectsEmptyInput(_ text: String) throws {
        let error = try #require(validationError { try DayExpression.parse(text, today: Fixture.saturday()) })
        #expect(error.reason == .empty)
        #expect(error.message.contains("use 2026-12-01"))
    }

    @Test(arguments: ["+99999d", "-99999w", "+99999999999999999999999d"])
    func rejectsOffsetsBeyondACentury(_ text: String) throws {
        let error = try #require(validationError { try DayExpression.parse(text, today: Fixture.saturday()) })
        #expect(error.reason == .outOfRange(text))
    }

    @Test func quotesOnlyAnExcerptOfHugeInput() throws {
        let huge = String(repeating: "z", count: 1 << 20)
        let error = try #require(validationError { try DayExpression.parse(huge, today: Fixture.saturday()) })
        #expect(error.message.count < 200)
    }

    @Test func namesTheFieldTheCallerAsksFor() throws {
        let error = validationError { try DayExpression.parse("soon", today: Fixture.saturday(), field: "since") }
        #expect(error?.field == "since")
    }
}
