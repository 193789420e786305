import Foundation

/// Reads the ways people type a moment (when a timer started or stopped, when an entry began), relative
/// to a `now` and a time zone the caller supplies.
///
/// Accepted (case-insensitive, surrounding spaces ignored, words separated by spaces):
/// - `now`
/// - a time of day, `09:15` or `9:15`: today in `timeZone`
/// - a duration followed by `ago`: `10 min ago`, `10m ago`, `1h30m ago`, `2 hours ago`, `1 hour 30 min ago`
///   (any duration `DurationExpression` reads)
/// - a time with `am`/`pm`: `5pm`, `5:30 pm`; `noon`, `midnight`
/// - a day and a time in either order: `today 9:00`, `yesterday 17:00`, `17:00 yesterday`, `fri 10:00`,
///   `last mon 9am`, `dec 1 14:00`; the day is read by `DayExpression` looking back (`fri` is the latest Friday)
/// - a local date and time: `2026-11-20 17:00` or `2026-11-20T17:00`, optionally with seconds (`17:00:30`)
/// - ISO 8601 with a zone, which ignores `timeZone`: `2026-11-20T17:00:00Z`, `2026-11-20T17:00+01:00`
///
/// Local times skipped by a daylight-saving change resolve forward (see `TimeOfDay.date(on:in:)`).
/// Nothing may lie more than `Timer.futureTolerance` after `now` (a time later today was almost always
/// meant for yesterday), and every result lies in `AcceptedRange.instants`.
public enum InstantExpression {
    /// The instant `text` denotes.
    ///
    /// - Parameters:
    ///   - text: what the user typed.
    ///   - field: the field named in errors (`at` unless the caller reads another value).
    ///   - now: the current instant; `today`, `ago` and the future check are relative to it.
    ///   - timeZone: the user's time zone, for times without an explicit offset.
    ///   - weekStart: the day weeks begin on, for a day such as `sow` (``DayExpression``).
    /// - Throws: `ValidationError` with `.empty(.instant)` for blank input; `.invalidFormat(expected:
    ///   .instant)` for anything not listed above; `.notARealDate` for an impossible date; the errors of
    ///   `TimeOfDay.parse` for an impossible time (`25:00`); `.outOfRange(expected: .instant)` for a
    ///   second over 59; `.negativeAmount` or `.timeAgoOutOfRange` for a duration ago that is negative,
    ///   zero or over 1000 hours; `.instantOutOfRange` outside `AcceptedRange.instants` (`0001-01-01 00:00`,
    ///   a five-digit year); `.typedInstantInFuture` for a result more than a minute after `now`.
    public static func parse(
        _ text: String, field: String = "at", now: Date, timeZone: any TimeZoneRules, weekStart: Weekday = .monday
    ) throws(ValidationError) -> Date {
        guard let input = TextRules.keyword(text) else { throw unreadable(text, field: field) }
        if input.isEmpty {
            throw ValidationError(field: field, reason: .empty(.instant))
        }
        // Quoted as typed (the parsing below works on the lowercased form).
        let excerpt = TextRules.keywordExcerpt(String(TextRules.trimmed(text)))
        let words = input.split(separator: " ")
        let result: Date
        var sameDayTime: String?
        if input == "now" {
            return now
        } else if words.last == "ago" {
            let seconds = try secondsAgo(words.dropLast(), input: input, field: field)
            result = now.addingTimeInterval(-TimeInterval(seconds))
        } else if words.count == 2, ISODateParts(words[0]) != nil {
            result = try dateTime(
                date: words[0], time: words[1], input: input, shown: excerpt, field: field, timeZone: timeZone)
        } else if words.count == 1, let separator = input.firstIndex(of: "t"), ISODateParts(input[..<separator]) != nil
        {
            let time = input[input.index(after: separator)...]
            result = try dateTime(
                date: input[..<separator], time: time, input: input, shown: excerpt, field: field, timeZone: timeZone)
        } else if isTime(words) {
            result = try TimeOfDay.parse(input, field: field).date(on: Day.containing(now, in: timeZone), in: timeZone)
            sameDayTime = input
        } else if let (dayWords, timeWords) = splitDayAndTime(words) {
            let today = Day.containing(now, in: timeZone)
            let day = try DayExpression.parse(
                dayWords, today: today, field: field, leaning: .past, weekStart: weekStart)
            result = try TimeOfDay.parse(timeWords, field: field).date(on: day, in: timeZone)
            if day == today { sameDayTime = timeWords }
        } else {
            throw unreadable(text, field: field)
        }
        guard AcceptedRange.instants.contains(result) else {
            throw ValidationError(field: field, reason: .instantOutOfRange(excerpt: excerpt))
        }
        if let seconds = TimeRules.secondsInFuture(result, now: now) {
            throw ValidationError(
                field: field,
                reason: .typedInstantInFuture(
                    excerpt: excerpt, seconds: seconds, sameDayTime: sameDayTime.map(TextRules.keywordExcerpt)))
        }
        return result
    }

    /// A time of day alone: `09:15`, `5pm`, `5 pm`.
    private static func isTime(_ words: [Substring]) -> Bool {
        if words.count == 1 {
            let word = words[0]
            return word.contains(":") || word.hasSuffix("am") || word.hasSuffix("pm") || word == "noon"
                || word == "midnight"
        }
        return words.count == 2 && (words[1] == "am" || words[1] == "pm") && words[0].first?.isNumber == true
    }

    /// A day and a time of day in either order (`fri 10:00`, `17:00 yesterday`, `last mon 9am`, `dec 1 5 pm`):
    /// the words as two texts, or nil when neither end is a time.
    private static func splitDayAndTime(_ words: [Substring]) -> (day: String, time: String)? {
        guard words.count >= 2 else { return nil }
        for timeLength in [2, 1] where words.count > timeLength {
            let tail = Array(words.suffix(timeLength))
            if isTime(tail) {
                return (words.dropLast(timeLength).joined(separator: " "), tail.joined(separator: " "))
            }
            let head = Array(words.prefix(timeLength))
            if isTime(head) {
                return (words.dropFirst(timeLength).joined(separator: " "), head.joined(separator: " "))
            }
        }
        return nil
    }

    /// Seconds for the words before `ago`, read by `DurationExpression` with reasons about instants.
    private static func secondsAgo(_ words: ArraySlice<Substring>, input: String, field: String)
        throws(ValidationError) -> Int
    {
        guard let first = words.first else { throw unreadable(input, field: field) }
        let excerpt = TextRules.keywordExcerpt(input)
        if first.hasPrefix("-") {
            throw ValidationError(field: field, reason: .negativeAmount(excerpt: excerpt, expected: .instant))
        }
        do {
            return try DurationExpression.seconds(words.joined(separator: " "), field: field)
        } catch {
            switch error.reason {
            case .zeroDuration, .typedDurationOverLimit, .negativeAmount:
                throw ValidationError(
                    field: field,
                    reason: .timeAgoOutOfRange(excerpt: excerpt, limit: DurationExpression.maximumSeconds))
            default:
                throw unreadable(input, field: field)
            }
        }
    }

    /// `YYYY-MM-DD` followed by `HH:MM[:SS]` and an optional zone (`z`, `+01:00`, `+0100`, `+01`); `shown` is
    /// the excerpt of what was typed, as typed, for the reasons.
    private static func dateTime(
        date: Substring, time: Substring, input: String, shown excerpt: String, field: String,
        timeZone: any TimeZoneRules
    ) throws(ValidationError) -> Date {
        guard let parts = ISODateParts(date) else { throw unreadable(input, field: field) }
        guard
            let day = try parts.calendarDay(
                excerpt: TextRules.keywordExcerpt(String(date)), field: field, expected: .instant)
        else { throw ValidationError(field: field, reason: .instantOutOfRange(excerpt: excerpt)) }
        let zoneStart = time.firstIndex { $0 == "z" || $0 == "+" || $0 == "-" } ?? time.endIndex
        let clock = time[..<zoneStart].split(separator: ":", omittingEmptySubsequences: false)
        guard clock.count == 2 || clock.count == 3 else { throw unreadable(input, field: field) }
        let timeOfDay = try TimeOfDay.parse(String(clock[0]) + ":" + String(clock[1]), field: field)
        var second = 0
        if clock.count == 3 {
            guard clock[2].utf8.count == 2, let value = TimeOfDay.digits(clock[2]) else {
                throw unreadable(input, field: field)
            }
            guard value < 60 else {
                throw ValidationError(field: field, reason: .outOfRange(excerpt: excerpt, expected: .instant))
            }
            second = value
        }
        let zone = time[zoneStart...]
        if zone.isEmpty {
            return TimeOfDay.instant(
                day: day, hour: timeOfDay.hour, minute: timeOfDay.minute, second: second, in: timeZone)
        }
        guard let offset = offsetSeconds(zone) else { throw unreadable(input, field: field) }
        let wallClock = day.serial * 86_400 + timeOfDay.hour * 3600 + timeOfDay.minute * 60 + second
        return Date(timeIntervalSince1970: TimeInterval(wallClock - offset))
    }

    /// Seconds east of UTC for `z`, `+HH:MM`, `+HHMM` or `+HH` (and the same with `-`), up to 18 hours.
    private static func offsetSeconds(_ zone: Substring) -> Int? {
        if zone == "z" { return 0 }
        guard let sign = zone.first, sign == "+" || sign == "-" else { return nil }
        let rest = Array(zone.dropFirst())
        let hourText: [Character]
        let minuteText: [Character]
        switch rest.count {
        case 2: (hourText, minuteText) = (rest, ["0", "0"])
        case 4: (hourText, minuteText) = (Array(rest[0..<2]), Array(rest[2..<4]))
        case 5 where rest[2] == ":": (hourText, minuteText) = (Array(rest[0..<2]), Array(rest[3..<5]))
        default: return nil
        }
        guard let hours = TimeOfDay.digits(Substring(String(hourText))),
            let minutes = TimeOfDay.digits(Substring(String(minuteText))), hours <= 18, minutes <= 59
        else { return nil }
        return (sign == "-" ? -1 : 1) * (hours * 3600 + minutes * 60)
    }

    private static func unreadable(_ text: String, field: String) -> ValidationError {
        ValidationError(
            field: field,
            reason: .invalidFormat(excerpt: TextRules.excerpt(TextRules.trimmed(text)), expected: .instant))
    }
}
