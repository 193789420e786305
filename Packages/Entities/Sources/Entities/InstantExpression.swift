import Foundation

/// Reads the ways people type a moment on the command line (`--at`, `--start`), relative to a `now`
/// and a time zone the caller supplies.
///
/// Accepted (case-insensitive, surrounding spaces ignored, words separated by spaces):
/// - `now`
/// - a time of day, `09:15` or `9:15`: today in `timeZone`
/// - a duration followed by `ago`: `10 min ago`, `10m ago`, `1h30m ago`, `2 hours ago`, `1 hour 30 min ago`
///   (any duration `DurationExpression` reads)
/// - `today 9:00`, `yesterday 17:00`
/// - a local date and time: `2026-11-20 17:00` or `2026-11-20T17:00`, optionally with seconds (`17:00:30`)
/// - ISO 8601 with a zone, which ignores `timeZone`: `2026-11-20T17:00:00Z`, `2026-11-20T17:00+01:00`
///
/// Local times skipped by a daylight-saving change resolve forward (see `TimeOfDay.date(on:in:)`).
/// Nothing may lie more than `Timer.futureTolerance` after `now`: a time later today was almost always
/// meant for yesterday.
public enum InstantExpression {
    static let hint = "use now, 09:15, 10 min ago, yesterday 17:00 or 2026-11-20 17:00"

    /// The instant `text` denotes.
    ///
    /// - Parameters:
    ///   - text: what the user typed.
    ///   - field: the name used in error messages (`at` unless the caller reads another option).
    ///   - now: the current instant; `today`, `ago` and the future check are relative to it.
    ///   - timeZone: the user's time zone, for times without an explicit offset.
    /// - Throws: `ValidationError` with `.empty` for blank input; `.invalidFormat` for anything not listed
    ///   above (including impossible dates); `.outOfRange` for an impossible time (`25:00`), a duration
    ///   ago that is negative, zero or over 1000 hours, or a result more than a minute after `now`.
    public static func parse(
        _ text: String, field: String = "at", now: Date, timeZone: TimeZone
    ) throws(ValidationError) -> Date {
        guard let input = TextRules.keyword(text) else { throw unreadable(text, field: field) }
        if input.isEmpty {
            throw ValidationError(field: field, reason: .empty, message: "\(field) is empty: \(hint)")
        }
        let words = input.split(separator: " ")
        let result: Date
        var isTimeToday = false
        if input == "now" {
            return now
        } else if words.last == "ago" {
            let seconds = try secondsAgo(words.dropLast(), input: input, field: field)
            result = now.addingTimeInterval(-TimeInterval(seconds))
        } else if words.count == 2, words[0] == "today" || words[0] == "yesterday" {
            let today = Day.containing(now, in: timeZone)
            let day = words[0] == "today" ? today : today.adding(days: -1)
            result = try TimeOfDay.parse(String(words[1]), field: field).date(on: day, in: timeZone)
            isTimeToday = words[0] == "today"
        } else if words.count == 2, looksLikeDate(words[0]) {
            result = try dateTime(date: words[0], time: words[1], input: input, field: field, timeZone: timeZone)
        } else if words.count == 1, let separator = input.firstIndex(of: "t"), looksLikeDate(input[..<separator]) {
            let time = input[input.index(after: separator)...]
            result = try dateTime(
                date: input[..<separator], time: time, input: input, field: field, timeZone: timeZone)
        } else if words.count == 1, input.contains(":") {
            result = try TimeOfDay.parse(input, field: field).date(on: Day.containing(now, in: timeZone), in: timeZone)
            isTimeToday = true
        } else {
            throw unreadable(text, field: field)
        }
        if result.timeIntervalSince(now) > Timer.futureTolerance {
            let advice =
                isTimeToday
                ? "for last night write yesterday \(words[words.count - 1])"
                : "give a time that has already passed"
            throw ValidationError(
                field: field, reason: .outOfRange(input), message: "'\(input)' is in the future: \(advice)")
        }
        return result
    }

    /// Seconds for the words before `ago`, read by `DurationExpression` with errors phrased for instants.
    private static func secondsAgo(_ words: ArraySlice<Substring>, input: String, field: String)
        throws(ValidationError) -> Int
    {
        guard let first = words.first else { throw unreadable(input, field: field) }
        if first.hasPrefix("-") {
            throw ValidationError(
                field: field, reason: .outOfRange(input),
                message: "'\(input)' cannot be negative: write a time in the past such as 10 min ago")
        }
        do {
            return try DurationExpression.seconds(words.joined(separator: " "), field: field)
        } catch {
            guard case .outOfRange = error.reason else { throw unreadable(input, field: field) }
            throw ValidationError(
                field: field, reason: .outOfRange(input),
                message: "'\(input)' is out of range: the time ago must be more than zero and at most 1000h")
        }
    }

    /// `YYYY-MM-DD` followed by `HH:MM[:SS]` and an optional zone (`z`, `+01:00`, `+0100`, `+01`).
    private static func dateTime(
        date: Substring, time: Substring, input: String, field: String, timeZone: TimeZone
    ) throws(ValidationError) -> Date {
        guard let day = Day(iso: String(date)) else {
            throw ValidationError(
                field: field, reason: .invalidFormat(input),
                message: "'\(date)' is not a real date: \(hint)")
        }
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
                throw ValidationError(
                    field: field, reason: .outOfRange(input), message: "'\(input)' has more than 59 seconds: \(hint)")
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

    /// Whether `text` has the `YYYY-MM-DD` shape (digits and dashes in place), valid or not.
    private static func looksLikeDate(_ text: Substring) -> Bool {
        let bytes = Array(text.utf8)
        guard bytes.count == 10 else { return false }
        return bytes.indices.allSatisfy { index in
            index == 4 || index == 7
                ? bytes[index] == UInt8(ascii: "-")
                : (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index])
        }
    }

    private static func unreadable(_ text: String, field: String) -> ValidationError {
        let typed = TextRules.excerpt(TextRules.trimmed(text))
        return ValidationError(
            field: field, reason: .invalidFormat(typed), message: "could not read '\(typed)' as a time: \(hint)")
    }
}
