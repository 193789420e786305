import Entities
import Foundation

/// A project with the numbers people want next to it.
public struct ProjectOverview: Sendable {
    public let project: Project
    public let tally: TaskTally
    public let listCount: Int
    /// Logged time; only a single project's overview carries it.
    public var time: ProjectTimeTotals?

    /// An overview where only the project itself matters (after a rename, say).
    public init(project: Project, tally: TaskTally = TaskTally(), listCount: Int = 0) {
        self.project = project
        self.tally = tally
        self.listCount = listCount
    }
}

/// A task list with its project and tally.
public struct TaskListOverview: Sendable {
    public let list: TaskList
    public let project: Project?
    public let tally: TaskTally
}

/// A project's logged time, for `stint project show`.
public struct ProjectTimeTotals: Sendable, Equatable {
    public let totalSeconds: Int
    public let billableSeconds: Int
    public let thisWeekSeconds: Int
}
