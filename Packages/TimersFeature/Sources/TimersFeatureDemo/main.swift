// timers-demo: runs the Timers feature on in-memory sample data, so the feature can be tried without the App.
//
//   swift run --package-path Packages/TimersFeature timers-demo list|status [--json]
//   swift run --package-path Packages/TimersFeature timers-demo entries [--json]
//   swift run --package-path Packages/TimersFeature timers-demo start 3 | stop [--json]
import Foundation
import TerminalUI
import TimersFeature
import TimersFeatureFakes

let usage = """
    usage: timers-demo list [--json]
           timers-demo status [--json]
           timers-demo entries [--json]
           timers-demo start <task-number> [--json]
           timers-demo stop [--json]

    """

var arguments = Array(CommandLine.arguments.dropFirst())
let json = arguments.contains("--json")
arguments.removeAll { $0 == "--json" }

// The one place in this package that reads the real clock and time zone: it is an entry point, like the App.
let timeZone = TimeZone.current
let today = CalendarDay.from(Date(), in: timeZone)
let feature = TimersBuilder.build(
    TimersDependencies(
        services: SampleTimers.services(timeZone: timeZone, clock: { Date() }),
        coordinator: ScriptedTimersCoordinator(),
        analytics: RecordingTimersAnalytics()),
    context: FeatureContext(
        output: StandardOutput(), style: TerminalStyle.detect(), format: json ? .json : .human, today: today,
        timeZone: timeZone)
)

do {
    switch (arguments.first, arguments.count) {
    case ("list", 1): try await feature.list()
    case ("status", 1): try await feature.status()
    case ("entries", 1): try await feature.entries(EntryQuery(since: today.adding(days: -6), until: today))
    case ("start", 2): try await feature.start(TimerStartRequest(task: arguments[1]))
    case ("stop", 1): try await feature.stop(timer: nil, at: nil, note: nil, force: false)
    default:
        StandardError().write(usage)
        exit(64)
    }
} catch {
    StandardError().write("timers-demo: \(error.localizedDescription)\n")
    exit(1)
}
