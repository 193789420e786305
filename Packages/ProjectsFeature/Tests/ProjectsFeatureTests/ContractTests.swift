import ContractSupport
import Foundation
import ProjectsFeature
import ProjectsFeatureContract
import ProjectsFeatureFakes
import Testing

/// The in-memory fake as a contract subject: tasks are seeded straight into the fake, and its errors are classified
/// by case.
struct InMemoryProjectsSubject: ProjectsContractSubject {
    let fake = InMemoryProjectsServices()

    var services: any ProjectsServices { fake }

    func seedTasks(project: String, list: String?, open: Int, done: Int) async throws {
        try await fake.seedTasks(project: project, list: list, open: open, done: done)
    }

    func classify(_ error: any Error) -> ContractErrorKind? {
        switch error as? ProjectsFakeError {
        case .notFound: .notFound
        case .ambiguous: .ambiguous
        case .invalidName, .invalidTransition: .invalidInput
        case .duplicateName: .conflict
        case nil: nil
        }
    }
}

@Suite("Projects contract")
struct ContractTests {
    @Test(arguments: ProjectsContract.scenarios)
    func theFakeKeepsTheContract(_ scenario: ProjectsContract.Scenario) async throws {
        try await scenario.run(on: InMemoryProjectsSubject())
    }

    @Test func scenarioNamesAreUnique() {
        let names = ProjectsContract.scenarios.map(\.name)
        #expect(Set(names).count == names.count)
    }
}
