import Entities
import Foundation
import Testing

struct TimeEntryTests {
    private func entry(start: Date = TimeFixture.minute(-120), seconds: Int = 45 * 60) throws -> TimeEntry {
        try TimeEntry.create(
            id: Fixture.id(7), target: TimeFixture.taskTarget, start: start, durationSeconds: seconds,
            note: " call with Ana ", billable: true, tags: [try Tag("client"), try Tag("Call"), try Tag("+client")],
            loggedBy: TimeFixture.owner, now: Fixture.now)
    }

    @Test func createKeepsWhatWasLogged() throws {
        let logged = try entry()
        #expect(logged.start == TimeFixture.minute(-120))
        #expect(logged.end == TimeFixture.minute(-75))
        #expect(logged.note == "call with Ana")
        #expect(logged.tags.map(\.name) == ["call", "client"])
        #expect(logged.billable)
        #expect(logged.createdAt == Fixture.now)
        #expect(logged.updatedAt == Fixture.now)
    }

    @Test(arguments: [0, -60])
    func aDurationMustBeMoreThanZero(_ seconds: Int) throws {
        let error = try #require(validationError { try entry(seconds: seconds) })
        #expect(error.field == "duration")
        #expect(error.reason == .durationTooShort(seconds: seconds, minimum: 1, source: .entry))
        #expect(error.message == "duration must be more than zero")
    }

    @Test func moreThanADayNeedsForceAndMoreThanAThousandHoursIsRefused() throws {
        let longAgo = TimeFixture.minute(-2000 * 60)
        let error = try #require(validationError { try entry(start: longAgo, seconds: 25 * 3600) })
        #expect(error.field == "duration")
        #expect(error.reason == .durationNeedsForce(seconds: 25 * 3600, limit: 24 * 3600, source: .entry))
        #expect(error.reason.isConflict)
        #expect(error.message == "the entry lasts 25h, more than 24h, which needs to be confirmed")
        let forced = try TimeEntry.create(
            id: Fixture.id(7), target: TimeFixture.taskTarget, start: longAgo, durationSeconds: 25 * 3600,
            loggedBy: TimeFixture.owner, now: Fixture.now, force: true)
        #expect(forced.durationSeconds == 25 * 3600)

        let tooLong = try #require(
            validationError {
                try TimeEntry.create(
                    id: Fixture.id(7), target: TimeFixture.taskTarget, start: longAgo,
                    durationSeconds: TimeEntry.hardLimit + 1, loggedBy: TimeFixture.owner, now: Fixture.now,
                    force: true)
            })
        #expect(tooLong.field == "duration")
        #expect(
            tooLong.reason
                == .durationOverLimit(seconds: TimeEntry.hardLimit + 1, limit: TimeEntry.hardLimit, source: .entry))
        #expect(!tooLong.reason.isConflict)
        #expect(tooLong.message == "the entry lasts 1000h, more than the limit of 1000h")
    }

    @Test func anEntryMayEndAtMostAMinuteFromNow() throws {
        let endsOnTheEdge = try entry(start: TimeFixture.minute(-44), seconds: 45 * 60)
        #expect(endsOnTheEdge.end == TimeFixture.minute(1))

        let error = try #require(
            validationError { try entry(start: TimeFixture.minute(-44).addingTimeInterval(1), seconds: 45 * 60) })
        #expect(error.field == "start")
        #expect(error.reason == .entryEndsInFuture(seconds: 61))
        #expect(error.message == "the entry would end 61s in the future")
    }

    @Test func notesOverTheLimitAreRefused() throws {
        let error = try #require(
            validationError {
                try TimeEntry.create(
                    id: Fixture.id(7), target: TimeFixture.projectTarget, start: TimeFixture.minute(-60),
                    durationSeconds: 60, note: String(repeating: "n", count: TimeEntry.noteLimit + 1),
                    loggedBy: TimeFixture.owner, now: Fixture.now)
            })
        #expect(error.field == "note")
        #expect(error.reason == .tooLong(count: 2_001, limit: 2_000))
    }

    @Test func editsValidateAndStampOnlyRealChanges() throws {
        var logged = try entry()
        try logged.setStart(TimeFixture.minute(-120), now: TimeFixture.minute(1))
        try logged.setNote("call with Ana", now: TimeFixture.minute(1))
        logged.setBillable(true, now: TimeFixture.minute(1))
        try logged.setTags([try Tag("call"), try Tag("client")], now: TimeFixture.minute(1))
        logged.setTarget(TimeFixture.taskTarget, now: TimeFixture.minute(1))
        #expect(logged.updatedAt == Fixture.now)

        try logged.setStart(TimeFixture.minute(-60), now: TimeFixture.minute(2))
        #expect(logged.end == TimeFixture.minute(-15))
        try logged.setDuration(15 * 60, force: false, now: TimeFixture.minute(3))
        logged.setTarget(TimeFixture.projectTarget, now: TimeFixture.minute(4))
        try logged.setTags([], now: TimeFixture.minute(5))
        #expect(logged.durationSeconds == 15 * 60)
        #expect(logged.target == TimeFixture.projectTarget)
        #expect(logged.tags.isEmpty)
        #expect(logged.updatedAt == TimeFixture.minute(5))
    }

    @Test func editsThatWouldBreakARuleLeaveTheEntryUnchanged() throws {
        var logged = try entry()
        let before = logged
        #expect(
            validationError { try logged.setStart(TimeFixture.minute(-10), now: Fixture.now) }?.reason
                == .entryEndsInFuture(seconds: 35 * 60))
        #expect(
            validationError { try logged.setDuration(0, force: false, now: Fixture.now) }?.reason
                == .durationTooShort(seconds: 0, minimum: 1, source: .entry))
        #expect(
            validationError { try logged.setDuration(3 * 3600, force: false, now: Fixture.now) }?.reason
                == .entryEndsInFuture(seconds: 60 * 60))
        #expect(
            validationError { try logged.setDuration(30 * 3600, force: false, now: Fixture.now) }?.reason
                == .durationNeedsForce(seconds: 30 * 3600, limit: 24 * 3600, source: .entry))
        #expect(
            validationError {
                try logged.reschedule(
                    start: Date(timeIntervalSince1970: -60), durationSeconds: 60, force: false, now: Fixture.now)
            }?.reason == .instantOutOfRange(excerpt: "1969-12-31T23:59:00Z"))
        #expect(logged == before)
    }

    @Test func rescheduleChecksStartAndDurationTogether() throws {
        var logged = try entry()
        // Moving the start later alone would push the end past now; with the shorter duration it fits.
        try logged.reschedule(
            start: TimeFixture.minute(-20), durationSeconds: 20 * 60, force: false, now: Fixture.now)
        #expect(logged.start == TimeFixture.minute(-20))
        #expect(logged.end == Fixture.now)
    }

    @Test func aForcedLongEntryCanBeMovedWithoutForcingAgain() throws {
        let longAgo = TimeFixture.minute(-3000 * 60)
        var logged = try TimeEntry.create(
            id: Fixture.id(7), target: TimeFixture.taskTarget, start: longAgo, durationSeconds: 30 * 3600,
            loggedBy: TimeFixture.owner, now: Fixture.now, force: true)
        try logged.setStart(longAgo.addingTimeInterval(3600), now: Fixture.now)
        #expect(logged.durationSeconds == 30 * 3600)
        #expect(
            validationError { try logged.setDuration(31 * 3600, force: false, now: Fixture.now) }?.reason
                == .durationNeedsForce(seconds: 31 * 3600, limit: 24 * 3600, source: .entry))
        try logged.setDuration(31 * 3600, force: true, now: Fixture.now)
        #expect(logged.durationSeconds == 31 * 3600)
    }

    @Test func entriesAndTargetsRoundTripThroughJSON() throws {
        let logged = try entry()
        let decoded = try JSONDecoder().decode(TimeEntry.self, from: JSONEncoder().encode(logged))
        #expect(decoded == logged)

        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        let json = String(decoding: try encoder.encode(TimeTarget.project(Fixture.projectID)), as: UTF8.self)
        #expect(json == #"{"id":"00000000-0000-0000-0000-0000000000A1","kind":"project"}"#)
        let bad = Data(#"{"id":"00000000-0000-0000-0000-0000000000A1","kind":"person"}"#.utf8)
        let error = #expect(throws: DecodingError.self) { try JSONDecoder().decode(TimeTarget.self, from: bad) }
        #expect({ if case .dataCorrupted = error { true } else { false } }(), "the value itself is refused")
    }

    @Test(arguments: [
        Date(timeIntervalSince1970: -1), Date(timeIntervalSince1970: -62_135_596_800), Date.distantPast,
    ])
    func anEntryMustStartInTheAcceptedRange(_ start: Date) throws {
        let error = try #require(validationError { try entry(start: start) })
        #expect(error.field == "start")
        guard case .instantOutOfRange = error.reason else {
            Issue.record("unexpected \(error.reason)")
            return
        }
    }

    @Test func theFirstAcceptedInstantIsAcceptedAsAStart() throws {
        #expect(try entry(start: AcceptedRange.instants.lowerBound).start == Date(timeIntervalSince1970: 0))
    }

    @Test func anEntryEndingPastTheAcceptedRangeIsRefused() throws {
        let nearTheEnd = AcceptedRange.instants.upperBound.addingTimeInterval(-60)
        let error = try #require(
            validationError {
                try TimeEntry.create(
                    id: Fixture.id(7), target: TimeFixture.taskTarget, start: nearTheEnd, durationSeconds: 120,
                    loggedBy: TimeFixture.owner, now: AcceptedRange.instants.upperBound.addingTimeInterval(3600))
            })
        #expect(error.field == "start")
        #expect(error.reason == .instantOutOfRange(excerpt: "10000-01-01T00:01:00Z"))
    }

    @Test func moreTagsThanTheLimitAreRefused() throws {
        let tags = try (0...Tag.limitPerItem).map { try Tag("t\($0)") }
        let error = try #require(
            validationError {
                try TimeEntry.create(
                    id: Fixture.id(7), target: TimeFixture.taskTarget, start: TimeFixture.minute(-60),
                    durationSeconds: 60, tags: tags, loggedBy: TimeFixture.owner, now: Fixture.now)
            })
        #expect(error.field == "tags")
        #expect(error.reason == .tooManyTags(count: 51, limit: 50))
        var logged = try entry()
        #expect(
            validationError { try logged.setTags(tags, now: Fixture.now) }?.reason
                == .tooManyTags(count: 51, limit: 50))
        try logged.setTags(Array(tags.prefix(50)) + Array(tags.prefix(3)), now: Fixture.now)
        #expect(logged.tags.count == 50)
    }
}
