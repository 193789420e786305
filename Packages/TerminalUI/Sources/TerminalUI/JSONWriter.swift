import Foundation

/// An `Encoder` that writes the JSON of ``JSONText`` itself, byte for byte what Foundation's `JSONEncoder` writes
/// with the same options (pretty-printed, keys sorted, slashes unescaped, ISO-8601 dates) after
/// ``JSONText/compactEmptyContainers(_:)``.
///
/// Foundation's encoder cost about 300,000 instructions per task of `stint task list --json` (two thirds of the
/// command): it boxes every value, and sorts and escapes through general machinery. This one keeps a small tree
/// of nodes, renders each scalar once when it is encoded and writes the tree into one byte buffer. It handles what
/// Stint's JSON holds (strings, integers, booleans, nulls, dates, arrays, objects); anything else (a floating-point
/// number, `Data`, `URL`, `Decimal`, a date before 1583 or after 9999, a super-encoder) makes it give up with
/// ``Unsupported``, and ``JSONText`` then asks Foundation, so the output never depends on which one wrote it.
/// `JSONWriterTests` compares the two on random values.
struct JSONWriter {
    /// The value needs Foundation's encoder.
    struct Unsupported: Error {}

    /// What one encoding shares: whether something asked for what only Foundation's encoder does.
    final class Context {
        var unsupported = false
    }

    static func encode<T: Encodable>(_ value: T) throws -> String {
        let root = Node()
        let context = Context()
        try Self.encode(value, into: root, codingPath: [], context: context)
        if context.unsupported { throw Unsupported() }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(4_096)
        root.write(into: &bytes, indent: 0)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Encodes one value into `node`: the types Foundation's encoder treats specially are dealt with here, the
    /// rest through their own `encode(to:)`.
    static func encode<T: Encodable>(
        _ value: T, into node: Node, codingPath: [any CodingKey], context: Context
    ) throws {
        // Metatype comparisons, not casts: a dynamic cast per value cost more than the rest of the encoding.
        let type = T.self
        if type == String.self {
            node.scalar = Self.quoted(unsafeBitCast(value, to: String.self))
        } else if type == Date.self {
            node.scalar = try Self.iso8601(unsafeBitCast(value, to: Date.self))
        } else if type == Double.self || type == Float.self || type == Data.self || type == URL.self
            || type == Decimal.self
        {
            throw Unsupported()
        } else {
            try value.encode(to: Encoder(node: node, codingPath: codingPath, context: context))
        }
    }

    // MARK: The tree

    /// One JSON value: a rendered scalar, an array or an object (exactly one is set once encoded).
    final class Node {
        var scalar: [UInt8]?
        var array: [Node]?
        var object: [String: Node]?

        func write(into bytes: inout [UInt8], indent: Int) {
            if let scalar {
                bytes.append(contentsOf: scalar)
            } else if let array {
                guard !array.isEmpty else { return bytes.append(contentsOf: JSONWriter.emptyArray) }
                bytes.append(UInt8(ascii: "["))
                for (index, element) in array.enumerated() {
                    if index > 0 { bytes.append(UInt8(ascii: ",")) }
                    bytes.append(0x0A)
                    Self.pad(&bytes, indent + 2)
                    element.write(into: &bytes, indent: indent + 2)
                }
                bytes.append(0x0A)
                Self.pad(&bytes, indent)
                bytes.append(UInt8(ascii: "]"))
            } else if let object {
                guard !object.isEmpty else { return bytes.append(contentsOf: JSONWriter.emptyObject) }
                bytes.append(UInt8(ascii: "{"))
                for (index, pair) in object.sorted(by: { $0.key < $1.key }).enumerated() {
                    if index > 0 { bytes.append(UInt8(ascii: ",")) }
                    bytes.append(0x0A)
                    Self.pad(&bytes, indent + 2)
                    JSONWriter.appendQuoted(pair.key, to: &bytes)
                    bytes.append(contentsOf: JSONWriter.separator)
                    pair.value.write(into: &bytes, indent: indent + 2)
                }
                bytes.append(0x0A)
                Self.pad(&bytes, indent)
                bytes.append(UInt8(ascii: "}"))
            } else {
                // A container asked for and left empty is what Foundation writes for it: an empty object.
                bytes.append(contentsOf: JSONWriter.emptyObject)
            }
        }

        private static func pad(_ bytes: inout [UInt8], _ count: Int) {
            bytes.append(contentsOf: repeatElement(UInt8(ascii: " "), count: count))
        }
    }

    // MARK: Scalars

    static let null = Array("null".utf8)
    static let `true` = Array("true".utf8)
    static let `false` = Array("false".utf8)
    static let emptyArray = Array("[]".utf8)
    static let emptyObject = Array("{}".utf8)
    static let separator = Array(" : ".utf8)
    private static let hex = Array("0123456789abcdef".utf8)

    static func quoted(_ text: String) -> [UInt8] {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(text.utf8.count + 2)
        appendQuoted(text, to: &bytes)
        return bytes
    }

    static func appendQuoted(_ text: String, to bytes: inout [UInt8]) {
        bytes.append(UInt8(ascii: "\""))
        for byte in text.utf8 {
            let escaped: UInt8
            switch byte {
            case UInt8(ascii: "\""): escaped = UInt8(ascii: "\"")
            case UInt8(ascii: "\\"): escaped = UInt8(ascii: "\\")
            case 0x08: escaped = UInt8(ascii: "b")
            case 0x0C: escaped = UInt8(ascii: "f")
            case 0x0A: escaped = UInt8(ascii: "n")
            case 0x0D: escaped = UInt8(ascii: "r")
            case 0x09: escaped = UInt8(ascii: "t")
            case 0x00..<0x20:
                bytes.append(UInt8(ascii: "\\"))
                bytes.append(UInt8(ascii: "u"))
                bytes.append(UInt8(ascii: "0"))
                bytes.append(UInt8(ascii: "0"))
                bytes.append(hex[Int(byte >> 4)])
                bytes.append(hex[Int(byte & 0x0F)])
                continue
            default:
                bytes.append(byte)
                continue
            }
            bytes.append(UInt8(ascii: "\\"))
            bytes.append(escaped)
        }
        bytes.append(UInt8(ascii: "\""))
    }

    static func literal<T: BinaryInteger>(_ value: T) -> [UInt8] {
        Array(String(value).utf8)
    }

    /// `JSONEncoder.DateEncodingStrategy.iso8601`: whole seconds (the fraction dropped), UTC, "Z".
    static func iso8601(_ date: Date) throws -> [UInt8] {
        let interval = date.timeIntervalSince1970
        guard interval.isFinite, abs(interval) < 1e15 else { throw Unsupported() }
        let seconds = Int64(interval.rounded(.down))
        var days = seconds / 86_400
        var rest = seconds % 86_400
        if rest < 0 {
            rest += 86_400
            days -= 1
        }
        let day = CalendarDay(dayNumber: Int(days))
        // Foundation's calendar is Julian before October 1582; those dates (and years past 9999) are left to it.
        guard (1_583...9_999).contains(day.year) else { throw Unsupported() }
        func two(_ value: Int64) -> String { value < 10 ? "0\(value)" : "\(value)" }
        let text = day.iso + "T" + two(rest / 3_600) + ":" + two(rest / 60 % 60) + ":" + two(rest % 60) + "Z"
        return [UInt8(ascii: "\"")] + Array(text.utf8) + [UInt8(ascii: "\"")]
    }

    // MARK: Encoder

    struct Encoder: Swift.Encoder {
        let node: Node
        let codingPath: [any CodingKey]
        let context: Context
        var userInfo: [CodingUserInfoKey: Any] { [:] }

        func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
            if node.object == nil { node.object = [:] }
            return KeyedEncodingContainer(KeyedContainer<Key>(node: node, codingPath: codingPath, context: context))
        }

        func unkeyedContainer() -> any UnkeyedEncodingContainer {
            if node.array == nil { node.array = [] }
            return UnkeyedContainer(node: node, codingPath: codingPath, context: context)
        }

        func singleValueContainer() -> any SingleValueEncodingContainer {
            SingleValueContainer(node: node, codingPath: codingPath, context: context)
        }
    }

    struct KeyedContainer<Key: CodingKey>: KeyedEncodingContainerProtocol {
        let node: Node
        let codingPath: [any CodingKey]
        let context: Context

        private func child(_ key: Key) -> Node {
            let child = Node()
            node.object?[key.stringValue] = child
            return child
        }

        mutating func encodeNil(forKey key: Key) throws { child(key).scalar = JSONWriter.null }
        mutating func encode(_ value: Bool, forKey key: Key) throws {
            child(key).scalar = value ? JSONWriter.true : JSONWriter.false
        }
        mutating func encode(_ value: String, forKey key: Key) throws { child(key).scalar = JSONWriter.quoted(value) }
        mutating func encode(_ value: Double, forKey key: Key) throws { throw Unsupported() }
        mutating func encode(_ value: Float, forKey key: Key) throws { throw Unsupported() }
        mutating func encode(_ value: Int, forKey key: Key) throws { child(key).scalar = JSONWriter.literal(value) }
        mutating func encode(_ value: Int8, forKey key: Key) throws { child(key).scalar = JSONWriter.literal(value) }
        mutating func encode(_ value: Int16, forKey key: Key) throws { child(key).scalar = JSONWriter.literal(value) }
        mutating func encode(_ value: Int32, forKey key: Key) throws { child(key).scalar = JSONWriter.literal(value) }
        mutating func encode(_ value: Int64, forKey key: Key) throws { child(key).scalar = JSONWriter.literal(value) }
        mutating func encode(_ value: UInt, forKey key: Key) throws { child(key).scalar = JSONWriter.literal(value) }
        mutating func encode(_ value: UInt8, forKey key: Key) throws { child(key).scalar = JSONWriter.literal(value) }
        mutating func encode(_ value: UInt16, forKey key: Key) throws { child(key).scalar = JSONWriter.literal(value) }
        mutating func encode(_ value: UInt32, forKey key: Key) throws { child(key).scalar = JSONWriter.literal(value) }
        mutating func encode(_ value: UInt64, forKey key: Key) throws { child(key).scalar = JSONWriter.literal(value) }
        mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
            try JSONWriter.encode(value, into: child(key), codingPath: codingPath, context: context)
        }

        mutating func nestedContainer<NestedKey: CodingKey>(
            keyedBy keyType: NestedKey.Type, forKey key: Key
        ) -> KeyedEncodingContainer<NestedKey> {
            Encoder(node: child(key), codingPath: codingPath, context: context).container(keyedBy: keyType)
        }

        mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
            Encoder(node: child(key), codingPath: codingPath, context: context).unkeyedContainer()
        }

        // Stint's types never ask for these; Foundation's encoder knows how they merge, so it takes over.
        mutating func superEncoder() -> any Swift.Encoder { context.refuse(codingPath) }
        mutating func superEncoder(forKey key: Key) -> any Swift.Encoder { context.refuse(codingPath) }
    }

    struct UnkeyedContainer: UnkeyedEncodingContainer {
        let node: Node
        let codingPath: [any CodingKey]
        let context: Context
        var count: Int { node.array?.count ?? 0 }

        private func next() -> Node {
            let child = Node()
            node.array?.append(child)
            return child
        }

        mutating func encodeNil() throws { next().scalar = JSONWriter.null }
        mutating func encode(_ value: Bool) throws { next().scalar = value ? JSONWriter.true : JSONWriter.false }
        mutating func encode(_ value: String) throws { next().scalar = JSONWriter.quoted(value) }
        mutating func encode(_ value: Double) throws { throw Unsupported() }
        mutating func encode(_ value: Float) throws { throw Unsupported() }
        mutating func encode(_ value: Int) throws { next().scalar = JSONWriter.literal(value) }
        mutating func encode(_ value: Int8) throws { next().scalar = JSONWriter.literal(value) }
        mutating func encode(_ value: Int16) throws { next().scalar = JSONWriter.literal(value) }
        mutating func encode(_ value: Int32) throws { next().scalar = JSONWriter.literal(value) }
        mutating func encode(_ value: Int64) throws { next().scalar = JSONWriter.literal(value) }
        mutating func encode(_ value: UInt) throws { next().scalar = JSONWriter.literal(value) }
        mutating func encode(_ value: UInt8) throws { next().scalar = JSONWriter.literal(value) }
        mutating func encode(_ value: UInt16) throws { next().scalar = JSONWriter.literal(value) }
        mutating func encode(_ value: UInt32) throws { next().scalar = JSONWriter.literal(value) }
        mutating func encode(_ value: UInt64) throws { next().scalar = JSONWriter.literal(value) }
        mutating func encode<T: Encodable>(_ value: T) throws {
            try JSONWriter.encode(value, into: next(), codingPath: codingPath, context: context)
        }

        mutating func nestedContainer<NestedKey: CodingKey>(
            keyedBy keyType: NestedKey.Type
        ) -> KeyedEncodingContainer<NestedKey> {
            Encoder(node: next(), codingPath: codingPath, context: context).container(keyedBy: keyType)
        }

        mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
            Encoder(node: next(), codingPath: codingPath, context: context).unkeyedContainer()
        }

        mutating func superEncoder() -> any Swift.Encoder { context.refuse(codingPath) }
    }

    struct SingleValueContainer: SingleValueEncodingContainer {
        let node: Node
        let codingPath: [any CodingKey]
        let context: Context

        mutating func encodeNil() throws { node.scalar = JSONWriter.null }
        mutating func encode(_ value: Bool) throws { node.scalar = value ? JSONWriter.true : JSONWriter.false }
        mutating func encode(_ value: String) throws { node.scalar = JSONWriter.quoted(value) }
        mutating func encode(_ value: Double) throws { throw Unsupported() }
        mutating func encode(_ value: Float) throws { throw Unsupported() }
        mutating func encode(_ value: Int) throws { node.scalar = JSONWriter.literal(value) }
        mutating func encode(_ value: Int8) throws { node.scalar = JSONWriter.literal(value) }
        mutating func encode(_ value: Int16) throws { node.scalar = JSONWriter.literal(value) }
        mutating func encode(_ value: Int32) throws { node.scalar = JSONWriter.literal(value) }
        mutating func encode(_ value: Int64) throws { node.scalar = JSONWriter.literal(value) }
        mutating func encode(_ value: UInt) throws { node.scalar = JSONWriter.literal(value) }
        mutating func encode(_ value: UInt8) throws { node.scalar = JSONWriter.literal(value) }
        mutating func encode(_ value: UInt16) throws { node.scalar = JSONWriter.literal(value) }
        mutating func encode(_ value: UInt32) throws { node.scalar = JSONWriter.literal(value) }
        mutating func encode(_ value: UInt64) throws { node.scalar = JSONWriter.literal(value) }
        mutating func encode<T: Encodable>(_ value: T) throws {
            try JSONWriter.encode(value, into: node, codingPath: codingPath, context: context)
        }
    }
}

extension JSONWriter.Context {
    /// A super-encoder: what it writes is thrown away and Foundation's encoder takes over the whole value.
    func refuse(_ codingPath: [any CodingKey]) -> any Encoder {
        unsupported = true
        return JSONWriter.Encoder(node: JSONWriter.Node(), codingPath: codingPath, context: self)
    }
}
