import Foundation
import Testing

@Suite("Help")
struct HelpTests {
    /// Every command and subcommand a user can reach.
    static let commands: [[String]] = [
        [],
        ["dashboard"], ["undo"], ["export"], ["import"],
        ["project"], ["project", "add"], ["project", "list"], ["project", "show"], ["project", "rename"],
        ["project", "archive"], ["project", "unarchive"], ["project", "delete"],
        ["list"], ["list", "add"], ["list", "ls"], ["list", "rename"], ["list", "delete"],
        ["task"], ["task", "add"], ["task", "list"], ["task", "show"], ["task", "edit"], ["task", "done"],
        ["task", "reopen"], ["task", "start"], ["task", "delete"], ["task", "move"], ["task", "note"],
    ]

    @Test("--help on every command exits 0 and prints Examples", arguments: commands)
    func helpHasExamples(_ command: [String]) async throws {
        try await Stint.withHome { stint in
            let result = try await stint.run(command + ["--help"])
            #expect(result.status == 0, "\(result)")
            #expect(
                result.stdout.contains("Examples"),
                "no Examples in the help of `stint \(command.joined(separator: " "))`")
            #expect(result.stderr.isEmpty, "\(result)")
            #expect(!FileManager.default.fileExists(atPath: stint.database.path), "--help must not create a database")
        }
    }

    @Test("--version prints a version and touches nothing")
    func version() async throws {
        try await Stint.withHome { stint in
            let result = try await stint.run("--version")
            #expect(result.status == 0)
            #expect(result.stdout.split(separator: "\n").count == 1)
            #expect(result.stdout.first?.isNumber == true, "\(result)")
            #expect(!FileManager.default.fileExists(atPath: stint.database.path))
        }
    }
}
