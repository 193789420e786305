import Foundation

/// A civil date (year, month, day) with no time and no time zone: what "due Friday" means.
///
/// Due dates belong to the calendar the user lives by, not to an instant, so they are stored and
/// compared as plain dates and only tied to a `TimeZone` at the edges (`containing(_:in:)`,
/// `start(in:)`). Arithmetic is proleptic Gregorian. Years are limited to 1…9999 so that the ISO
/// form is always `YYYY-MM-DD`; arithmetic that would leave that range stops at its ends.
/// Encoded as the ISO string.
public struct Day: Sendable, Hashable, Comparable, Codable, CustomStringConvertible {
    public let year: Int
    public let month: Int
    public let day: Int

    static let first = Day(unchecked: 1, 1, 1)
    /// 1970-01-01, day 0 of `serial` and the first day of `AcceptedRange.days`.
    static let epoch = Day(unchecked: 1970, 1, 1)
    static let last = Day(unchecked: 9999, 12, 31)

    /// A valid date, or nil (month 13, February 30, February 29 outside leap years, year outside 1…9999).
    public init?(year: Int, month: Int, day: Int) {
        guard (1...9999).contains(year), (1...12).contains(month),
            (1...Self.daysIn(month: month, year: year)).contains(day)
        else { return nil }
        self.init(unchecked: year, month, day)
    }

    /// Parses exactly `YYYY-MM-DD` with ASCII digits; anything else (other separators, missing zeros,
    /// surrounding spaces, impossible dates) gives nil.
    public init?(iso: String) {
        // Through the bytes in place (a stored due day is a small string: no allocation).
        var text = iso
        let parts = text.withUTF8 { bytes -> (Int, Int, Int)? in
            guard bytes.count == 10, bytes[4] == UInt8(ascii: "-"), bytes[7] == UInt8(ascii: "-") else { return nil }
            func number(_ range: Range<Int>) -> Int? {
                var value = 0
                for byte in bytes[range] {
                    guard (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) else { return nil }
                    value = value * 10 + Int(byte - UInt8(ascii: "0"))
                }
                return value
            }
            guard let year = number(0..<4), let month = number(5..<7), let day = number(8..<10) else { return nil }
            return (year, month, day)
        }
        guard let parts else { return nil }
        self.init(year: parts.0, month: parts.1, day: parts.2)
    }

    /// Reads a day that a user or a file supplies: exactly `YYYY-MM-DD`, on the calendar and within
    /// `AcceptedRange.days`.
    ///
    /// `init?(iso:)` only says whether text is a date at all; imports and typed input need to know why
    /// one was refused, and must not store days outside the accepted range.
    ///
    /// - Parameters:
    ///   - text: the text as given; nothing is trimmed.
    ///   - field: the field named in the error.
    /// - Throws: `ValidationError` with `.invalidFormat(expected: .day)` when not shaped like a date,
    ///   `.dayOutOfRange` for a year outside 1970…9999 (year 0000 and five-digit years included),
    ///   `.notARealDate` for a month or day that does not exist.
    public static func parse(iso text: String, field: String) throws(ValidationError) -> Day {
        guard let parts = ISODateParts(text) else {
            throw ValidationError(
                field: field, reason: .invalidFormat(excerpt: TextRules.excerpt(text), expected: .day))
        }
        let excerpt = TextRules.excerpt(text)
        guard let day = try parts.calendarDay(excerpt: excerpt, field: field, expected: .day),
            AcceptedRange.days.contains(day)
        else { throw ValidationError(field: field, reason: .dayOutOfRange(excerpt: excerpt)) }
        return day
    }

    private init(unchecked year: Int, _ month: Int, _ day: Int) {
        self.year = year
        self.month = month
        self.day = day
    }

    /// `YYYY-MM-DD`.
    public var iso: String {
        Self.padded(year, 4) + "-" + Self.padded(month, 2) + "-" + Self.padded(day, 2)
    }

    public var description: String { iso }

    public static func < (lhs: Day, rhs: Day) -> Bool {
        (lhs.year, lhs.month, lhs.day) < (rhs.year, rhs.month, rhs.day)
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let text = try container.decode(String.self)
        guard let parsed = Day(iso: text) else {
            throw DecodingError.dataCorruptedError(
                in: container, debugDescription: "expected a date written as YYYY-MM-DD")
        }
        self = parsed
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(iso)
    }

    // MARK: Arithmetic

    /// The day `days` later (earlier when negative), kept within 0001-01-01…9999-12-31.
    public func adding(days: Int) -> Day {
        let (sum, overflow) = serial.addingReportingOverflow(days)
        if overflow { return days > 0 ? .last : .first }
        return Day(serial: min(max(sum, Self.first.serial), Self.last.serial))
    }

    /// The same day `months` months later (earlier when negative), or the month's last day when it is
    /// shorter (January 31 + 1 month = February 28 or 29); kept within 0001-01…9999-12.
    public func adding(months: Int) -> Day {
        let (index, overflow) = (year * 12 + month - 1).addingReportingOverflow(months)
        if overflow { return months > 0 ? .last : .first }
        let clamped = min(max(index, 12), 9999 * 12 + 11)
        let newYear = clamped / 12
        let newMonth = clamped % 12 + 1
        return Day(unchecked: newYear, newMonth, min(day, Self.daysIn(month: newMonth, year: newYear)))
    }

    /// Whole days from `other` to `self`: positive when `self` is later.
    public func days(since other: Day) -> Int {
        serial - other.serial
    }

    /// ISO weekday: 1 = Monday … 7 = Sunday.
    public var weekday: Int {
        // Day 0 of the serial count, 1970-01-01, was a Thursday (4).
        let offset = ((serial % 7) + 7) % 7
        return (offset + 3) % 7 + 1
    }

    /// The Monday on or before this day.
    public var startOfWeek: Day {
        adding(days: 1 - weekday)
    }

    static func isLeap(_ year: Int) -> Bool {
        (year % 4 == 0 && year % 100 != 0) || year % 400 == 0
    }

    static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2: return isLeap(year) ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }

    /// Days since 1970-01-01 (negative before).
    var serial: Int { Self.daysSince1970(year: year, month: month, day: day) }

    /// The inverse of `serial`; callers keep `serial` within first…last.
    private init(serial: Int) {
        let (year, month, day) = Self.civilDate(daysSince1970: serial)
        self.init(unchecked: year, month, day)
    }

    /// Days since 1970-01-01 of a proleptic Gregorian date of any year (H. Hinnant's days_from_civil): the
    /// arithmetic under `serial`, public for rules that reach past a `Day`'s years (a time zone's yearly changes).
    public static func daysSince1970(year: Int, month: Int, day: Int) -> Int {
        let shiftedYear = month <= 2 ? year - 1 : year
        let era = (shiftedYear >= 0 ? shiftedYear : shiftedYear - 399) / 400
        let yearOfEra = shiftedYear - era * 400
        let dayOfYear = (153 * (month > 2 ? month - 3 : month + 9) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    /// The proleptic Gregorian date `days` after 1970-01-01, for any count (H. Hinnant's civil_from_days).
    public static func civilDate(daysSince1970 days: Int) -> (year: Int, month: Int, day: Int) {
        let shifted = days + 719_468
        let era = (shifted >= 0 ? shifted : shifted - 146_096) / 146_097
        let dayOfEra = shifted - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let monthIndex = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * monthIndex + 2) / 5 + 1
        let month = monthIndex < 10 ? monthIndex + 3 : monthIndex - 9
        return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }

    // MARK: Instants

    /// The civil date on a wall calendar in `timeZone` at the instant `date`.
    ///
    /// Plain arithmetic on the zone's offset at that instant: every command asks for today before it does
    /// anything, and building a calendar for it cost more than the rest of `stint timer` (ADR 0028).
    public static func containing(_ date: Date, in timeZone: any TimeZoneRules) -> Day {
        let seconds = date.timeIntervalSince1970 + TimeInterval(timeZone.secondsFromGMT(for: date))
        guard seconds.isFinite else { return seconds < 0 ? .first : .last }
        let serial = (seconds / 86_400).rounded(.down)
        guard serial >= Double(Day.first.serial) else { return .first }
        guard serial <= Double(Day.last.serial) else { return .last }
        return Day(serial: Int(serial))
    }

    /// The first instant of this day in `timeZone` (not always 00:00 where a clock change skips midnight).
    public func start(in timeZone: any TimeZoneRules) -> Date {
        // Where the zone's offset holds for a day either side, local time runs evenly and the day begins at local
        // midnight minus that offset. Only near a clock change does it take a calendar, which cost more than the
        // rest of `stint report --week` to build (ADR 0028). The offset read at midnight-as-UTC lies within 14
        // hours of the answer, so inside that window too.
        let midnight = TimeInterval(serial) * 86_400
        let offset = TimeInterval(timeZone.secondsFromGMT(for: Date(timeIntervalSince1970: midnight)))
        let start = midnight - offset
        let windowStart = Date(timeIntervalSince1970: start - 86_400)
        if let change = timeZone.nextDaylightSavingTimeTransition(after: windowStart),
            change.timeIntervalSince1970 <= start + 86_400
        {
            return startByCalendar(in: timeZone)
        }
        return Date(timeIntervalSince1970: start)
    }

    /// ``start(in:)`` near a clock change: what the Gregorian calendar says.
    func startByCalendar(in timeZone: any TimeZoneRules) -> Date {
        let calendar = GregorianCalendar.in(timeZone.foundationTimeZone)
        // Noon always exists, whereas midnight can fall into a daylight-saving gap.
        let noon = DateComponents(year: year, month: month, day: day, hour: 12)
        if let date = calendar.date(from: noon) {
            return calendar.startOfDay(for: date)
        }
        let seconds = serial * 86_400 - timeZone.foundationTimeZone.secondsFromGMT()
        return Date(timeIntervalSince1970: TimeInterval(seconds))
    }

    private static func padded(_ value: Int, _ width: Int) -> String {
        let digits = String(value)
        return digits.count >= width ? digits : String(repeating: "0", count: width - digits.count) + digits
    }
}

/// The parts of text shaped like an ISO date, `Y-MM-DD` with a year of four or more ASCII digits.
///
/// Years of more than four digits are read as a shape (so `99999-01-01` is "out of range" rather than
/// "unreadable") but not as a number, so no length of digits can overflow.
struct ISODateParts {
    /// The year when it has exactly four digits, else nil (it then lies beyond 9999).
    let year: Int?
    let month: Int
    let day: Int

    /// Nil unless `text` is four or more digits, `-`, two digits, `-`, two digits, and at most 64 bytes.
    init?(_ text: some StringProtocol) {
        let bytes = Array(text.utf8.prefix(65))
        guard bytes.count <= 64, bytes.count >= 10 else { return nil }
        let yearLength = bytes.count - 6
        func isDigit(_ byte: UInt8) -> Bool { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) }
        guard bytes[..<yearLength].allSatisfy(isDigit), bytes[yearLength] == UInt8(ascii: "-"),
            bytes[yearLength + 3] == UInt8(ascii: "-"), isDigit(bytes[yearLength + 1]), isDigit(bytes[yearLength + 2]),
            isDigit(bytes[yearLength + 4]), isDigit(bytes[yearLength + 5])
        else { return nil }
        func number(_ range: Range<Int>) -> Int {
            bytes[range].reduce(0) { $0 * 10 + Int($1 - UInt8(ascii: "0")) }
        }
        year = yearLength == 4 ? number(0..<4) : nil
        month = number(yearLength + 1..<yearLength + 3)
        day = number(yearLength + 4..<yearLength + 6)
    }

    /// The day, or nil when the year lies outside 1…9999 (the caller reports its own "out of range").
    ///
    /// - Throws: `ValidationError` (`.notARealDate`) for a month or day that does not exist.
    func calendarDay(
        excerpt: String, field: String, expected: ValidationError.ValueKind
    ) throws(ValidationError) -> Day? {
        guard let year, year >= 1 else { return nil }
        guard (1...12).contains(month) else {
            throw ValidationError(
                field: field,
                reason: .notARealDate(excerpt: excerpt, problem: .noSuchMonth(month), expected: expected))
        }
        let length = Day.daysIn(month: month, year: year)
        guard let found = Day(year: year, month: month, day: day) else {
            throw ValidationError(
                field: field,
                reason: .notARealDate(
                    excerpt: excerpt, problem: .noSuchDay(year: year, month: month, daysInMonth: length),
                    expected: expected))
        }
        return found
    }
}
