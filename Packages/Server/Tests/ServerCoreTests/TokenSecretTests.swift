import Foundation
import Testing

@testable import ServerCore

@Suite("TokenSecret")
struct TokenSecretTests {
    @Test("a secret is stint_ and 43 base64url characters, different every time")
    func shape() {
        let first = TokenSecret.generate()
        let second = TokenSecret.generate()
        #expect(first.hasPrefix("stint_"))
        #expect(first.count == 49)
        #expect(TokenSecret.isWellFormed(first))
        #expect(!first.contains("=") && !first.contains("+") && !first.contains("/"))
        #expect(first != second)
    }

    @Test("the hash is the lowercase hex SHA-256 of the text")
    func hash() {
        // SHA-256("abc"), the FIPS 180-2 example.
        #expect(TokenSecret.hash("abc") == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
    }

    struct Pair: Sendable, CustomTestStringConvertible {
        let left: String
        let right: String
        let equal: Bool
        var testDescription: String { "\(left.debugDescription) vs \(right.debugDescription)" }
    }

    @Test(
        "constant-time comparison answers like ==",
        arguments: [
            Pair(left: "", right: "", equal: true),
            Pair(left: "abc", right: "abc", equal: true),
            Pair(left: "abc", right: "abd", equal: false),
            Pair(left: "abc", right: "ab", equal: false),
            Pair(left: "", right: "a", equal: false),
            Pair(left: String(repeating: "a", count: 256), right: "", equal: false),
        ])
    func constantTime(pair: Pair) {
        #expect(TokenSecret.constantTimeEquals(pair.left, pair.right) == pair.equal)
    }

    @Test(
        "malformed bearer texts are refused before any look-up",
        arguments: ["", "stint_", "token", "stint_" + String(repeating: "!", count: 43)])
    func malformed(text: String) {
        #expect(!TokenSecret.isWellFormed(text))
    }
}

@Suite("SyncCursor and JSONValue")
struct WireTests {
    @Test("cursor text round trip")
    func cursorRoundTrip() {
        let cursor = SyncCursor(epoch: "0f1e-ab", sequence: 42)
        #expect(cursor.text == "0f1e-ab:42")
        #expect(SyncCursor(text: cursor.text) == cursor)
    }

    @Test(
        "garbage cursors are refused",
        arguments: ["", ":", "abc", "abc:", ":12", "a:b:1", "abc:-1", "abc:1x", "a c:1", "abc:99999999999999999999"])
    func garbageCursor(text: String) {
        #expect(SyncCursor(text: text) == nil)
    }

    @Test("JSON values encode as plain JSON and read back equal")
    func jsonRoundTrip() throws {
        let value: JSONValue = .object([
            "a": .array([.integer(1), .double(1.5), .bool(true), .null, .string("line\n\"q\"\u{1}")]),
            "b": .object(["c": .integer(Int64.max)]),
        ])
        let text = value.jsonText
        #expect(text.hasPrefix(#"{"a":[1,1.5,true,null,"line\n\"q\"\u0001"]"#))
        #expect(JSONValue(jsonText: text) == value)
        let encoded = try JSONEncoder().encode(value)
        #expect(try JSONDecoder().decode(JSONValue.self, from: encoded) == value)
        #expect(JSONValue(jsonText: "{") == nil)
    }

    @Test(
        "the parser reads escapes, surrogate pairs, numbers and nesting",
        arguments: [
            (
                #"{"a":"x\u00e9\ud83d\ude00\n\"","b":[-12,3.5e2,true,false,null],"c":{}}"#,
                JSONValue.object([
                    "a": .string("xé😀\n\""),
                    "b": .array([.integer(-12), .double(350), .bool(true), .bool(false), .null]),
                    "c": .object([:]),
                ])
            ),
            (" [ ] ", JSONValue.array([])),
            ("9223372036854775807", JSONValue.integer(.max)),
            ("\"lone \\ud800\"", JSONValue.string("lone \u{FFFD}")),
        ])
    func parser(text: String, expected: JSONValue) {
        #expect(JSONValue(jsonText: text) == expected)
    }

    @Test(
        "the parser refuses what is not exactly one JSON value",
        arguments: [
            "", "{", "[1,]", "{\"a\" 1}", "tru", "1 2", "\"a", "-", "[\"\u{1}\"]",
            String(repeating: "[", count: 100) + String(repeating: "]", count: 100),
        ])
    func parserRefuses(text: String) {
        #expect(JSONValue(jsonText: text) == nil)
    }
}

@Suite("UUID text without sprintf and sscanf")
struct UUIDTextTests {
    @Test func writingAndReadingAgreeWithFoundation() {
        for _ in 0..<200 {
            let id = UUID()
            #expect(id.text == id.uuidString.lowercased())
            #expect(UUID(text: id.text) == id)
            #expect(UUID(text: id.uuidString) == id)
        }
    }

    @Test(arguments: [
        "", "0e6f1d52-34c5-4f4b-a0a3-0f1a2b3c4d5", "0e6f1d52-34c5-4f4b-a0a3-0f1a2b3c4d5e0",
        "0e6f1d5234c5-4f4b-a0a3-0f1a2b3c4d5e0", "0e6f1d52-34c5-4f4b-a0a3_0f1a2b3c4d5e",
        "0g6f1d52-34c5-4f4b-a0a3-0f1a2b3c4d5e",
        " 0e6f1d52-34c5-4f4b-a0a3-0f1a2b3c4d5e", "0e6f1d52-34c5-4f4b-a0a3-0f1a2b3c4d5é",
    ])
    func malformedTextIsNoUUIDAsForFoundation(text: String) {
        #expect(UUID(text: text) == nil)
        #expect(UUID(uuidString: text) == nil)
    }
}
