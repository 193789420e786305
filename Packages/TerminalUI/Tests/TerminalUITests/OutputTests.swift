import Foundation
import Testing

@testable import TerminalUI

@Suite("CapturedOutput")
struct CapturedOutputTests {
    @Test("keeps chunks in order and splits lines")
    func capturesText() {
        let output = CapturedOutput()
        #expect(output.lines == [])
        output.write("one\n")
        output.write("two")
        output.write("\nthree\n")
        #expect(output.text == "one\ntwo\nthree\n")
        #expect(output.lines == ["one", "two", "three"])
        output.clear()
        #expect(output.text.isEmpty)
    }

    @Test("writeLine ends the text with a line break: one write when short, a second for the break when long")
    func writeLineChunks() {
        let chunks = ChunkRecorder()
        chunks.writeLine("short")
        #expect(chunks.chunks == ["short\n"])
        let long = String(repeating: "x", count: 70_000)
        chunks.writeLine(long)
        #expect(chunks.chunks == ["short\n", long, "\n"])
        chunks.writeLine("")
        #expect(chunks.chunks.last == "\n")
    }

    @Test("bytes written as UTF-8 arrive as the same text, in one chunk")
    func utf8Bytes() {
        let chunks = ChunkRecorder()
        let text = "Größe 日本 ✓\n"
        Array(text.utf8).withUnsafeBufferPointer { chunks.write(utf8: $0) }
        #expect(chunks.chunks == [text])
        let output = CapturedOutput()
        output.write("a")
        Array("b\n".utf8).withUnsafeBufferPointer { output.write(utf8: $0) }
        #expect(output.lines == ["ab"])
    }

    @Test("accepts writes from many tasks at once")
    func concurrentWrites() async {
        let output = CapturedOutput()
        await withTaskGroup(of: Void.self) { group in
            for task in 0..<8 {
                group.addTask {
                    for line in 0..<250 { output.write("\(task)-\(line)\n") }
                }
            }
        }
        #expect(output.lines.count == 2_000)
        #expect(Set(output.lines).count == 2_000)
    }
}

@Suite("ProgressReporter")
struct ProgressReporterTests {
    @Test("draws nothing when output is not a terminal")
    func silentWhenPiped() {
        let output = CapturedOutput()
        let progress = ProgressReporter(total: 10, label: "Importing", style: .plain, output: output)
        for done in 0...10 { progress.update(done) }
        progress.finish()
        #expect(output.text.isEmpty)
    }

    @Test("redraws only on whole-percent changes and ends the line on finish")
    func throttled() {
        let output = CapturedOutput()
        let style = TerminalStyle(isTTY: true, useColor: false, width: 80)
        let progress = ProgressReporter(total: 10_000, label: "Importing", style: style, output: output)
        for done in 0...4_000 { progress.update(done) }
        let draws = output.text.components(separatedBy: "\r").filter { !$0.isEmpty }
        #expect(draws.count == 41)
        #expect(draws.last == "Importing  4,000/10,000  40%\u{1B}[K")
        progress.finish()
        #expect(output.text.hasSuffix("\rImporting  10,000/10,000  100%\u{1B}[K\n"))
        progress.update(10_000)
        progress.finish()
        #expect(output.text.hasSuffix("\n"))
    }

    @Test("draws nothing without a total when output is not a terminal")
    func countSilentWhenPiped() {
        let output = CapturedOutput()
        let clock = HandSetClock()
        let progress = ProgressReporter(
            label: "Pulling", counting: "change", units: "changes", style: .plain, output: output, now: clock.now)
        for page in 0...5 {
            progress.update(page * 1_000)
            clock.advance(by: .seconds(1))
        }
        progress.finish()
        #expect(output.text.isEmpty)
    }

    @Test("without a total draws a grouped count, at most once an interval, and ends on the last count")
    func countThrottled() {
        let output = CapturedOutput()
        let clock = HandSetClock()
        let style = TerminalStyle(isTTY: true, useColor: false, width: 80)
        let progress = ProgressReporter(
            label: "Pulling", counting: "change", units: "changes", style: style, output: output, now: clock.now)

        progress.update(1_000)  // the first report always draws
        clock.advance(by: .milliseconds(40))
        progress.update(2_000)  // too soon after the last draw
        clock.advance(by: .milliseconds(60))
        progress.update(3_000)  // a whole interval later
        clock.advance(by: .seconds(1))
        progress.update(3_000)  // nothing new to show
        progress.update(12_000)
        clock.advance(by: .milliseconds(10))
        progress.update(12_345)  // too soon: drawn only by finish
        #expect(
            output.text == "\rPulling  1,000 changes\u{1B}[K" + "\rPulling  3,000 changes\u{1B}[K"
                + "\rPulling  12,000 changes\u{1B}[K")

        progress.finish()
        #expect(output.text.hasSuffix("\rPulling  12,000 changes\u{1B}[K\rPulling  12,345 changes\u{1B}[K\n"))
        let finished = output.text
        clock.advance(by: .seconds(1))
        progress.update(20_000)
        progress.finish()
        #expect(output.text == finished)
    }

    @Test("without a total names one unit in the singular")
    func countSingular() {
        let output = CapturedOutput()
        let style = TerminalStyle(isTTY: true, useColor: false, width: 80)
        let progress = ProgressReporter(
            label: "Pulling", counting: "change", units: "changes", style: style, output: output,
            now: HandSetClock().now)
        progress.update(1)
        progress.finish()
        #expect(output.text == "\rPulling  1 change\u{1B}[K\rPulling  1 change\u{1B}[K\n")
    }

    @Test("groups thousands independent of locale")
    func grouping() {
        #expect(ProgressReporter.grouped(0) == "0")
        #expect(ProgressReporter.grouped(999) == "999")
        #expect(ProgressReporter.grouped(1_000) == "1,000")
        #expect(ProgressReporter.grouped(1_234_567) == "1,234,567")
    }
}

@Suite("Prompt")
struct PromptTests {
    @Test("returns the default without reading or writing when not interactive")
    func nonInteractive() {
        let output = CapturedOutput()
        var reads = 0
        let answer = Prompt.confirm(
            "Delete 3 tasks?", default: true, isInteractive: false, output: output,
            readAnswer: {
                reads += 1
                return "n"
            })
        #expect(answer)
        #expect(reads == 0)
        #expect(output.text.isEmpty)
    }

    @Test("reads yes and no, falling back to the default")
    func interactive() {
        func ask(_ reply: String?, default defaultAnswer: Bool = false) -> (Bool, String) {
            let output = CapturedOutput()
            let answer = Prompt.confirm(
                "Delete?", default: defaultAnswer, isInteractive: true, output: output, readAnswer: { reply })
            return (answer, output.text)
        }
        #expect(ask("y").0)
        #expect(ask(" YES ").0)
        #expect(!ask("no", default: true).0)
        #expect(!ask("").0)
        #expect(ask("", default: true).0)
        #expect(!ask("maybe").0)
        #expect(ask(nil, default: true).0)
        #expect(ask("y").1 == "Delete? [y/N] ")
        #expect(ask("y", default: true).1 == "Delete? [Y/n] ")
    }
}

/// A clock that moves only when told, so throttling by time is tested without sleeping.
final class HandSetClock: @unchecked Sendable {
    private let lock = NSLock()
    private var instant = ContinuousClock.now

    func now() -> ContinuousClock.Instant {
        lock.withLock { instant }
    }

    func advance(by duration: Duration) {
        lock.withLock { instant = instant.advanced(by: duration) }
    }
}

/// Keeps each write as its own chunk, to see how a text was split into writes.
private final class ChunkRecorder: TextOutput, @unchecked Sendable {
    private(set) var chunks: [String] = []

    func write(_ text: String) { chunks.append(text) }
}
