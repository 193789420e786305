import Foundation
import Testing

@Suite("Bad input and damaged storage")
struct BadInputTests {
    @Test("Bad dates, durations, priorities and titles -> exit 4, one line, nothing changed")
    func invalidValues() async throws {
        try await Stint.withHome { stint in
            try await stint.ok("project", "add", "Work")
            try await stint.ok("task", "add", "Existing", "--project", "Work", "--due", "tomorrow")
            let before = try await stint.export()

            let rejected: [([String], [String])] = [
                (["task", "add", "Bad date", "--due", "nextyear"], ["nextyear"]),
                (["task", "add", "Bad date", "--due", "2026-02-30"], []),
                (["task", "add", "Bad duration", "--estimate=-5m"], []),
                (["task", "add", "Bad duration", "--estimate", "0m"], []),
                (["task", "add", "Bare number", "--estimate", "90"], []),
                (["task", "add", "Too long", "--estimate", "1001h"], []),
                (["task", "add", "Bad priority", "--priority", "urgent"], []),
                (["task", "add", "Bad tag", "--tag", "two words"], []),
                (["task", "add", ""], ["title"]),
                (["task", "add", "   "], ["title"]),
                (["task", "edit", "1", "--due", "13/13/2026"], []),
                (["task", "edit", "1", "--title", ""], ["title"]),
                (["task", "note", "1", ""], []),
                (["project", "add", ""], ["name"]),
                (["project", "rename", "Work", " "], ["name"]),
                (["list", "add", "", "--project", "Work"], ["name"]),
            ]
            for (arguments, words) in rejected {
                expectFailure(try await stint.run(arguments), 4, mentioning: words)
            }
            #expect(try await stint.export() == before)
        }
    }

    @Test("A 100,000-character title argument and a 1 MB title in an import file are refused")
    func oversizedTitles() async throws {
        try await Stint.withHome { stint in
            try await stint.ok("task", "add", "Existing")
            let before = try await stint.export()

            let long = String(repeating: "x", count: 100_000)
            let fromArgument = try await stint.run("task", "add", long)
            expectFailure(fromArgument, 4, mentioning: ["title", "long"])
            #expect(fromArgument.stderr.count < 400, "the error must not echo the title back")

            let edit = try await stint.run("task", "edit", "1", "--title", long)
            expectFailure(edit, 4, mentioning: ["title"])
            #expect(edit.stderr.count < 400)

            let file = try stint.file(
                "huge.json",
                json: Archive.document(tasks: [
                    Archive.task(id: "55555555-0000-4000-8000-000000000001", title: "Fine"),
                    Archive.task(
                        id: "55555555-0000-4000-8000-000000000002",
                        title: String(repeating: "y", count: 1_048_576)),
                ]))
            let imported = try await stint.run("import", file.path)
            expectFailure(imported, 4, mentioning: ["title"])
            #expect(imported.stderr.count < 400, "the error must not echo the title back")
            #expect(try await stint.export() == before, "a refused import must not keep part of the file")
        }
    }

    @Test("Broken import files -> exit 4 (or 2 when missing), nothing changed")
    func brokenImportFiles() async throws {
        try await Stint.withHome { stint in
            try await stint.ok("task", "add", "Existing")
            let before = try await stint.export()
            let projectID = "66666666-0000-4000-8000-000000000001"

            var wrongFormat = Archive.document()
            wrongFormat["format"] = "todo-txt"
            var newer = Archive.document()
            newer["version"] = 99
            let files: [URL] = [
                try stint.file("garbage.json", "this is not json {"),
                try stint.file("wrong-format.json", json: wrongFormat),
                try stint.file("newer.json", json: newer),
                try stint.file(
                    "dangling.json",
                    json: Archive.document(tasks: [
                        Archive.task(id: "66666666-0000-4000-8000-000000000002", title: "Orphan", projectID: projectID)
                    ])),
                try stint.file(
                    "bad-status.json",
                    json: Archive.document(tasks: [
                        Archive.task(id: "66666666-0000-4000-8000-000000000003", title: "Odd", status: "sleeping")
                    ])),
                try stint.file(
                    "bad-due.json",
                    json: Archive.document(tasks: [
                        Archive.task(id: "66666666-0000-4000-8000-000000000004", title: "Odd", due: "2026-13-01")
                    ])),
                try stint.file(
                    "done-without-time.json",
                    json: Archive.document(tasks: [
                        Archive.task(id: "66666666-0000-4000-8000-000000000005", title: "Odd", status: "done")
                    ])),
            ]
            for file in files {
                expectFailure(try await stint.run("import", file.path), 4)
            }
            expectFailure(try await stint.run("import", stint.root.appendingPathComponent("missing.json").path), 2)
            #expect(try await stint.export() == before)
        }
    }

    @Test("Unknown flags, subcommands and missing arguments -> exit 64; bad values -> exit 4; one line each")
    func usageErrors() async throws {
        try await Stint.withHome { stint in
            try await stint.ok("task", "add", "Existing")
            let before = try await stint.export()
            let misuses: [[String]] = [
                ["--bogus"],
                ["task", "list", "--bogus"],
                ["task", "add", "Title", "--colour", "red"],
                ["task", "frobnicate", "now"],
                ["project", "add"],
                ["task", "edit", "1", "--due", "fri", "--no-due"],
                ["task", "list", "--due", "today", "--due-before", "fri"],
                ["list", "add", "Backlog"],
            ]
            for arguments in misuses {
                expectFailure(try await stint.run(arguments), 64)
            }
            // A bad VALUE is invalid input, whichever command and option it is given to.
            let badValues: [[String]] = [
                ["task", "list", "--limit", "0"], ["entries", "--limit", "0"], ["task", "list", "--limit", "many"],
                ["task", "list", "--sort", "size"], ["task", "list", "--status", "closed"],
                ["task", "add", "X", "--priority", "urgent"], ["report", "--by", "hour"],
                ["report", "--format", "xml"],
            ]
            for arguments in badValues {
                expectFailure(try await stint.run(arguments), 4)
            }
            #expect(try await stint.export() == before)
        }
    }

    @Test("A corrupt database file -> exit 6 and the file is left exactly as it was")
    func corruptDatabase() async throws {
        try await Stint.withHome { stint in
            let garbage = Data((0..<8_192).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ 7) })
            try garbage.write(to: stint.database)

            for arguments in [["task", "list"], ["task", "add", "Anything"], ["export"], [], ["undo"]] {
                expectFailure(try await stint.run(arguments), 6)
            }
            #expect(try Data(contentsOf: stint.database) == garbage)
        }
    }

    @Test(
        "A database written by a newer stint -> exit 6 with an upgrade hint, data untouched",
        .enabled(if: sqlite3Path != nil, "needs the sqlite3 command-line tool to mark the schema as newer"))
    func newerSchema() async throws {
        try await Stint.withHome { stint in
            try await stint.ok("task", "add", "Made by this version")
            let sqlite3 = try #require(sqlite3Path)
            let marked = try runTool(
                sqlite3,
                [
                    stint.database.path,
                    // What a newer Stint's migration leaves: its migration and its stamp (ADR 0028).
                    "INSERT INTO grdb_migrations (identifier) VALUES ('v999-from-the-future'); PRAGMA user_version = 999;",
                ])
            try #require(marked == 0, "sqlite3 could not mark the database")
            let before = try Data(contentsOf: stint.database)

            for arguments in [["task", "list"], ["task", "add", "Anything"], ["export"]] {
                expectFailure(try await stint.run(arguments), 6, mentioning: ["newer"])
            }
            #expect(try Data(contentsOf: stint.database) == before)
        }
    }
}

/// Runs a helper tool (not stint) to completion, output discarded, and returns its exit status.
func runTool(_ path: String, _ arguments: [String]) throws -> Int32 {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: path)
    process.arguments = arguments
    process.standardInput = FileHandle(forReadingAtPath: "/dev/null")
    process.standardOutput = FileHandle(forWritingAtPath: "/dev/null")
    process.standardError = FileHandle(forWritingAtPath: "/dev/null")
    try process.run()
    process.waitUntilExit()
    return process.terminationStatus
}
