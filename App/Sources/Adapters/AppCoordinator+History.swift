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
        } else if !container.environment.quiet {
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
        guard !container.environment.quiet else { return }
        container.errorOutput.write("Exported to \(DisplayText.escaped(path))\n")
    }

    /// Imports an export file (`-`: standard input), with progress on a terminal from the first byte read.
    public func importFile(_ path: String) async throws {
        let progress = ImportProgress(
            style: TerminalStyle(isTTY: container.environment.showsProgress, useColor: false, width: nil),
            output: container.errorOutput)
        let summary: ImportResult
        do {
            let data = try FileAccess.contents(of: path) { read, _ in progress.reading(read) }
            summary = try await container.workers.makeTransferWorker().importArchive(
                data, progress: { progress.importing($0, of: $1) }, checking: { progress.checking($0, of: $1) })
        } catch {
            progress.abandon()
            throw error
        }
        progress.finish()
        if json {
            container.output.write(
                #"{"inserted":\#(summary.inserted),"unchanged":\#(summary.unchanged),"updated":\#(summary.updated)}"#
                    + "\n")
        } else if !container.environment.quiet {
            container.output.write(
                "Imported \(path == FileAccess.standardInput ? "standard input" : DisplayText.escaped(path)): "
                    + "\(NumberText.grouped(summary.inserted)) new, \(NumberText.grouped(summary.updated)) updated, "
                    + "\(NumberText.grouped(summary.unchanged)) unchanged\n")
        }
    }

    static func jsonString(_ text: String) -> String {
        (try? JSONText.encode(text)) ?? "\"\""
    }
}
