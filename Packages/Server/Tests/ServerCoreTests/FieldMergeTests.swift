import Foundation
import Testing

@testable import ServerCore

/// The merge rules, one table per rule (docs: issue 8 design, "Merge").
@Suite("FieldMerge")
struct FieldMergeTests {
    /// One row of a per-field table: base, mine, theirs and how the field must be settled.
    struct Row: Sendable, CustomTestStringConvertible {
        let label: String
        let field: String
        let base: JSONValue?
        let mine: JSONValue
        let theirs: JSONValue?
        let expected: FieldMerge.Resolution
        var testDescription: String { label }

        init(
            _ label: String, field: String = "title", base: JSONValue?, mine: JSONValue, theirs: JSONValue?,
            _ expected: FieldMerge.Resolution
        ) {
            self.label = label
            self.field = field
            self.base = base
            self.mine = mine
            self.theirs = theirs
            self.expected = expected
        }
    }

    static func conflict(_ field: String, _ mine: JSONValue, _ theirs: JSONValue) -> FieldMerge.Resolution {
        .conflict(FieldConflict(field: field, mine: mine, theirs: theirs))
    }

    static func tags(_ names: String...) -> JSONValue { .array(names.map(JSONValue.string)) }

    // MARK: One side changed

    static let oneSided: [Row] = [
        Row("only the device changed it", base: "a", mine: "b", theirs: "a", .takeMine("b")),
        Row("both made the same change", base: "a", mine: "b", theirs: "b", .unchanged),
        Row("only the server changed it", base: "a", mine: "a", theirs: "c", .unchanged),
        Row("the server has no such field", base: "a", mine: "b", theirs: nil, .takeMine("b")),
        Row(
            "a null set on the device", field: "due", base: "2024-01-01", mine: .null, theirs: "2024-01-01",
            .takeMine(.null)),
        Row(
            "tags changed on the device only", field: "tags", base: tags("a"), mine: tags("a", "b"), theirs: tags("a"),
            .takeMine(tags("a", "b"))),
    ]

    @Test("one side changed: that side wins", arguments: oneSided)
    func oneSide(row: Row) {
        #expect(
            FieldMerge.resolve(field: row.field, base: row.base, mine: row.mine, theirs: row.theirs) == row.expected)
    }

    // MARK: Tags merge as sets

    static let tagRows: [Row] = [
        Row(
            "both added", field: "tags", base: tags("a"), mine: tags("a", "b"), theirs: tags("a", "c"),
            .combined(tags("a", "c", "b"))),
        Row(
            "device removed, server added", field: "tags", base: tags("a", "b"), mine: tags("a"),
            theirs: tags("a", "b", "c"), .combined(tags("a", "c"))),
        Row(
            "server removed, device added", field: "tags", base: tags("a", "b"), mine: tags("a", "b", "d"),
            theirs: tags("b"), .combined(tags("b", "d"))),
        Row(
            "device cleared, server added", field: "tags", base: tags("a"), mine: tags(), theirs: tags("a", "x"),
            .combined(tags("x"))),
        Row(
            "both removed different ones", field: "tags", base: tags("a", "b", "c"), mine: tags("a", "c"),
            theirs: tags("a", "b"), .combined(tags("a"))),
        Row(
            "server's value is not a list", field: "tags", base: tags("a"), mine: tags("b"), theirs: "a",
            conflict("tags", tags("b"), "a")),
        Row(
            "no base (insert of an existing id)", field: "tags", base: nil, mine: tags("b"), theirs: tags("a"),
            conflict("tags", tags("b"), tags("a"))),
    ]

    @Test("tags: theirs ∪ (mine − base) − (base − mine)", arguments: tagRows)
    func tagsMerge(row: Row) {
        #expect(
            FieldMerge.resolve(field: row.field, base: row.base, mine: row.mine, theirs: row.theirs) == row.expected)
    }

    // MARK: Notes keep both appended parts

    static let noteRows: [Row] = [
        Row("both appended a line", field: "note", base: "a", mine: "a\nc", theirs: "a\nb", .combined("a\nb\nc")),
        Row("both appended to an empty note", field: "note", base: "", mine: "y", theirs: "x", .combined("x\ny")),
        Row(
            "server's part ends with a line break", field: "note", base: "a\n", mine: "a\nc", theirs: "a\nb\n",
            .combined("a\nb\nc")),
        Row("appended without line breaks", field: "note", base: "a", mine: "a c", theirs: "a b", .combined("a b\n c")),
        Row(
            "server rewrote the note", field: "note", base: "a", mine: "a c", theirs: "b", conflict("note", "a c", "b")),
        Row(
            "device rewrote the note", field: "note", base: "a", mine: "z", theirs: "a b", conflict("note", "z", "a b")),
        Row("no base", field: "note", base: nil, mine: "a c", theirs: "a b", conflict("note", "a c", "a b")),
    ]

    @Test("note: appended parts from both sides are kept", arguments: noteRows)
    func noteMerge(row: Row) {
        #expect(
            FieldMerge.resolve(field: row.field, base: row.base, mine: row.mine, theirs: row.theirs) == row.expected)
    }

    // MARK: Timestamps

    static let stampRows: [Row] = [
        Row("device's updated_at is later", field: "updated_at", base: 100, mine: 300, theirs: 200, .combined(300)),
        Row("server's updated_at is later", field: "updated_at", base: 100, mine: 200, theirs: 300, .keepTheirs),
        Row("updated_at without base", field: "updated_at", base: nil, mine: 300, theirs: 200, .combined(300)),
        Row(
            "created_at: the server keeps its own", field: "created_at", base: 100, mine: 150, theirs: 120, .keepTheirs),
        Row("created_at without base", field: "created_at", base: nil, mine: 150, theirs: 120, .keepTheirs),
    ]

    @Test("updated_at takes the later, created_at the server's, never a conflict", arguments: stampRows)
    func stamps(row: Row) {
        #expect(
            FieldMerge.resolve(field: row.field, base: row.base, mine: row.mine, theirs: row.theirs) == row.expected)
    }

    // MARK: Everything else: the server's value stands

    static let serverWinsRows: [Row] = [
        Row("title", base: "a", mine: "b", theirs: "c", conflict("title", "b", "c")),
        Row(
            "status", field: "status", base: "open", mine: "done", theirs: "in-progress",
            conflict("status", "done", "in-progress")),
        Row(
            "due cleared vs moved", field: "due", base: "2024-01-01", mine: .null, theirs: "2024-02-01",
            conflict("due", .null, "2024-02-01")),
        Row("priority", field: "priority", base: 0, mine: 3, theirs: 1, conflict("priority", 3, 1)),
        Row(
            "end_at of a double stop", field: "end_at", base: nil, mine: 500, theirs: 400, conflict("end_at", 500, 400)),
        Row(
            "deleted_at on both sides", field: "deleted_at", base: .null, mine: 5, theirs: 4,
            conflict("deleted_at", 5, 4)),
    ]

    @Test("any other field changed on both sides: the server's value stands", arguments: serverWinsRows)
    func serverWins(row: Row) {
        #expect(
            FieldMerge.resolve(field: row.field, base: row.base, mine: row.mine, theirs: row.theirs) == row.expected)
    }

    // MARK: Whole records: outcome, delete against edit, insert of an existing id

    struct RecordRow: Sendable, CustomTestStringConvertible {
        let label: String
        let base: Fields?
        let mine: Fields
        let theirs: Fields?
        let fields: Fields
        let outcome: Outcome
        let conflicts: [FieldConflict]
        var testDescription: String { label }
    }

    static let recordRows: [RecordRow] = [
        RecordRow(
            label: "nothing concurrent: applied",
            base: ["title": "a", "updated_at": 1], mine: ["title": "b", "updated_at": 2],
            theirs: ["title": "a", "updated_at": 1, "note": ""],
            fields: ["title": "b", "updated_at": 2, "note": ""], outcome: .applied, conflicts: []),
        RecordRow(
            label: "different fields on both sides: merged",
            base: ["title": "a", "note": "", "updated_at": 1], mine: ["title": "b", "updated_at": 2],
            theirs: ["title": "a", "note": "n", "updated_at": 3],
            fields: ["title": "b", "note": "n", "updated_at": 3], outcome: .merged, conflicts: []),
        RecordRow(
            label: "the same field on both sides: conflict, server stands",
            base: ["title": "a", "updated_at": 1], mine: ["title": "b", "updated_at": 2],
            theirs: ["title": "c", "updated_at": 3],
            fields: ["title": "c", "updated_at": 3], outcome: .conflict,
            conflicts: [FieldConflict(field: "title", mine: "b", theirs: "c")]),
        RecordRow(
            label: "delete of a record edited elsewhere: the delete applies, the edit stays on the tombstone",
            base: ["title": "a", "deleted_at": .null, "updated_at": 1], mine: ["deleted_at": 5, "updated_at": 5],
            theirs: ["title": "b", "deleted_at": .null, "updated_at": 3],
            fields: ["title": "b", "deleted_at": 5, "updated_at": 5], outcome: .merged, conflicts: []),
        RecordRow(
            label: "edit of a record deleted elsewhere: applied to the tombstone, conflict on deleted_at",
            base: ["title": "a", "deleted_at": .null, "updated_at": 1], mine: ["title": "c", "updated_at": 5],
            theirs: ["title": "a", "deleted_at": 4, "updated_at": 4],
            fields: ["title": "c", "deleted_at": 4, "updated_at": 5], outcome: .conflict,
            conflicts: [FieldConflict(field: "deleted_at", mine: .null, theirs: 4)]),
        RecordRow(
            label: "taking mine after a delete conflict restores the record",
            base: ["deleted_at": 4, "updated_at": 5], mine: ["deleted_at": .null, "updated_at": 6],
            theirs: ["title": "c", "deleted_at": 4, "updated_at": 5],
            fields: ["title": "c", "deleted_at": .null, "updated_at": 6], outcome: .applied, conflicts: []),
        RecordRow(
            label: "identical insert of an existing id: applied",
            base: nil, mine: ["title": "a", "updated_at": 1], theirs: ["title": "a", "updated_at": 1],
            fields: ["title": "a", "updated_at": 1], outcome: .applied, conflicts: []),
        RecordRow(
            label: "different insert of an existing id: the first stands",
            base: nil, mine: ["end_at": 500, "updated_at": 2], theirs: ["end_at": 400, "updated_at": 1],
            fields: ["end_at": 400, "updated_at": 2], outcome: .conflict,
            conflicts: [FieldConflict(field: "end_at", mine: 500, theirs: 400)]),
        RecordRow(
            label: "insert of a new id: base filled by the changes",
            base: nil, mine: ["title": "a"], theirs: nil,
            fields: ["title": "a"], outcome: .applied, conflicts: []),
    ]

    @Test("whole records", arguments: recordRows)
    func records(row: RecordRow) {
        let result = FieldMerge.merge(base: row.base, mine: row.mine, theirs: row.theirs)
        #expect(result.fields == row.fields)
        #expect(result.outcome == row.outcome)
        #expect(result.conflicts == row.conflicts)
    }
}

extension JSONValue: ExpressibleByStringLiteral, ExpressibleByIntegerLiteral {
    public init(stringLiteral value: String) { self = .string(value) }
    public init(integerLiteral value: Int64) { self = .integer(value) }
}
