import Foundation
import TerminalUI

/// The part of TOML (toml.io, 1.0) the config file is written in: `# comments`, `[tables]`, and `key = value` lines
/// whose value is a string (`"basic"` with escapes, or `'literal'`), `true`/`false` or a whole number. Keys are bare
/// (`week_start`), quoted (`"my alias"`) or dotted (`report.period`).
///
/// Written here rather than taken from a TOML library because it runs on every start of `stint` that has a config
/// file: a few dozen lines are read byte by byte with no allocation beyond the values (ADR 0027). Everything else
/// TOML has (arrays, inline tables, floats, dates, multi-line strings) is refused with a line saying so, never
/// misread. Each line is read on its own and keeps where its value sits, so `stint config set` can replace one value
/// and leave every other byte (comments, spacing, order) as the person wrote it.
enum TOMLSubset {
    /// A value as written.
    enum Value: Sendable, Equatable {
        case string(String)
        case boolean(Bool)
        case integer(Int)
    }

    /// What one line holds.
    enum Line: Sendable, Equatable {
        /// Empty, spaces or a comment.
        case blank
        /// `[name]` (possibly dotted).
        case table([String])
        /// `key = value`; `value` is where the value's text sits in the line (byte offsets), for rewriting it.
        case pair(key: [String], value: Value, valueBytes: Range<Int>)
    }

    /// A line that is not in the subset, with the reason in words.
    struct Problem: Error, Sendable, Equatable {
        /// 1-based.
        let line: Int
        let message: String
    }

    /// Reads every line of `text`. A trailing `\r` (a file saved on Windows) is ignored.
    static func lines(_ text: String) throws(Problem) -> [Line] {
        var result: [Line] = []
        var number = 0
        for line in splitLines(text) {
            number += 1
            result.append(try read(line, number: number))
        }
        return result
    }

    /// The lines of `text`, split at each `\n` (a `\r` before it stays on its line). Split by scalars: as Characters,
    /// `\r\n` is one, and a CRLF file would be one long line.
    static func splitLines(_ text: String) -> [Substring] {
        text.unicodeScalars.split(separator: "\n", omittingEmptySubsequences: false).map { Substring($0) }
    }

    /// Reads one line (without its `\n`).
    static func read(_ line: Substring, number: Int) throws(Problem) -> Line {
        var bytes = Array(line.utf8)
        if bytes.last == UInt8(ascii: "\r") { bytes.removeLast() }
        var reader = Reader(bytes: bytes, line: number)
        return try reader.parseLine()
    }

    /// `value` written as a TOML basic string: quotes, backslashes and control characters escaped.
    static func quoted(_ value: String) -> String {
        var result = "\""
        for scalar in value.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            case "\t": result += "\\t"
            case "\r": result += "\\r"
            default:
                if scalar.value < 0x20 || scalar.value == 0x7F {
                    let hex = String(scalar.value, radix: 16, uppercase: true)
                    result += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                } else {
                    result.unicodeScalars.append(scalar)
                }
            }
        }
        return result + "\""
    }

    /// A key as it is written back: bare when it can be, else quoted.
    static func key(_ name: String) -> String {
        let bare = !name.isEmpty && name.utf8.allSatisfy(Reader.isBareKeyByte)
        return bare ? name : quoted(name)
    }

    /// A cursor over one line's bytes.
    private struct Reader {
        let bytes: [UInt8]
        let line: Int
        var index = 0

        init(bytes: [UInt8], line: Int) {
            self.bytes = bytes
            self.line = line
        }

        static func isBareKeyByte(_ byte: UInt8) -> Bool {
            switch byte {
            case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
                UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "_"), UInt8(ascii: "-"):
                true
            default: false
            }
        }

        var current: UInt8? { index < bytes.count ? bytes[index] : nil }

        func problem(_ message: String) -> Problem { Problem(line: line, message: message) }

        mutating func skipSpaces() {
            while let byte = current, byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") { index += 1 }
        }

        /// After a table header or a value: only spaces and a comment may follow.
        mutating func expectEnd(after what: String) throws(Problem) {
            skipSpaces()
            guard let byte = current, byte != UInt8(ascii: "#") else { return }
            let rest = String(decoding: bytes[index...], as: UTF8.self)
            throw problem("unexpected \(Self.excerpt(rest)) after \(what) (a comment starts with #)")
        }

        mutating func parseLine() throws(Problem) -> Line {
            skipSpaces()
            guard let first = current, first != UInt8(ascii: "#") else { return .blank }
            if first == UInt8(ascii: "[") {
                index += 1
                if current == UInt8(ascii: "[") { throw problem("arrays of tables ([[…]]) are not used by stint") }
                skipSpaces()
                let name = try keyPath()
                skipSpaces()
                guard current == UInt8(ascii: "]") else { throw problem("a table header ends with ]") }
                index += 1
                try expectEnd(after: "the table header")
                return .table(name)
            }
            let key = try keyPath()
            skipSpaces()
            guard current == UInt8(ascii: "=") else {
                throw problem("expected key = value, e.g. week_start = \"monday\"")
            }
            index += 1
            skipSpaces()
            let start = index
            let value = try self.value()
            let end = index
            try expectEnd(after: "the value")
            return .pair(key: key, value: value, valueBytes: start..<end)
        }

        /// `a`, `"a b"`, `a.b.c`.
        mutating func keyPath() throws(Problem) -> [String] {
            var parts: [String] = []
            while true {
                skipSpaces()
                parts.append(try keyPart())
                skipSpaces()
                guard current == UInt8(ascii: ".") else { return parts }
                index += 1
            }
        }

        mutating func keyPart() throws(Problem) -> String {
            guard let byte = current else { throw problem("a key is missing") }
            if byte == UInt8(ascii: "\"") { return try basicString() }
            if byte == UInt8(ascii: "'") { return try literalString() }
            let start = index
            while let next = current, Self.isBareKeyByte(next) { index += 1 }
            guard index > start else {
                let rest = String(decoding: bytes[index...], as: UTF8.self)
                throw problem(
                    "\(Self.excerpt(rest)) is not a key: keys are letters, digits, _ and -, or in quotes")
            }
            return String(decoding: bytes[start..<index], as: UTF8.self)
        }

        mutating func value() throws(Problem) -> Value {
            guard let byte = current, byte != UInt8(ascii: "#") else {
                throw problem("a value is missing after =")
            }
            switch byte {
            case UInt8(ascii: "\""):
                if bytes[index...].starts(with: Array("\"\"\"".utf8)) {
                    throw problem("multi-line strings (\"\"\") are not used by stint: write the value on one line")
                }
                return .string(try basicString())
            case UInt8(ascii: "'"):
                if bytes[index...].starts(with: Array("'''".utf8)) {
                    throw problem("multi-line strings (''') are not used by stint: write the value on one line")
                }
                return .string(try literalString())
            case UInt8(ascii: "["): throw problem("arrays are not used by stint: give a string, e.g. \"task done\"")
            case UInt8(ascii: "{"): throw problem("inline tables are not used by stint: use a [table]")
            default: break
            }
            // A bare word up to the next space or comment: true, false or a whole number; anything else is refused.
            let start = index
            while let next = current, next != UInt8(ascii: " "), next != UInt8(ascii: "\t"), next != UInt8(ascii: "#") {
                index += 1
            }
            let word = String(decoding: bytes[start..<index], as: UTF8.self)
            if word == "true" { return .boolean(true) }
            if word == "false" { return .boolean(false) }
            if let number = Self.integer(word) { return .integer(number) }
            throw problem(
                "\(Self.excerpt(word)) is not a value stint reads: write a string in quotes (\"monday\"), true, false "
                    + "or a whole number")
        }

        /// Decimal, with an optional sign and single underscores between digits; no leading zeros (TOML's rule).
        static func integer(_ word: String) -> Int? {
            var digits = Substring(word)
            if let sign = digits.first, sign == "+" || sign == "-" { digits = digits.dropFirst() }
            guard let first = digits.first, first.isASCII, first.isNumber, digits.last?.isNumber == true,
                !(digits.count > 1 && first == "0"), !digits.contains("__"),
                digits.allSatisfy({ ($0.isASCII && $0.isNumber) || $0 == "_" })
            else { return nil }
            return Int(word.replacingOccurrences(of: "_", with: ""))
        }

        /// `"…"` with TOML's escapes: \" \\ \b \t \n \f \r \uXXXX \UXXXXXXXX.
        mutating func basicString() throws(Problem) -> String {
            index += 1
            var scalars = String.UnicodeScalarView()
            var start = index
            func flush(_ reader: Reader, upTo end: Int) {
                scalars.append(contentsOf: String(decoding: reader.bytes[start..<end], as: UTF8.self).unicodeScalars)
            }
            while true {
                guard let byte = current else { throw problem("a string is not closed: a \" is missing") }
                if byte == UInt8(ascii: "\"") {
                    flush(self, upTo: index)
                    index += 1
                    return String(scalars)
                }
                if byte == UInt8(ascii: "\\") {
                    flush(self, upTo: index)
                    index += 1
                    scalars.append(try escape())
                    start = index
                    continue
                }
                if (byte < 0x20 && byte != UInt8(ascii: "\t")) || byte == 0x7F {
                    throw problem("a control character in a string: write it as an escape such as \\t")
                }
                index += 1
            }
        }

        mutating func escape() throws(Problem) -> Unicode.Scalar {
            guard let byte = current else { throw problem("a string is not closed: a \" is missing") }
            index += 1
            switch byte {
            case UInt8(ascii: "\""): return "\""
            case UInt8(ascii: "\\"): return "\\"
            case UInt8(ascii: "b"): return "\u{08}"
            case UInt8(ascii: "t"): return "\t"
            case UInt8(ascii: "n"): return "\n"
            case UInt8(ascii: "f"): return "\u{0C}"
            case UInt8(ascii: "r"): return "\r"
            case UInt8(ascii: "u"), UInt8(ascii: "U"):
                let count = byte == UInt8(ascii: "u") ? 4 : 8
                guard index + count <= bytes.count,
                    let value = UInt32(String(decoding: bytes[index..<index + count], as: UTF8.self), radix: 16),
                    let scalar = Unicode.Scalar(value)
                else { throw problem("\\\(Character(Unicode.Scalar(byte))) needs \(count) hex digits of a character") }
                index += count
                return scalar
            default:
                let shown = byte < 0x80 ? String(Character(Unicode.Scalar(byte))) : "…"
                throw problem("unknown escape \\\(DisplayText.escaped(shown)) in a string (write \\\\ for \\)")
            }
        }

        /// `'…'`: no escapes.
        mutating func literalString() throws(Problem) -> String {
            index += 1
            let start = index
            while true {
                guard let byte = current else { throw problem("a string is not closed: a ' is missing") }
                if byte == UInt8(ascii: "'") {
                    let text = String(decoding: bytes[start..<index], as: UTF8.self)
                    index += 1
                    return text
                }
                if (byte < 0x20 && byte != UInt8(ascii: "\t")) || byte == 0x7F {
                    throw problem("a control character in a string: use a \"…\" string with an escape such as \\t")
                }
                index += 1
            }
        }

        /// Up to 40 characters of what was found, quoted and made safe for one line.
        static func excerpt(_ text: String) -> String {
            let cut = text.count > 40 ? text.prefix(39) + "…" : Substring(text)
            return "'\(DisplayText.escaped(String(cut)))'"
        }
    }
}
