/// Reads the ways people type a date, relative to a `today` the caller supplies.
///
/// Accepted (case-insensitive, surrounding spaces ignored):
/// - an ISO date: `2026-12-01`
/// - `today`, `tomorrow`, `yesterday`
/// - a weekday, full or three letters (`friday`, `fri`): the next such day strictly after today,
///   so on a Friday `fri` means a week later
/// - an offset in days or weeks: `+3d`, `3d`, `-1d`, `+2w` (at most 100 years either way)
///
/// Every result lies in `AcceptedRange.days`. `today` is a parameter because this package never reads
/// the clock or the time zone.
public enum DayExpression {
    /// The largest offset accepted, in days; far beyond any real plan, small enough to catch typos.
    static let maximumOffset = 36_525

    private static let weekdays: [(full: String, number: Int)] = [
        ("monday", 1), ("tuesday", 2), ("wednesday", 3), ("thursday", 4),
        ("friday", 5), ("saturday", 6), ("sunday", 7),
    ]

    /// The day `text` denotes.
    ///
    /// - Parameters:
    ///   - text: what the user typed.
    ///   - today: the current civil date in the user's time zone.
    ///   - field: the field named in errors (`due` unless the caller reads another value).
    /// - Throws: `ValidationError` with `.empty(.day)` for blank input; `.invalidFormat(expected: .day)` for
    ///   anything not listed above; `.notARealDate` for impossible dates such as `2026-02-30`;
    ///   `.offsetTooFar` for offsets beyond 100 years; `.dayOutOfRange` for a result outside
    ///   `AcceptedRange.days` (`1969-12-31`, `0000-01-01`, `99999-01-01`, an offset before 1970).
    public static func parse(_ text: String, today: Day, field: String = "due") throws(ValidationError) -> Day {
        guard let input = TextRules.keyword(text) else { throw unreadable(text, field: field) }
        if input.isEmpty {
            throw ValidationError(field: field, reason: .empty(.day))
        }
        let day = try read(input, text: text, today: today, field: field)
        guard AcceptedRange.days.contains(day) else {
            throw ValidationError(field: field, reason: .dayOutOfRange(excerpt: TextRules.keywordExcerpt(input)))
        }
        return day
    }

    private static func read(_ input: String, text: String, today: Day, field: String) throws(ValidationError) -> Day {
        switch input {
        case "today": return today
        case "tomorrow": return today.adding(days: 1)
        case "yesterday": return today.adding(days: -1)
        default: break
        }
        if let number = weekdays.first(where: { $0.full == input || $0.full.prefix(3) == input })?.number {
            let ahead = (number - today.weekday + 7) % 7
            return today.adding(days: ahead == 0 ? 7 : ahead)
        }
        if ISODateParts(input) != nil {
            return try Day.parse(iso: input, field: field)
        }
        if let offset = try offsetInDays(input, field: field) {
            return today.adding(days: offset)
        }
        throw unreadable(text, field: field)
    }

    /// Days for `+3d`, `3d`, `-1d`, `+2w`; nil when `input` is not of that form.
    private static func offsetInDays(_ input: String, field: String) throws(ValidationError) -> Int? {
        var body = Substring(input)
        var sign = 1
        if let first = body.first, first == "+" || first == "-" {
            sign = first == "-" ? -1 : 1
            body = body.dropFirst()
        }
        guard let unit = body.last, unit == "d" || unit == "w" else { return nil }
        let digits = body.dropLast()
        guard !digits.isEmpty, digits.allSatisfy({ $0.isASCII && $0.isNumber }) else { return nil }
        let perUnit = unit == "w" ? 7 : 1
        guard let count = Int(digits), count <= maximumOffset / perUnit else {
            throw ValidationError(
                field: field,
                reason: .offsetTooFar(excerpt: TextRules.keywordExcerpt(input), limitDays: maximumOffset))
        }
        return sign * count * perUnit
    }

    private static func unreadable(_ text: String, field: String) -> ValidationError {
        ValidationError(
            field: field,
            reason: .invalidFormat(excerpt: TextRules.excerpt(TextRules.trimmed(text)), expected: .day))
    }
}
