import Entities
import Foundation
import Testing

/// A task's tags and prerequisites, and an entry's tags, are kept sorted and without duplicates however they come in;
/// lists already in that order (every one read back from storage) are taken as they are.
@Suite("Normalized lists")
struct NormalizedListsTests {
    @Test("prerequisites end up in text order, each once, for lists in any order, with duplicates or already sorted")
    func prerequisites() throws {
        var generator = SystemRandomNumberGenerator()
        let pool = (0..<6).map { _ in UUID() } + [Fixture.id(1), Fixture.id(2), Fixture.id(0xF0)]
        for round in 0..<400 {
            var ids = (0..<Int.random(in: 0...6, using: &generator)).map { _ in pool.randomElement()! }
            let expected = Array(Set(ids)).sorted { $0.lowercasedString < $1.lowercasedString }
            if round % 3 == 0 { ids = expected }
            let task = Task(
                id: UUID(), title: "t", prerequisiteIDs: ids, createdAt: Fixture.now, updatedAt: Fixture.now)
            #expect(task.prerequisiteIDs == expected, "from \(ids.map(\.lowercasedString))")
        }
    }

    @Test("tags end up sorted, each once, on tasks and entries")
    func tags() throws {
        let pool = try ["urgent", "call", "b", "a", "zz", "éclair", "Été", "10", "9"].map { try Tag($0) }
        for round in 0..<400 {
            var tags = (0..<Int.random(in: 0...6)).map { _ in pool.randomElement()! }
            let expected = Array(Set(tags)).sorted()
            if round % 3 == 0 { tags = expected }
            let task = Task(id: UUID(), title: "t", tags: tags, createdAt: Fixture.now, updatedAt: Fixture.now)
            #expect(task.tags == expected, "from \(tags)")
            let entry = TimeEntry(
                id: UUID(), target: .project(Fixture.id(9)), start: Fixture.now, durationSeconds: 60, tags: tags,
                loggedBy: Fixture.id(8), createdAt: Fixture.now, updatedAt: Fixture.now)
            #expect(entry.tags == expected, "from \(tags)")
        }
    }
}
