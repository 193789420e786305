import ContractSupport
import Foundation
import TasksFeature
import TasksFeatureContract
import TasksFeatureFakes
import Testing

/// The in-memory fake as a contract subject: seeding and the clock go straight to the fake, and its errors are
/// classified by case.
struct InMemoryTasksSubject: TasksContractSubject {
    let fake = InMemoryTasksServices(now: TasksContract.now, timeZone: TasksContract.timeZone)

    var services: any TasksServices { fake }

    func seedProject(named name: String, lists: [String]) async {
        await fake.addProject(name, lists: lists)
    }

    func seedTeam(you: String, others: [String]) async {
        await fake.setTeam(you: you, others: others)
    }

    func advanceClock(by seconds: Int) async {
        await fake.setNow(await fake.now.addingTimeInterval(TimeInterval(seconds)))
    }

    func logTime(seconds: Int, onTask reference: String) async throws {
        let before = try await fake.task(reference: reference).loggedSeconds ?? 0
        try await fake.setLogged(before + seconds, forTask: reference)
    }

    func classify(_ error: any Error) -> ContractErrorKind? {
        switch error as? TasksFakeError {
        case .notFound: .notFound
        case .ambiguous: .ambiguous
        case .invalid: .invalidInput
        case .conflict, .notLoggedIn: .conflict
        case .unavailable, nil: nil
        }
    }
}

@Suite("Tasks contract")
struct ContractTests {
    @Test(arguments: TasksContract.scenarios)
    func theFakeKeepsTheContract(_ scenario: TasksContract.Scenario) async throws {
        try await scenario.run(on: InMemoryTasksSubject())
    }

    @Test func scenarioNamesAreUnique() {
        let names = TasksContract.scenarios.map(\.name)
        #expect(Set(names).count == names.count)
    }

    /// A subject whose Services fail is reported as a violation naming the scenario, not as a passing run.
    @Test func aBrokenImplementationIsAViolation() async throws {
        struct Broken: TasksContractSubject {
            let services: any TasksServices = FailingTasksServices()
            func seedProject(named name: String, lists: [String]) {}
            func seedTeam(you: String, others: [String]) {}
            func advanceClock(by seconds: Int) {}
            func logTime(seconds: Int, onTask reference: String) {}
            func classify(_ error: any Error) -> ContractErrorKind? { nil }
        }
        let scenario = try #require(TasksContract.scenarios.first)
        do {
            try await scenario.run(on: Broken())
            Issue.record("the scenario passed against failing Services")
        } catch let violation as TasksContract.Violation {
            #expect(violation.scenario == scenario.name)
            #expect(violation.message.contains("unexpected unclassified error"))
        }
    }
}
