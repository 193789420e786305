import Foundation

/// Shows the progress of a long operation as one line redrawn in place: "Importing  4,000/10,000  40%" when the
/// total is known, "Pulling  12,000 changes" when it is not (a paged download learns its size only as it goes).
///
/// It draws only when the style says the output is a terminal, so logs, pipes and `--json` stay clean, and it
/// redraws only when the line would visibly change (the whole percentage, or the count at most every
/// `countRedrawInterval`), so calling `update` for every item is cheap.
public struct ProgressReporter: Sendable {
    private let shape: Shape
    private let label: String
    private let style: TerminalStyle
    private let output: any TextOutput
    private let state = ProgressState()

    /// What the line shows: a share of a known total, or a running count of named units.
    private enum Shape: Sendable {
        case share(total: Int)
        case count(one: String, other: String, now: @Sendable () -> ContinuousClock.Instant)
    }

    /// How often, at most, a count without a total is redrawn: a percentage changes at most a hundred times, a count
    /// can change every item, and a terminal cannot show more than a few redraws a second anyway.
    public static let countRedrawInterval: Duration = .milliseconds(100)

    /// A reporter for work whose size is known up front, drawn as done/total and a percentage.
    ///
    /// - Parameters:
    ///   - total: the number of items expected (0 or less shows 100% at once).
    ///   - label: what is happening, e.g. "Importing".
    ///   - style: the style of the stream written to; nothing is drawn unless `style.isTTY`.
    ///   - output: usually `StandardError()`, so progress never mixes with data on standard output.
    public init(total: Int, label: String, style: TerminalStyle, output: any TextOutput) {
        self.init(shape: .share(total: max(0, total)), label: label, style: style, output: output)
    }

    /// A reporter for work whose size is not known until it is over, drawn as a running count ("Pulling  12,000
    /// changes"), since a percentage or a bar would be a guess.
    ///
    /// - Parameters:
    ///   - label: what is happening, e.g. "Pulling".
    ///   - unit: what is counted, for a count of 1, e.g. "change".
    ///   - units: what is counted, for any other count, e.g. "changes".
    ///   - style: the style of the stream written to; nothing is drawn unless `style.isTTY`.
    ///   - output: usually `StandardError()`, so progress never mixes with data on standard output.
    ///   - now: the clock the redraws are spaced by; tests pass a hand-set one.
    public init(
        label: String, counting unit: String, units: String, style: TerminalStyle, output: any TextOutput,
        now: @escaping @Sendable () -> ContinuousClock.Instant = { ContinuousClock.now }
    ) {
        self.init(shape: .count(one: unit, other: units, now: now), label: label, style: style, output: output)
    }

    private init(shape: Shape, label: String, style: TerminalStyle, output: any TextOutput) {
        self.shape = shape
        self.label = label
        self.style = style
        self.output = output
    }

    /// Records that `done` items are finished, redrawing the line if what it shows changed (for a count, only once
    /// `countRedrawInterval` has passed since the last draw; the first report always draws).
    public func update(_ done: Int) {
        guard style.isTTY else { return }
        switch shape {
        case .share(let total):
            let percent = Self.percentage(done, of: total)
            guard state.advance(to: percent) else { return }
            output.write(shareLine(done: done, total: total, percent: percent))
        case .count(let one, let other, let now):
            let count = max(done, 0)
            guard state.advance(count: count, at: now(), every: Self.countRedrawInterval) else { return }
            output.write(countLine(count, one: one, other: other))
        }
    }

    /// Draws the final state (100% of the total, or the last count reported, even one a throttle skipped) and ends
    /// the line, so what follows starts on a line of its own; later calls to `update` and `finish` draw nothing.
    public func finish() {
        guard style.isTTY, let lastCount = state.finish() else { return }
        switch shape {
        case .share(let total):
            output.write(shareLine(done: total, total: total, percent: 100) + "\n")
        case .count(let one, let other, _):
            output.write(countLine(lastCount, one: one, other: other) + "\n")
        }
    }

    private static func percentage(_ done: Int, of total: Int) -> Int {
        guard total > 0 else { return 100 }
        let clamped = min(max(done, 0), total)
        return Int(Double(clamped) * 100 / Double(total))
    }

    private func shareLine(done: Int, total: Int, percent: Int) -> String {
        let counts = Self.grouped(min(max(done, 0), total)) + "/" + Self.grouped(total)
        return redraw(counts + "  " + String(percent) + "%")
    }

    private func countLine(_ count: Int, one: String, other: String) -> String {
        redraw(Self.grouped(count) + " " + (count == 1 ? one : other))
    }

    private func redraw(_ progress: String) -> String {
        // "\r" returns to the start of the line and ESC[K clears whatever a longer previous draw left behind.
        "\r" + label + "  " + progress + "\u{1B}[K"
    }

    /// Thousands separated with commas, independent of locale so output is the same everywhere (``NumberText``).
    static func grouped(_ value: Int) -> String {
        NumberText.grouped(value)
    }
}

/// The mutable part of a reporter, shared by its copies and guarded by a lock.
private final class ProgressState: @unchecked Sendable {
    private let lock = NSLock()
    private var lastPercent: Int?
    private var lastCount = 0
    private var drawnCount: Int?
    private var drawnAt: ContinuousClock.Instant?
    private var finished = false

    /// Whether a share of the total should be redrawn: only when the whole percentage changed.
    func advance(to percent: Int) -> Bool {
        lock.withLock {
            guard !finished, percent != lastPercent else { return false }
            lastPercent = percent
            return true
        }
    }

    /// Remembers `count` for `finish`, and says whether to draw it: only when it differs from what is on the line
    /// and the last draw is at least `interval` old.
    func advance(count: Int, at now: ContinuousClock.Instant, every interval: Duration) -> Bool {
        lock.withLock {
            guard !finished else { return false }
            lastCount = count
            guard count != drawnCount else { return false }
            if let drawnAt, now - drawnAt < interval { return false }
            drawnCount = count
            drawnAt = now
            return true
        }
    }

    /// The last count reported, the first time only; nil once finished.
    func finish() -> Int? {
        lock.withLock {
            guard !finished else { return nil }
            finished = true
            return lastCount
        }
    }
}
