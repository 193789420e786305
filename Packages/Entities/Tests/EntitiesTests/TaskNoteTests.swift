import Entities
import Foundation
import Testing

struct TaskNoteTests {
    @Test func appendNoteStampsTheLocalWallClock() throws {
        var task = try Fixture.task()
        let berlin = try Fixture.zone("Europe/Berlin")  // UTC+1 in November
        try task.appendNote("  Called Bob ", at: Fixture.instant("2026-11-21T23:30:00Z"), timeZone: berlin)
        #expect(task.note == "2026-11-22 00:30  Called Bob")

        try task.appendNote("Left a message", at: Fixture.instant("2026-11-22T08:05:00Z"), timeZone: berlin)
        #expect(task.note == "2026-11-22 00:30  Called Bob\n2026-11-22 09:05  Left a message")
        #expect(try task.updatedAt == Fixture.instant("2026-11-22T08:05:00Z"))
    }

    /// The stamp is worked out from the zone's offset, not a calendar: instants before 1970, zones behind UTC
    /// and offsets of half an hour land on the wall clock a calendar shows there.
    @Test(arguments: [
        ("1969-12-31T23:30:00Z", "America/New_York", "1969-12-31 18:30"),
        ("1950-06-01T00:00:59Z", "UTC", "1950-06-01 00:00"),
        ("2026-11-21T20:45:00Z", "Asia/Kolkata", "2026-11-22 02:15"),
        ("2026-03-29T00:59:00Z", "Europe/Berlin", "2026-03-29 01:59"),
        ("2026-03-29T01:00:00Z", "Europe/Berlin", "2026-03-29 03:00"),
    ])
    func appendNoteStampMatchesTheCalendar(_ instant: String, _ zone: String, _ expected: String) throws {
        var task = try Fixture.task()
        let timeZone = try Fixture.zone(zone)
        let date = try Fixture.instant(instant)
        try task.appendNote("Checked", at: date, timeZone: timeZone)
        #expect(task.note == expected + "  Checked")
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        let parts = calendar.dateComponents([.year, .month, .day, .hour, .minute], from: date)
        let shown = String(
            format: "%04d-%02d-%02d %02d:%02d", parts.year ?? 0, parts.month ?? 0, parts.day ?? 0, parts.hour ?? 0,
            parts.minute ?? 0)
        #expect(shown == expected)
    }

    @Test func appendNoteGoesOnANewLineAfterAnExistingNote() throws {
        var task = try Entities.Task.create(id: Fixture.id(1), title: "Fix bike", note: "Rear wheel", now: Fixture.now)
        try task.appendNote("Bought a tube", at: Fixture.now, timeZone: try Fixture.zone("UTC"))
        #expect(task.note == "Rear wheel\n2026-11-21 10:00  Bought a tube")
    }

    @Test(arguments: [" \n ", "\u{200B}", " \u{2060}\u{FEFF} "])
    func appendNoteRejectsEmptyText(_ text: String) throws {
        var task = try Fixture.task()
        let error = validationError { try task.appendNote(text, at: Fixture.now, timeZone: try Fixture.zone("UTC")) }
        #expect(error?.field == "note")
        #expect(error?.reason == .emptyNoteEntry)
        #expect(error?.message == "the text to add to the note is empty")
        #expect(task.note.isEmpty)
    }

    /// SQLite kept a note only up to a NUL and dropped the rest without a word; every way a note comes in refuses it.
    @Test func notesRefuseNUL() throws {
        var task = try Fixture.task()
        let appended = validationError {
            try task.appendNote("before\u{0}after", at: Fixture.now, timeZone: try Fixture.zone("UTC"))
        }
        #expect(appended?.field == "note")
        #expect(appended?.reason == .nulCharacter)
        #expect(task.note.isEmpty)
        let created = validationError {
            _ = try Entities.Task.create(id: Fixture.id(1), title: "x", note: "a\u{0}", now: Fixture.now)
        }
        #expect(created?.reason == .nulCharacter)
        func logged(note: String) throws -> TimeEntry {
            try TimeEntry.create(
                id: Fixture.id(7), target: TimeFixture.taskTarget, start: TimeFixture.minute(-60), durationSeconds: 600,
                note: note, billable: false, tags: [], loggedBy: TimeFixture.owner, now: Fixture.now)
        }
        let entry = validationError { _ = try logged(note: "line one\nline\u{0}two") }
        #expect(entry?.field == "note")
        #expect(entry?.reason == .nulCharacter)
        // Other control characters stay allowed in notes (they are shown escaped).
        #expect(try logged(note: "a\u{1B}[31mb\tc").note == "a\u{1B}[31mb\tc")
    }

    @Test func appendNoteRespectsTheNoteLimit() throws {
        let nearlyFull = String(repeating: "n", count: Entities.Task.noteLimit - 10)
        var task = try Entities.Task.create(id: Fixture.id(1), title: "Essay", note: nearlyFull, now: Fixture.now)
        let error = validationError {
            try task.appendNote("one more", at: Fixture.now, timeZone: try Fixture.zone("UTC"))
        }
        #expect(error?.field == "note")
        #expect(error?.reason == .tooLong(count: Entities.Task.noteLimit + 17, limit: Entities.Task.noteLimit))
        #expect(task.note == nearlyFull)
    }

    @Test func setNoteReplacesAndClears() throws {
        var task = try Fixture.task()
        try task.setNote("first\nsecond\n", now: Fixture.later)
        #expect(task.note == "first\nsecond")
        try task.setNote("", now: Fixture.evenLater)
        #expect(task.note.isEmpty)
        #expect(task.updatedAt == Fixture.evenLater)
    }
}
