import Foundation

/// Checks and wording shared by timers, time entries and typed instants.
///
/// Clocks on different machines drift and a command takes a moment to type, so an instant up to
/// `futureTolerance` after `now` still counts as "now"; anything later is a mistake (usually a time
/// meant for yesterday) and is refused with a message that says by how much.
enum TimeRules {
    static let futureTolerance: TimeInterval = 60

    /// `what` is the start of the message up to the amount, e.g. "the start time is".
    ///
    /// - Throws: `ValidationError` (`.outOfRange`) when `instant` is more than `futureTolerance` after `now`.
    static func checkNotInFuture(
        _ instant: Date, now: Date, field: String, what: String, advice: String
    ) throws(ValidationError) {
        let ahead = instant.timeIntervalSince(now)
        guard ahead > futureTolerance else { return }
        throw ValidationError(
            field: field, reason: .outOfRange(stamp(instant)),
            message: "\(what) \(span(ahead)) in the future: \(advice)")
    }

    /// A length of time for messages: `45s`, `90s`, `12m`, `1h 05m`, `26h`.
    static func span(_ interval: TimeInterval) -> String {
        guard interval.isFinite else { return "an unknown time" }
        let seconds = Int(min(max(interval.rounded(.up), 0), 1e15))
        if seconds < 120 { return "\(seconds)s" }
        let minutes = seconds / 60
        if minutes < 60 { return "\(minutes)m" }
        let rest = minutes % 60
        return rest == 0 ? "\(minutes / 60)h" : "\(minutes / 60)h " + (rest < 10 ? "0\(rest)m" : "\(rest)m")
    }

    /// The instant in UTC ISO 8601, for `ValidationError.Reason` payloads (messages use relative wording).
    static func stamp(_ instant: Date) -> String {
        instant.ISO8601Format()
    }
}
