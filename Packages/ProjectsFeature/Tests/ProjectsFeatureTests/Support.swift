import Foundation
import ProjectsFeatureFakes
import TerminalUI

@testable import ProjectsFeature

/// An error no layer of the feature knows about, to prove errors pass through untouched.
struct UnexpectedServiceError: Error, Equatable {
    let code: Int
}

enum Fixture {
    static let timeZone = TimeZone.gmt
    static let now = SampleProjects.referenceDate
    static let today = CalendarDay.from(SampleProjects.referenceDate, in: timeZone)
    static let day: TimeInterval = 24 * 60 * 60

    static func presenter(_ format: OutputFormat = .human) -> ProjectsPresenter {
        ProjectsPresenter(format: format, today: today, timeZone: timeZone)
    }

    static func project(
        name: String = "Work", note: String = "", isArchived: Bool = false, open: Int = 0, done: Int = 0,
        lists: Int = 0, createdDaysAgo: Double = 0
    ) -> Project {
        Project(
            id: "3F2A9C14-6B0E-4D5A-9A61-0C7E2B5D8E01", name: name, note: note, isArchived: isArchived,
            openTasks: open, doneTasks: done, lists: lists, createdAt: now - createdDaysAgo * day,
            updatedAt: now)
    }

    static func list(name: String = "Backlog", project: String = "Work", open: Int = 0, done: Int = 0) -> TaskList {
        TaskList(
            id: "1a2b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c05", name: name, projectName: project, openTasks: open,
            doneTasks: done, createdAt: now - 2 * day)
    }
}

/// The feature wired to fakes, with every collaborator kept for assertions.
struct Harness {
    let services: any ProjectsServices
    let coordinator: ScriptedProjectsCoordinator
    let analytics = RecordingProjectsAnalytics()
    let output = CapturedOutput()
    let feature: ProjectsInteractor

    init(
        services: any ProjectsServices, format: OutputFormat = .human, answers: [ProjectsAnswer] = [],
        showTasksError: (any Error)? = nil, style: TerminalStyle = .plain
    ) {
        self.services = services
        coordinator = ScriptedProjectsCoordinator(answers: answers, showTasksError: showTasksError)
        feature = ProjectsInteractor(
            services: services,
            coordinator: coordinator,
            analytics: analytics,
            presenter: Fixture.presenter(format),
            view: ProjectsView(output: output, style: style))
    }

    /// A harness over the sample data, returning the store too so tests can inspect it.
    static func sample(format: OutputFormat = .human, answers: [ProjectsAnswer] = []) async -> (
        Harness, InMemoryProjectsServices
    ) {
        let store = await SampleProjects.makeServices()
        return (Harness(services: store, format: format, answers: answers), store)
    }
}

extension ProjectsScreen {
    var message: String? {
        if case .message(let line) = self { return line }
        return nil
    }

    var table: Table? {
        if case .table(let table) = self { return table }
        return nil
    }

    var detail: ProjectDetailViewModel? {
        if case .detail(let detail) = self { return detail }
        return nil
    }
}

/// Parses JSON output into plain Foundation values for key-level assertions.
func jsonObject(_ text: String) throws -> Any {
    try JSONSerialization.jsonObject(with: Data(text.utf8), options: [.fragmentsAllowed])
}
