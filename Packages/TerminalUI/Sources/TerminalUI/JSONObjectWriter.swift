import Foundation

/// A value whose JSON is one flat object it writes itself, member by member, for listings long enough that the
/// general encoder's bookkeeping outweighs the data: through ``JSONWriter`` a time entry cost about 24,000
/// instructions (a container box, a tree node and a key string per member), written directly about a third of that.
///
/// `encode(to:)` stays the definition of the JSON. ``JSONText/encode(objects:)`` must print exactly what
/// ``JSONText/encode(_:)`` prints for the same array, so a conformer's tests compare the two.
public protocol JSONObjectWriting: Encodable {
    /// Writes the members `encode(to:)` writes, with the same values, keys in ascending byte order (the order
    /// `--json` prints them in). A date the object cannot write throws, and the list goes to the general encoder.
    func writeMembers(to object: inout JSONObjectWriter) throws
}

/// Writes the members of one object of a ``JSONText/encode(objects:)`` list straight into the document's bytes:
/// the comma, line break, indentation, quoted key and separator, then the value as ``JSONWriter`` renders it.
public struct JSONObjectWriter {
    fileprivate var sink: ByteSink
    /// The indentation of the members' lines.
    fileprivate let indent: Int
    fileprivate var isEmpty = true
    #if DEBUG
        fileprivate var previousKey: [UInt8] = []
    #endif

    public mutating func write(_ key: StaticString, _ value: String) {
        begin(key)
        sink.appendQuoted(value)
    }

    public mutating func write(_ key: StaticString, _ value: String?) {
        begin(key)
        if let value { sink.appendQuoted(value) } else { sink.append(JSONWriter.null) }
    }

    public mutating func write(_ key: StaticString, _ value: Int) {
        begin(key)
        sink.appendInteger(value)
    }

    public mutating func write(_ key: StaticString, _ value: Int?) {
        begin(key)
        if let value { sink.appendInteger(value) } else { sink.append(JSONWriter.null) }
    }

    public mutating func write(_ key: StaticString, _ value: Bool) {
        begin(key)
        sink.append(value ? JSONWriter.true : JSONWriter.false)
    }

    /// - Throws: when the date is one ``JSONWriter`` leaves to Foundation (before 1583 or after 9999).
    public mutating func write(_ key: StaticString, _ value: Date) throws {
        begin(key)
        sink.reserve(JSONWriter.quotedISO8601Count)
        try JSONWriter.writeQuotedISO8601(value, to: sink.end)
        sink.advance(JSONWriter.quotedISO8601Count)
    }

    /// An array of strings: `[]` when empty, otherwise one element a line, one level deeper than the key.
    public mutating func write(_ key: StaticString, _ value: [String]) {
        begin(key)
        guard !value.isEmpty else { return sink.append(JSONWriter.emptyArray) }
        sink.append(UInt8(ascii: "["))
        for index in 0..<value.count {
            if index > 0 { sink.append(UInt8(ascii: ",")) }
            sink.appendLineBreak(indent + 2)
            sink.appendQuoted(value[index])
        }
        sink.appendLineBreak(indent)
        sink.append(UInt8(ascii: "]"))
    }

    /// Everything before a member's value. Keys are literals that need no escaping; a debug build checks that and
    /// that they come in ascending order, which is what keeps this output equal to the sorted encoder's.
    private mutating func begin(_ key: StaticString) {
        if !isEmpty { sink.append(UInt8(ascii: ",")) }
        isEmpty = false
        sink.appendLineBreak(indent)
        sink.append(UInt8(ascii: "\""))
        key.withUTF8Buffer { key in
            #if DEBUG
                assert(
                    !key.contains { $0 < 0x20 || $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\\") },
                    "a key that needs escaping")
                assert(
                    previousKey.lexicographicallyPrecedes(key), "keys out of order: \(Array(key)) after \(previousKey)")
                previousKey = Array(key)
            #endif
            sink.appendRun(key)
        }
        sink.append(UInt8(ascii: "\""))
        sink.append(JSONWriter.separator)
    }

    /// The pretty-printed array of `objects`, as ``JSONWriter`` writes it.
    static func document<T: JSONObjectWriting>(_ objects: [T]) throws -> String {
        try withDocument(objects, lineBreak: false) { String(decoding: $0, as: UTF8.self) }
    }

    /// Hands ``document(_:)``, with a final line break if asked, to `body`; the bytes live as long as the call.
    /// Nothing reaches `body` when writing throws.
    static func withDocument<T: JSONObjectWriting, R>(
        _ objects: [T], lineBreak: Bool, _ body: (UnsafeBufferPointer<UInt8>) -> R
    ) throws -> R {
        // About 500 bytes a time entry; growing a few times more is cheap next to the writing.
        var writer = JSONObjectWriter(sink: ByteSink(capacity: objects.count * 512 + 16), indent: 4)
        defer { writer.sink.deallocate() }
        writer.sink.append(UInt8(ascii: "["))
        guard !objects.isEmpty else {
            writer.sink.append(UInt8(ascii: "]"))
            if lineBreak { writer.sink.append(UInt8(ascii: "\n")) }
            return body(writer.sink.bytes)
        }
        // Index loops, not `enumerated()`: its iterator's metadata, built at run time for a generic element, looked
        // its associated types up by name, a scan of every protocol conformance in the binary (330,000 instructions).
        for index in 0..<objects.count {
            if index > 0 { writer.sink.append(UInt8(ascii: ",")) }
            writer.sink.appendLineBreak(2)
            writer.sink.append(UInt8(ascii: "{"))
            writer.isEmpty = true
            #if DEBUG
                writer.previousKey = []
            #endif
            try objects[index].writeMembers(to: &writer)
            if !writer.isEmpty { writer.sink.appendLineBreak(2) }
            writer.sink.append(UInt8(ascii: "}"))
        }
        writer.sink.appendLineBreak(0)
        writer.sink.append(UInt8(ascii: "]"))
        if lineBreak { writer.sink.append(UInt8(ascii: "\n")) }
        return body(writer.sink.bytes)
    }
}

extension ByteSink {
    /// The text as a JSON string (``JSONWriter/appendQuoted(_:to:)``).
    mutating func appendQuoted(_ text: String) {
        JSONWriter.appendQuoted(text, to: &self)
    }
}

extension JSONText {
    /// The JSON text of `objects`, the same as ``encode(_:)`` would write for them, without a trailing newline.
    ///
    /// - Throws: `EncodingError` when the general encoder, which a list with a date beyond what
    ///   ``JSONObjectWriter`` writes goes to, cannot encode it.
    public static func encode<T: JSONObjectWriting>(objects: [T]) throws -> String {
        do {
            return try JSONObjectWriter.document(objects)
        } catch is JSONWriter.Unsupported {
            return try encode(objects)
        }
    }

    /// Writes ``encode(objects:)`` and a line break to `output` as bytes, without the `String` in between.
    ///
    /// - Throws: as ``encode(objects:)``; nothing is written then.
    public static func writeLine<T: JSONObjectWriting>(objects: [T], to output: any TextOutput) throws {
        do {
            try JSONObjectWriter.withDocument(objects, lineBreak: true) { output.write(utf8: $0) }
        } catch is JSONWriter.Unsupported {
            output.writeLine(try encode(objects))
        }
    }
}
