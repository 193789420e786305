import Entities
import Foundation
import Testing

/// Fixed inputs shared by the tests: Entities never reads the clock, so neither do its tests.
enum Fixture {
    /// 2026-11-21 10:00, 11:00 and 12:00 UTC.
    static let now = Date(timeIntervalSince1970: 1_795_255_200)
    static let later = Date(timeIntervalSince1970: 1_795_258_800)
    static let evenLater = Date(timeIntervalSince1970: 1_795_262_400)

    static let projectID = id(0xA1)
    static let listID = id(0xB1)

    static func id(_ last: UInt8) -> UUID {
        UUID(uuid: (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, last))
    }

    /// Saturday 2026-11-21, the "today" of the date tests.
    static func saturday() throws -> Day {
        try day("2026-11-21")
    }

    static func day(_ iso: String) throws -> Day {
        try #require(Day(iso: iso))
    }

    /// An instant written in ISO 8601 with an explicit offset, e.g. "2026-11-21T05:00:00Z".
    static func instant(_ text: String) throws -> Date {
        try #require(ISO8601DateFormatter().date(from: text))
    }

    static func zone(_ identifier: String) throws -> TimeZone {
        try #require(TimeZone(identifier: identifier))
    }

    static func task(_ title: String = "Write the report", number: Int? = nil) throws -> Entities.Task {
        var task = try Entities.Task.create(id: id(1), title: title, now: now)
        task.number = number
        return task
    }
}

/// Runs `body` and returns the ValidationError it throws, recording an issue when it returns or throws
/// something else. Also checks the promise every message makes: a single, non-empty line.
func validationError<T>(
    _ body: () throws -> T, sourceLocation: SourceLocation = #_sourceLocation
) -> ValidationError? {
    let thrown: any Error
    do {
        let value = try body()
        Issue.record("expected a ValidationError, got \(value)", sourceLocation: sourceLocation)
        return nil
    } catch {
        thrown = error
    }
    guard let error = thrown as? ValidationError else {
        Issue.record("expected a ValidationError, got \(thrown)", sourceLocation: sourceLocation)
        return nil
    }
    let isOneLine = !error.message.contains(where: \.isNewline)
    #expect(isOneLine, "messages are one line", sourceLocation: sourceLocation)
    #expect(!error.message.isEmpty, sourceLocation: sourceLocation)
    #expect(isNeutral(error.message), "no front-end wording: \(error.message)", sourceLocation: sourceLocation)
    #expect(error.description == error.message, sourceLocation: sourceLocation)
    return error
}

/// Whether a message is free of command-line wording: no flags, no commands, no tag syntax, no advice
/// phrased for one front end. The server shows these messages too.
func isNeutral(_ message: String) -> Bool {
    let lowered = " " + message.lowercased()
    let banned = ["--", " stint ", "`", "+work", " leave ", " pass ", " use ", " write it", " type ", " give "]
    return !banned.contains { lowered.contains($0) }
}
