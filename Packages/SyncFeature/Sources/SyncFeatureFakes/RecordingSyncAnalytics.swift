import Foundation
import SyncFeature

/// ``SyncAnalytics`` that remembers every event in order, so tests can assert what was tracked.
public final class RecordingSyncAnalytics: SyncAnalytics, @unchecked Sendable {
    // `track` is synchronous, so an actor cannot implement it; a lock guards the array instead.
    private let lock = NSLock()
    private var recorded: [SyncEvent] = []

    public init() {}

    public func track(_ event: SyncEvent) {
        lock.withLock { recorded.append(event) }
    }

    /// Every event tracked so far, oldest first.
    public var events: [SyncEvent] {
        lock.withLock { recorded }
    }
}
