import Foundation
import Logging
import ProjectsFeature
import ReportsFeature
import TasksFeature
import TimersFeature

/// The app's Analytics: feature events go to swift-log at debug level, so `--verbose` shows them and
/// nothing leaves the machine.
struct LogAnalytics: TasksAnalytics, ProjectsAnalytics, TimersAnalytics, ReportsAnalytics {
    let logger: Logger

    func track(_ event: TasksEvent) { log("tasks", "\(event)") }
    func track(_ event: ProjectsEvent) { log("projects", "\(event)") }
    func track(_ event: TimersEvent) { log("timers", "\(event)") }
    func track(_ event: ReportsEvent) { log("reports", "\(event)") }

    private func log(_ feature: String, _ event: String) {
        logger.debug("event", metadata: ["feature": "\(feature)", "event": "\(event)"])
    }
}
