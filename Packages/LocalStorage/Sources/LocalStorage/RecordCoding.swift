import Foundation
internal import GRDB
internal import GRDBSQLite

/// A record stored in one entity table, bound and decoded in the column order of its ``TableSpec``.
protocol StoredRecord: Sendable, Equatable {
    static var table: TableSpec { get }
    var id: String { get set }
    var version: Int { get set }
    var updatedAt: Date { get set }
    var deletedAt: Date? { get set }
    /// Whether the store numbers rows of this table (tasks).
    static var isNumbered: Bool { get }
    /// Whether an import that brings both as new rows writes `self` before `other`. Rows are laid out in the
    /// order they are written, so this decides which rows a later range query finds on the same pages.
    func goesIn(before other: Self) -> Bool
    /// Sets what only the store decides (version, and a task's number) to the values of `other`.
    mutating func adoptStoreFields(of other: Self)
    /// Sets the store-assigned number; does nothing for tables without numbers.
    mutating func assignNumber(_ number: Int)
    /// Decodes the columns of `table.columns` from the reader's current column on.
    init(columns reader: inout ColumnReader) throws
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

    /// By id: the key's index, and the change log's index by record, then grow at one end instead of at a
    /// random page each time.
    func goesIn(before other: Self) -> Bool { id < other.id }

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

/// Reads consecutive columns of the row a statement stands on, through SQLite's C API; throws (instead of trapping)
/// when a column that must hold a value is NULL, so a damaged file gives an error rather than a crash.
///
/// GRDB's `Row.decode` cost about 400 instructions a column (context closures, an optional statement, `strlen` and
/// a copy through a C string): reading 7,500 tasks of 23 columns was a sixth of `stint task list`. Text is taken
/// with its length, so it reads back byte for byte what was bound (invalid UTF-8 repaired, as GRDB did); other
/// storage classes convert the way SQLite converts them, as GRDB's accessors did.
struct ColumnReader {
    /// A NULL where the schema promises a value.
    struct MissingValue: Error, CustomStringConvertible {
        let column: String
        var description: String { "column \(column) of a stored row is NULL where a value is required" }
    }

    let statement: OpaquePointer
    var index: CInt

    /// The row `statement` stands on (after a step that returned a row), from column `index`.
    init(_ statement: Statement, index: Int = 0) {
        self.statement = statement.sqliteStatement
        self.index = CInt(index)
    }

    /// The current column's value. Each `sqlite3_column_*` call looks the column up again, checks the statement and
    /// ends through the error path (about 45 instructions); a value read once and then asked for its type, text
    /// and length costs a third of that: 20 columns of 7,500 tasks. The value is only "unprotected" in SQLite's
    /// terms, which matters with a connection mutex; GRDB opens its connections without one (`NOMUTEX`), and a
    /// reader lives on its connection's queue, between two steps.
    private var value: OpaquePointer? { sqlite3_column_value(statement, index) }

    mutating func string() throws -> String {
        let value = try optionalString()
        return try required(value)
    }

    mutating func optionalString() throws -> String? {
        let value = value
        index += 1
        if sqlite3_value_type(value) == SQLITE_NULL { return nil }
        return try Self.withBytes(value) { String(decoding: $0, as: UTF8.self) }
    }

    mutating func int() throws -> Int {
        let value = try optionalInt()
        return try required(value)
    }

    mutating func optionalInt() throws -> Int? {
        let value = value
        index += 1
        if sqlite3_value_type(value) == SQLITE_NULL { return nil }
        return Int(sqlite3_value_int64(value))
    }

    mutating func date() throws -> Date {
        let value = try optionalDate()
        return try required(value)
    }

    mutating func optionalDate() throws -> Date? {
        try optionalInt().map { Date(storedMilliseconds: Int64($0)) }
    }

    /// The value just read (after the read moved on), or the error naming its column when it was NULL.
    private func required<T>(_ value: T?) throws -> T {
        guard let value else {
            let column = index - 1
            throw MissingValue(
                column: sqlite3_column_name(statement, column).map { String(cString: $0) } ?? String(column))
        }
        return value
    }

    /// Runs `body` with a reader on each row of `statement`, which GRDB steps (and resets when done).
    static func forEachRow(
        of statement: Statement, arguments: StatementArguments = StatementArguments(),
        _ body: (inout ColumnReader) throws -> Void
    ) throws {
        let rows = try Row.fetchCursor(statement, arguments: arguments)
        while try rows.next() != nil {
            var reader = ColumnReader(statement)
            try body(&reader)
        }
    }

    /// A JSON array of strings (tags, prerequisite ids), parsed from SQLite's bytes without a `String` of the JSON
    /// first; NULL reads as empty (`TableSpec.readExpressions` reads an empty array as NULL).
    mutating func stringArray() throws -> [String] {
        let value = value
        index += 1
        if sqlite3_value_type(value) == SQLITE_NULL { return [] }
        return try Self.withBytes(value) { try TagsJSON.decode($0) }
    }

    /// The value's text, valid until the next step; SQLite asks for the pointer before the length.
    private static func withBytes<T>(
        _ value: OpaquePointer?, _ body: (UnsafeBufferPointer<UInt8>) throws -> T
    ) throws -> T {
        guard let start = sqlite3_value_text(value) else {
            // A value that is not NULL yet has no text: SQLite ran out of memory converting it.
            throw DatabaseError(resultCode: .SQLITE_NOMEM)
        }
        return try body(UnsafeBufferPointer(start: start, count: Int(sqlite3_value_bytes(value))))
    }
}

extension ProjectRecord: StoredRecord {
    static var table: TableSpec { .projects }

    init(columns reader: inout ColumnReader) throws {
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

    init(columns reader: inout ColumnReader) throws {
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

    init(columns reader: inout ColumnReader) throws {
        self.init(
            id: try reader.string(), number: try reader.int(), projectID: try reader.optionalString(),
            listID: try reader.optionalString(), title: try reader.string(), note: try reader.string(),
            status: try reader.string(), priority: try reader.int(), due: try reader.optionalString(),
            // Both arrays are read as NULL when empty (`TableSpec.readExpressions`).
            tags: try reader.stringArray(), estimateSeconds: try reader.optionalInt(),
            completedAt: try reader.optionalDate(), assigneeID: try reader.optionalString(),
            parentID: try reader.optionalString(),
            prerequisiteIDs: try reader.stringArray(),
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
        var text = text
        return try text.withUTF8 { try decode($0) }
    }

    /// Parses straight from `bytes` (a column's text, or a string's UTF-8): a string without escapes becomes a
    /// `String` of its slice, with no byte array in between.
    static func decode(_ bytes: UnsafeBufferPointer<UInt8>) throws -> [String] {
        if bytes.count == 2, bytes[0] == UInt8(ascii: "["), bytes[1] == UInt8(ascii: "]") { return [] }
        var parser = Parser(bytes: bytes)
        return try parser.stringArray()
    }

    private struct Parser {
        let bytes: UnsafeBufferPointer<UInt8>
        var position = 0

        init(bytes: UnsafeBufferPointer<UInt8>) { self.bytes = bytes }

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
            let start = position
            // Nearly every tag and id: no escape, taken as one slice.
            while let byte = peek(), byte != UInt8(ascii: "\""), byte != UInt8(ascii: "\\") { position += 1 }
            guard let end = peek() else { throw DecodingError() }
            if end == UInt8(ascii: "\"") {
                position += 1
                return String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<position - 1]), as: UTF8.self)
            }
            var utf8 = Array(bytes[start..<position])
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
