import Foundation
import TasksFeatureFakes
import TerminalUI
import Testing

@testable import TasksFeature

/// What the fake does beyond the contract (which `ContractTests` runs): the sample data the other tests rely on.
@Suite("InMemoryTasksServices")
struct InMemoryTasksServicesTests {
    @Test func sampleDataFiltersAsTheOtherTestsExpect() async throws {
        let services = Fixture.sampleServices()
        func numbers(_ query: TaskQuery) async throws -> [Int] {
            try await services.tasks(matching: query).map(\.number)
        }
        #expect(try await numbers(TaskQuery(due: .overdue, sort: .due)) == [4, 2])
        #expect(try await numbers(TaskQuery(due: .today, sort: .number)) == [3, 7])
        #expect(try await numbers(TaskQuery(status: .all, due: .thisWeek, sort: .number)) == [1, 2, 3, 5, 7, 9])
        #expect(try await numbers(TaskQuery(status: .all, limit: 4)) == [2, 1, 3, 5])
    }

    @Test func loggedTimeIsOnlyReportedWhenRecorded() async throws {
        let services = Fixture.sampleServices()
        #expect(try await services.task(reference: "1").loggedSeconds == 130 * 60)
        #expect(try await services.task(reference: "2").loggedSeconds == nil)
        try await services.setLogged(60, forTask: "2")
        #expect(try await services.task(reference: "2").loggedSeconds == 60)
    }
}
