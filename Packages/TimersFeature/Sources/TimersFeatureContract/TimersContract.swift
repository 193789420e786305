import ContractSupport
import Foundation
import TerminalUI
import TimersFeature

/// What the Timers contract needs from an implementation under test, beyond its ``TimersServices``: the things the
/// Services cannot do themselves. The App's runner implements it over its real adapter and a temporary database; the
/// feature's tests implement it over `InMemoryTimersServices`.
///
/// A fresh subject has one person and nothing else (no projects, tasks, timers or entries); its clock reads
/// ``TimersContract/now`` and its calendar is in ``TimersContract/timeZone``. Every scenario gets a fresh subject.
public protocol TimersContractSubject: Sendable {
    /// The implementation under test.
    var services: any TimersServices { get }
    /// Creates a project called `name` (scenarios use names no other project has).
    func seedProject(named name: String) async throws
    /// Creates an open task called `title`, in the project called `project` (seeded before) or in none.
    /// - Returns: the task's number, which scenarios use as its reference.
    func seedTask(title: String, project: String?) async throws -> Int
    /// Moves the injected clock forward by `seconds`.
    func advanceClock(by seconds: Int) async throws
    /// Which kind of failure `error` is; `nil` when it is none of them (a storage failure, a bug).
    func classify(_ error: any Error) -> ContractErrorKind?
}

/// Behaviour every ``TimersServices`` implementation must show: the rules users rely on, written once and run against
/// both the fake and the App's adapter so the two cannot drift.
///
/// Run one scenario per fresh subject, from any test framework:
///
///     @Test(arguments: TimersContract.scenarios)
///     func contract(_ scenario: TimersContract.Scenario) async throws {
///         try await scenario.run(on: MySubject())
///     }
///
/// A scenario that finds the implementation breaking a rule throws ``Violation``, naming the scenario, what was
/// expected and what happened.
public enum TimersContract {
    /// The kinds of failure scenarios expect, as ``TimersContractSubject/classify(_:)`` reports them. In the App they
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
    /// The subject's first day: Wednesday 2026-03-04.
    public static let today = CalendarDay.from(now, in: timeZone)

    /// What scenarios act through: the subject, its Services, the checks of `ContractProbe` and a few helpers.
    public struct Probe: ContractProbe {
        let subject: any TimersContractSubject

        public init(subject: any TimersContractSubject) { self.subject = subject }

        public func classify(_ error: any Error) -> ContractErrorKind? { subject.classify(error) }

        var services: any TimersServices { subject.services }

        /// The tasks most scenarios use: `report` in project Work, `email` in no project, `plan` in project Home.
        struct Tasks {
            let report: Int
            let email: Int
            let plan: Int
        }

        func seedTasks() async throws -> Tasks {
            try await subject.seedProject(named: "Work")
            try await subject.seedProject(named: "Home")
            return Tasks(
                report: try await subject.seedTask(title: "Write report", project: "Work"),
                email: try await subject.seedTask(title: "Email", project: nil),
                plan: try await subject.seedTask(title: "Plan", project: "Home"))
        }

        func advance(minutes: Int) async throws {
            try await subject.advanceClock(by: minutes * 60)
        }

        func start(_ task: Int, at: Date? = nil, note: String? = nil) async throws -> TimerStartResult {
            try await services.startTimer(TimerStartRequest(task: String(task), note: note, at: at))
        }

        func pause() async throws -> TimersFeature.Timer {
            try await services.pauseTimer(reference: nil, at: nil)
        }

        func stop(_ reference: String? = nil, force: Bool = false) async throws -> TimeEntry {
            try await services.stopTimer(reference: reference, at: nil, note: nil, force: force).entry
        }

        func log(
            _ task: Int?, project: String? = nil, at start: Date, minutes: Int, force: Bool = false
        ) async throws -> TimeEntry {
            try await services.logTime(
                LogRequest(
                    durationSeconds: minutes * 60, task: task.map(String.init), project: project, start: start,
                    force: force))
        }

        /// `hour`:`minute` on the day `day` days from ``TimersContract/today``, in the subject's zone (UTC).
        func at(day: Int, _ hour: Int, _ minute: Int = 0) -> Date {
            TimersContract.now.addingTimeInterval(TimeInterval((day * 24 + hour - 10) * 3_600 + minute * 60))
        }
    }
}
