import Foundation
import Testing

/// The README promises that every command in its tour prints what it shows. This test replays the
/// tour's `console` block against the real binary, in a fresh home with the pinned clock.
@Suite("README tour")
struct ReadmeTourTests {
    struct Step {
        var arguments: [String]
        var expected: [String]
    }

    @Test("every command in the README tour prints exactly what the README shows")
    func tourMatches() async throws {
        let readme = URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("README.md")
        let steps = try Self.tour(in: String(contentsOf: readme, encoding: .utf8))
        #expect(steps.count >= 10, "the README tour should show a real session")
        try await Stint.withHome { stint in
            for step in steps {
                let run = try await stint.run(step.arguments)
                let printed = (run.stdout + run.stderr).split(separator: "\n", omittingEmptySubsequences: false)
                    .map { $0.replacingOccurrences(of: "\\s+$", with: "", options: .regularExpression) }
                let actual = Array(printed.reversed().drop(while: \.isEmpty).reversed())
                #expect(
                    actual.map(Self.maskingIDs) == step.expected.map(Self.maskingIDs),
                    "stint \(step.arguments.joined(separator: " "))")
            }
        }
    }

    /// Ids are made at random on every run, so the short ids the tour shows ("entry 651049ea") are
    /// compared as placeholders; everything else must match character for character.
    static func maskingIDs(_ line: String) -> String {
        line.replacingOccurrences(
            of: "\\b(entry|timer) [0-9a-f]{8}\\b", with: "$1 ########", options: .regularExpression)
    }

    /// The steps of the first ```console block: `$ stint …` lines and the lines under each.
    static func tour(in readme: String) throws -> [Step] {
        guard let start = readme.range(of: "```console\n"),
            let end = readme.range(of: "\n```", range: start.upperBound..<readme.endIndex)
        else { throw StintFailure(description: "README.md has no ```console block") }
        var steps: [Step] = []
        for line in readme[start.upperBound..<end.lowerBound].split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix("$ stint") {
                steps.append(Step(arguments: words(String(line.dropFirst("$ stint".count))), expected: []))
            } else if !steps.isEmpty {
                steps[steps.count - 1].expected.append(String(line))
            }
        }
        return steps
    }

    /// Splits a command line the way a shell would for the simple quoting the README uses.
    static func words(_ line: String) -> [String] {
        var words: [String] = []
        var current = ""
        var inQuotes = false
        var hasWord = false
        for character in line {
            if character == "\"" {
                inQuotes.toggle()
                hasWord = true
            } else if character == " " && !inQuotes {
                if hasWord { words.append(current) }
                current = ""
                hasWord = false
            } else {
                current.append(character)
                hasWord = true
            }
        }
        if hasWord { words.append(current) }
        return words
    }
}
