import Foundation

/// The clock, injected.
///
/// Entities never read the time themselves; callers pass `now` in. Whoever needs the current time asks
/// a `DateProvider`, so production uses the system clock while tests fix or advance time without sleeping.
public protocol DateProvider: Sendable {
    /// The current instant. Must not throw or block.
    func now() -> Date
}
