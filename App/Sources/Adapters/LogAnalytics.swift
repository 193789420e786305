import Foundation
import Logging
import ProjectsFeature
import ReportsFeature
import SyncFeature
import TasksFeature
import TimersFeature

/// The app's Analytics: feature events go to swift-log at debug level, so `--verbose` shows them and
/// nothing leaves the machine.
///
/// An event is only turned into text when the line is written: `"\(event)"` goes through reflection, about
/// a tenth of a whole report's instructions, and without `--verbose` nobody reads it.
struct LogAnalytics: TasksAnalytics, ProjectsAnalytics, TimersAnalytics, ReportsAnalytics, SyncAnalytics {
    let logger: Logger

    func track(_ event: TasksEvent) { log("tasks", "\(event)") }
    func track(_ event: ProjectsEvent) { log("projects", "\(event)") }
    func track(_ event: TimersEvent) { log("timers", "\(event)") }
    func track(_ event: ReportsEvent) { log("reports", "\(event)") }
    func track(_ event: SyncEvent) { log("sync", "\(event)") }

    private func log(_ feature: String, _ event: @autoclosure () -> String) {
        logger.debug("event", metadata: ["feature": "\(feature)", "event": "\(event())"])
    }
}
