/// Reads a typed duration such as an estimate into whole seconds.
///
/// Accepted (case-insensitive): hours and minutes, each at most once, optionally spaced, decimals allowed:
/// `1h30m`, `1h 30m`, `90m`, `1.5h`, `2h`, `45m`; `hr`/`hour(s)` and `min`/`minute(s)` are read too.
/// Seconds are deliberately not accepted: nothing in Stint is planned to the second, and `30s` is
/// more likely a typo for `30m`. The result is rounded to the nearest second and lies in 1 s … 1000 h.
public enum DurationExpression {
    /// The largest duration accepted: 1000 hours.
    static let maximumSeconds = 1000 * 3600

    static let hint = "write it like 1h30m, 90m or 1.5h"

    /// The number of seconds `text` denotes.
    ///
    /// - Parameters:
    ///   - text: what the user typed.
    ///   - field: the name used in error messages (`estimate` unless the caller reads another option).
    /// - Throws: `ValidationError` with `.empty` for blank input; `.invalidFormat` for text that is not
    ///   a duration, including a bare number such as `90` (the message asks for a unit) and seconds;
    ///   `.outOfRange` for negative, zero or more than 1000 hours.
    public static func seconds(_ text: String, field: String = "estimate") throws(ValidationError) -> Int {
        guard let input = TextRules.keyword(text) else { throw unreadable(text, field: field) }
        if input.isEmpty {
            throw ValidationError(field: field, reason: .empty, message: "\(field) is empty: \(hint)")
        }
        if input.hasPrefix("-") {
            throw ValidationError(
                field: field, reason: .outOfRange(input), message: "\(field) cannot be negative: \(hint)")
        }
        let total = try sum(of: input, field: field)
        let seconds = total.rounded()
        if seconds <= 0 {
            throw ValidationError(
                field: field, reason: .outOfRange(input), message: "\(field) must be more than zero: \(hint)")
        }
        if seconds > Double(maximumSeconds) {
            throw ValidationError(
                field: field, reason: .outOfRange(input),
                message: "\(field) '\(input)' is too long: the limit is 1000h")
        }
        return Int(seconds)
    }

    /// Adds up `<number><unit>` parts; throws for anything else.
    private static func sum(of input: String, field: String) throws(ValidationError) -> Double {
        let characters = Array(input)
        var index = 0
        var total = 0.0
        var usedUnits: Set<Int> = []

        func skipSpaces() {
            while index < characters.count, characters[index] == " " { index += 1 }
        }
        func take(while accept: (Character) -> Bool) -> String {
            let start = index
            while index < characters.count, accept(characters[index]) { index += 1 }
            return String(characters[start..<index])
        }

        skipSpaces()
        while index < characters.count {
            let whole = take { $0.isASCII && $0.isNumber }
            var number = whole
            if index < characters.count, characters[index] == "." {
                index += 1
                let fraction = take { $0.isASCII && $0.isNumber }
                guard !fraction.isEmpty else { throw unreadable(input, field: field) }
                number += "." + fraction
            }
            guard !whole.isEmpty, let value = Double(number) else { throw unreadable(input, field: field) }
            skipSpaces()
            let unit = take { $0.isASCII && $0.isLetter }
            if unit.isEmpty {
                throw ValidationError(
                    field: field, reason: .invalidFormat(input),
                    message: "'\(input)' needs a unit: write \(number)m for minutes or \(number)h for hours")
            }
            guard let unitSeconds = try unitSeconds(unit, input: input, field: field),
                usedUnits.insert(unitSeconds).inserted
            else { throw unreadable(input, field: field) }
            total += value * Double(unitSeconds)
            skipSpaces()
        }
        return total
    }

    private static func unitSeconds(_ unit: String, input: String, field: String) throws(ValidationError) -> Int? {
        switch unit {
        case "h", "hr", "hrs", "hour", "hours": return 3600
        case "m", "min", "mins", "minute", "minutes": return 60
        case "s", "sec", "secs", "second", "seconds":
            throw ValidationError(
                field: field, reason: .invalidFormat(input),
                message: "\(field) cannot be given in seconds: use minutes or hours, e.g. 1m or 1h30m")
        default: return nil
        }
    }

    private static func unreadable(_ text: String, field: String) -> ValidationError {
        let typed = TextRules.excerpt(TextRules.trimmed(text))
        return ValidationError(
            field: field, reason: .invalidFormat(typed),
            message: "could not read '\(typed)' as a duration: \(hint)")
    }
}
