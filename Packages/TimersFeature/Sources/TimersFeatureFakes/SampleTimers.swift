import Foundation
import TerminalUI
import TimersFeature

/// A realistic working week of timers and time entries, placed relative to "now" so the demo always looks current:
/// one running timer that was paused once (with an estimate and time already logged), a paused task timer, a paused
/// project timer from yesterday, and a dozen entries over the last week (billable and not, tagged, one that runs
/// past midnight, one on a project without a task).
public enum SampleTimers {
    public static let tasks: [TrackableTask] = [
        task(1, "Write the quarterly report", project: "Work", estimateMinutes: 480),
        task(2, "Review Sam's pull request on sync retries", project: "Work", estimateMinutes: 45),
        task(3, "Plan the team offsite agenda", project: "Work", estimateMinutes: 90),
        task(4, "Answer customer emails", project: "Support"),
        task(5, "Prepare the invoice for Acme", project: "Admin", estimateMinutes: 30),
        task(6, "Read \"Designing Data-Intensive Applications\" ch. 5", project: "Reading"),
    ]

    /// Projects besides the tasks' own, for time logged on a project alone.
    public static let projects = ["Meetings"]

    /// The id of sample task `number` (task ids and timer or entry ids never share a prefix).
    public static func taskID(_ number: Int) -> String {
        identifier(for: number)
    }

    /// A stable, well-spread UUID-shaped id for a serial number, so fake data is reproducible and prefixes differ
    /// (the fake numbers the timers and entries it makes from 10,001 on).
    public static func identifier(for serial: Int) -> String {
        let bits = UInt64(truncatingIfNeeded: serial)
        let mixed = bits &* 0x9E37_79B9_7F4A_7C15
        func hex(_ value: UInt64, _ digits: Int) -> String {
            let text = String(value, radix: 16)
            return String(repeating: "0", count: max(0, digits - text.count)) + text
        }
        return "\(hex(mixed >> 32, 8))-\(hex((mixed >> 16) & 0xFFFF, 4))-4\(hex(mixed & 0xFFF, 3))-"
            + "8\(hex(bits & 0xFFF, 3))-\(hex(bits & 0xFFFF_FFFF_FFFF, 12))"
    }

    public static func timers(now: Date) -> [TimersFeature.Timer] {
        func ago(_ minutes: Int) -> Date { now.addingTimeInterval(TimeInterval(-minutes * 60)) }
        return [
            timer(
                101, task: 1, note: "numbers section", billable: true,
                intervals: [TimerInterval(start: ago(190), end: ago(140)), TimerInterval(start: ago(85))]),
            timer(102, task: 4, intervals: [TimerInterval(start: ago(140), end: ago(85))]),
            timer(
                103, project: "Meetings", note: "quarterly planning prep",
                intervals: [TimerInterval(start: ago(26 * 60), end: ago(25 * 60 + 15))]),
        ]
    }

    /// Entries on the six days before `now`'s day (at fixed hours in `timeZone`) and one earlier today.
    public static func entries(now: Date, timeZone: TimeZone) -> [TimeEntry] {
        let today = CalendarDay.from(now, in: timeZone)
        func at(_ offset: Int, _ hour: Int, _ minute: Int = 0) -> Date {
            date(today.adding(days: offset), hour: hour, minute: minute, in: timeZone)
        }
        return [
            entry(
                201, task: 1, at(-1, 9), minutes: 135, note: "outline and first draft", billable: true,
                tags: ["writing"]),
            entry(202, task: 2, at(-1, 13, 30), minutes: 45, tags: ["code-review"]),
            entry(203, project: "Meetings", at(-1, 15), minutes: 60, note: "weekly planning"),
            entry(204, task: 4, at(-2, 10), minutes: 90, billable: true, tags: ["support"]),
            entry(205, task: 5, at(-2, 14), minutes: 50, note: "hours for October", billable: true),
            entry(206, task: 3, at(-3, 9, 30), minutes: 180, tags: ["planning"]),
            entry(207, task: 6, at(-4, 16), minutes: 40, tags: ["reading"]),
            entry(208, task: 4, at(-5, 23, 30), minutes: 60, note: "incident follow-up", billable: true),
            entry(209, task: 2, at(-6, 11), minutes: 25),
            entry(210, project: "Meetings", at(-3, 14), minutes: 30, note: "1:1 with Dana"),
            entry(211, task: 1, at(-2, 16, 15), minutes: 75, billable: true, tags: ["writing"]),
            entry(
                212, task: 2, now.addingTimeInterval(-270 * 60), minutes: 70, note: "second round",
                tags: ["code-review"]),
        ]
    }

    /// ``InMemoryTimersServices`` holding the sample data, placed around the clock's current instant.
    public static func services(
        timeZone: TimeZone = TimeZone(identifier: "UTC") ?? .current, clock: @escaping @Sendable () -> Date
    ) -> InMemoryTimersServices {
        let now = clock()
        return InMemoryTimersServices(
            tasks: tasks, projects: projects, timers: timers(now: now), entries: entries(now: now, timeZone: timeZone),
            timeZone: timeZone, clock: clock)
    }

    /// `hour`:`minute` on `day` in `timeZone`.
    public static func date(_ day: CalendarDay, hour: Int, minute: Int = 0, in timeZone: TimeZone) -> Date {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        let components = DateComponents(year: day.year, month: day.month, day: day.day, hour: hour, minute: minute)
        return calendar.date(from: components) ?? Date(timeIntervalSince1970: 0)
    }

    private static func task(_ number: Int, _ title: String, project: String?, estimateMinutes: Int? = nil)
        -> TrackableTask
    {
        TrackableTask(
            id: taskID(number), number: number, title: title, projectName: project,
            estimateSeconds: estimateMinutes.map { $0 * 60 })
    }

    private static func sampleTask(_ number: Int?) -> TrackableTask? {
        number.flatMap { number in tasks.first { $0.number == number } }
    }

    private static func timer(
        _ serial: Int, task number: Int? = nil, project: String? = nil, note: String = "", billable: Bool = false,
        intervals: [TimerInterval]
    ) -> TimersFeature.Timer {
        let task = sampleTask(number)
        return TimersFeature.Timer(
            id: identifier(for: serial),
            taskNumber: task?.number,
            taskTitle: task?.title,
            projectName: task?.projectName ?? project,
            note: note,
            billable: billable,
            state: intervals.last?.end == nil ? .running : .paused,
            startedAt: intervals.first?.start ?? Date(timeIntervalSince1970: 0),
            // Derived again by the Services on every read.
            elapsedSeconds: 0,
            intervals: intervals,
            estimateSeconds: task?.estimateSeconds
        )
    }

    private static func entry(
        _ serial: Int, task number: Int? = nil, project: String? = nil, _ start: Date, minutes: Int, note: String = "",
        billable: Bool = false, tags: [String] = []
    ) -> TimeEntry {
        let task = sampleTask(number)
        return TimeEntry(
            id: identifier(for: serial),
            taskNumber: task?.number,
            taskTitle: task?.title,
            projectName: task?.projectName ?? project,
            start: start,
            durationSeconds: minutes * 60,
            note: note,
            billable: billable,
            tags: tags,
            loggedBy: "me"
        )
    }
}
