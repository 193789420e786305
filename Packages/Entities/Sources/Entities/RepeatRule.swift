import Foundation

/// How often a recurring task comes back: every `every` days, weeks, months or years, or every working
/// day (Monday to Friday).
///
/// Occurrences are counted from the series' first day (``TaskRepetition/start``), never from the previous
/// occurrence, so "monthly" from January 31 gives February 28 and then March 31 (no drift), and two devices
/// that complete the same occurrence compute the same next day — the day the next task's id is derived from.
public struct RepeatRule: Sendable, Hashable {
    public enum Unit: String, Sendable, Hashable, CaseIterable {
        case day, weekday, week, month, year
    }

    /// The largest `every` accepted: a task that comes back every 1,000 years is a typing mistake.
    public static let everyLimit = 999

    public let unit: Unit
    /// How many units lie between occurrences; always 1 for `weekday`.
    public let every: Int

    /// - Precondition: `every` is 1…`everyLimit` (1 for `weekday`); callers reading text use ``parse(_:)``.
    init(unit: Unit, every: Int) {
        self.unit = unit
        self.every = unit == .weekday ? 1 : every
    }

    /// Reads what a person types: `daily`, `weekdays`, `weekly`, `monthly`, `yearly` (also `biweekly`,
    /// `annually`), or `every N unit` with the unit as `d`/`day(s)`, `w`/`week(s)`, `m`/`month(s)`,
    /// `y`/`year(s)` and the number optional and glued on or not (`every 2w`, `every 3 days`, `every week`).
    /// Case and surrounding spaces do not matter. The stored form (``text``) reads back to the same rule.
    ///
    /// - Throws: `ValidationError` (field `repeat`) with `.invalidFormat(expected: .repeatRule)` for anything
    ///   else, `.outOfRange` for a count of 0 or over ``everyLimit``.
    public static func parse(_ raw: String) throws(ValidationError) -> RepeatRule {
        let text = raw.trimmingASCIISpaces().lowercased()
        let invalid = ValidationError(
            field: "repeat", reason: .invalidFormat(excerpt: TextRules.excerpt(raw), expected: .repeatRule))
        switch text {
        case "daily": return RepeatRule(unit: .day, every: 1)
        case "weekdays": return RepeatRule(unit: .weekday, every: 1)
        case "weekly": return RepeatRule(unit: .week, every: 1)
        case "biweekly", "fortnightly": return RepeatRule(unit: .week, every: 2)
        case "monthly": return RepeatRule(unit: .month, every: 1)
        case "yearly", "annually": return RepeatRule(unit: .year, every: 1)
        default: break
        }
        // `every 2 weeks`, `every 2w`, `every week`: a number (glued to the unit or not) and a unit.
        let words = text.split(separator: " ")
        guard words.first == "every", (2...3).contains(words.count) else { throw invalid }
        let amount = words.count == 3 ? words[1] : words[1].prefix { $0.isASCII && $0.isNumber }
        let unitText = words.count == 3 ? words[2] : words[1].dropFirst(amount.count)
        guard let unit = Self.unit(named: String(unitText)), unit != .weekday || amount.isEmpty,
            amount.allSatisfy({ $0.isASCII && $0.isNumber }), words.count == 2 || !amount.isEmpty
        else { throw invalid }
        // More than four digits is out of range however many there are (and never overflows an Int).
        let count = amount.isEmpty ? 1 : amount.count > 4 ? Int.max : Int(amount) ?? Int.max
        guard (1...everyLimit).contains(count) else {
            throw ValidationError(
                field: "repeat", reason: .outOfRange(excerpt: TextRules.excerpt(raw), expected: .repeatRule))
        }
        return RepeatRule(unit: unit, every: count)
    }

    private static func unit(named name: String) -> Unit? {
        switch name {
        case "d", "day", "days": .day
        case "w", "week", "weeks": .week
        case "m", "month", "months": .month
        case "y", "year", "years": .year
        case "weekday": .weekday
        default: nil
        }
    }

    /// The canonical spelling, stored and synced: `daily`, `weekdays`, `weekly`, `monthly`, `yearly`, or
    /// `every N days|weeks|months|years`.
    public var text: String {
        if unit == .weekday { return "weekdays" }
        if every == 1 {
            switch unit {
            case .day: return "daily"
            case .week: return "weekly"
            case .month: return "monthly"
            case .year: return "yearly"
            case .weekday: return "weekdays"
            }
        }
        return "every \(every) \(unit.rawValue)s"
    }

    /// The first occurrence strictly after `day` of the series that began on `start` (`start` itself when
    /// `day` is before it), or nil when it would lie beyond 9999-12-31. A month-based occurrence on a day the
    /// month lacks falls on its last day.
    public func next(after day: Day, start: Day) -> Day? {
        if day < start { return start }
        let candidate: Day
        switch unit {
        case .day, .week:
            let step = every * (unit == .week ? 7 : 1)
            let steps = day.days(since: start) / step + 1
            candidate = start.adding(days: steps * step)
        case .weekday:
            var next = day.adding(days: 1)
            while next.weekday > 5, next < .last { next = next.adding(days: 1) }
            candidate = next.weekday > 5 ? day : next
        case .month, .year:
            let step = every * (unit == .year ? 12 : 1)
            let monthsApart = (day.year - start.year) * 12 + (day.month - start.month)
            // The occurrence in `day`'s month or the one after it is the answer; a third try covers a short month.
            let first = max(0, monthsApart / step)
            candidate = (first...(first + 2)).lazy.map { start.adding(months: $0 * step) }.first { $0 > day } ?? day
        }
        // Arithmetic stops at the last representable day: an occurrence that would lie beyond it does not exist.
        guard candidate > day, Self.reaches(candidate, from: start, rule: self) else { return nil }
        return candidate
    }

    /// Whether `day` really is an occurrence, not where arithmetic clamped at the calendar's end.
    private static func reaches(_ day: Day, from start: Day, rule: RepeatRule) -> Bool {
        switch rule.unit {
        case .day, .week: day.days(since: start) % (rule.every * (rule.unit == .week ? 7 : 1)) == 0
        case .weekday: day.weekday <= 5
        case .month, .year:
            ((day.year - start.year) * 12 + day.month - start.month) % (rule.every * (rule.unit == .year ? 12 : 1)) == 0
                && (day.day == start.day || day.day == Day.daysIn(month: day.month, year: day.year))
        }
    }
}

/// A task's place in a recurring series: the rule, the last day an occurrence may fall on, and the series
/// it belongs to (its first task's id and first day). Every occurrence carries the same value.
public struct TaskRepetition: Sendable, Hashable, Codable {
    public let rule: RepeatRule
    /// No occurrence is made after this day; nil repeats for ever.
    public let until: Day?
    /// The first occurrence's id: names the series, and with a day derives each later occurrence's id.
    public let seriesID: UUID
    /// The day occurrences are counted from.
    public let start: Day

    public init(rule: RepeatRule, until: Day?, seriesID: UUID, start: Day) {
        self.rule = rule
        self.until = until
        self.seriesID = seriesID
        self.start = start
    }

    /// The id of the series' occurrence due on `day`: the same on every device, so an occurrence made twice
    /// (two devices completing the same task while apart) is one task once they sync.
    public func occurrenceID(on day: Day) -> UUID {
        // The series' first day is its first task's: an occurrence that falls on it is that task, not a copy.
        day == start ? seriesID : UUID(named: day.iso, in: seriesID)
    }

    enum CodingKeys: String, CodingKey { case rule, until, seriesID = "series_id", start }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let text = try container.decode(String.self, forKey: .rule)
        do { rule = try RepeatRule.parse(text) } catch {
            throw DecodingError.dataCorruptedError(
                forKey: .rule, in: container, debugDescription: "not a repeat rule: \(text)")
        }
        until = try container.decodeIfPresent(Day.self, forKey: .until)
        seriesID = try container.decode(UUID.self, forKey: .seriesID)
        start = try container.decode(Day.self, forKey: .start)
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(rule.text, forKey: .rule)
        try container.encode(until, forKey: .until)
        try container.encode(seriesID, forKey: .seriesID)
        try container.encode(start, forKey: .start)
    }
}

extension String {
    fileprivate func trimmingASCIISpaces() -> Substring {
        let scalars = self[...]
        let start = scalars.firstIndex { $0 != " " && $0 != "\t" } ?? scalars.endIndex
        let end = scalars.lastIndex { $0 != " " && $0 != "\t" }.map { scalars.index(after: $0) } ?? start
        return start < end ? scalars[start..<end] : ""
    }
}
