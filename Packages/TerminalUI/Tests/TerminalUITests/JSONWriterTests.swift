import Foundation
import Testing

@testable import TerminalUI

/// `--json` is written by ``JSONWriter`` and, for what it does not handle, by Foundation's encoder: the two must
/// write the same bytes, or a script diffing Stint's output would see a change that is not one.
@Suite("JSON writer against Foundation's encoder")
struct JSONWriterTests {
    struct Item: Encodable {
        var id: String
        var number: Int
        var title: String
        var note: String?
        var done: Bool
        var tags: [String]
        var created: Date
        var finished: Date?
        var children: [Item]
        var extra: [String: Int]
        var big: Int64
        var small: Int8
        var unsigned: UInt64
        var estimate: Int?

        /// Explicit nulls, as Stint's models write them (synthesized code would leave the keys out).
        enum CodingKeys: String, CodingKey {
            case id, number, title, note, done, tags, created, finished, children, extra, big, small, unsigned
            case estimate
        }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(id, forKey: .id)
            try container.encode(number, forKey: .number)
            try container.encode(title, forKey: .title)
            try container.encode(note, forKey: .note)
            try container.encode(done, forKey: .done)
            try container.encode(tags, forKey: .tags)
            try container.encode(created, forKey: .created)
            try container.encode(finished, forKey: .finished)
            try container.encode(children, forKey: .children)
            try container.encode(extra, forKey: .extra)
            try container.encode(big, forKey: .big)
            try container.encode(small, forKey: .small)
            try container.encode(unsigned, forKey: .unsigned)
            try container.encode(estimate, forKey: .estimate)
        }
    }

    /// Text with what JSON escapes (quotes, backslashes, every control character, DEL), slashes, and
    /// characters beyond ASCII (accents, CJK, an emoji, a lone combining mark).
    private static func text(_ random: inout some RandomNumberGenerator) -> String {
        let pieces = [
            "a", "Z", " ", "\"", "\\", "/", "\u{7F}", "é", "e\u{301}", "漢", "👩‍💻", "\u{2028}", "[", "]", "{", "}", ":",
            ",",
        ]
        let controls = (0..<32).map { String(UnicodeScalar(UInt8($0))) }
        return (0..<Int.random(in: 0...12, using: &random)).map { _ in
            Bool.random(using: &random)
                ? pieces[Int.random(in: 0..<pieces.count, using: &random)]
                : controls[Int.random(in: 0..<controls.count, using: &random)]
        }.joined()
    }

    private static func item(_ random: inout some RandomNumberGenerator, depth: Int) -> Item {
        Item(
            id: String(UInt64.random(in: .min ... .max, using: &random), radix: 16),
            number: Int.random(in: -1_000_000...1_000_000, using: &random),
            title: text(&random), note: Bool.random(using: &random) ? text(&random) : nil,
            done: Bool.random(using: &random),
            tags: (0..<Int.random(in: 0...3, using: &random)).map { _ in text(&random) },
            created: Date(
                timeIntervalSince1970: Double(Int64.random(in: -12_000_000_000...253_000_000_000, using: &random))
                    + [0, 0.25, 0.999][Int.random(in: 0..<3, using: &random)]),
            finished: Bool.random(using: &random)
                ? Date(timeIntervalSince1970: Double.random(in: -1e9...4e9, using: &random)) : nil,
            children: depth > 0
                ? (0..<Int.random(in: 0...2, using: &random)).map { _ in item(&random, depth: depth - 1) } : [],
            extra: Dictionary(
                uniqueKeysWithValues: (0..<Int.random(in: 0...3, using: &random)).map { ("k\($0)\(text(&random))", $0) }
            ),
            big: Int64.random(in: .min ... .max, using: &random), small: Int8.random(in: .min ... .max, using: &random),
            unsigned: UInt64.random(in: .min ... .max, using: &random),
            estimate: Bool.random(using: &random) ? Int.random(in: .min ... .max, using: &random) : nil)
    }

    @Test("random documents: the same bytes as Foundation's encoder")
    func sameBytes() throws {
        var random = SplitMix(state: 2026)
        for _ in 0..<300 {
            let items = (0..<Int.random(in: 0...3, using: &random)).map { _ in Self.item(&random, depth: 2) }
            let ours = try JSONWriter.encode(items)
            let theirs = try JSONText.foundationEncode(items)
            #expect(ours == theirs, "\(Self.difference(ours, theirs))")
        }
    }

    /// Where two texts part, with some context, for a readable failure.
    private static func difference(_ left: String, _ right: String) -> String {
        let a = Array(left.utf8)
        let b = Array(right.utf8)
        let at = (0..<min(a.count, b.count)).first { a[$0] != b[$0] } ?? min(a.count, b.count)
        let context = { (bytes: [UInt8]) in
            String(decoding: bytes[max(0, at - 60)..<min(bytes.count, at + 60)], as: UTF8.self).debugDescription
        }
        return "at byte \(at): ours \(context(a)) / Foundation's \(context(b))"
    }

    @Test("scalars, empty containers and keys that sort by their bytes", arguments: [0, 1, 2, 3, 4, 5])
    func edges(case index: Int) throws {
        switch index {
        case 0: #expect(try JSONWriter.encode("a/b\u{0}") == JSONText.foundationEncode("a/b\u{0}"))
        case 1: #expect(try JSONWriter.encode([String]()) == JSONText.foundationEncode([String]()))
        case 2: #expect(try JSONWriter.encode([String: Int]()) == JSONText.foundationEncode([String: Int]()))
        case 3:
            let keys = ["b", "B", "a", "_", "a10", "a9", "é", "z", "Z1", "ab", "a_b"]
            let value = Dictionary(uniqueKeysWithValues: keys.enumerated().map { ($1, $0) })
            #expect(try JSONWriter.encode(value) == JSONText.foundationEncode(value))
        case 4:
            #expect(
                try JSONWriter.encode([nil, 1, nil] as [Int?]) == JSONText.foundationEncode([nil, 1, nil] as [Int?]))
        default:
            #expect(
                try JSONWriter.encode([[[Int]]]([[[]], [[1]]])) == JSONText.foundationEncode([[[Int]]]([[[]], [[1]]])))
        }
    }

    /// A type that writes one key twice and keys out of order, and two shapes of object in turn, as the writer's
    /// cache of sorted key orders meets them.
    struct Repeats: Encodable {
        var first: Int
        var second: Int
        var nested: [Repeats]

        enum CodingKeys: String, CodingKey { case zeta, alpha, middle, nested }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(first, forKey: .zeta)
            try container.encode(second, forKey: .alpha)
            try container.encode(first + second, forKey: .zeta)
            if first.isMultiple(of: 2) { try container.encode(first, forKey: .middle) }
            try container.encode(nested, forKey: .nested)
        }
    }

    @Test("a key encoded twice keeps its last value, and objects of other shapes in between keep their own order")
    func repeatedKeys() throws {
        let value = (0..<6).map {
            Repeats(first: $0, second: 10 * $0, nested: [Repeats(first: $0 + 1, second: 1, nested: [])])
        }
        #expect(try JSONWriter.encode(value) == JSONText.foundationEncode(value))
    }

    /// Deeper than the writer's one prepared line of spaces (256): the indentation goes on past it.
    @Test("a document nested 150 deep indents as Foundation's encoder does")
    func deepIndentation() throws {
        indirect enum Nest: Encodable {
            case leaf
            case level([String: Nest])

            func encode(to encoder: any Encoder) throws {
                var container = encoder.singleValueContainer()
                switch self {
                case .leaf: try container.encode("leaf")
                case .level(let members): try container.encode(members)
                }
            }
        }
        var value = Nest.leaf
        for depth in 0..<150 { value = .level(["b\(depth % 3)": value, "a": .leaf]) }
        let written = try JSONWriter.encode(value)
        #expect(written.contains("\n" + String(repeating: " ", count: 300) + "\"b"))
        #expect(written == (try JSONText.foundationEncode(value)))
    }

    @Test("a floating-point number, a date past 9999 or before 1583 goes to Foundation's encoder, with the same result")
    func unsupportedFallsBack() throws {
        let julian = Date(timeIntervalSince1970: -15_000_000_000)  // 1494, when Foundation's calendar is Julian
        #expect(throws: JSONWriter.Unsupported.self) { try JSONWriter.encode([julian]) }
        #expect(try JSONText.encode([julian]) == JSONText.foundationEncode([julian]))
        #expect(throws: JSONWriter.Unsupported.self) { try JSONWriter.encode(["share": 0.25]) }
        #expect(try JSONText.encode(["share": 0.25]) == JSONText.foundationEncode(["share": 0.25]))
        let far = Date(timeIntervalSince1970: 300_000_000_000)
        #expect(throws: JSONWriter.Unsupported.self) { try JSONWriter.encode([far]) }
        #expect(try JSONText.encode([far]) == JSONText.foundationEncode([far]))
    }
}

/// A seeded generator, so a failing document reproduces.
private struct SplitMix: RandomNumberGenerator {
    var state: UInt64

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
