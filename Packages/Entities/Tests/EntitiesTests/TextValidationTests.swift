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
        #expect(error.reason == .empty)
        #expect(error.message.contains("cannot be empty"))
    }

    @Test(arguments: Subject.allCases)
    func acceptsExactlyTheLimitAndRejectsOneMore(_ subject: Subject) throws {
        let longest = String(repeating: "a", count: subject.limit)
        #expect(try subject.validate(longest) == longest)

        let error = try #require(
            validationError { try subject.validate(longest + "a") })
        #expect(error.field == subject.field)
        #expect(error.reason == .tooLong(limit: subject.limit))
        #expect(
            error.message == "\(subject.field) is too long (\(subject.limit + 1) characters; "
                + "the limit is \(subject.limit)): shorten it")
    }

    @Test(arguments: Subject.allCases)
    func countsCharactersNotBytes(_ subject: Subject) throws {
        // A skin-toned thumbs-up is one Character but several scalars and eight UTF-8 bytes.
        let thumbs = String(repeating: "👍🏽", count: subject.limit)
        #expect(try subject.validate(thumbs) == thumbs)
        let error = validationError { try subject.validate(thumbs + "é") }
        #expect(error?.reason == .tooLong(limit: subject.limit))
    }

    @Test(arguments: Subject.allCases, ["first\nsecond", "first\r\nsecond", "a\u{2028}b"])
    func rejectsLineBreaksInside(_ subject: Subject, text: String) throws {
        let error = try #require(validationError { try subject.validate(text) })
        #expect(error.field == subject.field)
        #expect(error.message == "\(subject.field) must be a single line: remove the line breaks")
        if case .invalidFormat = error.reason {} else { Issue.record("unexpected reason \(error.reason)") }
    }

    @Test(arguments: Subject.allCases, ["tab\there", "escape\u{1B}[31m"])
    func rejectsControlCharacters(_ subject: Subject, text: String) throws {
        let error = try #require(validationError { try subject.validate(text) })
        #expect(error.message.contains("control character"))
    }

    @Test func rejectsAOneMegabyteTitleWithAShortMessage() throws {
        let huge = String(repeating: "x", count: 1 << 20)
        let error = try #require(
            validationError {
                try Entities.Task.create(id: Fixture.id(1), title: huge, now: Fixture.now)
            })
        #expect(error.reason == .tooLong(limit: 500))
        #expect(error.message == "title is too long (1048576 characters; the limit is 500): shorten it")
        #expect(error.localizedDescription == error.message)
        #expect(error.description == error.message)
    }

    @Test func aOneMegabyteNoteIsRejectedByItsLimit() throws {
        let huge = String(repeating: "line\n", count: 30_000)
        let error = validationError {
            try Project.create(id: Fixture.id(2), name: "Home", note: huge, now: Fixture.now)
        }
        #expect(error?.field == "note")
        #expect(error?.reason == .tooLong(limit: Project.noteLimit))
    }

    @Test func notesKeepInnerLinesAndLoseSurroundingBlankLines() throws {
        let project = try Project.create(
            id: Fixture.id(2), name: "Home", note: "\n  first\nsecond\n\n", now: Fixture.now)
        #expect(project.note == "first\nsecond")
    }

    @Test func projectValidatedNameIsTheStoredForm() throws {
        #expect(try Project.validatedName("  Garden ") == "Garden")
        #expect(validationError { try Project.validatedName(" ") }?.reason == .empty)
    }

    @Test func aCallerMessageIsKeptOnOneLine() {
        let error = ValidationError(field: "title", reason: .empty, message: "first\nsecond")
        #expect(error.message == "first second")
        #expect(ValidationError(field: "tag", reason: .empty).message.contains("tag"))
    }
}
