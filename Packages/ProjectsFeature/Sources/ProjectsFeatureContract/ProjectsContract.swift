import ContractSupport
import Foundation
import ProjectsFeature

/// What the Projects contract needs from an implementation under test, beyond its ``ProjectsServices``: the things
/// the Services cannot do themselves. The App's runner implements it over its real adapter and a temporary database;
/// the feature's tests implement it over `InMemoryProjectsServices`.
///
/// A fresh subject is empty (no projects, lists or tasks). Every scenario gets a fresh subject.
public protocol ProjectsContractSubject: Sendable {
    /// The implementation under test.
    var services: any ProjectsServices { get }
    /// Files `open` open and `done` done tasks in the project called `project`, in its list called `list` when one is
    /// given (both created before through the Services).
    func seedTasks(project: String, list: String?, open: Int, done: Int) async throws
    /// Which kind of failure `error` is; `nil` when it is none of them (a storage failure, a bug).
    func classify(_ error: any Error) -> ContractErrorKind?
}

/// Behaviour every ``ProjectsServices`` implementation must show: the rules users rely on, written once and run against
/// both the fake and the App's adapter so the two cannot drift.
///
/// Run one scenario per fresh subject, from any test framework:
///
///     @Test(arguments: ProjectsContract.scenarios)
///     func contract(_ scenario: ProjectsContract.Scenario) async throws {
///         try await scenario.run(on: MySubject())
///     }
///
/// A scenario that finds the implementation breaking a rule throws ``Violation``, naming the scenario, what was
/// expected and what happened.
public enum ProjectsContract {
    /// The kinds of failure scenarios expect, as ``ProjectsContractSubject/classify(_:)`` reports them. In the App they
    /// are the exit codes 2, 3, 4 and 5.
    public typealias ErrorKind = ContractErrorKind
    /// One behaviour, checked against a fresh subject: `try await scenario.run(on: subject)`.
    public typealias Scenario = ContractScenario<Probe>
    /// A broken rule: which scenario, what was wrong, and the line of the check.
    public typealias Violation = ContractViolation

    /// What scenarios act through: the subject, its Services, the checks of `ContractProbe` and a few helpers.
    public struct Probe: ContractProbe {
        let subject: any ProjectsContractSubject

        public init(subject: any ProjectsContractSubject) { self.subject = subject }

        public func classify(_ error: any Error) -> ContractErrorKind? { subject.classify(error) }

        var services: any ProjectsServices { subject.services }

        /// Adds a project and returns it.
        @discardableResult
        func add(_ name: String, note: String? = nil) async throws -> Project {
            try await services.addProject(name: name, note: note)
        }

        /// Adds a list to a project and returns it.
        @discardableResult
        func addList(_ name: String, to project: String) async throws -> TaskList {
            try await services.addTaskList(name: name, toProject: project)
        }

        func project(_ reference: String) async throws -> Project {
            try await services.project(reference: reference)
        }

        /// The names of the projects listed, in order.
        func projectNames(includeArchived: Bool = false) async throws -> [String] {
            try await services.projects(includeArchived: includeArchived).map(\.name)
        }
    }
}
