import Foundation
internal import GRDB

extension ColumnReader {
    mutating func bool() throws -> Bool {
        try int() != 0
    }
}

extension TimerRecord: StoredRecord {
    static var table: TableSpec { .timers }

    init(columns reader: inout ColumnReader) throws {
        self.init(
            id: try reader.string(), ownerID: try reader.string(), taskID: try reader.optionalString(),
            projectID: try reader.optionalString(), note: try reader.string(), billable: try reader.bool(),
            tags: try reader.stringArray(), state: try reader.string(),
            intervals: try IntervalsJSON.decode(try reader.string()),
            createdAt: try reader.date(), updatedAt: try reader.date(), deletedAt: try reader.optionalDate(),
            version: try reader.int())
    }

    var columnValues: [(any DatabaseValueConvertible)?] {
        [
            id, ownerID, taskID, projectID, note, billable ? 1 : 0, TagsJSON.encode(tags), state,
            IntervalsJSON.encode(intervals),
            createdAt.storedMilliseconds, updatedAt.storedMilliseconds, deletedAt?.storedMilliseconds, version,
        ]
    }

    func normalized() -> TimerRecord {
        var record = self
        record.id = id.lowercased()
        record.ownerID = ownerID.lowercased()
        record.taskID = taskID?.lowercased()
        record.projectID = projectID?.lowercased()
        record.intervals = intervals.map {
            TimerIntervalRecord(start: $0.start.roundedToStoredPrecision, end: $0.end?.roundedToStoredPrecision)
        }
        record.createdAt = createdAt.roundedToStoredPrecision
        record.updatedAt = updatedAt.roundedToStoredPrecision
        record.deletedAt = deletedAt?.roundedToStoredPrecision
        return record
    }
}

extension TimeEntryRecord: StoredRecord {
    static var table: TableSpec { .timeEntries }

    /// By start, then id: the entries of a week then share a few neighbouring pages of the table, as entries
    /// logged one by one do, and a list of them, which reads each one's row, reads those pages instead of one
    /// page per entry (ADR 0028, decision 34). The key's index takes them at random places instead.
    func goesIn(before other: TimeEntryRecord) -> Bool {
        start != other.start ? start < other.start : id < other.id
    }

    init(columns reader: inout ColumnReader) throws {
        let id = try reader.string()
        let taskID = try reader.optionalString()
        let projectID = try reader.optionalString()
        let start = try reader.date()
        _ = try reader.date()  // end_at: derived from start and duration
        self.init(
            id: id, taskID: taskID, projectID: projectID, start: start, durationSeconds: try reader.int(),
            note: try reader.string(), billable: try reader.bool(), tags: try reader.stringArray(),
            loggedBy: try reader.string(), createdAt: try reader.date(), updatedAt: try reader.date(),
            deletedAt: try reader.optionalDate(), version: try reader.int())
    }

    var columnValues: [(any DatabaseValueConvertible)?] {
        let start = start.storedMilliseconds
        return [
            id, taskID, projectID, start, start + Int64(durationSeconds) * 1000, durationSeconds, note,
            billable ? 1 : 0, TagsJSON.encode(tags), loggedBy, createdAt.storedMilliseconds,
            updatedAt.storedMilliseconds, deletedAt?.storedMilliseconds, version,
        ]
    }

    /// Entries start on a whole second: with whole-second durations every boundary a report clips at
    /// (midnight, the start of a week) then cuts an entry into whole seconds, so the parts add up to it.
    func normalized() -> TimeEntryRecord {
        var record = self
        record.id = id.lowercased()
        record.taskID = taskID?.lowercased()
        record.projectID = projectID?.lowercased()
        record.loggedBy = loggedBy.lowercased()
        record.start = Date(timeIntervalSince1970: start.timeIntervalSince1970.rounded(.down))
        record.createdAt = createdAt.roundedToStoredPrecision
        record.updatedAt = updatedAt.roundedToStoredPrecision
        record.deletedAt = deletedAt?.roundedToStoredPrecision
        return record
    }
}

/// The JSON text of a timer's `intervals` column: `[[start, end], …]` in milliseconds, `end` null
/// while the interval runs.
enum IntervalsJSON {
    struct DecodingError: Error, CustomStringConvertible {
        var description: String { "the stored intervals of a timer are not a JSON array of [start, end] pairs" }
    }

    static func encode(_ intervals: [TimerIntervalRecord]) -> String {
        let pairs = intervals.map { interval in
            "[\(interval.start.storedMilliseconds),\(interval.end.map { String($0.storedMilliseconds) } ?? "null")]"
        }
        return "[" + pairs.joined(with: ",") + "]"
    }

    /// Read by hand, as the tags are: every timer command decodes these, and Foundation's JSONDecoder costs more
    /// to set up (and to find its generic conformances) than the whole rest of `stint timer` (ADR 0028).
    static func decode(_ text: String) throws -> [TimerIntervalRecord] {
        var bytes = Array(text.utf8)[...]
        func skipWhitespace() {
            while let byte = bytes.first, byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 {
                bytes.removeFirst()
            }
        }
        func expect(_ byte: UInt8) throws {
            skipWhitespace()
            guard bytes.first == byte else { throw DecodingError() }
            bytes.removeFirst()
        }
        func next(is byte: UInt8) -> Bool {
            skipWhitespace()
            guard bytes.first == byte else { return false }
            bytes.removeFirst()
            return true
        }
        func integer() throws -> Int64? {
            skipWhitespace()
            if bytes.starts(with: "null".utf8) {
                bytes.removeFirst(4)
                return nil
            }
            let negative = next(is: UInt8(ascii: "-"))
            var value: Int64 = 0
            var digits = 0
            while let byte = bytes.first, byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") {
                let (times, overflowed) = value.multipliedReportingOverflow(by: 10)
                let (sum, overflowedAgain) = times.addingReportingOverflow(Int64(byte - UInt8(ascii: "0")))
                guard !overflowed, !overflowedAgain else { throw DecodingError() }
                value = sum
                digits += 1
                bytes.removeFirst()
            }
            guard digits > 0 else { throw DecodingError() }
            return negative ? -value : value
        }
        var intervals: [TimerIntervalRecord] = []
        try expect(UInt8(ascii: "["))
        if !next(is: UInt8(ascii: "]")) {
            repeat {
                try expect(UInt8(ascii: "["))
                guard let start = try integer() else { throw DecodingError() }
                try expect(UInt8(ascii: ","))
                let end = try integer()
                try expect(UInt8(ascii: "]"))
                intervals.append(
                    TimerIntervalRecord(
                        start: Date(storedMilliseconds: start), end: end.map(Date.init(storedMilliseconds:))))
            } while next(is: UInt8(ascii: ","))
            try expect(UInt8(ascii: "]"))
        }
        skipWhitespace()
        guard bytes.isEmpty else { throw DecodingError() }
        return intervals
    }
}
