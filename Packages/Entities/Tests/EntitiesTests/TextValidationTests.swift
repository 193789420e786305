import Entities
import Foundation
import Testing

/// Titles and names: trimmed, non-empty, limited in Characters, one line.
struct TextValidationTests {
    /// Each validated single-line text, with its field name and limit.
    enum Subject: String, CaseIterable, CustomTestStringConvertible {
        case taskTitle, projectName, listName

        var field: String { self == .taskTitle ? "title" : "name" }
        var limit: Int {
            switch self {
            case .taskTitle: Entities.Task.titleLimit
            case .projectName: Project.nameLimit
            case .listName: TaskList.nameLimit
            }
        }
        var testDescription: String { rawValue }

        func validate(_ text: String) throws(ValidationError) -> String {
            switch self {
            case .taskTitle:
                try Entities.Task.create(id: Fixture.id(1), title: text, now: Fixture.now).title
            case .projectName:
                try Project.create(id: Fixture.id(2), name: text, now: Fixture.now).name
            case .listName:
                try TaskList.create(id: Fixture.id(3), projectID: Fixture.projectID, name: text, now: Fixture.now).name
            }
        }
    }

    @Test(arguments: Subject.allCases)
    func trimsSurroundingWhitespace(_ subject: Subject) throws {
        #expect(try subject.validate("  \t Plan the trip \n ") == "Plan the trip")
    }

    @Test(arguments: Subject.allCases, ["", "   ", " \t\n  \r\n "])
    func rejectsEmptyAndWhitespaceOnly(_ subject: Subject, text: String) throws {
        let error = try #require(validationError { try subject.validate(text) })
        #expect(error.field == subject.field)
        #expect(error.reason == .empty(.text))
        #expect(error.message == "\(subject.field) is empty: it needs at least one visible character")
    }

    /// Zero-width, joiner, word-joiner, byte-order-mark and bidirectional characters show as nothing.
    @Test(
        arguments: Subject.allCases,
        [
            "\u{200B}", "\u{200C}\u{200D}", " \u{2060} ", "\u{FEFF}", "\u{200E}\u{200F}",
            "\u{202A}\u{202B}\u{202C}\u{202D}\u{202E}", "\u{2066}\u{2067}\u{2068}\u{2069}", "\u{00AD}",
            "\u{3164}", "\u{FE0F}", " \u{200B}\t\u{200B} ",
        ])
    func namesOfOnlyInvisibleCharactersAreEmpty(_ subject: Subject, text: String) throws {
        let error = try #require(validationError { try subject.validate(text) })
        #expect(error.field == subject.field)
        #expect(error.reason == .empty(.text))
    }

    @Test(arguments: Subject.allCases, ["👩‍💻 work", "a\u{200B}b", "\u{200F}שלום", "🏳️‍🌈"])
    func visibleTextMayContainInvisibleCharacters(_ subject: Subject, text: String) throws {
        #expect(try subject.validate(text) == text)
    }

    @Test func aHugeInvisibleNameIsEmptyAndCheckedQuickly() throws {
        let huge = String(repeating: "\u{200B}", count: 1 << 20)
        let error = try #require(validationError { try Project.validatedName(huge) })
        #expect(error.reason == .empty(.text))
    }

    @Test(arguments: Subject.allCases)
    func acceptsExactlyTheLimitAndRejectsOneMore(_ subject: Subject) throws {
        let longest = String(repeating: "a", count: subject.limit)
        #expect(try subject.validate(longest) == longest)

        let error = try #require(
            validationError { try subject.validate(longest + "a") })
        #expect(error.field == subject.field)
        #expect(error.reason == .tooLong(count: subject.limit + 1, limit: subject.limit))
        #expect(
            error.message
                == "\(subject.field) is too long: \(subject.limit + 1) characters, the limit is \(subject.limit)")
    }

    @Test(arguments: Subject.allCases)
    func countsCharactersNotBytes(_ subject: Subject) throws {
        // A skin-toned thumbs-up is one Character but several scalars and eight UTF-8 bytes.
        let thumbs = String(repeating: "👍🏽", count: subject.limit)
        #expect(try subject.validate(thumbs) == thumbs)
        let error = validationError { try subject.validate(thumbs + "é") }
        #expect(error?.reason == .tooLong(count: subject.limit + 1, limit: subject.limit))
    }

    @Test(arguments: Subject.allCases)
    func capsTheScalarsStackedOnFewCharacters(_ subject: Subject) throws {
        // `e` and thousands of accents is one Character: a 10 MB title passed as one before.
        let stacked = "e" + String(repeating: "\u{0301}", count: subject.limit * 8)
        let error = try #require(validationError { try subject.validate(stacked) })
        #expect(error.reason == .tooLong(count: subject.limit * 8 + 1, limit: subject.limit))
        // The longest emoji sequences people type fit, to the limit.
        let families = String(repeating: "👨‍👩‍👧‍👦", count: subject.limit)
        #expect(try subject.validate(families) == families)
        let accented = String(repeating: "e\u{0301}\u{0323}", count: subject.limit)
        #expect(try subject.validate(accented) == accented)
    }

    @Test(arguments: Subject.allCases, ["first\nsecond", "first\r\nsecond", "a\u{2028}b"])
    func rejectsLineBreaksInside(_ subject: Subject, text: String) throws {
        let error = try #require(validationError { try subject.validate(text) })
        #expect(error.field == subject.field)
        #expect(error.reason == .notSingleLine)
        #expect(error.message == "\(subject.field) must be a single line")
    }

    @Test(arguments: Subject.allCases, ["tab\there", "escape\u{1B}[31m"])
    func rejectsControlCharacters(_ subject: Subject, text: String) throws {
        let error = try #require(validationError { try subject.validate(text) })
        #expect(error.field == subject.field)
        #expect(error.reason == .controlCharacter)
        #expect(error.message == "\(subject.field) contains a tab or control character")
    }

    @Test func rejectsAOneMegabyteTitleWithAShortMessage() throws {
        let huge = String(repeating: "x", count: 1 << 20)
        let error = try #require(
            validationError {
                try Entities.Task.create(id: Fixture.id(1), title: huge, now: Fixture.now)
            })
        #expect(error.reason == .tooLong(count: 1_048_576, limit: 500))
        #expect(error.message == "title is too long: 1048576 characters, the limit is 500")
        #expect(error.localizedDescription == error.message)
        #expect(error.description == error.message)
    }

    @Test func aOneMegabyteNoteIsRejectedByItsLimit() throws {
        let huge = String(repeating: "line\n", count: 30_000)
        let error = validationError {
            try Project.create(id: Fixture.id(2), name: "Home", note: huge, now: Fixture.now)
        }
        #expect(error?.field == "note")
        #expect(error?.reason == .tooLong(count: 149_999, limit: Project.noteLimit))
    }

    @Test func notesKeepInnerLinesAndLoseSurroundingBlankLines() throws {
        let project = try Project.create(
            id: Fixture.id(2), name: "Home", note: "\n  first\nsecond\n\n", now: Fixture.now)
        #expect(project.note == "first\nsecond")
    }

    @Test func projectValidatedNameIsTheStoredForm() throws {
        #expect(try Project.validatedName("  Garden ") == "Garden")
        #expect(validationError { try Project.validatedName(" ") }?.reason == .empty(.text))
    }

    @Test func theMessageStaysOnOneLineWhateverTheField() {
        let error = ValidationError(field: "first\nsecond", reason: .empty(.text))
        #expect(error.message == "first second is empty: it needs at least one visible character")
    }
}
