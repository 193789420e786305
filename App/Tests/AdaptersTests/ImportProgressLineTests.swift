import Foundation
import TerminalUI
import Testing

@testable import Adapters

/// The progress line of `stint import` (issue 11): once every item is merged, a large import still has seconds of
/// writing ahead, so the line says "Saving" rather than standing at 100%, and it ends showing the import complete.
@Suite("The import's progress line")
struct ImportProgressLineTests {
    private func run(onTerminal: Bool) -> String {
        let screen = Screen()
        let progress = ImportProgress(
            style: TerminalStyle(isTTY: onTerminal, useColor: false, width: nil), output: screen)
        progress.reading(0)
        for record in 0...1_200 { progress.checking(record, of: 1_200) }
        for item in stride(from: 100, through: 1_200, by: 100) { progress.importing(item, of: 1_200) }
        progress.importing(1_200, of: 1_200)
        progress.finish()
        return screen.text
    }

    @Test("reading, checking, importing with counts, saving, then the complete line and a line break")
    func stagesInOrder() {
        let text = run(onTerminal: true)
        let stages = [
            "Reading  0 MiB", "Checking  0/1,200  0%", "Checking  1,200/1,200  100%",
            "Importing  100/1,200  8%", "Importing  1,200/1,200  100%", "Saving  1,200 items",
        ]
        let places = stages.map { text.range(of: $0)?.lowerBound }
        #expect(places.allSatisfy { $0 != nil }, "\(text.debugDescription)")
        let found = places.compactMap { $0 }
        #expect(found == found.sorted(), "\(text.debugDescription)")
        #expect(text.hasSuffix("\rImporting  1,200/1,200  100%\u{1B}[K\n"), "\(text.debugDescription)")
        #expect(!text.dropLast().contains("\n"), "one line, redrawn: \(text.debugDescription)")
    }

    @Test("nothing at all when standard error is not a terminal (or under --quiet, which says the same)")
    func silentOffTerminal() {
        #expect(run(onTerminal: false).isEmpty)
    }

    @Test("a failure while saving clears the line for the error")
    func abandonWhileSaving() {
        let screen = Screen()
        let progress = ImportProgress(style: TerminalStyle(isTTY: true, useColor: false, width: nil), output: screen)
        progress.importing(10, of: 10)
        progress.abandon()
        #expect(screen.text.hasSuffix("Saving  10 items\u{1B}[K\r\u{1B}[K"), "\(screen.text.debugDescription)")
    }
}

private final class Screen: TextOutput, @unchecked Sendable {
    private let lock = NSLock()
    private var written = ""

    func write(_ text: String) { lock.withLock { written += text } }
    var text: String { lock.withLock { written } }
}
