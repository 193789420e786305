// Runs the projects feature on the sample data, for developing it without the app:
//   swift run --package-path Packages/ProjectsFeature projects-demo list [--all] [--json]
//   swift run --package-path Packages/ProjectsFeature projects-demo show <project> [--json]
//   swift run --package-path Packages/ProjectsFeature projects-demo lists [<project>] [--json]
import Foundation
import ProjectsFeature
import ProjectsFeatureFakes
import TerminalUI

/// Stands in for the app's coordinator: there is no tasks feature here, so it says where the tasks would go.
struct DemoCoordinator: ProjectsCoordinator {
    let output: any TextOutput
    let style: TerminalStyle

    func showTasks(inProject projectID: String) async throws {
        output.write(style.paint("  (the app lists the open tasks of project \(projectID) here)", .gray) + "\n")
    }

    func confirm(_ question: String) async -> ProjectsAnswer {
        guard isatty(STDIN_FILENO) == 1, isatty(STDOUT_FILENO) == 1 else { return .nobodyToAsk }
        return Prompt.confirm(question) ? .yes : .no
    }
}

struct NoAnalytics: ProjectsAnalytics {
    func track(_ event: ProjectsEvent) {}
}

let usage = """
    usage: projects-demo list [--all] [--json]
           projects-demo show <project> [--json]
           projects-demo lists [<project>] [--json]
    """

var arguments = Array(CommandLine.arguments.dropFirst())
let json = arguments.contains("--json")
let includeArchived = arguments.contains("--all")
arguments.removeAll { $0 == "--json" || $0 == "--all" }

if let unknown = arguments.first(where: { $0.hasPrefix("--") }) {
    StandardError().write("projects-demo: unknown option \(unknown)\n\(usage)\n")
    exit(64)
}

let output = StandardOutput()
let style = TerminalStyle.detect()
let timeZone = TimeZone.current
let feature = ProjectsBuilder.build(
    ProjectsDependencies(
        services: await SampleProjects.makeServices(),
        coordinator: DemoCoordinator(output: output, style: style),
        analytics: NoAnalytics()),
    context: FeatureContext(
        output: output, style: style, format: json ? .json : .human,
        today: CalendarDay.from(SampleProjects.referenceDate, in: timeZone), timeZone: timeZone))

do {
    switch (arguments.first, arguments.count) {
    case ("list", 1):
        try await feature.list(includeArchived: includeArchived)
    case ("show", 2):
        try await feature.show(arguments[1])
    case ("lists", 1):
        try await feature.lists(project: nil)
    case ("lists", 2):
        try await feature.lists(project: arguments[1])
    default:
        StandardError().write(usage + "\n")
        exit(64)
    }
} catch {
    StandardError().write("projects-demo: \(error.localizedDescription)\n")
    exit(1)
}
