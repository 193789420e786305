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
    func classify(_ error: any Error) -> ProjectsContract.ErrorKind?
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
    public enum ErrorKind: String, Sendable, CaseIterable {
        case notFound, ambiguous, invalidInput, conflict
    }

    /// One behaviour, checked against a fresh subject.
    public struct Scenario: Sendable, CustomStringConvertible {
        public let name: String
        let body: @Sendable (Probe) async throws -> Void

        init(_ name: String, _ body: @escaping @Sendable (Probe) async throws -> Void) {
            self.name = name
            self.body = body
        }

        public var description: String { name }

        /// Runs the scenario. - Throws: ``Violation`` when the subject breaks the contract (an error the scenario
        /// did not expect is reported as a violation too, with the kind the subject classified it as).
        public func run(on subject: any ProjectsContractSubject) async throws {
            do {
                try await body(Probe(subject: subject))
            } catch let violation as Violation {
                throw Violation(scenario: name, message: violation.message, line: violation.line)
            } catch {
                let kind = subject.classify(error)?.rawValue ?? "unclassified"
                throw Violation(scenario: name, message: "unexpected \(kind) error: \(error)", line: 0)
            }
        }
    }

    /// A broken rule: which scenario, what was wrong, and the line of the check in the contract's source.
    public struct Violation: Error, CustomStringConvertible {
        public let scenario: String
        public let message: String
        public let line: UInt

        public var description: String { "\(scenario): \(message)" + (line > 0 ? " (Scenarios.swift:\(line))" : "") }
    }

    /// What scenarios use to act on the subject and check what comes back.
    struct Probe: Sendable {
        let subject: any ProjectsContractSubject
        var services: any ProjectsServices { subject.services }

        func check(_ condition: Bool, _ message: @autoclosure () -> String, line: UInt = #line) throws {
            guard condition else { throw Violation(scenario: "", message: message(), line: line) }
        }

        func equal<T: Equatable>(_ actual: T, _ expected: T, _ what: String, line: UInt = #line) throws {
            try check(actual == expected, "\(what): expected \(expected), got \(actual)", line: line)
        }

        /// Runs `body` and checks that it fails with an error of `kind`.
        func fails<T>(_ kind: ErrorKind, _ what: String, line: UInt = #line, _ body: () async throws -> T)
            async throws
        {
            let value: T
            do {
                value = try await body()
            } catch {
                let actual = subject.classify(error)
                try check(
                    actual == kind,
                    "\(what): expected \(kind), got \(actual?.rawValue ?? "unclassified") error \(error)",
                    line: line)
                return
            }
            throw Violation(
                scenario: "", message: "\(what): expected \(kind), but it succeeded with \(value)", line: line)
        }

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
