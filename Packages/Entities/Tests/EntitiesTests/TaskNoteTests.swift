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
