import Foundation
import TasksFeatureFakes
import TerminalUI
import Testing

@testable import TasksFeature

/// The fake must behave like the real Services where the feature can tell, or the other tests prove little.
@Suite("InMemoryTasksServices")
struct InMemoryTasksServicesTests {
    let today = Fixture.today

    @Test func resolvesByNumberAndByUniqueIDPrefix() async throws {
        let services = Fixture.sampleServices()
        let five = try await services.task(reference: "5")
        // All-digit references are numbers, so the prefix used here runs past the first hyphen.
        let byPrefix = try await services.task(reference: String(five.id.prefix(10)).uppercased())
        #expect(byPrefix.number == 5)
        await #expect(throws: TasksFakeError.notFound(kind: "task", reference: "abc")) {
            try await services.task(reference: "abc")
        }
    }

    @Test func numbersAreNeverReused() async throws {
        let services = InMemoryTasksServices(tasks: [Fixture.task(1), Fixture.task(2)], now: Fixture.noon)
        _ = try await services.deleteTask(reference: "2")
        let added = try await services.addTask(TaskDraft(title: "New"))
        #expect(added.number == 3)
    }

    @Test func unknownProjectsAreNotFound() async throws {
        let services = Fixture.sampleServices()
        await #expect(throws: TasksFakeError.notFound(kind: "project", reference: "Garden")) {
            try await services.addTask(TaskDraft(title: "Weed", project: "Garden"))
        }
    }

    @Test func filtersByDueTagAndText() async throws {
        let services = Fixture.sampleServices()
        func numbers(_ query: TaskQuery) async throws -> [Int] {
            try await services.tasks(matching: query, today: today).map(\.number)
        }
        #expect(try await numbers(TaskQuery(due: .overdue, sort: .due)) == [4, 2])
        #expect(try await numbers(TaskQuery(due: .today, sort: .number)) == [3, 7])
        // Wednesday: the week runs from Monday (-2) to Sunday (+4).
        #expect(try await numbers(TaskQuery(status: .all, due: .thisWeek, sort: .number)) == [1, 2, 3, 5, 7, 9])
        #expect(try await numbers(TaskQuery(tag: "#Phone", sort: .number)) == [4, 10])
        #expect(try await numbers(TaskQuery(text: "FINANCE")) == [1])
        #expect(try await numbers(TaskQuery(status: .done, sort: .number)) == [9, 12])
    }

    @Test func defaultOrderIsPriorityThenDueWithLimit() async throws {
        let services = Fixture.sampleServices()
        let tasks = try await services.tasks(matching: TaskQuery(status: .all, limit: 4), today: today)
        #expect(tasks.map(\.number) == [2, 1, 3, 5])
    }

    @Test func statusTransitionsAreEnforced() async throws {
        let services = Fixture.sampleServices()
        await #expect(throws: TasksFakeError.self) { try await services.completeTask(reference: "9") }
        await #expect(throws: TasksFakeError.self) { try await services.reopenTask(reference: "1") }
        await #expect(throws: TasksFakeError.self) { try await services.startTask(reference: "12") }
    }
}
