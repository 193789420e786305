import Foundation
import TerminalUI
import Workers

/// `stint undo`, `stint export` and `stint import`: whole-database commands without a feature of their own.
extension AppCoordinator {
    /// Reverts the last change and says what it was. The summary names projects, lists and tasks as they were
    /// stored, so it is shown escaped as every name is (`\u{202E}`); JSON carries it as it is.
    public func undo() async throws {
        let summary = try await container.workers.makeHistoryWorker().undo()
        if json {
            container.output.write(#"{"undone":"# + Self.jsonString(summary) + "}\n")
        } else if !container.environment.quiet {
            container.output.write("Undid: \(DisplayText.escaped(summary))\n")
        }
    }

    /// Writes the export to `path`, or to stdout when nil or `-` (as `stint import -` reads standard input).
    public func export(to path: String?) async throws {
        let data = try await container.workers.makeTransferWorker().export()
        guard let path, path != FileAccess.standardInput else {
            container.output.writeLine(String(decoding: data, as: UTF8.self))
            return
        }
        try FileAccess.save(data, to: path)
        guard !container.environment.quiet else { return }
        container.errorOutput.write("Exported to \(DisplayText.escaped(path))\n")
    }

    /// Imports an export file (`-`: standard input), with progress on a terminal from the first byte read.
    /// - Parameter dryRun: say what the import would do and write nothing.
    public func importFile(_ path: String, dryRun: Bool = false) async throws {
        let summary = try await withImportProgress { progress in
            let data = try FileAccess.contents(of: path) { read, _ in progress.reading(read) }
            return try await container.workers.makeTransferWorker().importArchive(
                data, dryRun: dryRun, progress: { progress.importing($0, of: $1) },
                checking: { progress.checking($0, of: $1) })
        }
        if json {
            let dry = dryRun ? #""dry_run":true,"# : ""
            container.output.write(
                #"{"claimed":\#(summary.claimed),\#(dry)"inserted":\#(summary.inserted),"paused":\#(summary.paused),"#
                    + #""unchanged":\#(summary.unchanged),"updated":\#(summary.updated)}"# + "\n")
        } else if !container.environment.quiet || dryRun {
            container.output.write(
                (dryRun ? "Would import " : "Imported ")
                    + "\(path == FileAccess.standardInput ? "standard input" : DisplayText.escaped(path)): "
                    + "\(NumberText.grouped(summary.inserted)) new, \(NumberText.grouped(summary.updated)) updated, "
                    + "\(NumberText.grouped(summary.unchanged)) unchanged" + (dryRun ? " (nothing written)" : "") + "\n"
            )
            if summary.claimed > 0 {
                container.output.write(
                    "\(dryRun ? "Would count" : "Counted") \(Self.counted(summary.claimed, "timer or entry", "timers and entries")) "
                        + "of the exporting device as yours\n")
            }
            if summary.paused > 0 {
                container.output.write(
                    "\(dryRun ? "Would pause" : "Paused") \(Self.counted(summary.paused, "timer", "timers")) that started "
                        + "earlier: one timer runs at a time\n")
            }
        }
    }

    private static func counted(_ count: Int, _ one: String, _ many: String) -> String {
        count == 1 ? "1 \(one)" : "\(NumberText.grouped(count)) \(many)"
    }

    /// Imports another tool's data (ADR 0029); with `dryRun` prints what would happen, item by item.
    /// - Parameter projectTags: Timewarrior's tags that name projects (`--project-tags`), nil for the default rule.
    public func importForeign(
        _ path: String, from source: ImportSourceOption, projectTags: [String]?, dryRun: Bool
    ) async throws {
        let result = try await withImportProgress { progress in
            let worker = try container.workers.makeTransferWorker()
            let read: @Sendable (Int, Int) -> Void = { progress.checking($0, of: $1) }
            let merged: @Sendable (Int, Int) -> Void = { progress.importing($0, of: $1) }
            switch source {
            case .timewarrior:
                let data =
                    try FileAccess.timewarriorFolder(path) { read, _ in progress.reading(read) }
                    ?? FileAccess.contents(of: path) { read, _ in progress.reading(read) }
                return try await worker.importTimewarrior(
                    data, projectTags: projectTags, dryRun: dryRun, checking: read, progress: merged)
            case .watson:
                let (frames, state) = try FileAccess.watsonFiles(path) { read, _ in progress.reading(read) }
                return try await worker.importWatson(
                    frames: frames, state: state, dryRun: dryRun, checking: read, progress: merged)
            case .taskwarrior:
                let data = try FileAccess.contents(of: path) { read, _ in progress.reading(read) }
                return try await worker.importTaskwarrior(data, dryRun: dryRun, checking: read, progress: merged)
            case .stint:
                preconditionFailure("a Stint export is imported by importFile(_:)")
            }
        }
        let counts = (
            created: result.count(.create), updated: result.count(.update), unchanged: result.count(.unchanged),
            skipped: result.count(.skip), deleted: result.count(.delete)
        )
        if json {
            var text = #"{"deleted":\#(counts.deleted),"dry_run":\#(dryRun),"inserted":\#(counts.created),"#
            text += #""skipped":\#(counts.skipped),"#
            text += #""unchanged":\#(counts.unchanged),"updated":\#(counts.updated)"#
            if dryRun {
                let items = result.lines.map { line in
                    #"{"action":"\#(line.action.rawValue)","detail":\#(Self.jsonString(line.detail)),"#
                        + #""kind":"\#(line.kind)","title":\#(Self.jsonString(line.title))}"#
                }
                text += #","items":["# + items.joined(with: ",") + "]"
            }
            container.output.write(text + "}\n")
            return
        }
        if dryRun {
            let width = "project".count
            for line in result.lines {
                let action = line.action == .unchanged ? "keep" : line.action.rawValue
                let kind = line.kind + String(repeating: " ", count: width - line.kind.count)
                let detail = line.detail.isEmpty ? "" : "  (\(DisplayText.escaped(line.detail)))"
                container.output.write(
                    "\(action.padding(toLength: 7, withPad: " ", startingAt: 0))\(kind)  "
                        + "\(DisplayText.escaped(line.title))\(detail)\n")
            }
        }
        guard !container.environment.quiet || dryRun else { return }
        let shown = path == FileAccess.standardInput ? "standard input" : DisplayText.escaped(path)
        container.output.write(
            (dryRun ? "Would import \(shown) from \(source.toolName): " : "Imported \(shown) from \(source.toolName): ")
                + "\(NumberText.grouped(counts.created)) new, \(NumberText.grouped(counts.updated)) updated, "
                + "\(NumberText.grouped(counts.unchanged)) unchanged, \(NumberText.grouped(counts.skipped)) skipped"
                + (counts.deleted > 0 ? ", \(NumberText.grouped(counts.deleted)) deleted" : "")
                + (dryRun ? " (nothing written)" : "") + "\n")
    }

    /// Runs an import with its progress line on stderr (a terminal only), cleared when it fails.
    private func withImportProgress<T>(_ body: (ImportProgress) async throws -> T) async throws -> T {
        let progress = ImportProgress(
            style: TerminalStyle(isTTY: container.environment.showsProgress, useColor: false, width: nil),
            output: container.errorOutput)
        do {
            let result = try await body(progress)
            progress.finish()
            return result
        } catch {
            progress.abandon()
            throw error
        }
    }

    static func jsonString(_ text: String) -> String {
        (try? JSONText.encode(text)) ?? "\"\""
    }
}
