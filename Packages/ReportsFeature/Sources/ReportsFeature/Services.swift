import Foundation
import TerminalUI

/// Everything the Reports feature needs from the outside world: time logged, added up.
///
/// The feature never touches storage; the App implements this protocol with an adapter over its workers (the tests
/// and the demo use the in-memory fake). The project in a request is the string the user typed (a name,
/// case-insensitive, or a UUID prefix); resolving it is the implementation's job.
///
/// Errors are the implementation's own (project not found or ambiguous, an empty range, storage) and the feature
/// rethrows them unchanged for the App to present. `ReportsFeatureContract` states the rules as scenarios that the
/// fake and the App's adapter both pass.
public protocol ReportsServices: Sendable {
    /// The time entries inside `request`'s days, grouped as it asks.
    ///
    /// Entries are clipped to the range (from `since` at midnight to the midnight after `until`, in the user's time
    /// zone) and split at every midnight, so `daily` and (except for `.tag`) the rows add up to `totalSeconds`.
    /// A task's time belongs to the task's current project. The time your timers (running or paused) hold inside
    /// the range and filters is counted too, in the rows (`timerSeconds`), `daily` and the totals, and summed in
    /// `runningSeconds` (nil when none); the feature marks those rows.
    /// - Parameter request: the days (inclusive), grouping and filters.
    /// - Throws: invalid input when `until` is before `since` (the one "since is after until" rule lives below the
    ///   feature); notFound or ambiguous when the project reference does not resolve; when reading fails.
    func report(for request: ReportRequest) async throws -> ReportData
}

/// Usage events the feature reports after an operation succeeds. Events never carry personal data (no project,
/// task or tag names), only what was asked for and how much came back.
public enum ReportsEvent: Sendable, Equatable {
    /// A report was printed. `days` is the length of the range; `rows` how many groups it had.
    case reported(grouping: ReportGrouping, format: ReportFormat, days: Int, rows: Int, filtered: Bool)
}

/// Receives the feature's usage events. Implementations must return quickly and never fail the operation.
public protocol ReportsAnalytics: Sendable {
    /// Records one event.
    func track(_ event: ReportsEvent)
}
