import Foundation

/// Which of a person's timers an action means.
///
/// People rarely name a timer: "pause" means the one that runs, "resume" the one they paused last, and
/// "stop" whichever they were obviously working on. That choice is a business rule, so it lives here and
/// is applied by `TimerRules.choose(_:among:)` to the timers as they are at the moment of the change
/// (inside the storage transaction), never to an older snapshot.
public enum TimerSelector: Sendable, Hashable {
    /// The running timer: what pausing means when no timer is named.
    case running
    /// The paused timer that was paused most recently: what resuming means when no timer is named.
    case latestPaused
    /// The running timer, else the only paused one: what stopping or discarding means when no timer is
    /// named. Several paused timers and none running are ambiguous, so that is an error.
    case runningOrOnlyPaused
    /// The timer with this id, whatever its state (the action itself then checks the state).
    case id(UUID)
    /// The timer on this task or project, whatever its state.
    case target(TimeTarget)
}
