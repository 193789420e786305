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
        #expect(
            json.stdout == #"{"claimed":0,"dry_run":true,"inserted":3,"paused":0,"unchanged":0,"updated":0}"# + "\n")
        #expect(await target.run("import", file).stdout == "Imported \(file): 3 new, 0 updated, 0 unchanged\n")
        #expect(await target.run("import", file).stdout == "Imported \(file): 0 new, 0 updated, 3 unchanged\n")
        #expect(
            await target.run("import", file, "--dry-run").stdout
                == "Would import \(file): 0 new, 0 updated, 3 unchanged (nothing written)\n")
    }

    @Test("time imported into a device already in use counts as its person's: reports, timers and stop agree")
    func importIntoUsedHome() async throws {
        let laptop = try Harness()
        try await laptop.given([["task", "add", "On laptop"], ["log", "1h", "1", "--start", "08:00"]])
        laptop.now = "2026-11-21T09:30:00Z"
        try await laptop.given([["timer", "start", "1"]])
        let file = laptop.root.appendingPathComponent("laptop.json").path
        #expect(await laptop.run("export", "--output", file).status == 0)

        let desktop = try Harness()
        desktop.now = "2026-11-21T09:45:00Z"
        try await desktop.given([
            ["task", "add", "On desktop"], ["log", "30m", "1", "--start", "06:00"], ["timer", "start", "1"],
        ])
        let imported = await desktop.run("import", file)
        #expect(imported.status == 0, "\(imported.stderr)")
        #expect(
            imported.stdout
                == "Imported \(file): 3 new, 0 updated, 0 unchanged\n"
                + "Counted 2 timers and entries of the exporting device as yours\n"
                + "Paused 1 timer that started earlier: one timer runs at a time\n")
        // The report counts it all as this person's: both entries, and the laptop timer's 15 minutes until it paused.
        let report = try await desktop.json("report", "--today") as? [String: Any]
        #expect(report?["total_seconds"] as? Int == (60 + 30 + 15) * 60)
        // The desktop's timer started last (09:45) keeps running; the laptop's (09:30) is paused at 09:45.
        let timers = try await desktop.json("timer", "list") as? [[String: Any]]
        #expect(timers?.count == 2)
        #expect(timers?.filter { $0["state"] as? String == "running" }.count == 1)
        desktop.now = "2026-11-21T10:15:00Z"
        #expect(await desktop.run("timer", "stop").status == 0)
        // The same file again changes nothing: the laptop's timer, paused here since, is not run again.
        let again = await desktop.run("import", file)
        #expect(
            again.stdout
                == "Imported \(file): 0 new, 0 updated, 3 unchanged\n"
                + "Counted 2 timers and entries of the exporting device as yours\n", "\(again.stdout)")
        #expect((try await desktop.json("timer", "list") as? [[String: Any]])?.first?["state"] as? String == "paused")
    }

    @Test("an export made while a timer ran, imported after it stopped, does not run it again or count it twice")
    func olderExportAfterStop() async throws {
        let stint = try Harness()
        stint.now = "2026-12-02T12:00:00Z"
        try await stint.given([["project", "add", "W"], ["timer", "start", "--project", "W", "--at", "09:00"]])
        let file = stint.root.appendingPathComponent("backup.json").path
        #expect(await stint.run("export", "--output", file).status == 0)
        #expect(await stint.run("timer", "stop").status == 0)
        stint.now = "2026-12-02T12:30:00Z"
        let imported = await stint.run("import", file)
        #expect(imported.status == 0, "\(imported.stderr)")
        // The project as it was, and the timer: it stopped into its entry, which stays the only record of its time.
        #expect(imported.stdout == "Imported \(file): 0 new, 0 updated, 2 unchanged\n", "\(imported.stdout)")
        let report = try await stint.json("report", "--today") as? [String: Any]
        #expect(report?["total_seconds"] as? Int == 3 * 3_600)
        #expect((try await stint.json("timer", "list") as? [[String: Any]])?.isEmpty == true)
        let stop = await stint.run("timer", "stop")
        #expect(stop.status == 5, "\(stop.stderr)")
    }

    @Test("an import that files a task under another project's list is refused, whole")
    func importChecksTheListsProject() async throws {
        let stint = try Harness()
        let stamp = #""created_at": "2026-11-21T10:00:00.000Z", "updated_at": "2026-11-21T10:00:00.000Z""#
        func id(_ letter: String, _ number: Int) -> String { "\(letter)0000000-0000-4000-8000-00000000000\(number)" }
        func project(_ number: Int, _ name: String) -> String {
            #"{"id": "\#(id("b", number))", "name": "\#(name)", "note": "", \#(stamp)}"#
        }
        let text =
            #"{"format": "stint-export", "version": 2, "exported_at": "2026-11-21T10:00:00Z", "timers": [], "#
            + #""time_entries": [], "projects": [\#(project(1, "P")), \#(project(2, "Q"))], "#
            + #""lists": [{"id": "\#(id("c", 1))", "name": "L", "project_id": "\#(id("b", 2))", \#(stamp)}], "#
            + #""tasks": [{"id": "\#(id("a", 1))", "title": "Misfiled", "status": "open", "priority": "none", "#
            + #""note": "", "tags": [], "prerequisite_ids": [], "project_id": "\#(id("b", 1))", "#
            + #""list_id": "\#(id("c", 1))", \#(stamp)}]}"#
        let url = stint.root.appendingPathComponent("misfiled.json")
        try Data(text.utf8).write(to: url)
        let refused = await stint.run("import", url.path)
        #expect(refused.status == 4, "\(refused)")
        #expect(refused.stderr == #"stint: task "Misfiled" is in a list of another project than its own"# + "\n")
        #expect(await stint.run("task", "list", "--count").stdout == "0\n")
        #expect(await stint.run("project", "list", "--json").stdout == "[]\n")
    }

    @Test("every id in an export is lowercase, as in --json: a prerequisite's too")
    func exportIDsAreLowercase() async throws {
        let stint = try Harness()
        try await stint.given([["task", "add", "First"], ["task", "add", "Second", "--after", "1"]])
        let first = try #require(try await stint.json("task", "show", "1") as? [String: Any])
        let id = try #require(first["id"] as? String)
        let file = stint.root.appendingPathComponent("ids.json")
        #expect(await stint.run("export", "--output", file.path).status == 0)
        let document = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: file)) as? [String: Any])
        let tasks = try #require(document["tasks"] as? [[String: Any]])
        let second = try #require(tasks.first { $0["title"] as? String == "Second" })
        #expect(second["prerequisite_ids"] as? [String] == [id])
        #expect(id == id.lowercased())
    }

    @Test("a timer that started ahead of this machine's clock says so when stopped now, and can be discarded")
    func timerFromAFastClock() async throws {
        let fast = try Harness()
        try await fast.given([["task", "add", "x"]])
        fast.now = "2026-11-21T11:00:00Z"
        try await fast.given([["timer", "start", "1"]])
        let file = fast.root.appendingPathComponent("fast.json").path
        #expect(await fast.run("export", "--output", file).status == 0)

        let here = try Harness()
        here.now = "2026-11-21T10:00:00Z"
        #expect(await here.run("import", file, "--quiet").status == 0)
        let stop = await here.run("timer", "stop")
        #expect(stop.status == 4)
        #expect(
            stop.stderr
                == "stint: cannot stop the timer now: it started 1h from now, by the clock of a machine that runs "
                + "ahead; stop it after that, or remove it with stint timer discard\n")
        let pause = await here.run("timer", "pause")
        #expect(pause.stderr.hasPrefix("stint: cannot pause the timer now: it started 1h from now"), "\(pause.stderr)")
        #expect(await here.run("timer", "discard").status == 0)
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
        // `-` is standard output, as `stint import -` reads standard input: no file named "-".
        let dash = await stint.run("export", "--output", "-")
        #expect(dash.status == 0)
        #expect(dash.stdout.hasPrefix("{"), "\(dash.stdout.prefix(80))")
        #expect(dash.stderr == "")
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
