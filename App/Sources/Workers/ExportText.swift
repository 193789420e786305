import Entities
import Foundation

/// Fast readers for the two kinds of value an export file is mostly made of: ids and instants.
///
/// An import of a million time entries reads four ids and three instants per entry. Foundation's
/// `UUID(uuidString:)` (`sscanf` per byte) and `Date.ISO8601FormatStyle.parse` cost thousands of instructions a
/// value on Linux, the largest part of decoding a file: profiling an import showed them as a fifth of it.
/// These readers take exactly the forms Stint writes and answer nil for anything else, which the caller then
/// hands to Foundation, so an unusual but valid spelling (an offset instead of `Z`, say) still reads as before.
enum ExportText {
    /// The instant written as `YYYY-MM-DDTHH:MM:SS.mmmZ` or `YYYY-MM-DDTHH:MM:SSZ` (UTC, the forms Stint
    /// writes); nil for any other text, including a day or time that does not exist.
    static func instant(_ text: String) -> Date? {
        var text = text
        return text.withUTF8 { instant(utf8: $0) }
    }

    /// ``instant(_:)`` of UTF-8 bytes.
    static func instant(utf8 bytes: UnsafeBufferPointer<UInt8>) -> Date? {
        guard bytes.count == 24 || bytes.count == 20, bytes[bytes.count - 1] == UInt8(ascii: "Z"),
            bytes[4] == UInt8(ascii: "-"), bytes[7] == UInt8(ascii: "-"), bytes[10] == UInt8(ascii: "T"),
            bytes[13] == UInt8(ascii: ":"), bytes[16] == UInt8(ascii: ":"),
            let year = digits(bytes, 0, 4), let month = digits(bytes, 5, 2), let day = digits(bytes, 8, 2),
            let hour = digits(bytes, 11, 2), let minute = digits(bytes, 14, 2), let second = digits(bytes, 17, 2)
        else { return nil }
        var milliseconds = 0
        if bytes.count == 24 {
            guard bytes[19] == UInt8(ascii: "."), let fraction = digits(bytes, 20, 3) else { return nil }
            milliseconds = fraction
        }
        guard (1...12).contains(month), (1...days(inMonth: month, of: year)).contains(day), hour < 24, minute < 60,
            second < 60
        else { return nil }
        let seconds =
            Day.daysSince1970(year: year, month: month, day: day) * 86_400 + hour * 3_600 + minute * 60 + second
        return Date(timeIntervalSince1970: Double(seconds) + Double(milliseconds) / 1_000)
    }

    /// The instant as `YYYY-MM-DDTHH:MM:SS.mmmZ`, to the nearest millisecond: the millisecond the database holds
    /// (`storedMilliseconds` rounds the same way). Foundation's formatter cuts the fraction instead, and the `Date`
    /// made from a stored millisecond often lies a hair below it, so an export wrote `.358` for a task stored at
    /// 359 ms, and importing that file into the same folder counted the task as changed and moved its times back by
    /// a millisecond. Nil outside 1970-9999 (which Stint never stores); the caller then asks Foundation.
    static func timestamp(_ date: Date) -> String? {
        let rounded = (date.timeIntervalSince1970 * 1_000).rounded()
        guard rounded >= 0, rounded < 253_402_300_800_000 else { return nil }
        let milliseconds = Int(rounded)
        let (days, inDay) = (milliseconds / 86_400_000, milliseconds % 86_400_000)
        let (year, month, day) = Day.civilDate(daysSince1970: days)
        var bytes = [UInt8](repeating: 0, count: 24)
        func put(_ value: Int, at start: Int, digits count: Int) {
            var value = value
            for index in stride(from: start + count - 1, through: start, by: -1) {
                bytes[index] = UInt8(ascii: "0") + UInt8(value % 10)
                value /= 10
            }
        }
        put(year, at: 0, digits: 4)
        put(month, at: 5, digits: 2)
        put(day, at: 8, digits: 2)
        put(inDay / 3_600_000, at: 11, digits: 2)
        put(inDay / 60_000 % 60, at: 14, digits: 2)
        put(inDay / 1_000 % 60, at: 17, digits: 2)
        put(inDay % 1_000, at: 20, digits: 3)
        (bytes[4], bytes[7], bytes[10]) = (UInt8(ascii: "-"), UInt8(ascii: "-"), UInt8(ascii: "T"))
        (bytes[13], bytes[16], bytes[19], bytes[23]) = (
            UInt8(ascii: ":"), UInt8(ascii: ":"), UInt8(ascii: "."), UInt8(ascii: "Z")
        )
        return String(decoding: bytes, as: UTF8.self)
    }

    /// The id written as 36 characters, hex digits in either case with four hyphens, from UTF-8 bytes (as
    /// `UUID(canonical:)` reads a string); nil for any other text.
    static func id(utf8 chars: UnsafeBufferPointer<UInt8>) -> UUID? {
        guard chars.count == 36 else { return nil }
        var bytes: uuid_t = (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
        let parsed = withUnsafeMutableBytes(of: &bytes) { output -> Bool in
            var index = 0
            var byte = 0
            while index < 36 {
                if index == 8 || index == 13 || index == 18 || index == 23 {
                    guard chars[index] == UInt8(ascii: "-") else { return false }
                    index += 1
                    continue
                }
                guard let high = hexValue(chars[index]), let low = hexValue(chars[index + 1]) else { return false }
                output[byte] = high << 4 | low
                byte += 1
                index += 2
            }
            return true
        }
        return parsed ? UUID(uuid: bytes) : nil
    }

    private static func digits(_ bytes: UnsafeBufferPointer<UInt8>, _ start: Int, _ count: Int) -> Int? {
        var value = 0
        for index in start..<start + count {
            let digit = Int(bytes[index]) - Int(UInt8(ascii: "0"))
            guard (0...9).contains(digit) else { return nil }
            value = value * 10 + digit
        }
        return value
    }

    private static func hexValue(_ char: UInt8) -> UInt8? {
        switch char {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): char - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): char - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): char - UInt8(ascii: "A") + 10
        default: nil
        }
    }

    private static func days(inMonth month: Int, of year: Int) -> Int {
        switch month {
        case 2: year % 4 == 0 && (year % 100 != 0 || year % 400 == 0) ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }
}
