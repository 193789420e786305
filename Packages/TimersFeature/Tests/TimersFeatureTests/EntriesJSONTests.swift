import Foundation
import TerminalUI
import Testing

@testable import TimersFeature

/// A list of entries is written member by member (``TimeEntry/writeMembers(to:)``), every other JSON through
/// `encode(to:)`: the two must print the same bytes, or `entries list --json` would differ from `entries show --json`.
@Suite("Entries JSON")
struct EntriesJSONTests {
    /// Text with what JSON escapes, slashes and characters beyond ASCII.
    private static func text(_ random: inout some RandomNumberGenerator) -> String {
        let pieces = ["a", "Z", " ", "\"", "\\", "/", "\u{0}", "\u{1F}", "\n", "\t", "\u{7F}", "é", "漢", "👩‍💻", "#"]
        return (0..<Int.random(in: 0...10, using: &random)).map { _ in
            pieces[Int.random(in: 0..<pieces.count, using: &random)]
        }.joined()
    }

    private static func entry(_ random: inout some RandomNumberGenerator) -> TimeEntry {
        let onTask = Bool.random(using: &random)
        let hasProject = onTask ? Bool.random(using: &random) : true
        return TimeEntry(
            id: UUID().uuidString.lowercased(),
            taskNumber: onTask ? Int.random(in: 1...1_000_000, using: &random) : nil,
            taskTitle: onTask ? text(&random) : nil,
            projectName: hasProject ? text(&random) : nil,
            start: Date(
                timeIntervalSince1970: Double(Int64.random(in: -1_000_000_000...4_000_000_000, using: &random))),
            durationSeconds: Int.random(in: 1...86_400 * 3, using: &random), note: text(&random),
            billable: Bool.random(using: &random),
            tags: (0..<Int.random(in: 0...3, using: &random)).map { _ in text(&random) },
            loggedBy: text(&random), taskID: onTask ? UUID().uuidString.lowercased() : nil,
            projectID: hasProject ? UUID().uuidString.lowercased() : nil)
    }

    @Test("random lists: written member by member, the same bytes as through the encoder")
    func sameBytes() throws {
        var random = SeededGenerator(seed: 2026)
        for count in [0, 1, 2, 7, 40] {
            for _ in 0..<10 {
                let entries = (0..<count).map { _ in Self.entry(&random) }
                #expect(try JSONText.encode(objects: entries) == JSONText.encode(entries))
            }
        }
    }

    @Test("an entry the member writer cannot date goes through the encoder whole, with the same result")
    func farDatesFallBack() throws {
        var random = SeededGenerator(seed: 7)
        var entries = (0..<3).map { _ in Self.entry(&random) }
        entries[1].start = Date(timeIntervalSince1970: 253_402_300_000)  // 10000-01-01: past the writer's years
        #expect(try JSONText.encode(objects: entries) == JSONText.encode(entries))
    }

    @Test("the view prints the list, one line break after it")
    func viewPrintsTheList() throws {
        let output = CapturedOutput()
        var random = SeededGenerator(seed: 11)
        let entries = (0..<2).map { _ in Self.entry(&random) }
        try TimersView(output: output, style: .plain).render(.entriesJSON(entries))
        #expect(output.text == (try JSONText.encode(entries)) + "\n")
    }
}

/// SplitMix64, so a failing list reproduces.
private struct SeededGenerator: RandomNumberGenerator {
    var state: UInt64
    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
