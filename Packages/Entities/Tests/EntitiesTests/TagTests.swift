import Entities
import Foundation
import Testing

struct TagTests {
    @Test(arguments: [
        ("work", "work"), ("+Work", "work"), ("#Home", "home"), ("  Urgent ", "urgent"), ("++x", "+x"),
        ("Ünïcødé", "ünïcødé"), ("q4-2026", "q4-2026"),
    ])
    func normalises(_ raw: String, expected: String) throws {
        #expect(try Entities.Tag(raw).name == expected)
        #expect(try Entities.Tag(raw).description == expected)
    }

    @Test func spellingsOfOneTagAreEqual() throws {
        #expect(try Entities.Tag("+Work") == Entities.Tag("#work"))
        #expect(try Set([Entities.Tag("work"), Entities.Tag("WORK"), Entities.Tag("+work")]).count == 1)
    }

    @Test(arguments: ["", "  ", "+", "#"])
    func rejectsEmpty(_ raw: String) {
        #expect(validationError { try Entities.Tag(raw) }?.reason == .empty)
    }

    @Test(arguments: ["two words", "a,b", "tab\there", "+ work"])
    func rejectsSeparators(_ raw: String) throws {
        let error = try #require(validationError { try Entities.Tag(raw) })
        #expect(error.field == "tag")
        if case .invalidFormat = error.reason {} else { Issue.record("unexpected \(error.reason)") }
    }

    @Test func limitsLengthToFortyCharacters() throws {
        let forty = String(repeating: "a", count: 40)
        #expect(try Entities.Tag("+" + forty).name == forty)
        let error = validationError { try Entities.Tag(forty + "a") }
        #expect(error?.reason == .tooLong(limit: 40))
    }

    @Test func codesAsThePlainNameAndValidatesOnDecode() throws {
        let data = try JSONEncoder().encode([Entities.Tag("Work")])
        #expect(String(decoding: data, as: UTF8.self) == #"["work"]"#)
        let home = try Entities.Tag("home")
        let prefixed = Data(#"["+Home"]"#.utf8)
        #expect(try JSONDecoder().decode([Entities.Tag].self, from: prefixed) == [home])
        let spaced = Data(#"["a b"]"#.utf8)
        #expect(throws: DecodingError.self) { try JSONDecoder().decode([Entities.Tag].self, from: spaced) }
    }
}
