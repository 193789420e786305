import Foundation

/// The time zone a feature shows times in: a name for JSON and an offset for clock times and days.
///
/// A protocol, not Foundation's `TimeZone`, so the App can hand over the zone it read from the system's files
/// without paying for ICU's (ADR 0028); `TimeZone` conforms, for tests and previews.
public protocol DisplayTimeZone: Sendable {
    /// The zone's name as Foundation gives it (`Europe/Berlin`, `GMT`).
    var identifier: String { get }
    /// Seconds east of UTC at `date`.
    func secondsFromGMT(for date: Date) -> Int
}

extension TimeZone: DisplayTimeZone {}
