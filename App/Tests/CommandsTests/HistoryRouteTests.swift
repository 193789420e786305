import Foundation
import Testing

/// `stint undo`, `stint export`, `stint import`, and what the runtime does before any command runs.
@Suite("Undo, export, import and the runtime")
struct HistoryRouteTests {
    @Test("undo names what it reverted and refuses when there is nothing left")
    func undo() async throws {
        let stint = try Harness()
        try await stint.given([["project", "add", "Work"]])
        #expect(await stint.run("undo").stdout == "Undid: added project \"Work\"\n")
        let nothing = await stint.run("undo")
        #expect(nothing.status == 5)
        #expect(nothing.stderr == "stint: nothing to undo\n")
    }

    @Test("export to a file and import it into a fresh home changes nothing the second time")
    func roundTrip() async throws {
        let source = try Harness()
        try await source.given([["project", "add", "Work"], ["task", "add", "T", "-p", "Work"], ["log", "1h", "1"]])
        let file = source.root.appendingPathComponent("backup.json").path
        let exported = await source.run("export", "--output", file)
        #expect(exported.status == 0)
        #expect(exported.stderr == "Exported to \(file)\n")

        let target = try Harness()
        // A dry run reads, checks and merges it all in a transaction that is rolled back: the counts, nothing stored.
        let preview = await target.run("import", file, "--dry-run", "--quiet")
        #expect(preview.stdout == "Would import \(file): 3 new, 0 updated, 0 unchanged (nothing written)\n")
        #expect(await target.run("task", "list", "--all", "--count").stdout == "0\n")
        #expect(await target.run("undo").stderr == "stint: nothing to undo\n", "a dry run leaves no change to undo")
        let json = await target.run("import", file, "--dry-run", "--json")
        #expect(json.stdout == #"{"dry_run":true,"inserted":3,"unchanged":0,"updated":0}"# + "\n")
        #expect(await target.run("import", file).stdout == "Imported \(file): 3 new, 0 updated, 0 unchanged\n")
        #expect(await target.run("import", file).stdout == "Imported \(file): 0 new, 0 updated, 3 unchanged\n")
        #expect(
            await target.run("import", file, "--dry-run").stdout
                == "Would import \(file): 0 new, 0 updated, 3 unchanged (nothing written)\n")
    }

    @Test("files that cannot be used get their own line and code, never Foundation's text")
    func fileErrors() async throws {
        let stint = try Harness()
        let missing = await stint.run("import", "/nonexistent/backup.json")
        #expect(missing.status == 2)
        #expect(missing.stderr == "stint: there is no file '/nonexistent/backup.json'\n")
        let folder = await stint.run("import", stint.root.path)
        #expect(folder.status == 4)
        #expect(folder.stderr.contains("is a folder"))
        #expect(await stint.run("import", "").status == 4)
        #expect(await stint.run("export", "--output", stint.root.path).status == 4)
        let noFolder = await stint.run("export", "--output", "/nonexistent/x.json")
        #expect(noFolder.status == 4)
        #expect(noFolder.stderr == "stint: cannot write '/nonexistent/x.json': its folder does not exist\n")
        #expect(await stint.run("export", "--output", "/dev/null").status == 0)
        let garbage = stint.root.appendingPathComponent("garbage.json")
        try Data("{not json".utf8).write(to: garbage)
        let notExport = await stint.run("import", garbage.path)
        #expect(notExport.status == 4)
        #expect(!notExport.stderr.contains("NSCocoaErrorDomain"))
    }

    @Test("help and version print to stdout and exit 0; too many arguments are refused before parsing")
    func runtime() async throws {
        let stint = try Harness()
        let help = await stint.run("task", "add", "--help")
        #expect(help.status == 0)
        #expect(help.stdout.contains("Examples:"))
        #expect(help.stderr.isEmpty)
        #expect(await stint.run("--version").stdout == "0.1.0\n")
        let many = await stint.run(
            ["task", "add", "x"] + Array(repeating: ["--tag", "t"], count: 5_000).flatMap { $0 })
        #expect(many.status == 64)
        #expect(many.stderr == "stint: too many arguments (10003); a command takes at most 400\n")
        let unknown = await stint.run("frobnicate")
        #expect(unknown.status == 64)
    }
}
