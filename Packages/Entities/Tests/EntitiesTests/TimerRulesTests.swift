import Entities
import Foundation
import Testing

struct TimerRulesTests {
    @Test func startingPausesTheOwnersOtherRunningTimersAtTheNewStart() throws {
        let running = try TimeFixture.runningTimer(id: 0xE1)
        var paused = try TimeFixture.runningTimer(id: 0xE2, startedAt: -60)
        try paused.pause(at: TimeFixture.minute(-30), now: TimeFixture.minute(-30))
        let someoneElses = try TimeFixture.runningTimer(id: 0xE3, owner: TimeFixture.otherOwner)

        let changed = TimerRules.pausing(
            [running, paused, someoneElses], forStartAt: TimeFixture.minute(40), ownerID: TimeFixture.owner,
            except: nil, now: TimeFixture.minute(50))

        #expect(changed.map(\.id) == [running.id])
        let switched = try #require(changed.first)
        #expect(switched.state == .paused)
        #expect(switched.pausedAt == TimeFixture.minute(40))
        #expect(switched.elapsedSeconds(at: TimeFixture.minute(50)) == 40 * 60)
        #expect(switched.updatedAt == TimeFixture.minute(50))
    }

    @Test func aStartEarlierThanTheRunningTimersStartPausesItAtItsOwnStart() throws {
        let running = try TimeFixture.runningTimer(startedAt: 30)
        let changed = TimerRules.pausing(
            [running], forStartAt: TimeFixture.minute(10), ownerID: TimeFixture.owner, except: nil,
            now: TimeFixture.minute(35))
        let switched = try #require(changed.first)
        #expect(switched.pausedAt == TimeFixture.minute(30))
        #expect(switched.elapsedSeconds(at: TimeFixture.minute(35)) == 0)
    }

    @Test func theTimerBeingStartedOrResumedIsLeftAlone() throws {
        let running = try TimeFixture.runningTimer(id: 0xE1)
        let changed = TimerRules.pausing(
            [running], forStartAt: TimeFixture.minute(5), ownerID: TimeFixture.owner, except: running.id,
            now: TimeFixture.minute(5))
        #expect(changed.isEmpty)
    }

    @Test func noRunningTimersMeansNothingChanges() {
        #expect(
            TimerRules.pausing(
                [], forStartAt: Fixture.now, ownerID: TimeFixture.owner, except: nil, now: Fixture.now
            ).isEmpty)
    }
}
