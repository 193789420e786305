import Foundation
import TimersFeature

/// Keeps every tracked event in order so tests can assert what the feature reported.
///
/// `track` is synchronous by contract, so this is a lock-protected class rather than an actor.
public final class RecordingTimersAnalytics: TimersAnalytics, @unchecked Sendable {
    private let lock = NSLock()
    private var recorded: [TimersEvent] = []

    public init() {}

    public func track(_ event: TimersEvent) {
        lock.lock()
        recorded.append(event)
        lock.unlock()
    }

    /// Every event tracked so far, oldest first.
    public var events: [TimersEvent] {
        lock.lock()
        defer { lock.unlock() }
        return recorded
    }
}
