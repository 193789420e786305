import Foundation
import TerminalUI

/// How often a task of ``InMemoryTasksServices`` recurs: the App's rule (Entities' `RepeatRule`) redone for the
/// fake, which may not import Entities. It reads what people type, stores one canonical spelling, and counts
/// occurrences from the series' first day, so "monthly" from January 31 falls on February 28 and then March 31.
struct FakeRepeatRule: Equatable {
    enum Unit: String {
        case day, weekday, week, month, year
    }

    let unit: Unit
    /// Units between occurrences; 1 for `weekday`.
    let every: Int

    /// `daily`, `weekdays`, `weekly`, `biweekly`, `monthly`, `yearly` (and `fortnightly`, `annually`), or
    /// `every N d|w|m|y` with the unit also spelt out (`every 2w`, `every 3 days`); `nil` for anything else or a
    /// count outside 1…999.
    init?(_ raw: String) {
        let text = raw.trimmingCharacters(in: .whitespaces).lowercased()
        switch text {
        case "daily": (unit, every) = (.day, 1)
        case "weekdays", "every weekday": (unit, every) = (.weekday, 1)
        case "weekly": (unit, every) = (.week, 1)
        case "biweekly", "fortnightly": (unit, every) = (.week, 2)
        case "monthly": (unit, every) = (.month, 1)
        case "yearly", "annually": (unit, every) = (.year, 1)
        default:
            guard text.hasPrefix("every") else { return nil }
            let rest = text.dropFirst("every".count).filter { $0 != " " }
            let digits = rest.prefix { $0.isASCII && $0.isNumber }
            let units: [String: Unit] = [
                "d": .day, "day": .day, "days": .day, "w": .week, "week": .week, "weeks": .week, "m": .month,
                "month": .month, "months": .month, "y": .year, "year": .year, "years": .year,
            ]
            guard let unit = units[String(rest.dropFirst(digits.count))], digits.count <= 4 else { return nil }
            let count = digits.isEmpty ? 1 : Int(digits) ?? 0
            guard (1...999).contains(count) else { return nil }
            (self.unit, every) = (unit, count)
        }
    }

    /// The stored spelling: `daily`, `weekdays`, `weekly`, `monthly`, `yearly`, or `every N days|weeks|…`.
    var text: String {
        switch (unit, every) {
        case (.weekday, _): "weekdays"
        case (.day, 1): "daily"
        case (.week, 1): "weekly"
        case (.month, 1): "monthly"
        case (.year, 1): "yearly"
        default: "every \(every) \(unit.rawValue)s"
        }
    }

    /// The series' first occurrence strictly after `day` (`start` itself when `day` is before it).
    func next(after day: CalendarDay, start: CalendarDay) -> CalendarDay {
        if day < start { return start }
        switch unit {
        case .day, .week:
            let step = every * (unit == .week ? 7 : 1)
            return start.adding(days: (day.days(since: start) / step + 1) * step)
        case .weekday:
            var candidate = day.adding(days: 1)
            while candidate.weekday > 5 { candidate = candidate.adding(days: 1) }
            return candidate
        case .month, .year:
            let step = every * (unit == .year ? 12 : 1)
            var index = max(0, ((day.year - start.year) * 12 + day.month - start.month) / step)
            while true {
                let candidate = Self.adding(months: index * step, to: start)
                if candidate > day { return candidate }
                index += 1
            }
        }
    }

    /// `months` later, on the same day of the month or the month's last day when it is shorter.
    static func adding(months: Int, to day: CalendarDay) -> CalendarDay {
        let total = day.year * 12 + day.month - 1 + months
        let (year, month) = (total / 12, total % 12 + 1)
        for candidate in stride(from: day.day, through: 1, by: -1) {
            if let found = CalendarDay(year: year, month: month, day: candidate) { return found }
        }
        return day
    }
}
