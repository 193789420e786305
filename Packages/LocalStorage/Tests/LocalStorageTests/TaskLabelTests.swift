import Foundation
import Testing

@testable import LocalStorage

/// `taskLabels(ids:)`: the number, title and project of tasks, read without the rest of their rows.
@Suite("Task labels")
struct TaskLabelTests {
    @Test("the labels of the live tasks asked for, as their full records hold them, whatever the case of the ids")
    func labelsMatchTheRecords() async throws {
        try await withStore { store in
            let stored = try await store.write(summary: "seed", at: day0) { writer -> [TaskRecord] in
                try writer.insert(project(1, "Work"))
                return [
                    try writer.insert(task(10, "Write the report", project: makeID(1), tags: ["x"], note: "long")),
                    try writer.insert(task(11, "Buy milk")),
                    try writer.insert(task(12, "Gone soon", project: makeID(1))),
                    try writer.insert(task(13, "Not asked for")),
                ]
            }
            try await store.write(summary: "delete", at: at(100)) { writer in
                _ = try writer.deleteTask(id: makeID(12), at: at(100))
            }
            let labels = try await store.taskLabels(ids: [
                makeID(10).uppercased(), makeID(11), makeID(11), makeID(12), makeID(99),
            ])
            let expected = stored.prefix(2).map {
                TaskLabelRecord(id: $0.id, number: $0.number, title: $0.title, projectID: $0.projectID)
            }
            #expect(labels.sorted { $0.id < $1.id } == expected, "no label for a deleted or unknown task")
            #expect(expected.map(\.number).allSatisfy { $0 > 0 }, "the numbers the store gave")
            #expect(try await store.taskLabels(ids: []).isEmpty)
        }
    }

    @Test("each id probes the key's index: no scan of the tasks")
    func plan() async throws {
        try await withStore { store in
            let plan = try await queryPlan(store, TaskLabelQueries.sql, arguments: ["[\"\(makeID(10))\"]"])
            #expect(plan.contains("USING INDEX sqlite_autoindex_tasks_1 (id=?)"), "\(plan)")
            #expect(!plan.contains("SCAN tasks"), "\(plan)")
        }
    }
}
