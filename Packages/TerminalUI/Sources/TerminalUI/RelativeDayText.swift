/// Describes a day relative to today the way people say it: "today", "tomorrow", "yesterday", "in 3 days",
/// "3 days ago"; anything a week or more away is shown as its ISO date so it stays unambiguous.
public enum RelativeDayText {
    /// The phrase for `day` as seen from `today`.
    public static func describe(_ day: CalendarDay, today: CalendarDay) -> String {
        let offset = day.days(since: today)
        switch offset {
        case 0: return "today"
        case 1: return "tomorrow"
        case -1: return "yesterday"
        case 2...6: return "in \(offset) days"
        case -6 ... -2: return "\(-offset) days ago"
        default: return day.iso
        }
    }
}
