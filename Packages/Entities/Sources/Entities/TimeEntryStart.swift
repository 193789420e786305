import Foundation

extension TimeEntry {
    /// When logged work began, for time logged by its length and perhaps a day and a start time.
    ///
    /// People log time right after doing it, or later for another day. So:
    /// - an explicit `start` is that time on `day` (today when `day` is nil);
    /// - without a start, time logged for today (or for no particular day) is taken to end now, so it
    ///   began `durationSeconds` before `now`;
    /// - without a start on another day, "ending now" means nothing, so it began at 09:00 that day, the
    ///   start of an ordinary working day.
    ///
    /// The result is not validated here; `create` checks it (range, future, duration) with the rest.
    ///
    /// - Parameters:
    ///   - durationSeconds: how long the work lasted.
    ///   - day: the day it was done, nil for today.
    ///   - start: the wall-clock time it began, if given.
    ///   - today: the current civil date in `timeZone`.
    ///   - now: the current instant.
    ///   - timeZone: the user's time zone, for wall-clock times.
    public static func loggedStart(
        durationSeconds: Int, day: Day?, start: TimeOfDay?, today: Day, now: Date, timeZone: any TimeZoneRules
    ) -> Date {
        let chosenDay = day ?? today
        if let start {
            return start.date(on: chosenDay, in: timeZone)
        }
        if chosenDay == today {
            return now.addingTimeInterval(-TimeInterval(durationSeconds))
        }
        return TimeOfDay.nineInTheMorning.date(on: chosenDay, in: timeZone)
    }
}
