import Entities
import Foundation
import Testing

struct RepeatRuleParsingTests {
    @Test(arguments: [
        ("daily", "daily"), ("DAILY", "daily"), ("  Daily\t", "daily"), ("every day", "daily"),
        ("every 1 day", "daily"), ("every d", "daily"),
        ("weekdays", "weekdays"), ("Every Weekday", "weekdays"),
        ("weekly", "weekly"), ("every week", "weekly"), ("every w", "weekly"), ("every 1 weeks", "weekly"),
        ("biweekly", "every 2 weeks"), ("fortnightly", "every 2 weeks"), ("every 2w", "every 2 weeks"),
        ("every 2 weeks", "every 2 weeks"), ("EVERY 2 WEEK", "every 2 weeks"),
        ("every  2   weeks", "every 2 weeks"), ("\t every 2w\t", "every 2 weeks"), ("every   weekday", "weekdays"),
        ("every 3 days", "every 3 days"), ("every 3d", "every 3 days"), ("every 3day", "every 3 days"),
        ("monthly", "monthly"), ("every month", "monthly"), ("every 6m", "every 6 months"),
        ("every 6 months", "every 6 months"),
        ("yearly", "yearly"), ("annually", "yearly"), ("every year", "yearly"), ("every 2y", "every 2 years"),
        ("every 2 years", "every 2 years"),
        ("every 999 days", "every 999 days"), ("every 01 weeks", "weekly"), ("every 0001 days", "daily"),
        ("every 999y", "every 999 years"), ("every 12M", "every 12 months"),
    ])
    func acceptedSpellingsReadToTheCanonicalText(_ typed: String, canonical: String) throws {
        let rule = try RepeatRule.parse(typed)
        #expect(rule.text == canonical)
        #expect(try RepeatRule.parse(rule.text) == rule, "the stored text reads back to the same rule")
    }

    @Test func unitsAndCountsAreKept() throws {
        let fortnight = try RepeatRule.parse("biweekly")
        #expect(fortnight.unit == .week)
        #expect(fortnight.every == 2)
        let weekdays = try RepeatRule.parse("weekdays")
        #expect(weekdays.unit == .weekday)
        #expect(weekdays.every == 1)
        let quarterly = try RepeatRule.parse("every 3 months")
        #expect(quarterly.unit == .month)
        #expect(quarterly.every == 3)
        #expect(RepeatRule.everyLimit == 999)
    }

    @Test(arguments: [
        "", "   ", "every", "every ", "hourly", "every 2 fortnights", "every 2 hours", "every -1 days",
        "every 2.5 weeks", "every ２ weeks", "every 2 weekdays", "every weekdays", "each week", "weekly please",
        "2 weeks",
        // `every` and its count and unit are whole words: glued to `every`, split inside, or in the wrong order
        "every2w", "everyweek", "everyweekday", "every 1 0 days", "every 2 w e e k s", "every 10 000 days",
        "every 2 2 weeks", "every weeks 2", "every w2", "every 2", "every 2 weeks please",
        // working days come one at a time
        "every 2weekday", "every 1 weekday", "every 0 weekdays",
    ])
    func unreadableRulesAreRefused(_ typed: String) throws {
        let error = try #require(validationError { try RepeatRule.parse(typed) })
        #expect(error.field == "repeat")
        #expect(error.reason == .invalidFormat(excerpt: typed, expected: .repeatRule))
    }

    @Test(arguments: [
        "every 0 days", "every 0w", "every 0000 months", "every 1000 days", "every 9999 years",
        // more than four digits is out of range however large, even with leading zeros
        "every 10000 days", "every 10000d", "every 00001 weeks", "every 99999999999999999999 days",
        "every 99999999999999999999y",
    ])
    func countsOfZeroOrOverTheLimitAreOutOfRange(_ typed: String) throws {
        let error = try #require(validationError { try RepeatRule.parse(typed) })
        #expect(error.field == "repeat")
        #expect(error.reason == .outOfRange(excerpt: typed, expected: .repeatRule))
        #expect(error.message == "repeat '\(typed)' is out of range")
    }

    @Test func refusalMessageNamesTheAcceptedForms() throws {
        let error = try #require(validationError { try RepeatRule.parse("hourly") })
        #expect(
            error.message
                == "could not read 'hourly' as a repeat rule (daily, weekdays, weekly, monthly, yearly or every 2w)")
    }

    @Test func aHugeInputIsRefusedWithAShortExcerpt() throws {
        let huge = "every " + String(repeating: "9", count: 9_994)
        #expect(huge.count == 10_000)
        let error = try #require(validationError { try RepeatRule.parse(huge) })
        #expect(error.field == "repeat")
        let excerpt = "every " + String(repeating: "9", count: 34) + "…"
        #expect(error.reason == .invalidFormat(excerpt: excerpt, expected: .repeatRule))

        let hugeCount = "every " + String(repeating: "9", count: 9_990) + " d"
        let countError = try #require(validationError { try RepeatRule.parse(hugeCount) })
        #expect(countError.reason == .outOfRange(excerpt: excerpt, expected: .repeatRule))

        let letters = String(repeating: "w", count: 10_000)
        let lettersError = try #require(validationError { try RepeatRule.parse(letters) })
        #expect(
            lettersError.reason
                == .invalidFormat(excerpt: String(repeating: "w", count: 40) + "…", expected: .repeatRule))
    }

    @Test(arguments: [
        ("daily\n", "daily\\n"), ("\nweekly", "\\nweekly"), ("every\u{0}2w", #"every\u{0}2w"#),
        ("week\u{7}ly", #"week\u{7}ly"#), ("every 2\u{1B}weeks", #"every 2\eweeks"#), ("monthly\r\n", "monthly\\n"),
        ("every\t2 weeks", "every\\t2 weeks"),
    ])
    func controlCharactersAreRefusedAndNotEchoed(_ typed: String, excerpt: String) throws {
        let error = try #require(validationError { try RepeatRule.parse(typed) })
        #expect(error.field == "repeat")
        #expect(error.reason == .invalidFormat(excerpt: excerpt, expected: .repeatRule))
    }
}

struct RepeatRuleOccurrenceTests {
    /// The next occurrence, recording an issue when there is none.
    private func next(
        _ rule: String, after day: String, start: String, sourceLocation: SourceLocation = #_sourceLocation
    ) throws -> String {
        let found = try nextIfAny(rule, after: day, start: start)
        return try #require(found, sourceLocation: sourceLocation)
    }

    private func nextIfAny(_ rule: String, after day: String, start: String) throws -> String? {
        try RepeatRule.parse(rule).next(after: Fixture.day(day), start: Fixture.day(start))?.iso
    }

    @Test func dailyIsTheNextDay() throws {
        #expect(try next("daily", after: "2026-11-21", start: "2026-11-01") == "2026-11-22")
        #expect(try next("daily", after: "2026-12-31", start: "2026-11-01") == "2027-01-01")
        #expect(try next("daily", after: "2026-11-01", start: "2026-11-01") == "2026-11-02")
    }

    @Test func everyThreeDaysCountsFromTheStart() throws {
        #expect(try next("every 3 days", after: "2026-11-01", start: "2026-11-01") == "2026-11-04")
        #expect(try next("every 3 days", after: "2026-11-02", start: "2026-11-01") == "2026-11-04")
        #expect(try next("every 3 days", after: "2026-11-03", start: "2026-11-01") == "2026-11-04")
        #expect(try next("every 3 days", after: "2026-11-04", start: "2026-11-01") == "2026-11-07")
    }

    @Test func weeklyKeepsTheStartsWeekday() throws {
        // 2026-11-02 is a Monday.
        #expect(try next("weekly", after: "2026-11-02", start: "2026-11-02") == "2026-11-09")
        #expect(try next("weekly", after: "2026-11-05", start: "2026-11-02") == "2026-11-09")
        #expect(try next("weekly", after: "2026-11-08", start: "2026-11-02") == "2026-11-09")
        #expect(try next("weekly", after: "2026-12-28", start: "2026-11-02") == "2027-01-04")
    }

    @Test func everyTwoWeeksSkipsTheWeekBetween() throws {
        #expect(try next("every 2 weeks", after: "2026-11-02", start: "2026-11-02") == "2026-11-16")
        #expect(try next("every 2 weeks", after: "2026-11-09", start: "2026-11-02") == "2026-11-16")
        #expect(try next("every 2 weeks", after: "2026-11-16", start: "2026-11-02") == "2026-11-30")
    }

    @Test(arguments: [
        ("2026-11-19", "2026-11-20"),  // Thursday → Friday
        ("2026-11-20", "2026-11-23"),  // Friday → Monday
        ("2026-11-21", "2026-11-23"),  // Saturday → Monday
        ("2026-11-22", "2026-11-23"),  // Sunday → Monday
        ("2026-11-23", "2026-11-24"),  // Monday → Tuesday
        ("2026-12-31", "2027-01-01"),  // Thursday → Friday, across the year
    ])
    func weekdaysSkipTheWeekend(after day: String, expected: String) throws {
        #expect(try next("weekdays", after: day, start: "2026-11-02") == expected)
        #expect(try Fixture.day(expected).weekday <= 5)
    }

    @Test func monthlyFromTheThirtyFirstClampsWithoutDrifting() throws {
        #expect(try next("monthly", after: "2026-01-31", start: "2026-01-31") == "2026-02-28")
        #expect(try next("monthly", after: "2026-02-28", start: "2026-01-31") == "2026-03-31")
        #expect(try next("monthly", after: "2024-01-31", start: "2024-01-31") == "2024-02-29")
        #expect(try next("monthly", after: "2024-02-29", start: "2024-01-31") == "2024-03-31")
        #expect(try next("monthly", after: "2026-02-10", start: "2026-01-31") == "2026-02-28")

        let rule = try RepeatRule.parse("monthly")
        let start = try Fixture.day("2026-01-31")
        var day = start
        var seen: [String] = []
        for _ in 0..<12 {
            day = try #require(rule.next(after: day, start: start))
            seen.append(day.iso)
        }
        #expect(
            seen == [
                "2026-02-28", "2026-03-31", "2026-04-30", "2026-05-31", "2026-06-30", "2026-07-31", "2026-08-31",
                "2026-09-30", "2026-10-31", "2026-11-30", "2026-12-31", "2027-01-31",
            ])
    }

    @Test func everyFewMonthsCountsFromTheStart() throws {
        #expect(try next("every 3 months", after: "2025-11-30", start: "2025-11-30") == "2026-02-28")
        #expect(try next("every 3 months", after: "2026-02-28", start: "2025-11-30") == "2026-05-30")
        #expect(try next("every 3 months", after: "2026-03-15", start: "2025-11-30") == "2026-05-30")
    }

    @Test func yearlyFromLeapDayFallsOnTheLastDayOfFebruary() throws {
        #expect(try next("yearly", after: "2024-02-29", start: "2024-02-29") == "2025-02-28")
        #expect(try next("yearly", after: "2025-02-28", start: "2024-02-29") == "2026-02-28")
        #expect(try next("yearly", after: "2027-02-28", start: "2024-02-29") == "2028-02-29")
        #expect(try next("yearly", after: "2024-06-01", start: "2024-02-29") == "2025-02-28")
        #expect(try next("every 2 years", after: "2024-02-29", start: "2024-02-29") == "2026-02-28")
        #expect(try next("yearly", after: "2099-03-01", start: "2024-02-29") == "2100-02-28")
    }

    @Test func aDayLongAfterTheStartIsComputedDirectly() throws {
        #expect(try next("daily", after: "2036-01-01", start: "2026-01-01") == "2036-01-02")
        #expect(try next("every 3 days", after: "2036-01-01", start: "2026-01-01") == "2036-01-03")
        #expect(try next("daily", after: "9999-12-30", start: "1970-01-01") == "9999-12-31")
        #expect(try next("monthly", after: "9000-02-01", start: "1970-01-31") == "9000-02-28")
        #expect(try next("yearly", after: "9000-01-01", start: "1970-05-17") == "9000-05-17")

        let fortnightly = try RepeatRule.parse("every 2 weeks")
        let start = try Fixture.day("1970-01-05")
        let day = try Fixture.day("9000-06-15")
        let found = try #require(fortnightly.next(after: day, start: start))
        #expect(found > day)
        #expect(found.days(since: day) <= 14)
        #expect(found.days(since: start) % 14 == 0)
        #expect(found.weekday == start.weekday)
    }

    @Test(arguments: ["daily", "every 3 days", "weekly", "every 2 weeks", "weekdays", "monthly", "yearly"])
    func aDayBeforeTheStartGivesTheStart(_ rule: String) throws {
        #expect(try next(rule, after: "2026-10-01", start: "2026-11-02") == "2026-11-02")
        #expect(try next(rule, after: "2026-11-01", start: "2026-11-02") == "2026-11-02")
    }
}

/// The calendar ends on 9999-12-31: an occurrence that would lie beyond it does not exist, and the answer is
/// never a day where the arithmetic stopped at the end but which is not an occurrence.
struct RepeatRuleCalendarEndTests {
    private func next(
        _ rule: String, after day: String, start: String, sourceLocation: SourceLocation = #_sourceLocation
    ) throws -> String {
        let found = try nextIfAny(rule, after: day, start: start)
        return try #require(found, sourceLocation: sourceLocation)
    }

    private func nextIfAny(_ rule: String, after day: String, start: String) throws -> String? {
        try RepeatRule.parse(rule).next(after: Fixture.day(day), start: Fixture.day(start))?.iso
    }

    @Test func dailyReachesTheLastDayAndStops() throws {
        #expect(try next("daily", after: "9999-12-30", start: "1970-01-01") == "9999-12-31")
        #expect(try nextIfAny("daily", after: "9999-12-31", start: "1970-01-01") == nil)
        #expect(try nextIfAny("daily", after: "9999-12-31", start: "9999-12-31") == nil)
        // 9999-12-31 is 2,932,896 days after 1970-01-01: a multiple of 3 but not of 7.
        #expect(try next("every 3 days", after: "9999-12-29", start: "1970-01-01") == "9999-12-31")
        #expect(try nextIfAny("every 7 days", after: "9999-12-30", start: "1970-01-01") == nil)
        #expect(try nextIfAny("every 999 days", after: "9999-12-01", start: "9999-01-01") == nil)
    }

    @Test func weeklyStopsAtTheLastOccurrence() throws {
        // 1970-01-05 and 9999-12-27 are Mondays; 9999-12-31 is a Friday.
        #expect(try next("weekly", after: "9999-12-26", start: "1970-01-05") == "9999-12-27")
        #expect(try nextIfAny("weekly", after: "9999-12-27", start: "1970-01-05") == nil)
        #expect(try nextIfAny("weekly", after: "9999-12-31", start: "1970-01-05") == nil)
        #expect(try next("every 2 weeks", after: "9999-12-20", start: "1970-01-05") == "9999-12-27")
        #expect(try nextIfAny("every 2 weeks", after: "9999-12-27", start: "1970-01-05") == nil)
    }

    @Test func weekdaysReachTheLastDayAndStop() throws {
        #expect(try Fixture.day("9999-12-31").weekday == 5)
        #expect(try next("weekdays", after: "9999-12-24", start: "2026-11-02") == "9999-12-27")
        #expect(try next("weekdays", after: "9999-12-30", start: "2026-11-02") == "9999-12-31")
        #expect(try nextIfAny("weekdays", after: "9999-12-31", start: "2026-11-02") == nil)
    }

    @Test func monthlyFallsOnRealOccurrencesUpToTheLastDay() throws {
        #expect(try next("monthly", after: "9999-11-15", start: "9999-01-31") == "9999-11-30")
        #expect(try next("monthly", after: "9999-11-30", start: "9999-01-31") == "9999-12-31")
        #expect(try nextIfAny("monthly", after: "9999-12-31", start: "9999-01-31") == nil)
        #expect(try nextIfAny("monthly", after: "9999-12-15", start: "2026-01-15") == nil)
        #expect(try nextIfAny("monthly", after: "9999-12-20", start: "2026-01-15") == nil)
        #expect(try nextIfAny("monthly", after: "9999-12-31", start: "2026-01-15") == nil)
        // 9999-10 is the last month of this every-three-months series; 9999-12-15 is not an occurrence.
        #expect(try next("every 3 months", after: "9999-07-15", start: "2026-01-15") == "9999-10-15")
        #expect(try nextIfAny("every 3 months", after: "9999-10-15", start: "2026-01-15") == nil)
        #expect(try nextIfAny("every 3 months", after: "9999-11-01", start: "2026-01-15") == nil)
    }

    @Test func yearlyFallsOnRealOccurrencesUpToTheLastDay() throws {
        #expect(try nextIfAny("yearly", after: "9999-03-15", start: "9999-03-15") == nil)
        #expect(try nextIfAny("yearly", after: "9999-06-01", start: "9999-03-15") == nil)
        #expect(try next("yearly", after: "9999-01-01", start: "2024-02-29") == "9999-02-28")
        #expect(try nextIfAny("yearly", after: "9999-02-28", start: "2024-02-29") == nil)
        #expect(try next("yearly", after: "9998-12-31", start: "1970-12-31") == "9999-12-31")
        #expect(try nextIfAny("yearly", after: "9999-12-31", start: "1970-12-31") == nil)
        #expect(try nextIfAny("every 2 years", after: "9998-05-17", start: "1970-05-17") == nil)
    }

    @Test func everyNineHundredNinetyNineYears() throws {
        #expect(try next("every 999 years", after: "1970-05-17", start: "1970-05-17") == "2969-05-17")
        #expect(try next("every 999 years", after: "9000-06-01", start: "9000-06-01") == "9999-06-01")
        #expect(try nextIfAny("every 999 years", after: "9999-06-01", start: "9000-06-01") == nil)
        #expect(try nextIfAny("every 999 years", after: "9001-06-01", start: "9001-06-01") == nil)
        #expect(try nextIfAny("every 999 years", after: "9500-01-01", start: "9001-06-01") == nil)
        #expect(try nextIfAny("every 999 months", after: "9950-01-01", start: "9950-01-01") == nil)
    }

    @Test(arguments: [
        "daily", "every 3 days", "weekly", "every 2 weeks", "weekdays", "monthly", "every 3 months", "yearly",
        "every 2 years", "every 999 years",
    ])
    func everyAnswerNearTheEndIsAnOccurrenceOrNil(_ text: String) throws {
        // Walk each series from early 9999 until it ends: it must end, each step must move forwards, and each
        // answer must be an occurrence counted from the start (not a day where the arithmetic stopped).
        let rule = try RepeatRule.parse(text)
        let start = try Fixture.day("2024-01-31")
        var day = try Fixture.day("9999-01-01")
        var steps = 0
        while let found = rule.next(after: day, start: start) {
            #expect(found > day)
            #expect(found.year == 9999)
            #expect(Self.isOccurrence(found, of: rule, from: start), "\(found) is not an occurrence")
            steps += 1
            try #require(steps <= 366, "the series must end at the calendar's last day")
            day = found
        }
        #expect(day <= (try Fixture.day("9999-12-31")))
    }

    /// Whether `day` is one of the series' days, worked out from the rule's definition.
    private static func isOccurrence(_ day: Day, of rule: RepeatRule, from start: Day) -> Bool {
        switch rule.unit {
        case .day: return day.days(since: start) % rule.every == 0
        case .week: return day.days(since: start) % (7 * rule.every) == 0
        case .weekday: return day.weekday <= 5
        case .month, .year:
            let months = (day.year - start.year) * 12 + day.month - start.month
            let isMonthEnd = day.iso.hasSuffix("-12-31") || day.adding(days: 1).month != day.month
            return months % (rule.every * (rule.unit == .year ? 12 : 1)) == 0
                && (day.day == start.day || (day.day < start.day && isMonthEnd))
        }
    }
}

struct TaskRepetitionTests {
    private func repetition(
        _ rule: String = "every 2 weeks", until: String? = "2027-06-30", series: UInt8 = 0xA1
    ) throws -> TaskRepetition {
        TaskRepetition(
            rule: try RepeatRule.parse(rule), until: try until.map(Fixture.day), seriesID: Fixture.id(series),
            start: try Fixture.day("2026-11-02"))
    }

    @Test func occurrenceIDsAreStableAndDifferPerDayAndSeries() throws {
        let series = try repetition()
        let day = try Fixture.day("2026-11-16")
        let id = series.occurrenceID(on: day)
        #expect(series.occurrenceID(on: day) == id)
        #expect(try repetition("weekly", until: nil).occurrenceID(on: day) == id, "only the series and day count")
        #expect(id == UUID(named: "2026-11-16", in: Fixture.id(0xA1)))
        #expect(try series.occurrenceID(on: Fixture.day("2026-11-30")) != id)
        #expect(try repetition(series: 0xA2).occurrenceID(on: day) != id)
        #expect(id != series.seriesID)
    }

    @Test func theStartDaysOccurrenceIsTheSeriesFirstTask() throws {
        let series = try repetition()
        #expect(try series.occurrenceID(on: Fixture.day("2026-11-02")) == Fixture.id(0xA1))
        #expect(try repetition("weekdays", until: nil).occurrenceID(on: Fixture.day("2026-11-02")) == Fixture.id(0xA1))
        #expect(try repetition(series: 0xA2).occurrenceID(on: Fixture.day("2026-11-02")) == Fixture.id(0xA2))
        // Every other day derives its id from the series and the day, even the day after or before the start.
        #expect(
            try series.occurrenceID(on: Fixture.day("2026-11-03")) == UUID(named: "2026-11-03", in: Fixture.id(0xA1)))
        #expect(
            try series.occurrenceID(on: Fixture.day("2026-11-01")) == UUID(named: "2026-11-01", in: Fixture.id(0xA1)))
        #expect(try series.occurrenceID(on: Fixture.day("2026-11-16")) != series.seriesID)
    }

    @Test func roundTripsThroughJSONWithTheRuleAsText() throws {
        let series = try repetition()
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        let data = try encoder.encode(series)
        #expect(
            String(decoding: data, as: UTF8.self)
                == #"{"rule":"every 2 weeks","series_id":"00000000-0000-0000-0000-0000000000A1","#
                + #""start":"2026-11-02","until":"2027-06-30"}"#)
        #expect(try JSONDecoder().decode(TaskRepetition.self, from: data) == series)

        let forever = try repetition("weekdays", until: nil)
        #expect(try JSONDecoder().decode(TaskRepetition.self, from: JSONEncoder().encode(forever)) == forever)
    }

    @Test func decodingReadsTheRuleAsTypedAndRefusesNonsense() throws {
        let typed = #"{"rule":"Every 2W","series_id":"00000000-0000-0000-0000-0000000000A1","start":"2026-11-02"}"#
        let decoded = try JSONDecoder().decode(TaskRepetition.self, from: Data(typed.utf8))
        let expected = try repetition(until: nil)
        #expect(decoded == expected)

        let nonsense = #"{"rule":"hourly","series_id":"00000000-0000-0000-0000-0000000000A1","start":"2026-11-02"}"#
        let error = #expect(throws: DecodingError.self) {
            try JSONDecoder().decode(TaskRepetition.self, from: Data(nonsense.utf8))
        }
        #expect({ if case .dataCorrupted = error { true } else { false } }(), "the rule itself is refused")
    }
}

struct DayMonthsTests {
    @Test(arguments: [
        ("2026-01-31", 1, "2026-02-28"),
        ("2024-01-31", 1, "2024-02-29"),
        ("2100-01-31", 1, "2100-02-28"),
        ("2000-01-31", 1, "2000-02-29"),
        ("2026-03-31", 1, "2026-04-30"),
        ("2026-01-31", 2, "2026-03-31"),
        ("2026-01-31", 13, "2027-02-28"),
        ("2026-12-15", 1, "2027-01-15"),
        ("2026-11-21", 0, "2026-11-21"),
        ("2026-11-21", 12, "2027-11-21"),
        ("2024-02-29", 12, "2025-02-28"),
        ("2024-02-29", 48, "2028-02-29"),
    ])
    func addsMonthsClampingToTheMonthsEnd(start: String, months: Int, expected: String) throws {
        #expect(try Fixture.day(start).adding(months: months).iso == expected)
    }

    @Test(arguments: [
        ("2026-03-31", -1, "2026-02-28"),
        ("2024-03-31", -1, "2024-02-29"),
        ("2026-01-15", -1, "2025-12-15"),
        ("2026-01-31", -2, "2025-11-30"),
        ("2024-02-29", -12, "2023-02-28"),
        ("2026-11-21", -120, "2016-11-21"),
    ])
    func subtractsMonthsWithNegativeCounts(start: String, months: Int, expected: String) throws {
        #expect(try Fixture.day(start).adding(months: months).iso == expected)
    }

    @Test(arguments: [
        ("9999-11-30", 1, "9999-12-30"),
        ("9999-12-31", 1, "9999-12-31"),
        ("9999-06-15", 100, "9999-12-15"),
        ("2026-11-21", 1_000_000, "9999-12-21"),
        ("0001-02-15", -1, "0001-01-15"),
        ("0001-01-31", -1, "0001-01-31"),
        ("0001-03-31", -5, "0001-01-31"),
        ("2026-11-21", -1_000_000, "0001-01-21"),
    ])
    func staysWithinTheSupportedYears(start: String, months: Int, expected: String) throws {
        #expect(try Fixture.day(start).adding(months: months).iso == expected)
    }

    @Test(arguments: [Int.max, Int.max - 1, Int.min, Int.min + 1])
    func hugeCountsDoNotOverflow(_ months: Int) throws {
        let result = try Fixture.day("2026-11-21").adding(months: months)
        if months > 0 {
            #expect(result.year == 9999)
            #expect(result.month == 12)
        } else {
            #expect(result.year == 1)
            #expect(result.month == 1)
        }
    }
}
