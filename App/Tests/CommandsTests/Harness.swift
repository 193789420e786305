import Adapters
import Commands
import Foundation
import TerminalUI

/// What one in-process run of a command line left behind.
struct Outcome: CustomStringConvertible {
    let arguments: [String]
    let status: Int32
    let stdout: String
    let stderr: String
    /// What the scripted terminal was asked.
    let prompts: [String]

    var stdoutLines: [String] { stdout.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) }

    var description: String {
        "stint \(arguments.joined(separator: " ")) -> \(status)\nstdout: \(stdout.prefix(1_500))\nstderr: \(stderr)"
    }
}

/// Runs whole command lines through `StintRuntime.run` against a temporary STINT_HOME, capturing stdout,
/// stderr and the exit code, without spawning the binary. Every run gets the same pinned world as the
/// end-to-end suite: Saturday 2026-11-21 10:00 UTC, no colour, no terminal unless asked.
final class Harness: @unchecked Sendable {
    let root: URL
    /// The background syncs auto-sync asked for (none is started in-process).
    let backgroundSyncs = RecordedBackgroundSyncs()
    private let lock = NSLock()
    private var pinnedNow = "2026-11-21T10:00:00Z"

    /// What `STINT_NOW` says in the next runs; a test moves it between commands.
    var now: String {
        get { lock.withLock { pinnedNow } }
        set { lock.withLock { pinnedNow = newValue } }
    }

    init() throws {
        root = FileManager.default.temporaryDirectory
            .appendingPathComponent("stint-commands-\(UUID().uuidString.lowercased())", isDirectory: true)
        try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(at: root) }

    var home: URL { root.appendingPathComponent("home", isDirectory: true) }

    /// Runs `arguments`. With `terminal`, stdin and stdout count as a terminal and `answers` are what the
    /// user types at each prompt (then end of input).
    @discardableResult
    func run(_ arguments: String..., terminal: Bool = false, answers: [String] = []) async -> Outcome {
        await run(arguments, terminal: terminal, answers: answers)
    }

    @discardableResult
    func run(
        _ arguments: [String], terminal: Bool = false, answers: [String] = [], environment: [String: String] = [:]
    ) async -> Outcome {
        let output = CapturedOutput()
        let errorOutput = CapturedOutput()
        let input = ScriptedLineReader(answers)
        let base = ["STINT_HOME": home.path, "STINT_NOW": now, "TZ": "UTC", "NO_COLOR": "1", "HOME": root.path]
        let context = ProcessContext(
            environment: base.merging(environment) { _, extra in extra },
            output: output, errorOutput: errorOutput, input: input,
            style: terminal ? TerminalStyle(isTTY: true, useColor: false, width: 120) : .plain,
            stdinIsTerminal: terminal, stderrIsTerminal: false, backgroundSync: backgroundSyncs)
        let status = await StintRuntime.run(arguments, context: context)
        return Outcome(
            arguments: arguments, status: status, stdout: output.text, stderr: errorOutput.text, prompts: input.prompts)
    }

    /// Runs commands that must succeed, to set a scene.
    func given(_ lines: [[String]]) async throws {
        for line in lines {
            let outcome = await run(line)
            guard outcome.status == 0 else { throw HarnessFailure(description: "setup failed: \(outcome)") }
        }
    }

    /// The JSON object or array a `--json` run printed.
    func json(_ arguments: String...) async throws -> Any {
        try await json(arguments)
    }

    func json(_ arguments: [String]) async throws -> Any {
        let outcome = await run(arguments + ["--json"])
        guard outcome.status == 0 else { throw HarnessFailure(description: "\(outcome)") }
        return try JSONSerialization.jsonObject(with: Data(outcome.stdout.utf8))
    }
}

struct HarnessFailure: Error, CustomStringConvertible {
    let description: String
}
