import Foundation

/// A wall-clock time with minute precision (`14:00`), not tied to a day or a time zone.
///
/// Used for the start of logged time and for typed moments such as `yesterday 09:15`; it only becomes
/// an instant together with a `Day` and a `TimeZone` (`date(on:in:)`). Encoded as the `HH:MM` string.
public struct TimeOfDay: Sendable, Hashable, Comparable, Codable, CustomStringConvertible {

    /// 0…23.
    public let hour: Int
    /// 0…59.
    public let minute: Int

    /// A valid time, or nil outside 00:00…23:59.
    public init?(hour: Int, minute: Int) {
        guard (0...23).contains(hour), (0...59).contains(minute) else { return nil }
        self.hour = hour
        self.minute = minute
    }

    /// Nine in the morning: when logged work on another day begins unless told otherwise.
    public static let nineInTheMorning = TimeOfDay(checkedHour: 9, minute: 0)

    /// For constants written in this file, which are known to be valid.
    private init(checkedHour hour: Int, minute: Int) {
        self.hour = hour
        self.minute = minute
    }

    /// Reads `H:MM` or `HH:MM` (24-hour clock), or a 12-hour time with `am`/`pm`: `5pm`, `5:30pm`, `5 pm`,
    /// `12am` (midnight), `12pm` (noon), and the words `noon` and `midnight`. ASCII digits, any case, surrounding
    /// spaces ignored.
    ///
    /// - Parameters:
    ///   - text: what the user typed.
    ///   - field: the field named in errors.
    /// - Throws: `ValidationError` with `.empty(.timeOfDay)` for blank input, `.invalidFormat(expected:
    ///   .timeOfDay)` for anything not shaped like a time (`0915`, `9`, `9:5`, `14pm`),
    ///   `.outOfRange(expected: .timeOfDay)` for `25:00`, `9:60` or `13pm`.
    public static func parse(_ text: String, field: String = "time") throws(ValidationError) -> TimeOfDay {
        guard let input = TextRules.keyword(text, maxBytes: 16) else { throw unreadable(text, field: field) }
        if input.isEmpty {
            throw ValidationError(field: field, reason: .empty(.timeOfDay))
        }
        if input == "noon" { return TimeOfDay(checkedHour: 12, minute: 0) }
        if input == "midnight" { return TimeOfDay(checkedHour: 0, minute: 0) }
        if input.hasSuffix("am") || input.hasSuffix("pm") {
            return try twelveHour(input, text: text, field: field)
        }
        let parts = input.split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count == 2, (1...2).contains(parts[0].utf8.count), parts[1].utf8.count == 2,
            let hour = digits(parts[0]), let minute = digits(parts[1])
        else { throw unreadable(text, field: field) }
        guard let time = TimeOfDay(hour: hour, minute: minute) else {
            throw ValidationError(
                field: field, reason: .outOfRange(excerpt: TextRules.keywordExcerpt(input), expected: .timeOfDay))
        }
        return time
    }

    /// `5pm`, `5:30 pm`, `12am`: hours 1…12, optional `:MM`.
    private static func twelveHour(_ input: String, text: String, field: String) throws(ValidationError) -> TimeOfDay {
        let afternoon = input.hasSuffix("pm")
        let clock = input.dropLast(2).trimmingWhitespace()
        let parts = clock.split(separator: ":", omittingEmptySubsequences: false)
        guard (1...2).contains(parts.count), (1...2).contains(parts[0].utf8.count), let hour = digits(parts[0]),
            parts.count == 1 || parts[1].utf8.count == 2, let minute = parts.count == 2 ? digits(parts[1]) : 0
        else { throw unreadable(text, field: field) }
        guard (1...12).contains(hour), let time = TimeOfDay(hour: hour % 12 + (afternoon ? 12 : 0), minute: minute)
        else {
            throw ValidationError(
                field: field, reason: .outOfRange(excerpt: TextRules.keywordExcerpt(input), expected: .timeOfDay))
        }
        return time
    }

    /// `HH:MM`.
    public var description: String {
        Self.twoDigits(hour) + ":" + Self.twoDigits(minute)
    }

    public static func < (lhs: TimeOfDay, rhs: TimeOfDay) -> Bool {
        (lhs.hour, lhs.minute) < (rhs.hour, rhs.minute)
    }

    /// The instant this wall-clock time shows on `day` in `timeZone`.
    ///
    /// A time skipped by a daylight-saving change (02:30 on a spring-forward night) is moved forward by
    /// the length of the gap (03:30); a time that occurs twice (autumn) gives the first occurrence.
    public func date(on day: Day, in timeZone: any TimeZoneRules) -> Date {
        Self.instant(day: day, hour: hour, minute: minute, second: 0, in: timeZone)
    }

    /// The wall-clock reading `day hour:minute:second` in `timeZone`, with the gap and overlap rules of
    /// `date(on:in:)` (those are Foundation's: the calendar resolves a skipped time forward).
    static func instant(day: Day, hour: Int, minute: Int, second: Int, in timeZone: any TimeZoneRules) -> Date {
        let parts = DateComponents(
            year: day.year, month: day.month, day: day.day, hour: hour, minute: minute, second: second)
        if let date = GregorianCalendar.in(timeZone.foundationTimeZone).date(from: parts) {
            return date
        }
        return day.start(in: timeZone).addingTimeInterval(TimeInterval(hour * 3600 + minute * 60 + second))
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        do {
            self = try Self.parse(try container.decode(String.self))
        } catch let error as ValidationError {
            throw DecodingError.dataCorruptedError(in: container, debugDescription: error.message)
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(description)
    }

    /// The value of one or two ASCII digits, else nil.
    static func digits(_ text: Substring) -> Int? {
        var value = 0
        for byte in text.utf8 {
            guard (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) else { return nil }
            value = value * 10 + Int(byte - UInt8(ascii: "0"))
        }
        return text.isEmpty ? nil : value
    }

    private static func twoDigits(_ value: Int) -> String {
        value < 10 ? "0\(value)" : "\(value)"
    }

    private static func unreadable(_ text: String, field: String) -> ValidationError {
        ValidationError(
            field: field,
            reason: .invalidFormat(excerpt: TextRules.excerpt(TextRules.trimmed(text)), expected: .timeOfDay))
    }
}
