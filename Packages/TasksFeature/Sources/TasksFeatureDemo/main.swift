// tasks-demo: runs the Tasks feature on in-memory sample data, so the feature can be tried without the App.
//
//   swift run --package-path Packages/TasksFeature tasks-demo list [--all|--done] [--json]
//   swift run --package-path Packages/TasksFeature tasks-demo dashboard|count [--json]
//   swift run --package-path Packages/TasksFeature tasks-demo show 3 [--json]
import Foundation
import TasksFeature
import TasksFeatureFakes
import TerminalUI

let usage = """
    usage: tasks-demo list [--all | --done] [--json]
           tasks-demo dashboard [--json]
           tasks-demo show <number-or-id-prefix> [--json]
           tasks-demo count [--all | --done] [--json]

    """

var arguments = Array(CommandLine.arguments.dropFirst())
let json = arguments.contains("--json")
let status: StatusFilter =
    arguments.contains("--all") ? .all : arguments.contains("--done") ? .done : .active
arguments.removeAll { ["--json", "--all", "--done"].contains($0) }

let timeZone = TimeZone.current
let today = CalendarDay.from(Date(), in: timeZone)
let feature = TasksBuilder.build(
    TasksDependencies(
        services: SampleTasks.services(today: today, timeZone: timeZone),
        coordinator: ScriptedTasksCoordinator(),
        analytics: RecordingTasksAnalytics()),
    context: FeatureContext(
        output: StandardOutput(), style: TerminalStyle.detect(), format: json ? .json : .human, today: today,
        timeZone: timeZone)
)

do {
    switch (arguments.first, arguments.count) {
    case ("list", 1): try await feature.list(TaskQuery(status: status))
    case ("count", 1): try await feature.count(TaskQuery(status: status))
    case ("dashboard", 1): try await feature.dashboard()
    case ("show", 2): try await feature.show(arguments[1])
    default:
        StandardError().write(usage)
        exit(64)
    }
} catch {
    StandardError().write("tasks-demo: \(error.localizedDescription)\n")
    exit(1)
}
