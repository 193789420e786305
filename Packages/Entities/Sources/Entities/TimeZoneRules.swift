import Foundation

/// What the entities ask of a time zone: its offset at an instant, its next clock change, and for the rare
/// calendar arithmetic Foundation's zone of the same rules.
///
/// A protocol, not Foundation's `TimeZone` itself, because creating one of those costs every command a fifth of its
/// instructions and 1.8 MiB (ICU's copy of the tz database); the App reads the system's zone files instead
/// (ADR 0028). `TimeZone` conforms, so tests and previews keep passing Foundation zones.
public protocol TimeZoneRules: Sendable {
    /// The zone's name as Foundation gives it (`Europe/Berlin`, `GMT`).
    var identifier: String { get }
    /// Seconds east of UTC at `date`.
    func secondsFromGMT(for date: Date) -> Int
    /// The first instant after `date` at which the offset changes, if any.
    func nextDaylightSavingTimeTransition(after date: Date) -> Date?
    /// The same zone as Foundation's, for `Calendar` (days next to a clock change, wall-clock times).
    var foundationTimeZone: TimeZone { get }
}

extension TimeZone: TimeZoneRules {
    public var foundationTimeZone: TimeZone { self }
}
