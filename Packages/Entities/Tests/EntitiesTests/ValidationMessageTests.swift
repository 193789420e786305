import Entities
import Foundation
import Testing

/// Every reason's neutral message: one line, no command-line wording, and the data it carries.
struct ValidationMessageTests {
    static let cases: [(ValidationError, String)] = {
        let day = Day(year: 2026, month: 11, day: 21) ?? AcceptedRange.days.lowerBound
        let later = Day(year: 2026, month: 11, day: 22) ?? AcceptedRange.days.upperBound
        let id = Fixture.id(0xE1)
        return [
            (
                ValidationError(field: "title", reason: .empty(.text)),
                "title is empty: it needs at least one visible character"
            ),
            (
                ValidationError(field: "tag", reason: .empty(.tag)),
                "tag is empty: it needs at least one visible character"
            ),
            (ValidationError(field: "due", reason: .empty(.day)), "due is empty"),
            (
                ValidationError(field: "name", reason: .tooLong(count: 121, limit: 120)),
                "name is too long: 121 characters, the limit is 120"
            ),
            (ValidationError(field: "name", reason: .notSingleLine), "name must be a single line"),
            (ValidationError(field: "name", reason: .controlCharacter), "name contains a tab or control character"),
            (ValidationError(field: "note", reason: .emptyNoteEntry), "the text to add to the note is empty"),
            (ValidationError(field: "note", reason: .nulCharacter), "note contains a NUL character"),
            (
                ValidationError(field: "tag", reason: .invalidTagCharacter(excerpt: "a b")),
                "tag 'a b' contains a space, comma or control character"
            ),
            (
                ValidationError(field: "tags", reason: .tooManyTags(count: 60, limit: 50)),
                "too many tags: 60 given, the limit is 50"
            ),
            (
                ValidationError(field: "tag", reason: .invalidFormat(excerpt: "+#", expected: .tag)),
                "could not read '+#' as a tag"
            ),
            (
                ValidationError(field: "start", reason: .invalidFormat(excerpt: "x", expected: .timeOfDay)),
                "could not read 'x' as a time of day"
            ),
            (
                ValidationError(field: "note", reason: .invalidFormat(excerpt: "x", expected: .text)),
                "could not read 'x' as text"
            ),
            (
                ValidationError(field: "duration", reason: .missingUnit(excerpt: "90", number: "90")),
                "'90' has no unit: a duration needs minutes or hours"
            ),
            (
                ValidationError(field: "duration", reason: .secondsNotAllowed(excerpt: "30s")),
                "duration cannot be given in seconds"
            ),
            (
                ValidationError(field: "duration", reason: .negativeAmount(excerpt: "-5m", expected: .duration)),
                "duration '-5m' cannot be negative"
            ),
            (
                ValidationError(field: "duration", reason: .zeroDuration(excerpt: "0m")),
                "duration must be more than zero"
            ),
            (
                ValidationError(field: "estimate", reason: .typedDurationOverLimit(excerpt: "1001h", limit: 3_600_000)),
                "estimate '1001h' is too long: the limit is 1000h"
            ),
            (
                ValidationError(field: "at", reason: .timeAgoOutOfRange(excerpt: "0m ago", limit: 3_600_000)),
                "'0m ago' is out of range: the time ago must be more than zero and at most 1000h"
            ),
            (
                ValidationError(field: "at", reason: .outOfRange(excerpt: "25:00", expected: .timeOfDay)),
                "25:00 is not a time of day"
            ),
            (
                ValidationError(field: "at", reason: .outOfRange(excerpt: "2026-11-20 10:00:61", expected: .instant)),
                "'2026-11-20 10:00:61' has more than 59 seconds"
            ),
            (
                ValidationError(field: "x", reason: .outOfRange(excerpt: "9", expected: .duration)),
                "x '9' is out of range"
            ),
            (
                ValidationError(
                    field: "due",
                    reason: .notARealDate(excerpt: "2026-13-01", problem: .noSuchMonth(13), expected: .day)),
                "'2026-13-01' is not a real date (months run from 01 to 12)"
            ),
            (
                ValidationError(field: "due", reason: .offsetTooFar(excerpt: "+99999d", limitDays: 36_525)),
                "due '+99999d' is too far away: offsets are limited to 36525 days"
            ),
            (
                ValidationError(field: "due", reason: .dayOutOfRange(excerpt: "0000-01-01")),
                "due '0000-01-01' is outside the supported dates, 1970-01-01 to 9999-12-31"
            ),
            (
                ValidationError(field: "at", reason: .instantOutOfRange(excerpt: "0001-01-01 00:00")),
                "at '0001-01-01 00:00' is outside the supported times, from 1970 to the end of 9999"
            ),
            (
                ValidationError(
                    field: "at", reason: .typedInstantInFuture(excerpt: "23:00", seconds: 3600, sameDayTime: "23:00")),
                "'23:00' is 1h in the future"
            ),
            (
                ValidationError(field: "at", reason: .timerInstantInFuture(seconds: 90, action: .resume)),
                "the resume time is 90s in the future"
            ),
            (
                ValidationError(field: "at", reason: .beforeTimerEvent(seconds: 3900, action: .stop, event: .resumed)),
                "cannot stop 1h 05m before the timer was resumed"
            ),
            (
                ValidationError(field: "duration", reason: .nothingRecorded),
                "nothing to record: the timer ran for less than a second"
            ),
            (
                ValidationError(field: "start", reason: .entryEndsInFuture(seconds: 61)),
                "the entry would end 61s in the future"
            ),
            (
                ValidationError(
                    field: "estimate", reason: .durationTooShort(seconds: 30, minimum: 60, source: .estimate)),
                "estimate must be at least 60s"
            ),
            (
                ValidationError(field: "duration", reason: .durationTooShort(seconds: 0, minimum: 1, source: .entry)),
                "duration must be more than zero"
            ),
            (
                ValidationError(
                    field: "duration", reason: .durationOverLimit(seconds: 3_600_060, limit: 3_600_000, source: .timer)),
                "the timer ran for 1000h 01m, more than the limit of 1000h"
            ),
            (
                ValidationError(
                    field: "duration", reason: .durationNeedsForce(seconds: 90_000, limit: 86_400, source: .entry)),
                "the entry lasts 25h, more than 24h, which needs to be confirmed"
            ),
            (
                ValidationError(field: "status", reason: .taskTransition(from: .open, to: .completed)),
                "the task cannot go from open to done"
            ),
            (ValidationError(field: "status", reason: .projectAlreadyArchived), "the project is already archived"),
            (ValidationError(field: "status", reason: .projectNotArchived), "the project is not archived"),
            (ValidationError(field: "timer", reason: .timerAlreadyRunning), "the timer is already running"),
            (ValidationError(field: "timer", reason: .timerAlreadyPaused), "the timer is already paused"),
            (
                ValidationError(field: "list", reason: .listWithoutProject),
                "a task in a list must also be in that list's project"
            ),
            (
                ValidationError(field: "until", reason: .dayRangeEmpty(since: later, until: day)),
                "the range would start on 2026-11-22 but end on 2026-11-21, before it starts"
            ),
            (ValidationError(field: "timer", reason: .noRunningTimer), "no timer is running"),
            (ValidationError(field: "timer", reason: .noPausedTimer), "no timer is paused"),
            (ValidationError(field: "timer", reason: .noTimer), "there is no timer"),
            (
                ValidationError(field: "timer", reason: .severalPausedTimers(ids: [id, id])),
                "no timer is running and 2 are paused"
            ),
            (ValidationError(field: "timer", reason: .noTimerWithID(id)), "that timer no longer exists"),
            (
                ValidationError(field: "timer", reason: .noTimerOnTarget(.project(id))),
                "no timer is timing that task or project"
            ),
        ]
    }()

    @Test(arguments: cases)
    func eachReasonHasANeutralOneLineMessage(_ error: ValidationError, expected: String) {
        #expect(error.message == expected)
        #expect(error.description == expected)
        #expect(error.localizedDescription == expected)
        #expect(!expected.contains { $0.isNewline })
        #expect(isNeutral(expected))
    }

    @Test func onlyStateAndConfirmationProblemsAreConflicts() {
        let conflicts = Self.cases.filter { $0.0.reason.isConflict }.map(\.0.reason)
        #expect(
            conflicts == [
                .durationNeedsForce(seconds: 90_000, limit: 86_400, source: .entry), .timerAlreadyRunning,
                .timerAlreadyPaused, .noRunningTimer, .noPausedTimer,
                .noTimer, .severalPausedTimers(ids: [Fixture.id(0xE1), Fixture.id(0xE1)]),
                .noTimerWithID(Fixture.id(0xE1)), .noTimerOnTarget(.project(Fixture.id(0xE1))),
            ])
    }

    @Test func errorsCompareByFieldAndReason() {
        #expect(ValidationError(field: "a", reason: .noTimer) == ValidationError(field: "a", reason: .noTimer))
        #expect(ValidationError(field: "a", reason: .noTimer) != ValidationError(field: "b", reason: .noTimer))
    }
}
