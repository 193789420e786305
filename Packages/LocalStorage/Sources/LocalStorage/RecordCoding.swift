import Foundation
internal import GRDB

/// A record stored in one entity table, bound and decoded in the column order of its ``TableSpec``.
protocol StoredRecord: Sendable, Equatable {
    static var table: TableSpec { get }
    var id: String { get set }
    var version: Int { get set }
    var updatedAt: Date { get set }
    var deletedAt: Date? { get set }
    /// Whether the store numbers rows of this table (tasks).
    static var isNumbered: Bool { get }
    /// Sets what only the store decides (version, and a task's number) to the values of `other`.
    mutating func adoptStoreFields(of other: Self)
    /// Sets the store-assigned number; does nothing for tables without numbers.
    mutating func assignNumber(_ number: Int)
    /// Decodes the columns of `table.columns`, starting at `index` of the row.
    init(row: Row, startingAt index: Int) throws
    /// The values to bind, in the order of `table.columns`.
    var columnValues: [(any DatabaseValueConvertible)?] { get }
    /// The record as the store keeps it: lowercase ids, dates rounded to the millisecond.
    func normalized() -> Self
}

extension StoredRecord {
    /// Whether the two records hold the same data, ignoring what the store alone decides
    /// (version, and a task's number).
    func hasSameContent(as stored: Self) -> Bool {
        var candidate = self.normalized()
        candidate.adoptStoreFields(of: stored)
        return candidate == stored
    }

    static var isNumbered: Bool { false }

    mutating func adoptStoreFields(of other: Self) {
        version = other.version
    }

    mutating func assignNumber(_ number: Int) {}
}

extension Date {
    /// The value stored in date columns: whole milliseconds since 1970.
    var storedMilliseconds: Int64 {
        let milliseconds = (timeIntervalSince1970 * 1000).rounded()
        guard milliseconds.isFinite else { return 0 }
        return Int64(max(min(milliseconds, 9.0e15), -9.0e15))
    }

    init(storedMilliseconds: Int64) {
        self.init(timeIntervalSince1970: Double(storedMilliseconds) / 1000)
    }

    /// The same instant as it reads back from the store.
    var roundedToStoredPrecision: Date { Date(storedMilliseconds: storedMilliseconds) }
}

/// Reads consecutive columns of a row; throws (instead of trapping) when a value has the wrong type,
/// so a damaged file gives an error rather than a crash.
struct ColumnReader {
    let row: Row
    var index: Int

    mutating func string() throws -> String {
        defer { index += 1 }
        return try row.decode(String.self, atIndex: index)
    }

    mutating func optionalString() throws -> String? {
        defer { index += 1 }
        return try row.decode(String?.self, atIndex: index)
    }

    mutating func int() throws -> Int {
        defer { index += 1 }
        return try row.decode(Int.self, atIndex: index)
    }

    mutating func optionalInt() throws -> Int? {
        defer { index += 1 }
        return try row.decode(Int?.self, atIndex: index)
    }

    mutating func date() throws -> Date {
        defer { index += 1 }
        return Date(storedMilliseconds: try row.decode(Int64.self, atIndex: index))
    }

    mutating func optionalDate() throws -> Date? {
        defer { index += 1 }
        return try row.decode(Int64?.self, atIndex: index).map(Date.init(storedMilliseconds:))
    }
}

extension ProjectRecord: StoredRecord {
    static var table: TableSpec { .projects }

    init(row: Row, startingAt index: Int) throws {
        var reader = ColumnReader(row: row, index: index)
        self.init(
            id: try reader.string(), name: try reader.string(), note: try reader.string(),
            archivedAt: try reader.optionalDate(), createdAt: try reader.date(), updatedAt: try reader.date(),
            deletedAt: try reader.optionalDate(), version: try reader.int())
    }

    var columnValues: [(any DatabaseValueConvertible)?] {
        [
            id, name, note, archivedAt?.storedMilliseconds, createdAt.storedMilliseconds,
            updatedAt.storedMilliseconds, deletedAt?.storedMilliseconds, version,
        ]
    }

    func normalized() -> ProjectRecord {
        var record = self
        record.id = id.lowercased()
        record.archivedAt = archivedAt?.roundedToStoredPrecision
        record.createdAt = createdAt.roundedToStoredPrecision
        record.updatedAt = updatedAt.roundedToStoredPrecision
        record.deletedAt = deletedAt?.roundedToStoredPrecision
        return record
    }
}

extension TaskListRecord: StoredRecord {
    static var table: TableSpec { .taskLists }

    init(row: Row, startingAt index: Int) throws {
        var reader = ColumnReader(row: row, index: index)
        self.init(
            id: try reader.string(), projectID: try reader.string(), name: try reader.string(),
            createdAt: try reader.date(), updatedAt: try reader.date(), deletedAt: try reader.optionalDate(),
            version: try reader.int())
    }

    var columnValues: [(any DatabaseValueConvertible)?] {
        [
            id, projectID, name, createdAt.storedMilliseconds, updatedAt.storedMilliseconds,
            deletedAt?.storedMilliseconds, version,
        ]
    }

    func normalized() -> TaskListRecord {
        var record = self
        record.id = id.lowercased()
        record.projectID = projectID.lowercased()
        record.createdAt = createdAt.roundedToStoredPrecision
        record.updatedAt = updatedAt.roundedToStoredPrecision
        record.deletedAt = deletedAt?.roundedToStoredPrecision
        return record
    }
}

extension TaskRecord: StoredRecord {
    static var table: TableSpec { .tasks }
    static var isNumbered: Bool { true }

    mutating func adoptStoreFields(of other: TaskRecord) {
        version = other.version
        number = other.number
    }

    mutating func assignNumber(_ number: Int) {
        self.number = number
    }

    init(row: Row, startingAt index: Int) throws {
        var reader = ColumnReader(row: row, index: index)
        self.init(
            id: try reader.string(), number: try reader.int(), projectID: try reader.optionalString(),
            listID: try reader.optionalString(), title: try reader.string(), note: try reader.string(),
            status: try reader.string(), priority: try reader.int(), due: try reader.optionalString(),
            // Both arrays are read as NULL when empty (`TableSpec.readExpressions`).
            tags: try reader.optionalString().map(TagsJSON.decode) ?? [], estimateSeconds: try reader.optionalInt(),
            completedAt: try reader.optionalDate(), assigneeID: try reader.optionalString(),
            parentID: try reader.optionalString(),
            prerequisiteIDs: try reader.optionalString().map(TagsJSON.decode) ?? [],
            repeatRule: try reader.optionalString(), repeatUntil: try reader.optionalString(),
            seriesID: try reader.optionalString(), seriesStart: try reader.optionalString(),
            createdAt: try reader.date(), updatedAt: try reader.date(), deletedAt: try reader.optionalDate(),
            version: try reader.int())
    }

    var columnValues: [(any DatabaseValueConvertible)?] {
        [
            id, number, projectID, listID, title, note, status, priority, due, TagsJSON.encode(tags),
            estimateSeconds, completedAt?.storedMilliseconds, assigneeID, parentID, TagsJSON.encode(prerequisiteIDs),
            repeatRule, repeatUntil, seriesID, seriesStart, createdAt.storedMilliseconds,
            updatedAt.storedMilliseconds, deletedAt?.storedMilliseconds, version,
        ]
    }

    func normalized() -> TaskRecord {
        var record = self
        record.id = id.lowercased()
        record.projectID = projectID?.lowercased()
        record.listID = listID?.lowercased()
        record.assigneeID = assigneeID?.lowercased()
        record.parentID = parentID?.lowercased()
        record.prerequisiteIDs = Array(Set(prerequisiteIDs.map { $0.lowercased() })).sorted()
        record.seriesID = seriesID?.lowercased()
        record.completedAt = completedAt?.roundedToStoredPrecision
        record.createdAt = createdAt.roundedToStoredPrecision
        record.updatedAt = updatedAt.roundedToStoredPrecision
        record.deletedAt = deletedAt?.roundedToStoredPrecision
        return record
    }
}

/// The JSON array text of the `tags` column.
///
/// Hand-written because it runs for every task of a 10,000-row import or listing, where a general
/// JSON coder per row is a measurable cost; it reads any valid JSON array of strings.
enum TagsJSON {
    struct DecodingError: Error, CustomStringConvertible {
        var description: String { "the stored tags or prerequisites of a task are not a JSON array of strings" }
    }

    static func encode(_ tags: [String]) -> String {
        var text = "["
        for (position, tag) in tags.enumerated() {
            if position > 0 { text += "," }
            text += "\""
            // Nearly every tag and id needs no escape: appended whole, not scalar by scalar (a listing's 352 ids
            // cost 6.7 M instructions that way).
            if !tag.utf8.contains(where: { $0 < 0x20 || $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\\") }) {
                text += tag
                text += "\""
                continue
            }
            for scalar in tag.unicodeScalars {
                switch scalar {
                case "\"": text += "\\\""
                case "\\": text += "\\\\"
                case "\n": text += "\\n"
                case "\r": text += "\\r"
                case "\t": text += "\\t"
                case _ where scalar.value < 0x20:
                    text +=
                        "\\u" + String(repeating: "0", count: 4 - String(scalar.value, radix: 16).count)
                        + String(scalar.value, radix: 16)
                default: text.unicodeScalars.append(scalar)
                }
            }
            text += "\""
        }
        return text + "]"
    }

    static func decode(_ text: String) throws -> [String] {
        if text == "[]" { return [] }
        var parser = Parser(bytes: Array(text.utf8))
        return try parser.stringArray()
    }

    private struct Parser {
        let bytes: [UInt8]
        var position = 0

        init(bytes: [UInt8]) { self.bytes = bytes }

        mutating func stringArray() throws -> [String] {
            skipWhitespace()
            try expect(UInt8(ascii: "["))
            var result: [String] = []
            skipWhitespace()
            if peek() == UInt8(ascii: "]") {
                position += 1
            } else {
                while true {
                    skipWhitespace()
                    result.append(try string())
                    skipWhitespace()
                    let separator = peek()
                    position += 1
                    if separator == UInt8(ascii: "]") { break }
                    guard separator == UInt8(ascii: ",") else { throw DecodingError() }
                }
            }
            skipWhitespace()
            guard position == bytes.count else { throw DecodingError() }
            return result
        }

        private func peek() -> UInt8? { position < bytes.count ? bytes[position] : nil }

        private mutating func expect(_ byte: UInt8) throws {
            guard peek() == byte else { throw DecodingError() }
            position += 1
        }

        private mutating func skipWhitespace() {
            while let byte = peek(), byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 {
                position += 1
            }
        }

        private mutating func string() throws -> String {
            try expect(UInt8(ascii: "\""))
            var utf8: [UInt8] = []
            while let byte = peek() {
                position += 1
                switch byte {
                case UInt8(ascii: "\""):
                    return String(decoding: utf8, as: UTF8.self)
                case UInt8(ascii: "\\"):
                    try escape(into: &utf8)
                default:
                    utf8.append(byte)
                }
            }
            throw DecodingError()
        }

        private mutating func escape(into utf8: inout [UInt8]) throws {
            guard let byte = peek() else { throw DecodingError() }
            position += 1
            switch byte {
            case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): utf8.append(byte)
            case UInt8(ascii: "b"): utf8.append(0x08)
            case UInt8(ascii: "f"): utf8.append(0x0C)
            case UInt8(ascii: "n"): utf8.append(0x0A)
            case UInt8(ascii: "r"): utf8.append(0x0D)
            case UInt8(ascii: "t"): utf8.append(0x09)
            case UInt8(ascii: "u"):
                var value = try hex4()
                if (0xD800..<0xDC00).contains(value) {
                    // A high surrogate must be followed by an escaped low surrogate.
                    try expect(UInt8(ascii: "\\"))
                    try expect(UInt8(ascii: "u"))
                    let low = try hex4()
                    guard (0xDC00..<0xE000).contains(low) else { throw DecodingError() }
                    value = 0x10000 + ((value - 0xD800) << 10) + (low - 0xDC00)
                }
                guard let scalar = Unicode.Scalar(value) else { throw DecodingError() }
                utf8.append(contentsOf: Array(String(scalar).utf8))
            default:
                throw DecodingError()
            }
        }

        private mutating func hex4() throws -> UInt32 {
            guard position + 4 <= bytes.count,
                let value = UInt32(String(decoding: bytes[position..<position + 4], as: UTF8.self), radix: 16)
            else { throw DecodingError() }
            position += 4
            return value
        }
    }
}
