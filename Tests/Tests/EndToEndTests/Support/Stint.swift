import Foundation
import Testing

/// What one run of `stint` left behind: the exit status and everything it printed.
struct StintRun: Sendable, CustomStringConvertible {
    let arguments: [String]
    /// The exit code; a process killed by a signal reports 128 + the signal number, as a shell would.
    let status: Int32
    let stdout: String
    let stderr: String

    /// Non-empty lines written to stderr.
    var stderrLines: [String] { stderr.split(separator: "\n").map(String.init) }

    /// Non-empty lines written to stdout.
    var stdoutLines: [String] { stdout.split(separator: "\n").map(String.init) }

    var description: String {
        let shown = arguments.map { $0.count > 60 ? "<\($0.count) characters>" : $0 }
        return "stint \(shown.joined(separator: " ")) -> exit \(status)\n"
            + "stdout: \(String(stdout.prefix(2_000)))\nstderr: \(String(stderr.prefix(2_000)))"
    }
}

/// Why a helper could not give a test what it asked for; the message says what to do about it.
struct StintFailure: Error, CustomStringConvertible {
    let description: String
}

/// The built `stint` binary bound to a private, freshly made STINT_HOME.
///
/// Every run gets the same pinned world: `STINT_NOW` (a Saturday), `TZ=UTC`, `NO_COLOR=1`, stdin from
/// /dev/null (so Stint can never prompt) and a HOME inside the temporary folder (so nothing can reach the
/// real `~/.local/share/stint`).
struct Stint: Sendable {
    /// "Now" for every run: Saturday 2026-11-21, 10:00 UTC.
    static let now = "2026-11-21T10:00:00Z"
    static let today = "2026-11-21"

    let binary: URL
    /// The temporary folder holding `home` and the scratch files of the test; removed afterwards.
    let root: URL
    /// STINT_NOW for the runs of this value; a journey across devices moves it forward with `at(_:)`.
    var now: String = Stint.now
    /// More variables for the runs of this value (e.g. a short STINT_SYNC_TIMEOUT).
    var extraEnvironment: [String: String] = [:]

    /// The same home at another instant: a device used an hour later is `stint.at("2026-11-21T11:00:00Z")`.
    func at(_ instant: String) -> Stint {
        var moved = self
        moved.now = instant
        return moved
    }

    var home: URL { root.appendingPathComponent("home", isDirectory: true) }
    var database: URL { home.appendingPathComponent("stint.sqlite") }

    /// Runs `body` with a fresh STINT_HOME and removes it afterwards, whatever happens.
    static func withHome(_ body: (Stint) async throws -> Void) async throws {
        let binary = try locateBinary()
        let root = FileManager.default.temporaryDirectory
            .appendingPathComponent("stint-e2e-\(UUID().uuidString.lowercased())", isDirectory: true)
        let stint = Stint(binary: binary, root: root)
        try FileManager.default.createDirectory(at: stint.home, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: root) }
        try await body(stint)
    }

    /// The binary named by STINT_BINARY; without it every test fails with this explanation.
    static func locateBinary() throws -> URL {
        guard let path = ProcessInfo.processInfo.environment["STINT_BINARY"], !path.isEmpty else {
            throw StintFailure(
                description: "STINT_BINARY is not set, so there is no stint binary to test: "
                    + "run the end-to-end tests via `make test-e2e`")
        }
        guard FileManager.default.isExecutableFile(atPath: path) else {
            throw StintFailure(
                description: "STINT_BINARY=\(path) is not an executable file: build it first, "
                    + "or run the end-to-end tests via `make test-e2e`")
        }
        return URL(fileURLWithPath: path)
    }

    var environment: [String: String] {
        var environment = [
            "STINT_HOME": home.path,
            "STINT_NOW": now,
            "TZ": "UTC",
            "NO_COLOR": "1",
            "TERM": "dumb",
            "HOME": root.path,
        ]
        environment.merge(extraEnvironment) { _, extra in extra }
        let inherited = ProcessInfo.processInfo.environment
        for key in ["PATH", "LD_LIBRARY_PATH"] {
            if let value = inherited[key] { environment[key] = value }
        }
        return environment
    }

    // MARK: Running

    func run(_ arguments: String...) async throws -> StintRun {
        try await run(arguments)
    }

    /// Runs `stint` with `arguments` to completion. Output goes to files rather than pipes, so a chatty
    /// child can never block on a full pipe while the test waits for it to exit.
    func run(_ arguments: [String]) async throws -> StintRun {
        try await run(arguments, input: nil)
    }

    /// Runs `stint` with `arguments`, its standard input read from `input` (or /dev/null when nil).
    func run(_ arguments: [String], input: String?) async throws -> StintRun {
        let token = UUID().uuidString.lowercased()
        let outURL = root.appendingPathComponent("stdout-\(token)")
        let errURL = root.appendingPathComponent("stderr-\(token)")
        let fileManager = FileManager.default
        guard fileManager.createFile(atPath: outURL.path, contents: nil),
            fileManager.createFile(atPath: errURL.path, contents: nil)
        else {
            throw StintFailure(description: "cannot create output files in \(root.path)")
        }
        defer {
            try? fileManager.removeItem(at: outURL)
            try? fileManager.removeItem(at: errURL)
        }
        let outHandle = try FileHandle(forWritingTo: outURL)
        let errHandle = try FileHandle(forWritingTo: errURL)
        var inputPath = "/dev/null"
        if let input {
            let inURL = root.appendingPathComponent("stdin-\(token)")
            try Data(input.utf8).write(to: inURL)
            inputPath = inURL.path
        }
        defer { if input != nil { try? fileManager.removeItem(atPath: inputPath) } }
        guard let nullHandle = FileHandle(forReadingAtPath: inputPath) else {
            throw StintFailure(description: "cannot open \(inputPath)")
        }

        let process = Process()
        process.executableURL = binary
        process.arguments = arguments
        process.environment = environment
        process.currentDirectoryURL = root
        process.standardInput = nullHandle
        process.standardOutput = outHandle
        process.standardError = errHandle

        let status: Int32 = try await withCheckedThrowingContinuation { continuation in
            process.terminationHandler = { finished in
                let code = finished.terminationStatus
                continuation.resume(returning: finished.terminationReason == .uncaughtSignal ? 128 + code : code)
            }
            do {
                try process.run()
            } catch {
                process.terminationHandler = nil
                continuation.resume(throwing: error)
            }
        }
        try? outHandle.close()
        try? errHandle.close()
        try? nullHandle.close()
        return StintRun(
            arguments: arguments, status: status,
            stdout: String(decoding: try Data(contentsOf: outURL), as: UTF8.self),
            stderr: String(decoding: try Data(contentsOf: errURL), as: UTF8.self))
    }

    /// Runs `stint <arguments> --json`, requires success, and parses stdout.
    func json(_ arguments: String...) async throws -> JSON {
        try await json(arguments)
    }

    func json(_ arguments: [String]) async throws -> JSON {
        let result = try await run(arguments + ["--json"])
        guard result.status == 0 else {
            throw StintFailure(description: "expected success, got:\n\(result)")
        }
        do {
            return JSON(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8), options: [.fragmentsAllowed]))
        } catch {
            throw StintFailure(description: "stdout is not JSON (\(error)):\n\(result)")
        }
    }

    /// Runs a command that must succeed and returns what it printed.
    @discardableResult
    func ok(_ arguments: String...) async throws -> StintRun {
        let result = try await run(arguments)
        guard result.status == 0 else {
            throw StintFailure(description: "expected success, got:\n\(result)")
        }
        return result
    }

    /// `stint export` in a canonical form for comparison: `exported_at` removed, keys sorted.
    func export() async throws -> String {
        let result = try await run("export")
        guard result.status == 0 else {
            throw StintFailure(description: "export failed:\n\(result)")
        }
        guard var object = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any] else {
            throw StintFailure(description: "export is not a JSON object:\n\(result)")
        }
        object.removeValue(forKey: "exported_at")
        let data = try JSONSerialization.data(withJSONObject: object, options: [.prettyPrinted, .sortedKeys])
        return String(decoding: data, as: UTF8.self)
    }

    /// Writes a scratch file next to the home (not inside it) and returns its URL.
    func file(_ name: String, _ contents: String) throws -> URL {
        let url = root.appendingPathComponent(name)
        try Data(contents.utf8).write(to: url)
        return url
    }

    func file(_ name: String, json object: Any) throws -> URL {
        let url = root.appendingPathComponent(name)
        try JSONSerialization.data(withJSONObject: object, options: [.sortedKeys]).write(to: url)
        return url
    }
}

// MARK: - Expectations shared by the journeys

/// Checks the error contract: the expected exit code, exactly one line on stderr starting "stint: ",
/// nothing on stdout (so `stint … --json | jq` never sees an error), and no crash report.
func expectFailure(
    _ result: StintRun, _ status: Int32, mentioning words: [String] = [],
    sourceLocation: SourceLocation = #_sourceLocation
) {
    #expect(result.status == status, "wrong exit code:\n\(result)", sourceLocation: sourceLocation)
    #expect(result.stderrLines.count == 1, "stderr must be one line:\n\(result)", sourceLocation: sourceLocation)
    #expect(
        result.stderr.hasPrefix("stint: "), "stderr must start with 'stint: ':\n\(result)",
        sourceLocation: sourceLocation)
    #expect(result.stdout.isEmpty, "stdout must stay clean on errors:\n\(result)", sourceLocation: sourceLocation)
    for marker in ["Fatal error", "Stack dump", "Backtrace", "Current stack trace", "fatalError"] {
        #expect(!result.stderr.contains(marker), "crash output on stderr:\n\(result)", sourceLocation: sourceLocation)
    }
    for word in words {
        #expect(
            result.stderr.localizedCaseInsensitiveContains(word), "stderr should mention '\(word)':\n\(result)",
            sourceLocation: sourceLocation)
    }
}

/// The titles of a JSON array of tasks, in order.
func titles(_ tasks: JSON) -> [String] {
    tasks.array.compactMap { $0["title"].string }
}

/// Whether `sqlite3` is on PATH: the newer-schema test edits a database with it, and CI may lack it.
let sqlite3Path: String? = {
    let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
    return path.split(separator: ":").map { "\($0)/sqlite3" }.first {
        FileManager.default.isExecutableFile(atPath: $0)
    }
}()
