import Foundation
import Testing

@testable import LocalStorage

/// Migration v12: the task counts of `project list`, `list ls` and `project show` read the project and list
/// indexes alone, without each task's row.
@Suite("Task tallies from the indexes")
struct TaskTallyIndexTests {
    @Test(
        "every tally query reads a covering index",
        arguments: [("project_id", false), ("project_id", true), ("list_id", false), ("list_id", true)])
    func plan(column: String, oneProject: Bool) async throws {
        try await withStore { store in
            let sql = Queries.taskCountsSQL(groupedBy: column, oneProject: oneProject)
            let plan = try await queryPlan(store, sql, arguments: oneProject ? [makeID(1)] : [])
            let index = column == "list_id" ? "tasks_by_list" : "tasks_by_project"
            #expect(plan.contains("COVERING INDEX \(index)"), "\(plan)")
            #expect(!plan.contains("SCAN tasks"), "\(plan)")
        }
    }

    @Test("a v11 file gains the wider indexes on its next open, its counts unchanged")
    func migrationFromV11() async throws {
        let (p, l) = (makeID(5), makeID(6))
        try await withFileMigrated(
            from: "v11-tasks-project-by-id", version: 11,
            rows: """
                INSERT INTO projects (id, name, created_at, updated_at) VALUES ('\(p)', 'P', 0, 0);
                INSERT INTO task_lists (id, project_id, name, created_at, updated_at) VALUES ('\(l)', '\(p)', 'L', 0, 0);
                INSERT INTO tasks (id, number, project_id, list_id, title, status, tags, created_at, updated_at)
                VALUES ('\(makeID(1))', 1, '\(p)', '\(l)', 'Open', 'open', '[]', 0, 0),
                       ('\(makeID(2))', 2, '\(p)', NULL, 'Done', 'done', '[]', 0, 0);
                INSERT INTO tasks (id, number, project_id, list_id, title, status, tags, created_at, updated_at,
                    deleted_at)
                VALUES ('\(makeID(3))', 3, '\(p)', '\(l)', 'Gone', 'open', '[]', 0, 0, 5);
                """, index: "tasks_by_project"
        ) { store, index async throws in
            #expect(index.contains("ON tasks(project_id, status, due, deleted_at)"), "\(index)")
            let listIndex = try await store.schemaDefinitions().first { $0.hasPrefix("index tasks_by_list ") }
            #expect(listIndex?.contains("ON tasks(list_id, status, due, deleted_at)") == true, "\(listIndex ?? "")")
            #expect(try await store.taskCountsByProject(projectID: p) == [p: TaskCounts(open: 1, completed: 1)])
            #expect(try await store.taskCountsByProject(projectID: nil) == [p: TaskCounts(open: 1, completed: 1)])
            #expect(try await store.taskCountsByList(projectID: p) == [l: TaskCounts(open: 1)])
            #expect(try await store.taskCountsByList(projectID: nil) == [l: TaskCounts(open: 1)])
        }
    }
}
