import Entities
import Foundation
import Testing

/// The day weeks begin on (`week_start` in the config file), read on Saturday 2026-11-21.
struct WeekdayTests {
    @Test(arguments: [
        ("monday", Weekday.monday), ("Sun", .sunday), (" SATURDAY ", .saturday), ("tues", .tuesday),
        ("thurs", .thursday), ("fri", .friday), ("wednesday", .wednesday),
    ])
    func readsNamesFullOrShort(_ text: String, expected: Weekday) {
        #expect(Weekday(name: text) == expected)
    }

    @Test(arguments: ["", "mo", "someday", "1", "monday please", String(repeating: "monday", count: 50)])
    func refusesAnythingElse(_ text: String) {
        #expect(Weekday(name: text) == nil)
    }

    @Test func namesRoundTrip() {
        for day in Weekday.allCases { #expect(Weekday(name: day.name) == day) }
    }

    @Test(arguments: [
        (Weekday.monday, "2026-11-16"), (.sunday, "2026-11-15"), (.saturday, "2026-11-21"), (.friday, "2026-11-20"),
    ])
    func aWeekBeginsOnOrBeforeTheDay(_ first: Weekday, expected: String) throws {
        #expect(try Fixture.saturday().startOfWeek(beginning: first).iso == expected)
        #expect(try Fixture.saturday().startOfWeek(beginning: .monday) == Fixture.saturday().startOfWeek)
    }

    @Test(arguments: [
        ("sow", "2026-11-15"), ("eow", "2026-11-21"), ("this week", "2026-11-15"), ("next week", "2026-11-22"),
        ("last week", "2026-11-08"),
    ])
    func weekWordsFollowTheWeekStart(_ text: String, expected: String) throws {
        let day = try DayExpression.parse(text, today: Fixture.saturday(), field: "since", weekStart: .sunday)
        #expect(day.iso == expected)
    }

    @Test func aMomentOnAWeekWordFollowsTheWeekStart() throws {
        let start = try InstantExpression.parse(
            "sow 09:00", field: "start", now: Fixture.now, timeZone: try Fixture.zone("UTC"), weekStart: .sunday)
        #expect(start == Date(timeIntervalSince1970: 1_794_733_200))  // 2026-11-15T09:00:00Z
    }
}
