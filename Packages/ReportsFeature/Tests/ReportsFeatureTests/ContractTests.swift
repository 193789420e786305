import ContractSupport
import Foundation
import ReportsFeature
import ReportsFeatureContract
import ReportsFeatureFakes
import Testing

/// The in-memory fake as a contract subject: seeded entries go straight into the fake (which learns their projects),
/// and its errors are classified by case.
struct InMemoryReportsSubject: ReportsContractSubject {
    let fake = InMemoryReportsServices(timeZone: ReportsContract.timeZone)

    var services: any ReportsServices { fake }

    func seed(_ entry: ReportsContract.Entry) async {
        await fake.add(
            LoggedTime(
                start: entry.start, seconds: entry.seconds, project: entry.project, task: entry.task,
                tags: entry.tags, billable: entry.billable))
    }

    func classify(_ error: any Error) -> ContractErrorKind? {
        switch error as? ReportsFakeError {
        case .projectNotFound: .notFound
        case .emptyRange: .invalidInput
        case .unavailable, nil: nil
        }
    }
}

@Suite("Reports contract")
struct ContractTests {
    @Test(arguments: ReportsContract.scenarios)
    func theFakeKeepsTheContract(_ scenario: ReportsContract.Scenario) async throws {
        try await scenario.run(on: InMemoryReportsSubject())
    }

    @Test func scenarioNamesAreUnique() {
        let names = ReportsContract.scenarios.map(\.name)
        #expect(Set(names).count == names.count)
    }
}
