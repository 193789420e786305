import Foundation

/// A clock that only moves when told to, so tests can start a timer, move time on, and check what was recorded.
///
/// Hand its ``read`` function to ``InMemoryTimersServices``. It is a lock-protected class (not an actor) because
/// the Services read the clock synchronously.
public final class ManualClock: @unchecked Sendable {
    private let lock = NSLock()
    private var current: Date

    public init(_ start: Date) {
        current = start
    }

    /// The instant the clock shows.
    public var now: Date {
        lock.lock()
        defer { lock.unlock() }
        return current
    }

    /// Moves the clock forward (or back, with a negative count).
    public func advance(by seconds: TimeInterval) {
        lock.lock()
        current = current.addingTimeInterval(seconds)
        lock.unlock()
    }

    /// Moves the clock forward by whole minutes.
    public func advance(minutes: Int) {
        advance(by: TimeInterval(minutes * 60))
    }

    /// The clock as the function ``InMemoryTimersServices`` takes.
    public var read: @Sendable () -> Date {
        { [self] in now }
    }
}
