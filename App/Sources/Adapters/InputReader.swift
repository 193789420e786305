import Entities
import Foundation
import TerminalUI
import Workers

/// Turns what people typed (dates, instants, durations) into values with the Entities' rules and
/// today's date from the injected clock. Errors are ``WorkerError``s with one-line messages.
struct InputReader: Sendable {
    let calendar: WorkCalendar

    var today: Day { calendar.today }
    var now: Date { calendar.now }
    var timeZone: any TimeZoneRules { calendar.timeZone }

    /// An instant such as `09:15`, `10 min ago`, `yesterday 17:00` (never more than a minute ahead).
    func instant(_ text: String, field: String = "at") throws(WorkerError) -> Date {
        try working {
            try InstantExpression.parse(text, field: field, now: now, timeZone: timeZone, weekStart: calendar.weekStart)
        }
    }

    /// A time of day such as `14:00`.
    func timeOfDay(_ text: String, field: String = "start") throws(WorkerError) -> TimeOfDay {
        try working { try TimeOfDay.parse(text, field: field) }
    }

    /// A day such as `fri`, `tomorrow`, `2026-12-01`, `+3d`. A weekday or month-day means the coming one for a due
    /// date (`.future`) and the latest one for a day work was done on or a report starts (`.past`).
    func day(_ text: String, field: String, leaning: DayExpression.Leaning = .future) throws(WorkerError) -> Day {
        try working {
            try DayExpression.parse(text, today: today, field: field, leaning: leaning, weekStart: calendar.weekStart)
        }
    }

    /// The same day as the features see it.
    func calendarDay(
        _ text: String, field: String, leaning: DayExpression.Leaning = .future
    ) throws(WorkerError) -> CalendarDay {
        try DayMapping.calendarDay(try day(text, field: field, leaning: leaning))
    }

    /// A duration such as `1h30m`, `90m`, `1.5h`, in seconds.
    func seconds(_ text: String, field: String) throws(WorkerError) -> Int {
        try working { try DurationExpression.seconds(text, field: field) }
    }

    /// An estimate such as `1h30m` or `1.5h`, in seconds of whole minutes.
    func estimate(_ text: String) throws(WorkerError) -> Int {
        try working { try DurationExpression.estimateSeconds(text) }
    }

    /// `--limit`: means the same in every command — at least one, or left out for no limit.
    func limit(_ value: Int?) throws(WorkerError) -> Int? {
        guard let value else { return nil }
        guard value >= 1 else {
            throw WorkerError(.invalidInput, "--limit must be at least 1 (leave it out to show everything)")
        }
        return value
    }
}
