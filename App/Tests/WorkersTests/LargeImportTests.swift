import Entities
import Foundation
import Testing

@testable import Workers

/// An import of thousands of entries (issue 11) takes the fast way through reading and merging; a file that is
/// broken anywhere in the middle must still be refused with one clear line and leave nothing behind.
@Suite("Importing many entries")
struct LargeImportTests {
    static let projectID = "bbbbbbbb-0000-4000-8000-000000000001"
    static let person = "bbbbbbbb-0000-4000-8000-000000000009"

    /// An export with one project and `count` entries on it; `entry` may replace the text of one.
    static func file(entries count: Int, replacing: (Int, String)? = nil) -> Data {
        var text = #"{"format":"stint-export","version":2,"exported_at":"2026-11-21T10:00:00.000Z","#
        text += #""projects":[{"id":"\#(projectID)","name":"Work","note":"","created_at":"2026-01-01T00:00:00.000Z","#
        text += #""updated_at":"2026-01-01T00:00:00.000Z"}],"lists":[],"tasks":[],"timers":[],"time_entries":["#
        for index in 0..<count {
            if index > 0 { text += "," }
            if let (at, replacement) = replacing, at == index {
                text += replacement
                continue
            }
            text += entry(index)
        }
        return Data((text + #"],"person_id":"\#(person)"}"#).utf8)
    }

    static func entry(_ index: Int, start: String? = nil, duration: Int = 1_800) -> String {
        let id = String(format: "cccccccc-0000-4000-8000-%012d", index)
        let day = String(format: "2026-%02d-%02d", 1 + index % 12, 1 + index % 28)
        let start = start ?? "\(day)T\(String(format: "%02d", index % 24)):00:00.000Z"
        return #"{"id":"\#(id)","task_id":null,"project_id":"\#(projectID)","start":"\#(start)","#
            + #""duration_seconds":\#(duration),"note":"","billable":false,"tags":[],"logged_by":"\#(person)","#
            + #""created_at":"\#(start)","updated_at":"\#(start)"}"#
    }

    @Test("5,000 entries import, count and read back; the same file again changes nothing")
    func importsMany() async throws {
        let bench = try Workbench()
        defer { bench.remove() }
        let data = Self.file(entries: 5_000)
        #expect(ExportFileReader.read(data, recordRead: {}) != nil, "the fast reader takes a file Stint could write")
        let first = try await bench.transfer.importArchive(data) { _, _ in }
        #expect(first == ImportResult(inserted: 5_001, updated: 0, unchanged: 0))
        let again = try await bench.transfer.importArchive(data) { _, _ in }
        #expect(again == ImportResult(inserted: 0, updated: 0, unchanged: 5_001))
        let exported = try JSONSerialization.jsonObject(with: try await bench.transfer.export()) as? [String: Any]
        #expect((exported?["time_entries"] as? [Any])?.count == 5_000)
    }

    @Test(
        "a broken entry in the middle of a large file: one clear line, nothing stored",
        arguments: [
            (
                entry(2_500, start: "0000-01-01T10:00:00.000Z"),
                "the file is not a Stint export: bad value at time_entries[2500].start"
            ),
            (entry(2_500, duration: 0), "time_entries[2500] in the file: its duration of 0 seconds is impossible"),
            (#"{"id":"x"}"#, "the file is not a Stint export: bad value at time_entries[2500].id"),
            (String(entry(2_500).dropLast()), "the file is not a Stint export: it is not valid JSON"),
        ])
    func brokenInTheMiddle(_ replacement: String, _ message: String) async throws {
        let bench = try Workbench()
        defer { bench.remove() }
        _ = try await bench.projects.create(name: "Existing", note: "")
        let before = try await bench.transfer.export()
        let checked = Checked()
        do {
            _ = try await bench.transfer.importArchive(
                Self.file(entries: 5_000, replacing: (2_500, replacement)), progress: { _, _ in },
                checking: { done, _ in checked.add(done) })
            Issue.record("the file must be refused")
        } catch {
            #expect(error.kind == .invalidInput)
            #expect(error.message == message)
            #expect(!error.message.contains("\n"))
        }
        #expect(try await bench.transfer.export() == before)
        #expect(checked.first == 0)
    }

    @Test("keys spelled in camel case, which the decoder always took, still import")
    func camelCaseKeys() async throws {
        let bench = try Workbench()
        defer { bench.remove() }
        let text = String(decoding: Self.file(entries: 3), as: UTF8.self)
            .replacingOccurrences(of: "duration_seconds", with: "durationSeconds")
            .replacingOccurrences(of: "exported_at", with: "exportedAt")
        #expect(ExportFileReader.read(Data(text.utf8), recordRead: {}) == nil)
        let result = try await bench.transfer.importArchive(Data(text.utf8)) { _, _ in }
        #expect(result.inserted == 4)
        #expect(ExportFile.fileKey("createdAt") == "created_at")
        #expect(ExportFile.fileKey("created_at") == "created_at")
        #expect(ExportFile.fileKey("time_entries") == "time_entries")
        #expect(ExportFile.fileKey("_odd__key_") == "_odd_key_")
    }
}

private final class Checked: @unchecked Sendable {
    private let lock = NSLock()
    private var values: [Int] = []

    func add(_ value: Int) { lock.withLock { values.append(value) } }
    var first: Int? { lock.withLock { values.first } }
}
