import Entities
import Foundation
import TimersFeature
import Workers

/// `stint timer …`, `stint log` and `stint entries …`: the Timers feature.
extension AppCoordinator {
    public func startTimer(_ arguments: TimerStartArguments) async throws {
        let request = TimerStartRequest(
            task: arguments.task, project: arguments.project, note: arguments.note, billable: arguments.billable,
            at: try instant(arguments.at))
        try await timersFeature().start(request)
    }

    public func pauseTimer(_ timer: String?, at: String?) async throws {
        try await timersFeature().pause(timer: timer, at: try instant(at))
    }

    public func resumeTimer(_ timer: String?, at: String?) async throws {
        try await timersFeature().resume(timer: timer, at: try instant(at))
    }

    public func stopTimer(_ arguments: TimerStopArguments) async throws {
        try await timersFeature().stop(
            timer: arguments.timer, at: try instant(arguments.at), note: arguments.note, force: arguments.force)
    }

    public func discardTimer(_ timer: String?) async throws {
        try await timersFeature().discard(timer: timer)
    }

    public func timerStatus() async throws {
        try await timersFeature().status()
    }

    public func listTimers() async throws {
        try await timersFeature().list()
    }

    public func log(_ arguments: LogArguments) async throws {
        let input = self.input
        let seconds = try input.seconds(arguments.duration, field: "duration")
        let day = try arguments.date.map { text throws(WorkerError) in try input.day(text, field: "date") }
        let time = try arguments.start.map { text throws(WorkerError) in try input.timeOfDay(text, field: "start") }
        let calendar = container.calendar
        let start = TimeEntry.loggedStart(
            durationSeconds: seconds, day: day, start: time, today: calendar.today, now: calendar.now,
            timeZone: calendar.timeZone)
        let request = LogRequest(
            durationSeconds: seconds, task: arguments.task, project: arguments.project, start: start,
            note: arguments.note, billable: arguments.billable, tags: arguments.tags, force: arguments.force)
        try await timersFeature().log(request)
    }

    public func listEntries(_ arguments: EntriesListArguments) async throws {
        let input = self.input
        try await timersFeature().entries(
            EntryQuery(
                since: try arguments.since.map { text throws(WorkerError) in try input.calendarDay(text, field: "since")
                },
                until: try arguments.until.map { text throws(WorkerError) in try input.calendarDay(text, field: "until")
                },
                project: arguments.project, task: arguments.task, limit: try input.limit(arguments.limit),
                all: arguments.all))
    }

    public func editEntry(_ arguments: EntryEditArguments) async throws {
        let input = self.input
        let changes = EntryChanges(
            start: try arguments.start.map { text throws(WorkerError) in try input.instant(text, field: "start") },
            durationSeconds: try arguments.duration.map { text throws(WorkerError) in
                try input.seconds(text, field: "duration")
            },
            note: arguments.note, billable: arguments.billable,
            tags: arguments.clearTags ? [] : (arguments.tags.isEmpty ? nil : arguments.tags), task: arguments.task,
            project: arguments.project, force: arguments.force)
        try await timersFeature().editEntry(arguments.entry, changes: changes)
    }

    public func deleteEntry(_ reference: String) async throws {
        try await timersFeature().deleteEntry(reference)
    }

    private func instant(_ text: String?) throws(WorkerError) -> Date? {
        let input = self.input
        return try text.map { text throws(WorkerError) in try input.instant(text) }
    }
}
