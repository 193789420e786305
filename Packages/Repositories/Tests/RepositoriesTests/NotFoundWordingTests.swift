import Testing

@testable import Repositories

/// What "not found" says for references that can only ever miss.
@Suite("Not-found wording")
struct NotFoundWordingTests {
    @Test("one to three hex digits of an id say a prefix needs four; a number, a name or a longer prefix do not")
    func shortPrefixes() {
        let hint = " (an id prefix needs at least 4 characters)"
        let cases: [(EntityKind, String, String)] = [
            (.timeEntry, "a", "no entry matches 'a'" + hint),
            (.timer, "3f9", "no timer matches '3f9'" + hint),
            (.syncConflict, "12", "no conflict matches '12'" + hint),
            (.task, "ab", "no task matches 'ab'" + hint),
            (.task, "12", "no task matches '12'"),
            (.task, "3f9a", "no task matches '3f9a'"),
            (.project, "abc", "no project matches 'abc'"),
            (.timeEntry, "xyz", "no entry matches 'xyz'"),
        ]
        for (kind, reference, expected) in cases {
            #expect(RepositoryError.notFound(kind: kind, reference: reference).description == expected)
        }
    }
}
