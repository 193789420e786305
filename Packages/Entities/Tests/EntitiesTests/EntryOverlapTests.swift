import Entities
import Foundation
import Testing

struct EntryOverlapTests {
    // swift-format-ignore: NeverUseForceTry
    private static let tag = try! Tag("t")
    /// An entry from `from` to `to` minutes relative to the fixture's now.
    private func entry(_ id: UInt8, _ from: Double, _ to: Double, by owner: UUID = TimeFixture.owner) -> TimeEntry {
        TimeEntry(
            id: Fixture.id(id), target: TimeFixture.taskTarget, start: TimeFixture.minute(from),
            durationSeconds: Int((to - from) * 60), note: "n\(id)", billable: true, tags: [Self.tag],
            loggedBy: owner, createdAt: Fixture.now, updatedAt: Fixture.now)
    }

    private func resolve(_ new: TimeEntry, _ others: [TimeEntry], _ policy: OverlapPolicy) throws -> [EntryOverlap
        .Change]
    {
        try EntryOverlap.resolve(new, among: others, policy: policy, now: Fixture.now, newID: { Fixture.id(0x99) })
    }

    @Test func touchingEntriesDoNotOverlapAndOthersTimeIsNotYours() throws {
        let new = entry(1, -120, -60)
        let others = [entry(2, -180, -120), entry(3, -60, -30), entry(4, -100, -90, by: TimeFixture.otherOwner)]
        #expect(EntryOverlap.overlapping(new, in: others).isEmpty)
        #expect(try resolve(new, others, .refuse).isEmpty)
    }

    @Test func refuseNamesTheEarliestOverlapAndHowManyThereAre() throws {
        let new = entry(1, -120, -60)
        let error = try #require(
            validationError { try resolve(new, [entry(3, -70, -50), entry(2, -130, -110)], .refuse) })
        #expect(error.field == "start")
        #expect(
            error.reason
                == .overlapsEntry(
                    id: Fixture.id(2), start: TimeFixture.minute(-130), end: TimeFixture.minute(-110), count: 2))
        #expect(error.reason.isConflict)
        #expect(error.message == "the entry overlaps 2 other entries of the same person")
    }

    @Test func allowKeepsEverything() throws {
        #expect(try resolve(entry(1, -120, -60), [entry(2, -130, -110)], .allow).isEmpty)
    }

    @Test func adjustTrimsEitherEndRemovesWhatIsInsideAndSplitsWhatSurrounds() throws {
        let new = entry(1, -120, -60)
        let changes = try resolve(
            new, [entry(2, -150, -100), entry(3, -80, -20), entry(4, -110, -90)], .adjust)
        #expect(changes.count == 3)
        guard case .trimmed(let before) = changes[0], case .removed(let inside) = changes[1],
            case .trimmed(let after) = changes[2]
        else {
            Issue.record("unexpected changes \(changes)")
            return
        }
        #expect(before.id == Fixture.id(2) && before.start == TimeFixture.minute(-150) && before.end == new.start)
        #expect(inside.id == Fixture.id(4))
        #expect(after.id == Fixture.id(3) && after.start == new.end && after.end == TimeFixture.minute(-20))
        #expect(after.note == "n3" && after.billable && after.updatedAt == Fixture.now)

        let surrounding = try resolve(new, [entry(5, -180, 0)], .adjust)
        guard case .split(let first, let second) = try #require(surrounding.first) else {
            Issue.record("expected a split, got \(surrounding)")
            return
        }
        #expect(first.id == Fixture.id(5) && first.end == new.start && first.start == TimeFixture.minute(-180))
        #expect(second.id == Fixture.id(0x99) && second.start == new.end && second.end == TimeFixture.minute(0))
        #expect(second.note == "n5" && second.tags == first.tags && second.target == first.target)
        #expect(first.durationSeconds + second.durationSeconds + new.durationSeconds == 180 * 60)
    }
}
