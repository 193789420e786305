import Foundation

/// Checks shared by timers, time entries and typed instants.
///
/// Clocks on different machines drift and a command takes a moment to type, so an instant up to
/// `futureTolerance` after `now` still counts as "now"; anything later is a mistake (usually a time
/// meant for yesterday) and is refused with a reason that says by how much.
enum TimeRules {
    static let futureTolerance: TimeInterval = 60

    /// How many whole seconds (rounded up) `instant` lies after `now`, when that is beyond the tolerance.
    static func secondsInFuture(_ instant: Date, now: Date) -> Int? {
        let ahead = instant.timeIntervalSince(now)
        guard ahead > futureTolerance else { return nil }
        return wholeSeconds(ahead)
    }

    /// `interval` rounded up to whole seconds, kept within 0…10^15 so reasons never carry nonsense.
    static func wholeSeconds(_ interval: TimeInterval) -> Int {
        guard interval.isFinite else { return interval > 0 ? 1_000_000_000_000_000 : 0 }
        return Int(min(max(interval.rounded(.up), 0), 1e15))
    }

    /// - Throws: `ValidationError` (`.instantOutOfRange` with the ISO stamp) outside `AcceptedRange.instants`.
    static func checkAccepted(_ instant: Date, field: String) throws(ValidationError) {
        guard !AcceptedRange.instants.contains(instant) else { return }
        throw ValidationError(field: field, reason: .instantOutOfRange(excerpt: stamp(instant)))
    }

    /// A length of time for messages: `45s`, `90s`, `12m`, `1h 05m`, `26h`.
    static func span(_ interval: TimeInterval) -> String {
        guard interval.isFinite else { return "an unknown time" }
        let seconds = wholeSeconds(interval)
        if seconds < 120 { return "\(seconds)s" }
        let minutes = seconds / 60
        if minutes < 60 { return "\(minutes)m" }
        let rest = minutes % 60
        return rest == 0 ? "\(minutes / 60)h" : "\(minutes / 60)h " + (rest < 10 ? "0\(rest)m" : "\(rest)m")
    }

    /// The instant in UTC ISO 8601, for reasons about instants that were not typed.
    static func stamp(_ instant: Date) -> String {
        guard instant.timeIntervalSince1970.magnitude < 1e14 else { return "an instant far outside any calendar" }
        return instant.ISO8601Format()
    }
}
