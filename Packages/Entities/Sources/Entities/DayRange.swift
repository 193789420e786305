import Foundation

/// Consecutive calendar days, `since` through `until`, both included: the period of a report or of an
/// entry listing.
///
/// The one place the rule "a range may not end before it starts" lives, so every front end and
/// feature refuses it the same way instead of each checking (and wording) it on its own.
public struct DayRange: Sendable, Hashable {
    /// The first day in the range.
    public let since: Day
    /// The last day in the range.
    public let until: Day

    /// - Throws: `ValidationError` (field `until`, `.dayRangeEmpty(since:until:)`) when `until` is before `since`.
    public init(since: Day, until: Day) throws(ValidationError) {
        guard since <= until else {
            throw ValidationError(field: "until", reason: .dayRangeEmpty(since: since, until: until))
        }
        self.since = since
        self.until = until
    }

    /// How many days the range covers; at least 1.
    public var dayCount: Int {
        until.days(since: since) + 1
    }

    public func contains(_ day: Day) -> Bool {
        since <= day && day <= until
    }

    /// The instants of the range on the wall calendar of `timeZone`: from the first instant of `since` up
    /// to, not including, the first instant of the day after `until` (for 9999-12-31, which has no next
    /// `Day`, 24 hours after its start).
    public func instants(in timeZone: any TimeZoneRules) -> Range<Date> {
        let start = since.start(in: timeZone)
        let next = until.adding(days: 1)
        let end = next > until ? next.start(in: timeZone) : until.start(in: timeZone).addingTimeInterval(86_400)
        return start..<max(end, start)
    }
}
