import Entities
import Foundation
import Repositories
import Testing

@testable import Workers

/// The export file is a format people keep for years: these tests pin the whole document, field names
/// included, so renaming a key (or dropping timers and entries) fails here instead of passing a round trip
/// that writes and reads the same wrong name.
@Suite("The export file, whole")
struct ExportFileTests {
    /// Everything Stint stores, once: an archived project with a note, a list, a task with every field, a
    /// completed task, logged time with tags, a running timer and a paused one.
    static func seed(_ bench: Workbench) async throws {
        _ = try await bench.projects.create(name: "Work", note: "Day job\nsecond line")
        _ = try await bench.projects.create(name: "Attic", note: "")
        _ = try await bench.lists.create(name: "Backlog", projectReference: "Work")
        _ = try await bench.tasks.create(
            TaskInput(
                title: "Write \"report\" ✓", project: "Work", list: "Backlog", due: Workbench.day("2026-11-27"),
                priority: .high, tags: ["writing", "q4"], estimateSeconds: 5_400, note: "outline first"))
        _ = try await bench.tasks.create(TaskInput(title: "Sweep", project: "Attic"))
        _ = try await bench.tasks.complete("2")
        _ = try await bench.projects.setArchived("Attic", true)
        _ = try await bench.time().log(
            LogInput(
                durationSeconds: 1_800, task: "1", project: nil, start: bench.instant("2026-11-21T08:00:00Z"),
                note: "draft", billable: true, tags: ["deep"], force: false))
        _ = try await bench.time().start(task: "1", project: nil, note: "more", billable: false, at: nil)
        bench.clock.advance(by: 600)
        _ = try await bench.time().start(task: nil, project: "Work", note: nil, billable: true, at: nil)
    }

    @Test("an export is exactly the documented document, timers and time entries included")
    func wholeDocument() async throws {
        let bench = try Workbench()
        defer { bench.remove() }
        try await Self.seed(bench)
        let exported = String(decoding: try await bench.transfer.export(), as: UTF8.self)
        #expect(exported == Self.expected)
    }

    @Test("importing the document into a fresh database and exporting again gives it back byte for byte")
    func roundTrip() async throws {
        let bench = try Workbench(now: "2026-11-21T10:10:00Z")
        defer { bench.remove() }
        let result = try await bench.transfer.importArchive(Data(Self.expected.utf8)) { _, _ in }
        #expect(result == ImportResult(inserted: 8, updated: 0, unchanged: 0))
        #expect(String(decoding: try await bench.transfer.export(), as: UTF8.self) == Self.expected)
    }

    static let expected = #"""
        {
          "exported_at" : "2026-11-21T10:10:00.000Z",
          "format" : "stint-export",
          "lists" : [
            {
              "created_at" : "2026-11-21T10:00:00.000Z",
              "id" : "00000000-0000-4000-8000-000000000003",
              "name" : "Backlog",
              "project_id" : "00000000-0000-4000-8000-000000000001",
              "updated_at" : "2026-11-21T10:00:00.000Z"
            }
          ],
          "person_id" : "00000000-0000-4000-8000-000000000007",
          "projects" : [
            {
              "archived_at" : "2026-11-21T10:00:00.000Z",
              "created_at" : "2026-11-21T10:00:00.000Z",
              "id" : "00000000-0000-4000-8000-000000000002",
              "name" : "Attic",
              "note" : "",
              "updated_at" : "2026-11-21T10:00:00.000Z"
            },
            {
              "created_at" : "2026-11-21T10:00:00.000Z",
              "id" : "00000000-0000-4000-8000-000000000001",
              "name" : "Work",
              "note" : "Day job\nsecond line",
              "updated_at" : "2026-11-21T10:00:00.000Z"
            }
          ],
          "tasks" : [
            {
              "created_at" : "2026-11-21T10:00:00.000Z",
              "due" : "2026-11-27",
              "estimate_seconds" : 5400,
              "id" : "00000000-0000-4000-8000-000000000004",
              "list_id" : "00000000-0000-4000-8000-000000000003",
              "note" : "outline first",
              "prerequisite_ids" : [

              ],
              "priority" : "high",
              "project_id" : "00000000-0000-4000-8000-000000000001",
              "status" : "in-progress",
              "tags" : [
                "q4",
                "writing"
              ],
              "title" : "Write \"report\" ✓",
              "updated_at" : "2026-11-21T10:00:00.000Z"
            },
            {
              "completed_at" : "2026-11-21T10:00:00.000Z",
              "created_at" : "2026-11-21T10:00:00.000Z",
              "id" : "00000000-0000-4000-8000-000000000005",
              "note" : "",
              "prerequisite_ids" : [

              ],
              "priority" : "none",
              "project_id" : "00000000-0000-4000-8000-000000000002",
              "status" : "done",
              "tags" : [

              ],
              "title" : "Sweep",
              "updated_at" : "2026-11-21T10:00:00.000Z"
            }
          ],
          "time_entries" : [
            {
              "billable" : true,
              "created_at" : "2026-11-21T10:00:00.000Z",
              "duration_seconds" : 1800,
              "id" : "00000000-0000-4000-8000-000000000006",
              "logged_by" : "00000000-0000-4000-8000-000000000007",
              "note" : "draft",
              "start" : "2026-11-21T08:00:00.000Z",
              "tags" : [
                "deep"
              ],
              "task_id" : "00000000-0000-4000-8000-000000000004",
              "updated_at" : "2026-11-21T10:00:00.000Z"
            }
          ],
          "timers" : [
            {
              "billable" : false,
              "created_at" : "2026-11-21T10:00:00.000Z",
              "id" : "00000000-0000-4000-8000-000000000009",
              "intervals" : [
                {
                  "end" : "2026-11-21T10:10:00.000Z",
                  "start" : "2026-11-21T10:00:00.000Z"
                }
              ],
              "note" : "more",
              "owner_id" : "00000000-0000-4000-8000-000000000007",
              "tags" : [

              ],
              "task_id" : "00000000-0000-4000-8000-000000000004",
              "updated_at" : "2026-11-21T10:10:00.000Z"
            },
            {
              "billable" : true,
              "created_at" : "2026-11-21T10:10:00.000Z",
              "id" : "00000000-0000-4000-8000-000000000011",
              "intervals" : [
                {
                  "start" : "2026-11-21T10:10:00.000Z"
                }
              ],
              "note" : "",
              "owner_id" : "00000000-0000-4000-8000-000000000007",
              "project_id" : "00000000-0000-4000-8000-000000000001",
              "tags" : [

              ],
              "updated_at" : "2026-11-21T10:10:00.000Z"
            }
          ],
          "version" : 2
        }
        """#
}
