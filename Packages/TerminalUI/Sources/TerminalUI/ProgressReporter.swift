import Foundation

/// Shows the progress of a long operation (such as an import) as one line redrawn in place:
/// "Importing  4,000/10,000  40%".
///
/// It draws only when the style says the output is a terminal, so logs and pipes stay clean, and it redraws
/// only when the whole percentage changes, so calling `update` for every item is cheap.
public struct ProgressReporter: Sendable {
    private let total: Int
    private let label: String
    private let style: TerminalStyle
    private let output: any TextOutput
    private let state = ProgressState()

    /// - Parameters:
    ///   - total: the number of items expected (0 or less shows 100% at once).
    ///   - label: what is happening, e.g. "Importing".
    ///   - style: the style of the stream written to; nothing is drawn unless `style.isTTY`.
    ///   - output: usually `StandardError()`, so progress never mixes with data on standard output.
    public init(total: Int, label: String, style: TerminalStyle, output: any TextOutput) {
        self.total = max(0, total)
        self.label = label
        self.style = style
        self.output = output
    }

    /// Records that `done` items are finished, redrawing the line if the whole percentage changed.
    public func update(_ done: Int) {
        guard style.isTTY else { return }
        let percent = percentage(done)
        guard state.advance(to: percent) else { return }
        output.write(line(done: done, percent: percent))
    }

    /// Draws the completed state and ends the line; later calls to `update` draw nothing.
    public func finish() {
        guard style.isTTY, state.finish() else { return }
        output.write(line(done: total, percent: 100) + "\n")
    }

    private func percentage(_ done: Int) -> Int {
        guard total > 0 else { return 100 }
        let clamped = min(max(done, 0), total)
        return Int(Double(clamped) * 100 / Double(total))
    }

    private func line(done: Int, percent: Int) -> String {
        let counts = ProgressReporter.grouped(min(max(done, 0), total)) + "/" + ProgressReporter.grouped(total)
        // "\r" returns to the start of the line and ESC[K clears whatever a longer previous draw left behind.
        return "\r" + label + "  " + counts + "  " + String(percent) + "%\u{1B}[K"
    }

    /// Thousands separated with commas, independent of locale so output is the same everywhere.
    static func grouped(_ value: Int) -> String {
        let digits = String(value.magnitude)
        var result = ""
        result.reserveCapacity(digits.count + digits.count / 3 + 1)
        for (index, digit) in digits.enumerated() {
            if index > 0, (digits.count - index) % 3 == 0 { result.append(",") }
            result.append(digit)
        }
        return value < 0 ? "-" + result : result
    }
}

/// The mutable part of a reporter, shared by its copies and guarded by a lock.
private final class ProgressState: @unchecked Sendable {
    private let lock = NSLock()
    private var lastPercent: Int?
    private var finished = false

    func advance(to percent: Int) -> Bool {
        lock.lock()
        defer { lock.unlock() }
        guard !finished, percent != lastPercent else { return false }
        lastPercent = percent
        return true
    }

    func finish() -> Bool {
        lock.lock()
        defer { lock.unlock() }
        guard !finished else { return false }
        finished = true
        return true
    }
}
