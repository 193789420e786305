import Foundation
import TerminalUI
import Workers

/// `stint undo`, `stint export` and `stint import`: whole-database commands without a feature of their own.
extension AppCoordinator {
    /// Reverts the last change and says what it was.
    public func undo() async throws {
        let summary = try await container.workers.makeHistoryWorker().undo()
        if json {
            container.output.write(#"{"undone":"# + Self.jsonString(summary) + "}\n")
        } else {
            container.output.write("Undid: \(summary)\n")
        }
    }

    /// Writes the export to `path`, or to stdout when nil.
    public func export(to path: String?) async throws {
        let data = try await container.workers.makeTransferWorker().export()
        guard let path else {
            container.output.write(String(decoding: data, as: UTF8.self) + "\n")
            return
        }
        try FileAccess.save(data, to: path)
        container.errorOutput.write("Exported to \(DisplayText.escaped(path))\n")
    }

    /// Imports an export file, with progress on a terminal.
    public func importFile(_ path: String) async throws {
        let data = try FileAccess.contents(of: path)
        let progressStyle = TerminalStyle(isTTY: container.environment.stderrIsTerminal, useColor: false, width: nil)
        let errorOutput = container.errorOutput
        let reporter = ProgressBox()
        let summary = try await container.workers.makeTransferWorker().importArchive(data) { done, total in
            reporter.update(done, total: total) {
                ProgressReporter(total: total, label: "Importing", style: progressStyle, output: errorOutput)
            }
        }
        reporter.finish()
        if json {
            container.output.write(
                #"{"inserted":\#(summary.inserted),"unchanged":\#(summary.unchanged),"updated":\#(summary.updated)}"#
                    + "\n")
        } else {
            container.output.write(
                "Imported \(DisplayText.escaped(path)): \(summary.inserted) new, \(summary.updated) updated, "
                    + "\(summary.unchanged) unchanged\n")
        }
    }

    static func jsonString(_ text: String) -> String {
        (try? JSONText.encode(text)) ?? "\"\""
    }
}

/// The progress line of an import, made on the first report (when the total is known).
private final class ProgressBox: @unchecked Sendable {
    private let lock = NSLock()
    private var reporter: ProgressReporter?

    func update(_ done: Int, total: Int, make: () -> ProgressReporter) {
        lock.withLock {
            if reporter == nil { reporter = make() }
            reporter?.update(done)
        }
    }

    func finish() {
        lock.withLock { reporter?.finish() }
    }
}
