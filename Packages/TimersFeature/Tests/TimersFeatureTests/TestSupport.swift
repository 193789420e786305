import Foundation
import TerminalUI
import TimersFeatureFakes

@testable import TimersFeature

typealias FeatureTimer = TimersFeature.Timer

enum Fixture {
    static let utc = TimeZone(identifier: "UTC") ?? .current
    /// Wednesday 2026-03-04.
    static let today = CalendarDay.from(Date(timeIntervalSince1970: 1_772_582_400), in: utc)
    static let noon = at(0, 12)

    /// `hour`:`minute` UTC on the day `offset` days from today.
    static func at(_ offset: Int, _ hour: Int, _ minute: Int = 0) -> Date {
        SampleTimers.date(today.adding(days: offset), hour: hour, minute: minute, in: utc)
    }

    static func minutes(_ count: Int) -> TimeInterval { TimeInterval(count * 60) }

    static let reportTask = TrackableTask(
        id: SampleTimers.taskID(1), number: 1, title: "Write report", projectName: "Work", estimateSeconds: 3 * 3_600)
    static let emailTask = TrackableTask(id: SampleTimers.taskID(7), number: 7, title: "Email")

    /// Two tasks and no timers or entries, on a clock the test moves.
    static func emptyServices(clock: ManualClock) -> InMemoryTimersServices {
        InMemoryTimersServices(tasks: [reportTask, emailTask], projects: ["Home"], timeZone: utc, clock: clock.read)
    }

    /// The sample data with the clock at noon: timer on task 1 running 2h 15m, task 4 paused at 55m, Meetings paused.
    static func sampleServices(clock: ManualClock = ManualClock(noon)) -> InMemoryTimersServices {
        SampleTimers.services(timeZone: utc, clock: clock.read)
    }

    static func entry(
        _ serial: Int, task: TrackableTask? = reportTask, project: String? = nil, start: Date, seconds: Int,
        note: String = "", billable: Bool = false, tags: [String] = []
    ) -> TimeEntry {
        TimeEntry(
            id: SampleTimers.identifier(for: serial), taskNumber: task?.number, taskTitle: task?.title,
            projectName: task?.projectName ?? project, start: start, durationSeconds: seconds, note: note,
            billable: billable, tags: tags, loggedBy: "me")
    }

    static func timer(
        _ serial: Int = 1, task: TrackableTask? = reportTask, project: String? = nil, note: String = "",
        billable: Bool = false, intervals: [TimerInterval], elapsed: Int = 0, logged: Int? = nil
    ) -> FeatureTimer {
        FeatureTimer(
            id: SampleTimers.identifier(for: serial), taskNumber: task?.number, taskTitle: task?.title,
            projectName: task?.projectName ?? project, note: note, billable: billable,
            state: intervals.last?.end == nil ? .running : .paused, startedAt: intervals.first?.start ?? noon,
            elapsedSeconds: elapsed, intervals: intervals, estimateSeconds: task?.estimateSeconds,
            loggedSeconds: task == nil ? nil : logged)
    }

    static func presenter(_ format: OutputFormat = .human, timeZone: TimeZone = utc) -> TimersPresenter {
        TimersPresenter(format: format, today: today, timeZone: timeZone)
    }
}

/// One feature wired to fakes, with everything a test wants to look at afterwards.
struct Harness {
    let feature: any TimersFeatureInterface
    let output = CapturedOutput()
    let analytics = RecordingTimersAnalytics()
    let coordinator: ScriptedTimersCoordinator

    init(
        services: any TimersServices = Fixture.sampleServices(),
        coordinator: ScriptedTimersCoordinator = ScriptedTimersCoordinator(),
        format: OutputFormat = .human,
        style: TerminalStyle = .plain,
        timeZone: TimeZone = Fixture.utc
    ) {
        self.coordinator = coordinator
        feature = TimersBuilder.build(
            TimersDependencies(services: services, coordinator: coordinator, analytics: analytics),
            context: FeatureContext(
                output: output, style: style, format: format, today: Fixture.today, timeZone: timeZone,
                input: ScriptedLineReader()))
    }

    /// The JSON written so far, parsed.
    func json() throws -> Any {
        try JSONSerialization.jsonObject(with: Data(output.text.utf8), options: [.fragmentsAllowed])
    }
}

/// An error no fake throws, to prove errors pass through untouched.
struct UnexpectedStorageError: Error, Equatable {
    let code: Int
}

/// Thrown by test helpers when the presenter produced a different kind of screen than the test expects.
struct UnexpectedScreen: Error {}

extension String {
    /// The short id lists and messages show.
    var short: String { String(prefix(8)) }
}
