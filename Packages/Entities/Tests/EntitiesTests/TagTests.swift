import Entities
import Foundation
import Testing

struct TagTests {
    @Test(arguments: [
        ("work", "work"), ("+Work", "work"), ("#Home", "home"), ("  Urgent ", "urgent"), ("a+b", "a+b"),
        ("Ünïcødé", "ünïcødé"), ("q4-2026", "q4-2026"), ("c#", "c#"), ("#c++", "c++"), ("👩‍💻", "👩‍💻"),
    ])
    func normalises(_ raw: String, expected: String) throws {
        #expect(try Entities.Tag(raw).name == expected)
        #expect(try Entities.Tag(raw).description == expected)
    }

    /// Whatever a tag is stored as must read back as itself, or the stored data looks damaged later.
    @Test(arguments: [
        "work", "+Work", "#Home", "ÀÉÎ", "ΣΊΣΥΦΟΣ", "İstanbul", "ẞtraße", "ǅemal", "a#", "a+", "x+#", "ﬁx", "Ⅻ",
        "\u{200B}a", "a\u{200D}b", "👩‍💻", "K", "Ω",
    ])
    func normalisingIsIdempotent(_ raw: String) throws {
        let tag = try Entities.Tag(raw)
        #expect(try Entities.Tag(tag.name) == tag)
        #expect(try Entities.Tag(tag.name).name == tag.name)
    }

    @Test func spellingsOfOneTagAreEqual() throws {
        #expect(try Entities.Tag("+Work") == Entities.Tag("#work"))
        #expect(try Set([Entities.Tag("work"), Entities.Tag("WORK"), Entities.Tag("+work")]).count == 1)
    }

    @Test(arguments: ["", "  ", "+", "#", "+\u{200B}", "\u{FEFF}", "#\u{2066}\u{2069}"])
    func rejectsEmpty(_ raw: String) throws {
        let error = try #require(validationError { try Entities.Tag(raw) })
        #expect(error.field == "tag")
        #expect(error.reason == .empty(.tag))
        #expect(error.message == "tag is empty: it needs at least one visible character")
    }

    @Test(arguments: [
        ("two words", "two words"), ("a,b", "a,b"), ("tab\there", "tab\\there"), ("+ work", " work"),
        ("a\u{1B}b", #"a\eb"#), ("bell\u{7}", #"bell\u{7}"#),
    ])
    func rejectsSeparators(_ raw: String, excerpt: String) throws {
        let error = try #require(validationError { try Entities.Tag(raw) })
        #expect(error.field == "tag")
        #expect(error.reason == .invalidTagCharacter(excerpt: excerpt))
        #expect(error.message == "tag '\(excerpt)' contains a space, comma or control character")
    }

    /// A tag is one word: a bidirectional control inside one would make a list of tags read differently from what
    /// it holds (`ab\u{202E}cd, x` shows as `abx ,dc`). Zero-width joiners stay allowed: emoji need them.
    @Test(arguments: [
        "ab\u{202A}cd", "ab\u{202B}cd", "ab\u{202C}cd", "ab\u{202D}cd", "ab\u{202E}cd", "ab\u{2066}cd",
        "ab\u{2067}cd", "ab\u{2068}cd", "ab\u{2069}cd", "ab\u{200E}cd", "ab\u{200F}cd", "ab\u{061C}cd",
    ])
    func rejectsBidirectionalControls(_ raw: String) throws {
        let error = try #require(validationError { try Entities.Tag(raw) })
        #expect(error.field == "tag")
        #expect(error.reason == .invalidTagCharacter(excerpt: raw))
        #expect(error.message == "tag '\(raw)' contains a space, comma or control character")
        #expect(try Entities.Tag("#👩‍💻\u{200D}x").name == "👩‍💻\u{200D}x")
    }

    /// Stored before they were refused, such a tag still reads back: refusing it would make its task unreadable.
    @Test func aStoredTagWithABidirectionalControlStillReadsBack() throws {
        #expect(try Entities.Tag(stored: "ab\u{202E}cd").name == "ab\u{202E}cd")
        #expect(try Entities.Tag(stored: "work").name == "work")
        #expect(validationError { try Entities.Tag(stored: "a b") }?.reason == .invalidTagCharacter(excerpt: "a b"))
    }

    /// `+#` used to be stored as `#`, which every later read refused.
    @Test(arguments: ["+#", "#+", "++a", "##a", "+#work", " ++a "])
    func rejectsASecondMarker(_ raw: String) throws {
        let error = try #require(validationError { try Entities.Tag(raw) })
        #expect(error.field == "tag")
        #expect(
            error.reason
                == .invalidFormat(excerpt: raw.trimmingCharacters(in: .whitespaces), expected: .tag))
        #expect(error.message == "could not read '\(raw.trimmingCharacters(in: .whitespaces))' as a tag")
    }

    @Test func limitsLengthToFortyCharacters() throws {
        let forty = String(repeating: "a", count: 40)
        #expect(try Entities.Tag("+" + forty).name == forty)
        let error = validationError { try Entities.Tag(forty + "a") }
        #expect(error?.field == "tag")
        #expect(error?.reason == .tooLong(count: 41, limit: 40))
    }

    @Test func aHugeTagIsRefusedByItsLength() throws {
        let error = validationError { try Entities.Tag(String(repeating: "W", count: 1 << 20)) }
        #expect(error?.reason == .tooLong(count: 1 << 20, limit: 40))
    }

    @Test func codesAsThePlainNameAndValidatesOnDecode() throws {
        let data = try JSONEncoder().encode([Entities.Tag("Work")])
        #expect(String(decoding: data, as: UTF8.self) == #"["work"]"#)
        let home = try Entities.Tag("home")
        let prefixed = Data(#"["+Home"]"#.utf8)
        #expect(try JSONDecoder().decode([Entities.Tag].self, from: prefixed) == [home])
        let spaced = Data(#"["a b"]"#.utf8)
        let error = #expect(throws: DecodingError.self) { try JSONDecoder().decode([Entities.Tag].self, from: spaced) }
        #expect({ if case .dataCorrupted = error { true } else { false } }(), "the value itself is refused")
    }

    // MARK: Lists of tags

    @Test func aListKeepsTheFirstSpellingOrderAndDropsDuplicates() throws {
        let tags = try Entities.Tag.list(from: ["+Work", "home", "#work", "WORK", "urgent", "Home"])
        #expect(tags.map(\.name) == ["work", "home", "urgent"])
        #expect(try Entities.Tag.list(from: []).isEmpty)
    }

    @Test func aListOfExactlyTheLimitIsAccepted() throws {
        let raw = (1...Entities.Tag.limitPerItem).map { "t\($0)" }
        #expect(try Entities.Tag.list(from: raw).count == 50)
    }

    @Test func aListOverTheLimitIsRefusedBeforeAnyTagIsRead() throws {
        // The 51 entries include invalid ones: the count is what is reported, not the first bad tag.
        let raw = ["a b"] + (1...Entities.Tag.limitPerItem).map { "t\($0)" }
        let error = try #require(validationError { try Entities.Tag.list(from: raw) })
        #expect(error.field == "tags")
        #expect(error.reason == .tooManyTags(count: 51, limit: 50))
        #expect(error.message == "too many tags: 51 given, the limit is 50")
    }

    @Test func tenThousandHugeTagsAreRefusedQuickly() throws {
        let huge = String(repeating: "x", count: 1 << 16)
        let raw = Array(repeating: huge, count: 10_000)
        let clock = ContinuousClock()
        var error: ValidationError?
        let elapsed = clock.measure { error = validationError { try Entities.Tag.list(from: raw) } }
        #expect(error?.reason == .tooManyTags(count: 10_000, limit: 50))
        #expect(elapsed < .milliseconds(50))
    }

    @Test func aListReportsTheFirstBadTag() throws {
        let error = validationError { try Entities.Tag.list(from: ["ok", "+#", "a b"]) }
        #expect(error?.reason == .invalidFormat(excerpt: "+#", expected: .tag))
    }

    @Test func tasksRefuseMoreTagsThanTheLimit() throws {
        let fifty = try (1...50).map { try Entities.Tag("t\($0)") }
        var task = try Entities.Task.create(id: Fixture.id(1), title: "Sort", tags: fifty + fifty, now: Fixture.now)
        #expect(task.tags.count == 50)
        let more = try Entities.Tag("one-more")
        let added = try #require(validationError { try task.addTags([more], now: Fixture.later) })
        #expect(added.field == "tags")
        #expect(added.reason == .tooManyTags(count: 51, limit: 50))
        #expect(
            validationError { try task.setTags(fifty + [more], now: Fixture.later) }?.reason
                == .tooManyTags(count: 51, limit: 50))
        #expect(
            validationError {
                try Entities.Task.create(id: Fixture.id(1), title: "Sort", tags: fifty + [more], now: Fixture.now)
            }?.reason == .tooManyTags(count: 51, limit: 50))
        #expect(task.tags.count == 50)
        #expect(task.updatedAt == Fixture.now)
    }
}
