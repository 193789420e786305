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
                id: InMemoryTasksServices.identifier(for: number),
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
        InMemoryTasksServices.identifier(for: 1): 130 * 60,
        InMemoryTasksServices.identifier(for: 9): 100 * 60,
        InMemoryTasksServices.identifier(for: 10): 25 * 60,
        InMemoryTasksServices.identifier(for: 11): 0,
    ]

    /// `hour`:00 on `day` in `timeZone`.
    public static func date(_ day: CalendarDay, hour: Int, in timeZone: TimeZone) -> Date {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        let components = DateComponents(year: day.year, month: day.month, day: day.day, hour: hour)
        return calendar.date(from: components) ?? Date(timeIntervalSince1970: 0)
    }

    /// "YYYY-MM-DD HH:MM", as note lines are stamped.
    static func stamp(_ date: Date, in timeZone: TimeZone) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        let parts = calendar.dateComponents([.year, .month, .day, .hour, .minute], from: date)
        func pad(_ value: Int?) -> String {
            let text = String(value ?? 0)
            return text.count < 2 ? "0" + text : text
        }
        return "\(parts.year ?? 0)-\(pad(parts.month))-\(pad(parts.day)) \(pad(parts.hour)):\(pad(parts.minute))"
    }
}
