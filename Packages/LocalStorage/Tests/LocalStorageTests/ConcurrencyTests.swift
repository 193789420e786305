import Foundation
import Testing

@testable import LocalStorage

@Suite("Concurrent writers")
struct ConcurrencyTests {
    @Test("eight connections opening a new file and each adding 25 tasks all land, with unique numbers")
    func concurrentWriters() async throws {
        try await withTemporaryDirectory { directory in
            let path = directory.appendingPathComponent("shared.sqlite").path
            let writers = 8
            let tasksPerWriter = 25
            try await withThrowingTaskGroup(of: Void.self) { group in
                for writer in 0..<writers {
                    group.addTask {
                        // Each writer has its own connection, as separate `stint` processes would.
                        let store = try LocalStore.open(path: path)
                        for index in 0..<tasksPerWriter {
                            let number = writer * 1_000 + index
                            _ = try await store.write(summary: "add", at: at(number)) { writer in
                                try writer.insert(task(number, "task \(number)"))
                            }
                        }
                    }
                }
                try await group.waitForAll()
            }
            let store = try LocalStore.open(path: path)
            let tasks = try await store.tasks(TaskRecordFilter(sort: .number))
            #expect(tasks.count == writers * tasksPerWriter)
            #expect(tasks.map(\.number) == Array(1...(writers * tasksPerWriter)))
            #expect(try await store.loggedBatches().count == writers * tasksPerWriter)
        }
    }
}
