import Entities
import Foundation
import Testing

/// Instants and ids for the time-tracking tests, all relative to `Fixture.now` (2026-11-21 10:00 UTC).
enum TimeFixture {
    static let owner = Fixture.id(0xC1)
    static let otherOwner = Fixture.id(0xC2)
    static let taskTarget = TimeTarget.task(Fixture.id(0xD1))
    static let projectTarget = TimeTarget.project(Fixture.projectID)

    /// `Fixture.now` plus `minutes` (negative for earlier).
    static func minute(_ minutes: Double) -> Date {
        Fixture.now.addingTimeInterval(minutes * 60)
    }

    /// A timer that started `minutes` after `Fixture.now` and is still running.
    static func runningTimer(
        id: UInt8 = 0xE1, owner: UUID = owner, startedAt minutes: Double = 0
    ) throws -> Entities.Timer {
        try Entities.Timer.start(
            id: Fixture.id(id), ownerID: owner, target: taskTarget, note: "drafting", at: minute(minutes),
            now: minute(minutes))
    }
}
