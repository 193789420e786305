import Entities
import Foundation
import Logging
import TerminalUI
import Workers

/// The one container of the app, built once per run from the ``ProcessContext``. Its child, the
/// ``WorkersDependencyContainer``, opens the database lazily (help and argument errors never touch it)
/// and makes the workers; this container adds what only the App has: the standard streams, the
/// terminal's style and the analytics.
final class AppDependencyContainer: Sendable {
    let environment: AppEnvironment
    let output: any TextOutput
    let errorOutput: any TextOutput
    let input: any LineReader
    let analytics: LogAnalytics
    let logger: Logger
    let workers: WorkersDependencyContainer
    let backgroundSync: any BackgroundSyncLaunching

    init(
        context: ProcessContext, verbose: Bool, quiet: Bool = false,
        ids: any IdentifierProvider = RandomIdentifierProvider()
    ) throws(WorkerError) {
        let environment = try AppEnvironment(context, quiet: quiet)
        self.environment = environment
        output = context.output
        errorOutput = context.errorOutput
        input = context.input
        backgroundSync = context.backgroundSync
        // No global LoggingSystem.bootstrap: it may run once per process, and tests run many commands in one.
        let errorStream = context.errorOutput
        var logger = Logger(label: "stint") { label in TextOutputLogHandler(label: label, output: errorStream) }
        logger.logLevel = verbose ? .debug : .warning
        self.logger = logger
        analytics = LogAnalytics(logger: logger)
        workers = WorkersDependencyContainer(
            databasePath: environment.databasePath, clock: environment.clock, timeZone: environment.timeZone,
            ids: ids, credentialsPath: environment.credentialsPath, syncTimeout: environment.syncTimeout,
            weekStart: environment.config.weekStart)
    }

    var calendar: WorkCalendar { workers.calendar }

    /// The feature-side view of "today", from the injected clock.
    var today: CalendarDay {
        get throws(WorkerError) { try DayMapping.calendarDay(calendar.today) }
    }

    /// What every feature is built with for this run: the streams, the terminal, `--json`, today and the
    /// zone, and where answers to the picker come from.
    func featureContext(json: Bool, output: (any TextOutput)? = nil) throws(WorkerError) -> FeatureContext {
        FeatureContext(
            output: output ?? self.output, style: environment.style, format: json ? .json : .human,
            today: try today, timeZone: environment.timeZone, input: input, quiet: environment.quiet)
    }
}

/// A swift-log handler that writes to the run's error stream, so `--verbose` lines land where the
/// command's own messages do (and in the captured stream of an in-process test).
struct TextOutputLogHandler: LogHandler {
    let label: String
    let output: any TextOutput
    var logLevel: Logger.Level = .info
    var metadata: Logger.Metadata = [:]

    init(label: String, output: any TextOutput) {
        self.label = label
        self.output = output
    }

    subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    func log(event: LogEvent) {
        let merged = metadata.merging(event.metadata ?? [:]) { _, new in new }
        let fields = merged.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(with: " ")
        output.write("\(event.level) \(label): \(event.message)\(fields.isEmpty ? "" : " " + fields)\n")
    }
}
