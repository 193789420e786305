import Foundation
import Testing

@testable import TerminalUI

@Suite("DisplayText")
struct DisplayTextTests {
    @Test("line breaks become single spaces; leading and trailing ones go")
    func singleLine() {
        #expect(DisplayText.singleLine("one\ntwo\r\n\nthree") == "one two three")
        #expect(DisplayText.singleLine("\nedge\n") == "edge")
        #expect(DisplayText.singleLine("tab\there") == "tab here")
    }

    @Test("the byte-wise look agrees with the scalar one for every scalar up to U+2100 and the bidi controls")
    func needsEscapingAgreesWithScalars() {
        let values = Array(0...0x2100) + [0xFEFF, 0x1F600]
        for value in values {
            guard let scalar = Unicode.Scalar(value) else { continue }
            for text in ["\(Character(scalar))", "Write the report \(Character(scalar)) today"] {
                #expect(
                    DisplayText.needsEscaping(text) == text.unicodeScalars.contains(where: DisplayText.needsEscape),
                    "U+\(String(value, radix: 16))")
            }
        }
        #expect(!DisplayText.needsEscaping(""))
        #expect(DisplayText.escaped("ok\u{7F}") == "ok\\u{7F}")
    }

    @Test("control characters are shown escaped, never written raw")
    func controlCharacters() {
        let line = DisplayText.singleLine("red\u{1B}[31mtext\u{7}\u{202E}")
        #expect(line == "red\\e[31mtext\\u{7}\\u{202E}")
        #expect(!line.unicodeScalars.contains { $0.properties.generalCategory == .control })
    }

    @Test("every bidirectional control and mark is shown escaped; zero-width joiners stay for emoji")
    func bidirectionalControls() {
        let controls: [UInt32] = [
            0x202A, 0x202B, 0x202C, 0x202D, 0x202E, 0x2066, 0x2067, 0x2068, 0x2069, 0x200E, 0x200F, 0x061C,
        ]
        for value in controls {
            guard let scalar = Unicode.Scalar(value) else { continue }
            let hex = String(value, radix: 16, uppercase: true)
            #expect(DisplayText.singleLine("Work\(Character(scalar)) lanif") == "Work\\u{\(hex)} lanif")
            #expect(DisplayText.escaped("ab\(Character(scalar))cd") == "ab\\u{\(hex)}cd")
        }
        #expect(DisplayText.singleLine("Team 👩‍💻") == "Team 👩‍💻")
        #expect(DisplayText.singleLine("a\u{200D}b") == "a\u{200D}b")
    }

    @Test("what a user typed is quoted back escaped, line breaks included, on one line")
    func escaped() {
        #expect(
            DisplayText.escaped("no task\u{1B}[31m\nred\r\t\u{9B}\u{2066}") == #"no task\e[31m\nred\r\t\u{9B}\u{2066}"#)
        #expect(DisplayText.escaped("plain 👩‍💻 text, ünïcödé") == "plain 👩‍💻 text, ünïcödé")
    }

    @Test("quoted titles are one line and cut with an ellipsis")
    func quoted() {
        #expect(DisplayText.quoted("Write \"it\"") == "\"Write \"it\"\"")
        let long = String(repeating: "a", count: 70)
        #expect(DisplayText.quoted(long) == "\"" + String(repeating: "a", count: 59) + "…\"")
        #expect(DisplayText.quoted(String(repeating: "b", count: 60)).count == 62)
    }

    @Test("shell quoting escapes backslashes and quotes")
    func shellQuoted() {
        #expect(DisplayText.shellQuoted(#"Acme "North" \ South"#) == #""Acme \"North\" \\ South""#)
    }

    @Test("a shell-quoted name shows its controls escaped as a title does, their backslash not doubled")
    func shellQuotedControls() {
        #expect(DisplayText.shellQuoted("Work\u{202E} lanif") == #""Work\u{202E} lanif""#)
        #expect(DisplayText.shellQuoted("a\\b\u{2066}\"c\"") == #""a\\b\u{2066}\"c\"""#)
    }

    @Test("short ids are the first eight characters, lowercased")
    func shortID() {
        #expect(DisplayText.shortID("3F2A9C14-6B0E-4D5A") == "3f2a9c14")
        #expect(DisplayText.shortID("abc") == "abc")
    }
}

@Suite("DisplayText.excerpt")
struct ExcerptTests {
    @Test("cuts with an ellipsis after the limit and escapes what it keeps")
    func excerpt() {
        #expect(DisplayText.excerpt("short") == "short")
        #expect(DisplayText.excerpt(String(repeating: "x", count: 40)) == String(repeating: "x", count: 40))
        #expect(DisplayText.excerpt(String(repeating: "x", count: 41)) == String(repeating: "x", count: 39) + "…")
        #expect(DisplayText.excerpt("a\u{1B}[31mb", limit: 3) == "a\\e…")
        #expect(DisplayText.excerpt("2026-13-45T99", limit: 10) == "2026-13-4…")
    }
}

@Suite("DetailField and TimestampText")
struct DetailFieldTests {
    @Test("labels are padded to the widest so values line up")
    func alignment() {
        let lines = DetailField.lines(
            [DetailField(label: "Due", value: "today"), DetailField(label: "Priority", value: "high", color: .red)],
            style: .plain)
        #expect(lines == ["  Due       today", "  Priority  high"])
    }

    @Test("labels and values are painted only when colour is on")
    func colours() {
        let style = TerminalStyle(isTTY: true, useColor: true, width: nil)
        let lines = DetailField.lines([DetailField(label: "A", value: "b", color: .red)], style: style, indent: "")
        #expect(lines == ["\u{1B}[2mA\u{1B}[0m  \u{1B}[31mb\u{1B}[0m"])
        let plainLabel = DetailField.lines([DetailField(label: "A", value: "b")], style: style, labelColor: nil)
        #expect(plainLabel == ["  A  b"])
    }

    @Test("timestamps are read on the wall clock of the given zone")
    func timestamps() throws {
        let instant = Date(timeIntervalSince1970: 1_772_582_400 + 14 * 3_600 + 5 * 60 + 59)  // 2026-03-04 14:05:59Z
        let utc = try #require(TimeZone(identifier: "UTC"))
        let tokyo = try #require(TimeZone(identifier: "Asia/Tokyo"))
        let honolulu = try #require(TimeZone(identifier: "Pacific/Honolulu"))
        #expect(TimestampText.minute(instant, in: utc) == "2026-03-04 14:05")
        #expect(TimestampText.minute(instant, in: tokyo) == "2026-03-04 23:05")
        #expect(TimestampText.minute(instant, in: honolulu) == "2026-03-04 04:05")
        #expect(TimestampText.timeOfDay(Date(timeIntervalSince1970: -60), in: utc) == "23:59")
    }

    @Test("a context reads standard input unless told otherwise")
    func contextDefaults() throws {
        let day = try #require(CalendarDay(year: 2026, month: 3, day: 4))
        let context = FeatureContext(
            output: CapturedOutput(), style: .plain, format: .json, today: day, timeZone: TimeZone.gmt)
        #expect(context.input is StandardLineReader)
        #expect(context.format == .json)
    }
}
