import Entities
import Foundation
import TerminalUI
import Testing

@testable import Adapters

/// The zone reader (ADR 0028 decision 17): every zone of the system's tz database, checked against the C
/// library's own reading of the same files (`zdump`), named as Foundation names it, and the `TZ` forms a user sets.
@Suite("Zones from the system's tz database")
struct ZoneInfoTests {
    /// Every zone file Foundation also accepts: the tz database's names, without the leap-second and `posix/`
    /// copies and the helper files.
    static func zoneNames() throws -> [String] {
        let root = ZoneInfo.directory
        let enumerator = try #require(
            FileManager.default.enumerator(atPath: root), "no \(root): install the tzdata package")
        var names: [String] = []
        while let path = enumerator.nextObject() as? String {
            var isFolder: ObjCBool = false
            guard !path.hasPrefix("right/"), !path.hasPrefix("posix/"), path != "localtime", path != "posixrules",
                FileManager.default.fileExists(atPath: root + path, isDirectory: &isFolder), !isFolder.boolValue,
                let bytes = FileManager.default.contents(atPath: root + path)
            else { continue }
            if bytes.starts(with: Data("TZif".utf8)) { names.append(path) }
        }
        return names.sorted()
    }

    /// One line of `zdump -v`: `Europe/Berlin  Sun Mar 30 01:00:00 2025 UT = Sun Mar 30 03:00:00 2025 CEST isdst=1
    /// gmtoff=7200`, as the instant (seconds since 1970) and the offset from then on.
    static func zdumpLine(_ line: Substring) -> (zone: String, instant: Int64, offset: Int)? {
        let words = line.split(separator: " ", omittingEmptySubsequences: true)
        guard words.count >= 8, words[6] == "UT", let offsetWord = words.last, offsetWord.hasPrefix("gmtoff="),
            let offset = Int(offsetWord.dropFirst(7))
        else { return nil }
        let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
        let clock = words[4].split(separator: ":").compactMap { Int($0) }
        guard let month = months.firstIndex(of: String(words[2])), let day = Int(words[3]), let year = Int(words[5]),
            clock.count == 3
        else { return nil }
        let days = PosixTimeZoneRule.Moment.days(year: year, month: month + 1, day: day)
        let instant = Int64(days) * 86_400 + Int64(clock[0] * 3600 + clock[1] * 60 + clock[2])
        return (String(words[0]), instant, offset)
    }

    @Test("every zone reads as the C library reads it: the offset either side of each change from 1900 to 2100")
    func everyZoneMatchesZdump() throws {
        let names = try Self.zoneNames()
        #expect(names.count > 300, "the tz database has some 600 zones")
        // zdump scans each zone in small steps (half a minute of CPU for all of them over two centuries): two
        // processes, one per half, each writing to its own file.
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("zdump-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let halves = [Array(names[..<(names.count / 2)]), Array(names[(names.count / 2)...])]
        var runs: [(Process, URL)] = []
        for (index, half) in halves.enumerated() {
            let file = folder.appendingPathComponent("\(index).txt")
            #expect(FileManager.default.createFile(atPath: file.path, contents: nil))
            let zdump = Process()
            zdump.executableURL = URL(fileURLWithPath: "/usr/bin/zdump")
            zdump.arguments = ["-v", "-c", "1900,2100"] + half
            zdump.standardOutput = try FileHandle(forWritingTo: file)
            try zdump.run()
            runs.append((zdump, file))
        }
        var output = Data()
        for (zdump, file) in runs {
            zdump.waitUntilExit()
            #expect(zdump.terminationStatus == 0)
            output += try Data(contentsOf: file)
        }
        var zones: [String: ZoneInfo] = [:]
        for name in names { zones[name] = ZoneInfo.named(name) }
        var checked = 0
        var wrong: [String] = []
        var changes: [String: [(Int64, Int)]] = [:]
        for line in String(decoding: output, as: UTF8.self).split(separator: "\n") {
            guard let (name, instant, offset) = Self.zdumpLine(line) else { continue }
            let zone = try #require(zones[name], "\(name) did not read")
            // Collected, not one expectation per line: a hundred thousand of those take longer than zdump.
            if zone.offset(at: instant) != offset { wrong.append("\(name) at \(instant)") }
            checked += 1
            if let last = changes[name]?.last, last.1 == offset { continue }
            changes[name, default: []].append((instant, offset))
        }
        #expect(checked > 80_000, "zdump listed the changes")
        #expect(wrong.isEmpty, "\(wrong.count) offsets differ, first \(wrong.prefix(5))")
        // Between two consecutive changes the reader sees none, and it sees the next one where zdump does.
        var missed: [String] = []
        for (name, list) in changes {
            let zone = try #require(zones[name])
            for (change, next) in zip(list, list.dropFirst()) where zone.nextChange(after: change.0) != next.0 {
                missed.append("\(name) after \(change.0)")
            }
        }
        #expect(missed.isEmpty, "\(missed.count) next changes differ, first \(missed.prefix(5))")
    }

    @Test("every zone is named as Foundation names it, and a few zones' offsets agree with Foundation's day by day")
    func foundationAgrees() throws {
        for name in try Self.zoneNames() {
            let zone = try #require(ZoneInfo.named(name))
            let foundation = try #require(TimeZone(identifier: name), "\(name)")
            #expect(zone.identifier == foundation.identifier, "\(name)")
        }
        // Zones whose rules ICU's data and the system's agree on, of every kind: both hemispheres, half and quarter
        // hours, a 30-minute daylight shift, none at all.
        for name in [
            "Europe/Berlin", "America/New_York", "Australia/Sydney", "Asia/Kolkata", "Pacific/Auckland",
            "America/St_Johns", "Asia/Kathmandu", "Australia/Lord_Howe", "Asia/Tokyo", "Europe/London",
        ] {
            let zone = try #require(ZoneInfo.named(name))
            let foundation = try #require(TimeZone(identifier: name))
            var day = Date(timeIntervalSince1970: 0)
            let end = Date(timeIntervalSince1970: 2_240_611_200)  // 2041
            var differ: [Date] = []
            while day < end {
                if zone.secondsFromGMT(for: day) != foundation.secondsFromGMT(for: day) { differ.append(day) }
                day += 86_400 + 3_607
            }
            #expect(differ.isEmpty, "\(name) differs on \(differ.count) days, first \(differ.prefix(3))")
        }
    }

    @Test("TZ as users set it: a name, a colon before it, UTC, a fixed offset, nonsense, a path out of the folder")
    func environmentForms() {
        func zone(_ tz: String?) -> any TimeZoneRules & DisplayTimeZone {
            AppEnvironment.timeZone(tz.map { ["TZ": $0] } ?? [:])
        }
        #expect(zone("Europe/Berlin") is ZoneInfo)
        #expect(zone("Europe/Berlin").identifier == "Europe/Berlin")
        #expect(zone(":Europe/Berlin").identifier == "Europe/Berlin")
        #expect(zone("UTC").identifier == "GMT", "Foundation's name for UTC")
        #expect(zone("UTC").secondsFromGMT(for: Date()) == 0)
        #expect(zone("Etc/UTC").identifier == "Etc/UTC")
        // No such file: a POSIX TZ string, read as the C library and `date` read it (the offset counts west), where
        // Foundation read `GMT+1` as an hour east, `UTC-3` as three hours west and `IST-5:30` not at all.
        let july = Date(timeIntervalSince1970: 1_782_907_200)  // 2026-07-01 12:00 UTC
        for (tz, offset) in [
            ("GMT+1", -3600), ("UTC-3", 10_800), ("IST-5:30", 19_800), ("<+03>-3", 10_800), ("XYZ+11:45", -42_300),
        ] {
            #expect(zone(tz) is ZoneInfo, "\(tz)")
            #expect(zone(tz).secondsFromGMT(for: july) == offset, "\(tz)")
            #expect(zone(tz).identifier == tz)
            // The calendar's zone has the same fixed offset, not Foundation's reading of the name.
            #expect((zone(tz) as? ZoneInfo)?.foundationTimeZone.secondsFromGMT(for: july) == offset, "\(tz)")
        }
        // A rule with daylight saving is not taken: the calendar paths could only give it a fixed offset.
        #expect(ZoneInfo.posix("CET-1CEST,M3.5.0,M10.5.0/3") == nil)
        let system = zone(nil).identifier
        #expect(zone("Nowhere/Town").identifier == system)
        #expect(zone("../../../etc/passwd").identifier == system)
        #expect(zone("right/UTC").identifier == system)
        #expect(zone("posixrules").identifier == system)
        #expect(ZoneInfo.named("Europe//Berlin") == nil)
        #expect(ZoneInfo.named("Europe/") == nil)
        #expect(ZoneInfo.named("./UTC") == nil)
    }

    @Test("the system zone is the one /etc/localtime links to; a copied file is left to Foundation")
    func systemZone() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("zoneinfo-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let link = folder.appendingPathComponent("localtime").path
        try FileManager.default.createSymbolicLink(
            atPath: link, withDestinationPath: ZoneInfo.directory + "America/Sao_Paulo")
        #expect(ZoneInfo.system(localtime: link)?.identifier == "America/Sao_Paulo")
        let copy = folder.appendingPathComponent("copy").path
        try FileManager.default.copyItem(atPath: ZoneInfo.directory + "Europe/Berlin", toPath: copy)
        #expect(ZoneInfo.system(localtime: copy) == nil)
        #expect(ZoneInfo.system(localtime: folder.appendingPathComponent("none").path) == nil)
    }

    @Test("damaged zone files are refused, not half read")
    func damagedFiles() throws {
        let bytes = Array(try Data(contentsOf: URL(fileURLWithPath: ZoneInfo.directory + "Europe/Berlin")))
        #expect(ZoneInfo.parse(bytes, identifier: "x") != nil)
        for cut in [0, 3, 43, 44, 100, bytes.count / 2, bytes.count - 2] {
            #expect(ZoneInfo.parse(Array(bytes[0..<cut]), identifier: "x") == nil, "cut at \(cut)")
        }
        var huge = bytes
        huge[32] = 0x7F  // a time count of two billion
        #expect(ZoneInfo.parse(huge, identifier: "x") == nil)
        var version1 = bytes
        version1[4] = 0
        #expect(ZoneInfo.parse(version1, identifier: "x") == nil)
        #expect(ZoneInfo.parse(Array("not a zone file at all, just some text".utf8), identifier: "x") == nil)
    }

    @Test("POSIX rules: both hemispheres, Julian and zero-based days, negative and long times, quoted names")
    func posixRules() throws {
        let berlin = try #require(PosixTimeZoneRule("CET-1CEST,M3.5.0,M10.5.0/3"))
        // 2030-03-31 01:00 UTC the clocks go forward; 2030-10-27 01:00 UTC back.
        #expect(berlin.offset(at: 1_901_149_199) == 3600)
        #expect(berlin.offset(at: 1_901_149_200) == 7200)
        #expect(berlin.offset(at: 1_919_293_199) == 7200)
        #expect(berlin.offset(at: 1_919_293_200) == 3600)
        #expect(berlin.nextChange(after: 1_900_000_000) == 1_901_149_200)
        let sydney = try #require(PosixTimeZoneRule("AEST-10AEDT,M10.1.0,M4.1.0/3"))
        // Southern summer spans New Year: daylight time on 2030-01-01, standard time on 2030-07-01.
        #expect(sydney.offset(at: 1_893_456_000) == 39_600)
        #expect(sydney.offset(at: 1_909_094_400) == 36_000)
        let always = try #require(PosixTimeZoneRule("EST5EDT,0/0,J365/25"))
        #expect(always.offset(at: 1_893_456_000) == -14_400, "daylight time all year")
        #expect(always.nextChange(after: 1_893_456_000) == nil)
        let quoted = try #require(PosixTimeZoneRule("<-03>3<-02>,M3.5.0/-2,M10.5.0/-1"))
        #expect(quoted.standardOffset == -10_800)
        #expect(PosixTimeZoneRule("<+0530>-5:30")?.standardOffset == 19_800)
        #expect(PosixTimeZoneRule("IST-2IDT,M3.4.4/26,M10.5.0") != nil, "a time past 24 hours")
        for bad in [
            "", "C-1", "CET", "CET-1CEST", "CET-1CEST,M13.1.0,M10.5.0", "CET-1CEST,M3.6.0,M10.5.0",
            "CET-1CEST,J0,J365", "CET-1CEST,M3.5.0", "CET-168", "<+03", "CET-1 trailing",
        ] {
            #expect(PosixTimeZoneRule(bad) == nil, "\(bad)")
        }
    }
}
