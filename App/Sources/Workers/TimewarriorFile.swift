import Entities
import Foundation

/// Timewarrior's intervals, from the JSON of `timew export` or from the lines of its data files
/// (`~/.timewarrior/data/2026-11.data`: `inc 20261120T090000Z - 20261120T103000Z # Website meeting`), told apart by
/// their first character. ADR 0029 has the mapping; this only reads and checks.
struct TimewarriorFile {
    struct Interval {
        /// Where it is in the file: the record of the export, or the line of the data files.
        var position: Int
        var start: Date
        /// Nil for the open interval: Timewarrior is tracking it now.
        var end: Date?
        var tags: [String]
        var annotation: String
    }

    var intervals: [Interval] = []

    /// - Throws: `WorkerError` `.invalidInput` for a file that is neither, or naming the first interval that
    ///   cannot be read (its position and why).
    static func read(_ data: Data, recordRead: () -> Void = {}) throws(WorkerError) -> TimewarriorFile {
        guard let first = data.first(where: { ![0x20, 0x0A, 0x0D, 0x09].contains($0) }) else {
            return TimewarriorFile()
        }
        var file = TimewarriorFile()
        if first == UInt8(ascii: "[") {
            guard let records = try? JSONSerialization.jsonObject(with: data) as? [Any] else {
                throw WorkerError(
                    .invalidInput, "the file is not Timewarrior's: it starts like JSON but is not a JSON array")
            }
            for (index, record) in records.enumerated() {
                file.intervals.append(try interval(json: record, position: index + 1))
                recordRead()
            }
        } else {
            for (index, line) in data.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
                .enumerated()
            {
                let text = String(decoding: line, as: UTF8.self).trimmingWhitespace()
                if text.isEmpty { continue }
                file.intervals.append(try interval(line: text, position: index + 1))
                recordRead()
            }
        }
        file.intervals.sort { $0.start < $1.start }
        return file
    }

    private static func failure(_ position: Int, _ what: String, _ why: String) -> WorkerError {
        WorkerError(.invalidInput, "\(what) \(position) of the Timewarrior file: \(why)")
    }

    private static func interval(json record: Any, position: Int) throws(WorkerError) -> Interval {
        guard let object = record as? [String: Any] else {
            throw failure(position, "interval", "it is not a JSON object")
        }
        guard let startText = object["start"] as? String, let start = ForeignTime.date(startText) else {
            throw failure(position, "interval", "it has no start like 20261120T090000Z")
        }
        var end: Date?
        if let value = object["end"] {
            guard let text = value as? String, let date = ForeignTime.date(text) else {
                throw failure(position, "interval", "its end is not a date like 20261120T103000Z")
            }
            end = date
        }
        guard let tags = (object["tags"] ?? [String]()) as? [String] else {
            throw failure(position, "interval", "its tags are not a list of text")
        }
        guard let annotation = (object["annotation"] ?? "") as? String else {
            throw failure(position, "interval", "its annotation is not text")
        }
        return Interval(position: position, start: start, end: end, tags: tags, annotation: annotation)
    }

    /// `inc START [- END] [# TAG … [# ANNOTATION]]`, tags and the annotation quoted when they hold spaces.
    private static func interval(line: String, position: Int) throws(WorkerError) -> Interval {
        guard let words = words(of: line), words.first == "inc", words.count >= 2 else {
            throw WorkerError(
                .invalidInput,
                "the file is not Timewarrior's (`timew export` writes a JSON array; a data file has lines like "
                    + "`inc 20261120T090000Z - 20261120T103000Z # tag`): line \(position) is '\(line.messageExcerpt)'")
        }
        guard let start = ForeignTime.date(words[1]) else {
            throw failure(
                position, "line", "its start '\(words[1].messageExcerpt)' is not a date like 20261120T090000Z")
        }
        var rest = words.dropFirst(2)
        var end: Date?
        if rest.first == "-" {
            guard rest.count >= 2, let date = ForeignTime.date(rest[rest.startIndex + 1]) else {
                throw failure(position, "line", "it has a '-' without an end date after it")
            }
            end = date
            rest = rest.dropFirst(2)
        }
        var tags: [String] = []
        var annotation: [String] = []
        if !rest.isEmpty {
            guard rest.first == "#" else { throw failure(position, "line", "tags must follow a '#'") }
            rest = rest.dropFirst()
            if let mark = rest.firstIndex(of: "#") {
                tags = Array(rest[..<mark])
                annotation = Array(rest[rest.index(after: mark)...])
            } else {
                tags = Array(rest)
            }
        }
        return Interval(
            position: position, start: start, end: end, tags: tags, annotation: annotation.joined(separator: " "))
    }

    /// Splits on spaces, keeping quoted words whole (`"Website relaunch"`, with `\"` and `\\` inside); nil when a
    /// quote is never closed.
    private static func words(of line: String) -> [String]? {
        var words: [String] = []
        var current = ""
        var quoted = false
        var started = false
        var escaped = false
        for character in line {
            if escaped {
                current.append(character)
                escaped = false
            } else if quoted {
                switch character {
                case "\\": escaped = true
                case "\"": quoted = false
                default: current.append(character)
                }
            } else if character == " " {
                if started { words.append(current) }
                current = ""
                started = false
            } else if character == "\"" {
                quoted = true
                started = true
            } else {
                current.append(character)
                started = true
            }
        }
        if quoted || escaped { return nil }
        if started { words.append(current) }
        return words
    }
}
