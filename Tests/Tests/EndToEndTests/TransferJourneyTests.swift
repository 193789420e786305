import Foundation
import Testing

@Suite("Export and import")
struct TransferJourneyTests {
    @Test("Export, import into a fresh home: every field survives; importing twice changes nothing")
    func roundTrip() async throws {
        try await Stint.withHome { source in
            try await source.ok("project", "add", "Work", "--note", "Line one\nLine two — ünïcödé ✓")
            try await source.ok("project", "add", "Attic")
            try await source.ok("project", "add", "Garden")
            try await source.ok("list", "add", "Backlog", "--project", "Work")
            try await source.ok("list", "add", "Beds", "--project", "Garden")
            try await source.ok(
                "task", "add", "Write report", "--list", "Backlog", "--due", "fri", "-P", "high", "-t", "writing",
                "-t", "q4", "--estimate", "1.5h", "--note", "First line\nSecond \"quoted\" line")
            try await source.ok("task", "add", "Inbox item 📥")
            try await source.ok("task", "add", "Plant tulips", "-p", "Garden", "-l", "Beds", "-d", "2026-12-01")
            try await source.ok("task", "add", "Sweep", "-p", "Attic", "-P", "low", "-d", "yesterday")
            try await source.ok("task", "done", "4")
            try await source.ok("project", "archive", "Attic")
            try await source.ok("task", "add", "Review", "-p", "Work", "-P", "medium", "-e", "20m")
            try await source.ok("task", "start", "5")
            try await source.ok("task", "note", "5", "Halfway there")
            try await source.ok("log", "45m", "1", "--start", "08:00", "--note", "draft", "--tag", "deep", "--billable")
            try await source.ok("log", "1h", "--project", "Garden", "--date", "yesterday")
            try await source.ok("timer", "start", "5", "--at", "09:00", "--note", "review")
            try await source.ok("timer", "start", "--project", "Work", "--at", "09:30")

            let exported = try await source.export()
            let raw = try await source.ok("export")
            let document = try #require(
                try JSONSerialization.jsonObject(with: Data(raw.stdout.utf8)) as? [String: Any])
            #expect(document["format"] as? String == "stint-export")
            #expect((document["version"] as? NSNumber)?.intValue == 2)
            #expect((document["projects"] as? [Any])?.count == 3)
            #expect((document["lists"] as? [Any])?.count == 2)
            #expect((document["tasks"] as? [Any])?.count == 5)
            #expect((document["time_entries"] as? [Any])?.count == 2)
            #expect((document["timers"] as? [Any])?.count == 2)
            #expect(document["person_id"] is String)

            let file = source.root.appendingPathComponent("backup.json")
            let written = try await source.ok("export", "--output", file.path)
            #expect(written.stdout.isEmpty)
            #expect(FileManager.default.fileExists(atPath: file.path))

            try await Stint.withHome { target in
                let first = try await target.json("import", file.path)
                #expect(first["inserted"].int == 14)
                #expect(first["updated"].int == 0)
                #expect(first["unchanged"].int == 0)
                let imported = try await target.export()
                #expect(imported == exported)

                let second = try await target.ok("import", file.path)
                #expect(second.stdout.contains("0 new, 0 updated, 14 unchanged"), "\(second)")
                #expect(try await target.export() == exported)
                let third = try await target.json("import", file.path)
                #expect(third["inserted"].int == 0 && third["updated"].int == 0)

                // What people see is the same too, not only the file.
                let shown = try await target.json("task", "list", "--status", "all", "--sort", "title")
                #expect(
                    titles(shown) == ["Inbox item 📥", "Plant tulips", "Review", "Sweep", "Write report"])
                #expect(try await target.json("project", "list", "--archived").array.count == 3)
                // The timers follow their person: the imported home owns them, one running, one paused.
                #expect(try await target.json("timer", "list").array.count == 2)
                #expect(try await target.json("entries", "--all").array.count == 2)
            }

            // A file re-imported where it came from matches everything already there.
            let home = try await source.json("import", file.path)
            #expect(home["inserted"].int == 0 && home["updated"].int == 0 && home["unchanged"].int == 14)
        }
    }

    @Test("An import updates items whose id is already stored, and says so")
    func importUpdates() async throws {
        try await Stint.withHome { stint in
            let projectID = "33333333-0000-4000-8000-000000000001"
            let original = try stint.file(
                "v1.json",
                json: Archive.document(
                    projects: [Archive.project(id: projectID, name: "Shared")],
                    tasks: [
                        Archive.task(id: "44444444-0000-4000-8000-000000000001", title: "Draft", projectID: projectID)
                    ]
                ))
            try await stint.ok("import", original.path)

            var task = Archive.task(
                id: "44444444-0000-4000-8000-000000000001", title: "Final", projectID: projectID, priority: "high")
            task["updated_at"] = "2026-11-02T09:00:00.000Z"
            let changed = try stint.file(
                "v2.json",
                json: Archive.document(projects: [Archive.project(id: projectID, name: "Shared")], tasks: [task]))
            let counts = try await stint.json("import", changed.path)
            #expect(counts["inserted"].int == 0)
            #expect(counts["updated"].int == 1)
            #expect(counts["unchanged"].int == 1)
            let shown = try await stint.json("task", "show", "4444")
            #expect(shown["title"].string == "Final")
            #expect(shown["priority"].string == "high")
        }
    }
}
