import Foundation
import Testing

@testable import TerminalUI

@Suite("CSV text")
struct CSVTextTests {
    @Test(arguments: [
        ("plain", "plain"),
        ("a,b", "\"a,b\""),
        ("say \"hi\"", "\"say \"\"hi\"\"\""),
        ("two\nlines", "\"two\nlines\""),
        ("crlf\r\nline", "\"crlf\r\nline\""),
        ("", ""),
    ])
    func fieldsAreQuotedOnlyWhenTheyMustBe(field: String, expected: String) {
        #expect(CSVText.quoted(field) == expected)
    }

    /// A spreadsheet would run these as formulas; they are written as text.
    @Test(arguments: [
        ("=HYPERLINK(\"http://x\")", "'=HYPERLINK(\"http://x\")"),
        ("+1 555", "'+1 555"),
        ("-5 min", "'-5 min"),
        ("@SUM(A1)", "'@SUM(A1)"),
        ("\tTab", "'\tTab"),
        ("\rReturn", "'\rReturn"),
        ("Write the report", "Write the report"),
        ("a=b", "a=b"),
        ("", ""),
    ])
    func typedTextCannotBecomeAFormula(value: String, expected: String) {
        #expect(CSVText.text(value) == expected)
    }

    @Test func aDocumentIsAHeaderAndOneLinePerRecordEachEndedByANewline() {
        let text = CSVText.document(
            header: ["label", "note"], records: [["Work", CSVText.text("=1+1")], ["Home", "a, b"]])
        #expect(text == "label,note\nWork,'=1+1\nHome,\"a, b\"\n")
        #expect(CSVText.document(header: ["label"], records: []) == "label\n")
    }

    @Test(arguments: [(0, "0:00:00"), (59, "0:00:59"), (3_600, "1:00:00"), (115_807, "32:10:07"), (-5, "0:00:00")])
    func durationsAreExactClocks(seconds: Int, expected: String) {
        #expect(CSVText.clock(seconds: seconds) == expected)
    }

    @Test func timestampsAreLocalWithTheirOffset() throws {
        let instant = Date(timeIntervalSince1970: 1_795_682_100)  // 2026-11-26T08:35:00Z
        #expect(
            CSVText.localTimestamp(instant, in: try #require(TimeZone(identifier: "UTC")))
                == "2026-11-26T08:35:00+00:00")
        #expect(
            CSVText.localTimestamp(instant, in: try #require(TimeZone(identifier: "Europe/Berlin")))
                == "2026-11-26T09:35:00+01:00")
        #expect(
            CSVText.localTimestamp(instant, in: try #require(TimeZone(identifier: "America/St_Johns")))
                == "2026-11-26T05:05:00-03:30")
        // Summer time in Berlin: the offset follows the instant, not the zone's standard offset.
        let summer = Date(timeIntervalSince1970: 1_785_573_000)  // 2026-08-01T08:30:00Z
        #expect(
            CSVText.localTimestamp(summer, in: try #require(TimeZone(identifier: "Europe/Berlin")))
                == "2026-08-01T10:30:00+02:00")
    }
}
