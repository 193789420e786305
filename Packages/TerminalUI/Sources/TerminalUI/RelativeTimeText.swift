import Foundation

/// Describes a past moment relative to now, for "updated" and "created" columns: "just now", "5 min ago",
/// "3 h ago", "2 days ago", and the ISO date once it is a week or more old. Moments in the future are
/// described the same way with "in …" ("in 5 min").
public enum RelativeTimeText {
    /// The phrase for `date` as seen at `now`; the ISO date fallback uses `timeZone` to pick the calendar day.
    public static func describe(_ date: Date, now: Date, timeZone: any DisplayTimeZone = TimeZone.current) -> String {
        let interval = now.timeIntervalSince(date)
        guard interval.isFinite else { return CalendarDay.from(date, in: timeZone).iso }
        let future = interval < 0
        let seconds = abs(interval)
        if seconds < 60 { return "just now" }
        let phrase: String
        if seconds < 3_600 {
            phrase = "\(Int(seconds / 60)) min"
        } else if seconds < 86_400 {
            phrase = "\(Int(seconds / 3_600)) h"
        } else if seconds < 7 * 86_400 {
            let days = Int(seconds / 86_400)
            phrase = days == 1 ? "1 day" : "\(days) days"
        } else {
            return CalendarDay.from(date, in: timeZone).iso
        }
        return future ? "in " + phrase : phrase + " ago"
    }
}
