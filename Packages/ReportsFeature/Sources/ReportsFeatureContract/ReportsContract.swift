import ContractSupport
import Foundation
import ReportsFeature
import TerminalUI

/// What the Reports contract needs from an implementation under test, beyond its ``ReportsServices``: a way to
/// record time, which the Services cannot do. The App's runner implements it over its real adapter and a temporary
/// database; the feature's tests implement it over `InMemoryReportsServices`.
///
/// A fresh subject has no time recorded; its clock reads ``ReportsContract/now`` and its calendar is in
/// ``ReportsContract/timeZone``. Every scenario gets a fresh subject.
public protocol ReportsContractSubject: Sendable {
    /// The implementation under test.
    var services: any ReportsServices { get }
    /// Records `entry` as one time entry (see ``ReportsContract/Entry``), creating its project and task on first use.
    func seed(_ entry: ReportsContract.Entry) async throws
    /// Which kind of failure `error` is; `nil` when it is none of them (a storage failure, a bug).
    func classify(_ error: any Error) -> ContractErrorKind?
}

/// Behaviour every ``ReportsServices`` implementation must show: the rules users rely on, written once and run against
/// both the fake and the App's adapter so the two cannot drift.
///
/// Run one scenario per fresh subject, from any test framework:
///
///     @Test(arguments: ReportsContract.scenarios)
///     func contract(_ scenario: ReportsContract.Scenario) async throws {
///         try await scenario.run(on: MySubject())
///     }
///
/// A scenario that finds the implementation breaking a rule throws ``Violation``, naming the scenario, what was
/// expected and what happened.
public enum ReportsContract {
    /// The kinds of failure scenarios expect, as ``ReportsContractSubject/classify(_:)`` reports them. In the App they
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

    /// One piece of logged time, in names. `task` is a task's title: a task of `project` (or of no project when
    /// `project` is nil); with `task` nil the time is on `project` itself. One of the two is always given; a task
    /// title is only ever used with one project. Every entry ends before ``now`` and lasts less than 24 hours.
    public struct Entry: Sendable, Hashable {
        public var start: Date
        public var seconds: Int
        public var project: String?
        public var task: String?
        /// Lowercase tag names.
        public var tags: [String]
        public var billable: Bool

        public init(
            start: Date, seconds: Int, project: String?, task: String?, tags: [String] = [], billable: Bool = false
        ) {
            self.start = start
            self.seconds = seconds
            self.project = project
            self.task = task
            self.tags = tags
            self.billable = billable
        }
    }

    /// What scenarios act through: the subject, its Services, the checks of `ContractProbe` and a few helpers.
    public struct Probe: ContractProbe {
        let subject: any ReportsContractSubject

        public init(subject: any ReportsContractSubject) { self.subject = subject }

        public func classify(_ error: any Error) -> ContractErrorKind? { subject.classify(error) }

        var services: any ReportsServices { subject.services }

        /// Records `minutes` of time starting at `start`.
        func log(
            _ start: Date, minutes: Int, project: String?, task: String? = nil, tags: [String] = [],
            billable: Bool = false
        ) async throws {
            try await subject.seed(
                Entry(
                    start: start, seconds: minutes * 60, project: project, task: task, tags: tags, billable: billable))
        }

        /// The report of `first` to `last` (ISO days), grouped as asked.
        func report(
            _ first: String, _ last: String, by grouping: ReportGrouping = .project, project: String? = nil,
            billableOnly: Bool = false
        ) async throws -> ReportData {
            try await services.report(
                for: ReportRequest(
                    since: day(first), until: day(last), grouping: grouping, project: project,
                    billableOnly: billableOnly, includesDaily: true))
        }

        /// A day written as ISO text.
        func day(_ iso: String) -> CalendarDay {
            CalendarDay(iso: iso) ?? ReportsContract.today
        }

        /// `hour`:`minute` UTC on the ISO day.
        func at(_ iso: String, _ hour: Int, _ minute: Int = 0) -> Date {
            let days = day(iso).days(since: ReportsContract.today)
            return ReportsContract.now.addingTimeInterval(TimeInterval((days * 24 + hour - 10) * 3_600 + minute * 60))
        }

        /// The seconds of each row, by label.
        func seconds(_ data: ReportData) -> [String: Int] {
            Dictionary(data.rows.map { ($0.label, $0.seconds) }, uniquingKeysWith: +)
        }
    }
}
