import ContractSupport
import Foundation
import SyncFeature

/// What the Sync contract needs from an implementation under test, beyond its ``SyncServices``: a server to talk to
/// and the things the Services cannot do themselves (making users, local and remote changes, a conflict, an outage).
/// The App's runner implements it over its real adapter, a temporary database and a server; the feature's tests
/// implement it over `InMemorySyncServices`.
///
/// A fresh subject is a device that never logged in, with no data, and a server with no users. Every scenario gets a
/// fresh subject.
public protocol SyncContractSubject: Sendable {
    /// The implementation under test.
    var services: any SyncServices { get }
    /// The address scenarios log in to.
    var server: String { get }
    /// Adds a user to the server.
    /// - Returns: a token of that user's.
    func addUser(named name: String) async throws -> String
    /// Makes `count` local changes on this device (for example, adds `count` tasks).
    func makeLocalChanges(_ count: Int) async throws
    /// Makes `count` changes (for example, adds `count` tasks) on another device of another user, pushed to the
    /// server, for this device to pull.
    func makeRemoteChanges(_ count: Int) async throws
    /// Called logged in: leaves a task called `theirs` on the server and one local change of this device renaming it
    /// from the same base title to `mine`, so that the next sync records one conflict on its title, in which `theirs`
    /// holds.
    func makeConflict(mine: String, theirs: String) async throws
    /// Makes the server unreachable: every later request fails as a refused connection does.
    func takeServerOffline() async throws
    /// Which kind of failure `error` is; `nil` when it is none of them (not logged in, remote, storage, a bug).
    func classify(_ error: any Error) -> ContractErrorKind?
    /// Whether `error` says the operation needs a login.
    func isNotLoggedIn(_ error: any Error) -> Bool
    /// Whether `error` says the server could not be used (unreachable, refused the token, …).
    func isRemoteFailure(_ error: any Error) -> Bool
}

/// Behaviour every ``SyncServices`` implementation must show: the rules users rely on, written once and run against
/// both the fake and the App's adapter so the two cannot drift.
///
/// Run one scenario per fresh subject, from any test framework:
///
///     @Test(arguments: SyncContract.scenarios)
///     func contract(_ scenario: SyncContract.Scenario) async throws {
///         try await scenario.run(on: MySubject())
///     }
///
/// A scenario that finds the implementation breaking a rule throws ``Violation``, naming the scenario, what was
/// expected and what happened.
public enum SyncContract {
    /// The kinds of failure scenarios expect, as ``SyncContractSubject/classify(_:)`` reports them. In the App they
    /// are the exit codes 2, 3, 4 and 5.
    public typealias ErrorKind = ContractErrorKind
    /// One behaviour, checked against a fresh subject: `try await scenario.run(on: subject)`.
    public typealias Scenario = ContractScenario<Probe>
    /// A broken rule: which scenario, what was wrong, and the line of the check.
    public typealias Violation = ContractViolation

    /// What scenarios act through: the subject, its Services, the checks of `ContractProbe` and a few helpers.
    public struct Probe: ContractProbe {
        let subject: any SyncContractSubject

        public init(subject: any SyncContractSubject) { self.subject = subject }

        public func classify(_ error: any Error) -> ContractErrorKind? { subject.classify(error) }

        var services: any SyncServices { subject.services }

        /// Adds a user called `name` to the server and logs this device in as them, as "laptop".
        @discardableResult
        func logIn(as name: String) async throws -> SyncAccount {
            let token = try await subject.addUser(named: name)
            return try await services.login(server: subject.server, token: token, deviceName: "laptop")
        }

        func sync() async throws -> SyncSummary {
            try await services.sync { _ in }
        }

        /// Runs `body` and fails the scenario unless it throws an error the subject calls "not logged in".
        func failsNotLoggedIn<T>(
            _ what: String, file: String = #fileID, line: UInt = #line, _ body: () async throws -> T
        ) async throws {
            try await failsWith(what, "a not-logged-in error", subject.isNotLoggedIn, file: file, line: line, body)
        }

        /// Runs `body` and fails the scenario unless it throws an error the subject calls a remote failure.
        func failsRemotely<T>(
            _ what: String, file: String = #fileID, line: UInt = #line, _ body: () async throws -> T
        ) async throws {
            try await failsWith(what, "a remote failure", subject.isRemoteFailure, file: file, line: line, body)
        }

        private func failsWith<T>(
            _ what: String, _ expected: String, _ matches: (any Error) -> Bool, file: String, line: UInt,
            _ body: () async throws -> T
        ) async throws {
            let value: T
            do {
                value = try await body()
            } catch {
                try check(matches(error), "\(what): expected \(expected), got \(error)", file: file, line: line)
                return
            }
            throw ContractViolation(
                scenario: "", message: "\(what): expected \(expected), but it succeeded with \(value)", file: file,
                line: line)
        }
    }
}
