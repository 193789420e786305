import Foundation
import TerminalUI

/// The one progress line of `stint import` on a terminal, through the import's stages: reading the file
/// ("Reading  12 MiB"), reading its records ("Checking  40,000/110,000  36%"), merging them ("Importing
/// 5,000/110,000  4%"), and, once every item is merged, the database writing them to disk ("Saving  110,000
/// items": seconds for a million entries, which a line standing at 100% would not explain). Each stage redraws
/// the same line (a draw starts with a carriage return and clears what is left of the last), so the line appears
/// as soon as the import starts, however large the file, and moves on a pipe as well as on a file. It ends
/// showing the import complete.
final class ImportProgress: @unchecked Sendable {
    private enum Stage: Equatable {
        case reading, checking, importing, saving
    }

    private let lock = NSLock()
    private let style: TerminalStyle
    private let output: any TextOutput
    private var stage: Stage?
    private var reporter: ProgressReporter?
    /// The importing line, kept while "Saving" shows, to be drawn complete at the end.
    private var merged: ProgressReporter?

    init(style: TerminalStyle, output: any TextOutput) {
        self.style = style
        self.output = output
    }

    /// Bytes read so far, in whole MiB (a count, since a pipe's size is unknown).
    func reading(_ bytes: Int) {
        report(.reading, bytes >> 20) {
            ProgressReporter(label: "Reading", counting: "MiB", units: "MiB", style: style, output: output)
        }
    }

    func checking(_ records: Int, of total: Int) {
        report(.checking, records) {
            ProgressReporter(total: total, label: "Checking", style: style, output: output)
        }
    }

    /// Items merged so far; once all of them are, the line says the database is saving them.
    func importing(_ items: Int, of total: Int) {
        lock.withLock {
            guard stage != .saving else { return }
            if stage != .importing {
                stage = .importing
                reporter = ProgressReporter(total: total, label: "Importing", style: style, output: output)
            }
            reporter?.update(items)
            guard items >= total else { return }
            stage = .saving
            merged = reporter
            reporter = ProgressReporter(label: "Saving", counting: "item", units: "items", style: style, output: output)
            reporter?.update(total)
        }
    }

    /// Draws the last stage complete and ends the line.
    func finish() {
        lock.withLock {
            (merged ?? reporter)?.finish()
            reporter = nil
            merged = nil
        }
    }

    /// Clears the line, so the error that follows stands on a line of its own.
    func abandon() {
        lock.withLock {
            guard reporter != nil, style.isTTY else { return }
            reporter = nil
            merged = nil
            output.write("\r\u{1B}[K")
        }
    }

    private func report(_ next: Stage, _ done: Int, make: () -> ProgressReporter) {
        lock.withLock {
            if stage != next {
                stage = next
                reporter = make()
            }
            reporter?.update(done)
        }
    }
}
