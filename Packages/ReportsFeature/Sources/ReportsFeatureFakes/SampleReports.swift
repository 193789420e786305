import Foundation
import ReportsFeature
import TerminalUI

/// About fourteen months of realistic logged time up to a given day: office work on weekdays, a billable client
/// (whose name has a comma, to exercise CSV quoting), chores and reading at weekends, a late reading session that
/// runs past midnight, some time on no project, entries with several tags and untagged ones. It is derived from the
/// dates alone, so the demo always looks current and tests get the same data for the same day.
public enum SampleReports {
    public static let projects = ["Work", "Acme, Inc.", "Home", "Reading"]
    /// A timer that has been running for 25 minutes on Work.
    public static let running = RunningTime(seconds: 25 * 60, project: "Work")

    static let workTasks = ["Write the quarterly report", "Review pull requests", "Plan the team offsite"]

    public static func entries(today: CalendarDay, timeZone: TimeZone = TimeZone(identifier: "UTC") ?? .current)
        -> [LoggedTime]
    {
        var result: [LoggedTime] = []
        for offset in -420...0 {
            let day = today.adding(days: offset)
            // A fixed, date-derived wobble so durations vary from day to day without any randomness.
            let wobble = ((day.days(since: today.adding(days: -today.day)) * 7 + day.day * 13) % 11 + 11) % 11
            func at(_ hour: Int, _ minute: Int = 0) -> Date {
                date(day, hour: hour, in: timeZone).addingTimeInterval(TimeInterval(minute * 60))
            }
            if offset == 0 {
                // Today only has the morning so far (the running timer is the rest).
                result.append(
                    LoggedTime(
                        start: at(9), seconds: 2 * 3_600 + 5 * 60, project: "Work", task: workTasks[0],
                        tags: ["writing"]))
                continue
            }
            switch day.weekday {
            case 1...5:
                result.append(
                    LoggedTime(
                        start: at(9), seconds: (150 + wobble * 10) * 60 + 17, project: "Work",
                        task: workTasks[(day.day + day.month) % workTasks.count],
                        tags: wobble % 3 == 0 ? ["writing", "deep-work"] : ["writing"]))
                if day.weekday != 2 && day.weekday != 5 {
                    result.append(
                        LoggedTime(
                            start: at(13, 30), seconds: (60 + wobble * 9) * 60 + 40, project: "Acme, Inc.",
                            task: "Migrate the \"legacy\" billing API", tags: ["client", "meeting"], billable: true))
                }
                if day.weekday == 5 {
                    result.append(LoggedTime(start: at(16), seconds: 35 * 60 + 20, tags: ["admin"]))
                } else {
                    result.append(
                        LoggedTime(start: at(15, 45), seconds: (40 + wobble * 4) * 60, project: "Work", tags: []))
                }
            case 6:
                result.append(
                    LoggedTime(
                        start: at(10), seconds: (60 + wobble * 6) * 60, project: "Home", task: "Errands",
                        tags: ["errands"]))
                result.append(
                    LoggedTime(
                        start: at(23, 15), seconds: 95 * 60, project: "Reading",
                        task: "Designing Data-Intensive Applications", tags: ["books"]))
            default:
                if wobble % 2 == 0 {
                    result.append(
                        LoggedTime(start: at(11), seconds: (30 + wobble * 5) * 60, project: "Home", task: "Garden"))
                }
            }
        }
        return result
    }

    /// `hour`:00 on `day` in `timeZone` (the first instant of that hour if a DST change skips it).
    public static func date(_ day: CalendarDay, hour: Int, in timeZone: TimeZone) -> Date {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        let components = DateComponents(year: day.year, month: day.month, day: day.day, hour: hour)
        if let date = calendar.date(from: components) { return date }
        // Calendar only fails on nonsense components; fall back to the zone's offset at that UTC moment.
        let utc = Double(day.days(since: CalendarDay(year: 1970, month: 1, day: 1) ?? day) * 86_400 + hour * 3_600)
        let guess = Date(timeIntervalSince1970: utc)
        return guess.addingTimeInterval(-TimeInterval(timeZone.secondsFromGMT(for: guess)))
    }

    static func weekdayName(_ day: CalendarDay) -> String {
        ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"][day.weekday - 1]
    }
}
