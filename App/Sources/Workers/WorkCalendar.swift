import Entities
import Foundation

/// What "now", "today" and "this week" mean for this process: the injected clock read in the user's time zone,
/// and the day the user's weeks begin on. Workers get it instead of reading the system clock, so tests can pin
/// the date.
public struct WorkCalendar: Sendable {
    public let clock: any DateProvider
    public let timeZone: any TimeZoneRules
    /// The config file's `week_start`: Monday (ISO 8601) unless the user chose another day.
    public let weekStart: Weekday

    public init(clock: any DateProvider, timeZone: any TimeZoneRules, weekStart: Weekday = .monday) {
        self.clock = clock
        self.timeZone = timeZone
        self.weekStart = weekStart
    }

    public var now: Date { clock.now() }
    public var today: Day { Day.containing(clock.now(), in: timeZone) }

    /// The first day of the week that contains `day`.
    public func startOfWeek(_ day: Day) -> Day {
        day.startOfWeek(beginning: weekStart)
    }
}
