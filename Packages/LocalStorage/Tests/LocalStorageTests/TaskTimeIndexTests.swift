import Foundation
import Testing

@testable import LocalStorage

/// Migration v10: the time per task is summed from `time_entries_by_task` alone.
@Suite("Time per task from the index")
struct TaskTimeIndexTests {
    @Test("the sums read the index, not the entries' rows")
    func plan() async throws {
        try await withStore { store in
            try await store.write(summary: "seed", at: day0) { writer in
                try writer.insert(task(10, "Task"))
                try writer.insert(
                    TimeEntryRecord(
                        id: makeID(30), taskID: makeID(10), projectID: nil, start: at(0), durationSeconds: 60,
                        loggedBy: makeID(900), createdAt: at(0), updatedAt: at(0)))
            }
            let plan = try await queryPlan(
                store, TaskTimeQueries.sumsSQL, arguments: [#"[""# + makeID(10) + #""]"#])
            #expect(plan.contains("COVERING INDEX time_entries_by_task"), "\(plan)")
        }
    }

    @Test("a v9 file gains the wider index on its next open, its sums unchanged")
    func migrationFromV9() async throws {
        try await withFileMigrated(
            from: "v9-tasks-by-status", version: 9,
            rows: """
                INSERT INTO tasks (id, number, title, status, tags, created_at, updated_at)
                VALUES ('\(makeID(1))', 1, 'Old', 'open', '[]', 0, 0);
                INSERT INTO time_entries (id, task_id, start_at, end_at, duration_seconds, logged_by, created_at,
                    updated_at)
                VALUES ('\(makeID(2))', '\(makeID(1))', 0, 90000, 90, '\(makeID(900))', 0, 0),
                    ('\(makeID(3))', '\(makeID(1))', 100000, 130000, 30, '\(makeID(900))', 0, 0);
                """, index: "time_entries_by_task"
        ) { store, index async throws in
            #expect(index.contains("(task_id, start_at, end_at, deleted_at)"), "\(index)")
            #expect(try await store.loggedSeconds(onTasks: [makeID(1)]) == [makeID(1): 120])
        }
    }
}
