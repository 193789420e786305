import Entities
import Foundation

/// The instants of Taskwarrior, Timewarrior and Watson files, read and written the way those tools and Stint's notes
/// write them.
enum ForeignTime {
    /// The tools' dates: `20261201T093000Z` (UTC), or the extended form `2026-12-01T09:30:00Z`.
    static func date(_ text: String) -> Date? {
        let digits = text.utf8.filter { $0 != UInt8(ascii: "-") && $0 != UInt8(ascii: ":") }
        guard digits.count == 16, digits[8] == UInt8(ascii: "T"), digits[15] == UInt8(ascii: "Z") else { return nil }
        func number(_ range: Range<Int>) -> Int? {
            var value = 0
            for byte in digits[range] {
                guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") else { return nil }
                value = value * 10 + Int(byte - UInt8(ascii: "0"))
            }
            return value
        }
        guard let year = number(0..<4), let month = number(4..<6), let day = number(6..<8),
            let hour = number(9..<11), let minute = number(11..<13), let second = number(13..<15),
            hour < 24, minute < 60, second < 61, let calendarDay = Day(year: year, month: month, day: day)
        else { return nil }
        return calendarDay.start(in: TimeZone.gmt).addingTimeInterval(TimeInterval(hour * 3_600 + minute * 60 + second))
    }

    /// The instant as Timewarrior and Taskwarrior write it, `20261120T090000Z`: the name an interval's id is
    /// derived from.
    static func compact(_ date: Date) -> String {
        let day = Day.containing(date, in: TimeZone.gmt)
        let seconds = Int(date.timeIntervalSince(day.start(in: TimeZone.gmt)).rounded(.down))
        func two(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
        return day.iso.filter { $0 != "-" } + "T" + two(seconds / 3_600) + two(seconds % 3_600 / 60) + two(seconds % 60)
            + "Z"
    }

    /// `2026-11-20 10:15`, as `stint task note` stamps its lines.
    static func stamp(_ date: Date, in timeZone: any TimeZoneRules) -> String {
        let local = Int(date.timeIntervalSince1970.rounded(.down)) + timeZone.secondsFromGMT(for: date)
        let secondsOfDay = (local % 86_400 + 86_400) % 86_400
        let hour = secondsOfDay / 3_600
        let minute = secondsOfDay % 3_600 / 60
        return Day.containing(date, in: timeZone).iso + " " + (hour < 10 ? "0" : "") + "\(hour):"
            + (minute < 10 ? "0" : "") + "\(minute)"
    }
}
