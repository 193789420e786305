import ContractSupport
import Foundation
import SyncFeature
import SyncFeatureContract
import SyncFeatureFakes
import Testing

/// The in-memory fake as a contract subject: users, changes and conflicts are seeded straight into the fake, and its
/// errors are classified by case.
struct InMemorySyncSubject: SyncContractSubject {
    let fake = InMemorySyncServices()

    var services: any SyncServices { fake }
    var server: String { "https://stint.example.com" }

    func addUser(named name: String) async throws -> String {
        await fake.addUser(named: name)
    }

    func makeLocalChanges(_ count: Int) async throws {
        await fake.makeLocalChanges(count)
    }

    func makeRemoteChanges(_ count: Int) async throws {
        await fake.makeRemoteChanges(count)
    }

    func makeConflict(mine: String, theirs: String) async throws {
        await fake.makeConflict(label: theirs, field: "title", mine: mine, theirs: theirs)
    }

    func takeServerOffline() async throws {
        await fake.takeServerOffline()
    }

    func classify(_ error: any Error) -> ContractErrorKind? {
        switch (error as? SyncFeatureError)?.kind {
        case .notFound: .notFound
        case .ambiguous: .ambiguous
        case .invalidInput: .invalidInput
        case .conflict: .conflict
        case .notLoggedIn, .remote, nil: nil
        }
    }

    func isNotLoggedIn(_ error: any Error) -> Bool {
        (error as? SyncFeatureError)?.kind == .notLoggedIn
    }

    func isRemoteFailure(_ error: any Error) -> Bool {
        (error as? SyncFeatureError)?.kind == .remote
    }
}

/// A fake that counts this device's own changes coming back as pulled: the drift the contract exists to catch.
struct EchoingSyncSubject: SyncContractSubject {
    let inner = InMemorySyncSubject()

    var services: any SyncServices { EchoingServices(inner: inner.fake) }
    var server: String { inner.server }

    func addUser(named name: String) async throws -> String { try await inner.addUser(named: name) }
    func makeLocalChanges(_ count: Int) async throws { try await inner.makeLocalChanges(count) }
    func makeRemoteChanges(_ count: Int) async throws { try await inner.makeRemoteChanges(count) }
    func makeConflict(mine: String, theirs: String) async throws {
        try await inner.makeConflict(mine: mine, theirs: theirs)
    }
    func takeServerOffline() async throws { try await inner.takeServerOffline() }
    func classify(_ error: any Error) -> ContractErrorKind? { inner.classify(error) }
    func isNotLoggedIn(_ error: any Error) -> Bool { inner.isNotLoggedIn(error) }
    func isRemoteFailure(_ error: any Error) -> Bool { inner.isRemoteFailure(error) }

    struct EchoingServices: SyncServices {
        let inner: InMemorySyncServices

        func account() async throws -> SyncAccount? { await inner.account() }
        func login(server: String, token: String, deviceName: String) async throws -> SyncAccount {
            try await inner.login(server: server, token: token, deviceName: deviceName)
        }
        func logout() async throws -> SyncAccount? { await inner.logout() }
        func sync(progress: @escaping @Sendable (SyncProgress) -> Void) async throws -> SyncSummary {
            var summary = try await inner.sync(progress: progress)
            summary.pulled += summary.pushed
            return summary
        }
        func status() async throws -> SyncStatus { await inner.status() }
        func setAutoSync(_ enabled: Bool) async throws { await inner.setAutoSync(enabled) }
        func conflicts(includeResolved: Bool) async throws -> [SyncConflict] {
            await inner.conflicts(includeResolved: includeResolved)
        }
        func resolve(id: String, take: SyncConflict.Side) async throws -> SyncConflict {
            try await inner.resolve(id: id, take: take)
        }
        func team(refresh: Bool) async throws -> [TeamMember] { try await inner.team(refresh: refresh) }
    }
}

@Suite("Sync contract")
struct ContractTests {
    @Test(arguments: SyncContract.scenarios)
    func theFakeKeepsTheContract(_ scenario: SyncContract.Scenario) async throws {
        try await scenario.run(on: InMemorySyncSubject())
    }

    @Test func scenarioNamesAreUnique() {
        let names = SyncContract.scenarios.map(\.name)
        #expect(Set(names).count == names.count)
    }

    @Test func countingOwnChangesAsPulledBreaksTheContract() async {
        let error = await #expect(throws: SyncContract.Violation.self) {
            try await SyncContract.scenarios.first { $0.name.hasPrefix("a sync pushes") }?.run(
                on: EchoingSyncSubject())
        }
        #expect(error?.message.contains("pulled") == true)
    }
}
