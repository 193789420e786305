import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// A real `stint-server` process on 127.0.0.1, on a free port the server picked itself (`--port 0`),
/// with its own data folder, or, when STINT_E2E_DATABASE_URL names a PostgreSQL database (`make
/// test-e2e` runs the sync journeys a second time so), a schema of its own there. The tests talk to it
/// only as devices do: over HTTP, through `stint`.
final class ServerProcess: @unchecked Sendable {
    let binary: URL
    let data: URL
    private(set) var process: Process?
    private(set) var port: Int = 0
    /// The PostgreSQL URL of this server's own schema; nil for the embedded store in `data`.
    private(set) var database: String?
    /// `--tls-cert` and `--tls-key`: the server speaks HTTPS only.
    var tls: (certificate: URL, key: URL)?

    var url: String { "\(tls == nil ? "http" : "https")://127.0.0.1:\(port)" }

    init(binary: URL, data: URL) {
        self.binary = binary
        self.data = data
        database = Self.newDatabase()
    }

    /// A server on the PostgreSQL database `database` (a URL with its schema): several processes given
    /// the same one share their data.
    init(binary: URL, data: URL, database: String) {
        self.binary = binary
        self.data = data
        self.database = database
    }

    /// The PostgreSQL database of the run with a new schema, or nil when the run uses SQLite.
    static func newDatabase() -> String? {
        guard let base = ProcessInfo.processInfo.environment["STINT_E2E_DATABASE_URL"], !base.isEmpty else {
            return nil
        }
        let schema = "e2e_" + UUID().uuidString.lowercased().replacingOccurrences(of: "-", with: "")
        return base + (base.contains("?") ? "&" : "?") + "schema=" + schema
    }

    /// What selects the store on `stint-server`'s command line.
    var storeArguments: [String] {
        if let database { return ["--database", database] }
        return ["--data", data.path]
    }

    /// Forgets everything the server stored (the server must be stopped): a new data folder or schema.
    func reset() throws {
        if database != nil {
            database = Self.newDatabase()
        } else {
            try FileManager.default.removeItem(at: data)
        }
    }

    /// The binary named by STINT_SERVER_BINARY (`make test-e2e` sets it).
    static func locateBinary() throws -> URL {
        guard let path = ProcessInfo.processInfo.environment["STINT_SERVER_BINARY"], !path.isEmpty,
            FileManager.default.isExecutableFile(atPath: path)
        else {
            throw StintFailure(
                description: "STINT_SERVER_BINARY does not name an executable stint-server: "
                    + "run the end-to-end tests via `make test-e2e`")
        }
        return URL(fileURLWithPath: path)
    }

    /// Starts `stint-server serve` and returns once it printed the line saying where it listens.
    /// The port of an earlier run is asked for again after a restart, so devices keep their URL.
    func start() async throws {
        let process = Process()
        process.executableURL = binary
        let requested = port
        process.arguments =
            ["serve", "--host", "127.0.0.1", "--port", String(requested)] + storeArguments
            + (tls.map { ["--tls-cert", $0.certificate.path, "--tls-key", $0.key.path] } ?? [])
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle(forWritingAtPath: "/dev/null")
        process.standardInput = FileHandle(forReadingAtPath: "/dev/null")
        try process.run()
        self.process = process
        let line = try await Self.firstLine(containing: "listening on", from: output.fileHandleForReading)
        guard let range = line.range(of: "127.0.0.1:"),
            let port = Int(line[range.upperBound...].prefix { $0.isNumber })
        else {
            process.terminate()
            throw StintFailure(description: "stint-server did not say where it listens: \(line)")
        }
        self.port = port
    }

    /// Sends `signal` and waits until the process is gone.
    func stop(signal: Int32 = SIGTERM) {
        guard let process, process.isRunning else { return }
        kill(process.processIdentifier, signal)
        process.waitUntilExit()
        self.process = nil
    }

    /// Runs a `stint-server` administration command on the same store.
    func admin(_ arguments: String...) throws -> (status: Int32, stdout: String, stderr: String) {
        let process = Process()
        process.executableURL = binary
        process.arguments = arguments + storeArguments
        let out = Pipe()
        let err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        let stdout = out.fileHandleForReading.readDataToEndOfFile()
        let stderr = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (
            process.terminationStatus, String(decoding: stdout, as: UTF8.self), String(decoding: stderr, as: UTF8.self)
        )
    }

    /// `stint-server user add NAME`: the token is the last line of standard output.
    func addUser(_ name: String) throws -> String {
        let result = try admin("user", "add", name)
        guard result.status == 0, let token = result.stdout.split(separator: "\n").last else {
            throw StintFailure(description: "user add \(name) failed: \(result.stderr)")
        }
        return String(token)
    }

    /// Reads from `handle` on a thread of its own until a line contains `marker` (or the pipe closes).
    private static func firstLine(containing marker: String, from handle: FileHandle) async throws -> String {
        try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<String, any Error>) in
            Thread.detachNewThread {
                var buffer = Data()
                while true {
                    let chunk = handle.availableData
                    if chunk.isEmpty {
                        continuation.resume(
                            throwing: StintFailure(
                                description: "stint-server exited before listening: "
                                    + String(decoding: buffer, as: UTF8.self)))
                        return
                    }
                    buffer.append(chunk)
                    let text = String(decoding: buffer, as: UTF8.self)
                    if let line = text.split(separator: "\n").first(where: { $0.contains(marker) }) {
                        continuation.resume(returning: String(line))
                        return
                    }
                }
            }
        }
    }
}

/// A server and several devices, each a `stint` with its own STINT_HOME, torn down afterwards.
struct SyncWorld: Sendable {
    let server: ServerProcess
    let devices: [Stint]

    static func with(devices count: Int, _ body: (SyncWorld) async throws -> Void) async throws {
        let binary = try Stint.locateBinary()
        let serverBinary = try ServerProcess.locateBinary()
        let root = FileManager.default.temporaryDirectory
            .appendingPathComponent("stint-sync-\(UUID().uuidString.lowercased())", isDirectory: true)
        defer { try? FileManager.default.removeItem(at: root) }
        let server = ServerProcess(binary: serverBinary, data: root.appendingPathComponent("server"))
        var devices: [Stint] = []
        for index in 0..<count {
            let device = Stint(binary: binary, root: root.appendingPathComponent("device-\(index)"))
            try FileManager.default.createDirectory(at: device.home, withIntermediateDirectories: true)
            devices.append(device)
        }
        try await server.start()
        defer { server.stop(signal: SIGKILL) }
        try await body(SyncWorld(server: server, devices: devices))
    }

    /// Logs `device` in as a new user `name` (made on the server first) and returns the token.
    @discardableResult
    func login(_ device: Stint, as name: String, token existing: String? = nil) async throws -> String {
        let token = try existing ?? server.addUser(name)
        try await device.ok("login", server.url, "--token", token)
        return token
    }
}
