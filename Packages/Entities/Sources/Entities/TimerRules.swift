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
    /// started at an earlier instant must not cut into time already counted the other way round, and an
    /// interval may not end before it begins). Timers of other owners, paused timers and the timer with
    /// id `id` are left out.
    ///
    /// - Parameters:
    ///   - others: the timers the caller knows about; may include any owner's and the starting one.
    ///   - at: when the new timer starts (already validated against the future tolerance).
    ///   - ownerID: whose timer starts.
    ///   - id: the starting (or resuming) timer, which must not pause itself; nil for a brand-new timer.
    ///   - now: the current instant, stamped as `updatedAt` on every paused timer.
    /// Refuses a start (or resume) at `at` that lies before the running interval of another of the owner's
    /// timers began: pausing that timer at `at` would end its interval before it began, taking away time it
    /// counted (its hour since 11:00 was dropped for a start "at 10:50"). The person pauses or stops it first.
    /// Only for an instant the person typed: "now" before a running interval that began ahead of the clock (a
    /// machine whose clock runs fast) takes nothing that was counted.
    ///
    /// - Throws: `ValidationError` (field `at`, `.beforeRunningTimer`).
    public static func checkStart(
        at: Date, among others: [Timer], ownerID: UUID, except id: UUID?, action: ValidationError.TimerAction
    ) throws(ValidationError) {
        for timer in others where timer.ownerID == ownerID && timer.id != id && timer.isRunning {
            guard let began = timer.intervals.last?.start, at < began else { continue }
            throw ValidationError(
                field: "at",
                reason: .beforeRunningTimer(
                    seconds: Int(began.timeIntervalSince(at).rounded(.up)), action: action,
                    event: timer.intervals.count > 1 ? .resumed : .started))
        }
    }

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

    /// The timer `selector` means among one person's `timers`.
    ///
    /// Callers apply this to the timers as they are inside the transaction that changes the chosen
    /// timer, so a timer stopped a moment ago by another process yields "no timer is running" rather
    /// than a failed look-up of an id the user never typed.
    ///
    /// - Parameters:
    ///   - selector: what the action asked for.
    ///   - timers: the owner's timers (the caller has already left other people's out), in the
    ///     caller's order; that order is kept in `severalPausedTimers` and breaks ties.
    /// - Returns: for `.running` the first running timer; for `.latestPaused` the paused timer with the
    ///   latest `pausedAt` (the first of equals); for `.runningOrOnlyPaused` the first running timer, else
    ///   the single paused one; for `.id` and `.target` the matching timer in any state (for a target, a
    ///   running one before the latest paused one).
    /// - Throws: `ValidationError` with field `timer` and the reason `.noRunningTimer` (`.running`),
    ///   `.noPausedTimer` (`.latestPaused`), `.noTimer` or `.severalPausedTimers(ids:)`
    ///   (`.runningOrOnlyPaused`), `.noTimerWithID` (`.id`) or `.noTimerOnTarget` (`.target`).
    public static func choose(_ selector: TimerSelector, among timers: [Timer]) throws(ValidationError) -> Timer {
        switch selector {
        case .running:
            guard let running = timers.first(where: \.isRunning) else { throw choiceError(.noRunningTimer) }
            return running
        case .latestPaused:
            guard let paused = latestPaused(in: timers) else { throw choiceError(.noPausedTimer) }
            return paused
        case .runningOrOnlyPaused:
            if let running = timers.first(where: \.isRunning) { return running }
            let paused = timers.filter { !$0.isRunning }
            guard let only = paused.first else { throw choiceError(.noTimer) }
            guard paused.count == 1 else { throw choiceError(.severalPausedTimers(ids: paused.map(\.id))) }
            return only
        case .id(let id):
            guard let timer = timers.first(where: { $0.id == id }) else { throw choiceError(.noTimerWithID(id)) }
            return timer
        case .target(let target):
            let onTarget = timers.filter { $0.target == target }
            guard let timer = onTarget.first(where: \.isRunning) ?? latestPaused(in: onTarget) else {
                throw choiceError(.noTimerOnTarget(target))
            }
            return timer
        }
    }

    /// The paused timer with the latest `pausedAt`; the first of several paused at the same instant.
    private static func latestPaused(in timers: [Timer]) -> Timer? {
        var latest: Timer?
        for timer in timers where !timer.isRunning {
            guard let candidate = latest else {
                latest = timer
                continue
            }
            if (timer.pausedAt ?? .distantPast) > (candidate.pausedAt ?? .distantPast) { latest = timer }
        }
        return latest
    }

    private static func choiceError(_ reason: ValidationError.Reason) -> ValidationError {
        ValidationError(field: "timer", reason: reason)
    }
}
