import Entities
import Foundation
import Repositories
import Testing

@testable import Workers

/// The links and series of ADR 0030 in the export file: `parent_id`, `prerequisite_ids`, `repeat_rule`,
/// `repeat_until`, `series_id` and `series_start` go out and come back exactly, files written before them still
/// import, and a file whose repeat fields do not go together is refused naming the record.
@Suite("Subtasks, dependencies and series in the export file")
struct TaskRelationsExportTests {
    /// A project; "Website" (1) in it; "Design" (2); "Copy" (3), a subtask of 1 that comes after 2; "Water" (4),
    /// every 2 weeks from 2026-11-20 until 2027-06-30, completed, so its next occurrence (5) is in the series.
    static func seed(_ bench: Workbench) async throws {
        _ = try await bench.projects.create(name: "Work", note: "")
        _ = try await bench.tasks.create(TaskInput(title: "Website", project: "Work"))
        _ = try await bench.tasks.create(TaskInput(title: "Design"))
        var copy = TaskInput(title: "Copy")
        copy.parent = "1"
        copy.after = ["2"]
        _ = try await bench.tasks.create(copy)
        var water = TaskInput(title: "Water", due: Workbench.day("2026-11-20"))
        water.repeatRule = "every 2w"
        water.repeatUntil = Workbench.day("2027-06-30")
        _ = try await bench.tasks.create(water)
        let completed = try await bench.tasks.complete("4")
        #expect(completed.nextOccurrence?.number == 5)
    }

    /// The task records of an export, by title.
    static func records(_ data: Data) throws -> [String: [String: Any]] {
        let document = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        let tasks = try #require(document["tasks"] as? [[String: Any]])
        return Dictionary(tasks.map { ($0["title"] as? String ?? "", $0) }, uniquingKeysWith: { first, _ in first })
    }

    @Test("each task record carries its links and series under the documented names")
    func fieldNames() async throws {
        let bench = try Workbench()
        defer { bench.remove() }
        try await Self.seed(bench)
        let exported = try await bench.transfer.export()
        let document = try #require(try JSONSerialization.jsonObject(with: exported) as? [String: Any])
        let tasks = try #require(document["tasks"] as? [[String: Any]])
        #expect(tasks.count == 5)
        let byTitle = try Self.records(exported)
        let website = try #require(byTitle["Website"])
        let design = try #require(byTitle["Design"])
        let copy = try #require(byTitle["Copy"])
        #expect(copy["parent_id"] as? String == website["id"] as? String)
        #expect(copy["prerequisite_ids"] as? [String] == [try #require(design["id"] as? String)])
        #expect(copy["repeat_rule"] == nil && copy["series_id"] == nil, "a one-off task writes no repeat fields")
        #expect(website["parent_id"] == nil, "a top-level task writes no parent_id")
        #expect(website["prerequisite_ids"] as? [String] == [])

        let occurrences = tasks.filter { $0["title"] as? String == "Water" }
        #expect(occurrences.count == 2)
        let first = try #require(occurrences.first { $0["status"] as? String == "done" })
        let next = try #require(occurrences.first { $0["status"] as? String == "open" })
        for record in occurrences {
            #expect(record["repeat_rule"] as? String == "every 2 weeks", "the canonical spelling")
            #expect(record["repeat_until"] as? String == "2027-06-30")
            #expect(record["series_id"] as? String == first["id"] as? String, "the series is named by its first task")
            #expect(record["series_start"] as? String == "2026-11-20")
        }
        #expect(next["due"] as? String == "2026-12-04")
        // The fast reader and the decoder read such a file the same way.
        let fast = try #require(ExportFileReader.read(exported, recordRead: {}))
        let slow = try ExportFile.decoder.decode(ExportFile.self, from: exported)
        #expect(try ExportFile.encoder.encode(fast) == ExportFile.encoder.encode(slow))
        #expect(fast.tasks.first { $0.title == "Copy" }?.parentId != nil)
    }

    @Test("export, import into a fresh store and export again gives the same document, and the store reads it")
    func roundTrip() async throws {
        let bench = try Workbench()
        defer { bench.remove() }
        try await Self.seed(bench)
        let exported = try await bench.transfer.export()

        let fresh = try Workbench()
        defer { fresh.remove() }
        let result = try await fresh.transfer.importArchive(exported) { _, _ in }
        #expect(result == ImportResult(inserted: 6, updated: 0, unchanged: 0))
        let again = try await fresh.transfer.export()
        #expect(String(decoding: again, as: UTF8.self) == String(decoding: exported, as: UTF8.self))
        // A second import of the same file changes nothing.
        #expect(
            try await fresh.transfer.importArchive(exported) { _, _ in }
                == ImportResult(inserted: 0, updated: 0, unchanged: 6))

        // The imported store sees the tree, the dependency and the series, not just the stored fields.
        let all = try await fresh.tasks.search(TaskSearch(status: .all, includesLoggedTime: true))
        let copy = try #require(all.first { $0.task.title == "Copy" })
        let shown = try await fresh.tasks.details("\(try #require(copy.task.number))")
        #expect(shown.parent?.title == "Website")
        #expect(shown.prerequisites.map(\.title) == ["Design"])
        #expect(shown.isBlocked)
        let website = try #require(all.first { $0.task.title == "Website" })
        let parent = try await fresh.tasks.details("\(try #require(website.task.number))")
        #expect(parent.subtasks.map(\.title) == ["Copy"])

        // The series goes on from where it was: both stores make the same next occurrence (same id, same day).
        let open = try #require(all.first { $0.task.title == "Water" && $0.task.status == .open })
        let here = try await bench.tasks.complete("5")
        let there = try await fresh.tasks.complete("\(try #require(open.task.number))")
        let made = try #require(here.nextOccurrence)
        #expect(there.nextOccurrence?.id == made.id)
        #expect(there.nextOccurrence?.due == Workbench.day("2026-12-18"))
        #expect(there.nextOccurrence?.repetition == made.repetition)
    }

    /// A version 2 file as Stint wrote it before subtasks, dependencies and series: no such keys at all.
    static let older = #"""
        {"format":"stint-export","version":2,"exported_at":"2026-11-21T10:00:00.000Z","person_id":null,
        "projects":[],"lists":[],"tasks":[
        {"id":"aaaaaaaa-0000-4000-8000-000000000001","title":"Old","note":"","status":"open","priority":"none",
        "tags":[],"created_at":"2026-11-20T10:00:00.000Z","updated_at":"2026-11-20T10:00:00.000Z"},
        {"id":"aaaaaaaa-0000-4000-8000-000000000002","title":"Older","note":"","status":"done","priority":"low",
        "due":"2026-11-19","tags":["x"],"completed_at":"2026-11-20T11:00:00.000Z",
        "created_at":"2026-11-20T10:00:00.000Z","updated_at":"2026-11-20T11:00:00.000Z"}],
        "timers":[],"time_entries":[]}
        """#

    @Test("a file written before the new fields imports as before: no links, no series")
    func olderFile() async throws {
        let fast = try #require(ExportFileReader.read(Data(Self.older.utf8), recordRead: {}))
        let slow = try ExportFile.decoder.decode(ExportFile.self, from: Data(Self.older.utf8))
        #expect(try ExportFile.encoder.encode(fast) == ExportFile.encoder.encode(slow))

        let bench = try Workbench()
        defer { bench.remove() }
        let result = try await bench.transfer.importArchive(Data(Self.older.utf8)) { _, _ in }
        #expect(result == ImportResult(inserted: 2, updated: 0, unchanged: 0))
        let all = try await bench.tasks.search(TaskSearch(status: .all))
        #expect(all.count == 2)
        for details in all {
            #expect(details.task.parentID == nil)
            #expect(details.task.prerequisiteIDs == [])
            #expect(details.task.repetition == nil)
        }
        let records = try Self.records(try await bench.transfer.export())
        #expect(records["Old"]?["prerequisite_ids"] as? [String] == [])
        #expect(records["Old"]?["repeat_rule"] == nil)
        // Importing the old file again finds everything unchanged, though the export now writes one more key.
        #expect(
            try await bench.transfer.importArchive(Data(Self.older.utf8)) { _, _ in }
                == ImportResult(inserted: 0, updated: 0, unchanged: 2))
    }

    /// One task record with `extra` fields (JSON members, each with a trailing comma).
    static func file(_ extra: String, compact: Bool = true) -> Data {
        let id = "aaaaaaaa-0000-4000-8000-000000000001"
        // An unknown key makes the fast reader leave the file to the decoder: both paths are checked.
        let unknown = compact ? "" : #""comment":"hand-written","#
        return Data(
            #"""
            {"format":"stint-export","version":2,"exported_at":"2026-11-21T10:00:00.000Z","projects":[],"lists":[],
            "tasks":[{"id":"\#(id)","title":"Broken","note":"","status":"open","priority":"none","due":"2026-11-20",
            "tags":[],\#(extra)\#(unknown)"created_at":"2026-11-20T10:00:00.000Z","updated_at":"2026-11-20T10:00:00.000Z"}],
            "person_id":null,"timers":[],"time_entries":[]}
            """#.utf8)
    }

    static let inconsistent: [(String, String)] = [
        (#""repeat_rule":"weekly","#, "tasks[0] in the file: repeat_rule needs series_id and series_start"),
        (
            #""repeat_rule":"weekly","series_id":"aaaaaaaa-0000-4000-8000-000000000001","#,
            "tasks[0] in the file: repeat_rule needs series_id and series_start"
        ),
        (
            #""series_id":"aaaaaaaa-0000-4000-8000-000000000001","series_start":"2026-11-20","#,
            "tasks[0] in the file: repeat_until, series_id and series_start need repeat_rule"
        ),
        (
            #""repeat_until":"2026-12-31","#,
            "tasks[0] in the file: repeat_until, series_id and series_start need repeat_rule"
        ),
        (
            #""repeat_rule":"every 0 days","series_id":"aaaaaaaa-0000-4000-8000-000000000001","series_start":"2026-11-20","#,
            "tasks[0] in the file: "
        ),
        (
            #""repeat_rule":"weekly","series_id":"aaaaaaaa-0000-4000-8000-000000000001","series_start":"2026-02-30","#,
            "tasks[0] in the file: "
        ),
        (
            #""parent_id":"aaaaaaaa-0000-4000-8000-000000000001","#,
            "tasks[0] in the file: a task cannot be its own parent: name another task"
        ),
        (
            #""prerequisite_ids":["aaaaaaaa-0000-4000-8000-000000000001"],"#,
            "tasks[0] in the file: a task cannot come after itself: name another task"
        ),
        (
            "\"prerequisite_ids\":["
                + (1...101).map { String(format: "\"bbbbbbbb-0000-4000-8000-%012d\"", $0) }.joined(separator: ",")
                + "],",
            "tasks[0] in the file: a task can come after at most 100 tasks (this one would come after 101)"
        ),
    ]

    @Test("a record whose links or repeat fields do not hold together is refused, named, with nothing written")
    func inconsistentRecords() async throws {
        for (extra, message) in Self.inconsistent {
            for compact in [true, false] {
                let data = Self.file(extra, compact: compact)
                #expect((ExportFileReader.read(data, recordRead: {}) != nil) == compact, "\(extra)")
                let bench = try Workbench()
                defer { bench.remove() }
                do {
                    let result = try await bench.transfer.importArchive(data) { _, _ in }
                    Issue.record("imported \(result) from \(extra)")
                } catch {
                    #expect(error.kind == .invalidInput, "\(extra)")
                    #expect(error.message.hasPrefix(message), "\(error.message)")
                    #expect(!error.message.contains("\n"), "\(error.message)")
                }
                #expect(try await bench.tasks.count(TaskSearch(status: .all)) == 0)
            }
        }
    }

    @Test("links to tasks that are not in the file are kept as plain ids, and read as none")
    func danglingLinks() async throws {
        let bench = try Workbench()
        defer { bench.remove() }
        let data = Self.file(
            #""parent_id":"cccccccc-0000-4000-8000-000000000001","prerequisite_ids":["cccccccc-0000-4000-8000-000000000002"],"#
        )
        #expect(
            try await bench.transfer.importArchive(data) { _, _ in }
                == ImportResult(inserted: 1, updated: 0, unchanged: 0))
        let details = try await bench.tasks.details("1")
        #expect(details.task.parentID != nil)
        #expect(details.task.prerequisiteIDs.count == 1)
        #expect(details.parent == nil)
        #expect(details.prerequisites.isEmpty)
        #expect(!details.isBlocked)
        let records = try Self.records(try await bench.transfer.export())
        #expect(records["Broken"]?["parent_id"] as? String == "cccccccc-0000-4000-8000-000000000001")
    }
}
