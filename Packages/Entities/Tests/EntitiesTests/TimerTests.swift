import Entities
import Foundation
import Testing

struct TimerTests {
    @Test func aStartedTimerRunsFromItsStartInstant() throws {
        let timer = try Entities.Timer.start(
            id: Fixture.id(1), ownerID: TimeFixture.owner, target: TimeFixture.taskTarget, note: "  drafting \n",
            billable: true, at: TimeFixture.minute(-15), now: Fixture.now)
        #expect(timer.state == .running)
        #expect(timer.isRunning)
        #expect(timer.startedAt == TimeFixture.minute(-15))
        #expect(timer.pausedAt == nil)
        #expect(timer.note == "drafting")
        #expect(timer.billable)
        #expect(timer.intervals == [WorkInterval(start: TimeFixture.minute(-15))])
        #expect(timer.createdAt == Fixture.now)
        #expect(timer.updatedAt == Fixture.now)
        #expect(timer.elapsedSeconds(at: Fixture.now) == 15 * 60)
    }

    @Test func pauseAndResumeCountOnlyTheRunningStretches() throws {
        var timer = try TimeFixture.runningTimer()
        try timer.pause(at: TimeFixture.minute(25), now: TimeFixture.minute(25))
        #expect(timer.state == .paused)
        #expect(timer.pausedAt == TimeFixture.minute(25))
        #expect(timer.elapsedSeconds(at: TimeFixture.minute(60)) == 25 * 60)

        try timer.resume(at: TimeFixture.minute(40), now: TimeFixture.minute(41))
        #expect(timer.state == .running)
        #expect(timer.updatedAt == TimeFixture.minute(41))
        try timer.pause(at: TimeFixture.minute(50), now: TimeFixture.minute(50))
        try timer.resume(at: TimeFixture.minute(70), now: TimeFixture.minute(70))

        #expect(timer.intervals.count == 3)
        #expect(timer.elapsedSeconds(at: TimeFixture.minute(100)) == (25 + 10 + 30) * 60)
        #expect(timer.startedAt == Fixture.now)
    }

    @Test func elapsedTimeIsClippedAtTheInstantAsked() throws {
        var timer = try TimeFixture.runningTimer()
        try timer.pause(at: TimeFixture.minute(30), now: TimeFixture.minute(30))
        try timer.resume(at: TimeFixture.minute(60), now: TimeFixture.minute(60))
        #expect(timer.elapsedSeconds(at: TimeFixture.minute(-5)) == 0)
        #expect(timer.elapsedSeconds(at: TimeFixture.minute(10)) == 10 * 60)
        #expect(timer.elapsedSeconds(at: TimeFixture.minute(45)) == 30 * 60)
        #expect(timer.elapsedSeconds(at: TimeFixture.minute(75)) == 45 * 60)
        #expect(timer.elapsedSeconds(at: Fixture.now.addingTimeInterval(59.9)) == 59)
    }

    @Test func aTimerAcrossMidnightKeepsCountingOverTheDayBoundary() throws {
        let evening = try Fixture.instant("2026-11-21T22:30:00Z")
        let timer = try Entities.Timer.start(
            id: Fixture.id(1), ownerID: TimeFixture.owner, target: TimeFixture.projectTarget, at: evening,
            now: evening)
        let afterMidnight = try Fixture.instant("2026-11-22T01:15:00Z")
        #expect(timer.elapsedSeconds(at: afterMidnight) == (2 * 60 + 45) * 60)
    }

    @Test func startAcceptsUpToAMinuteInTheFuture() throws {
        let timer = try Entities.Timer.start(
            id: Fixture.id(1), ownerID: TimeFixture.owner, target: TimeFixture.taskTarget,
            at: Fixture.now.addingTimeInterval(60), now: Fixture.now)
        #expect(timer.startedAt == Fixture.now.addingTimeInterval(60))

        let error = try #require(
            validationError {
                try Entities.Timer.start(
                    id: Fixture.id(1), ownerID: TimeFixture.owner, target: TimeFixture.taskTarget,
                    at: Fixture.now.addingTimeInterval(61), now: Fixture.now)
            })
        #expect(error.field == "at")
        #expect(error.reason == .timerInstantInFuture(seconds: 61, action: .start))
        #expect(error.message == "the start time is 61s in the future")
    }

    @Test func fractionsOfASecondAheadRoundUp() throws {
        let error = try #require(
            validationError {
                try Entities.Timer.start(
                    id: Fixture.id(1), ownerID: TimeFixture.owner, target: TimeFixture.taskTarget,
                    at: Fixture.now.addingTimeInterval(60.2), now: Fixture.now)
            })
        #expect(error.reason == .timerInstantInFuture(seconds: 61, action: .start))
    }

    @Test(arguments: [
        Date(timeIntervalSince1970: -1), Date(timeIntervalSince1970: 253_402_300_800),
        Date(timeIntervalSince1970: 1e13), Date.distantPast,
    ])
    func startRefusesInstantsOutsideTheAcceptedRange(_ instant: Date) throws {
        let error = try #require(
            validationError {
                try Entities.Timer.start(
                    id: Fixture.id(1), ownerID: TimeFixture.owner, target: TimeFixture.taskTarget, at: instant,
                    now: Fixture.now)
            })
        #expect(error.field == "at")
        guard case .instantOutOfRange = error.reason else {
            Issue.record("unexpected \(error.reason)")
            return
        }
    }

    @Test func pauseResumeAndStopRefuseInstantsOutsideTheAcceptedRange() throws {
        let epochNow = Date(timeIntervalSince1970: 600)
        var timer = try Entities.Timer.start(
            id: Fixture.id(1), ownerID: TimeFixture.owner, target: TimeFixture.taskTarget,
            at: Date(timeIntervalSince1970: 0), now: epochNow)
        let early = Date(timeIntervalSince1970: -30)
        #expect(
            validationError { try timer.pause(at: early, now: epochNow) }?.reason
                == .instantOutOfRange(excerpt: "1969-12-31T23:59:30Z"))
        #expect(
            validationError { try timer.stop(at: early, now: epochNow, entryID: Fixture.id(9)) }?.reason
                == .instantOutOfRange(excerpt: "1969-12-31T23:59:30Z"))
        try timer.pause(at: Date(timeIntervalSince1970: 300), now: epochNow)
        #expect(
            validationError { try timer.resume(at: early, now: epochNow) }?.reason
                == .instantOutOfRange(excerpt: "1969-12-31T23:59:30Z"))
        #expect(
            validationError { try timer.stop(at: early, now: epochNow, entryID: Fixture.id(9)) }?.reason
                == .instantOutOfRange(excerpt: "1969-12-31T23:59:30Z"))
    }

    @Test func pauseAndResumeRespectTheFutureTolerance() throws {
        var timer = try TimeFixture.runningTimer()
        let error = try #require(
            validationError { try timer.pause(at: TimeFixture.minute(30) + 61, now: TimeFixture.minute(30)) })
        #expect(error.field == "at")
        #expect(error.reason == .timerInstantInFuture(seconds: 61, action: .pause))
        #expect(error.message == "the pause time is 61s in the future")
        #expect(timer.isRunning)
        try timer.pause(at: TimeFixture.minute(30) + 60, now: TimeFixture.minute(30))

        let resumeError = try #require(
            validationError { try timer.resume(at: TimeFixture.minute(90), now: TimeFixture.minute(40)) })
        #expect(resumeError.reason == .timerInstantInFuture(seconds: 50 * 60, action: .resume))
        #expect(resumeError.message == "the resume time is 50m in the future")
        try timer.resume(at: TimeFixture.minute(41), now: TimeFixture.minute(40))
        #expect(timer.isRunning)
    }

    @Test func pausingBeforeTheRunningStretchBeganIsRefused() throws {
        var timer = try TimeFixture.runningTimer()
        let beforeStart = try #require(
            validationError { try timer.pause(at: TimeFixture.minute(-5), now: Fixture.now) })
        #expect(beforeStart.field == "at")
        #expect(beforeStart.reason == .beforeTimerEvent(seconds: 300, action: .pause, event: .started))
        #expect(beforeStart.message == "cannot pause 5m before the timer was started")

        try timer.pause(at: TimeFixture.minute(10), now: TimeFixture.minute(10))
        try timer.resume(at: TimeFixture.minute(20), now: TimeFixture.minute(20))
        let beforeResume = try #require(
            validationError { try timer.pause(at: TimeFixture.minute(15), now: TimeFixture.minute(30)) })
        #expect(beforeResume.reason == .beforeTimerEvent(seconds: 300, action: .pause, event: .resumed))
        #expect(beforeResume.message == "cannot pause 5m before the timer was resumed")
        #expect(timer.isRunning)
    }

    @Test func resumingBeforeThePauseIsRefused() throws {
        var timer = try TimeFixture.runningTimer()
        try timer.pause(at: TimeFixture.minute(30), now: TimeFixture.minute(30))
        let error = try #require(
            validationError { try timer.resume(at: TimeFixture.minute(29), now: TimeFixture.minute(40)) })
        #expect(error.field == "at")
        #expect(error.reason == .beforeTimerEvent(seconds: 60, action: .resume, event: .paused))
        #expect(error.message == "cannot resume 60s before the timer was paused")
        try timer.resume(at: TimeFixture.minute(30), now: TimeFixture.minute(40))
        #expect(timer.elapsedSeconds(at: TimeFixture.minute(40)) == 40 * 60)
    }

    @Test func pauseAndResumeOnlyFromTheMatchingState() throws {
        var timer = try TimeFixture.runningTimer()
        let resumeError = try #require(
            validationError { try timer.resume(at: TimeFixture.minute(5), now: TimeFixture.minute(5)) })
        #expect(resumeError.field == "timer")
        #expect(resumeError.reason == .timerAlreadyRunning)
        #expect(resumeError.message == "the timer is already running")

        try timer.pause(at: TimeFixture.minute(5), now: TimeFixture.minute(5))
        let pauseError = try #require(
            validationError { try timer.pause(at: TimeFixture.minute(6), now: TimeFixture.minute(6)) })
        #expect(pauseError.field == "timer")
        #expect(pauseError.reason == .timerAlreadyPaused)
        #expect(pauseError.message == "the timer is already paused")
    }

    @Test func noteAndBillableEditsStampOnlyRealChanges() throws {
        var timer = try TimeFixture.runningTimer()
        try timer.setNote(" drafting ", now: TimeFixture.minute(5))
        timer.setBillable(false, now: TimeFixture.minute(5))
        #expect(timer.updatedAt == Fixture.now)

        try timer.setNote("reviewing", now: TimeFixture.minute(6))
        #expect(timer.note == "reviewing")
        timer.setBillable(true, now: TimeFixture.minute(7))
        #expect(timer.billable)
        #expect(timer.updatedAt == TimeFixture.minute(7))

        let tooLong = String(repeating: "x", count: Entities.Timer.noteLimit + 1)
        let error = validationError { try timer.setNote(tooLong, now: TimeFixture.minute(8)) }
        #expect(error?.field == "note")
        #expect(error?.reason == .tooLong(count: 2_001, limit: 2_000))
        #expect(timer.note == "reviewing")
    }

    @Test func timersRoundTripThroughJSON() throws {
        var timer = try TimeFixture.runningTimer()
        try timer.pause(at: TimeFixture.minute(10), now: TimeFixture.minute(10))
        let data = try JSONEncoder().encode(timer)
        #expect(try JSONDecoder().decode(Entities.Timer.self, from: data) == timer)
    }
}

struct TimerWindowTests {
    @Test func secondsInAWindowCountOnlyTheOverlapAndStopAtNow() throws {
        var timer = try TimeFixture.runningTimer()
        try timer.pause(at: TimeFixture.minute(25), now: TimeFixture.minute(25))
        try timer.resume(at: TimeFixture.minute(40), now: TimeFixture.minute(40))
        let now = TimeFixture.minute(60)
        // Intervals 0–25 and 40–now(60).
        #expect(timer.seconds(in: TimeFixture.minute(0)..<TimeFixture.minute(120), at: now) == 45 * 60)
        #expect(timer.seconds(in: TimeFixture.minute(20)..<TimeFixture.minute(45), at: now) == 10 * 60)
        #expect(timer.seconds(in: TimeFixture.minute(26)..<TimeFixture.minute(39), at: now) == 0)
        #expect(timer.seconds(in: TimeFixture.minute(70)..<TimeFixture.minute(90), at: now) == 0)
    }
}
