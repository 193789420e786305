import Foundation

/// The moments and days Stint accepts from people and files.
///
/// Nothing real happens before the Unix epoch or after the year 9999, but typos and damaged files
/// produce such values (`0001-01-01`, a five-digit year). Accepting them would store data every
/// later read, report and export has to cope with, and dates beyond 9999 cannot be written as
/// `YYYY-MM-DD`; so every instant or day a user or a file supplies is checked against these ranges,
/// once, here.
public enum AcceptedRange {
    /// 1970-01-01T00:00:00Z up to, not including, 10000-01-01T00:00:00Z.
    public static let instants: Range<Date> =
        Date(timeIntervalSince1970: 0)..<Date(timeIntervalSince1970: 253_402_300_800)
    /// 1970-01-01 through 9999-12-31.
    public static let days: ClosedRange<Day> = Day.epoch...Day.last
}
