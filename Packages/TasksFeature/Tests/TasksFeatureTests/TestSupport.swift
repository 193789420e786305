import Foundation
import TasksFeatureFakes
import TerminalUI

@testable import TasksFeature

typealias FeatureTask = TasksFeature.Task

enum Fixture {
    static let utc = TimeZone(identifier: "UTC") ?? .current
    /// Wednesday 2026-03-04.
    static let today = CalendarDay.from(Date(timeIntervalSince1970: 1_772_582_400), in: utc)
    static let noon = SampleTasks.date(today, hour: 12, in: utc)

    static func day(_ offset: Int) -> CalendarDay { today.adding(days: offset) }

    static func task(
        _ number: Int,
        _ title: String = "Write report",
        status: TaskStatus = .open,
        priority: Priority = .none,
        due: CalendarDay? = nil,
        tags: [String] = [],
        estimateSeconds: Int? = nil,
        project: String? = nil,
        list: String? = nil,
        note: String = ""
    ) -> FeatureTask {
        FeatureTask(
            id: SampleTasks.identifier(for: number),
            number: number,
            title: title,
            note: note,
            status: status,
            priority: priority,
            due: due,
            tags: tags,
            estimateSeconds: estimateSeconds,
            projectName: project,
            listName: list,
            completedAt: status == .done ? noon : nil,
            createdAt: noon,
            updatedAt: noon
        )
    }

    static func sampleServices() -> InMemoryTasksServices {
        SampleTasks.services(today: today, timeZone: utc)
    }

    /// The context every test builds the feature with: today, UTC, and no real standard input.
    static func context(
        output: any TextOutput, format: OutputFormat = .human, style: TerminalStyle = .plain,
        input: any LineReader = ScriptedLineReader()
    ) -> FeatureContext {
        FeatureContext(output: output, style: style, format: format, today: today, timeZone: utc, input: input)
    }

    static func presenter(_ format: OutputFormat = .human) -> TasksPresenter {
        TasksPresenter(format: format, today: today, timeZone: utc)
    }
}

/// One feature wired to fakes, with everything a test wants to look at afterwards.
struct Harness {
    let feature: any TasksFeatureInterface
    let output = CapturedOutput()
    let analytics = RecordingTasksAnalytics()
    let coordinator: ScriptedTasksCoordinator

    init(
        services: any TasksServices = Fixture.sampleServices(),
        coordinator: ScriptedTasksCoordinator = ScriptedTasksCoordinator(),
        format: OutputFormat = .human,
        style: TerminalStyle = .plain
    ) {
        self.coordinator = coordinator
        feature = TasksBuilder.build(
            TasksDependencies(services: services, coordinator: coordinator, analytics: analytics),
            context: Fixture.context(output: output, format: format, style: style))
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
