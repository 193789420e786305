import Foundation
import Testing

@testable import ServerCore

/// A task's links and series on the wire (ADR 0030): `parent_id`, `prerequisite_ids`, `repeat_rule`,
/// `repeat_until`, `series_id` and `series_start`, checked by the push engine like every other field.
@Suite("Task link and repeat fields")
struct TaskFieldRulesTests {
    let alice = Fixture.id(101)
    /// The id every task here has: the rules that compare a field with the record's own id use it. Its hex
    /// letters make an uppercase spelling differ from the lowercase one.
    static let taskID = Fixture.id(0xAB)
    let taskID = Self.taskID
    /// Another task's id, with hex letters too.
    static let lettered = Fixture.id(0xCD)

    static func text(_ id: UUID) -> String { id.uuidString.lowercased() }

    static func with(_ fields: Fields, _ values: [String: JSONValue?]) -> Fields {
        var copy = fields
        for (name, value) in values { copy[name] = value }
        return copy
    }

    /// A valid recurring task with a parent and two prerequisites.
    static func linked() -> Fields {
        with(
            Fixture.task(),
            [
                "due": .string("2026-12-01"), "parent_id": .string(text(Fixture.id(2))),
                "prerequisite_ids": .array([.string(text(Fixture.id(3))), .string(text(Fixture.id(4)))]),
                "repeat_rule": .string("every 2 weeks"), "repeat_until": .string("2027-06-30"),
                "series_id": .string(text(taskID)), "series_start": .string("2026-12-01"),
            ])
    }

    /// `count` distinct lowercase ids, sorted as the clients write them.
    static func ids(_ count: Int) -> JSONValue {
        .array(
            (0..<count).map { index in
                .string(String(format: "00000000-0000-4000-8000-%012d", index + 1000))
            })
    }

    func insert(_ fields: Fields) -> PushEngine.Decision {
        PushEngine.apply(
            MutationInput(number: 1, entity: .task, id: taskID, changes: fields), to: nil, by: alice, at: Fixture.now)
    }

    // MARK: Valid

    @Test("a task with a parent, prerequisites and a series is stored as sent")
    func validLinks() {
        let decision = insert(Self.linked())
        #expect(decision.outcome == .applied, "\(decision.reason ?? "")")
        #expect(decision.writes)
        #expect(decision.record?.fields == Self.linked())
    }

    @Test(
        "every canonical repeat rule is accepted, with or without an end",
        arguments: [
            "daily", "weekdays", "weekly", "monthly", "yearly", "every 3 days", "every 2 weeks", "every 999 years",
        ]
    )
    func canonicalRules(rule: String) {
        for until in [JSONValue.null, .string("2030-01-01")] {
            let decision = insert(Self.with(Self.linked(), ["repeat_rule": .string(rule), "repeat_until": until]))
            #expect(decision.outcome == .applied, "\(rule): \(decision.reason ?? "")")
        }
    }

    @Test("a later occurrence names its series' first task; the fields may be left out of an insert")
    func laterOccurrenceAndDefaults() {
        let occurrence = insert(Self.with(Self.linked(), ["series_id": .string(Self.text(Fixture.id(9)))]))
        #expect(occurrence.outcome == .applied, "\(occurrence.reason ?? "")")

        var plain = Fixture.task()
        for name in ["parent_id", "prerequisite_ids", "repeat_rule", "repeat_until", "series_id", "series_start"] {
            plain[name] = nil
        }
        let decision = insert(plain)
        #expect(decision.outcome == .applied, "\(decision.reason ?? "")")
        #expect(decision.record?.fields == Fixture.task(), "each new field gets its fallback")
        #expect(decision.record?.fields["prerequisite_ids"] == .array([]))
    }

    @Test("up to 100 prerequisites")
    func hundredPrerequisites() {
        let decision = insert(Self.with(Fixture.task(), ["prerequisite_ids": Self.ids(100)]))
        #expect(decision.outcome == .applied, "\(decision.reason ?? "")")
    }

    // MARK: Invalid

    struct Bad: Sendable, CustomTestStringConvertible {
        let label: String
        let fields: Fields
        /// Every one of these must appear in the reason: the field's name first.
        let reasonContains: [String]
        var testDescription: String { label }
    }

    static let badRecords: [Bad] = [
        Bad(
            label: "prerequisites unsorted",
            fields: with(
                Fixture.task(),
                ["prerequisite_ids": .array([.string(text(Fixture.id(4))), .string(text(Fixture.id(3)))])]),
            reasonContains: ["prerequisite_ids", "sorted"]),
        Bad(
            label: "a prerequisite in uppercase",
            fields: with(Fixture.task(), ["prerequisite_ids": .array([.string(lettered.uuidString)])]),
            reasonContains: ["prerequisite_ids", "lowercase"]),
        Bad(
            label: "a prerequisite twice",
            fields: with(
                Fixture.task(),
                ["prerequisite_ids": .array([.string(text(Fixture.id(3))), .string(text(Fixture.id(3)))])]),
            reasonContains: ["prerequisite_ids", "once"]),
        Bad(
            label: "a prerequisite that is not an id",
            fields: with(Fixture.task(), ["prerequisite_ids": .array([.string("12")])]),
            reasonContains: ["prerequisite_ids", "\"12\""]),
        Bad(
            label: "prerequisites not an array", fields: with(Fixture.task(), ["prerequisite_ids": .string("[]")]),
            reasonContains: ["prerequisite_ids"]),
        Bad(
            label: "prerequisites null", fields: with(Fixture.task(), ["prerequisite_ids": .null]),
            reasonContains: ["prerequisite_ids"]),
        Bad(
            label: "101 prerequisites", fields: with(Fixture.task(), ["prerequisite_ids": ids(101)]),
            reasonContains: ["prerequisite_ids", "101", "100"]),
        Bad(
            label: "parent not an id", fields: with(Fixture.task(), ["parent_id": .string("task 2")]),
            reasonContains: ["parent_id"]),
        Bad(
            label: "parent not text", fields: with(Fixture.task(), ["parent_id": .integer(2)]),
            reasonContains: ["parent_id"]),
        Bad(
            label: "its own parent", fields: with(Fixture.task(), ["parent_id": .string(text(taskID))]),
            reasonContains: ["parent_id", "own parent"]),
        Bad(
            label: "its own parent, in uppercase",
            fields: with(Fixture.task(), ["parent_id": .string(taskID.uuidString)]),
            reasonContains: ["parent_id", "own parent"]),
        Bad(
            label: "its own prerequisite",
            fields: with(
                Fixture.task(),
                ["prerequisite_ids": .array([text(Fixture.id(3)), text(taskID)].sorted().map(JSONValue.string))]),
            reasonContains: ["prerequisite_ids", "after itself"]),
        Bad(
            label: "repeat rule not canonical", fields: with(linked(), ["repeat_rule": .string("every 2w")]),
            reasonContains: ["repeat_rule", "\"every 2w\"", "\"every 2 weeks\""]),
        Bad(
            label: "repeat rule capitalised", fields: with(linked(), ["repeat_rule": .string("Weekly")]),
            reasonContains: ["repeat_rule", "\"weekly\""]),
        Bad(
            label: "repeat rule synonym", fields: with(linked(), ["repeat_rule": .string("biweekly")]),
            reasonContains: ["repeat_rule", "\"every 2 weeks\""]),
        Bad(
            label: "repeat rule unknown", fields: with(linked(), ["repeat_rule": .string("sometimes")]),
            reasonContains: ["repeat_rule", "not a repeat rule"]),
        Bad(
            label: "repeat rule of zero days", fields: with(linked(), ["repeat_rule": .string("every 0 days")]),
            reasonContains: ["repeat_rule"]),
        Bad(
            label: "repeat rule not text", fields: with(linked(), ["repeat_rule": .integer(7)]),
            reasonContains: ["repeat_rule"]),
        Bad(
            label: "repeat rule without its series",
            fields: with(linked(), ["series_id": .null, "series_start": .null]),
            reasonContains: ["series_id", "series_start", "required with repeat_rule"]),
        Bad(
            label: "repeat rule without its first day", fields: with(linked(), ["series_start": .null]),
            reasonContains: ["series_start", "required with repeat_rule"]),
        Bad(
            label: "series without a rule", fields: with(linked(), ["repeat_rule": .null]),
            reasonContains: ["repeat_until", "series_id", "series_start", "only on a recurring task"]),
        Bad(
            label: "an end without a rule", fields: with(Fixture.task(), ["repeat_until": .string("2027-01-01")]),
            reasonContains: ["repeat_until", "only on a recurring task"]),
        Bad(
            label: "a series id without a rule", fields: with(Fixture.task(), ["series_id": .string(text(taskID))]),
            reasonContains: ["series_id", "only on a recurring task"]),
        Bad(
            label: "end not a day", fields: with(linked(), ["repeat_until": .string("2027-02-30")]),
            reasonContains: ["repeat_until", "2027-02-30"]),
        Bad(
            label: "end not written YYYY-MM-DD", fields: with(linked(), ["repeat_until": .string("2027-6-30")]),
            reasonContains: ["repeat_until"]),
        Bad(
            label: "first day not a day", fields: with(linked(), ["series_start": .string("2026-13-01")]),
            reasonContains: ["series_start", "2026-13-01"]),
        Bad(
            label: "first day not text", fields: with(linked(), ["series_start": .integer(20_261_201)]),
            reasonContains: ["series_start"]),
        Bad(
            label: "series id not an id", fields: with(linked(), ["series_id": .string("series")]),
            reasonContains: ["series_id"]),
    ]

    @Test("a task whose links or series break a rule is rejected, naming the field", arguments: badRecords)
    func rejected(bad: Bad) {
        let decision = insert(bad.fields)
        #expect(decision.outcome == .rejected)
        #expect(!decision.writes)
        #expect(decision.record == nil)
        let reason = decision.reason ?? "no reason"
        for part in bad.reasonContains {
            #expect(reason.contains(part), "\(reason)")
        }
        #expect(bad.reasonContains.first.map(reason.hasPrefix) == true, "the field comes first: \(reason)")
    }

    // MARK: Updates

    @Test("an update that makes a stored task its own parent or prerequisite is rejected; the record is answered")
    func selfLinkUpdate() {
        let current = StoredRecord(
            entity: .task, id: taskID, version: 3, sequence: 7, deleted: false, ownerID: nil, fields: Fixture.task())
        for (field, value) in [
            ("parent_id", JSONValue.string(Self.text(taskID))),
            ("prerequisite_ids", .array([.string(Self.text(taskID))])),
        ] {
            let mutation = MutationInput(
                number: 2, entity: .task, id: taskID, baseVersion: 3, base: [field: Fixture.task()[field] ?? .null],
                changes: [field: value])
            let decision = PushEngine.apply(mutation, to: current, by: alice, at: Fixture.now)
            #expect(decision.outcome == .rejected)
            #expect(decision.reason?.hasPrefix(field) == true, "\(decision.reason ?? "")")
            #expect(decision.record == current)
        }
    }

    @Test("a task stored before links and series reads with their fallbacks, so an update of it is accepted")
    func storedBeforeTheFields() {
        var old = Fixture.task()
        let added = ["parent_id", "prerequisite_ids", "repeat_rule", "repeat_until", "series_id", "series_start"]
        for name in added { old[name] = nil }
        let current = StoredRecord(
            entity: .task, id: taskID, version: 4, sequence: 7, deleted: false, ownerID: nil, fields: old)

        let rename = MutationInput(
            number: 2, entity: .task, id: taskID, baseVersion: 4, base: ["title": "Write the brief"],
            changes: ["title": "Write the short brief"])
        let renamed = PushEngine.apply(rename, to: current, by: alice, at: Fixture.now)
        #expect(renamed.outcome == .applied, "\(renamed.reason ?? "")")
        #expect(renamed.writes)
        #expect(renamed.record?.version == 5)
        #expect(renamed.record?.fields == Self.with(Fixture.task(), ["title": "Write the short brief"]))

        // Linking it, or making it recur, merges over the fallbacks like any field.
        let link = MutationInput(
            number: 3, entity: .task, id: taskID, baseVersion: 4,
            base: ["parent_id": .null, "prerequisite_ids": .array([])],
            changes: [
                "parent_id": .string(Self.text(Fixture.id(2))),
                "prerequisite_ids": .array([.string(Self.text(Fixture.id(3)))]),
            ])
        let linked = PushEngine.apply(link, to: current, by: alice, at: Fixture.now)
        #expect(linked.outcome == .applied, "\(linked.reason ?? "")")
        #expect(linked.record?.fields["parent_id"] == .string(Self.text(Fixture.id(2))))
        let recur = MutationInput(
            number: 4, entity: .task, id: taskID, baseVersion: 4,
            base: ["due": .null, "repeat_rule": .null, "series_id": .null, "series_start": .null],
            changes: [
                "due": "2026-12-01", "repeat_rule": "weekly", "series_id": .string(Self.text(taskID)),
                "series_start": "2026-12-01",
            ])
        let recurring = PushEngine.apply(recur, to: current, by: alice, at: Fixture.now)
        #expect(recurring.outcome == .applied, "\(recurring.reason ?? "")")
        #expect(recurring.record?.fields["repeat_until"] == .null)

        // Half a series is refused there too: the fallbacks are null.
        let half = MutationInput(
            number: 5, entity: .task, id: taskID, baseVersion: 4, base: ["repeat_rule": .null],
            changes: ["repeat_rule": "weekly"])
        let refused = PushEngine.apply(half, to: current, by: alice, at: Fixture.now)
        #expect(refused.outcome == .rejected)
        #expect(refused.reason?.contains("required with repeat_rule") == true, "\(refused.reason ?? "")")

        // Nothing to change but the missing fields: no new version, the stored record answered as it is.
        let same = MutationInput(
            number: 6, entity: .task, id: taskID, baseVersion: 4, base: ["title": "Write the brief"],
            changes: ["title": "Write the brief"])
        let unchanged = PushEngine.apply(same, to: current, by: alice, at: Fixture.now)
        #expect(unchanged.outcome == .applied, "\(unchanged.reason ?? "")")
        #expect(!unchanged.writes)
        #expect(unchanged.record?.version == 4)
    }
}
