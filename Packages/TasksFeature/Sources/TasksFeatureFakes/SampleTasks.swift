import Foundation
import TasksFeature
import TerminalUI

/// A dozen realistic tasks placed around a given day: overdue, due today, in progress, done, in the inbox, with
/// and without lists, tags, estimates and notes. Dates are relative to `today`, so the demo always looks current.
public enum SampleTasks {
    /// The projects and lists the sample tasks live in (plus an empty list, so moves have somewhere to go).
    public static let projects: [String: [String]] = [
        "Work": ["Backlog", "This sprint"],
        "Home": ["Errands"],
        "Reading": [],
    ]

    public static func make(today: CalendarDay, timeZone: TimeZone = TimeZone(identifier: "UTC") ?? .current)
        -> [TasksFeature.Task]
    {
        func day(_ offset: Int) -> CalendarDay { today.adding(days: offset) }
        func at(_ offset: Int, _ hour: Int) -> Date { date(today.adding(days: offset), hour: hour, in: timeZone) }
        func task(
            _ number: Int, _ title: String, status: TaskStatus = .open, priority: Priority = .none,
            due: CalendarDay? = nil, tags: [String] = [], estimateMinutes: Int? = nil, project: String? = nil,
            list: String? = nil, note: String = "", created: Int, updated: Int? = nil, completed: Int? = nil
        ) -> TasksFeature.Task {
            TasksFeature.Task(
                id: identifier(for: number),
                number: number,
                title: title,
                note: note,
                status: status,
                priority: priority,
                due: due,
                tags: tags,
                estimateSeconds: estimateMinutes.map { $0 * 60 },
                projectName: project,
                listName: list,
                completedAt: completed.map { at($0, 17) },
                createdAt: at(created, 9),
                updatedAt: at(updated ?? completed ?? created, updated == nil && completed == nil ? 9 : 17)
            )
        }
        return [
            task(
                1, "Write the quarterly report", status: .inProgress, priority: .high, due: day(1),
                tags: ["writing"], estimateMinutes: 180, project: "Work", list: "This sprint",
                note: "Numbers from finance are in the shared drive.\nAsk Dana for the hiring figures.",
                created: -9, updated: -1),
            task(
                2, "Renew the team's domain name", priority: .high, due: day(-2), tags: ["admin"],
                estimateMinutes: 15, project: "Work", created: -20),
            task(
                3, "Review Sam's pull request on sync retries", priority: .medium, due: day(0),
                tags: ["code-review"], estimateMinutes: 45, project: "Work", list: "This sprint", created: -2),
            task(
                4, "Book the dentist", priority: .low, due: day(-5), tags: ["health", "phone"], project: "Home",
                created: -30),
            task(
                5, "Buy a birthday present for Alex", priority: .medium, due: day(3), tags: ["errands"],
                project: "Home", list: "Errands", created: -4),
            task(
                6, "Draft the onboarding checklist for new developers", due: day(10), tags: ["docs"],
                estimateMinutes: 120, project: "Work", list: "Backlog", created: -15),
            task(
                7, "Pick up dry cleaning", due: day(0), tags: ["errands"], estimateMinutes: 20, project: "Home",
                list: "Errands", created: -1),
            task(8, "Read \"Designing Data-Intensive Applications\" ch. 5", project: "Reading", created: -12),
            task(
                9, "Fix flaky timezone test", status: .done, priority: .high, due: day(-1), tags: ["bug"],
                estimateMinutes: 60, project: "Work", list: "This sprint", created: -6, completed: -1),
            task(10, "Call the bank about the card", priority: .medium, tags: ["phone"], created: -3),
            task(
                11, "Plan the team offsite agenda", status: .inProgress, due: day(6), tags: ["planning"],
                estimateMinutes: 90, project: "Work", list: "Backlog", created: -8, updated: 0),
            task(
                12, "Archive last year's receipts", status: .done, priority: .low, tags: ["admin"], project: "Home",
                created: -40, completed: -7),
        ]
    }

    /// Time logged on a few sample tasks, by task id, so `show` has every Logged variant to display: within the
    /// estimate (1), well over it (9), nothing yet (11) and no estimate to compare with (10). The rest are unknown.
    public static let loggedSeconds: [String: Int] = [
        identifier(for: 1): 130 * 60,
        identifier(for: 9): 100 * 60,
        identifier(for: 10): 25 * 60,
        identifier(for: 11): 0,
    ]

    /// ``InMemoryTasksServices`` holding the sample tasks around `today`, with the clock at noon of that day.
    public static func services(today: CalendarDay, timeZone: TimeZone = TimeZone(identifier: "UTC") ?? .current)
        -> InMemoryTasksServices
    {
        InMemoryTasksServices(
            tasks: make(today: today, timeZone: timeZone), projects: projects,
            now: date(today, hour: 12, in: timeZone), timeZone: timeZone, loggedSeconds: loggedSeconds)
    }

    /// A stable UUID-shaped id for a task number whose first characters differ from task to task, so fake data is
    /// reproducible and short prefixes are unique (the fake gives new tasks these ids too).
    public static func identifier(for number: Int) -> String {
        func hex(_ value: UInt64, _ digits: Int) -> String {
            let text = String(value, radix: 16)
            return String(repeating: "0", count: max(0, digits - text.count)) + text
        }
        let bits = UInt64(truncatingIfNeeded: number)
        let mixed = bits &* 0x9E37_79B9_7F4A_7C15
        return "\(hex(mixed >> 32, 8))-\(hex((mixed >> 16) & 0xFFFF, 4))-4\(hex(mixed & 0xFFF, 3))-"
            + "8\(hex(bits & 0xFFF, 3))-\(hex(bits & 0xFFFF_FFFF_FFFF, 12))"
    }

    /// `hour`:00 on `day` in `timeZone`.
    public static func date(_ day: CalendarDay, hour: Int, in timeZone: TimeZone) -> Date {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        let components = DateComponents(year: day.year, month: day.month, day: day.day, hour: hour)
        return calendar.date(from: components) ?? Date(timeIntervalSince1970: 0)
    }
}
