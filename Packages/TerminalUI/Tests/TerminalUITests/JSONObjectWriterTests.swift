import Foundation
import Testing

@testable import TerminalUI

/// ``JSONText/encode(objects:)`` writes members itself; what it prints must be what the encoder prints for the same
/// values, for every kind of member and at the edges (no members, empty arrays, text that needs escaping).
@Suite("JSON object writer")
struct JSONObjectWriterTests {
    struct Row: JSONObjectWriting, Equatable {
        var active: Bool
        var at: Date
        var count: Int
        var label: String?
        var labels: [String]
        var limit: Int?
        var name: String

        enum CodingKeys: String, CodingKey { case name, count, limit, label, labels, active, at }

        // Out of order on purpose: the encoder sorts, the writer is handed sorted keys.
        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(name, forKey: .name)
            try container.encode(count, forKey: .count)
            try container.encode(limit, forKey: .limit)
            try container.encode(label, forKey: .label)
            try container.encode(labels, forKey: .labels)
            try container.encode(active, forKey: .active)
            try container.encode(at, forKey: .at)
        }

        func writeMembers(to object: inout JSONObjectWriter) throws {
            object.write("active", active)
            try object.write("at", at)
            object.write("count", count)
            object.write("label", label)
            object.write("labels", labels)
            object.write("limit", limit)
            object.write("name", name)
        }
    }

    /// No members: the encoder writes `{}` for an object nothing was put in.
    struct Bare: JSONObjectWriting {
        func encode(to encoder: any Encoder) throws {
            _ = encoder.container(keyedBy: JSONObjectWriterTests.Row.CodingKeys.self)
        }
        func writeMembers(to object: inout JSONObjectWriter) throws {}
    }

    static let awkward = ["", "plain", "quote \" and \\ back", "line\nbreak\ttab\u{0}\u{1F}\u{7F}", "a/b", "é漢👩‍💻"]

    static func rows() -> [Row] {
        var rows: [Row] = []
        for (index, text) in awkward.enumerated() {
            rows.append(
                Row(
                    active: index.isMultiple(of: 2), at: Date(timeIntervalSince1970: Double(index) * 987_654_321.75),
                    count: index == 4 ? Int.min : index.isMultiple(of: 3) ? -index * 1_000_003 : Int.max - index,
                    label: index.isMultiple(of: 2) ? nil : text, labels: Array(awkward.prefix(index % 4)),
                    limit: index.isMultiple(of: 2) ? index : nil, name: text))
        }
        return rows
    }

    @Test("lists of 0, 1 and several objects: the encoder's bytes", arguments: [0, 1, 6])
    func sameBytes(count: Int) throws {
        let rows = Array(Self.rows().prefix(count))
        let written = try JSONObjectWriter.document(rows)
        #expect(written == (try JSONText.encode(rows)))
        #expect(written == (try JSONText.foundationEncode(rows)))
        let output = CapturedOutput()
        try JSONText.writeLine(objects: rows, to: output)
        #expect(output.text == written + "\n")
    }

    @Test("an object without members is {}")
    func bareObjects() throws {
        #expect(try JSONObjectWriter.document([Bare(), Bare()]) == JSONText.encode([Bare(), Bare()]))
    }

    @Test("a date the writer leaves to Foundation sends the whole list to the encoder, with the same result")
    func farDate() throws {
        var rows = Self.rows()
        rows[2].at = Date(timeIntervalSince1970: -15_000_000_000)  // 1494: Foundation's calendar is Julian there
        #expect(throws: JSONWriter.Unsupported.self) { try JSONObjectWriter.document(rows) }
        #expect(try JSONText.encode(objects: rows) == JSONText.foundationEncode(rows))
        // Written as bytes, the list goes to the encoder just the same, and nothing half-written comes before it.
        let output = CapturedOutput()
        try JSONText.writeLine(objects: rows, to: output)
        #expect(output.text == (try JSONText.foundationEncode(rows)) + "\n")
    }
}

@Suite("Byte sink")
struct ByteSinkTests {
    @Test("every string of the awkward bytes, at every length and offset, quotes as the encoder's writer does")
    func quotingAgreesWithTheWriter() {
        let alphabet: [UInt8] = [0x00, 0x1F, 0x20, 0x21, 0x22, 0x23, 0x5B, 0x5C, 0x5D, 0x7F, 0x41]
        // A fixed xorshift sequence, so a failing string reproduces.
        var state: UInt64 = 0x2026_1125
        func next() -> Int {
            state ^= state << 13
            state ^= state >> 7
            state ^= state << 17
            return Int(state % 1_000_003)
        }
        for length in 0..<40 {
            for _ in 0..<20 {
                var bytes = (0..<length).map { _ in alphabet[next() % alphabet.count] }
                if length > 3, next().isMultiple(of: 2) { bytes.replaceSubrange(1..<3, with: Array("é".utf8)) }
                let text = String(decoding: bytes, as: UTF8.self)
                var expected: [UInt8] = []
                JSONWriter.appendQuoted(text, to: &expected)
                var sink = ByteSink(capacity: 1)
                sink.appendQuoted(text)
                #expect(Array(sink.string.utf8) == expected, "\(bytes)")
                sink.deallocate()
            }
        }
    }

    @Test("integers at the edges", arguments: [0, 7, -7, 10, 99, -100, Int.max, Int.min, 1_000_000_007])
    func integers(value: Int) {
        var sink = ByteSink(capacity: 1)
        sink.appendInteger(value)
        #expect(sink.string == String(value))
        sink.deallocate()
    }
}
