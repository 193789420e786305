import Foundation
import Logging
import ProjectsFeature
import TasksFeature

/// The app's Analytics: feature events go to swift-log at debug level, so `--verbose` shows them
/// and nothing leaves the machine.
public struct LogAnalytics: TasksAnalytics, ProjectsAnalytics {
    private let logger: Logger

    public init(logger: Logger = Logger(label: "stint.analytics")) {
        self.logger = logger
    }

    public func track(_ event: TasksEvent) {
        logger.debug("event", metadata: ["feature": "tasks", "event": "\(event)"])
    }

    public func track(_ event: ProjectsEvent) {
        logger.debug("event", metadata: ["feature": "projects", "event": "\(event)"])
    }
}
