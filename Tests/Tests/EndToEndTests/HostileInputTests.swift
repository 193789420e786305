import Foundation
import Testing

/// The classes of input a hostile trial found, tried against the binary: what a write accepts every later read
/// accepts, nothing a user typed reaches the terminal raw, files fail with our own words, and a race between
/// processes ends cleanly. Every refusal is one line, a documented exit code, and nothing changed.
@Suite("Hostile input")
struct HostileInputTests {
    @Test("Tags that would not read back are refused on every write path; reads keep working")
    func tagsThatDoNotReadBack() async throws {
        try await Stint.withHome { stint in
            try await stint.ok("task", "add", "Existing", "--tag", "ok")
            try await stint.ok("log", "30m", "1", "--start", "08:00")
            let entry = try #require(try await stint.json("entries")[0]["id"].string).prefix(8)
            let before = try await stint.export()
            for tag in ["+#", "#+", "++a", "##a"] {
                expectFailure(try await stint.run("task", "add", "New", "--tag", tag), 4, mentioning: ["tag"])
                expectFailure(try await stint.run("task", "edit", "1", "--tag", tag), 4, mentioning: ["tag"])
                expectFailure(try await stint.run("log", "10m", "1", "--tag", tag), 4, mentioning: ["tag"])
                expectFailure(try await stint.run("entries", "edit", String(entry), "--tag", tag), 4)
            }
            #expect(try await stint.export() == before)
            try await stint.ok("task", "list")
            try await stint.ok("entries")
        }
    }

    @Test("An argument that is not UTF-8 is refused whole (exit 4), not saved with replacement characters")
    func argumentsThatAreNotUTF8() async throws {
        try await Stint.withHome { stint in
            try await stint.ok("task", "add", "Existing")
            let before = try await stint.export()
            let commands = [
                (#"task add "$(printf 'bad \377 title')""#, 3), (#"project add "$(printf 'W\377ork')""#, 3),
                (#"task add t --tag "$(printf 't\376')""#, 5),
            ]
            for (command, position) in commands {
                // Through the shell: Foundation's Process only passes arguments that are valid strings.
                let process = Process()
                process.executableURL = URL(fileURLWithPath: "/bin/sh")
                process.arguments = ["-c", #"exec "$STINT" "# + command]
                process.environment = stint.environment.merging(["STINT": stint.binary.path]) { _, new in new }
                let errors = Pipe()
                process.standardError = errors
                process.standardOutput = FileHandle.nullDevice
                try process.run()
                let stderr = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
                process.waitUntilExit()
                #expect(process.terminationStatus == 4, "\(command): \(stderr)")
                #expect(stderr == "stint: argument \(position) is not UTF-8 text; nothing was changed\n", "\(command)")
            }
            #expect(try await stint.export() == before)
        }
    }

    @Test("Names made only of invisible characters are empty names")
    func invisibleNames() async throws {
        try await Stint.withHome { stint in
            for name in ["\u{200B}", "\u{200B}\u{200D}\u{2060}", " \u{FEFF} ", "\u{202E}\u{200E}"] {
                expectFailure(try await stint.run("project", "add", name), 4, mentioning: ["empty"])
                expectFailure(try await stint.run("task", "add", name), 4, mentioning: ["empty"])
            }
            try await stint.ok("task", "add", "👩‍💻 work")
        }
    }

    @Test("Escape sequences and line breaks in a reference are shown escaped, on one line")
    func nothingRawReachesTheTerminal() async throws {
        try await Stint.withHome { stint in
            let result = try await stint.run("task", "show", "\u{1B}[31mred\nsecond")
            expectFailure(result, 2)
            #expect(result.stderr == #"stint: no task matches '\e[31mred\nsecond'"# + "\n")
            let flag = try await stint.run("task", "list", "--sort", "\u{1B}]0;title\u{7}")
            expectFailure(flag, 4)
            #expect(!flag.stderr.contains("\u{1B}"))
        }
    }

    @Test("Files that cannot be read or written: our own line and code, never Foundation's text")
    func files() async throws {
        try await Stint.withHome { stint in
            let cases: [([String], Int32, String)] = [
                (["import", stint.root.appendingPathComponent("missing.json").path], 2, "there is no file"),
                (["import", stint.root.path], 4, "is a folder"),
                (["import", ""], 4, "name the file"),
                (["export", "--output", stint.root.path], 4, "is a folder"),
                (["export", "--output", "/nonexistent/backup.json"], 4, "its folder does not exist"),
                (["export", "--output", ""], 4, "needs a file name"),
            ]
            for (arguments, status, words) in cases {
                let result = try await stint.run(arguments)
                expectFailure(result, status, mentioning: [words])
                #expect(!result.stderr.contains("NSCocoaErrorDomain") && !result.stderr.contains("operation could"))
            }
            try await stint.ok("export", "--output", "/dev/null")
        }
    }

    @Test("Import refuses what Stint cannot have written, naming the record, and writes nothing")
    func importRefusals() async throws {
        try await Stint.withHome { stint in
            try await stint.ok("project", "add", "Kept")
            let before = try await stint.export()
            let project = Archive.project(id: "11111111-0000-4000-8000-000000000001", name: "P")
            var ancient = project
            ancient["created_at"] = "0000-01-01T00:00:00.000Z"
            var far = project
            far["updated_at"] = "99999-01-01T00:00:00.000Z"
            var document = Archive.document(projects: [project])
            var documents: [(String, [String: Any], [String])] = []
            for version in [0, -1, 99] {
                document["version"] = version
                documents.append(("version \(version)", document, []))
            }
            documents.append(("year 0000", Archive.document(projects: [ancient]), ["created_at"]))
            documents.append(("year 99999", Archive.document(projects: [far]), ["updated_at"]))
            documents.append(("the same id twice", Archive.document(projects: [project, project]), ["twice"]))
            let badDue = Archive.task(id: "22222222-0000-4000-8000-000000000001", title: "T", due: "0000-01-01")
            documents.append(("a due day in year 0000", Archive.document(tasks: [badDue]), ["tasks[0]"]))
            for (label, json, words) in documents {
                let file = try stint.file("bad.json", json: json)
                let result = try await stint.run("import", file.path)
                expectFailure(result, 4, mentioning: words)
                #expect(result.status == 4, "\(label)")
            }
            #expect(try await stint.export() == before)
        }
    }

    @Test("Timer and entry instants outside 1970-9999 are refused on input")
    func instantsOutOfRange() async throws {
        try await Stint.withHome { stint in
            try await stint.ok("task", "add", "T")
            expectFailure(try await stint.run("timer", "start", "1", "--at", "0001-01-01T00:00:00Z"), 4)
            expectFailure(try await stint.run("log", "1h", "1", "--date", "1969-12-31"), 4)
            expectFailure(try await stint.run("task", "add", "X", "--due", "0000-01-01"), 4)
            #expect(try await stint.json("timer", "list").array.isEmpty)
        }
    }

    @Test("10,000 tags are refused at once; 51 are refused by the per-item limit")
    func manyTags() async throws {
        try await Stint.withHome { stint in
            let many = Array(repeating: ["--tag", "t"], count: 5_000).flatMap { $0 }
            // Refused before parsing, so it never waits for the parser's work, which grows with the square.
            expectFailure(try await stint.run(["task", "add", "x"] + many), 64, mentioning: ["too many arguments"])
            let fiftyOne = (1...51).flatMap { ["--tag", "t\($0)"] }
            expectFailure(try await stint.run(["task", "add", "x"] + fiftyOne), 4, mentioning: ["too many tags"])
            #expect(try await stint.json("task", "list", "--count")["count"].int == 0)
        }
    }

    @Test("8 processes stopping the one running timer at once: one logs it, the others say nothing is left")
    func concurrentStops() async throws {
        try await Stint.withHome { stint in
            try await stint.ok("task", "add", "Race")
            try await stint.ok("timer", "start", "1", "--at", "09:00")
            let results = try await withThrowingTaskGroup(of: StintRun.self) { group in
                for _ in 1...8 { group.addTask { try await stint.run("timer", "stop") } }
                return try await group.reduce(into: []) { $0.append($1) }
            }
            let stopped = results.filter { $0.status == 0 }
            #expect(stopped.count == 1, "\(results)")
            for result in results where result.status != 0 {
                expectFailure(result, 5, mentioning: ["no timer"])
                #expect(!result.stderr.contains("matches"), "never a not-found naming an id nobody typed")
            }
            #expect(try await stint.json("entries").array.count == 1)
            #expect(try await stint.json("timer", "list").array.isEmpty)
        }
    }
}
