import Entities
import Foundation
import Testing

struct TagTests {
    @Test(arguments: [
        ("work", "work"), ("+Work", "work"), ("#Home", "home"), ("  Urgent ", "urgent"), ("++x", "+x"),
        ("Ünïcødé", "ünïcødé"), ("q4-2026", "q4-2026"),
    ])
    func normalises(_ raw: String, expected: String) throws {
        #expect(try Tag(raw).name == expected)
        #expect(try Tag(raw).description == expected)
    }

    @Test func spellingsOfOneTagAreEqual() throws {
        #expect(try Tag("+Work") == Tag("#work"))
        #expect(try Set([Tag("work"), Tag("WORK"), Tag("+work")]).count == 1)
    }

    @Test(arguments: ["", "  ", "+", "#"])
    func rejectsEmpty(_ raw: String) {
        #expect(validationError { try Tag(raw) }?.reason == .empty)
    }

    @Test(arguments: ["two words", "a,b", "tab\there", "+ work"])
    func rejectsSeparators(_ raw: String) throws {
        let error = try #require(validationError { try Tag(raw) })
        #expect(error.field == "tag")
        if case .invalidFormat = error.reason {} else { Issue.record("unexpected \(error.reason)") }
    }

    @Test func limitsLengthToFortyCharacters() throws {
        let forty = String(repeating: "a", count: 40)
        #expect(try Tag("+" + forty).name == forty)
        let error = validationError { try Tag(forty + "a") }
        #expect(error?.reason == .tooLong(limit: 40))
    }

    @Test func codesAsThePlainNameAndValidatesOnDecode() throws {
        let data = try JSONEncoder().encode([Tag("Work")])
        #expect(String(decoding: data, as: UTF8.self) == #"["work"]"#)
        let home = try Tag("home")
        let prefixed = Data(#"["+Home"]"#.utf8)
        #expect(try JSONDecoder().decode([Tag].self, from: prefixed) == [home])
        let spaced = Data(#"["a b"]"#.utf8)
        #expect(throws: DecodingError.self) { try JSONDecoder().decode([Tag].self, from: spaced) }
    }
}
