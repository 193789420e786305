import Entities
import Foundation
import Testing

struct TimeOfDayTests {
    @Test(arguments: [("14:00", 14, 0), ("9:15", 9, 15), ("09:15", 9, 15), (" 00:00 ", 0, 0), ("23:59", 23, 59)])
    func readsHoursAndMinutes(_ text: String, hour: Int, minute: Int) throws {
        let time = try TimeOfDay.parse(text)
        #expect(time.hour == hour)
        #expect(time.minute == minute)
    }

    @Test(arguments: [
        ("5pm", 17, 0), ("5:30pm", 17, 30), ("5 PM", 17, 0), ("12am", 0, 0), ("12pm", 12, 0), ("9am", 9, 0),
        ("11:59pm", 23, 59), ("noon", 12, 0), ("Midnight", 0, 0),
    ])
    func readsTwelveHourTimes(_ text: String, hour: Int, minute: Int) throws {
        let time = try TimeOfDay.parse(text)
        #expect(time.hour == hour)
        #expect(time.minute == minute)
    }

    @Test(arguments: ["25:00", "24:00", "9:60", "99:99", "13pm", "0am"])
    func refusesTimesThatAreNotOnTheClock(_ text: String) throws {
        let error = try #require(validationError { try TimeOfDay.parse(text, field: "start") })
        #expect(error.field == "start")
        #expect(error.reason == .outOfRange(excerpt: text, expected: .timeOfDay))
        #expect(error.message == "\(text) is not a time of day")
    }

    @Test(arguments: ["0915", "9", "9:5", "9:150", "123:00", "2:5pm", "pm", "9.15", "9:15:00", ":15", "-1:00", "٩:١٥"])
    func refusesWhatIsNotShapedLikeATime(_ text: String) throws {
        let error = try #require(validationError { try TimeOfDay.parse(text) })
        #expect(error.reason == .invalidFormat(excerpt: text, expected: .timeOfDay))
        #expect(error.message == "could not read '\(text)' as a time of day")
    }

    @Test func refusesEmptyInput() {
        let error = validationError { try TimeOfDay.parse("  ") }
        #expect(error?.reason == .empty(.timeOfDay))
        #expect(error?.field == "time")
        #expect(error?.message == "time is empty")
    }

    @Test func describesItselfAndOrdersByTheClock() throws {
        let early = try #require(TimeOfDay(hour: 9, minute: 5))
        let late = try TimeOfDay.parse("14:30")
        #expect(early.description == "09:05")
        #expect(early < late)
        #expect(TimeOfDay(hour: 24, minute: 0) == nil)
        let json = try JSONEncoder().encode([early])
        #expect(String(decoding: json, as: UTF8.self) == #"["09:05"]"#)
        #expect(try JSONDecoder().decode([TimeOfDay].self, from: json) == [early])
    }

    @Test func becomesAnInstantOnADayInATimeZone() throws {
        let time = try TimeOfDay.parse("09:15")
        let day = try Fixture.day("2026-11-20")
        #expect(try time.date(on: day, in: Fixture.zone("UTC")) == Fixture.instant("2026-11-20T09:15:00Z"))
        #expect(try time.date(on: day, in: Fixture.zone("Europe/Berlin")) == Fixture.instant("2026-11-20T08:15:00Z"))
    }

    @Test func aTimeSkippedBySpringForwardMovesForward() throws {
        let berlin = try Fixture.zone("Europe/Berlin")
        let date = try TimeOfDay.parse("02:30").date(on: Fixture.day("2026-03-29"), in: berlin)
        #expect(try date == Fixture.instant("2026-03-29T03:30:00+02:00"))
    }

    @Test func aTimeRepeatedByFallBackMeansTheFirstOccurrence() throws {
        let berlin = try Fixture.zone("Europe/Berlin")
        let date = try TimeOfDay.parse("02:30").date(on: Fixture.day("2026-10-25"), in: berlin)
        #expect(try date == Fixture.instant("2026-10-25T02:30:00+02:00"))
    }
}
