import Entities
import Foundation
import TerminalUI

/// A time zone read from the system's tz database (`/usr/share/zoneinfo`, the TZif format of RFC 8536), the data
/// the C library's `localtime` uses.
///
/// Foundation's `TimeZone(identifier:)` cost every command 0.68 M instructions (a fifth of `stint timer`) and 1.8 MiB
/// of peak memory, mostly for ICU's copy of the same rules, before the command read a single row; Stint only ever
/// asks a zone for its offset at an instant and for its next clock change (ADR 0028). Anything this reader does not
/// take (a leap-second zone, a name Foundation refuses, a damaged file) is left to Foundation, so the zone a user
/// gets never depends on which of the two read it — except that the system's data may be newer than ICU's.
struct ZoneInfo: Sendable, Equatable {
    let identifier: String
    /// Instants (seconds since 1970) at which the offset changes, ascending, and the offset from each on.
    let transitions: [Int64]
    let offsets: [Int32]
    /// The offset before the first transition (the file's first local time type).
    let initialOffset: Int32
    /// The file's last transition, kept or not: the footer's rule holds from there on.
    let ruleStart: Int64
    /// The rule for instants after the last transition, from the file's footer; nil keeps the last offset.
    let rule: PosixTimeZoneRule?
    /// Whether the zone is a POSIX `TZ` string rather than a file's name: Foundation must not read that name.
    var isRuleText = false

    /// Where the system keeps its zones.
    static let directory = "/usr/share/zoneinfo/"

    /// The zone `identifier` names, as Foundation would name it, or nil when the reader leaves it to Foundation.
    static func named(_ identifier: String, directory: String = directory) -> ZoneInfo? {
        // Foundation's own names for UTC: one fixed zone called GMT.
        if ["UTC", "GMT", "GMT+0", "GMT-0"].contains(identifier) {
            return ZoneInfo(
                identifier: "GMT", transitions: [], offsets: [], initialOffset: 0, ruleStart: .min, rule: nil)
        }
        guard isPlainName(identifier), let bytes = readFile(directory + identifier, limit: 1 << 20) else {
            return nil
        }
        return parse(bytes, identifier: identifier)
    }

    /// The zone a POSIX `TZ` string spells out (`IST-5:30`, `UTC-3`, `<+03>-3`), as the C library
    /// reads `TZ` when it names no file: the offset counts west, so `UTC-3` is three hours east of UTC. Nil for
    /// anything that is not such a string. Foundation read `UTC-3` as three hours west and `IST-5:30` not at all (UTC
    /// then), so Stint disagreed with `date` by six hours or five and a half.
    ///
    /// Only a fixed offset: the calendar paths (a typed time of day on a date) go through `foundationTimeZone`,
    /// which for a string can only be a fixed offset, so a rule with daylight saving would put summer times an hour
    /// off. Such a string is left to Foundation, as before.
    static func posix(_ text: String) -> ZoneInfo? {
        guard text.utf8.count <= 255, let rule = PosixTimeZoneRule(text), rule.daylight == nil else { return nil }
        return ZoneInfo(
            identifier: text, transitions: [], offsets: [], initialOffset: Int32(clamping: rule.standardOffset),
            ruleStart: .min, rule: rule, isRuleText: true)
    }

    /// The zone `/etc/localtime` links to, named by its path below a `zoneinfo` folder, as Foundation names it.
    static func system(localtime: String = "/etc/localtime") -> ZoneInfo? {
        var buffer = [CChar](repeating: 0, count: 4096)
        let count = readlink(localtime, &buffer, buffer.count - 1)
        guard count > 0 else { return nil }
        let target = String(decoding: buffer[0..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
        guard let range = target.range(of: "zoneinfo/", options: .backwards) else { return nil }
        let name = String(target[range.upperBound...])
        let folder = target.hasPrefix("/") ? String(target[..<range.upperBound]) : directory
        return named(name, directory: folder)
    }

    /// A relative path of tz-name characters that Foundation also accepts: not the leap-second (`right/`) or
    /// `posix/` copies, nor the database's helper files.
    private static func isPlainName(_ name: String) -> Bool {
        guard !name.isEmpty, name.utf8.count <= 255, !name.hasPrefix("right/"), !name.hasPrefix("posix/"),
            name != "localtime", name != "posixrules"
        else { return false }
        var previous = UInt8(ascii: "/")
        for byte in name.utf8 {
            let allowed =
                (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z"))
                || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z"))
                || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9"))
                || byte == UInt8(ascii: "_") || byte == UInt8(ascii: "-") || byte == UInt8(ascii: "+")
                || byte == UInt8(ascii: "/")
            // No empty, hidden, `.` or `..` component: a name never leaves the folder.
            guard allowed, !(byte == UInt8(ascii: "/") && previous == UInt8(ascii: "/")) else { return false }
            previous = byte
        }
        return previous != UInt8(ascii: "/")
    }

    /// Reads a TZif file of version 2 or later (64-bit data and a footer); nil for anything else, or for a file
    /// with leap seconds (its times are not POSIX times).
    static func parse(_ bytes: [UInt8], identifier: String) -> ZoneInfo? {
        var reader = ByteReader(bytes: bytes)
        guard let first = reader.header(), first.version >= 2 else { return nil }
        // The version 1 block, 32-bit, is there for old readers: skipped.
        guard reader.skip(first.blockSize(timeSize: 4)), let header = reader.header(), header.leapCount == 0,
            header.typeCount > 0
        else { return nil }
        var times: [Int64] = []
        times.reserveCapacity(header.timeCount)
        for _ in 0..<header.timeCount {
            guard let time = reader.int64() else { return nil }
            times.append(time)
        }
        var typeIndices: [Int] = []
        for _ in 0..<header.timeCount {
            guard let index = reader.byte(), Int(index) < header.typeCount else { return nil }
            typeIndices.append(Int(index))
        }
        var typeOffsets: [Int32] = []
        for _ in 0..<header.typeCount {
            guard let offset = reader.int32(), reader.skip(2), abs(Int(offset)) < 26 * 3600 else { return nil }
            typeOffsets.append(offset)
        }
        guard reader.skip(header.charCount + header.standardCount + header.universalCount),
            reader.byte() == 0x0A, let footer = reader.line()
        else { return nil }
        var rule: PosixTimeZoneRule?
        if !footer.isEmpty {
            guard let parsed = PosixTimeZoneRule(footer) else { return nil }
            rule = parsed
        }
        // Only the instants where the offset changes: a change of name or of the DST flag alone is no clock change.
        var transitions: [Int64] = []
        var offsets: [Int32] = []
        var previous = typeOffsets[0]
        for (position, (time, index)) in zip(times, typeIndices).enumerated() {
            guard position == 0 || time > times[position - 1] else { return nil }
            let offset = typeOffsets[index]
            if offset != previous {
                transitions.append(time)
                offsets.append(offset)
                previous = offset
            }
        }
        return ZoneInfo(
            identifier: identifier, transitions: transitions, offsets: offsets, initialOffset: typeOffsets[0],
            ruleStart: times.last ?? .min, rule: rule)
    }

    /// The offset from UTC, in seconds, at `seconds` since 1970.
    func offset(at seconds: Int64) -> Int {
        if let rule, seconds >= ruleStart { return rule.offset(at: seconds) }
        let passed = transitionCount(upTo: seconds)
        return Int(passed == 0 ? initialOffset : offsets[passed - 1])
    }

    /// How many transitions lie at or before `seconds` (a binary search).
    private func transitionCount(upTo seconds: Int64) -> Int {
        var low = 0
        var high = transitions.count
        while low < high {
            let middle = (low + high) / 2
            if transitions[middle] <= seconds { low = middle + 1 } else { high = middle }
        }
        return low
    }

    /// The first instant after `seconds` at which the offset changes, if the zone has one.
    func nextChange(after seconds: Int64) -> Int64? {
        let passed = transitionCount(upTo: seconds)
        if passed < transitions.count { return transitions[passed] }
        guard let rule else { return nil }
        return rule.nextChange(after: max(seconds, ruleStart))
    }

    /// The file's bytes, or nil when it cannot be read or is larger than `limit` (no zone file is).
    private static func readFile(_ path: String, limit: Int) -> [UInt8]? {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 8192)
        while true {
            let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count == 0 { return bytes }
            if count < 0 {
                if errno == EINTR { continue }
                return nil
            }
            bytes.append(contentsOf: buffer[0..<count])
            guard bytes.count <= limit else { return nil }
        }
    }

    private static func seconds(_ date: Date) -> Int64 {
        // Far enough for any calendar date (a hundred million years), near enough that day arithmetic never
        // overflows.
        let limit = 4e15
        let interval = date.timeIntervalSince1970.rounded(.down)
        guard interval.isFinite else { return interval < 0 ? -Int64(limit) : Int64(limit) }
        return Int64(max(-limit, min(limit, interval)))
    }
}

extension ZoneInfo: TimeZoneRules, DisplayTimeZone {
    func secondsFromGMT(for date: Date) -> Int { offset(at: Self.seconds(date)) }

    func nextDaylightSavingTimeTransition(after date: Date) -> Date? {
        nextChange(after: Self.seconds(date)).map { Date(timeIntervalSince1970: TimeInterval($0)) }
    }

    /// For the rare calendar arithmetic (a day next to a clock change): Foundation's zone of the same name.
    /// A POSIX string gets a fixed offset: Foundation reads `UTC-3` as three hours west, the C library as east.
    var foundationTimeZone: TimeZone {
        (isRuleText ? nil : TimeZone(identifier: identifier))
            ?? TimeZone(secondsFromGMT: offset(at: Self.seconds(Date()))) ?? .gmt
    }
}

/// The rule of a POSIX `TZ` string (`CET-1CEST,M3.5.0,M10.5.0/3`), which a TZif footer gives for the instants past
/// the file's last transition: a standard offset, and optionally a daylight-saving offset with the two yearly
/// moments it starts and ends (RFC 8536 section 3.3, with its extension of hours up to 167 and negative times).
struct PosixTimeZoneRule: Sendable, Equatable {
    /// Seconds east of UTC (a POSIX string counts west: `CET-1` is 3600 here).
    let standardOffset: Int
    let daylight: Daylight?

    struct Daylight: Sendable, Equatable {
        let offset: Int
        let start: Moment
        let end: Moment
    }

    /// A yearly moment: a day of the year, and a local time on it (seconds, possibly negative or past 24 hours).
    struct Moment: Sendable, Equatable {
        enum Day: Sendable, Equatable {
            /// `Jn`: 1...365, February 29 never counted.
            case julian(Int)
            /// `n`: 0...365, February 29 counted in leap years.
            case zeroBased(Int)
            /// `Mm.w.d`: month 1...12, week 1...5 (5 is the last), weekday 0...6 from Sunday.
            case monthWeekDay(month: Int, week: Int, weekday: Int)
        }

        let day: Day
        let time: Int

        /// Days since 1970 of this moment's day in `year`.
        func dayNumber(in year: Int) -> Int {
            let january1 = Self.days(year: year, month: 1, day: 1)
            switch day {
            case .julian(let n):
                let leapShift = Self.isLeap(year) && n >= 60 ? 1 : 0
                return january1 + n - 1 + leapShift
            case .zeroBased(let n):
                return january1 + n
            case .monthWeekDay(let month, let week, let weekday):
                let first = Self.days(year: year, month: month, day: 1)
                // 1970-01-01 was a Thursday (4).
                let firstWeekday = ((first % 7) + 7 + 4) % 7
                var day = first + (weekday - firstWeekday + 7) % 7 + (week - 1) * 7
                let nextMonth =
                    month == 12
                    ? Self.days(year: year + 1, month: 1, day: 1)
                    : Self.days(
                        year: year, month: month + 1, day: 1)
                while day >= nextMonth { day -= 7 }
                return day
            }
        }

        static func isLeap(_ year: Int) -> Bool { year % 4 == 0 && (year % 100 != 0 || year % 400 == 0) }

        static func days(year: Int, month: Int, day: Int) -> Int {
            Entities.Day.daysSince1970(year: year, month: month, day: day)
        }
    }

    /// Offset at `seconds` since 1970.
    func offset(at seconds: Int64) -> Int {
        guard let daylight else { return standardOffset }
        return isDaylight(seconds, daylight) ? daylight.offset : standardOffset
    }

    /// The first change of offset after `seconds`.
    func nextChange(after seconds: Int64) -> Int64? {
        guard let daylight, daylight.offset != standardOffset else { return nil }
        let year = Self.year(of: seconds)
        var best: Int64?
        for candidate in year - 1...year + 2 {
            let (start, end) = changes(in: candidate, daylight)
            for change in [start, end] where change > seconds {
                // A change that leaves the offset as it was (daylight time all year) is not one.
                if offset(at: change - 1) != offset(at: change), best.map({ change < $0 }) ?? true { best = change }
            }
        }
        return best
    }

    /// The UTC instants daylight time starts and ends in `year`: the start is read in standard time, the end in
    /// daylight time.
    private func changes(in year: Int, _ daylight: Daylight) -> (start: Int64, end: Int64) {
        let start = Int64(daylight.start.dayNumber(in: year)) * 86_400 + Int64(daylight.start.time - standardOffset)
        let end = Int64(daylight.end.dayNumber(in: year)) * 86_400 + Int64(daylight.end.time - daylight.offset)
        return (start, end)
    }

    private func isDaylight(_ seconds: Int64, _ daylight: Daylight) -> Bool {
        let year = Self.year(of: seconds)
        // Daylight time runs from each year's start to the next end after it (in the southern hemisphere that end
        // falls in the following year); the years either side cover instants near New Year.
        for candidate in year - 1...year + 1 {
            let (start, end) = changes(in: candidate, daylight)
            let stop = end > start ? end : changes(in: candidate + 1, daylight).end
            if seconds >= start && seconds < stop { return true }
        }
        return false
    }

    private static func year(of seconds: Int64) -> Int {
        let days = Int((seconds >= 0 ? seconds : seconds - 86_399) / 86_400)
        return Entities.Day.civilDate(daysSince1970: days).year
    }

    /// Parses `std offset [dst [offset] [,start[/time],end[/time]]]`; nil for what it does not recognise, including
    /// a daylight name without its rule (POSIX leaves that rule to the system).
    init?(_ text: String) {
        var scanner = Scanner(Array(text.utf8))
        guard scanner.name(), let standard = scanner.offset() else { return nil }
        standardOffset = -standard
        if scanner.atEnd {
            daylight = nil
            return
        }
        guard scanner.name() else { return nil }
        var daylightOffset = standardOffset + 3600
        if !scanner.peek(UInt8(ascii: ",")) {
            guard let offset = scanner.offset() else { return nil }
            daylightOffset = -offset
        }
        guard scanner.take(UInt8(ascii: ",")), let start = scanner.moment(), scanner.take(UInt8(ascii: ",")),
            let end = scanner.moment(), scanner.atEnd
        else { return nil }
        daylight = Daylight(offset: daylightOffset, start: start, end: end)
    }

    private struct Scanner {
        let bytes: [UInt8]
        var position = 0

        init(_ bytes: [UInt8]) { self.bytes = bytes }

        var atEnd: Bool { position == bytes.count }

        func peek(_ byte: UInt8) -> Bool { position < bytes.count && bytes[position] == byte }

        mutating func take(_ byte: UInt8) -> Bool {
            guard peek(byte) else { return false }
            position += 1
            return true
        }

        /// A zone abbreviation: three or more letters, or `<...>` of letters, digits and signs.
        mutating func name() -> Bool {
            if take(UInt8(ascii: "<")) {
                let start = position
                while position < bytes.count, bytes[position] != UInt8(ascii: ">") { position += 1 }
                guard position - start >= 3, take(UInt8(ascii: ">")) else { return false }
                return true
            }
            let start = position
            while position < bytes.count, (bytes[position] | 0x20) >= UInt8(ascii: "a"),
                (bytes[position] | 0x20) <= UInt8(ascii: "z")
            {
                position += 1
            }
            return position - start >= 3
        }

        /// `[+-]hh[:mm[:ss]]` in seconds, hours up to 167.
        mutating func offset() -> Int? {
            var sign = 1
            if take(UInt8(ascii: "-")) { sign = -1 } else { _ = take(UInt8(ascii: "+")) }
            guard let hours = number(maxDigits: 3), hours <= 167 else { return nil }
            var total = hours * 3600
            if take(UInt8(ascii: ":")) {
                guard let minutes = number(maxDigits: 2), minutes < 60 else { return nil }
                total += minutes * 60
                if take(UInt8(ascii: ":")) {
                    guard let seconds = number(maxDigits: 2), seconds < 60 else { return nil }
                    total += seconds
                }
            }
            return sign * total
        }

        mutating func moment() -> Moment? {
            let day: Moment.Day
            if take(UInt8(ascii: "J")) {
                guard let n = number(maxDigits: 3), (1...365).contains(n) else { return nil }
                day = .julian(n)
            } else if take(UInt8(ascii: "M")) {
                guard let month = number(maxDigits: 2), (1...12).contains(month), take(UInt8(ascii: ".")),
                    let week = number(maxDigits: 1), (1...5).contains(week), take(UInt8(ascii: ".")),
                    let weekday = number(maxDigits: 1), (0...6).contains(weekday)
                else { return nil }
                day = .monthWeekDay(month: month, week: week, weekday: weekday)
            } else {
                guard let n = number(maxDigits: 3), (0...365).contains(n) else { return nil }
                day = .zeroBased(n)
            }
            var time = 7200
            if take(UInt8(ascii: "/")) {
                guard let parsed = offset() else { return nil }
                time = parsed
            }
            return Moment(day: day, time: time)
        }

        mutating func number(maxDigits: Int) -> Int? {
            var value = 0
            var digits = 0
            while position < bytes.count, digits < maxDigits, bytes[position] >= UInt8(ascii: "0"),
                bytes[position] <= UInt8(ascii: "9")
            {
                value = value * 10 + Int(bytes[position] - UInt8(ascii: "0"))
                position += 1
                digits += 1
            }
            return digits > 0 ? value : nil
        }
    }
}

/// Big-endian reads through a TZif file.
private struct ByteReader {
    let bytes: [UInt8]
    var position = 0

    struct Header {
        let version: Int
        let universalCount: Int
        let standardCount: Int
        let leapCount: Int
        let timeCount: Int
        let typeCount: Int
        let charCount: Int

        func blockSize(timeSize: Int) -> Int {
            timeCount * timeSize + timeCount + typeCount * 6 + charCount + leapCount * (timeSize + 4)
                + standardCount + universalCount
        }
    }

    mutating func header() -> Header? {
        guard position + 44 <= bytes.count, bytes[position..<position + 4].elementsEqual("TZif".utf8) else {
            return nil
        }
        let versionByte = bytes[position + 4]
        let version = versionByte == 0 ? 1 : Int(versionByte) - Int(UInt8(ascii: "0"))
        position += 20
        var counts: [Int] = []
        for _ in 0..<6 {
            guard let count = int32(), count >= 0, count < 1 << 20 else { return nil }
            counts.append(Int(count))
        }
        return Header(
            version: version, universalCount: counts[0], standardCount: counts[1], leapCount: counts[2],
            timeCount: counts[3], typeCount: counts[4], charCount: counts[5])
    }

    mutating func skip(_ count: Int) -> Bool {
        guard count >= 0, position + count <= bytes.count else { return false }
        position += count
        return true
    }

    mutating func byte() -> UInt8? {
        guard position < bytes.count else { return nil }
        defer { position += 1 }
        return bytes[position]
    }

    mutating func int32() -> Int32? { bigEndian() }

    mutating func int64() -> Int64? { bigEndian() }

    private mutating func bigEndian<Value: FixedWidthInteger>() -> Value? {
        let size = Value.bitWidth / 8
        guard position + size <= bytes.count else { return nil }
        var value = Value.zero
        for offset in 0..<size { value = value << 8 | Value(truncatingIfNeeded: bytes[position + offset]) }
        position += size
        return value
    }

    /// The text up to the next line break, which is consumed.
    mutating func line() -> String? {
        guard let end = bytes[position...].firstIndex(of: 0x0A) else { return nil }
        defer { position = end + 1 }
        return String(decoding: bytes[position..<end], as: UTF8.self)
    }
}
