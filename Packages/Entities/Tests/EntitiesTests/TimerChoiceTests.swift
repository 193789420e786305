import Entities
import Foundation
import Testing

/// `TimerRules.choose`: which timer an action means when the user names none, one by id, or one by target.
struct TimerChoiceTests {
    /// A timer on `target` that ran from `startedAt` and, when `pausedAt` is given, was paused then (minutes).
    private func timer(
        _ id: UInt8, on target: TimeTarget = TimeFixture.taskTarget, startedAt: Double = 0, pausedAt: Double? = nil
    ) throws -> Entities.Timer {
        var timer = try Entities.Timer.start(
            id: Fixture.id(id), ownerID: TimeFixture.owner, target: target, at: TimeFixture.minute(startedAt),
            now: TimeFixture.minute(startedAt))
        if let pausedAt {
            try timer.pause(at: TimeFixture.minute(pausedAt), now: TimeFixture.minute(pausedAt))
        }
        return timer
    }

    private func choiceError(_ selector: TimerSelector, among timers: [Entities.Timer]) -> ValidationError? {
        validationError { try TimerRules.choose(selector, among: timers) }
    }

    @Test func runningChoosesTheRunningTimer() throws {
        let paused = try timer(0xE1, pausedAt: 10)
        let running = try timer(0xE2, on: TimeFixture.projectTarget, startedAt: 20)
        #expect(try TimerRules.choose(.running, among: [paused, running]).id == running.id)
    }

    @Test func runningWithNoneRunningSaysSo() throws {
        let error = try #require(choiceError(.running, among: [try timer(0xE1, pausedAt: 10)]))
        #expect(error.field == "timer")
        #expect(error.reason == .noRunningTimer)
        #expect(error.message == "no timer is running")
        #expect(choiceError(.running, among: [])?.reason == .noRunningTimer)
    }

    @Test func latestPausedChoosesThePausedTimerPausedLast() throws {
        let early = try timer(0xE1, startedAt: 0, pausedAt: 30)
        let late = try timer(0xE2, startedAt: 5, pausedAt: 50)
        let middle = try timer(0xE3, startedAt: 10, pausedAt: 40)
        let running = try timer(0xE4, startedAt: 60)
        #expect(try TimerRules.choose(.latestPaused, among: [early, late, middle, running]).id == late.id)
    }

    @Test func latestPausedBreaksTiesByTheCallersOrder() throws {
        let first = try timer(0xE1, startedAt: 0, pausedAt: 30)
        let second = try timer(0xE2, startedAt: 5, pausedAt: 30)
        #expect(try TimerRules.choose(.latestPaused, among: [second, first]).id == second.id)
        #expect(try TimerRules.choose(.latestPaused, among: [first, second]).id == first.id)
    }

    @Test func latestPausedWithNonePausedSaysSo() throws {
        let error = try #require(choiceError(.latestPaused, among: [try timer(0xE1)]))
        #expect(error.field == "timer")
        #expect(error.reason == .noPausedTimer)
        #expect(choiceError(.latestPaused, among: [])?.reason == .noPausedTimer)
    }

    @Test func runningOrOnlyPausedPrefersTheRunningTimer() throws {
        let paused = try timer(0xE1, pausedAt: 10)
        let otherPaused = try timer(0xE2, startedAt: 11, pausedAt: 15)
        let running = try timer(0xE3, startedAt: 20)
        #expect(try TimerRules.choose(.runningOrOnlyPaused, among: [paused, otherPaused, running]).id == running.id)
    }

    @Test func runningOrOnlyPausedTakesTheOnlyPausedTimer() throws {
        let paused = try timer(0xE1, pausedAt: 10)
        #expect(try TimerRules.choose(.runningOrOnlyPaused, among: [paused]).id == paused.id)
    }

    @Test func runningOrOnlyPausedWithNoTimerSaysThereIsNone() throws {
        let error = try #require(choiceError(.runningOrOnlyPaused, among: []))
        #expect(error.field == "timer")
        #expect(error.reason == .noTimer)
    }

    @Test func runningOrOnlyPausedWithSeveralPausedListsThemInTheCallersOrder() throws {
        let first = try timer(0xE1, pausedAt: 10)
        let second = try timer(0xE2, startedAt: 11, pausedAt: 15)
        let third = try timer(0xE3, startedAt: 16, pausedAt: 20)
        let error = try #require(choiceError(.runningOrOnlyPaused, among: [second, third, first]))
        #expect(error.field == "timer")
        #expect(error.reason == .severalPausedTimers(ids: [second.id, third.id, first.id]))
    }

    @Test func idChoosesThatTimerWhateverItsState() throws {
        let paused = try timer(0xE1, pausedAt: 10)
        let running = try timer(0xE2, startedAt: 20)
        #expect(try TimerRules.choose(.id(paused.id), among: [paused, running]).id == paused.id)
        #expect(try TimerRules.choose(.id(running.id), among: [paused, running]).id == running.id)
    }

    @Test func anIdNoLongerThereSaysWhichOne() throws {
        let gone = Fixture.id(0xEE)
        let error = try #require(choiceError(.id(gone), among: [try timer(0xE1)]))
        #expect(error.field == "timer")
        #expect(error.reason == .noTimerWithID(gone))
    }

    @Test func targetChoosesTheTimerOnThatTarget() throws {
        let onTask = try timer(0xE1, pausedAt: 10)
        let onProject = try timer(0xE2, on: TimeFixture.projectTarget, startedAt: 20)
        #expect(try TimerRules.choose(.target(TimeFixture.taskTarget), among: [onTask, onProject]).id == onTask.id)
        #expect(
            try TimerRules.choose(.target(TimeFixture.projectTarget), among: [onTask, onProject]).id == onProject.id)
    }

    @Test func targetPrefersARunningTimerThenTheLatestPaused() throws {
        let older = try timer(0xE1, pausedAt: 10)
        let newer = try timer(0xE2, startedAt: 11, pausedAt: 20)
        #expect(try TimerRules.choose(.target(TimeFixture.taskTarget), among: [older, newer]).id == newer.id)
        let running = try timer(0xE3, startedAt: 30)
        #expect(
            try TimerRules.choose(.target(TimeFixture.taskTarget), among: [older, newer, running]).id == running.id)
    }

    @Test func aTargetWithoutTimerSaysWhichTarget() throws {
        let error = try #require(
            choiceError(.target(TimeFixture.projectTarget), among: [try timer(0xE1)]))
        #expect(error.field == "timer")
        #expect(error.reason == .noTimerOnTarget(TimeFixture.projectTarget))
    }
}
