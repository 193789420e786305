/// How many tasks of a project or list are in each state.
public struct TaskTally: Sendable, Equatable {
    public var open: Int
    public var inProgress: Int
    public var completed: Int

    public init(open: Int = 0, inProgress: Int = 0, completed: Int = 0) {
        self.open = open
        self.inProgress = inProgress
        self.completed = completed
    }

    /// Tasks not completed yet.
    public var active: Int { open + inProgress }
    public var total: Int { open + inProgress + completed }
}
