import Foundation
import Testing

/// `stint import -` and the import's progress line (issue 10).
@Suite("Import from standard input, with progress")
struct ImportStdinJourneyTests {
    @Test("export piped into import - on another home gives the same data; twice changes nothing")
    func pipeBetweenHomes() async throws {
        try await Stint.withHome { source in
            try await source.ok("project", "add", "Work")
            try await source.ok("list", "add", "Backlog", "--project", "Work")
            try await source.ok("task", "add", "Write the report", "--project", "Work", "--list", "Backlog")
            try await source.ok("task", "add", "Buy milk", "--tag", "errand")
            try await source.ok("log", "45m", "1")
            let file = try await source.ok("export").stdout

            try await Stint.withHome { target in
                let first = try await target.run(["import", "-"], input: file)
                #expect(first.status == 0, "\(first)")
                #expect(first.stdout == "Imported standard input: 5 new, 0 updated, 0 unchanged\n", "\(first)")
                #expect(try await target.export() == (try await source.export()))

                let again = try await target.run(["import", "-"], input: file)
                #expect(again.stdout == "Imported standard input: 0 new, 0 updated, 5 unchanged\n", "\(again)")
            }
        }
    }

    @Test("nothing or garbage on standard input: exit 4, one line, nothing changed")
    func badInput() async throws {
        try await Stint.withHome { stint in
            try await stint.ok("task", "add", "Existing")
            let before = try await stint.export()
            expectFailure(try await stint.run(["import", "-"], input: ""), 4, mentioning: ["not a Stint export"])
            expectFailure(try await stint.run(["import", "-"], input: "{\"format\":"), 4)
            #expect(try await stint.export() == before)
        }
    }

    @Test(
        "on a terminal one line shows reading, checking and importing, in that order, then the summary",
        .enabled(if: scriptPath != nil, "needs script(1) to provide a terminal"))
    func progressOnTerminal() async throws {
        try await Stint.withHome { source in
            for number in 1...30 { try await source.ok("task", "add", "Task \(number)") }
            let file = try source.file("backup.json", try await source.ok("export").stdout)
            try await Stint.withHome { target in
                let screen = try onTerminal(target, "import '\(file.path)'")
                let stages = ["Reading  0 MiB", "Checking  0/30  0%", "Importing  30/30  100%", "Imported "]
                let places = stages.map { screen.range(of: $0)?.lowerBound }
                #expect(places.allSatisfy { $0 != nil }, "stages missing on the terminal: \(screen.debugDescription)")
                let found = places.compactMap { $0 }
                #expect(found == found.sorted(), "stages out of order: \(screen.debugDescription)")
                #expect(!screen.contains("\nChecking"), "each stage redraws the same line: \(screen.debugDescription)")
            }
        }
    }

    /// Runs `stint <arguments>` on a pseudo-terminal and returns what the terminal showed.
    private func onTerminal(_ stint: Stint, _ arguments: String) throws -> String {
        let run = try stint.onTerminal(arguments)
        #expect(run.status == 0)
        return run.screen
    }
}
