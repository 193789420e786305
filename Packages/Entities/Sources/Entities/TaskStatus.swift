/// Where a task is in its life: open, being worked on, or done.
///
/// Raw values are the stable words used in storage, JSON and what people type.
/// Moves between states go through `Task.start(now:)`, `Task.complete(at:)` and `Task.reopen(now:)`,
/// which enforce the allowed transitions.
public enum TaskStatus: String, Sendable, Codable, CaseIterable {
    case open = "open"
    case inProgress = "in-progress"
    case completed = "done"
}
