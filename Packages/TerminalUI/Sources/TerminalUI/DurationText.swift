/// Formats a number of seconds as the short duration users read in tables: "0m", "<1m", "45m", "1h", "1h 30m",
/// "26h". Minutes are rounded down and days are never used, because estimates and timers are summed in hours.
public enum DurationText {
    /// The short text for `seconds`; negative durations get a leading "-".
    public static func format(seconds: Int) -> String {
        if seconds < 0 {
            // Avoid overflowing on Int.min by working with the magnitude.
            return "-" + format(magnitude: seconds.magnitude)
        }
        return format(magnitude: UInt(seconds))
    }

    private static func format(magnitude seconds: UInt) -> String {
        if seconds == 0 { return "0m" }
        if seconds < 60 { return "<1m" }
        let hours = seconds / 3_600
        let minutes = (seconds % 3_600) / 60
        if hours == 0 { return "\(minutes)m" }
        if minutes == 0 { return "\(hours)h" }
        return "\(hours)h \(minutes)m"
    }
}
