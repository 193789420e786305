import ContractSupport
import Foundation
import Testing
import TimersFeature
import TimersFeatureContract
import TimersFeatureFakes

/// The in-memory fake as a contract subject: seeding and the clock go straight to the fake, and its errors are
/// classified by case.
struct InMemoryTimersSubject: TimersContractSubject {
    let clock = ManualClock(TimersContract.now)
    let fake: InMemoryTimersServices
    let services: any TimersServices

    init(wrapping: (InMemoryTimersServices) -> any TimersServices = { $0 }) {
        fake = InMemoryTimersServices(timeZone: TimersContract.timeZone, clock: clock.read)
        services = wrapping(fake)
    }

    func seedProject(named name: String) async {
        await fake.addProject(name)
    }

    func seedTask(title: String, project: String?) async throws -> Int {
        try await fake.addTask(title: title, project: project).number
    }

    func advanceClock(by seconds: Int) {
        clock.advance(by: TimeInterval(seconds))
    }

    func classify(_ error: any Error) -> ContractErrorKind? {
        switch error as? TimersFakeError {
        case .notFound: .notFound
        case .ambiguous: .ambiguous
        case .invalid: .invalidInput
        case .conflict: .conflict
        case .unavailable, nil: nil
        }
    }
}

/// The fake as it was before the contract: stop and discard without a reference only ever took the running timer.
private struct RunningOnlyServices: TimersServices {
    let base: InMemoryTimersServices

    func stopTimer(reference: String?, at: Date?, note: String?, force: Bool) async throws -> TimerStopResult {
        if reference == nil, try await !base.timers().contains(where: { $0.state == .running }) {
            throw TimersFakeError.conflict("no timer is running")
        }
        return try await base.stopTimer(reference: reference, at: at, note: note, force: force)
    }

    func startTimer(_ request: TimerStartRequest) async throws -> TimerStartResult {
        try await base.startTimer(request)
    }
    func pauseTimer(reference: String?, at: Date?) async throws -> TimersFeature.Timer {
        try await base.pauseTimer(reference: reference, at: at)
    }
    func resumeTimer(reference: String?, at: Date?) async throws -> TimerStartResult {
        try await base.resumeTimer(reference: reference, at: at)
    }
    func discardTimer(reference: String?) async throws -> TimersFeature.Timer {
        try await base.discardTimer(reference: reference)
    }
    func timers() async throws -> [TimersFeature.Timer] { try await base.timers() }
    func logTime(_ request: LogRequest) async throws -> TimeEntry { try await base.logTime(request) }
    func entries(matching query: EntryQuery) async throws -> [TimeEntry] { try await base.entries(matching: query) }
    func entry(reference: String) async throws -> TimeEntry { try await base.entry(reference: reference) }
    func editEntry(reference: String, changes: EntryChanges) async throws -> TimeEntry {
        try await base.editEntry(reference: reference, changes: changes)
    }
    func deleteEntry(reference: String) async throws -> TimeEntry { try await base.deleteEntry(reference: reference) }
    func timeSpent() async throws -> TimeSpent { try await base.timeSpent() }
}

@Suite("Timers contract")
struct ContractTests {
    @Test(arguments: TimersContract.scenarios)
    func theFakeKeepsTheContract(_ scenario: TimersContract.Scenario) async throws {
        try await scenario.run(on: InMemoryTimersSubject())
    }

    @Test func scenarioNamesAreUnique() {
        let names = TimersContract.scenarios.map(\.name)
        #expect(Set(names).count == names.count)
    }

    /// The drift the contract was written to stop: an implementation whose `stop` ignores the only paused timer.
    @Test func theOldRunningOnlyStopBreaksTheContract() async throws {
        let scenario = try #require(TimersContract.scenarios.first { $0.name.contains("only paused one") })
        let subject = InMemoryTimersSubject { RunningOnlyServices(base: $0) }
        do {
            try await scenario.run(on: subject)
            Issue.record("a running-only stop passed the contract")
        } catch let violation as TimersContract.Violation {
            #expect(violation.scenario == scenario.name)
            #expect(violation.message.contains("unexpected conflict error"))
        }
    }
}
