import Foundation
import Logging
import ProjectsFeature
import ReportsFeature
import TasksFeature
import TimersFeature

/// The app's Analytics: feature events go to swift-log at debug level, so `--verbose` shows them
/// and nothing leaves the machine.
public struct LogAnalytics: TasksAnalytics, ProjectsAnalytics, TimersAnalytics, ReportsAnalytics {
    private let logger: Logger

    public init(logger: Logger = Logger(label: "stint.analytics")) {
        self.logger = logger
    }

    public func track(_ event: TasksEvent) { log("tasks", "\(event)") }
    public func track(_ event: ProjectsEvent) { log("projects", "\(event)") }
    public func track(_ event: TimersEvent) { log("timers", "\(event)") }
    public func track(_ event: ReportsEvent) { log("reports", "\(event)") }

    private func log(_ feature: String, _ event: String) {
        logger.debug("event", metadata: ["feature": "\(feature)", "event": "\(event)"])
    }
}
