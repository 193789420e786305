import Foundation
import Testing

@testable import TerminalUI

@Suite("JSONText empty containers")
struct JSONTextCompactionTests {
    @Test(arguments: [
        ("[\n]", "[]"),
        ("{\n\n  }", "{}"),
        ("[\n  [\n\n  ]\n]", "[\n  []\n]"),
        ("{\"a\" : [\n\n], \"b\" : {\n}}", "{\"a\" : [], \"b\" : {}}"),
        // Without a line break the brackets are left alone (the regular expression this replaced did the same).
        ("[ ]", "[ ]"),
        ("\"[  ]\"", "\"[  ]\""),
        ("[\n1\n]", "[\n1\n]"),
        ("[\n}", "[\n}"),
        ("[\n", "[\n"),
        ("", ""),
    ])
    func onlyEmptyPrettyPrintedContainersCollapse(input: String, expected: String) {
        #expect(JSONText.compactEmptyContainers(input) == expected)
    }

    struct Row: Encodable {
        var id: String
        var tags: [String]
    }

    @Test func aLargeDocumentKeepsEveryOtherByte() throws {
        let rows = (0..<2_000).map { Row(id: "row-\($0)", tags: []) }
        let text = try JSONText.encode(rows)
        #expect(text.components(separatedBy: "\"tags\" : []").count == 2_001)
        let parsed = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [[String: Any]])
        #expect(parsed.count == 2_000)
        #expect(parsed.last?["id"] as? String == "row-1999")
    }
}
