import Entities
import Foundation

/// What "now" and "today" mean for this process: the injected clock read in the user's time zone.
/// Workers get it instead of reading the system clock, so tests can pin the date.
public struct WorkCalendar: Sendable {
    public let clock: any DateProvider
    public let timeZone: TimeZone

    public init(clock: any DateProvider, timeZone: TimeZone) {
        self.clock = clock
        self.timeZone = timeZone
    }

    public var now: Date { clock.now() }
    public var today: Day { Day.containing(clock.now(), in: timeZone) }
}
