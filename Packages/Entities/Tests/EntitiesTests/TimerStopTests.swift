import Entities
import Foundation
import Testing

struct TimerStopTests {
    @Test func stoppingARunningTimerAtAPastInstantLogsTheTimeUpToThen() throws {
        var timer = try TimeFixture.runningTimer()
        timer.setBillable(true, now: Fixture.now)
        let entry = try onlyEntry(
            timer.stop(at: TimeFixture.minute(45), now: TimeFixture.minute(90), entryID: Fixture.id(9)))
        #expect(entry.id == Fixture.id(9))
        #expect(entry.target == TimeFixture.taskTarget)
        #expect(entry.start == Fixture.now)
        #expect(entry.durationSeconds == 45 * 60)
        #expect(entry.end == TimeFixture.minute(45))
        #expect(entry.note == "drafting")
        #expect(entry.billable)
        #expect(entry.tags.isEmpty)
        #expect(entry.loggedBy == TimeFixture.owner)
        #expect(entry.createdAt == TimeFixture.minute(90))
        #expect(entry.updatedAt == TimeFixture.minute(90))
        #expect(timer.isRunning, "stop leaves the timer itself to the caller")
    }

    @Test func theEntryCarriesTheTimersTagsAndAResumeAddsMore() throws {
        var timer = try Timer.start(
            id: Fixture.id(3), ownerID: TimeFixture.owner, target: TimeFixture.taskTarget,
            tags: [try Tag("client"), try Tag("Deep"), try Tag("client")], at: Fixture.now, now: Fixture.now)
        #expect(timer.tags.map(\.name) == ["client", "deep"])
        try timer.addTags([try Tag("call")], now: TimeFixture.minute(5))
        #expect(timer.tags.map(\.name) == ["call", "client", "deep"])
        #expect(timer.updatedAt == TimeFixture.minute(5))
        try timer.addTags([try Tag("deep")], now: TimeFixture.minute(9))
        #expect(timer.updatedAt == TimeFixture.minute(5), "nothing new, nothing changed")
        let entry = try onlyEntry(timer.stop(now: TimeFixture.minute(30), entryID: Fixture.id(9)))
        #expect(entry.tags.map(\.name) == ["call", "client", "deep"])
        let tooMany = try (0...Tag.limitPerItem).map { try Tag("t\($0)") }
        let error = try #require(
            validationError {
                try Timer.start(
                    id: Fixture.id(4), ownerID: TimeFixture.owner, target: TimeFixture.taskTarget, tags: tooMany,
                    at: Fixture.now, now: Fixture.now)
            })
        #expect(error.field == "tags")
    }

    @Test func stoppingWithoutAnInstantStopsNow() throws {
        let timer = try TimeFixture.runningTimer()
        let entry = try onlyEntry(
            timer.stop(now: TimeFixture.minute(20), entryID: Fixture.id(9), note: "  first draft "))
        #expect(entry.durationSeconds == 20 * 60)
        #expect(entry.note == "first draft")
    }

    @Test func eachStretchBecomesAnEntryAtItsOwnStartWithThePausesLeftOut() throws {
        var timer = try TimeFixture.runningTimer()
        try timer.pause(at: TimeFixture.minute(30), now: TimeFixture.minute(30))
        try timer.resume(at: TimeFixture.minute(60), now: TimeFixture.minute(60))
        let entries = try timer.stop(now: TimeFixture.minute(90), entryID: Fixture.id(9), note: "both")
        #expect(entries.map(\.start) == [Fixture.now, TimeFixture.minute(60)])
        #expect(entries.map(\.end) == [TimeFixture.minute(30), TimeFixture.minute(90)])
        #expect(entries.map(\.durationSeconds) == [30 * 60, 30 * 60])
        #expect(entries.map(\.note) == ["both", "both"])
        #expect(entries.map(\.target) == [TimeFixture.taskTarget, TimeFixture.taskTarget])
        #expect(entries[0].id == Fixture.id(9), "the first entry takes the timer's id")
        #expect(entries[1].id == TimeEntry.stretchID(of: Fixture.id(9), index: 1))
        #expect(entries[1].id != entries[0].id)
    }

    /// Paused over the night: each day's work is booked on that day, not all of it on the day the timer began.
    @Test func aTimerPausedOvernightBooksEachDaysWorkOnThatDay() throws {
        var timer = try TimeFixture.runningTimer()
        try timer.pause(at: TimeFixture.minute(60), now: TimeFixture.minute(60))
        let nextDay = TimeFixture.minute(24 * 60)
        try timer.resume(at: nextDay, now: nextDay)
        try timer.pause(at: nextDay + 1_800, now: nextDay + 1_800)
        // A resume within the same second leaves a stretch under a second, which logs nothing.
        try timer.resume(at: nextDay + 1_800.4, now: nextDay + 1_800.4)
        let entries = try timer.stop(at: nextDay + 1_800.9, now: nextDay + 3_600, entryID: Fixture.id(9))
        #expect(entries.map(\.start) == [Fixture.now, nextDay])
        #expect(entries.map(\.durationSeconds) == [3_600, 1_800])
        #expect(entries.map(\.id) == [Fixture.id(9), TimeEntry.stretchID(of: Fixture.id(9), index: 1)])
    }

    @Test func theLimitsApplyToAllStretchesTogether() throws {
        var timer = try TimeFixture.runningTimer()
        try timer.pause(at: TimeFixture.minute(20 * 60), now: TimeFixture.minute(20 * 60))
        try timer.resume(at: TimeFixture.minute(30 * 60), now: TimeFixture.minute(30 * 60))
        let late = TimeFixture.minute(35 * 60)
        let error = try #require(validationError { try timer.stop(now: late, entryID: Fixture.id(9)) })
        #expect(error.reason == .durationNeedsForce(seconds: 25 * 3600, limit: 24 * 3600, source: .timer))
        #expect(
            try timer.stop(now: late, entryID: Fixture.id(9), force: true).map(\.durationSeconds) == [72_000, 18_000])
    }

    @Test func stretchIDsAreStableDistinctAndValid() {
        let base = Fixture.id(9)
        #expect(TimeEntry.stretchID(of: base, index: 0) == base)
        let derived = (1...1_000).map { TimeEntry.stretchID(of: base, index: $0) }
        #expect(Set(derived).count == 1_000)
        #expect(!derived.contains(base))
        #expect(derived == (1...1_000).map { TimeEntry.stretchID(of: base, index: $0) })
        #expect(TimeEntry.stretchID(of: Fixture.id(8), index: 1) != derived[0])
        for id in derived {
            let text = id.lowercasedString
            #expect(Array(text)[14] == "8" && "89ab".contains(Array(text)[19]), "version 8, RFC variant: \(text)")
        }
    }

    @Test func stoppingAPausedTimerKeepsTheTimeRecorded() throws {
        var timer = try TimeFixture.runningTimer()
        try timer.pause(at: TimeFixture.minute(25), now: TimeFixture.minute(25))
        let plain = try onlyEntry(timer.stop(now: TimeFixture.minute(200), entryID: Fixture.id(9)))
        #expect(plain.durationSeconds == 25 * 60)
        let laterAt = try onlyEntry(
            timer.stop(at: TimeFixture.minute(100), now: TimeFixture.minute(200), entryID: Fixture.id(9)))
        #expect(laterAt.durationSeconds == 25 * 60)

        let error = try #require(
            validationError {
                try timer.stop(at: TimeFixture.minute(20), now: TimeFixture.minute(200), entryID: Fixture.id(9))
            })
        #expect(error.field == "at")
        #expect(error.reason == .beforeTimerEvent(seconds: 300, action: .stop, event: .paused))
        #expect(error.message == "cannot stop 5m before the timer was paused")
        let future = try #require(
            validationError {
                try timer.stop(at: TimeFixture.minute(30) + 61, now: TimeFixture.minute(30), entryID: Fixture.id(9))
            })
        #expect(future.reason == .timerInstantInFuture(seconds: 61, action: .stop))
    }

    @Test func stoppingARunningTimerChecksTheInstantLikePause() throws {
        let timer = try TimeFixture.runningTimer()
        let early = try #require(
            validationError { try timer.stop(at: TimeFixture.minute(-1), now: Fixture.now, entryID: Fixture.id(9)) })
        #expect(early.field == "at")
        #expect(early.reason == .beforeTimerEvent(seconds: 60, action: .stop, event: .started))
        #expect(early.message == "cannot stop 60s before the timer was started")

        let future = try #require(
            validationError {
                try timer.stop(at: TimeFixture.minute(10) + 61, now: TimeFixture.minute(10), entryID: Fixture.id(9))
            })
        #expect(future.field == "at")
        #expect(future.reason == .timerInstantInFuture(seconds: 61, action: .stop))
        #expect(future.message == "the stop time is 61s in the future")
        let edge = try onlyEntry(
            timer.stop(at: TimeFixture.minute(10) + 60, now: TimeFixture.minute(10), entryID: Fixture.id(9)))
        #expect(edge.durationSeconds == 11 * 60)
    }

    /// A timer that came from a machine whose clock runs ahead: stopping it "now" names its start, not an --at the
    /// user never gave; with an instant after its start it stops as usual.
    @Test func stoppingNowATimerThatStartedAheadNamesItsStart() throws {
        let timer = try TimeFixture.runningTimer()
        let early = Fixture.now.addingTimeInterval(-3600)
        let error = try #require(validationError { try timer.stop(now: early, entryID: Fixture.id(9)) })
        #expect(error.field == "timer")
        #expect(error.reason == .timerStartsAhead(seconds: 3600, action: .stop))
        #expect(error.message == "cannot stop the timer now: it started 1h from now")
        // Within the tolerance it still stops at its start, as before.
        let nearly = try #require(
            validationError { try timer.stop(now: Fixture.now.addingTimeInterval(-30), entryID: Fixture.id(9)) })
        #expect(nearly.reason == .nothingRecorded)
    }

    @Test func nothingRecordedIsItsOwnReason() throws {
        let timer = try TimeFixture.runningTimer()
        let error = try #require(
            validationError { try timer.stop(now: Fixture.now.addingTimeInterval(0.5), entryID: Fixture.id(9)) })
        #expect(error.field == "duration")
        #expect(error.reason == .nothingRecorded)
        #expect(error.message == "nothing to record: the timer ran for less than a second")
    }

    @Test func moreThanADayNeedsForce() throws {
        let timer = try TimeFixture.runningTimer()
        let dayAndAHalf = TimeFixture.minute(36 * 60)
        let error = try #require(validationError { try timer.stop(now: dayAndAHalf, entryID: Fixture.id(9)) })
        #expect(error.field == "duration")
        #expect(error.reason == .durationNeedsForce(seconds: 36 * 3600, limit: 24 * 3600, source: .timer))
        #expect(error.reason.isConflict)
        #expect(error.message == "the timer ran for 36h, more than 24h, which needs to be confirmed")
        let forced = try onlyEntry(timer.stop(now: dayAndAHalf, entryID: Fixture.id(9), force: true))
        #expect(forced.durationSeconds == 36 * 3600)
        let exactlyADay = try onlyEntry(timer.stop(now: TimeFixture.minute(24 * 60), entryID: Fixture.id(9)))
        #expect(exactlyADay.durationSeconds == TimeEntry.unforcedLimit)
    }

    @Test func moreThanAThousandHoursIsNeverLogged() throws {
        let timer = try TimeFixture.runningTimer()
        let error = try #require(
            validationError { try timer.stop(now: TimeFixture.minute(1001 * 60), entryID: Fixture.id(9), force: true) })
        #expect(error.field == "duration")
        #expect(error.reason == .durationOverLimit(seconds: 1001 * 3600, limit: 1000 * 3600, source: .timer))
        #expect(error.message == "the timer ran for 1001h, more than the limit of 1000h")
    }
}

/// The one entry a stop of a timer that ran in one stretch makes.
private func onlyEntry(_ entries: [TimeEntry]) throws -> TimeEntry {
    try #require(entries.count == 1, "\(entries)")
    return entries[0]
}
