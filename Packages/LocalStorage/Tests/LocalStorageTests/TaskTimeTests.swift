import Foundation
import Testing

@testable import LocalStorage

@Suite("Time per task")
struct TaskTimeTests {
    @Test("every task's time in one statement, deleted entries and other tasks left out")
    func oneGroupedRead() async throws {
        try await withStore { store in
            try await store.write(summary: "seed", at: day0) { writer in
                try writer.insert(project(1, "Work"))
                for number in 10...13 { try writer.insert(task(number, "Task \(number)", project: makeID(1))) }
                try writer.insert(entry(30, task: makeID(10), start: at(0), minutes: 60))
                try writer.insert(entry(31, task: makeID(10), start: at(60), minutes: 30))
                try writer.insert(entry(32, task: makeID(11), start: at(90), minutes: 15))
                try writer.insert(entry(33, task: makeID(12), start: at(120), minutes: 45))
                try writer.insert(entry(34, task: nil, project: makeID(1), start: at(200), minutes: 10))
            }
            try await store.write(summary: "delete", at: at(300)) { writer in
                _ = try writer.deleteTimeEntry(id: makeID(33), at: at(300))
            }
            let before = store.statementCount
            let sums = try await store.loggedSeconds(onTasks: [
                makeID(10), makeID(11).uppercased(), makeID(12), makeID(13),
            ])
            #expect(sums == [makeID(10): 5_400, makeID(11): 900], "no key for a task without (live) time")
            #expect(store.statementCount - before <= 3, "one statement in one read transaction")
            #expect(try await store.loggedSeconds(onTasks: []) == [:])
        }
    }

    @Test("one task's time, asked alone, is what the grouped read says, from the task index alone")
    func oneTask() async throws {
        try await withStore { store in
            try await store.write(summary: "seed", at: day0) { writer in
                for number in 10...12 { try writer.insert(task(number, "Task \(number)")) }
                try writer.insert(entry(30, task: makeID(10), start: at(0), minutes: 60))
                try writer.insert(entry(31, task: makeID(10), start: at(60), minutes: 30))
                try writer.insert(entry(32, task: makeID(11), start: at(90), minutes: 15))
            }
            try await store.write(summary: "delete", at: at(300)) { writer in
                _ = try writer.deleteTimeEntry(id: makeID(32), at: at(300))
            }
            let together = try await store.loggedSeconds(onTasks: [makeID(10), makeID(11), makeID(12)])
            #expect(together == [makeID(10): 5_400])
            for number in 10...12 {
                let alone = try await store.loggedSeconds(onTasks: [makeID(number).uppercased()])
                #expect(alone == together.filter { $0.key == makeID(number) }, "task \(number)")
            }
            let plan = try await queryPlan(store, TaskTimeQueries.oneSumSQL, arguments: [makeID(10)])
            #expect(plan.contains("COVERING INDEX time_entries_by_task"), "\(plan)")
        }
    }

    @Test("ten thousand ids are one parameter, not ten thousand")
    func manyTasks() async throws {
        try await withStore { store in
            try await store.write(summary: "seed", at: day0) { writer in
                try writer.insert(task(10, "Task"))
                try writer.insert(entry(30, task: makeID(10), start: at(0), minutes: 1))
            }
            let ids = (1...10_000).map { makeID(100_000 + $0) } + [makeID(10)]
            #expect(try await store.loggedSeconds(onTasks: ids) == [makeID(10): 60])
        }
    }
}
