import Foundation
import Testing

@testable import LocalStorage

/// Migration v11: a report finds each task's project in `tasks_project_by_id`, without reading the task's row.
@Suite("Projects of tasks from the index")
struct TaskProjectIndexTests {
    @Test("the lookup reads the covering index, not the key's index and the row")
    func plan() async throws {
        try await withStore { store in
            let plan = try await queryPlan(store, TargetTotals.projectOfTaskSQL, arguments: [makeID(10)])
            #expect(plan.contains("COVERING INDEX tasks_project_by_id (id=?)"), "\(plan)")
        }
    }

    @Test("moving a task to another project moves its time in the next report; a task in no project counts as none")
    func followsTheTask() async throws {
        try await withStore { store in
            try await store.write(summary: "seed", at: day0) { writer in
                try writer.insert(project(1, "One"))
                try writer.insert(project(2, "Two"))
                try writer.insert(task(10, "Moves", project: makeID(1)))
                try writer.insert(task(11, "Loose"))
                for (number, task) in [(30, 10), (31, 11)] {
                    try writer.insert(entry(number, task: makeID(task), start: at(number), minutes: number))
                }
            }
            let before = try await store.timeTotals(TimeEntryFilter(), groupedBy: .project)
            #expect(before.map(\.key) == [nil, makeID(1)])
            #expect(before.map(\.seconds) == [1_860, 1_800])
            try await store.write(summary: "move", at: day0) { writer in
                try writer.update(task(10, "Moves", project: makeID(2)))
            }
            let after = try await store.timeTotals(TimeEntryFilter(), groupedBy: .task)
            #expect(after.map(\.key) == [makeID(10), makeID(11)])
            #expect(after.map(\.projectID) == [makeID(2), nil])
        }
    }

    @Test("a v10 file gains the index on its next open, its report unchanged")
    func migrationFromV10() async throws {
        try await withFileMigrated(
            from: "v10-entries-by-task-with-times", version: 10,
            rows: """
                INSERT INTO projects (id, name, created_at, updated_at) VALUES ('\(makeID(5))', 'P', 0, 0);
                INSERT INTO tasks (id, number, project_id, title, status, tags, created_at, updated_at)
                VALUES ('\(makeID(1))', 1, '\(makeID(5))', 'Old', 'open', '[]', 0, 0);
                INSERT INTO time_entries (id, task_id, start_at, end_at, duration_seconds, logged_by, created_at,
                    updated_at)
                VALUES ('\(makeID(2))', '\(makeID(1))', 0, 90000, 90, '\(makeID(900))', 0, 0);
                """, index: "tasks_project_by_id"
        ) { store, index async throws in
            #expect(index.contains("ON tasks(id, project_id)"), "\(index)")
            let totals = try await store.timeTotals(TimeEntryFilter(), groupedBy: .project)
            #expect(totals.map(\.key) == [makeID(5)])
            #expect(totals.map(\.seconds) == [90])
        }
    }
}
