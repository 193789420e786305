import Foundation
import Testing

@testable import ServerCore

@Suite("PushEngine")
struct PushEngineTests {
    let alice = Fixture.id(101)
    let bob = Fixture.id(102)

    func insert(_ entity: EntityKind, _ id: UUID, _ fields: Fields) -> MutationInput {
        MutationInput(number: 1, entity: entity, id: id, changes: fields)
    }

    func stored(_ entity: EntityKind, _ id: UUID, _ fields: Fields, owner: UUID? = nil, version: Int64 = 1)
        -> StoredRecord
    {
        var fields = fields
        if entity == .timer, let owner { fields["owner_id"] = .string(owner.uuidString.lowercased()) }
        if entity == .timeEntry, let owner { fields["logged_by"] = .string(owner.uuidString.lowercased()) }
        return StoredRecord(
            entity: entity, id: id, version: version, sequence: 7, deleted: false, ownerID: owner, fields: fields)
    }

    @Test("a valid insert is applied as version 1")
    func insertTask() {
        let decision = PushEngine.apply(
            insert(.task, Fixture.id(1), Fixture.task()), to: nil, by: alice, at: Fixture.now)
        #expect(decision.outcome == .applied)
        #expect(decision.writes)
        #expect(decision.record?.version == 1)
        #expect(decision.record?.ownerID == nil)
        #expect(decision.record?.fields == Fixture.task())
    }

    @Test("an insert may leave out fields that have a default")
    func insertDefaults() {
        var fields = Fixture.task()
        fields["tags"] = nil
        fields["note"] = nil
        let decision = PushEngine.apply(insert(.task, Fixture.id(1), fields), to: nil, by: alice, at: Fixture.now)
        #expect(decision.outcome == .applied)
        #expect(decision.record?.fields["tags"] == .array([]))
        #expect(decision.record?.fields["note"] == .string(""))
    }

    struct Bad: Sendable, CustomTestStringConvertible {
        let label: String
        let entity: EntityKind
        let fields: Fields
        let reasonContains: String
        var testDescription: String { label }
    }

    static func with(_ fields: Fields, _ name: String, _ value: JSONValue?) -> Fields {
        var copy = fields
        copy[name] = value
        return copy
    }

    static let badRecords: [Bad] = [
        Bad(
            label: "title over 500 characters", entity: .task,
            fields: with(Fixture.task(), "title", .string(String(repeating: "x", count: 501))), reasonContains: "title"),
        Bad(
            label: "empty title", entity: .task, fields: with(Fixture.task(), "title", .string("  ")),
            reasonContains: "title"),
        Bad(
            label: "two-line title", entity: .task, fields: with(Fixture.task(), "title", .string("a\nb")),
            reasonContains: "title"),
        Bad(
            label: "task note over 100k", entity: .task,
            fields: with(Fixture.task(), "note", .string(String(repeating: "n", count: 100_001))),
            reasonContains: "note"),
        Bad(
            label: "project name over 120", entity: .project,
            fields: with(Fixture.project(), "name", .string(String(repeating: "p", count: 121))), reasonContains: "name"
        ),
        Bad(
            label: "unknown field", entity: .task, fields: with(Fixture.task(), "colour", .string("red")),
            reasonContains: "colour"),
        Bad(
            label: "local-only field", entity: .task, fields: with(Fixture.task(), "number", .integer(3)),
            reasonContains: "number"),
        Bad(
            label: "wrong type", entity: .task, fields: with(Fixture.task(), "priority", .string("high")),
            reasonContains: "priority"),
        Bad(
            label: "priority out of range", entity: .task, fields: with(Fixture.task(), "priority", .integer(9)),
            reasonContains: "priority"),
        Bad(
            label: "unknown status", entity: .task, fields: with(Fixture.task(), "status", .string("doing")),
            reasonContains: "status"),
        Bad(
            label: "due not a day", entity: .task, fields: with(Fixture.task(), "due", .string("2024-02-30")),
            reasonContains: "due"),
        Bad(
            label: "date before 1970", entity: .task, fields: with(Fixture.task(), "created_at", .integer(-1)),
            reasonContains: "created_at"),
        Bad(
            label: "tag with a space", entity: .task, fields: with(Fixture.task(), "tags", .array(["a b"])),
            reasonContains: "tag"),
        Bad(
            label: "tag not canonical", entity: .task, fields: with(Fixture.task(), "tags", .array(["Work"])),
            reasonContains: "work"),
        Bad(
            label: "51 tags", entity: .task,
            fields: with(Fixture.task(), "tags", .array((0...50).map { .string("t\($0)") })), reasonContains: "tags"),
        Bad(
            label: "list without project", entity: .task,
            fields: with(Fixture.task(), "list_id", .string(Fixture.id(9).uuidString.lowercased())),
            reasonContains: "list_id"),
        Bad(
            label: "estimate under a minute", entity: .task,
            fields: with(Fixture.task(), "estimate_seconds", .integer(5)), reasonContains: "estimate"),
        Bad(label: "missing title", entity: .task, fields: with(Fixture.task(), "title", nil), reasonContains: "title"),
        Bad(
            label: "timer state disagrees with intervals", entity: .timer,
            fields: with(Fixture.timer(intervals: [(0, nil)]), "state", .string("paused")), reasonContains: "state"),
        Bad(
            label: "overlapping intervals", entity: .timer,
            fields: with(
                Fixture.timer(intervals: [(0, 10)]), "intervals",
                .array([
                    .array([Fixture.minutes(0), Fixture.minutes(10)]),
                    .array([Fixture.minutes(5), Fixture.minutes(6)]),
                ])),
            reasonContains: "intervals"),
        Bad(
            label: "timer on nothing", entity: .timer,
            fields: with(Fixture.timer(intervals: [(0, nil)]), "task_id", .null), reasonContains: "task_id"),
        Bad(
            label: "entry end disagrees with duration", entity: .timeEntry,
            fields: with(Fixture.entry(), "end_at", .integer(Fixture.t0)), reasonContains: "end_at"),
        Bad(
            label: "entry of zero seconds", entity: .timeEntry,
            fields: with(with(Fixture.entry(), "duration_seconds", .integer(0)), "end_at", .integer(Fixture.t0)),
            reasonContains: "duration_seconds"),
        Bad(
            label: "billable 2", entity: .timeEntry, fields: with(Fixture.entry(), "billable", .integer(2)),
            reasonContains: "billable"),
    ]

    @Test("a record breaking the Entities rules is rejected, naming the field", arguments: badRecords)
    func rejected(bad: Bad) {
        let decision = PushEngine.apply(
            insert(bad.entity, Fixture.id(1), bad.fields), to: nil, by: alice, at: Fixture.now)
        #expect(decision.outcome == .rejected)
        #expect(!decision.writes)
        #expect(decision.reason?.contains(bad.reasonContains) == true, "\(decision.reason ?? "no reason")")
    }

    @Test("an update breaking a rule is rejected and the stored record is answered")
    func rejectedUpdate() {
        let current = stored(.task, Fixture.id(1), Fixture.task())
        let mutation = MutationInput(
            number: 2, entity: .task, id: Fixture.id(1), base: ["title": .string("Write the brief")],
            changes: ["title": .string(String(repeating: "x", count: 501))])
        let decision = PushEngine.apply(mutation, to: current, by: alice, at: Fixture.now)
        #expect(decision.outcome == .rejected)
        #expect(decision.record == current)
    }

    @Test("inserting a timer or an entry makes the pushing user its owner")
    func ownerSet() {
        for (entity, fields, field) in [
            (EntityKind.timer, Fixture.timer(intervals: [(0, nil)], owner: bob), "owner_id"),
            (EntityKind.timeEntry, Fixture.entry(), "logged_by"),
        ] {
            let decision = PushEngine.apply(insert(entity, Fixture.id(1), fields), to: nil, by: alice, at: Fixture.now)
            #expect(decision.outcome == .applied)
            #expect(decision.record?.ownerID == alice)
            #expect(decision.record?.fields[field] == .string(alice.uuidString.lowercased()))
        }
    }

    @Test("another user's timer is refused and stays invisible")
    func othersTimer() {
        let current = stored(.timer, Fixture.id(1), Fixture.timer(intervals: [(0, nil)]), owner: bob)
        let mutation = MutationInput(
            number: 1, entity: .timer, id: Fixture.id(1), base: ["note": ""], changes: ["note": "mine now"])
        let decision = PushEngine.apply(mutation, to: current, by: alice, at: Fixture.now)
        #expect(decision.outcome == .rejected)
        #expect(decision.reason?.contains("belongs to another user") == true)
        #expect(decision.record == nil)
    }

    @Test("another user's entry is refused but stays readable")
    func othersEntry() {
        let current = stored(.timeEntry, Fixture.id(1), Fixture.entry(), owner: bob)
        let mutation = MutationInput(
            number: 1, entity: .timeEntry, id: Fixture.id(1), base: ["note": ""], changes: ["note": "mine now"])
        let decision = PushEngine.apply(mutation, to: current, by: alice, at: Fixture.now)
        #expect(decision.outcome == .rejected)
        #expect(decision.reason?.contains("belongs to another user") == true)
        #expect(decision.record == current)
    }

    @Test("no new version when nothing but updated_at would change and the stamp only meets the server's record")
    func noVersionBump() {
        let current = stored(.task, Fixture.id(1), Fixture.task(), version: 4)
        // An insert of what the server holds (a second identical stop), and a stamp from a base the server has left.
        let same = MutationInput(number: 1, entity: .task, id: Fixture.id(1), changes: Fixture.task())
        let stale = MutationInput(
            number: 1, entity: .task, id: Fixture.id(1), base: ["updated_at": .integer(Fixture.t0 - 5)],
            changes: ["updated_at": .integer(Fixture.t0 + 5)])
        for mutation in [same, stale] {
            let decision = PushEngine.apply(mutation, to: current, by: alice, at: Fixture.now)
            #expect(decision.outcome != .conflict)
            #expect(!decision.writes)
            #expect(decision.record == current)
        }
        let renamed = MutationInput(
            number: 1, entity: .task, id: Fixture.id(1), base: ["title": "Write the brief"], changes: ["title": "New"])
        let decision = PushEngine.apply(renamed, to: current, by: alice, at: Fixture.now)
        #expect(decision.writes)
        #expect(decision.record?.version == 5)
    }

    /// Defect 1 of ADR 0024: a delete and its undo pushed together change nothing but `updated_at`. Left unwritten, the
    /// device whose answer was lost kept its own stamp for good (its retry went through a gap, its pull started at
    /// its cursor); written, the stamp reaches every device, that one included.
    @Test("a change of updated_at alone from the device's own base is written, so a lost answer cannot leave it apart")
    func ownStampWritten() {
        let current = stored(.timeEntry, Fixture.id(1), Fixture.entry(), owner: alice, version: 2)
        let undone = MutationInput(
            number: 9, entity: .timeEntry, id: Fixture.id(1), base: Fixture.entry(),
            changes: ["updated_at": .integer(Fixture.t0 + 60_000)])
        let decision = PushEngine.apply(undone, to: current, by: alice, at: Fixture.now)
        #expect(decision.outcome == .applied)
        #expect(decision.writes)
        #expect(decision.record?.version == 3)
        #expect(decision.record?.fields["updated_at"] == .integer(Fixture.t0 + 60_000))
        var expected = current.fields
        expected["updated_at"] = .integer(Fixture.t0 + 60_000)
        #expect(decision.record?.fields == expected, "nothing else moves")
    }

    @Test("a pause made offline meeting a resume on the server: the server's intervals decide the state, both lose")
    func offlinePauseAgainstAResume() {
        // The server: started at 0, paused at 5, resumed at 10 (still running). The device knew it running since 0
        // and paused it at 12, offline.
        let current = stored(.timer, Fixture.id(1), Fixture.timer(intervals: [(0, 5), (10, nil)]), owner: alice)
        let mutation = MutationInput(
            number: 3, entity: .timer, id: Fixture.id(1),
            base: ["state": "running", "intervals": .array([.array([Fixture.minutes(0), .null])])],
            changes: ["state": "paused", "intervals": .array([.array([Fixture.minutes(0), Fixture.minutes(12)])])])

        let decision = PushEngine.apply(mutation, to: current, by: alice, at: Fixture.now)

        #expect(decision.outcome == .conflict)
        #expect(decision.record?.fields["state"] == "running")
        #expect(decision.record?.fields["intervals"] == current.fields["intervals"])
        #expect(decision.conflicts.map(\.field) == ["intervals", "state"])
        #expect(decision.conflicts.last == FieldConflict(field: "state", mine: "paused", theirs: "running"))
        #expect(!decision.writes, "the server's timer stands as it was")
    }

    @Test("a timer stored before timers had tags reads as having none: a pause applies, tags can be added")
    func timerStoredWithoutTags() {
        var old = Fixture.timer(intervals: [(0, nil)])
        old["tags"] = nil
        let current = stored(.timer, Fixture.id(1), old, owner: alice)
        let tagged = MutationInput(
            number: 3, entity: .timer, id: Fixture.id(1), base: ["tags": .array([])],
            changes: ["tags": .array(["client"])])

        let decision = PushEngine.apply(tagged, to: current, by: alice, at: Fixture.now)

        #expect(decision.outcome == .applied)
        #expect(decision.record?.fields["tags"] == .array(["client"]))
        let same = PushEngine.apply(
            MutationInput(number: 4, entity: .timer, id: Fixture.id(1), base: nil, changes: ["tags": .array([])]),
            to: current, by: alice, at: Fixture.now)
        #expect(!same.writes, "no tags and [] are the same timer")
    }

    @Test("a pause that meets no other change is applied as it is")
    func plainPause() {
        let current = stored(.timer, Fixture.id(1), Fixture.timer(intervals: [(0, nil)]), owner: alice)
        let mutation = MutationInput(
            number: 3, entity: .timer, id: Fixture.id(1),
            base: ["state": "running", "intervals": .array([.array([Fixture.minutes(0), .null])])],
            changes: ["state": "paused", "intervals": .array([.array([Fixture.minutes(0), Fixture.minutes(12)])])])

        let decision = PushEngine.apply(mutation, to: current, by: alice, at: Fixture.now)

        #expect(decision.outcome == .applied)
        #expect(decision.conflicts.isEmpty)
        #expect(decision.record?.fields["state"] == "paused")
    }

    // MARK: One running timer per person

    func runningDecision(_ id: UUID, startMinute: Int64) -> PushEngine.Decision {
        PushEngine.apply(
            insert(.timer, id, Fixture.timer(intervals: [(startMinute, nil)])), to: nil, by: alice, at: Fixture.now)
    }

    @Test("a pushed timer started later keeps running; the other is paused at its start")
    func laterPushedKeepsRunning() {
        let other = stored(.timer, Fixture.id(2), Fixture.timer(intervals: [(0, nil)]), owner: alice)
        let (decision, paused) = PushEngine.oneRunningTimer(
            after: runningDecision(Fixture.id(1), startMinute: 30), others: [other], at: Fixture.now)
        #expect(decision.record?.fields["state"] == "running")
        #expect(decision.outcome == .applied)
        #expect(paused.count == 1)
        #expect(paused.first?.id == Fixture.id(2))
        #expect(paused.first?.version == 2)
        #expect(paused.first?.fields["state"] == "paused")
        #expect(paused.first?.fields["intervals"] == .array([.array([Fixture.minutes(0), Fixture.minutes(30)])]))
    }

    @Test("a pushed timer started earlier is itself paused at the other's start")
    func earlierPushedIsPaused() {
        let other = stored(.timer, Fixture.id(2), Fixture.timer(intervals: [(0, 5), (40, nil)]), owner: alice)
        let (decision, paused) = PushEngine.oneRunningTimer(
            after: runningDecision(Fixture.id(1), startMinute: 10), others: [other], at: Fixture.now)
        #expect(paused.isEmpty)
        #expect(decision.outcome == .merged)
        #expect(decision.record?.fields["state"] == "paused")
        #expect(decision.record?.fields["intervals"] == .array([.array([Fixture.minutes(10), Fixture.minutes(40)])]))
        #expect(decision.record?.version == 1)
    }

    @Test("paused, deleted or same-id timers leave the pushed one alone")
    func nothingToPause() {
        var deleted = stored(.timer, Fixture.id(3), Fixture.timer(intervals: [(0, nil)]), owner: alice)
        deleted.deleted = true
        let others = [
            stored(.timer, Fixture.id(2), Fixture.timer(intervals: [(0, 5)]), owner: alice), deleted,
            stored(.timer, Fixture.id(1), Fixture.timer(intervals: [(0, nil)]), owner: alice),
        ]
        let original = runningDecision(Fixture.id(1), startMinute: 30)
        let (decision, paused) = PushEngine.oneRunningTimer(after: original, others: others, at: Fixture.now)
        #expect(paused.isEmpty)
        #expect(decision == original)
    }
}
