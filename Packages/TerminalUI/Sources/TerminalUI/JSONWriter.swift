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

    /// What one encoding shares: whether something asked for what only Foundation's encoder does, every node of the
    /// tree (``Record``s in one array, linked by index: no object per value) and the bytes of every scalar, which
    /// nodes point into.
    final class Context {
        var unsupported = false
        // Checked exclusivity cost a tenth of an encoding here, and nothing outside this type reaches these arrays.
        @exclusivity(unchecked) var nodes: [Record] = [Record()]
        @exclusivity(unchecked) var scalars: [UInt8] = []

        /// The root value, the first node.
        static let root: Node = 0

        /// A new member of `parent`, an object (with `key`) or an array, after its other members.
        func append(to parent: Node, key: String) -> Node {
            let child = nodes.count
            nodes.append(Record(key: key))
            let last = nodes[parent].last
            if last >= 0 { nodes[last].next = child } else { nodes[parent].first = child }
            nodes[parent].last = child
            nodes[parent].count += 1
            return child
        }

        /// A node in no tree: what a refused super-encoder writes into.
        func detached() -> Node {
            nodes.append(Record())
            return nodes.count - 1
        }

        func makeObject(_ node: Node) {
            if nodes[node].kind == .unset { nodes[node].kind = .object }
        }

        func makeArray(_ node: Node) {
            if nodes[node].kind == .unset { nodes[node].kind = .array }
        }

        func set(_ node: Node, bytes: [UInt8]) {
            let start = scalars.count
            scalars.append(contentsOf: bytes)
            setScalar(node, from: start)
        }

        func set(_ node: Node, quoted text: String) {
            let start = scalars.count
            JSONWriter.appendQuoted(text, to: &scalars)
            setScalar(node, from: start)
        }

        func set<T: BinaryInteger>(_ node: Node, integer: T) {
            let start = scalars.count
            scalars.append(contentsOf: String(integer).utf8)
            setScalar(node, from: start)
        }

        func set(_ node: Node, date: Date) throws {
            let start = scalars.count
            try JSONWriter.appendISO8601(date, to: &scalars)
            setScalar(node, from: start)
        }

        private func setScalar(_ node: Node, from start: Int) {
            nodes[node].kind = .scalar
            nodes[node].start = start
            nodes[node].end = scalars.count
        }
    }

    static func encode<T: Encodable>(_ value: T) throws -> String {
        let context = Context()
        try Self.encode(value, into: Context.root, codingPath: [], context: context)
        if context.unsupported { throw Unsupported() }
        var writer = Writer(nodes: context.nodes, scalars: context.scalars)
        writer.bytes.reserveCapacity(context.scalars.count * 2 + 64)
        writer.write(Context.root, indent: 0)
        return String(decoding: writer.bytes, as: UTF8.self)
    }

    /// Encodes one value into `node`: the types Foundation's encoder treats specially are dealt with here, the
    /// rest through their own `encode(to:)`.
    static func encode<T: Encodable>(
        _ value: T, into node: Node, codingPath: [any CodingKey], context: Context
    ) throws {
        // Metatype comparisons, not casts: a dynamic cast per value cost more than the rest of the encoding.
        let type = T.self
        if type == String.self {
            context.set(node, quoted: unsafeBitCast(value, to: String.self))
        } else if type == Date.self {
            try context.set(node, date: unsafeBitCast(value, to: Date.self))
        } else if type == String?.self {
            // The optionals Stint's models write as explicit nulls, without a trip through `Optional.encode(to:)`
            // and a single-value container each.
            if let text = unsafeBitCast(value, to: String?.self) {
                context.set(node, quoted: text)
            } else {
                context.set(node, bytes: null)
            }
        } else if type == Int?.self {
            if let number = unsafeBitCast(value, to: Int?.self) {
                context.set(node, integer: number)
            } else {
                context.set(node, bytes: null)
            }
        } else if type == Date?.self {
            if let date = unsafeBitCast(value, to: Date?.self) {
                try context.set(node, date: date)
            } else {
                context.set(node, bytes: null)
            }
        } else if type == [String].self {
            context.makeArray(node)
            for text in unsafeBitCast(value, to: [String].self) {
                context.set(context.append(to: node, key: ""), quoted: text)
            }
        } else if type == Double.self || type == Float.self || type == Data.self || type == URL.self
            || type == Decimal.self
        {
            throw Unsupported()
        } else {
            try value.encode(to: Encoder(node: node, codingPath: codingPath, context: context))
        }
    }

    // MARK: The tree

    /// A node of the tree: its index in ``Context/nodes``.
    typealias Node = Int

    /// One JSON value: a rendered scalar, an array or an object, with its members linked in the order they were
    /// encoded (an object's are sorted when written, once per set of keys: ``Writer``).
    struct Record {
        enum Kind: UInt8 { case unset, scalar, array, object }
        var kind = Kind.unset
        /// The member's key when the parent is an object.
        var key = ""
        /// Where the rendered scalar lies in ``Context/scalars``.
        var start = 0
        var end = 0
        var first = -1
        var last = -1
        var next = -1
        var count = 0
    }

    /// Writes a tree into one byte buffer, remembering each set of keys it met: every entry of a listing has the
    /// same keys in the same order, so they are sorted, quoted and indented once per set and depth (a ``Shape``),
    /// not once per entry. Each member then costs two copies: its prepared prefix and its rendered value.
    struct Writer {
        let nodes: [Record]
        let scalars: [UInt8]
        var bytes: [UInt8] = []
        private var shapes: [Shape] = []
        /// The members of the objects being written, innermost last: one buffer for every depth instead of an
        /// array per object.
        private var members: [Node] = []

        /// An object's keys as encoded, at one depth, with what to write before each member in sorted order.
        private struct Shape {
            let keys: [String]
            let indent: Int
            /// Positions in `keys`, sorted by key; of a key encoded twice only the last, as Foundation's encoder
            /// keeps it.
            let order: [Int]
            /// For each entry of `order`: the comma (after the first), the line break, the indentation, the quoted
            /// key and the separator.
            let prefixes: [[UInt8]]
        }

        init(nodes: [Record], scalars: [UInt8]) {
            self.nodes = nodes
            self.scalars = scalars
        }

        /// A line break and the deepest indentation Stint's documents reach, sliced for each line.
        private static let lineBreak = [UInt8(0x0A)] + [UInt8](repeating: UInt8(ascii: " "), count: 256)

        mutating func write(_ node: Node, indent: Int) {
            let record = nodes[node]
            switch record.kind {
            case .scalar:
                scalars.withUnsafeBufferPointer { scalars in
                    bytes.append(contentsOf: UnsafeBufferPointer(rebasing: scalars[record.start..<record.end]))
                }
            case .array:
                guard record.count > 0 else { return bytes.append(contentsOf: JSONWriter.emptyArray) }
                bytes.append(UInt8(ascii: "["))
                var element = record.first
                while element >= 0 {
                    if element != record.first { bytes.append(UInt8(ascii: ",")) }
                    newLine(indent + 2)
                    write(element, indent: indent + 2)
                    element = nodes[element].next
                }
                newLine(indent)
                bytes.append(UInt8(ascii: "]"))
            case .object:
                guard record.count > 0 else { return bytes.append(contentsOf: JSONWriter.emptyObject) }
                let base = members.count
                var member = record.first
                while member >= 0 {
                    members.append(member)
                    member = nodes[member].next
                }
                let shape = self.shape(of: base, indent: indent)
                bytes.append(UInt8(ascii: "{"))
                for (position, index) in shape.order.enumerated() {
                    shape.prefixes[position].withUnsafeBufferPointer { bytes.append(contentsOf: $0) }
                    write(members[base + index], indent: indent + 2)
                }
                members.removeSubrange(base...)
                newLine(indent)
                bytes.append(UInt8(ascii: "}"))
            case .unset:
                // A container asked for and left empty is what Foundation writes for it: an empty object.
                bytes.append(contentsOf: JSONWriter.emptyObject)
            }
        }

        /// The shape of the object whose members are `members[base...]`, written at `indent`.
        private mutating func shape(of base: Int, indent: Int) -> Shape {
            let count = members.count - base
            for shape in shapes where shape.indent == indent && shape.keys.count == count {
                var same = true
                for offset in 0..<count where shape.keys[offset] != nodes[members[base + offset]].key {
                    same = false
                    break
                }
                if same { return shape }
            }
            let keys = (0..<count).map { nodes[members[base + $0]].key }
            let sorted = keys.indices.sorted { keys[$0] < keys[$1] || (keys[$0] == keys[$1] && $0 < $1) }
            var order: [Int] = []
            var prefixes: [[UInt8]] = []
            for (position, index) in sorted.enumerated()
            where position + 1 == sorted.count || keys[sorted[position + 1]] != keys[index] {
                var prefix: [UInt8] = order.isEmpty ? [] : [UInt8(ascii: ",")]
                Self.appendLineBreak(indent + 2, to: &prefix)
                JSONWriter.appendQuoted(keys[index], to: &prefix)
                prefix.append(contentsOf: JSONWriter.separator)
                order.append(index)
                prefixes.append(prefix)
            }
            let shape = Shape(keys: keys, indent: indent, order: order, prefixes: prefixes)
            // Dictionaries' keys differ from one to the next; only a few shapes are worth keeping.
            if shapes.count < 16 { shapes.append(shape) }
            return shape
        }

        private mutating func newLine(_ indent: Int) {
            Self.appendLineBreak(indent, to: &bytes)
        }

        private static func appendLineBreak(_ indent: Int, to bytes: inout [UInt8]) {
            let whole = lineBreak.count - 1
            lineBreak.withUnsafeBufferPointer { line in
                bytes.append(contentsOf: UnsafeBufferPointer(rebasing: line[0..<1 + min(indent, whole)]))
                var left = indent - whole
                while left > 0 {
                    let chunk = min(left, whole)
                    bytes.append(contentsOf: UnsafeBufferPointer(rebasing: line[1..<1 + chunk]))
                    left -= chunk
                }
            }
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

    /// The text as a JSON string, into either of the writers' buffers: runs that need no escape (nearly all
    /// bytes) are found eight bytes at a time and copied whole.
    static func appendQuoted<Bytes: JSONBytes>(_ text: String, to bytes: inout Bytes) {
        var text = text
        text.withUTF8 { utf8 in
            bytes.reserve(utf8.count + 2)
            bytes.append(UInt8(ascii: "\""))
            var runStart = 0
            var index = 0
            let raw = UnsafeRawBufferPointer(utf8)
            while index < utf8.count {
                if index + 8 <= utf8.count, !mayNeedEscape(raw.loadUnaligned(fromByteOffset: index, as: UInt64.self)) {
                    index += 8
                    continue
                }
                let byte = utf8[index]
                if byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") {
                    bytes.appendRun(UnsafeBufferPointer(rebasing: utf8[runStart..<index]))
                    runStart = index + 1
                    appendEscaped(byte, to: &bytes)
                }
                index += 1
            }
            bytes.appendRun(UnsafeBufferPointer(rebasing: utf8[runStart...]))
            bytes.append(UInt8(ascii: "\""))
        }
    }

    /// Whether any of the eight bytes is a control character, a quote or a backslash (exact for those; bytes of
    /// multi-byte characters, 0x80 and up, never match).
    @inline(__always) static func mayNeedEscape(_ word: UInt64) -> Bool {
        let ones: UInt64 = 0x0101_0101_0101_0101
        let highs: UInt64 = 0x8080_8080_8080_8080
        func hasZero(_ value: UInt64) -> Bool { (value &- ones) & ~value & highs != 0 }
        let control = (word &- ones &* 0x20) & ~word & highs != 0
        return control || hasZero(word ^ (ones &* 0x22)) || hasZero(word ^ (ones &* 0x5C))
    }

    /// A quote, a backslash or a control character as JSON writes it inside a string.
    private static func appendEscaped<Bytes: JSONBytes>(_ byte: UInt8, to bytes: inout Bytes) {
        bytes.append(UInt8(ascii: "\\"))
        switch byte {
        case UInt8(ascii: "\""): bytes.append(UInt8(ascii: "\""))
        case UInt8(ascii: "\\"): bytes.append(UInt8(ascii: "\\"))
        case 0x08: bytes.append(UInt8(ascii: "b"))
        case 0x0C: bytes.append(UInt8(ascii: "f"))
        case 0x0A: bytes.append(UInt8(ascii: "n"))
        case 0x0D: bytes.append(UInt8(ascii: "r"))
        case 0x09: bytes.append(UInt8(ascii: "t"))
        default:
            for digit in [
                UInt8(ascii: "u"), UInt8(ascii: "0"), UInt8(ascii: "0"), hex[Int(byte >> 4)], hex[Int(byte & 0x0F)],
            ] {
                bytes.append(digit)
            }
        }
    }

    /// `JSONEncoder.DateEncodingStrategy.iso8601`: whole seconds (the fraction dropped), UTC, "Z".
    static func appendISO8601(_ date: Date, to bytes: inout [UInt8]) throws {
        try withUnsafeTemporaryAllocation(of: UInt8.self, capacity: quotedISO8601Count) { buffer in
            guard let out = buffer.baseAddress else { throw Unsupported() }
            try writeQuotedISO8601(date, to: out)
            bytes.append(contentsOf: buffer)
        }
    }

    /// How many bytes ``writeQuotedISO8601(_:to:)`` writes: every year it writes has four digits.
    static let quotedISO8601Count = 22

    /// Writes the quoted date at `out`, digit by digit: appending them to an array one at a time cost a
    /// uniqueness and capacity check each.
    static func writeQuotedISO8601(_ date: Date, to out: UnsafeMutablePointer<UInt8>) throws {
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
        func digits(_ value: Int, _ count: Int, at offset: Int) {
            var value = value
            for position in stride(from: offset + count - 1, through: offset, by: -1) {
                out[position] = UInt8(ascii: "0") + UInt8(value % 10)
                value /= 10
            }
        }
        out[0] = UInt8(ascii: "\"")
        digits(day.year, 4, at: 1)
        out[5] = UInt8(ascii: "-")
        digits(day.month, 2, at: 6)
        out[8] = UInt8(ascii: "-")
        digits(day.day, 2, at: 9)
        out[11] = UInt8(ascii: "T")
        digits(Int(rest / 3_600), 2, at: 12)
        out[14] = UInt8(ascii: ":")
        digits(Int(rest / 60 % 60), 2, at: 15)
        out[17] = UInt8(ascii: ":")
        digits(Int(rest % 60), 2, at: 18)
        out[20] = UInt8(ascii: "Z")
        out[21] = UInt8(ascii: "\"")
    }

    // MARK: Encoder

    struct Encoder: Swift.Encoder {
        let node: Node
        let codingPath: [any CodingKey]
        let context: Context
        var userInfo: [CodingUserInfoKey: Any] { [:] }

        func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
            context.makeObject(node)
            return KeyedEncodingContainer(KeyedContainer<Key>(node: node, codingPath: codingPath, context: context))
        }

        func unkeyedContainer() -> any UnkeyedEncodingContainer {
            context.makeArray(node)
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
            context.append(to: node, key: key.stringValue)
        }

        mutating func encodeNil(forKey key: Key) throws { context.set(child(key), bytes: JSONWriter.null) }
        mutating func encode(_ value: Bool, forKey key: Key) throws {
            context.set(child(key), bytes: value ? JSONWriter.true : JSONWriter.false)
        }
        mutating func encode(_ value: String, forKey key: Key) throws { context.set(child(key), quoted: value) }
        mutating func encode(_ value: Double, forKey key: Key) throws { throw Unsupported() }
        mutating func encode(_ value: Float, forKey key: Key) throws { throw Unsupported() }
        mutating func encode(_ value: Int, forKey key: Key) throws { context.set(child(key), integer: value) }
        mutating func encode(_ value: Int8, forKey key: Key) throws { context.set(child(key), integer: value) }
        mutating func encode(_ value: Int16, forKey key: Key) throws { context.set(child(key), integer: value) }
        mutating func encode(_ value: Int32, forKey key: Key) throws { context.set(child(key), integer: value) }
        mutating func encode(_ value: Int64, forKey key: Key) throws { context.set(child(key), integer: value) }
        mutating func encode(_ value: UInt, forKey key: Key) throws { context.set(child(key), integer: value) }
        mutating func encode(_ value: UInt8, forKey key: Key) throws { context.set(child(key), integer: value) }
        mutating func encode(_ value: UInt16, forKey key: Key) throws { context.set(child(key), integer: value) }
        mutating func encode(_ value: UInt32, forKey key: Key) throws { context.set(child(key), integer: value) }
        mutating func encode(_ value: UInt64, forKey key: Key) throws { context.set(child(key), integer: value) }
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
        var count: Int { context.nodes[node].count }

        private func next() -> Node {
            context.append(to: node, key: "")
        }

        mutating func encodeNil() throws { context.set(next(), bytes: JSONWriter.null) }
        mutating func encode(_ value: Bool) throws {
            context.set(next(), bytes: value ? JSONWriter.true : JSONWriter.false)
        }
        mutating func encode(_ value: String) throws { context.set(next(), quoted: value) }
        mutating func encode(_ value: Double) throws { throw Unsupported() }
        mutating func encode(_ value: Float) throws { throw Unsupported() }
        mutating func encode(_ value: Int) throws { context.set(next(), integer: value) }
        mutating func encode(_ value: Int8) throws { context.set(next(), integer: value) }
        mutating func encode(_ value: Int16) throws { context.set(next(), integer: value) }
        mutating func encode(_ value: Int32) throws { context.set(next(), integer: value) }
        mutating func encode(_ value: Int64) throws { context.set(next(), integer: value) }
        mutating func encode(_ value: UInt) throws { context.set(next(), integer: value) }
        mutating func encode(_ value: UInt8) throws { context.set(next(), integer: value) }
        mutating func encode(_ value: UInt16) throws { context.set(next(), integer: value) }
        mutating func encode(_ value: UInt32) throws { context.set(next(), integer: value) }
        mutating func encode(_ value: UInt64) throws { context.set(next(), integer: value) }
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

        mutating func encodeNil() throws { context.set(node, bytes: JSONWriter.null) }
        mutating func encode(_ value: Bool) throws {
            context.set(node, bytes: value ? JSONWriter.true : JSONWriter.false)
        }
        mutating func encode(_ value: String) throws { context.set(node, quoted: value) }
        mutating func encode(_ value: Double) throws { throw Unsupported() }
        mutating func encode(_ value: Float) throws { throw Unsupported() }
        mutating func encode(_ value: Int) throws { context.set(node, integer: value) }
        mutating func encode(_ value: Int8) throws { context.set(node, integer: value) }
        mutating func encode(_ value: Int16) throws { context.set(node, integer: value) }
        mutating func encode(_ value: Int32) throws { context.set(node, integer: value) }
        mutating func encode(_ value: Int64) throws { context.set(node, integer: value) }
        mutating func encode(_ value: UInt) throws { context.set(node, integer: value) }
        mutating func encode(_ value: UInt8) throws { context.set(node, integer: value) }
        mutating func encode(_ value: UInt16) throws { context.set(node, integer: value) }
        mutating func encode(_ value: UInt32) throws { context.set(node, integer: value) }
        mutating func encode(_ value: UInt64) throws { context.set(node, integer: value) }
        mutating func encode<T: Encodable>(_ value: T) throws {
            try JSONWriter.encode(value, into: node, codingPath: codingPath, context: context)
        }
    }
}

extension JSONWriter.Context {
    /// A super-encoder: what it writes is thrown away and Foundation's encoder takes over the whole value.
    func refuse(_ codingPath: [any CodingKey]) -> any Encoder {
        unsupported = true
        return JSONWriter.Encoder(node: detached(), codingPath: codingPath, context: self)
    }
}

/// A buffer the JSON writers append to: the encoder's `[UInt8]` and the object writer's ``ByteSink``, so both
/// quote strings with one piece of code.
protocol JSONBytes {
    /// Makes room for `extra` more bytes, where that saves work.
    mutating func reserve(_ extra: Int)
    mutating func append(_ byte: UInt8)
    mutating func appendRun(_ bytes: UnsafeBufferPointer<UInt8>)
}

extension [UInt8]: JSONBytes {
    // `reserveCapacity` to an exact size before each string would defeat the array's geometric growth.
    func reserve(_ extra: Int) {}

    mutating func appendRun(_ bytes: UnsafeBufferPointer<UInt8>) { append(contentsOf: bytes) }
}
