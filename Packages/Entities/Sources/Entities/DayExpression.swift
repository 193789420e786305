/// Reads the ways people type a date on the command line, relative to a `today` the caller supplies.
///
/// Accepted (case-insensitive, surrounding spaces ignored):
/// - an ISO date: `2026-12-01`
/// - `today`, `tomorrow`, `yesterday`
/// - a weekday, full or three letters (`friday`, `fri`): the next such day strictly after today,
///   so on a Friday `fri` means a week later
/// - an offset in days or weeks: `+3d`, `3d`, `-1d`, `+2w` (at most 100 years either way)
///
/// `today` is a parameter because this package never reads the clock or the time zone.
public enum DayExpression {
    /// The hint every rejection ends with, listing forms the user can copy.
    static let hint = "use 2026-12-01, today, tomorrow, a weekday (fri) or +3d"

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
    ///   - field: the name used in error messages (`due` unless the caller reads another option).
    /// - Throws: `ValidationError` with `.empty` for blank input, `.invalidFormat` for anything not listed
    ///   above (including impossible dates such as `2026-02-30`), `.outOfRange` for offsets beyond 100 years.
    public static func parse(_ text: String, today: Day, field: String = "due") throws(ValidationError) -> Day {
        guard let input = TextRules.keyword(text) else { throw unreadable(text, field: field) }
        if input.isEmpty {
            throw ValidationError(field: field, reason: .empty, message: "\(field) is empty: \(hint)")
        }
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
        if let day = try isoDate(input, field: field) {
            return day
        }
        if let offset = try offsetInDays(input, field: field) {
            return today.adding(days: offset)
        }
        throw unreadable(text, field: field)
    }

    /// An ISO date, nil when `input` is not shaped like one, an error when it is shaped like one but impossible.
    private static func isoDate(_ input: String, field: String) throws(ValidationError) -> Day? {
        let shape = String(
            input.utf8.map { byte -> Character in
                byte == UInt8(ascii: "-") ? "-" : (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) ? "9" : "x"
            })
        guard shape == "9999-99-99" else { return nil }
        if let day = Day(iso: input) { return day }
        let parts = input.split(separator: "-").compactMap { Int($0) }
        var detail = "that day is not on the calendar"
        if parts.count == 3, (1...12).contains(parts[1]), parts[0] >= 1 {
            let length = Day.daysIn(month: parts[1], year: parts[0])
            detail = "month \(parts[1]) of \(parts[0]) has \(length) days"
        } else if parts.count == 3, !(1...12).contains(parts[1]) {
            detail = "months run from 01 to 12"
        }
        throw ValidationError(
            field: field, reason: .invalidFormat(input),
            message: "'\(input)' is not a real date (\(detail)): \(hint)")
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
                field: field, reason: .outOfRange(input),
                message: "\(field) '\(input)' is too far away: offsets are limited to \(maximumOffset)d; "
                    + "use an ISO date such as 2026-12-01")
        }
        return sign * count * perUnit
    }

    private static func unreadable(_ text: String, field: String) -> ValidationError {
        let typed = TextRules.excerpt(TextRules.trimmed(text))
        return ValidationError(
            field: field, reason: .invalidFormat(typed),
            message: "could not read '\(typed)' as a date: \(hint)")
    }
}
