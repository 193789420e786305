import Entities
import Foundation
import TasksFeature
import TerminalUI

/// Turns what people type (dates, durations, priorities) into values, with the Entities' rules and
/// today's date from the injected clock. Errors are ``WorkerError``s with one-line messages.
struct InputReader: Sendable {
    let today: Day
    /// The instant the command runs at, from the injected clock.
    let now: Date
    let timeZone: TimeZone

    /// An instant such as `09:15`, `10 min ago`, `yesterday 17:00` (never more than a minute ahead).
    func instant(_ text: String, field: String = "at") throws(WorkerError) -> Date {
        try working { try InstantExpression.parse(text, field: field, now: now, timeZone: timeZone) }
    }

    /// A time of day such as `14:00` on `day` in the user's time zone.
    func time(_ text: String, on day: Day, field: String = "start") throws(WorkerError) -> Date {
        try working { try TimeOfDay.parse(text, field: field).date(on: day, in: timeZone) }
    }

    /// A plain `Day` (not the feature's `CalendarDay`).
    func entityDay(_ text: String, field: String) throws(WorkerError) -> Day {
        try working { try DayExpression.parse(text, today: today, field: field) }
    }

    func day(_ text: String, field: String = "due") throws(WorkerError) -> CalendarDay {
        TasksAdapter.calendarDay(try working { try DayExpression.parse(text, today: today, field: field) })
    }

    func seconds(_ text: String, field: String = "estimate") throws(WorkerError) -> Int {
        try working { try DurationExpression.seconds(text, field: field) }
    }

    func priority(_ text: String) throws(WorkerError) -> TasksFeature.Priority {
        TasksAdapter.priority(try working { try Priority.parse(text) })
    }

    func status(_ text: String) throws(WorkerError) -> StatusFilter {
        switch text.lowercased() {
        case "active": .active
        case "open", "todo": .open
        case "in-progress", "inprogress", "started", "doing": .inProgress
        case "done", "completed": .done
        case "all", "any": .all
        default:
            throw WorkerError(
                .invalidInput, "unknown status '\(text.prefix(30))': use active, open, in-progress, done or all")
        }
    }

    func dueFilter(_ text: String) throws(WorkerError) -> DueFilter {
        switch text.lowercased() {
        case "today": .today
        case "overdue": .overdue
        case "week", "this-week", "thisweek": .thisWeek
        default: .on(try day(text))
        }
    }

    func sort(_ text: String) throws(WorkerError) -> TasksFeature.TaskSort {
        switch text.lowercased() {
        case "priority": .priority
        case "due": .due
        case "created": .created
        case "updated": .updated
        case "title": .title
        case "number", "id": .number
        default:
            throw WorkerError(
                .invalidInput, "unknown sort '\(text.prefix(30))': use priority, due, created, updated, title or number"
            )
        }
    }
}
