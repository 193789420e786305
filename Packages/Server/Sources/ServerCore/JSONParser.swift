import Foundation

/// Reads JSON text into a `JSONValue`.
///
/// The store reads back every record it serves as JSON text, and a first pull of a team's data
/// reads a hundred thousand of them; `JSONDecoder` through `Codable` costs several times more than
/// this direct walk over the UTF-8 bytes. Nesting is limited so hostile text cannot exhaust the stack.
struct JSONParser {
    private let bytes: [UInt8]
    private var index: Int
    /// Where the text to read ends (exclusive): a line of a JSON Lines body is read in place.
    private let end: Int
    private var depth = 0
    private static let maximumDepth = 64

    private init(_ bytes: [UInt8], from start: Int, to end: Int) {
        self.bytes = bytes
        index = start
        self.end = end
    }

    /// The value `text` holds; nil unless it is exactly one JSON value (surrounding whitespace allowed).
    static func parse(_ text: String) -> JSONValue? {
        let bytes = Array(text.utf8)
        return parse(bytes, from: 0, to: bytes.count)
    }

    /// The value `bytes[start..<end]` holds; nil unless it is exactly one JSON value.
    static func parse(_ bytes: [UInt8], from start: Int, to end: Int) -> JSONValue? {
        var parser = JSONParser(bytes, from: start, to: min(end, bytes.count))
        guard let value = parser.value() else { return nil }
        parser.skipWhitespace()
        return parser.index == parser.end ? value : nil
    }

    private var current: UInt8? { index < end ? bytes[index] : nil }

    private mutating func skipWhitespace() {
        while let byte = current, byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 {
            index += 1
        }
    }

    private mutating func value() -> JSONValue? {
        skipWhitespace()
        guard let byte = current else { return nil }
        switch byte {
        case UInt8(ascii: "{"): return object()
        case UInt8(ascii: "["): return array()
        case UInt8(ascii: "\""): return string().map(JSONValue.string)
        case UInt8(ascii: "t"): return literal("true", .bool(true))
        case UInt8(ascii: "f"): return literal("false", .bool(false))
        case UInt8(ascii: "n"): return literal("null", .null)
        default: return number()
        }
    }

    private mutating func literal(_ word: String, _ value: JSONValue) -> JSONValue? {
        for expected in word.utf8 {
            guard current == expected else { return nil }
            index += 1
        }
        return value
    }

    private mutating func object() -> JSONValue? {
        depth += 1
        defer { depth -= 1 }
        guard depth <= Self.maximumDepth else { return nil }
        index += 1
        var fields: [String: JSONValue] = [:]
        skipWhitespace()
        if current == UInt8(ascii: "}") {
            index += 1
            return .object(fields)
        }
        while true {
            skipWhitespace()
            guard current == UInt8(ascii: "\""), let key = string() else { return nil }
            skipWhitespace()
            guard current == UInt8(ascii: ":") else { return nil }
            index += 1
            guard let value = value() else { return nil }
            fields[key] = value
            skipWhitespace()
            switch current {
            case UInt8(ascii: ","): index += 1
            case UInt8(ascii: "}"):
                index += 1
                return .object(fields)
            default: return nil
            }
        }
    }

    private mutating func array() -> JSONValue? {
        depth += 1
        defer { depth -= 1 }
        guard depth <= Self.maximumDepth else { return nil }
        index += 1
        var values: [JSONValue] = []
        skipWhitespace()
        if current == UInt8(ascii: "]") {
            index += 1
            return .array(values)
        }
        while true {
            guard let value = value() else { return nil }
            values.append(value)
            skipWhitespace()
            switch current {
            case UInt8(ascii: ","): index += 1
            case UInt8(ascii: "]"):
                index += 1
                return .array(values)
            default: return nil
            }
        }
    }

    /// A string starting at the opening quote; escapes decoded, including surrogate pairs.
    private mutating func string() -> String? {
        index += 1
        let start = index
        // Fast path: no escapes, the common case for stored fields.
        while let byte = current, byte != UInt8(ascii: "\""), byte != UInt8(ascii: "\\") {
            guard byte >= 0x20 else { return nil }
            index += 1
        }
        guard let stop = current else { return nil }
        if stop == UInt8(ascii: "\"") {
            index += 1
            return String(decoding: bytes[start..<(index - 1)], as: UTF8.self)
        }
        var buffer = Array(bytes[start..<index])
        while let byte = current {
            index += 1
            switch byte {
            case UInt8(ascii: "\""):
                return String(decoding: buffer, as: UTF8.self)
            case UInt8(ascii: "\\"):
                guard let escaped = current else { return nil }
                index += 1
                switch escaped {
                case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): buffer.append(escaped)
                case UInt8(ascii: "b"): buffer.append(0x08)
                case UInt8(ascii: "f"): buffer.append(0x0C)
                case UInt8(ascii: "n"): buffer.append(0x0A)
                case UInt8(ascii: "r"): buffer.append(0x0D)
                case UInt8(ascii: "t"): buffer.append(0x09)
                case UInt8(ascii: "u"):
                    guard let scalar = unicodeEscape() else { return nil }
                    buffer.append(contentsOf: Array(String(Character(scalar)).utf8))
                default: return nil
                }
            default:
                guard byte >= 0x20 else { return nil }
                buffer.append(byte)
            }
        }
        return nil
    }

    /// The scalar of `XXXX` (after `\u`), joining a surrogate pair; a lone surrogate becomes U+FFFD.
    private mutating func unicodeEscape() -> Unicode.Scalar? {
        guard let high = hex4() else { return nil }
        if (0xD800...0xDBFF).contains(high), current == UInt8(ascii: "\\"), index + 1 < end,
            bytes[index + 1] == UInt8(ascii: "u")
        {
            let saved = index
            index += 2
            if let low = hex4(), (0xDC00...0xDFFF).contains(low) {
                return Unicode.Scalar(0x10000 + ((high - 0xD800) << 10) + (low - 0xDC00))
            }
            index = saved
        }
        return Unicode.Scalar(high) ?? "\u{FFFD}"
    }

    private mutating func hex4() -> UInt32? {
        guard index + 4 <= end else { return nil }
        var value: UInt32 = 0
        for _ in 0..<4 {
            let byte = bytes[index]
            let digit: UInt8
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
            default: return nil
            }
            value = value << 4 | UInt32(digit)
            index += 1
        }
        return value
    }

    private mutating func number() -> JSONValue? {
        let start = index
        var isInteger = true
        scan: while let byte = current {
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "+"): index += 1
            case UInt8(ascii: "."), UInt8(ascii: "e"), UInt8(ascii: "E"):
                isInteger = false
                index += 1
            default: break scan
            }
        }
        guard index > start else { return nil }
        let text = String(decoding: bytes[start..<index], as: UTF8.self)
        if isInteger, let integer = Int64(text) { return .integer(integer) }
        guard let double = Double(text), double.isFinite else { return nil }
        return .double(double)
    }
}
