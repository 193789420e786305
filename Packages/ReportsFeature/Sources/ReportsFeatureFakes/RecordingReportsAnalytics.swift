import Foundation
import ReportsFeature

/// Keeps every tracked event in order so tests can assert what the feature reported.
///
/// `track` is synchronous by contract, so this is a lock-protected class rather than an actor.
public final class RecordingReportsAnalytics: ReportsAnalytics, @unchecked Sendable {
    private let lock = NSLock()
    private var recorded: [ReportsEvent] = []

    public init() {}

    public func track(_ event: ReportsEvent) {
        lock.lock()
        recorded.append(event)
        lock.unlock()
    }

    /// Every event tracked so far, oldest first.
    public var events: [ReportsEvent] {
        lock.lock()
        defer { lock.unlock() }
        return recorded
    }
}
