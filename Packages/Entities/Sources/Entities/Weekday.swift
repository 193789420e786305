/// A day of the week, numbered as ISO 8601 does (Monday 1 … Sunday 7, the same numbers as `Day.weekday`).
///
/// It is the day a person's week begins on (`week_start` in the config file): ISO and Timewarrior begin on Monday,
/// much of the Americas on Sunday, parts of the Middle East on Saturday. Everything that says "this week" (`sow`,
/// `eow`, `this week`, `report --week`, the dashboard) asks for it instead of assuming Monday.
public enum Weekday: Int, Sendable, Hashable, CaseIterable {
    case monday = 1, tuesday, wednesday, thursday, friday, saturday, sunday

    /// The lowercase English name, the spelling the config file and `stint config` show: `monday`.
    public var name: String {
        switch self {
        case .monday: "monday"
        case .tuesday: "tuesday"
        case .wednesday: "wednesday"
        case .thursday: "thursday"
        case .friday: "friday"
        case .saturday: "saturday"
        case .sunday: "sunday"
        }
    }

    /// The weekday a name denotes, full or by its first three letters (`sunday`, `sun`, also `tues`, `thurs`), in
    /// any case; nil for anything else.
    public init?(name: String) {
        guard let keyword = TextRules.keyword(name), let number = DayExpression.weekday(keyword),
            let day = Weekday(rawValue: number)
        else { return nil }
        self = day
    }
}

extension Day {
    /// The day on or before this one that is a `first` weekday: the first day of this day's week for someone whose
    /// weeks begin on `first`.
    public func startOfWeek(beginning first: Weekday) -> Day {
        adding(days: -((weekday - first.rawValue + 7) % 7))
    }
}
