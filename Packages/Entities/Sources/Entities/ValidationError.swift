import Foundation

/// The single error type of the Entities layer: a user-supplied value broke a business rule.
///
/// Every rule in this package reports through this type so callers can map it to one exit code
/// ("invalid input") and print `message` as is. `field` names what was wrong in the user's words
/// ("title", "name", "due", "estimate", "tag", "priority", "status", …) and `reason` lets code react
/// to the kind of failure without parsing text. `message` is always a single line that says what
/// to do next; it never embeds more than a short excerpt of what the user typed.
public struct ValidationError: Error, Sendable, Equatable, LocalizedError, CustomStringConvertible {
    /// The kind of rule that was broken.
    public enum Reason: Sendable, Hashable {
        /// Nothing (or only whitespace) was given where a value is required.
        case empty
        /// The value is longer than `limit` characters (or, for amounts, larger than the limit).
        case tooLong(limit: Int)
        /// The text could not be read; the payload is a short excerpt of what was typed.
        case invalidFormat(String)
        /// The value was read but lies outside the accepted range; the payload is what was typed.
        case outOfRange(String)
        /// The requested change is not allowed from the current state; the payload is that state.
        case invalidTransition(String)

        // MARK: Choosing a timer (field "timer"; see `TimerRules.choose(_:among:)`)

        /// A running timer was asked for and none runs.
        case noRunningTimer
        /// The most recently paused timer was asked for and none is paused.
        case noPausedTimer
        /// The running or only paused timer was asked for and the person has no timer at all.
        case noTimer
        /// The running or only paused timer was asked for, none runs and several are paused: which one is
        /// meant must be said. The ids are the paused timers', in the order the caller listed them.
        case severalPausedTimers(ids: [UUID])
        /// A timer was asked for by id and none of the person's timers has it (stopped or discarded meanwhile).
        case noTimerWithID(UUID)
        /// A timer was asked for by its task or project and none times that target.
        case noTimerOnTarget(TimeTarget)
    }

    /// What was wrong, in the words a user knows ("title", "due", …).
    public let field: String
    /// The kind of rule that was broken.
    public let reason: Reason
    /// One line, for people: what is wrong and what to do about it.
    public let message: String

    /// Creates an error. When `message` is nil a generic one-line message is derived from `reason`.
    public init(field: String, reason: Reason, message: String? = nil) {
        self.field = field
        self.reason = reason
        self.message = Self.singleLine(message ?? Self.defaultMessage(field: field, reason: reason))
    }

    public var errorDescription: String? { message }

    public var description: String { message }

    private static func defaultMessage(field: String, reason: Reason) -> String {
        switch reason {
        case .empty:
            return "\(field) is empty: type at least one visible character"
        case .tooLong(let limit):
            return "\(field) is too long: the limit is \(limit)"
        case .invalidFormat(let typed):
            return "could not read '\(typed)' as \(field): check the spelling"
        case .outOfRange(let typed):
            return "\(field) '\(typed)' is out of range: use a smaller value"
        case .invalidTransition(let state):
            return "cannot change \(field) from \(state)"
        case .noRunningTimer:
            return "no timer is running"
        case .noPausedTimer:
            return "no timer is paused"
        case .noTimer:
            return "there is no timer"
        case .severalPausedTimers(let ids):
            return "no timer is running and \(ids.count) are paused"
        case .noTimerWithID:
            return "that timer no longer exists"
        case .noTimerOnTarget:
            return "no timer is timing that task or project"
        }
    }

    /// Guarantees the one-line promise even when a caller passes a message containing line breaks.
    private static func singleLine(_ text: String) -> String {
        guard text.contains(where: \.isNewline) else { return text }
        return String(text.map { $0.isNewline ? " " : $0 })
    }
}
