import Foundation

/// A JSON value: field values travel as JSON and are compared structurally by the merge.
///
/// Integers and doubles are distinct cases so that a date in milliseconds survives a round trip
/// exactly; `1` and `1.0` are therefore different values, which is what the merge needs (devices
/// only ever send integers for integer columns).
public enum JSONValue: Hashable, Sendable, Codable {
    case null
    case bool(Bool)
    case integer(Int64)
    case double(Double)
    case string(String)
    case array([JSONValue])
    case object([String: JSONValue])

    public init(from decoder: any Decoder) throws {
        if var array = try? decoder.unkeyedContainer() {
            var values: [JSONValue] = []
            if let count = array.count { values.reserveCapacity(count) }
            while !array.isAtEnd {
                values.append(try array.decode(JSONValue.self))
            }
            self = .array(values)
            return
        }
        if let object = try? decoder.container(keyedBy: AnyKey.self) {
            var values: [String: JSONValue] = [:]
            for key in object.allKeys {
                values[key.stringValue] = try object.decode(JSONValue.self, forKey: key)
            }
            self = .object(values)
            return
        }
        let single = try decoder.singleValueContainer()
        if single.decodeNil() {
            self = .null
        } else if let value = try? single.decode(Bool.self) {
            self = .bool(value)
        } else if let value = try? single.decode(Int64.self) {
            self = .integer(value)
        } else if let value = try? single.decode(Double.self) {
            self = .double(value)
        } else {
            self = .string(try single.decode(String.self))
        }
    }

    public func encode(to encoder: any Encoder) throws {
        switch self {
        case .null:
            var single = encoder.singleValueContainer()
            try single.encodeNil()
        case .bool(let value):
            var single = encoder.singleValueContainer()
            try single.encode(value)
        case .integer(let value):
            var single = encoder.singleValueContainer()
            try single.encode(value)
        case .double(let value):
            var single = encoder.singleValueContainer()
            try single.encode(value)
        case .string(let value):
            var single = encoder.singleValueContainer()
            try single.encode(value)
        case .array(let values):
            var array = encoder.unkeyedContainer()
            for value in values { try array.encode(value) }
        case .object(let values):
            var object = encoder.container(keyedBy: AnyKey.self)
            for (key, value) in values { try object.encode(value, forKey: AnyKey(key)) }
        }
    }

    /// The text when this is a string.
    public var stringValue: String? {
        if case .string(let value) = self { return value }
        return nil
    }

    /// The number when this is an integer.
    public var integerValue: Int64? {
        if case .integer(let value) = self { return value }
        return nil
    }

    /// The members when this is an object.
    public var objectValue: [String: JSONValue]? {
        if case .object(let values) = self { return values }
        return nil
    }

    /// The elements when this is an array.
    public var arrayValue: [JSONValue]? {
        if case .array(let values) = self { return values }
        return nil
    }

    public var isNull: Bool { self == .null }

    /// The name of this value's JSON type, for rejection reasons.
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

/// The fields of one record, keyed by wire name (the local column names, snake_case).
public typealias Fields = [String: JSONValue]

/// The kinds of record that sync; raw values are the names used on the wire.
public enum EntityKind: String, Sendable, CaseIterable, Codable {
    case project, taskList, task, timer, timeEntry
}

/// A coding key made from any string, so objects with arbitrary keys can be read and written.
struct AnyKey: CodingKey {
    let stringValue: String
    var intValue: Int? { nil }

    init(_ string: String) { stringValue = string }
    init?(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) { nil }
}

extension JSONValue {
    /// Compact JSON text with sorted keys: the same value always gives the same text, which keeps the
    /// stored form stable and lets the bytes of two records be compared.
    ///
    /// Written by hand because the store serialises every record it writes and `JSONEncoder` costs
    /// several times more for these small values. Non-finite doubles, which JSON cannot express and
    /// no decoder produces, are written as null.
    public var jsonText: String {
        var output: [UInt8] = []
        output.reserveCapacity(256)
        write(to: &output)
        return String(decoding: output, as: UTF8.self)
    }

    /// Appends the compact text (sorted keys) to `output`.
    public func write(to output: inout [UInt8]) {
        switch self {
        case .null: output.append(contentsOf: "null".utf8)
        case .bool(let value): output.append(contentsOf: (value ? "true" : "false").utf8)
        case .integer(let value): Self.writeInteger(value, to: &output)
        case .double(let value): output.append(contentsOf: (value.isFinite ? "\(value)" : "null").utf8)
        case .string(let value): Self.writeString(value, to: &output)
        case .array(let values):
            output.append(UInt8(ascii: "["))
            for (index, value) in values.enumerated() {
                if index > 0 { output.append(UInt8(ascii: ",")) }
                value.write(to: &output)
            }
            output.append(UInt8(ascii: "]"))
        case .object(let values):
            output.append(UInt8(ascii: "{"))
            for (index, pair) in values.sorted(by: { $0.key < $1.key }).enumerated() {
                if index > 0 { output.append(UInt8(ascii: ",")) }
                Self.writeString(pair.key, to: &output)
                output.append(UInt8(ascii: ":"))
                pair.value.write(to: &output)
            }
            output.append(UInt8(ascii: "}"))
        }
    }

    /// The decimal digits of `value`, without the String `description` allocates.
    public static func writeInteger(_ value: Int64, to output: inout [UInt8]) {
        if value < 0 { output.append(UInt8(ascii: "-")) }
        var magnitude = value.magnitude
        let start = output.count
        repeat {
            output.append(UInt8(truncatingIfNeeded: magnitude % 10) &+ UInt8(ascii: "0"))
            magnitude /= 10
        } while magnitude > 0
        output[start...].reverse()
    }

    /// Quote, backslash and control characters escaped; text with none of them (nearly all) is
    /// copied as its UTF-8 bytes in one go.
    public static func writeString(_ text: String, to output: inout [UInt8]) {
        output.append(UInt8(ascii: "\""))
        let utf8 = text.utf8
        if !utf8.contains(where: { $0 < 0x20 || $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\\") }) {
            output.append(contentsOf: utf8)
        } else {
            for byte in utf8 {
                switch byte {
                case UInt8(ascii: "\""): output.append(contentsOf: #"\""#.utf8)
                case UInt8(ascii: "\\"): output.append(contentsOf: #"\\"#.utf8)
                case UInt8(ascii: "\n"): output.append(contentsOf: #"\n"#.utf8)
                case UInt8(ascii: "\r"): output.append(contentsOf: #"\r"#.utf8)
                case UInt8(ascii: "\t"): output.append(contentsOf: #"\t"#.utf8)
                case ..<0x20:
                    let digits = Array("0123456789abcdef".utf8)
                    output.append(contentsOf: #"\u00"#.utf8)
                    output.append(digits[Int(byte >> 4)])
                    output.append(digits[Int(byte & 0xF)])
                default: output.append(byte)
                }
            }
        }
        output.append(UInt8(ascii: "\""))
    }

    /// Parses `bytes[start..<end]` (a line of a JSON Lines body, say); nil unless it is exactly one JSON value.
    public init?(jsonBytes bytes: [UInt8], from start: Int, to end: Int) {
        guard let value = JSONParser.parse(bytes, from: start, to: end) else { return nil }
        self = value
    }

    /// Parses JSON text; nil when it is not exactly one JSON value.
    public init?(jsonText: String) {
        guard let value = JSONParser.parse(jsonText) else { return nil }
        self = value
    }
}

extension Fields {
    /// The fields as one JSON object's text (sorted keys).
    var jsonText: String { JSONValue.object(self).jsonText }
}
