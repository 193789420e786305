import Foundation

/// Instants as people read them in details and lists: to the minute, on the wall clock of a given time zone.
///
/// Computed from the zone's offset at that instant (as ``CalendarDay/from(_:in:)`` does), so it is exact across
/// daylight-saving changes and never depends on the process's own zone.
public enum TimestampText {
    /// "2026-03-01 14:05".
    public static func minute(_ date: Date, in timeZone: any DisplayTimeZone) -> String {
        CalendarDay.from(date, in: timeZone).iso + " " + timeOfDay(date, in: timeZone)
    }

    /// "14:05".
    public static func timeOfDay(_ date: Date, in timeZone: any DisplayTimeZone) -> String {
        let seconds = date.timeIntervalSince1970.rounded(.down) + Double(timeZone.secondsFromGMT(for: date))
        guard seconds.isFinite, abs(seconds) < 1e15 else { return "--:--" }
        var ofDay = Int(seconds) % 86_400
        if ofDay < 0 { ofDay += 86_400 }
        return twoDigits(ofDay / 3_600) + ":" + twoDigits(ofDay % 3_600 / 60)
    }

    private static func twoDigits(_ value: Int) -> String {
        value < 10 ? "0\(value)" : String(value)
    }
}
