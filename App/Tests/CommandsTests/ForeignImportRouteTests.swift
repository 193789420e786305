import Foundation
import Testing

/// `stint import --from taskwarrior`, on a file the real Taskwarrior wrote (Fixtures/make-taskwarrior-export.sh).
@Suite("Importing from Taskwarrior")
struct ForeignImportRouteTests {
    private static let fixture = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("Fixtures/taskwarrior-export.json")

    /// The fixture's records as JSON objects, to make variants of it.
    private static func records() throws -> [[String: Any]] {
        try JSONSerialization.jsonObject(with: Data(contentsOf: fixture)) as? [[String: Any]] ?? []
    }

    /// The position in `records` of the first record with this description (and status, when given).
    private static func index(
        of description: String, status: String? = nil, in records: [[String: Any]]
    ) throws -> Int {
        try #require(
            records.firstIndex {
                $0["description"] as? String == description && (status == nil || $0["status"] as? String == status)
            }, "no record \(description)")
    }

    private static func write(_ records: [[String: Any]], in stint: Harness, name: String = "tw.json") throws -> String
    {
        let path = stint.root.appendingPathComponent(name).path
        try JSONSerialization.data(withJSONObject: records).write(to: URL(fileURLWithPath: path))
        return path
    }

    @Test("every task lands in its project and list with its fields; a second import changes nothing")
    func importsTheRealExport() async throws {
        let stint = try Harness()
        let path = Self.fixture.path
        let first = await stint.run("import", "--from", "taskwarrior", path)
        #expect(first.stderr == "")
        #expect(first.stdout == "Imported \(path) from Taskwarrior: 18 new, 0 updated, 0 unchanged, 3 skipped\n")

        let projects = await stint.run("project", "list", "--json")
        #expect(projects.stdout.contains(#""name" : "Website""#))
        #expect(projects.stdout.contains(#""name" : "Home""#))
        let backlog = await stint.run("task", "list", "--project", "Website", "--list", "Backlog", "--json")
        #expect(backlog.stdout.contains(#""title" : "Write release notes""#))
        #expect(backlog.stdout.contains(#""title" : "Blocked one""#))

        let notes = await stint.run("task", "list", "--all", "--json")
        #expect(notes.status == 0)
        let tasks = try #require(
            try JSONSerialization.jsonObject(with: Data(notes.stdout.utf8)) as? [[String: Any]])
        #expect(tasks.count == 14)
        let byTitle = Dictionary(tasks.map { ($0["title"] as? String ?? "", $0) }, uniquingKeysWith: { a, _ in a })
        let release = try #require(byTitle["Write release notes"])
        #expect(release["priority"] as? String == "high")
        #expect(release["due"] as? String == "2026-12-01")
        #expect(release["tags"] as? [String] == ["docs", "urgent"])
        let note = release["note"] as? String ?? ""
        #expect(note.contains("  talked to Ana about the scope\n"))
        #expect(note.hasSuffix("  second thought: ship in two parts"))
        #expect(byTitle["Plain task"]?["status"] as? String == "done")
        #expect(byTitle["Started work"]?["status"] as? String == "in-progress")
        #expect((byTitle["Fix login bug"]?["note"] as? String) == "estimate: PT2H")
        #expect((byTitle["Later"]?["note"] as? String)?.hasPrefix("wait: 2026-12-24") == true)
        #expect(byTitle["Blocked one"]?["priority"] as? String == "low")
        #expect(byTitle["Café reçu – 領収書"]?["tags"] as? [String] == ["receipts"])

        let again = await stint.run("import", "--from", "taskwarrior", path)
        #expect(again.stdout == "Imported \(path) from Taskwarrior: 0 new, 0 updated, 14 unchanged, 3 skipped\n")
        #expect(await stint.run("undo").stdout == "Undid: imported 18 items\n")
        #expect(await stint.run("task", "list", "--all", "--count").stdout == "0\n")
    }

    @Test("depends become prerequisites and recurring instances one series that Stint continues without duplicates")
    func dependenciesAndSeries() async throws {
        let stint = try Harness()
        #expect(await stint.run("import", "--from", "taskwarrior", "--quiet", Self.fixture.path).status == 0)
        let tasks = try await Self.tasks(in: stint)
        func numbers(_ title: String) -> [Int] {
            tasks.filter { $0["title"] as? String == title }.compactMap { $0["number"] as? Int }
        }
        func task(_ title: String, due: String? = nil) throws -> [String: Any] {
            try #require(
                tasks.first { $0["title"] as? String == title && (due == nil || $0["due"] as? String == due) },
                "\(title) \(due ?? "")")
        }
        func after(_ object: [String: Any]) -> [Int] {
            (object["after"] as? [[String: Any]] ?? []).compactMap { $0["number"] as? Int }
        }
        let release = try #require(numbers("Write release notes").first)
        let login = try #require(numbers("Fix login bug").first)
        let plain = try #require(numbers("Plain task").first)
        let retroOn14 = try #require(try task("Team retro", due: "2026-12-14")["number"] as? Int)

        // `depends` on pending tasks blocks; on a completed one it does not; on a deleted one it is dropped.
        #expect(after(try task("Blocked one")) == [release])
        #expect(after(try task("Deploy site")) == [release, login].sorted())
        #expect(try task("Deploy site")["blocked"] as? Bool == true)
        let announce = try task("Announce")
        #expect(after(announce) == [retroOn14, plain].sorted(), "Gone is not in the file: dropped")
        #expect(announce["blocked"] as? Bool == true)
        #expect(announce["note"] as? String == "", "depends is mapped, not kept in the note")
        #expect(await stint.run("task", "list", "--blocked", "--count").stdout == "3\n")
        let list = await stint.run("task", "list")
        #expect(
            list.stdout.contains(
                "Deploy site (after \([release, login].sorted().map(String.init).joined(separator: ", ")))"))

        // Each recurring instance is an occurrence of its template's series; until comes along.
        let retros = tasks.filter { $0["title"] as? String == "Team retro" }
        #expect(retros.compactMap { $0["due"] as? String }.sorted() == ["2026-12-07", "2026-12-14", "2026-12-21"])
        #expect(
            retros.allSatisfy { $0["repeat"] as? String == "weekly" && $0["repeat_until"] as? String == "2026-12-21" })
        #expect(retros.allSatisfy { $0["note"] as? String == "" && $0["project_name"] as? String == "Home" })
        #expect(try task("Team retro", due: "2026-12-07")["status"] as? String == "done")
        let plants = tasks.filter { $0["title"] as? String == "Water plants" }
        #expect(plants.compactMap { $0["due"] as? String }.sorted() == ["2026-11-20", "2026-11-27"])
        #expect(plants.allSatisfy { $0["repeat"] as? String == "weekly" && $0["repeat_until"] is NSNull })
        let count = tasks.count

        // Completing an occurrence whose next one Taskwarrior already made finds it: no second one.
        let announced = try #require(announce["number"] as? Int)
        let retro = await stint.run("task", "done", "\(retroOn14)")
        #expect(
            retro.stdout == "Completed task \(retroOn14) \"Team retro\"\nUnblocked task \(announced) \"Announce\"\n")
        let lastRetro = try #require(try task("Team retro", due: "2026-12-21")["number"] as? Int)
        // The one on the series' until day makes none.
        #expect(
            await stint.run("task", "done", "\(lastRetro)").stdout == "Completed task \(lastRetro) \"Team retro\"\n")
        let first = try #require(try task("Water plants", due: "2026-11-20")["number"] as? Int)
        #expect(await stint.run("task", "done", "\(first)").stdout == "Completed task \(first) \"Water plants\"\n")
        #expect(await stint.run("task", "list", "--all", "--count").stdout == "\(count)\n")
        // The newest one makes the next, a week on.
        let second = try #require(try task("Water plants", due: "2026-11-27")["number"] as? Int)
        let made = try #require(try await stint.json("task", "done", "\(second)") as? [String: Any])
        let next = try #require(made["next_occurrence"] as? [String: Any])
        let nextNumber = try #require(next["number"] as? Int)
        let shown = try #require(try await stint.json("task", "show", "\(nextNumber)") as? [String: Any])
        #expect(shown["due"] as? String == "2026-12-04")
        #expect(shown["repeat"] as? String == "weekly")
        #expect(await stint.run("task", "list", "--all", "--count").stdout == "\(count + 1)\n")
    }

    @Test("depends as older versions wrote it, on a task not in the file, or holding garbage")
    func dependsVariants() async throws {
        var records = try Self.records()
        let deploy = try Self.index(of: "Deploy site", in: records)
        let depends = try #require(records[deploy]["depends"] as? [String])
        // Taskwarrior before 2.6 wrote one comma-separated string, and a uuid nobody has is dropped.
        records[deploy]["depends"] = (depends + ["00000000-0000-4000-8000-000000000000"]).joined(separator: ",")
        let stint = try Harness()
        #expect(
            await stint.run("import", "--from", "taskwarrior", "--quiet", try Self.write(records, in: stint)).status
                == 0)
        let site = try #require(try await Self.tasks(in: stint).first { $0["title"] as? String == "Deploy site" })
        #expect(
            (site["after"] as? [[String: Any]])?.compactMap { $0["title"] as? String }.sorted() == [
                "Fix login bug", "Write release notes",
            ])

        records[deploy]["depends"] = ["not-a-uuid"]
        let other = try Harness()
        let refused = await other.run("import", "--from", "taskwarrior", try Self.write(records, in: other))
        #expect(refused.status == 4)
        #expect(refused.stderr.hasPrefix("stint: task \(deploy + 1) of the file (uuid "), "\(refused)")
        #expect(refused.stderr.contains("its depends holds something that is not a task's uuid"), "\(refused)")
        #expect(refused.stderr.filter { $0 == "\n" }.count == 1)
        #expect(await other.run("task", "list", "--all", "--count").stdout == "0\n")
    }

    @Test("a uuid that a recurring task's instance shares with another record is refused like any uuid twice")
    func instanceUUIDTwice() async throws {
        var records = try Self.records()
        let instance = try Self.index(of: "Water plants", status: "pending", in: records)
        records[try Self.index(of: "Later", in: records)]["uuid"] = records[instance]["uuid"]
        let stint = try Harness()
        let twice = await stint.run("import", "--from", "taskwarrior", try Self.write(records, in: stint))
        #expect(twice.status == 4)
        #expect(twice.stderr.contains("its uuid appears twice in the file"))
    }

    @Test("--dry-run lists what would be created and skipped, and writes nothing")
    func dryRun() async throws {
        let stint = try Harness()
        let preview = await stint.run("import", "--from", "taskwarrior", "--dry-run", Self.fixture.path)
        #expect(preview.status == 0)
        #expect(preview.stdout.contains("create project  Website\n"))
        #expect(preview.stdout.contains("create list     Backlog  (Website)\n"))
        #expect(preview.stdout.contains("create task     Write release notes  (Website / Backlog)\n"))
        #expect(preview.stdout.contains("skip   task     Gone  (deleted in Taskwarrior)\n"))
        #expect(
            preview.stdout.contains(
                "skip   task     Team retro  (the template of a recurring task (its instances are imported as tasks))\n"
            ))
        #expect(preview.stdout.hasSuffix("18 new, 0 updated, 0 unchanged, 3 skipped (nothing written)\n"))
        #expect(await stint.run("task", "list", "--all", "--count").stdout == "0\n")
        #expect(await stint.run("project", "list", "--json").stdout.contains("Website") == false)

        let json = await stint.run("import", "--from", "taskwarrior", "--dry-run", "--json", Self.fixture.path)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        #expect(object["dry_run"] as? Bool == true)
        #expect(object["inserted"] as? Int == 18)
        #expect((object["items"] as? [Any])?.count == 21)
        // A Taskwarrior file given as a Stint export is refused the same way with or without --dry-run.
        let plain = await stint.run("import", "--dry-run", Self.fixture.path)
        #expect(plain.status == 4)
        #expect(plain.stderr.hasPrefix("stint: the file is not a Stint export"), "\(plain)")
    }

    @Test("a later export updates what Taskwarrior changed, and keeps what was changed in Stint since")
    func laterImport() async throws {
        let stint = try Harness()
        var records = try Self.records()
        let path = try Self.write(records, in: stint)
        #expect(await stint.run("import", "--from", "taskwarrior", "--quiet", path).status == 0)
        // The fixture was written just after midnight on 2026-11-24; the Stint edit comes that morning.
        stint.now = "2026-11-24T09:00:00Z"
        let fix = try #require(try await Self.tasks(in: stint).first { $0["title"] as? String == "Fix login bug" })
        let number = try #require(fix["number"] as? Int)
        #expect(await stint.run("task", "edit", "\(number)", "--title", "Fix the login bug").status == 0)

        for index in records.indices {
            switch records[index]["description"] as? String {
            case "Fix login bug":  // changed in Taskwarrior before the Stint edit: Stint's is newer
                records[index]["priority"] = "L"
                records[index]["modified"] = "20261124T080000Z"
            case "Write release notes":  // changed in Taskwarrior only
                records[index]["priority"] = "L"
                records[index]["modified"] = "20261124T120000Z"
            default: break
            }
        }
        let later = try Self.write(records, in: stint, name: "later.json")
        let preview = await stint.run("import", "--from", "taskwarrior", "--dry-run", later)
        #expect(preview.stdout.contains("update task     Write release notes  (Website / Backlog)\n"))
        #expect(
            preview.stdout.contains(
                "keep   task     Fix the login bug  (changed in Stint since Taskwarrior last changed it; "
                    + "Stint's version kept)\n"))
        let imported = await stint.run("import", "--from", "taskwarrior", later)
        #expect(imported.stdout.hasSuffix("0 new, 1 updated, 13 unchanged, 3 skipped\n"))
        let tasks = try await Self.tasks(in: stint)
        #expect(tasks.first { $0["title"] as? String == "Write release notes" }?["priority"] as? String == "low")
        #expect(tasks.first { $0["number"] as? Int == number }?["title"] as? String == "Fix the login bug")
    }

    @Test("a task deleted in Taskwarrior since an earlier import goes in Stint too, unless Stint changed it after")
    func deletedLater() async throws {
        let stint = try Harness()
        var records = try Self.records()
        let path = try Self.write(records, in: stint)
        #expect(await stint.run("import", "--from", "taskwarrior", "--quiet", path).status == 0)
        stint.now = "2026-11-24T09:00:00Z"
        let fix = try #require(try await Self.tasks(in: stint).first { $0["title"] as? String == "Fix login bug" })
        #expect(await stint.run("task", "edit", "\(fix["number"] as? Int ?? 0)", "--priority", "low").status == 0)
        let before = try await Self.tasks(in: stint).count

        for index in records.indices {
            switch records[index]["description"] as? String {
            case "Write release notes":  // deleted in Taskwarrior after the import, changed in Stint never
                records[index]["status"] = "deleted"
                records[index]["end"] = "20261124T100000Z"
                records[index]["modified"] = "20261124T100000Z"
            case "Fix login bug":  // deleted in Taskwarrior before the Stint edit: Stint's is newer
                records[index]["status"] = "deleted"
                records[index]["end"] = "20261124T080000Z"
                records[index]["modified"] = "20261124T080000Z"
            default: break
            }
        }
        let later = try Self.write(records, in: stint, name: "later.json")
        let preview = await stint.run("import", "--from", "taskwarrior", "--dry-run", later)
        #expect(
            preview.stdout.contains("delete task     Write release notes  (deleted in Taskwarrior)\n"), "\(preview)")
        #expect(
            preview.stdout.contains(
                "keep   task     Fix login bug  (deleted in Taskwarrior, but changed in Stint since; Stint's version "
                    + "kept)\n"), "\(preview)")
        #expect(preview.stdout.hasSuffix("1 deleted (nothing written)\n"))
        #expect(try await Self.tasks(in: stint).count == before, "a dry run deletes nothing")

        let imported = await stint.run("import", "--from", "taskwarrior", later)
        #expect(imported.stdout.hasSuffix(", 1 deleted\n"), "\(imported)")
        let after = try await Self.tasks(in: stint)
        #expect(after.count == before - 1)
        #expect(!after.contains { $0["title"] as? String == "Write release notes" })
        #expect(after.contains { $0["title"] as? String == "Fix login bug" })
        // One undo brings the deleted task back with everything else the import did.
        let undo = await stint.run("undo")
        #expect(undo.stdout == "Undid: imported 0 items and removed 1 item\n", "\(undo)")
        #expect(try await Self.tasks(in: stint).count == before)
        // Importing the same file again deletes nothing more.
        #expect(await stint.run("import", "--from", "taskwarrior", "--quiet", later).status == 0)
        let again = await stint.run("import", "--from", "taskwarrior", later)
        #expect(!again.stdout.contains("deleted"), "\(again)")
    }

    private static func tasks(in stint: Harness) async throws -> [[String: Any]] {
        let listed = await stint.run("task", "list", "--all", "--json")
        return try #require(try JSONSerialization.jsonObject(with: Data(listed.stdout.utf8)) as? [[String: Any]])
    }

    @Test("one bad record stops the import with its position and why, and nothing is written")
    func badRecord() async throws {
        let stint = try Harness()
        var records = try Self.records()
        let blocked = try Self.index(of: "Blocked one", in: records)
        records[blocked]["tags"] = ["has space"]
        let badTag = await stint.run("import", "--from", "taskwarrior", try Self.write(records, in: stint))
        #expect(badTag.status == 4)
        #expect(badTag.stderr.hasPrefix("stint: task \(blocked + 1) of the file (uuid "))
        #expect(badTag.stderr.contains(#""Blocked one": tag 'has space' contains a space"#))
        #expect(await stint.run("task", "list", "--all", "--count").stdout == "0\n")

        records = try Self.records()
        let release = try Self.index(of: "Write release notes", in: records)
        records[release]["description"] = String(repeating: "x", count: 10_000)
        let long = await stint.run("import", "--from", "taskwarrior", try Self.write(records, in: stint))
        #expect(long.status == 4)
        #expect(long.stderr.hasPrefix("stint: task \(release + 1) of the file"))
        #expect(long.stderr.split(separator: "\n").count == 1)

        records = try Self.records()
        records[try Self.index(of: "Fix login bug", in: records)]["due"] = "tomorrow"
        let due = await stint.run("import", "--from", "taskwarrior", try Self.write(records, in: stint))
        #expect(due.stderr.contains("its due 'tomorrow' is not a date like 20261201T093000Z"))

        records = try Self.records()
        // A recurring task's template (made pending here) and another task with the same uuid.
        let template = try Self.index(of: "Water plants", status: "recurring", in: records)
        let later = try Self.index(of: "Later", in: records)
        records[later]["uuid"] = records[template]["uuid"]
        records[template]["status"] = "pending"
        let twice = await stint.run("import", "--from", "taskwarrior", try Self.write(records, in: stint))
        #expect(twice.stderr.contains("its uuid appears twice in the file"))

        let garbage = stint.root.appendingPathComponent("garbage.json")
        try Data("{not json\n".utf8).write(to: garbage)
        let notExport = await stint.run("import", "--from", "taskwarrior", garbage.path)
        #expect(notExport.status == 4)
        #expect(notExport.stderr.hasPrefix("stint: the file is not a Taskwarrior export"))
        let stintExport = stint.root.appendingPathComponent("stint.json")
        try Data(#"{"format":"stint-export","version":1}"#.utf8).write(to: stintExport)
        #expect(await stint.run("import", "--from", "taskwarrior", stintExport.path).status == 4)
        #expect(await stint.run("task", "list", "--all", "--count").stdout == "0\n")
    }
}

/// `stint import --from timewarrior`, on files the real Timewarrior wrote (Fixtures/make-timewarrior-data.sh).
@Suite("Importing from Timewarrior")
struct TimewarriorImportRouteTests {
    private static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("Fixtures")
    private static let export = fixtures.appendingPathComponent("timewarrior-export.json").path
    private static let folder = fixtures.appendingPathComponent("timewarrior-data").path

    /// A home whose clock is after the fixture's last interval began (the running one, 2026-11-23 08:00 UTC).
    private static func home() throws -> Harness {
        let stint = try Harness()
        stint.now = "2026-11-23T12:00:00Z"
        return stint
    }

    private static func weekTotal(_ stint: Harness) async throws -> Int? {
        let report = await stint.run("report", "--since", "2026-11-16", "--until", "2026-11-22", "--json")
        let object = try JSONSerialization.jsonObject(with: Data(report.stdout.utf8)) as? [String: Any]
        return object?["total_seconds"] as? Int
    }

    @Test("the week's total equals what `timew summary` said for it, to the second; the open interval runs as a timer")
    func export() async throws {
        let stint = try Self.home()
        let first = await stint.run("import", "--from", "timewarrior", Self.export)
        #expect(first.stderr == "")
        #expect(first.stdout == "Imported \(Self.export) from Timewarrior: 11 new, 0 updated, 0 unchanged, 1 skipped\n")
        let summary = try String(
            contentsOf: Self.fixtures.appendingPathComponent("timewarrior-summary.txt"), encoding: .utf8)
        #expect(try await Self.weekTotal(stint) == Int(summary.trimmingCharacters(in: .whitespacesAndNewlines)))
        #expect(try await Self.weekTotal(stint) == 122_130)

        let timer = await stint.run("timer")
        #expect(
            timer.stdout.hasPrefix(
                "Running: project Website\n  Elapsed   4h 00m\n  Started   08:00\n  Tags      writing\n"),
            "\(timer.stdout)")
        let projects = await stint.run("project", "list", "--json")
        for name in ["Website", "Website relaunch", "Home", "Timewarrior"] {
            #expect(projects.stdout.contains(#""name" : "\#(name)""#), "\(name)")
        }
        let entries = await stint.run("entries", "list", "--since", "2026-11-21", "--until", "2026-11-21", "--json")
        #expect(entries.stdout.contains(#""note" : "bought \"good\" bread""#))
        #expect(entries.stdout.contains(#""errands""#))

        let again = await stint.run("import", "--from", "timewarrior", Self.export)
        #expect(again.stdout.hasSuffix("0 new, 0 updated, 7 unchanged, 1 skipped\n"))
        // The data folder holds the same intervals: the same ids, so nothing changes.
        let folder = await stint.run("import", "--from", "timewarrior", Self.folder)
        #expect(
            folder.stdout.hasSuffix("0 new, 0 updated, 7 unchanged, 1 skipped\n"), "\(folder.stdout)\(folder.stderr)")

        // Paused in Stint after the import: a later import leaves it paused rather than running it again.
        stint.now = "2026-11-23T12:30:00Z"
        #expect(await stint.run("timer", "pause").status == 0)
        let paused = await stint.run("import", "--from", "timewarrior", "--dry-run", Self.export)
        #expect(
            paused.stdout.contains(
                "keep   timer    2026-11-23 08:00 (running)  (changed in Stint since; Stint's version kept)\n"),
            "\(paused.stdout)")
        #expect(await stint.run("import", "--from", "timewarrior", "--quiet", Self.export).status == 0)
        #expect(await stint.run("timer").stdout.hasPrefix("No timer running."), "a paused timer stays paused")
    }

    @Test("an interval imported open and stopped in Timewarrior since: its timer goes, its entry comes, one undo")
    func stoppedSince() async throws {
        let stint = try Self.home()
        #expect(await stint.run("import", "--from", "timewarrior", "--quiet", Self.export).status == 0)
        #expect(await stint.run("timer").stdout.hasPrefix("Running: project Website"))
        var intervals = try #require(
            try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: Self.export)))
                as? [[String: Any]])
        let open = try #require(intervals.firstIndex { $0["end"] == nil })
        intervals[open]["end"] = "20261123T113000Z"
        let path = stint.root.appendingPathComponent("stopped.json").path
        try JSONSerialization.data(withJSONObject: intervals).write(to: URL(fileURLWithPath: path))

        let preview = await stint.run("import", "--from", "timewarrior", "--dry-run", path)
        #expect(
            preview.stdout.contains(
                "delete timer    2026-11-23 08:00 3h30m  (stopped in the other tool; its time is the entry above)\n"),
            "\(preview)")
        let imported = await stint.run("import", "--from", "timewarrior", path)
        #expect(imported.stdout.hasSuffix("1 new, 0 updated, 6 unchanged, 1 skipped, 1 deleted\n"), "\(imported)")
        #expect(await stint.run("timer").stdout.hasPrefix("No timer running."))
        let entries = await stint.run("entries", "list", "--since", "2026-11-23", "--until", "2026-11-23", "--json")
        #expect(entries.stdout.contains(#""duration_seconds" : 12600"#), "\(entries)")
        // The older file, read again, does not run the interval again: its time would count twice.
        let older = await stint.run("import", "--from", "timewarrior", "--dry-run", Self.export)
        #expect(
            older.stdout.contains(
                "skip   timer    2026-11-23 08:00 (running)  (stopped since; its time is an entry)\n"),
            "\(older)")
        #expect(await stint.run("import", "--from", "timewarrior", "--quiet", Self.export).status == 0)
        #expect(await stint.run("timer").stdout.hasPrefix("No timer running."))
        #expect(await stint.run("undo").status == 0)
        #expect(await stint.run("timer").stdout.hasPrefix("Running: project Website"), "the undo restores the timer")
    }

    @Test("an interval imported open and stopped here since is not run again by the same file")
    func stoppedHere() async throws {
        let stint = try Self.home()
        #expect(await stint.run("import", "--from", "timewarrior", "--quiet", Self.export).status == 0)
        #expect(await stint.run("timer", "stop").status == 0)
        let before = try await Self.weekTotal(stint)
        let again = await stint.run("import", "--from", "timewarrior", Self.export)
        #expect(again.status == 0, "\(again)")
        #expect(await stint.run("timer").stdout.hasPrefix("No timer running."))
        #expect(try await Self.weekTotal(stint) == before)
        #expect(await stint.run("timer", "stop").status == 5)
    }

    @Test("the data folder alone gives the same week; --project-tags picks the projects; --dry-run writes nothing")
    func folderAndProjectTags() async throws {
        let stint = try Self.home()
        let preview = await stint.run(
            "import", "--from", "timewarrior", "--dry-run", "--project-tags", "meeting, errands", Self.folder)
        #expect(preview.stdout.contains("create project  meeting\n"))
        #expect(preview.stdout.contains("create entry    2026-11-16 09:00 1h30m  (meeting +website)\n"))
        #expect(preview.stdout.contains("create entry    2026-11-18 09:00 26h  (Timewarrior +home +long-haul)\n"))
        #expect(preview.stdout.contains("skip   entry    2026-11-20 07:30  (it lasts no time)\n"))
        #expect(preview.stdout.hasSuffix("(nothing written)\n"))
        #expect(try await Self.weekTotal(stint) == 0)

        #expect(await stint.run("import", "--from", "timewarrior", "--quiet", Self.folder).status == 0)
        #expect(try await Self.weekTotal(stint) == 122_130)
        #expect(await stint.run("import", "--project-tags", "x", Self.export).status == 64)
    }

    @Test("a tag with spaces or commas comes in as one word with hyphens instead of refusing the whole file")
    func freeTextTags() async throws {
        let stint = try Self.home()
        let file = stint.root.appendingPathComponent("2026-11.data")
        try Data(
            #"inc 20261116T090000Z - 20261116T100000Z # Website "Client meeting" "x,y" ", " "a, b c""#.utf8
        ).write(to: file)
        let imported = await stint.run("import", "--from", "timewarrior", file.path)
        #expect(imported.status == 0, "\(imported.stderr)")
        let entries = await stint.run("entries", "list", "--since", "2026-11-16", "--until", "2026-11-16", "--json")
        #expect(entries.stdout.contains(#""tags" : ["#), "\(entries.stdout)")
        let object = try JSONSerialization.jsonObject(with: Data(entries.stdout.utf8)) as? [[String: Any]]
        #expect(object?.first?["tags"] as? [String] == ["a-b-c", "client-meeting", "x-y"])
    }

    @Test("a tag too long for Stint, or past fifty, goes into the note instead of refusing the whole file")
    func tagsThatDoNotFit() async throws {
        let stint = try Self.home()
        let file = stint.root.appendingPathComponent("2026-11.data")
        let long = "Call with the marketing team about the Q3 launch plan"
        let many = (1...51).map { "t\($0)" }.joined(separator: " ")
        try Data(
            (#"inc 20261116T090000Z - 20261116T100000Z # Website "\#(long)" short # the notes"# + "\n"
                + "inc 20261116T110000Z - 20261116T120000Z # Website \(many)\n").utf8
        ).write(to: file)
        let imported = await stint.run("import", "--from", "timewarrior", file.path)
        #expect(imported.status == 0, "\(imported.stderr)")
        let entries = await stint.run("entries", "list", "--since", "2026-11-16", "--until", "2026-11-16", "--json")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(entries.stdout.utf8)) as? [[String: Any]])
        #expect(object.count == 2)
        #expect(object.first?["tags"] as? [String] == ["short"])
        #expect(object.first?["note"] as? String == "the notes\ntags: \(long)")
        #expect((object.last?["tags"] as? [String])?.count == 50)
        #expect(object.last?["note"] as? String == "tags: t51")
    }

    @Test("a running Stint timer is not replaced, and a bad line stops the import with nothing written")
    func refusals() async throws {
        let stint = try Self.home()
        #expect(await stint.run("project", "add", "Other").status == 0)
        #expect(await stint.run("timer", "start", "--project", "Other").status == 0)
        let imported = await stint.run("import", "--from", "timewarrior", "--dry-run", Self.export)
        #expect(
            imported.stdout.contains(
                "skip   timer    2026-11-23 08:00 (running)  (a timer is already running in Stint; stop it and import again)\n"
            ))

        let bad = stint.root.appendingPathComponent("2026-11.data")
        try Data("inc 20261116T090000Z - 20261116T103000Z # Website\ninc yesterday # Home\n".utf8).write(to: bad)
        let refused = await stint.run("import", "--from", "timewarrior", bad.path)
        #expect(refused.status == 4)
        #expect(
            refused.stderr
                == "stint: line 2 of the Timewarrior file: its start 'yesterday' is not a date like 20261120T090000Z\n")
        let garbage = stint.root.appendingPathComponent("g.data")
        try Data("hello world\n".utf8).write(to: garbage)
        let notTimew = await stint.run("import", "--from", "timewarrior", garbage.path)
        #expect(notTimew.stderr.hasPrefix("stint: the file is not Timewarrior's"))
        let empty = stint.root.appendingPathComponent("empty")
        try FileManager.default.createDirectory(at: empty, withIntermediateDirectories: true)
        let noData = await stint.run("import", "--from", "timewarrior", empty.path)
        #expect(noData.status == 4)
        #expect(noData.stderr.contains("holds no Timewarrior data files"))
        #expect(try await Self.weekTotal(stint) == 0)
    }
}

/// `stint import --from watson`, on files the real Watson wrote (Fixtures/make-watson-data.sh).
@Suite("Importing from Watson")
struct WatsonImportRouteTests {
    private static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("Fixtures")
    private static let folder = fixtures.appendingPathComponent("watson-data").path

    @Test("the week's total equals what `watson report` said for it, to the second; the tracked frame runs as a timer")
    func folder() async throws {
        let stint = try Harness()
        stint.now = "2026-11-23T12:00:00Z"
        let first = await stint.run("import", "--from", "watson", Self.folder)
        #expect(first.stderr == "")
        #expect(first.stdout == "Imported \(Self.folder) from Watson: 9 new, 0 updated, 0 unchanged, 0 skipped\n")
        let expected = try String(
            contentsOf: Self.fixtures.appendingPathComponent("watson-report.txt"), encoding: .utf8)
        let report = await stint.run("report", "--since", "2026-11-16", "--until", "2026-11-22", "--json")
        let total = (try JSONSerialization.jsonObject(with: Data(report.stdout.utf8)) as? [String: Any])?[
            "total_seconds"]
        #expect(total as? Int == Int(expected.trimmingCharacters(in: .whitespacesAndNewlines)))
        #expect(total as? Int == 119_430)
        #expect(await stint.run("timer").stdout.hasPrefix("Running: project Website\n  Elapsed   4h 00m\n"))

        // The frames file names its folder's state too, and the ids match: nothing changes.
        let frames = await stint.run("import", "--from", "watson", Self.folder + "/frames")
        #expect(frames.stdout.hasSuffix("0 new, 0 updated, 6 unchanged, 0 skipped\n"), "\(frames.stdout)")

        // An entry changed in Stint after Watson last changed its frame keeps Stint's version.
        stint.now = "2026-11-25T09:00:00Z"
        let listed = await stint.run("entries", "list", "--since", "2026-11-21", "--until", "2026-11-21", "--json")
        let entries = try JSONSerialization.jsonObject(with: Data(listed.stdout.utf8)) as? [[String: Any]]
        let id = try #require(entries?.first?["id"] as? String)
        #expect(await stint.run("entries", "edit", String(id.prefix(8)), "--note", "bread and milk").status == 0)
        let later = await stint.run("import", "--from", "watson", "--dry-run", Self.folder)
        #expect(later.stdout.contains("(changed in Stint since; Stint's version kept)\n"), "\(later.stdout)")
        #expect(later.stdout.hasSuffix("0 new, 0 updated, 6 unchanged, 0 skipped (nothing written)\n"))
    }

    @Test("a tracked frame imported as a timer, then stopped in Watson: its timer goes, its entry comes, once")
    func stoppedSince() async throws {
        let stint = try Harness()
        stint.now = "2025-12-02T12:00:00Z"
        let tracking = stint.root.appendingPathComponent("tracking")
        let stopped = stint.root.appendingPathComponent("stopped")
        for folder in [tracking, stopped] {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        }
        try Data("[]".utf8).write(to: tracking.appendingPathComponent("frames"))
        try Data(#"{"project": "Home", "start": 1764669600, "tags": ["t"]}"#.utf8)
            .write(to: tracking.appendingPathComponent("state"))
        try Data(#"[[1764669600, 1764673200, "Home", "f00d", ["t"], 1764673200]]"#.utf8)
            .write(to: stopped.appendingPathComponent("frames"))
        try Data("{}".utf8).write(to: stopped.appendingPathComponent("state"))

        #expect(await stint.run("import", "--from", "watson", "--quiet", tracking.path).status == 0)
        #expect(await stint.run("timer").stdout.hasPrefix("Running: project Home"))
        let imported = await stint.run("import", "--from", "watson", stopped.path)
        #expect(imported.stdout.hasSuffix("1 new, 0 updated, 0 unchanged, 0 skipped, 1 deleted\n"), "\(imported)")
        #expect(await stint.run("timer").stdout.hasPrefix("No timer running."))
        let today = try await stint.json("report", "--today") as? [String: Any]
        #expect(today?["total_seconds"] as? Int == 3_600)
        // The tracking folder read again does not start the frame again.
        #expect(await stint.run("import", "--from", "watson", "--quiet", tracking.path).status == 0)
        #expect(await stint.run("timer").stdout.hasPrefix("No timer running."))
        #expect((try await stint.json("report", "--today") as? [String: Any])?["total_seconds"] as? Int == 3_600)
    }

    @Test("a frame that cannot be read is named, and nothing is written")
    func badFrame() async throws {
        let stint = try Harness()
        stint.now = "2026-11-23T12:00:00Z"
        let file = stint.root.appendingPathComponent("frames.json")
        try Data(#"[[1794819600, 1794825000, "Website", "aa", []], [1794826800, "soon", "Home", "bb", []]]"#.utf8)
            .write(to: file)
        let refused = await stint.run("import", "--from", "watson", file.path)
        #expect(refused.status == 4)
        #expect(refused.stderr == "stint: frame 2 of the Watson file: its start and stop are not Unix times\n")
        try Data(#"{"project": "x"}"#.utf8).write(to: file)
        #expect(
            await stint.run("import", "--from", "watson", file.path).stderr.hasPrefix("stint: the file is not Watson's")
        )
        #expect(await stint.run("report", "--since", "2026-11-16").stdout.contains("Website") == false)
    }
}

/// Another tool's file or folder handed to `stint import` without `--from`: refused as before (exit 4, nothing
/// written), with the option that imports it.
@Suite("Importing another tool's file without --from")
struct ForeignFileWithoutFromTests {
    private static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("Fixtures")

    @Test(
        "each real file and folder names its tool and the option",
        arguments: [
            (
                "taskwarrior-export.json",
                "the file is not a Stint export: it looks like Taskwarrior's; import it with --from taskwarrior"
            ),
            (
                "timewarrior-export.json",
                "the file is not a Stint export: it looks like Timewarrior's; import it with --from timewarrior"
            ),
            (
                "timewarrior-data/2026-11.data",
                "the file is not a Stint export: it looks like Timewarrior's; import it with --from timewarrior"
            ),
            (
                "watson-data/frames",
                "the file is not a Stint export: it looks like Watson's; import it with --from watson"
            ),
        ])
    func files(_ name: String, message: String) async throws {
        let stint = try Harness()
        let refused = await stint.run("import", Self.fixtures.appendingPathComponent(name).path)
        #expect(refused.status == 4)
        #expect(refused.stderr == "stint: \(message)\n")
        #expect(await stint.run("task", "list", "--count").stdout == "0\n")
        #expect(await stint.run("entries", "list", "--since", "2020-01-01", "--json").stdout == "[]\n")
    }

    @Test("a folder of Timewarrior's or Watson's says which; any other folder asks for the export file")
    func folders() async throws {
        let stint = try Harness()
        let timewarrior = stint.root.appendingPathComponent("timewarrior")
        try FileManager.default.createDirectory(
            at: timewarrior.appendingPathComponent("data"), withIntermediateDirectories: true)
        let refused = await stint.run("import", timewarrior.path)
        #expect(refused.status == 4)
        #expect(refused.stderr.hasSuffix("is a folder, Timewarrior's by the look of it: add --from timewarrior\n"))
        let watson = Self.fixtures.appendingPathComponent("watson-data").path
        #expect(
            await stint.run("import", watson).stderr.hasSuffix(
                "is a folder, Watson's by the look of it: add --from watson\n"))
        let other = await stint.run("import", stint.root.path)
        #expect(other.status == 4)
        #expect(other.stderr.hasSuffix("is a folder: name the file written by `stint export`\n"))
    }

    @Test("a file that is no tool's keeps saying what is wrong with it as an export")
    func others() async throws {
        let stint = try Harness()
        let file = stint.root.appendingPathComponent("other.json")
        for (text, message) in [
            ("[1, 2]", "the file is not a Stint export: unexpected value at the top level"),
            (#"[{"start": "yesterday"}]"#, "the file is not a Stint export: unexpected value at the top level"),
            ("include", "the file is not a Stint export: it is not valid JSON"),
        ] {
            try Data(text.utf8).write(to: file)
            let refused = await stint.run("import", file.path)
            #expect(refused.status == 4)
            #expect(refused.stderr == "stint: \(message)\n", "\(text)")
        }
    }
}
