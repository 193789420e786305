import Foundation

/// The one place the package builds a calendar, so every conversion between `Date` and civil time
/// uses the Gregorian calendar and the time zone the caller passed, never the process defaults.
enum GregorianCalendar {
    static func `in`(_ timeZone: TimeZone) -> Calendar {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        calendar.locale = Locale(identifier: "en_US_POSIX")
        return calendar
    }
}
