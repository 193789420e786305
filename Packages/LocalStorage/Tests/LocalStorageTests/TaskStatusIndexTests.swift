import Foundation
import GRDB
import Testing

@testable import LocalStorage

/// Migration v9's `tasks_by_status`: counts and due-day filters read it, broad listings read the table.
@Suite("Tasks by status")
struct TaskStatusIndexTests {
    private let open = [TaskRecord.openStatus, TaskRecord.inProgressStatus]

    private func plan(_ store: LocalStore, _ filter: TaskRecordFilter, count: Bool = false) async throws -> String {
        let plans = try await store.plans { db in
            if count { _ = try Queries.countTasks(db, filter) } else { _ = try Queries.tasks(db, filter) }
        }
        return plans.joined(separator: "\n")
    }

    @Test("counting open tasks and finding overdue ones read the index; a listing of the open tasks reads the table")
    func plans() async throws {
        try await withStore { store in
            try await store.add(task(1, "Due", due: "2026-11-01"), task(2, "Later", due: "2027-01-01"), task(3, "Any"))
            let count = try await plan(store, TaskRecordFilter(statuses: open), count: true)
            #expect(count.contains("COVERING INDEX tasks_by_status"), "\(count)")
            let overdue = TaskRecordFilter(statuses: open, dueBefore: "2026-11-24")
            let overdueCount = try await plan(store, overdue, count: true)
            #expect(overdueCount.contains("COVERING INDEX tasks_by_status"), "\(overdueCount)")
            let overdueList = try await plan(store, overdue)
            #expect(overdueList.contains("INDEX tasks_by_status"), "\(overdueList)")
            let inProgress = try await plan(store, TaskRecordFilter(statuses: [TaskRecord.inProgressStatus]))
            #expect(inProgress.contains("INDEX tasks_by_status"), "\(inProgress)")
            // Most tasks are open: the list reads the table in order instead of an index entry and a lookup each.
            let listing = try await plan(store, TaskRecordFilter(statuses: open))
            #expect(listing.contains("SCAN tasks"), "\(listing)")
            #expect(!listing.contains("tasks_by_status"), "\(listing)")
        }
    }

    @Test("the answers do not depend on the path: counts, overdue tasks and listings as before")
    func answers() async throws {
        try await withStore { store in
            try await store.add(
                task(1, "Overdue", due: "2026-11-01"), task(2, "Later", due: "2027-01-01"), task(3, "No day"),
                task(4, "Done overdue", status: TaskRecord.completedStatus, due: "2026-10-01"),
                task(5, "Started overdue", status: TaskRecord.inProgressStatus, due: "2026-11-20"))
            try await store.write(summary: "delete", at: day0) { try $0.deleteTask(id: makeID(2), at: day0) }
            #expect(try await store.countTasks(TaskRecordFilter(statuses: open)) == 3)
            let overdue = TaskRecordFilter(statuses: open, dueBefore: "2026-11-24")
            #expect(try await store.countTasks(overdue) == 2)
            #expect(try await store.titles(overdue) == ["Overdue", "Started overdue"])
            #expect(
                try await store.titles(TaskRecordFilter(statuses: open, sort: .number)) == [
                    "Overdue", "No day", "Started overdue",
                ])
        }
    }

    @Test("a short list by due day within a due-day filter walks the index in order instead of sorting every match")
    func firstByDueDayPlan() async throws {
        try await withStore { store in
            try await store.add(task(1, "Due", due: "2026-11-01"), task(2, "Started", status: "in-progress"))
            let overdue = TaskRecordFilter(statuses: open, dueBefore: "2026-11-24", sort: .due, limit: 10)
            let plan = try await plan(store, overdue)
            #expect(plan.contains("INDEX tasks_by_status"), "\(plan)")
            // Only ties on the day are sorted; before, every overdue task was read and sorted ("FOR ORDER BY").
            #expect(!plan.contains("TEMP B-TREE FOR ORDER BY"), "\(plan)")
        }
    }

    @Test(
        "a short list by due day is the start of the full list: each due-day filter, status set, limit and direction",
        arguments: [false, true])
    func firstByDueDayAnswers(descending: Bool) async throws {
        try await withStore { store in
            var random = SeededGenerator(seed: descending ? 11 : 5)
            let days = [nil, "2026-11-01", "2026-11-20", "2026-11-20", "2026-11-24", "2026-12-05"]
            let statuses = [TaskRecord.openStatus, TaskRecord.inProgressStatus, TaskRecord.completedStatus]
            var records: [TaskRecord] = []
            for number in 1...90 {
                records.append(
                    task(
                        number, "Task \(number)", status: statuses[Int(random.next() % 3)],
                        due: days[Int(random.next() % UInt64(days.count))]))
            }
            // Numbers unrelated to the insertion order, so the tie on a day is broken by number, not by row.
            let shuffled = records.shuffled(using: &random)
            try await store.write(summary: "seed", at: day0) { writer in
                for record in shuffled { try writer.insert(record) }
            }
            let statusSets = [open, statuses, [TaskRecord.openStatus], open + open, []]
            for statusSet in statusSets {
                for (before, on) in [("2026-11-24", nil), (nil, "2026-11-20")] as [(String?, String?)] {
                    var filter = TaskRecordFilter(
                        statuses: statusSet, dueBefore: before, dueOn: on, sort: .due, descending: descending)
                    let whole = try await store.tasks(filter).map(\.number)
                    #expect(!whole.isEmpty)
                    for limit in [0, 1, 3, 10, 1_000] {
                        filter.limit = limit
                        let first = try await store.tasks(filter).map(\.number)
                        let name = "\(statusSet) before \(before ?? "-") on \(on ?? "-") limit \(limit)"
                        #expect(first == Array(whole.prefix(limit)), "\(name)")
                    }
                }
                var later = TaskRecordFilter(
                    statuses: statusSet, dueOnOrAfter: "2026-11-20", sort: .due, descending: descending)
                let whole = try await store.tasks(later).map(\.number)
                later.limit = 4
                #expect(try await store.tasks(later).map(\.number) == Array(whole.prefix(4)), "\(statusSet) later")
            }
        }
    }

    @Test("a v8 file gains the index on its next open, its tasks unchanged")
    func migrationFromV8() async throws {
        try await withFileMigrated(
            from: "v8-entries-by-person", version: 8,
            rows: """
                INSERT INTO tasks (id, number, title, status, due, tags, created_at, updated_at)
                VALUES ('\(makeID(1))', 1, 'Old', 'open', '2026-11-01', '[]', 0, 0);
                """, index: "tasks_by_status"
        ) { store, index async throws in
            #expect(index.contains("(status, due, deleted_at)"), "\(index)")
            #expect(try await store.countTasks(TaskRecordFilter(statuses: open, dueBefore: "2026-11-24")) == 1)
        }
    }
}
