import Foundation
import Testing

@testable import ServerCore

/// The stored last answer and the records' cached field text are written by hand; these hold them to the
/// value they stand for.
@Suite("Stored text")
struct StoredTextTests {
    static func output() -> PushOutput {
        var read = StoredRecord(
            entity: .timer, id: UUID(), version: 3, sequence: 9, deleted: false, ownerID: UUID(),
            fields: ["state": .string("running"), "note": .string("a \"quoted\"\nline")],
            fieldsText: #"{"note":"a \"quoted\"\nline","state":"running"}"#)
        read.version = 4
        return PushOutput(
            lastMutation: 12, replayed: false,
            results: [
                MutationOutput(number: 10, outcome: .applied, record: read),
                MutationOutput(
                    number: 11, outcome: .conflict,
                    conflicts: [FieldConflict(field: "title", mine: .string("A"), theirs: .null)],
                    record: StoredRecord(
                        entity: .task, id: UUID(), version: 1, sequence: 10, deleted: true, ownerID: nil,
                        fields: ["title": .null, "tags": .array([.string("x")])])),
                MutationOutput(number: 12, outcome: .rejected, reason: "no", record: nil),
            ])
    }

    @Test func theStoredAnswerIsTheJSONItsReaderExpects() throws {
        let output = Self.output()
        let parsed = try #require(JSONValue(jsonText: output.storedText))
        #expect(parsed == output.storedJSON)
        #expect(PushOutput(storedJSON: parsed) == output)
    }

    @Test func changingTheFieldsForgetsTheirText() {
        var record = StoredRecord(
            entity: .timer, id: UUID(), version: 1, sequence: 1, deleted: false, ownerID: nil,
            fields: ["state": .string("running")], fieldsText: #"{"state":"running"}"#)
        #expect(record.fieldsJSON == #"{"state":"running"}"#)
        record.fields["state"] = .string("paused")
        #expect(record.fieldsText == nil)
        #expect(record.fieldsJSON == #"{"state":"paused"}"#)
        // The cached text takes no part in equality.
        var other = record
        other.fieldsText = #"{"state":"paused"}"#
        #expect(other == record)
    }
}
