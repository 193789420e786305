import Foundation
import ProjectsFeature

/// ``ProjectsAnalytics`` that remembers every event in order, so tests can assert what was tracked.
public final class RecordingProjectsAnalytics: ProjectsAnalytics, @unchecked Sendable {
    // `track` is synchronous, so an actor cannot implement it; a lock guards the array instead.
    private let lock = NSLock()
    private var recorded: [ProjectsEvent] = []

    public init() {}

    public func track(_ event: ProjectsEvent) {
        lock.withLock { recorded.append(event) }
    }

    /// Every event tracked so far, oldest first.
    public var events: [ProjectsEvent] {
        lock.withLock { recorded }
    }
}
