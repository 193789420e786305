import Entities
import Foundation
import Testing

struct TimerStopTests {
    @Test func stoppingARunningTimerAtAPastInstantLogsTheTimeUpToThen() throws {
        var timer = try TimeFixture.runningTimer()
        timer.setBillable(true, now: Fixture.now)
        let entry = try timer.stop(at: TimeFixture.minute(45), now: TimeFixture.minute(90), entryID: Fixture.id(9))
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

    @Test func stoppingWithoutAnInstantStopsNow() throws {
        let timer = try TimeFixture.runningTimer()
        let entry = try timer.stop(now: TimeFixture.minute(20), entryID: Fixture.id(9), note: "  first draft ")
        #expect(entry.durationSeconds == 20 * 60)
        #expect(entry.note == "first draft")
    }

    @Test func theEntryStartsAtTheFirstStartAndLeavesThePausesOut() throws {
        var timer = try TimeFixture.runningTimer()
        try timer.pause(at: TimeFixture.minute(30), now: TimeFixture.minute(30))
        try timer.resume(at: TimeFixture.minute(60), now: TimeFixture.minute(60))
        let entry = try timer.stop(now: TimeFixture.minute(90), entryID: Fixture.id(9))
        #expect(entry.start == Fixture.now)
        #expect(entry.durationSeconds == 60 * 60)
        #expect(entry.end == TimeFixture.minute(60))
    }

    @Test func stoppingAPausedTimerKeepsTheTimeRecorded() throws {
        var timer = try TimeFixture.runningTimer()
        try timer.pause(at: TimeFixture.minute(25), now: TimeFixture.minute(25))
        let plain = try timer.stop(now: TimeFixture.minute(200), entryID: Fixture.id(9))
        #expect(plain.durationSeconds == 25 * 60)
        let laterAt = try timer.stop(at: TimeFixture.minute(100), now: TimeFixture.minute(200), entryID: Fixture.id(9))
        #expect(laterAt.durationSeconds == 25 * 60)

        let error = try #require(
            validationError {
                try timer.stop(at: TimeFixture.minute(20), now: TimeFixture.minute(200), entryID: Fixture.id(9))
            })
        #expect(error.field == "at")
        #expect(
            error.message
                == "cannot stop 5m before the timer was paused: leave --at out to keep the time recorded so far")
    }

    @Test func stoppingARunningTimerChecksTheInstantLikePause() throws {
        let timer = try TimeFixture.runningTimer()
        let early = try #require(
            validationError { try timer.stop(at: TimeFixture.minute(-1), now: Fixture.now, entryID: Fixture.id(9)) })
        #expect(early.message == "cannot stop 60s before the timer was started: give a later --at or leave it out")

        let future = try #require(
            validationError {
                try timer.stop(at: TimeFixture.minute(10) + 61, now: TimeFixture.minute(10), entryID: Fixture.id(9))
            })
        #expect(future.message == "the stop time is 61s in the future: leave --at out to stop now")
        let edge = try timer.stop(at: TimeFixture.minute(10) + 60, now: TimeFixture.minute(10), entryID: Fixture.id(9))
        #expect(edge.durationSeconds == 11 * 60)
    }

    @Test func nothingRecordedSuggestsDiscarding() throws {
        let timer = try TimeFixture.runningTimer()
        let error = try #require(
            validationError { try timer.stop(now: Fixture.now.addingTimeInterval(0.5), entryID: Fixture.id(9)) })
        #expect(error.field == "duration")
        #expect(error.reason == .outOfRange("0s"))
        #expect(error.message.contains("stint timer discard"))
    }

    @Test func moreThanADayNeedsForce() throws {
        let timer = try TimeFixture.runningTimer()
        let dayAndAHalf = TimeFixture.minute(36 * 60)
        let error = try #require(validationError { try timer.stop(now: dayAndAHalf, entryID: Fixture.id(9)) })
        #expect(error.field == "duration")
        #expect(
            error.message
                == "the timer ran for 36h, more than 24h: pass --force to log it all, or stop it with --at at the "
                + "time you stopped working")
        let forced = try timer.stop(now: dayAndAHalf, entryID: Fixture.id(9), force: true)
        #expect(forced.durationSeconds == 36 * 3600)
        let exactlyADay = try timer.stop(now: TimeFixture.minute(24 * 60), entryID: Fixture.id(9))
        #expect(exactlyADay.durationSeconds == TimeEntry.unforcedLimit)
    }

    @Test func moreThanAThousandHoursIsNeverLogged() throws {
        let timer = try TimeFixture.runningTimer()
        let error = try #require(
            validationError { try timer.stop(now: TimeFixture.minute(1001 * 60), entryID: Fixture.id(9), force: true) })
        #expect(error.reason == .outOfRange("\(1001 * 3600)s"))
        #expect(error.message.contains("more than the limit of 1000h"))
    }
}
