import Foundation
import GRDB
import Testing

@testable import LocalStorage

/// `ColumnReader` reads columns through SQLite's C API where GRDB's `Row.decode` did: it must read what GRDB read,
/// for every storage class a damaged or hand-edited file might hold, and refuse a NULL where a value is required.
struct ColumnReaderTests {
    /// One row of every storage class, in the order the reads below take them.
    static let sql = """
        SELECT 'plain', 'ünïcødé ✓', '', 42, -7, 3.75, x'616263', NULL, '12abc', 9007199254740993, '["a","b\\"c"]'
        """

    @Test("strings, integers and dates read as GRDB decoded them, from every storage class")
    func matchesGRDB() throws {
        let queue = try DatabaseQueue()
        try queue.read { db in
            let statement = try db.makeStatement(sql: Self.sql)
            let rows = try Row.fetchCursor(statement)
            let row = try #require(try rows.next())
            for index in 0..<10 {
                var reader = ColumnReader(statement, index: index)
                #expect(
                    try reader.optionalString() == (try row.decode(String?.self, atIndex: index)), "column \(index)")
                reader = ColumnReader(statement, index: index)
                #expect(try reader.optionalInt() == (try row.decode(Int?.self, atIndex: index)), "column \(index)")
                reader = ColumnReader(statement, index: index)
                let date = try reader.optionalDate()
                #expect(date == (try row.decode(Int64?.self, atIndex: index)).map(Date.init(storedMilliseconds:)))
                #expect(reader.index == Int32(index + 1))
            }
            var reader = ColumnReader(statement, index: 10)
            #expect(try reader.stringArray() == ["a", "b\"c"])
            reader = ColumnReader(statement, index: 7)
            #expect(try reader.stringArray() == [])
        }
    }

    @Test("a NULL where a value is required is an error naming the column, not a crash or an empty value")
    func nullIsRefused() throws {
        let queue = try DatabaseQueue()
        try queue.read { db in
            let statement = try db.makeStatement(sql: "SELECT NULL AS title, NULL AS number, NULL AS created_at")
            let rows = try Row.fetchCursor(statement)
            _ = try #require(try rows.next())
            var reader = ColumnReader(statement)
            let text = #expect(throws: ColumnReader.MissingValue.self) { try reader.string() }
            #expect(text?.description == "column title of a stored row is NULL where a value is required")
            reader = ColumnReader(statement, index: 1)
            #expect(throws: ColumnReader.MissingValue.self) { try reader.int() }
            reader = ColumnReader(statement, index: 2)
            #expect(throws: ColumnReader.MissingValue.self) { try reader.date() }
        }
    }

    @Test("a stored array that is not a JSON array of strings is refused")
    func badArrays() throws {
        let queue = try DatabaseQueue()
        for text in ["", "[", "[1]", "[\"a\",]", "[\"a\"] x", "{\"a\":1}", "[\"\\x\"]"] {
            try queue.read { db in
                let statement = try db.makeStatement(sql: "SELECT ?")
                let rows = try Row.fetchCursor(statement, arguments: [text])
                _ = try #require(try rows.next())
                var reader = ColumnReader(statement)
                #expect(throws: TagsJSON.DecodingError.self, "\(text)") { try reader.stringArray() }
            }
        }
    }
}
