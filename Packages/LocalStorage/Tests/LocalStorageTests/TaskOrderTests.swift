import Foundation
import Testing

@testable import LocalStorage

/// Without a limit, tasks are sorted in Swift (``TaskOrder``); with one, by SQLite's ORDER BY. Both must give the
/// same order for every sort and direction, which these tests check on tasks made to tie on every key but one.
@Suite("Task order in Swift and in SQL")
struct TaskOrderTests {
    @Test("every sort, both directions: the same order as SQLite's ORDER BY", arguments: [false, true])
    func sameAsSQL(descending: Bool) async throws {
        try await withStore { store in
            var random = SeededGenerator(seed: descending ? 7 : 3)
            let titles = [
                "apple", "Apple", "APPLE pie", "apple pie", "Zebra", "zebra", "éclair", "Éclair", "a", "", "B",
            ]
            let days = [nil, "2026-11-30", "2026-12-01", "2026-12-01", "2027-01-15"]
            var records: [TaskRecord] = []
            for number in 1...120 {
                let status = ["open", "in-progress", "done"][Int(random.next() % 3)]
                var record = task(
                    number, titles[Int(random.next() % UInt64(titles.count))], status: status,
                    priority: Int(random.next() % 4), due: days[Int(random.next() % UInt64(days.count))],
                    created: Int(random.next() % 5))
                record.updatedAt = at(Int(random.next() % 4))
                records.append(record)
            }
            // Numbers in an order unrelated to the ids, so "then number" is tested, not the insertion order.
            let shuffled = records.shuffled(using: &random)
            try await store.write(summary: "seed", at: day0) { writer in
                for record in shuffled { try writer.insert(record) }
            }
            for sort in TaskRecordSort.allCases {
                let inSwift = try await store.tasks(TaskRecordFilter(sort: sort, descending: descending))
                let inSQL = try await store.tasks(TaskRecordFilter(sort: sort, descending: descending, limit: 10_000))
                #expect(inSwift.count == 120)
                #expect(inSwift.map(\.number) == inSQL.map(\.number), "\(sort) descending: \(descending)")
            }
        }
    }

    @Test("NOCASE folds ASCII capitals only and puts a prefix first")
    func noCase() {
        #expect(TaskOrder.compareNoCase("Apple", "apple") == 0)
        #expect(TaskOrder.compareNoCase("apple", "apple pie") < 0)
        #expect(TaskOrder.compareNoCase("Zebra", "apple") > 0)
        #expect(TaskOrder.compareNoCase("Éclair", "éclair") != 0)
        #expect(TaskOrder.compareNoCase("", "a") < 0)
        #expect(TaskOrder.compareNoCase("[", "a") < 0)  // '[' sorts before letters once capitals are folded
    }
}
