/// Reads a typed duration such as an estimate into whole seconds.
///
/// Accepted (case-insensitive): hours and minutes, each at most once, optionally spaced, decimals allowed:
/// `1h30m`, `1h 30m`, `90m`, `1.5h`, `2h`, `45m`; `hr`/`hour(s)` and `min`/`minute(s)` are read too.
/// Seconds are deliberately not accepted: nothing in Stint is planned to the second, and `30s` is
/// more likely a typo for `30m`. The result is rounded to the nearest second and lies in 1 s … 1000 h.
public enum DurationExpression {
    /// The largest duration accepted: 1000 hours.
    static let maximumSeconds = 1000 * 3600

    /// The number of seconds `text` denotes.
    ///
    /// - Parameters:
    ///   - text: what the user typed.
    ///   - field: the field named in errors (`estimate` unless the caller reads another value).
    /// - Throws: `ValidationError` with `.empty(.duration)` for blank input; `.invalidFormat(expected:
    ///   .duration)` for text that is not a duration; `.missingUnit` for a bare number such as `90`;
    ///   `.secondsNotAllowed` for seconds; `.negativeAmount` for a minus sign; `.zeroDuration` when it
    ///   rounds to nothing; `.typedDurationOverLimit` above 1000 hours.
    public static func seconds(_ text: String, field: String = "estimate") throws(ValidationError) -> Int {
        guard let input = TextRules.keyword(text) else { throw unreadable(text, field: field) }
        if input.isEmpty {
            throw ValidationError(field: field, reason: .empty(.duration))
        }
        let excerpt = TextRules.keywordExcerpt(input)
        if input.hasPrefix("-") {
            throw ValidationError(field: field, reason: .negativeAmount(excerpt: excerpt, expected: .duration))
        }
        let total = try sum(of: input, field: field)
        let seconds = total.rounded()
        if seconds <= 0 {
            throw ValidationError(field: field, reason: .zeroDuration(excerpt: excerpt))
        }
        if seconds > Double(maximumSeconds) {
            throw ValidationError(
                field: field, reason: .typedDurationOverLimit(excerpt: excerpt, limit: maximumSeconds))
        }
        return Int(seconds)
    }

    /// An estimate: `seconds(_:field:)` rounded to the nearest whole minute, and at least one, since an estimate
    /// is planned, shown and edited in minutes (`1.5m` would otherwise keep 90 s that every view shows as 1m).
    ///
    /// - Throws: what `seconds(_:field:)` throws.
    public static func estimateSeconds(_ text: String, field: String = "estimate") throws(ValidationError) -> Int {
        max(1, (try seconds(text, field: field) + 30) / 60) * 60
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
                    field: field, reason: .missingUnit(excerpt: TextRules.keywordExcerpt(input), number: number))
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
                field: field, reason: .secondsNotAllowed(excerpt: TextRules.keywordExcerpt(input)))
        default: return nil
        }
    }

    private static func unreadable(_ text: String, field: String) -> ValidationError {
        ValidationError(
            field: field,
            reason: .invalidFormat(excerpt: TextRules.excerpt(TextRules.trimmed(text)), expected: .duration))
    }
}
