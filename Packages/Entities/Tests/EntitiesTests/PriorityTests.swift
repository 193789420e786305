import Entities
import Testing

struct PriorityTests {
    @Test(arguments: [
        ("none", Priority.none), ("n", .none), ("0", .none),
        ("low", .low), ("l", .low), ("1", .low),
        ("medium", .medium), ("med", .medium), ("m", .medium), ("2", .medium),
        ("high", .high), ("h", .high), ("3", .high), (" HIGH ", .high),
    ])
    func readsNamesLettersAndDigits(_ text: String, expected: Priority) throws {
        #expect(try Priority.parse(text) == expected)
    }

    @Test(arguments: ["urgent", "4", "-1", "hi gh", "x"])
    func rejectsOtherText(_ text: String) throws {
        let error = try #require(validationError { try Priority.parse(text) })
        #expect(error.field == "priority")
        #expect(error.reason == .invalidFormat(excerpt: text, expected: .priority))
        #expect(error.message == "could not read '\(text)' as a priority")
    }

    @Test func quotesAnExcerptOfTextTooLongToBeAPriority() throws {
        let error = try #require(validationError { try Priority.parse(String(repeating: "H", count: 100)) })
        #expect(error.reason == .invalidFormat(excerpt: String(repeating: "H", count: 40) + "…", expected: .priority))
    }

    @Test func rejectsEmptyText() {
        let error = validationError { try Priority.parse(" ") }
        #expect(error?.reason == .empty(.priority))
        #expect(error?.message == "priority is empty")
    }

    @Test func ordersByUrgencyAndPrintsItsName() {
        #expect(Priority.allCases.sorted() == [.none, .low, .medium, .high])
        #expect(Priority.high.description == "high")
        #expect(Priority.allCases.map(\.name) == ["none", "low", "medium", "high"])
    }
}
