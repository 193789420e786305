import Entities
import Foundation
import Testing

@testable import Workers

/// The fast reader of export files (issue 11) must read every file it accepts exactly as `JSONDecoder` does, and
/// give up on everything else, so the decoder still reads unusual files and names what is wrong with broken ones.
@Suite("Reading export files fast")
struct ExportFileReaderTests {
    /// The document as `JSONDecoder` reads it, written back out: two files read the same when these are equal.
    private func decoded(_ text: String) throws -> Data {
        try ExportFile.encoder.encode(try ExportFile.decoder.decode(ExportFile.self, from: Data(text.utf8)))
    }

    private func read(_ text: String) throws -> Data? {
        try ExportFileReader.read(Data(text.utf8), recordRead: {}).map { try ExportFile.encoder.encode($0) }
    }

    /// A compact file, keys in another order than Stint sorts them, with escapes and text beyond ASCII.
    static let compact = #"""
        {"version":2,"format":"stint-export","exported_at":"2026-11-21T10:00:00Z","person_id":null,
        "projects":[{"updated_at":"2026-11-20T10:00:00.000Z","id":"AAAAAAAA-0000-4000-8000-000000000001",
        "name":"W\u00f6rk \"quoted\" \ud83d\ude00","note":"line\nnext\t\/ \\ end","created_at":"2026-11-20T10:00:00.000Z",
        "archived_at":null}],
        "lists":[],"tasks":[{"id":"aaaaaaaa-0000-4000-8000-000000000002","project_id":"aaaaaaaa-0000-4000-8000-000000000001",
        "list_id":null,"title":"Ünïcödé ✓","note":"","status":"open","priority":"high","due":"2026-12-01","tags":["a","b"],
        "estimate_seconds":5400,"completed_at":null,"created_at":"2026-11-20T10:00:00.000Z",
        "updated_at":"2026-11-20T10:00:00.000Z"}],
        "timers":[{"id":"aaaaaaaa-0000-4000-8000-000000000003","owner_id":"aaaaaaaa-0000-4000-8000-000000000009",
        "task_id":"aaaaaaaa-0000-4000-8000-000000000002","project_id":null,"note":"n","billable":true,
        "intervals":[{"start":"2026-11-21T08:00:00.000Z","end":"2026-11-21T09:00:00.000Z"},{"start":"2026-11-21T09:30:00.000Z"}],
        "created_at":"2026-11-21T08:00:00.000Z","updated_at":"2026-11-21T09:30:00.000Z"}],
        "time_entries":[{"id":"aaaaaaaa-0000-4000-8000-000000000004","task_id":null,
        "project_id":"aaaaaaaa-0000-4000-8000-000000000001","start":"2026-11-19T23:30:00.000Z","duration_seconds":3600,
        "note":"","billable":false,"tags":[],"logged_by":"aaaaaaaa-0000-4000-8000-000000000009",
        "created_at":"2026-11-20T00:30:00.000Z","updated_at":"2026-11-20T00:30:00.000Z"}]}
        """#

    @Test("Stint's own export, pretty-printed, reads exactly as the decoder reads it")
    func ownExport() throws {
        let fast = try #require(try read(ExportFileTests.expected))
        #expect(fast == (try decoded(ExportFileTests.expected)))
    }

    @Test("a compact file with keys in any order, escapes and text beyond ASCII reads as the decoder reads it")
    func compactFile() throws {
        let fast = try #require(try read(Self.compact))
        #expect(fast == (try decoded(Self.compact)))
        let file = try #require(ExportFileReader.read(Data(Self.compact.utf8), recordRead: {}))
        #expect(file.projects.first?.name == "Wörk \"quoted\" 😀")
        #expect(file.projects.first?.note == "line\nnext\t/ \\ end")
        #expect(file.timers?.first?.intervals.last?.end == nil)
    }

    @Test("a version 1 file, without timers, entries or person, reads as the decoder reads it")
    func versionOne() throws {
        let text =
            #"{"format":"stint-export","version":1,"exported_at":"2026-11-21T10:00:00.000Z","projects":[],"lists":[],"tasks":[]}"#
        let fast = try #require(try read(text))
        #expect(fast == (try decoded(text)))
    }

    @Test(
        "anything unusual or wrong is left to the decoder",
        arguments: [
            ("an unknown key", #""note":"","extra":1,"#),
            ("a key twice", #""note":"","note":"","#),
            ("a fraction for an integer", #""duration_seconds":3600.0,"#),
            ("an exponent for an integer", #""duration_seconds":36e2,"#),
            ("a leading zero", #""duration_seconds":03600,"#),
            ("a key with an escape", #""n\u006fte":"","#),
            ("a number for a flag", #""billable":0,"#),
            ("null for a list", #""tags":null,"#),
            ("an id in braces", #""logged_by":"{aaaaaaaa-0000-4000-8000-000000000009}","#),
            ("a day that does not exist", #""start":"2026-02-29T10:00:00.000Z","#),
            ("year 0000", #""start":"0000-01-01T10:00:00.000Z","#),
            ("a raw tab in a string", "\"note\":\"a\tb\","),
            ("a lone surrogate", #""note":"\ud83d","#),
        ])
    func givesUp(_ label: String, _ replacement: String) {
        let entry = [
            #""note":"","#, #""duration_seconds":3600,"#, #""billable":false,"#, #""tags":[],"#,
            #""logged_by":"aaaaaaaa-0000-4000-8000-000000000009","#, #""start":"2026-11-19T23:30:00.000Z","#,
        ]
        let original = entry.first { $0.hasPrefix(String(replacement.prefix(while: { $0 != ":" }))) }
        let broken = Self.compact.replacingOccurrences(of: original ?? #""note":"","#, with: replacement)
        #expect(broken != Self.compact, "\(label): nothing replaced")
        #expect(ExportFileReader.read(Data(broken.utf8), recordRead: {}) == nil, "\(label)")
    }

    @Test("broken syntax anywhere is left to the decoder")
    func brokenSyntax() {
        for text in ["", " ", "[]", "{", #"{"format":"stint-export",}"#, Self.compact + "x", "\u{FEFF}" + Self.compact]
        {
            #expect(ExportFileReader.read(Data(text.utf8), recordRead: {}) == nil, "\(text.prefix(20))")
        }
    }

    /// Thousands of damaged copies of a file: whatever the reader accepts, the decoder reads to the same values,
    /// and whatever the decoder refuses, the reader refuses too.
    @Test("on damaged files the reader never disagrees with the decoder")
    func damagedFiles() throws {
        var random = SeededRandom(seed: 11)
        let bytes = Array(Self.compact.utf8)
        let alphabet = Array(#"{}[]:,"\ 0123456789.-eEtrufalsn"#.utf8) + [0x0A, 0xC3, 0xFF]
        for _ in 0..<3_000 {
            var damaged = bytes
            let position = Int(random.next() % UInt64(damaged.count))
            switch random.next() % 3 {
            case 0: damaged[position] = alphabet[Int(random.next() % UInt64(alphabet.count))]
            case 1: damaged.remove(at: position)
            default: damaged.insert(alphabet[Int(random.next() % UInt64(alphabet.count))], at: position)
            }
            let data = Data(damaged)
            let fast = ExportFileReader.read(data, recordRead: {}).map { try? ExportFile.encoder.encode($0) }
            let slow = (try? ExportFile.decoder.decode(ExportFile.self, from: data)).map {
                try? ExportFile.encoder.encode($0)
            }
            if let fast {
                #expect(fast == slow, "\(String(decoding: damaged, as: UTF8.self))")
            }
            if slow == nil {
                #expect(fast == nil, "\(String(decoding: damaged, as: UTF8.self))")
            }
        }
    }

    @Test("every record is counted as it is read")
    func countsRecords() {
        let counter = Counter()
        _ = ExportFileReader.read(Data(Self.compact.utf8)) { counter.add() }
        #expect(counter.value == 4)
    }
}

@Suite("Reading ids and instants fast")
struct ExportTextTests {
    @Test("an instant Stint writes reads as Foundation reads it, to the millisecond")
    func instantsAgreeWithFoundation() throws {
        var random = SeededRandom(seed: 7)
        let style = Date.ISO8601FormatStyle(includingFractionalSeconds: true)
        for _ in 0..<2_000 {
            let milliseconds = Int64(random.next() % 253_402_300_800_000)
            let date = Date(timeIntervalSince1970: Double(milliseconds) / 1_000)
            let text = date.formatted(style)
            let fast = try #require(ExportText.instant(text), "\(text)")
            #expect(fast.storedMillisecondsForTest == (try style.parse(text)).storedMillisecondsForTest, "\(text)")
            let whole = String(text.prefix(19)) + "Z"
            let fastWhole = try #require(ExportText.instant(whole), "\(whole)")
            #expect(fastWhole == (try Date.ISO8601FormatStyle().parse(whole)), "\(whole)")
        }
    }

    @Test("an instant is written at the millisecond the database holds, and reads back to it")
    func timestampsKeepTheStoredMillisecond() throws {
        var random = SeededRandom(seed: 11)
        let style = Date.ISO8601FormatStyle(includingFractionalSeconds: true)
        for _ in 0..<5_000 {
            let milliseconds = Int64(random.next() % 253_402_300_800_000)
            // As the store makes a date from its column; often a hair below the millisecond.
            let date = Date(timeIntervalSince1970: Double(milliseconds) / 1_000)
            let text = try #require(ExportText.timestamp(date))
            let inside = Date(timeIntervalSince1970: (Double(milliseconds) + 0.25) / 1_000)
            #expect(text == inside.formatted(style), "\(milliseconds)")
            #expect(try #require(ExportText.instant(text)).storedMillisecondsForTest == milliseconds, "\(text)")
        }
        // Foundation wrote this task's 359 ms as .358, and a re-import moved the task back a millisecond.
        let stored = Date(timeIntervalSince1970: Double(1_796_682_845_359 as Int64) / 1_000)
        #expect(ExportText.timestamp(stored) == "2026-12-07T22:34:05.359Z")
        #expect(ExportText.timestamp(Date(timeIntervalSince1970: 0)) == "1970-01-01T00:00:00.000Z")
        #expect(ExportText.timestamp(Date(timeIntervalSince1970: 951_868_799.9994)) == "2000-02-29T23:59:59.999Z")
        #expect(ExportText.timestamp(Date(timeIntervalSince1970: 951_868_799.9996)) == "2000-03-01T00:00:00.000Z")
        #expect(ExportText.timestamp(Date(timeIntervalSince1970: -1)) == nil)
        #expect(ExportText.timestamp(Date(timeIntervalSince1970: 253_402_300_800)) == nil)
    }

    @Test("anything but the two forms Stint writes is left to Foundation")
    func otherForms() throws {
        for text in [
            "2026-02-29T10:00:00.000Z", "2024-02-30T10:00:00Z", "2026-13-01T10:00:00Z", "2026-00-01T10:00:00Z",
            "2026-01-00T10:00:00Z", "2026-01-01T24:00:00Z", "2026-01-01T10:60:00Z", "2026-01-01T10:00:60Z",
            "2026-01-01T10:00:00z", "2026-01-01T10:00:00+01:00", "2026-01-01 10:00:00Z", "2026-01-01T10:00:00.1Z",
            "2026-01-01T10:00:00.1234Z", "+2026-01-01T10:00:00Z", "", "2026-01-01",
        ] {
            #expect(ExportText.instant(text) == nil, "\(text)")
        }
        #expect(ExportText.instant("2024-02-29T23:59:59.999Z") != nil)
        // An offset is no form of Stint's, but still a timestamp the import takes, through Foundation.
        let offset = try #require(ExportFile.instant("2026-01-01T11:00:00+01:00"))
        #expect(offset == (try Date.ISO8601FormatStyle().parse("2026-01-01T10:00:00Z")))
        #expect(ExportFile.instant("0000-01-01T00:00:00.000Z") == nil)
    }

    @Test("an id reads as Foundation reads it, in either case; anything else is not an id")
    func idsAgreeWithFoundation() {
        for _ in 0..<500 {
            let id = UUID()
            for text in [id.uuidString, id.uuidString.lowercased()] {
                var text = text
                #expect(text.withUTF8 { ExportText.id(utf8: $0) } == id)
            }
        }
        for text in [
            "", "not-an-id", "aaaaaaaa-0000-4000-8000-00000000000g", "aaaaaaaa00000-4000-8000-000000000001",
            "aaaaaaaa-0000-4000-8000-0000000000011", "{aaaaaaaa-0000-4000-8000-000000000001}",
        ] {
            var text = text
            #expect(text.withUTF8 { ExportText.id(utf8: $0) } == nil, "\(text)")
        }
    }
}

/// SplitMix64: the same damaged files and instants on every run.
struct SeededRandom {
    private var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

private final class Counter: @unchecked Sendable {
    private let lock = NSLock()
    private var count = 0

    func add() { lock.withLock { count += 1 } }
    var value: Int { lock.withLock { count } }
}

extension Date {
    /// Milliseconds since 1970, rounded as the store rounds them.
    fileprivate var storedMillisecondsForTest: Int64 { Int64((timeIntervalSince1970 * 1_000).rounded()) }
}
