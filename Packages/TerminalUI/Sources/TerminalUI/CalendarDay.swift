import Foundation

/// A civil date (year, month, day) in the proleptic Gregorian calendar, with no time zone attached.
///
/// Feature packages may not import Entities, so they use this type to show and compare due dates.
/// Arithmetic works on a day count, so it is exact across month ends, leap years and DST changes.
/// It encodes as its ISO string ("2026-12-01") so JSON output stays stable and human readable.
public struct CalendarDay: Sendable, Hashable, Comparable, Codable, CustomStringConvertible {
    public let year: Int
    public let month: Int
    public let day: Int

    /// Returns nil unless the three parts name a real date (month 1…12, day within that month, leap years honoured).
    public init?(year: Int, month: Int, day: Int) {
        guard (1...12).contains(month), day >= 1, day <= CalendarDay.daysIn(month: month, year: year) else {
            return nil
        }
        self.year = year
        self.month = month
        self.day = day
    }

    /// Parses exactly "YYYY-MM-DD" (four-digit year, two-digit month and day); anything else is nil.
    public init?(iso: String) {
        let bytes = Array(iso.utf8)
        guard bytes.count == 10, bytes[4] == UInt8(ascii: "-"), bytes[7] == UInt8(ascii: "-") else { return nil }
        func number(_ range: Range<Int>) -> Int? {
            var value = 0
            for index in range {
                let byte = bytes[index]
                guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") else { return nil }
                value = value * 10 + Int(byte - UInt8(ascii: "0"))
            }
            return value
        }
        guard let year = number(0..<4), let month = number(5..<7), let day = number(8..<10) else { return nil }
        self.init(year: year, month: month, day: day)
    }

    /// "YYYY-MM-DD", zero padded.
    public var iso: String {
        // Ten bytes: a small string, written in place instead of joined from five (a listing shows one per task).
        if (0...9999).contains(year) {
            return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 10) { text in
                func digit(_ value: Int) -> UInt8 { UInt8(truncatingIfNeeded: value) &+ UInt8(ascii: "0") }
                text[0] = digit(year / 1000)
                text[1] = digit(year / 100 % 10)
                text[2] = digit(year / 10 % 10)
                text[3] = digit(year % 10)
                text[4] = UInt8(ascii: "-")
                text[5] = digit(month / 10)
                text[6] = digit(month % 10)
                text[7] = UInt8(ascii: "-")
                text[8] = digit(day / 10)
                text[9] = digit(day % 10)
                return String(decoding: text, as: UTF8.self)
            }
        }
        func padded(_ value: Int, to digits: Int) -> String {
            let text = String(value)
            guard value >= 0, text.count < digits else { return text }
            return String(repeating: "0", count: digits - text.count) + text
        }
        return padded(year, to: 4) + "-" + padded(month, to: 2) + "-" + padded(day, to: 2)
    }

    public var description: String { iso }

    /// The date `days` later (negative counts go back).
    public func adding(days: Int) -> CalendarDay {
        CalendarDay(dayNumber: dayNumber + days)
    }

    /// Whole days from `other` to `self`: positive when `self` is later.
    public func days(since other: CalendarDay) -> Int {
        dayNumber - other.dayNumber
    }

    /// ISO weekday: 1 = Monday … 7 = Sunday.
    public var weekday: Int {
        // Day number 0 is 1970-01-01, a Thursday (ISO 4).
        let offset = (dayNumber + 3) % 7
        return (offset < 0 ? offset + 7 : offset) + 1
    }

    /// The calendar day on which `date` falls for someone in `timeZone`.
    public static func from(_ date: Date, in timeZone: any DisplayTimeZone) -> CalendarDay {
        let seconds = Int((date.timeIntervalSince1970).rounded(.down)) + timeZone.secondsFromGMT(for: date)
        let days = seconds >= 0 ? seconds / 86_400 : -((-seconds + 86_399) / 86_400)
        return CalendarDay(dayNumber: days)
    }

    public static func < (lhs: CalendarDay, rhs: CalendarDay) -> Bool {
        (lhs.year, lhs.month, lhs.day) < (rhs.year, rhs.month, rhs.day)
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let text = try container.decode(String.self)
        guard let parsed = CalendarDay(iso: text) else {
            throw DecodingError.dataCorruptedError(
                in: container, debugDescription: "expected a date like 2026-12-01, found '\(text)'")
        }
        self = parsed
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(iso)
    }

    // MARK: - Day-number conversion (days since 1970-01-01), after Howard Hinnant's civil-date algorithms.

    /// The day `dayNumber` days after 1970-01-01 (before it when negative), in the proleptic Gregorian calendar.
    init(dayNumber: Int) {
        let shifted = dayNumber + 719_468
        let era = (shifted >= 0 ? shifted : shifted - 146_096) / 146_097
        let dayOfEra = shifted - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1_460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let monthIndex = (5 * dayOfYear + 2) / 153
        day = dayOfYear - (153 * monthIndex + 2) / 5 + 1
        month = monthIndex < 10 ? monthIndex + 3 : monthIndex - 9
        year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
    }

    private var dayNumber: Int {
        let shiftedYear = month <= 2 ? year - 1 : year
        let era = (shiftedYear >= 0 ? shiftedYear : shiftedYear - 399) / 400
        let yearOfEra = shiftedYear - era * 400
        let dayOfYear = (153 * (month > 2 ? month - 3 : month + 9) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    private static func isLeap(_ year: Int) -> Bool {
        (year % 4 == 0 && year % 100 != 0) || year % 400 == 0
    }

    private static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2: return isLeap(year) ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }
}
