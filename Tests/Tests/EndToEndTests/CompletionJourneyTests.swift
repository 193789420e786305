import Foundation
import Testing

/// Shell completion as the scripts use it: `stint --generate-completion-script SHELL` prints the script, and on
/// TAB the script runs `stint ---completion <commands> -- <argument> <word index> <cursor> <words…>` with
/// SAP_SHELL naming the shell, reading the candidates one a line.
@Suite("Completion journeys")
struct CompletionJourneyTests {
    @Test("the completion script for bash, zsh and fish: closed sets inside, names and numbers asked for")
    func scripts() async throws {
        try await Stint.withHome { stint in
            for shell in ["bash", "zsh", "fish"] {
                let result = try await stint.run("--generate-completion-script", shell)
                #expect(result.status == 0, "\(result)")
                #expect(result.stderr.isEmpty, "\(result)")
                for word in ["in-progress", "priority", "tag", "---completion task done -- positional@0"] {
                    #expect(result.stdout.contains(word), "the \(shell) script lacks \(word)")
                }
            }
            #expect(!FileManager.default.fileExists(atPath: stint.database.path), "a script needs no database")
        }
    }

    @Test("task numbers complete with their titles in zsh and fish, alone in bash; reopen offers done tasks")
    func taskNumbers() async throws {
        try await Stint.withHome { stint in
            try await seed(stint)
            let done = ["task", "done"]
            #expect(
                try await complete(stint, "zsh", done, typed: [""]) == [
                    "1:Write the report", "2:Buy milk", "4:Call the bank",
                ])
            #expect(
                try await complete(stint, "fish", done, typed: [""]) == [
                    "1\tWrite the report", "2\tBuy milk", "4\tCall the bank",
                ])
            #expect(try await complete(stint, "bash", done, typed: [""]) == ["1", "2", "4"])
            #expect(try await complete(stint, "bash", ["task", "show"], typed: ["4"]) == ["4"])
            #expect(try await complete(stint, "zsh", ["task", "reopen"], typed: [""]) == ["3:Old chore"])
        }
    }

    @Test("project and list names complete, lists of the project already on the line")
    func projectAndListNames() async throws {
        try await Stint.withHome { stint in
            try await seed(stint)
            let add = ["task", "add"]
            #expect(
                try await complete(stint, "bash", add, typed: ["x", "--project", ""], argument: "--project")
                    == ["Home office", "Work"])
            #expect(
                try await complete(stint, "zsh", ["project", "show"], typed: [""]) == [
                    "Home office:0 open tasks", "Work:2 open tasks",
                ])
            #expect(try await complete(stint, "bash", ["project", "unarchive"], typed: [""]) == ["Garden"])
            #expect(
                try await complete(stint, "fish", ["task", "list"], typed: ["--list", ""], argument: "--list") == [
                    "Backlog\tHome office", "Backlog\tWork", "Later\tWork",
                ])
            let typed = ["x", "--project", "\"Home office\"", "--list", ""]
            #expect(try await complete(stint, "bash", add, typed: typed, argument: "--list") == ["Backlog"])
        }
    }

    @Test("timers complete by their task's number; option values complete from their closed set")
    func timersAndValues() async throws {
        try await Stint.withHome { stint in
            try await seed(stint)
            try await stint.ok("timer", "start", "2")
            #expect(try await complete(stint, "zsh", ["timer", "stop"], typed: [""]) == ["2:Buy milk (running)"])
            let script = try await stint.ok("--generate-completion-script", "fish").stdout
            #expect(script.contains("'active open in-progress done all'"), "the fish script lacks --status values")
        }
    }

    @Test("completion never creates a database, and says nothing on a broken one")
    func quietWithoutADatabase() async throws {
        try await Stint.withHome { stint in
            let none = try await stint.run(completionCall(["task", "done"], typed: [""]))
            #expect(none.status == 0, "\(none)")
            #expect(none.stdout.isEmpty && none.stderr.isEmpty, "\(none)")
            #expect(!FileManager.default.fileExists(atPath: stint.database.path))

            try Data(repeating: 7, count: 4_096).write(to: stint.database)
            let broken = try await stint.run(completionCall(["project", "show"], typed: [""]))
            #expect(broken.status == 0, "\(broken)")
            #expect(broken.stdout.isEmpty && broken.stderr.isEmpty, "\(broken)")
            #expect(try Data(contentsOf: stint.database) == Data(repeating: 7, count: 4_096))
        }
    }

    @Test("bash itself completes task numbers through the generated script")
    func realBash() async throws {
        try await Stint.withHome { stint in
            try await seed(stint)
            let script = stint.root.appendingPathComponent("stint.bash")
            try Data(try await stint.ok("--generate-completion-script", "bash").stdout.utf8).write(to: script)
            let program = """
                shopt -s extglob
                source "$1"
                COMP_WORDS=("$2" task done ""); COMP_CWORD=3
                COMP_LINE="$2 task done "; COMP_POINT=${#COMP_LINE}
                _stint "$2" "" done
                printf '%s\\n' "${COMPREPLY[@]}"
                """
            let result = try runBash(
                program, arguments: [script.path, stint.binary.path], environment: stint.environment)
            #expect(result.status == 0, "\(result.output)")
            #expect(result.output.split(separator: "\n").map(String.init).sorted() == ["1", "2", "4"])
        }
    }

    // MARK: Helpers

    /// Projects Work (lists Backlog, Later), "Home office" (list Backlog) and Garden (archived); open tasks 1, 2
    /// and 4, and 3 done.
    private func seed(_ stint: Stint) async throws {
        try await stint.ok("project", "add", "Work")
        try await stint.ok("project", "add", "Home office")
        try await stint.ok("project", "add", "Garden")
        try await stint.ok("project", "archive", "Garden")
        try await stint.ok("list", "add", "Backlog", "--project", "Work")
        try await stint.ok("list", "add", "Later", "--project", "Work")
        try await stint.ok("list", "add", "Backlog", "--project", "Home office")
        try await stint.ok("task", "add", "Write the report", "--project", "Work")
        try await stint.ok("task", "add", "Buy milk")
        try await stint.ok("task", "add", "Old chore")
        try await stint.ok("task", "done", "3")
        try await stint.ok("task", "add", "Call the bank", "--project", "Work")
    }

    /// The call a script makes when TAB is pressed at the end of `stint <commands> <typed…>`: for `argument`
    /// (an option's name, or the first positional argument), the word index and the cursor, then the words.
    private func completionCall(_ commands: [String], typed: [String], argument: String = "positional@0")
        -> [String]
    {
        let line = ["stint"] + commands + typed
        return ["---completion"] + commands + ["--", argument, String(line.count - 1), String(typed.last?.count ?? 0)]
            + line
    }

    /// The candidates `shell` is given, one a line, without zsh's trailing placeholder.
    private func complete(
        _ stint: Stint, _ shell: String, _ commands: [String], typed: [String], argument: String = "positional@0"
    ) async throws -> [String] {
        var asking = stint
        asking.extraEnvironment["SAP_SHELL"] = shell
        let result = try await asking.run(completionCall(commands, typed: typed, argument: argument))
        #expect(result.status == 0, "\(result)")
        #expect(result.stderr.isEmpty, "\(result)")
        return result.stdout.split(separator: "\n").map(String.init).filter {
            !$0.trimmingCharacters(in: .whitespaces).isEmpty
        }
    }

    private func runBash(_ program: String, arguments: [String], environment: [String: String]) throws
        -> (status: Int32, output: String)
    {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/bash")
        process.arguments = ["-c", program, "bash"] + arguments
        process.environment = environment
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        process.standardInput = FileHandle(forReadingAtPath: "/dev/null")
        try process.run()
        let output = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: output, as: UTF8.self))
    }
}
