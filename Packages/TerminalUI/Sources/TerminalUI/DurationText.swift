/// The one way Stint writes a length of time for people, in tables and in sentences alike: "0m", "<1m", "45m",
/// "1h 00m", "1h 05m", "26h 30m".
///
/// Hours and two-digit minutes, as Watson writes them (`2h 05m`), without its seconds: right-aligned in a column the
/// "h" and "m" of every value line up, and a sentence ("logged 1h 05m") reads the same as the table it came from.
/// Minutes are rounded down and days are never used, because estimates and timesheets are summed in hours.
/// JSON keeps whole seconds; this is only the human form (ADR 0009).
public enum DurationText {
    /// The text for `seconds`; negative durations get a leading "-".
    public static func format(seconds: Int) -> String {
        if seconds < 0 {
            // Avoid overflowing on Int.min by working with the magnitude.
            return "-" + format(magnitude: seconds.magnitude)
        }
        return format(magnitude: UInt(seconds))
    }

    /// The text for a whole number of minutes (a report's rounded and apportioned minutes).
    public static func format(minutes: Int) -> String {
        let (seconds, overflow) = minutes.multipliedReportingOverflow(by: 60)
        if overflow { return minutes < 0 ? "-" + format(magnitude: UInt.max) : format(magnitude: UInt.max) }
        return format(seconds: seconds)
    }

    private static func format(magnitude seconds: UInt) -> String {
        if seconds == 0 { return "0m" }
        if seconds < 60 { return "<1m" }
        let hours = seconds / 3_600
        let minutes = (seconds % 3_600) / 60
        if hours == 0 { return "\(minutes)m" }
        return "\(hours)h " + (minutes < 10 ? "0" : "") + "\(minutes)m"
    }
}
