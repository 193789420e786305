import Foundation
import Testing

@Suite("Concurrent processes")
struct ConcurrencyTests {
    @Test("8 processes adding 25 tasks each at the same time: all 200 stored, none fails")
    func concurrentAdds() async throws {
        let workers = 8
        let tasksPerWorker = 25
        try await Stint.withHome { stint in
            // Create the database first so the test is about concurrent writers, not about a race to migrate.
            try await stint.ok("project", "add", "Load")
            let failures = try await withThrowingTaskGroup(of: [StintRun].self) { group in
                for worker in 1...workers {
                    group.addTask {
                        var failed: [StintRun] = []
                        for index in 1...tasksPerWorker {
                            let result = try await stint.run(
                                "task", "add", "Worker \(worker) task \(index)", "--project", "Load")
                            if result.status != 0 { failed.append(result) }
                        }
                        return failed
                    }
                }
                return try await group.reduce(into: []) { $0 += $1 }
            }
            #expect(
                failures.isEmpty,
                "\(failures.count) adds failed; first: \(failures.first.map(String.init(describing:)) ?? "")")

            let total = workers * tasksPerWorker
            #expect(try await stint.json("task", "list", "--count")["count"].int == total)
            let tasks = try await stint.json("task", "list", "--project", "Load", "--sort", "number")
            let stored = Set(titles(tasks))
            let expected = Set(
                (1...workers).flatMap { worker in (1...tasksPerWorker).map { "Worker \(worker) task \($0)" } })
            #expect(stored == expected)
            let numbers = tasks.array.compactMap { $0["number"].int }
            #expect(numbers.count == total && Set(numbers).count == total, "every task gets its own number")
        }
    }
}
