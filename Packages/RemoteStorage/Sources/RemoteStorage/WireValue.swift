/// A JSON value as it crosses the wire: field values, conflict values, and every value of the bulk bodies.
///
/// Integers and decimals are distinct cases, as on the server, so a time in milliseconds survives a
/// round trip exactly. The reader and writer are written by hand because sync moves a hundred thousand
/// records at a time and `JSONDecoder` costs tens of microseconds per record (ADR 0018).
public enum WireValue: Sendable, Hashable {
    case null
    case bool(Bool)
    case integer(Int64)
    case double(Double)
    case string(String)
    case array([WireValue])
    case object([String: WireValue])
}

/// Why bytes are not the JSON expected, with where (a byte offset), for one clear error line.
public struct WireFormatError: Error, Sendable, Hashable, CustomStringConvertible {
    public var message: String
    public var offset: Int

    public init(_ message: String, at offset: Int) {
        self.message = message
        self.offset = offset
    }

    public var description: String { "\(message) at byte \(offset)" }
}

extension WireValue {
    /// Parses `text`, which must be exactly one JSON value (whitespace around it allowed).
    public static func parse(_ text: String) throws(WireFormatError) -> WireValue {
        var text = text
        let result = text.withUTF8 { bytes in
            Result { () throws(WireFormatError) in try parse(UnsafeRawBufferPointer(bytes)) }
        }
        return try result.get()
    }

    /// Parses `bytes`, which must be exactly one JSON value (whitespace around it allowed).
    public static func parse(_ bytes: UnsafeRawBufferPointer) throws(WireFormatError) -> WireValue {
        var reader = JSONReader(bytes)
        let value = try reader.value()
        reader.skipWhitespace()
        guard reader.isAtEnd else { throw reader.failure("more text after the JSON value") }
        return value
    }

    /// Compact JSON text; with `sortedKeys`, object keys in code-unit order so the same value is
    /// always the same text (what local storage compares).
    public func jsonText(sortedKeys: Bool = false) -> String {
        var bytes: [UInt8] = []
        write(to: &bytes, sortedKeys: sortedKeys)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Appends compact JSON. Non-finite decimals, which JSON cannot express, are written as null.
    public func write(to bytes: inout [UInt8], sortedKeys: Bool = false) {
        switch self {
        case .null: bytes.append(contentsOf: "null".utf8)
        case .bool(let value): bytes.append(contentsOf: (value ? "true" : "false").utf8)
        case .integer(let value): Self.writeInteger(value, to: &bytes)
        case .double(let value): bytes.append(contentsOf: (value.isFinite ? String(value) : "null").utf8)
        case .string(let value): Self.writeString(value, to: &bytes)
        case .array(let values):
            bytes.append(UInt8(ascii: "["))
            for (index, value) in values.enumerated() {
                if index > 0 { bytes.append(UInt8(ascii: ",")) }
                value.write(to: &bytes, sortedKeys: sortedKeys)
            }
            bytes.append(UInt8(ascii: "]"))
        case .object(let fields):
            bytes.append(UInt8(ascii: "{"))
            if sortedKeys {
                for (index, pair) in fields.sorted(by: { $0.key < $1.key }).enumerated() {
                    if index > 0 { bytes.append(UInt8(ascii: ",")) }
                    Self.writeString(pair.key, to: &bytes)
                    bytes.append(UInt8(ascii: ":"))
                    pair.value.write(to: &bytes, sortedKeys: true)
                }
            } else {
                var first = true
                for (key, value) in fields {
                    if !first { bytes.append(UInt8(ascii: ",")) }
                    first = false
                    Self.writeString(key, to: &bytes)
                    bytes.append(UInt8(ascii: ":"))
                    value.write(to: &bytes, sortedKeys: false)
                }
            }
            bytes.append(UInt8(ascii: "}"))
        }
    }

    /// Appends the decimal digits of `value` without the String `description` allocates.
    static func writeInteger(_ value: Int64, to bytes: inout [UInt8]) {
        if value < 0 { bytes.append(UInt8(ascii: "-")) }
        var magnitude = value.magnitude
        let start = bytes.count
        repeat {
            bytes.append(UInt8(truncatingIfNeeded: magnitude % 10) &+ UInt8(ascii: "0"))
            magnitude /= 10
        } while magnitude > 0
        bytes[start...].reverse()
    }

    /// Appends `text` as a JSON string: quote, backslash and the control characters escaped (the
    /// common ones by their short forms), everything else as its UTF-8 bytes.
    static func writeString(_ text: String, to bytes: inout [UInt8]) {
        bytes.append(UInt8(ascii: "\""))
        let utf8 = text.utf8
        if !utf8.contains(where: { $0 < 0x20 || $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\\") }) {
            bytes.append(contentsOf: utf8)
        } else {
            for byte in utf8 {
                switch byte {
                case UInt8(ascii: "\""): bytes.append(contentsOf: #"\""#.utf8)
                case UInt8(ascii: "\\"): bytes.append(contentsOf: #"\\"#.utf8)
                case UInt8(ascii: "\n"): bytes.append(contentsOf: #"\n"#.utf8)
                case UInt8(ascii: "\r"): bytes.append(contentsOf: #"\r"#.utf8)
                case UInt8(ascii: "\t"): bytes.append(contentsOf: #"\t"#.utf8)
                case ..<0x20:
                    let hex = Array("0123456789abcdef".utf8)
                    bytes.append(contentsOf: #"\u00"#.utf8)
                    bytes.append(hex[Int(byte >> 4)])
                    bytes.append(hex[Int(byte & 0xF)])
                default: bytes.append(byte)
                }
            }
        }
        bytes.append(UInt8(ascii: "\""))
    }

    /// The name of this value's JSON type, for error messages.
    public var typeName: String {
        switch self {
        case .null: "null"
        case .bool: "a boolean"
        case .integer: "an integer"
        case .double: "a decimal number"
        case .string: "text"
        case .array: "an array"
        case .object: "an object"
        }
    }
}

/// A strict JSON reader (RFC 8259) over bytes: no comments, no trailing commas, no leading zeros,
/// no lone surrogates; nesting is capped so hostile input cannot exhaust the stack.
struct JSONReader {
    private let bytes: UnsafeRawBufferPointer
    /// The offset of the next unread byte.
    private(set) var offset = 0
    private var depth = 0
    static let maximumDepth = 64

    init(_ bytes: UnsafeRawBufferPointer) { self.bytes = bytes }

    var isAtEnd: Bool { offset >= bytes.count }

    /// The next byte, without reading it; nil at the end.
    var peek: UInt8? { offset < bytes.count ? bytes[offset] : nil }

    func failure(_ message: String) -> WireFormatError { WireFormatError(message, at: offset) }

    mutating func skipWhitespace() {
        while offset < bytes.count {
            switch bytes[offset] {
            case 0x20, 0x09, 0x0A, 0x0D: offset += 1
            default: return
            }
        }
    }

    /// Skips spaces and tabs only: in JSON Lines a line break ends a value.
    mutating func skipSpaces() {
        while offset < bytes.count, bytes[offset] == 0x20 || bytes[offset] == 0x09 || bytes[offset] == 0x0D {
            offset += 1
        }
    }

    /// Reads a line feed when one is next.
    mutating func skipLineFeed() -> Bool {
        guard peek == 0x0A else { return false }
        offset += 1
        return true
    }

    /// Reads one value, skipping whitespace before it.
    mutating func value() throws(WireFormatError) -> WireValue {
        skipWhitespace()
        guard let byte = peek else { throw failure("the JSON ends where a value should be") }
        switch byte {
        case UInt8(ascii: "{"): return .object(try object())
        case UInt8(ascii: "["): return try array()
        case UInt8(ascii: "\""): return .string(try string())
        case UInt8(ascii: "t"): return try literal("true", .bool(true))
        case UInt8(ascii: "f"): return try literal("false", .bool(false))
        case UInt8(ascii: "n"): return try literal("null", .null)
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return try number()
        default: throw failure("unexpected character where a JSON value should be")
        }
    }

    private mutating func literal(_ word: StaticString, _ value: WireValue) throws(WireFormatError) -> WireValue {
        let count = word.utf8CodeUnitCount
        guard offset + count <= bytes.count else { throw failure("the JSON ends inside a literal") }
        for index in 0..<count where bytes[offset + index] != word.utf8Start[index] {
            throw failure("unexpected character where a JSON value should be")
        }
        offset += count
        return value
    }

    private mutating func enter() throws(WireFormatError) {
        depth += 1
        guard depth <= Self.maximumDepth else {
            throw failure("the JSON nests deeper than \(Self.maximumDepth) levels")
        }
    }

    /// Reads an object: `{` already next.
    mutating func object() throws(WireFormatError) -> [String: WireValue] {
        try enter()
        defer { depth -= 1 }
        offset += 1
        var fields: [String: WireValue] = [:]
        skipWhitespace()
        if peek == UInt8(ascii: "}") {
            offset += 1
            return fields
        }
        while true {
            skipWhitespace()
            guard peek == UInt8(ascii: "\"") else { throw failure("an object key must be a string") }
            let key = try string()
            skipWhitespace()
            guard peek == UInt8(ascii: ":") else { throw failure("expected ':' after an object key") }
            offset += 1
            let value = try value()
            guard fields.updateValue(value, forKey: key) == nil else {
                throw failure("the key \"\(key)\" appears twice in one object")
            }
            skipWhitespace()
            switch peek {
            case UInt8(ascii: ","): offset += 1
            case UInt8(ascii: "}"):
                offset += 1
                return fields
            default: throw failure("expected ',' or '}' in an object")
            }
        }
    }

    private mutating func array() throws(WireFormatError) -> WireValue {
        try enter()
        defer { depth -= 1 }
        offset += 1
        var values: [WireValue] = []
        skipWhitespace()
        if peek == UInt8(ascii: "]") {
            offset += 1
            return .array(values)
        }
        while true {
            values.append(try value())
            skipWhitespace()
            switch peek {
            case UInt8(ascii: ","): offset += 1
            case UInt8(ascii: "]"):
                offset += 1
                return .array(values)
            default: throw failure("expected ',' or ']' in an array")
            }
        }
    }

    /// Reads a string: `"` already next.
    mutating func string() throws(WireFormatError) -> String {
        offset += 1
        let start = offset
        // The common case: no escapes, so the bytes between the quotes are the string.
        while offset < bytes.count {
            let byte = bytes[offset]
            if byte == UInt8(ascii: "\"") {
                let slice = UnsafeRawBufferPointer(rebasing: bytes[start..<offset])
                offset += 1
                return try validated(slice, from: start)
            }
            if byte == UInt8(ascii: "\\") { break }
            if byte < 0x20 { throw failure("a control character inside a string must be escaped") }
            offset += 1
        }
        var scalars: [UInt8] = Array(UnsafeRawBufferPointer(rebasing: bytes[start..<offset]))
        while offset < bytes.count {
            let byte = bytes[offset]
            switch byte {
            case UInt8(ascii: "\""):
                offset += 1
                let result = scalars.withUnsafeBytes { raw in
                    Result { () throws(WireFormatError) in try validated(raw, from: start) }
                }
                return try result.get()
            case UInt8(ascii: "\\"):
                offset += 1
                guard let escaped = peek else { throw failure("the JSON ends inside a string") }
                offset += 1
                switch escaped {
                case UInt8(ascii: "\""): scalars.append(UInt8(ascii: "\""))
                case UInt8(ascii: "\\"): scalars.append(UInt8(ascii: "\\"))
                case UInt8(ascii: "/"): scalars.append(UInt8(ascii: "/"))
                case UInt8(ascii: "b"): scalars.append(0x08)
                case UInt8(ascii: "f"): scalars.append(0x0C)
                case UInt8(ascii: "n"): scalars.append(0x0A)
                case UInt8(ascii: "r"): scalars.append(0x0D)
                case UInt8(ascii: "t"): scalars.append(0x09)
                case UInt8(ascii: "u"):
                    let scalar = try unicodeEscape()
                    scalars.append(contentsOf: String(Character(scalar)).utf8)
                default: throw failure("unknown escape in a string")
                }
            default:
                if byte < 0x20 { throw failure("a control character inside a string must be escaped") }
                scalars.append(byte)
                offset += 1
            }
        }
        throw failure("the JSON ends inside a string")
    }

    private func validated(_ raw: UnsafeRawBufferPointer, from start: Int) throws(WireFormatError) -> String {
        guard let text = String(validating: raw, as: UTF8.self) else {
            throw WireFormatError("a string is not valid UTF-8", at: start)
        }
        return text
    }

    private mutating func unicodeEscape() throws(WireFormatError) -> Unicode.Scalar {
        let high = try hex4()
        if (0xD800...0xDBFF).contains(high) {
            guard offset + 1 < bytes.count, bytes[offset] == UInt8(ascii: "\\"), bytes[offset + 1] == UInt8(ascii: "u")
            else { throw failure("a lone surrogate in a \\u escape") }
            offset += 2
            let low = try hex4()
            guard (0xDC00...0xDFFF).contains(low) else { throw failure("a lone surrogate in a \\u escape") }
            let value = 0x10000 + ((high - 0xD800) << 10) + (low - 0xDC00)
            guard let scalar = Unicode.Scalar(value) else { throw failure("an invalid \\u escape") }
            return scalar
        }
        guard let scalar = Unicode.Scalar(high) else { throw failure("a lone surrogate in a \\u escape") }
        return scalar
    }

    private mutating func hex4() throws(WireFormatError) -> UInt32 {
        guard offset + 4 <= bytes.count else { throw failure("the JSON ends inside a \\u escape") }
        var value: UInt32 = 0
        for _ in 0..<4 {
            let byte = bytes[offset]
            let digit: UInt8
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
            default: throw failure("a \\u escape needs four hexadecimal digits")
            }
            value = value << 4 | UInt32(digit)
            offset += 1
        }
        return value
    }

    private mutating func number() throws(WireFormatError) -> WireValue {
        let start = offset
        var isInteger = true
        if peek == UInt8(ascii: "-") { offset += 1 }
        guard let first = peek, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(first) else {
            throw failure("a number needs a digit")
        }
        offset += 1
        if first != UInt8(ascii: "0") { skipDigits() }
        if peek == UInt8(ascii: ".") {
            isInteger = false
            offset += 1
            guard skipDigits() > 0 else { throw failure("a number needs a digit after its decimal point") }
        }
        if peek == UInt8(ascii: "e") || peek == UInt8(ascii: "E") {
            isInteger = false
            offset += 1
            if peek == UInt8(ascii: "+") || peek == UInt8(ascii: "-") { offset += 1 }
            guard skipDigits() > 0 else { throw failure("a number needs a digit in its exponent") }
        }
        let text = String(decoding: UnsafeRawBufferPointer(rebasing: bytes[start..<offset]), as: UTF8.self)
        if isInteger, let integer = Int64(text) { return .integer(integer) }
        guard let double = Double(text), double.isFinite else {
            throw WireFormatError("a number out of range", at: start)
        }
        return .double(double)
    }

    @discardableResult
    private mutating func skipDigits() -> Int {
        let start = offset
        while let byte = peek, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) { offset += 1 }
        return offset - start
    }
}
