import Entities
import Foundation
import TerminalUI
import Workers

/// The one mapping between the Entities' `Day` and the features' `CalendarDay` (TerminalUI). Both hold
/// a calendar date, so a failure means a bug in one of them: it fails loudly instead of quietly
/// turning the date into 1970-01-01.
enum DayMapping {
    static func calendarDay(_ day: Day) throws(WorkerError) -> CalendarDay {
        guard let mapped = CalendarDay(year: day.year, month: day.month, day: day.day) else {
            throw WorkerError(.unexpected, "the date \(day.iso) cannot be shown")
        }
        return mapped
    }

    static func day(_ day: CalendarDay) throws(WorkerError) -> Day {
        guard let mapped = Day(year: day.year, month: day.month, day: day.day) else {
            throw WorkerError(.unexpected, "the date \(day.iso) is not a calendar date")
        }
        return mapped
    }
}
