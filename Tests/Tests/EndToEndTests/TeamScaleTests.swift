import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// The server at team scale, on a real PostgreSQL: several `stint-server` processes sharing one
/// database, many devices pushing at once, and the database going away in the middle of a run.
///
/// The database is STINT_TEST_POSTGRES_URL (`make test` starts a throwaway PostgreSQL 15); each test
/// gets a schema of its own. With STINT_REQUIRE_POSTGRES=1 (as `make test` sets) a missing database
/// fails the suite instead of skipping it.
@Suite(
    "A team on PostgreSQL", .serialized, .timeLimit(.minutes(10)),
    .enabled(if: TeamDatabase.url != nil || TeamDatabase.isRequired))
struct TeamScaleTests {
    @Test("three server processes on one database, twenty devices syncing at once: every change exactly once")
    func threeServersTwentyDevices() async throws {
        let database = try TeamDatabase.newSchemaURL()
        let root = TeamDatabase.temporaryRoot()
        defer { try? FileManager.default.removeItem(at: root) }
        let serverBinary = try ServerProcess.locateBinary()
        let binary = try Stint.locateBinary()
        let servers = (0..<3).map {
            ServerProcess(binary: serverBinary, data: root.appendingPathComponent("server-\($0)"), database: database)
        }
        defer { for server in servers { server.stop(signal: SIGKILL) } }
        for server in servers { try await server.start() }
        #expect(Set(servers.map(\.port)).count == 3)

        // Four people, five devices each, spread over the three servers.
        let tokens = try (0..<4).map { try servers[$0 % 3].addUser("member-\($0)") }
        var devices: [Stint] = []
        for index in 0..<20 {
            var device = Stint(binary: binary, root: root.appendingPathComponent("device-\(index)"))
            device.extraEnvironment["STINT_SYNC_TIMEOUT"] = "30"
            try FileManager.default.createDirectory(at: device.home, withIntermediateDirectories: true)
            try await device.ok("login", servers[index % 3].url, "--token", tokens[index % 4])
            devices.append(device)
        }

        // Three rounds: every device adds five tasks and completes one it pulled from a neighbour,
        // then all twenty sync at the same moment (each push is also a pull while the others push).
        var expected: [String] = []
        var completions = 0
        for round in 0..<3 {
            for index in 0..<20 {
                expected += (0..<5).map { "d\(index)-r\(round)-t\($0)" }
            }
            completions += try await withThrowingTaskGroup(of: Int.self) { group in
                for (index, device) in devices.enumerated() {
                    group.addTask {
                        for task in 0..<5 {
                            try await device.ok("task", "add", "d\(index)-r\(round)-t\(task)")
                        }
                        // The neighbour's task is there only if this device's last pull came after the
                        // neighbour's push: which of the two came first is up to the race.
                        var completed = 0
                        if round > 0 {
                            let neighbour = "d\((index + 1) % 20)-r\(round - 1)-t0"
                            let tasks = try await device.json("task", "list", "--status", "all")
                            if let id = tasks.array.first(where: { $0["title"].string == neighbour })?["id"].string {
                                try await device.ok("task", "done", String(id.prefix(8)))
                                completed = 1
                            }
                        }
                        try await device.ok("sync")
                        return completed
                    }
                }
                return try await group.reduce(0, +)
            }
        }
        // Two more rounds with nothing new: every device pulls what the others pushed last.
        for _ in 0..<2 {
            try await withThrowingTaskGroup(of: Void.self) { group in
                for device in devices { group.addTask { try await device.ok("sync") } }
                try await group.waitForAll()
            }
        }

        var views: [[String: String]] = []
        for device in devices {
            let tasks = try await device.json("task", "list", "--status", "all").array
            let titles = tasks.compactMap { $0["title"].string }
            // Exactly once: no task missing (a skipped row) and none twice (a push applied twice).
            #expect(titles.count == expected.count)
            #expect(titles.sorted() == expected.sorted())
            var view: [String: String] = [:]
            for task in tasks {
                view[task["title"].string ?? ""] = task["status"].string ?? ""
            }
            views.append(view)
            #expect((try await device.json("sync", "status"))["pending_changes"].int == 0)
        }
        #expect(views.allSatisfy { $0 == views[0] })
        // Each completion reached every device (each completed a different task).
        #expect(completions > 0)
        #expect(views[0].values.filter { $0 == "done" }.count == completions)
    }

    @Test("PostgreSQL restarted in the middle of a run: 503 while it is away, back on its own, nothing lost")
    func databaseRestart() async throws {
        let root = TeamDatabase.temporaryRoot()
        defer { try? FileManager.default.removeItem(at: root) }
        // A cluster of its own: restarting the shared one would break the tests running beside this one.
        let cluster = try await ThrowawayPostgres.start(in: root.appendingPathComponent("postgres"))
        defer { cluster.stop() }
        let server = ServerProcess(
            binary: try ServerProcess.locateBinary(), data: root.appendingPathComponent("server"),
            database: cluster.url)
        defer { server.stop(signal: SIGKILL) }
        try await server.start()
        let token = try server.addUser("ana")
        let binary = try Stint.locateBinary()
        var writer = Stint(binary: binary, root: root.appendingPathComponent("writer"))
        writer.extraEnvironment["STINT_SYNC_TIMEOUT"] = "10"
        try FileManager.default.createDirectory(at: writer.home, withIntermediateDirectories: true)
        try await writer.ok("login", server.url, "--token", token)
        try await writer.ok("task", "add", "Acknowledged before the restart")
        let acknowledged = try await writer.ok("sync")
        #expect(acknowledged.stdout.contains("pushed 1"), "\(acknowledged)")

        try await cluster.stopServer()
        try await writer.ok("task", "add", "Written while the database is away")
        let refused = try await writer.run("sync")
        #expect(refused.status != 0)
        #expect(refused.stderrLines.count == 1, "\(refused)")
        #expect(refused.stderr.contains("503"), "\(refused)")
        let health = try await HTTP.get(server.url + "/v1/session", token: token)
        #expect(health.status == 503, "\(health)")
        #expect(health.json["code"].string == "unavailable", "\(health)")
        #expect((try await writer.json("sync", "status"))["pending_changes"].int == 1)

        // Back, on the same port: the same server process recovers without a restart.
        try await cluster.startServer()
        try await writer.ok("task", "add", "Written after it came back")
        let recovered = try await writer.ok("sync")
        #expect(recovered.stdout.contains("pushed 2"), "\(recovered)")
        #expect(server.process?.isRunning == true)

        // A new device sees everything, each once.
        let reader = Stint(binary: binary, root: root.appendingPathComponent("reader"))
        try FileManager.default.createDirectory(at: reader.home, withIntermediateDirectories: true)
        try await reader.ok("login", server.url, "--token", token)
        try await reader.ok("sync")
        #expect(
            titles(try await reader.json("task", "list", "--status", "all")).sorted() == [
                "Acknowledged before the restart", "Written after it came back", "Written while the database is away",
            ])
    }
}

enum TeamDatabase {
    static var url: String? {
        ProcessInfo.processInfo.environment["STINT_TEST_POSTGRES_URL"].flatMap { $0.isEmpty ? nil : $0 }
    }
    static var isRequired: Bool { ProcessInfo.processInfo.environment["STINT_REQUIRE_POSTGRES"] == "1" }

    /// The test database with a new schema of its own.
    static func newSchemaURL() throws -> String {
        guard let url else {
            throw StintFailure(description: "STINT_TEST_POSTGRES_URL is not set: run these tests with `make test-e2e`")
        }
        let schema = "team_" + UUID().uuidString.lowercased().replacingOccurrences(of: "-", with: "")
        return url + (url.contains("?") ? "&" : "?") + "schema=" + schema
    }

    static func temporaryRoot() -> URL {
        FileManager.default.temporaryDirectory
            .appendingPathComponent("stint-team-\(UUID().uuidString.lowercased())", isDirectory: true)
    }
}

/// A PostgreSQL cluster of one test's own, through the repository's throwaway-postgres.sh.
struct ThrowawayPostgres: Sendable {
    let directory: URL
    let port: Int
    let url: String

    static var script: URL {
        // This file is Tests/Tests/EndToEndTests/TeamScaleTests.swift; the script is under Packages/Server.
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Packages/Server/scripts/throwaway-postgres.sh")
    }

    static func start(in directory: URL) async throws -> ThrowawayPostgres {
        let port = try freePort()
        let output = try await run(["start", directory.path, String(port)])
        guard let url = output.split(separator: "\n").last.map(String.init), url.hasPrefix("postgres://") else {
            throw StintFailure(description: "throwaway-postgres.sh printed no URL: \(output)")
        }
        return ThrowawayPostgres(directory: directory, port: port, url: url)
    }

    func stopServer() async throws { try await Self.run(["stop", directory.path]) }

    func startServer() async throws { try await Self.run(["start", directory.path, String(port)]) }

    /// Stops the cluster; synchronous, for a `defer`.
    func stop() {
        let process = Process()
        process.executableURL = Self.script
        process.arguments = ["stop", directory.path]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try? process.run()
        process.waitUntilExit()
    }

    /// Runs the script with its output in a file (a pipe's reader can wait for ever on the daemon
    /// PostgreSQL forks), waiting for its exit through the termination handler.
    @discardableResult
    private static func run(_ arguments: [String]) async throws -> String {
        let log = FileManager.default.temporaryDirectory.appendingPathComponent("pg-\(UUID().uuidString).log")
        guard FileManager.default.createFile(atPath: log.path, contents: nil) else {
            throw StintFailure(description: "cannot create \(log.path)")
        }
        defer { try? FileManager.default.removeItem(at: log) }
        let handle = try FileHandle(forWritingTo: log)
        let process = Process()
        process.executableURL = script
        process.arguments = arguments
        process.standardOutput = handle
        process.standardError = handle
        process.standardInput = FileHandle.nullDevice
        let status: Int32 = try await withCheckedThrowingContinuation { continuation in
            process.terminationHandler = { continuation.resume(returning: $0.terminationStatus) }
            do {
                try process.run()
            } catch {
                process.terminationHandler = nil
                continuation.resume(throwing: error)
            }
        }
        try? handle.close()
        let text = String(decoding: try Data(contentsOf: log), as: UTF8.self)
        guard status == 0 else {
            throw StintFailure(description: "throwaway-postgres.sh \(arguments.joined(separator: " ")) failed: \(text)")
        }
        return text
    }

    /// A port nothing listens on now: bound to 0, read back, released.
    private static func freePort() throws -> Int {
        let socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard socket >= 0 else { throw StintFailure(description: "socket() failed") }
        defer { close(socket) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = 0
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard bound == 0 else { throw StintFailure(description: "bind() failed") }
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(socket, $0, &length) }
        }
        return Int(UInt16(bigEndian: address.sin_port))
    }
}
