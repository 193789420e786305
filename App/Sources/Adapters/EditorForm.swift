import Entities
import Foundation
import Workers

/// A small text form edited in the person's own editor (`stint task edit 12`, `stint entries edit 3f2a`): `#` lines
/// explain it, then one `name: value` line per field, and last a long field (the note) that takes every line below
/// its own, so it can hold several lines, `#` lines and colons included.
///
/// Reading a form gives the value of each field found. The caller compares them with what the unedited form reads
/// back as, so only what the person changed is applied, and a line left as it was changes nothing.
struct EditorForm: Sendable, Equatable {
    struct Field: Sendable, Equatable {
        var name: String
        var value: String
    }

    /// The explanation at the top, one line each (written after `# `; an empty string is a lone `#`).
    var comments: [String]
    /// The one-line fields, in order.
    var fields: [Field]
    /// The name of the last field, which takes every line below its own.
    var longName: String
    var longValue: String

    /// The text the editor opens: comments, fields, then the long field's line and its lines below.
    var text: String {
        var lines = comments.map { $0.isEmpty ? "#" : "# \($0)" }
        lines += fields.map { $0.value.isEmpty ? "\($0.name):" : "\($0.name): \($0.value)" }
        lines.append("\(longName):")
        if !longValue.isEmpty { lines.append(longValue) }
        return lines.joined(with: "\n") + "\n"
    }

    /// The values `text` gives the fields named `names` and the long field `longName`: a field whose line is gone is
    /// left out (it keeps its value). Nil when nothing but comments and blank lines is left: an emptied form, which
    /// changes nothing (as an empty commit message stops `git commit`).
    /// - Throws: `invalidInput` naming the line: a line that is not `name: value`, an unknown name, a name twice.
    static func read(_ text: String, names: [String], longName: String) throws(WorkerError) -> [String: String]? {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map { line in
            line.hasSuffix("\r") ? String(line.dropLast()) : String(line)
        }
        var values: [String: String] = [:]
        var found = false
        for (index, raw) in lines.enumerated() {
            let line = raw.trimmingWhitespace()
            if line.isEmpty || line.hasPrefix("#") { continue }
            let number = index + 1
            guard let colon = line.firstIndex(of: ":") else {
                throw WorkerError(
                    .invalidInput,
                    "line \(number) of the form, '\(line.prefix(40))', is not a field: write it as name: value "
                        + "(lines starting with # are ignored)")
            }
            let name = line[..<colon].trimmingWhitespace().lowercased()
            let value = line[line.index(after: colon)...].trimmingWhitespace()
            found = true
            if name == longName {
                let below = lines[(index + 1)...].map { $0.replacing(/\s+$/, with: "") }
                values[name] = ([value] + below).joined(with: "\n")
                    .trimmingWhitespaceAndNewlines()
                break
            }
            guard names.contains(name) else {
                throw WorkerError(
                    .invalidInput,
                    "line \(number) of the form names no field '\(name.prefix(40))': the fields are "
                        + (names + [longName]).joined(with: ", "))
            }
            guard values[name] == nil else {
                throw WorkerError(.invalidInput, "line \(number) of the form gives \(name) a second time: keep one")
            }
            values[name] = value
        }
        return found ? values : nil
    }

    /// Reads a field's value with `parse`, naming the field in the error (`due: could not read 'fri2' as a date…`).
    static func value<T>(_ name: String, _ parse: () throws -> T) throws(WorkerError) -> T {
        do {
            return try parse()
        } catch {
            let wrapped = WorkerError(wrapping: error)
            throw WorkerError(wrapped.kind, "\(name): \(wrapped.message)", cause: error)
        }
    }

    /// Words of a `tags:` line: separated by commas or spaces.
    static func words(_ value: String) -> [String] {
        value.split(whereSeparator: { $0 == "," || $0.isWhitespace }).map(String.init)
    }
}
