import ContractSupport
import Foundation
import TasksFeature
import TerminalUI

/// What the Tasks contract needs from an implementation under test, beyond its ``TasksServices``: the things the
/// Services cannot do themselves. The App's runner implements it over its real adapter and a temporary database; the
/// feature's tests implement it over `InMemoryTasksServices`.
///
/// A fresh subject is empty (no projects, lists or tasks), its clock reads ``TasksContract/now`` and its calendar is
/// in ``TasksContract/timeZone``, so its "today" is ``TasksContract/today``. Every scenario gets a fresh subject.
public protocol TasksContractSubject: Sendable {
    /// The implementation under test.
    var services: any TasksServices { get }
    /// Creates a project called `name` with lists called `lists` (names are unique across projects, lists unique
    /// within their project).
    func seedProject(named name: String, lists: [String]) async throws
    /// Logs in as `you` to a team server whose users are `you` and `others` (names unique), so tasks can be
    /// assigned. A fresh subject is not logged in.
    func seedTeam(you: String, others: [String]) async throws
    /// Moves the injected clock forward by `seconds` (the calendar day may change with it).
    func advanceClock(by seconds: Int) async throws
    /// Records `seconds` of time worked on the task `reference` names, as a finished entry in the past that
    /// overlaps no other. Called at most once per task in a scenario.
    func logTime(seconds: Int, onTask reference: String) async throws
    /// Which kind of failure `error` is; `nil` when it is none of them (a storage failure, a bug).
    func classify(_ error: any Error) -> ContractErrorKind?
}

/// Behaviour every ``TasksServices`` implementation must show: the rules users rely on, written once and run against
/// both the fake and the App's adapter so the two cannot drift.
///
/// Run one scenario per fresh subject, from any test framework:
///
///     @Test(arguments: TasksContract.scenarios)
///     func contract(_ scenario: TasksContract.Scenario) async throws {
///         try await scenario.run(on: MySubject())
///     }
///
/// A scenario that finds the implementation breaking a rule throws ``Violation``, naming the scenario, what was
/// expected and what happened.
public enum TasksContract {
    /// The kinds of failure scenarios expect, as ``TasksContractSubject/classify(_:)`` reports them. In the App they
    /// are the exit codes 2, 3, 4 and 5.
    public typealias ErrorKind = ContractErrorKind
    /// One behaviour, checked against a fresh subject: `try await scenario.run(on: subject)`.
    public typealias Scenario = ContractScenario<Probe>
    /// A broken rule: which scenario, what was wrong, and the line of the check.
    public typealias Violation = ContractViolation

    /// Where a fresh subject's clock starts: Wednesday 2026-03-04, 10:00 in ``timeZone``.
    public static let now = Date(timeIntervalSince1970: 1_772_618_400)
    /// The subject's calendar zone.
    public static let timeZone = TimeZone(identifier: "UTC") ?? .gmt
    /// A fresh subject's "today": Wednesday 2026-03-04.
    public static let today = CalendarDay.from(now, in: timeZone)

    /// What scenarios act through: the subject, its Services, the checks of `ContractProbe` and a few helpers.
    public struct Probe: ContractProbe {
        let subject: any TasksContractSubject

        public init(subject: any TasksContractSubject) { self.subject = subject }

        public func classify(_ error: any Error) -> ContractErrorKind? { subject.classify(error) }

        var services: any TasksServices { subject.services }

        func add(
            _ title: String, project: String? = nil, list: String? = nil, due: Int? = nil,
            priority: Priority? = nil, tags: [String] = [], note: String? = nil, assignee: String? = nil
        ) async throws -> TasksFeature.Task {
            try await services.addTask(
                TaskDraft(
                    title: title, project: project, list: list, due: due.map { TasksContract.today.adding(days: $0) },
                    priority: priority, tags: tags, note: note, assignee: assignee))
        }

        /// The numbers of the tasks `query` returns, in order.
        func numbers(_ query: TaskQuery) async throws -> [Int] {
            try await services.tasks(matching: query).map(\.number)
        }
    }
}
