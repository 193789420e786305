import Foundation

/// Rules that involve several timers at once.
///
/// A person works on one thing at a time, so starting (or resuming) a timer pauses that person's other
/// running timers. Timers are synchronised between devices, so this is computed from the timers the
/// caller loaded rather than kept as an invariant of a single `Timer`.
public enum TimerRules {
    /// The owner's other running timers, paused because a timer starts at `at`; only changed timers are returned.
    ///
    /// Each is paused at `at`, or at the start of its running interval when that is later (a timer
    /// started with an earlier `--at` must not cut into time already counted the other way round, and an
    /// interval may not end before it begins). Timers of other owners, paused timers and the timer with
    /// id `id` are left out.
    ///
    /// - Parameters:
    ///   - others: the timers the caller knows about; may include any owner's and the starting one.
    ///   - at: when the new timer starts (already validated against the future tolerance).
    ///   - ownerID: whose timer starts.
    ///   - id: the starting (or resuming) timer, which must not pause itself; nil for a brand-new timer.
    ///   - now: the current instant, stamped as `updatedAt` on every paused timer.
    public static func pausing(
        _ others: [Timer], forStartAt at: Date, ownerID: UUID, except id: UUID?, now: Date
    ) -> [Timer] {
        others.compactMap { timer in
            guard timer.ownerID == ownerID, timer.id != id, timer.isRunning else { return nil }
            var paused = timer
            paused.forcePause(at: at, now: now)
            return paused
        }
    }
}
