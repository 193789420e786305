import Foundation
import Testing

@testable import Workers

/// An import tells how far it got from the first record it reads, not only once it starts writing: on a large
/// file the decoding is most of the wait (issue 10).
@Suite("Import progress")
struct ImportProgressTests {
    @Test("the records are counted before decoding and reported as each is read, then the merge")
    func checkingThenImporting() async throws {
        let bench = try Workbench(now: "2026-11-21T10:10:00Z")
        defer { bench.remove() }
        let checked = Reports()
        let merged = Reports()
        let result = try await bench.transfer.importArchive(
            Data(ExportFileTests.expected.utf8), progress: { merged.add($0, $1) },
            checking: { checked.add($0, $1) })
        #expect(result.inserted == 8)
        // 2 projects, 1 list, 2 tasks, 2 timers, 1 entry: one `updated_at` each.
        #expect(checked.all.first == Report(done: 0, total: 8))
        #expect(checked.all.map(\.done) == Array(0...8))
        #expect(checked.all.allSatisfy { $0.total == 8 })
        #expect(merged.all.last == Report(done: 8, total: 8))
    }

    @Test("a file that is not an export is refused as before, with nothing reported as checked")
    func notAnExport() async throws {
        let bench = try Workbench()
        defer { bench.remove() }
        let checked = Reports()
        await #expect(throws: WorkerError.self) {
            _ = try await bench.transfer.importArchive(Data("[1, 2]".utf8), progress: { _, _ in }) {
                checked.add($0, $1)
            }
        }
        #expect(checked.all.isEmpty)
    }

    /// A value spelled exactly like the key counts too: the total is then a little high, which only makes the
    /// line stop short of 100% before the merge takes over.
    @Test("counting a key: every occurrence, none inside a longer name, none at a cut-off end")
    func occurrences() {
        let key = #""updated_at""#
        let text = #"{"updated_at":1,"x":"updated_at","updated_at" : 2,"updated_at_more":3} "updated_a"#
        #expect(TransferWorker.occurrences(of: key, in: Data(text.utf8)) == 3)
        #expect(TransferWorker.occurrences(of: key, in: Data()) == 0)
        #expect(TransferWorker.occurrences(of: key, in: Data(key.utf8)) == 1)
        #expect(TransferWorker.occurrences(of: "aa", in: Data("aaaa".utf8)) == 2)
    }
}

private struct Report: Equatable {
    let done: Int
    let total: Int
}

private final class Reports: @unchecked Sendable {
    private let lock = NSLock()
    private var reports: [Report] = []

    func add(_ done: Int, _ total: Int) { lock.withLock { reports.append(Report(done: done, total: total)) } }
    var all: [Report] { lock.withLock { reports } }
}
