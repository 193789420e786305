// sync-demo: runs the Sync feature on the in-memory sample server, so the feature can be tried without the App.
//
//   swift run --package-path Packages/SyncFeature sync-demo status|sync|conflicts|team [--json]
//   swift run --package-path Packages/SyncFeature sync-demo resolve 7c1e mine|theirs [--json]
//   swift run --package-path Packages/SyncFeature sync-demo login|logout [--json]
import Foundation
import SyncFeature
import SyncFeatureFakes
import TerminalUI

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

let usage = """
    usage: sync-demo status [--json]            where this device stands (logged in as Ana)
           sync-demo status --logged-out         the same on a device that never logged in
           sync-demo sync [--json]               push 12 changes (1 conflict, 1 rejected), pull 30
           sync-demo conflicts [--all] [--json]  the open conflicts (--all: resolved ones too)
           sync-demo resolve ID mine|theirs      keep one side of a conflict (try 7c1e)
           sync-demo team [--json]               the people on the sample server
           sync-demo login [--json]              log in to the sample server as Ana
           sync-demo logout [--json]

    """

let flags: Set = ["--json", "--all", "--logged-out"]
let given = Array(CommandLine.arguments.dropFirst())
let arguments = given.filter { !flags.contains($0) }
let json = given.contains("--json")
let all = given.contains("--all")
let loggedOut = given.contains("--logged-out") || arguments.first == "login"

// The one place in this package that reads the real clock, time zone and terminal: it is an entry point, like the App.
// The sample data is dated around its own reference day, so "today" is taken from there to keep times readable.
let timeZone = TimeZone.current
let services = await SampleSync.makeServices(loggedIn: !loggedOut, stepDelay: .milliseconds(120))
let environment = ProcessInfo.processInfo.environment
let feature = SyncBuilder.build(
    SyncDependencies(
        services: services, analytics: RecordingSyncAnalytics(), progressOutput: StandardError(),
        progressStyle: TerminalStyle.resolve(
            isTTY: isatty(STDERR_FILENO) == 1, terminalColumns: nil, environment: environment)),
    context: FeatureContext(
        output: StandardOutput(), style: TerminalStyle.detect(), format: json ? .json : .human,
        today: CalendarDay.from(SampleSync.referenceDate, in: timeZone), timeZone: timeZone)
)

do {
    switch (arguments.first, arguments.count) {
    case ("status", 1): try await feature.status()
    case ("sync", 1): try await feature.sync()
    case ("conflicts", 1): try await feature.conflicts(includeResolved: all)
    case ("resolve", 3):
        guard let side = SyncConflict.Side(rawValue: arguments[2]) else { fallthrough }
        try await feature.resolve(arguments[1], take: side)
    case ("team", 1): try await feature.team(refresh: false)
    case ("login", 1): try await feature.login(server: SampleSync.server, token: SampleSync.token, deviceName: "laptop")
    case ("logout", 1): try await feature.logout()
    default:
        StandardError().write(usage)
        exit(64)
    }
} catch {
    StandardError().write("sync-demo: \(error.localizedDescription)\n")
    exit(1)
}
