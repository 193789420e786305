import Foundation
import HTTPTypes
import OpenAPIRuntime

#if canImport(Glibc)
    import Glibc
#endif

/// One HTTP exchange between `stint` and its `stint-http` helper, as JSON on the helper's stdin and stdout.
///
/// Why a helper: Foundation's URLSession on Linux is libcurl, and linking it loads about thirty shared libraries
/// (TLS, Kerberos, LDAP, IDN…) at every start of the process — measured, it made `stint --version` 1.6 times
/// slower and 7 MiB bigger. The helper carries only `https://` servers now, once per request in a separate process,
/// because TLS is what needs libcurl; `http://` servers are reached in process by ``SocketTransport`` over one
/// kept-alive connection, without the 25 to 40 ms a helper start costs per request (``RoutingTransport``,
/// docs/adr/0018).
package struct HelperRequest: Codable, Sendable {
    package var method: String
    package var url: String
    /// Header fields in order, as name/value pairs (a name may repeat).
    package var headers: [[String]]
    package var timeoutSeconds: Double
    package var body: Data?

    package init(method: String, url: String, headers: [[String]], timeoutSeconds: Double, body: Data?) {
        self.method = method
        self.url = url
        self.headers = headers
        self.timeoutSeconds = timeoutSeconds
        self.body = body
    }
}

/// The helper's answer: a response, or why there is none.
package struct HelperResponse: Codable, Sendable {
    package var status: Int?
    package var headers: [[String]]?
    package var body: Data?
    /// `unreachable`, `timedOut` or `invalidResponse` when the exchange failed.
    package var failure: String?
    /// One line for people, when it failed.
    package var message: String?

    package init(
        status: Int? = nil, headers: [[String]]? = nil, body: Data? = nil, failure: String? = nil,
        message: String? = nil
    ) {
        self.status = status
        self.headers = headers
        self.body = body
        self.failure = failure
        self.message = message
    }
}

/// ``ClientTransport`` through the `stint-http` helper next to the running executable: one process per request.
/// ``RoutingTransport`` gives it the `https://` servers; tests also use it directly for `http://` ones, so that the
/// helper stays tested against real sockets.
struct HelperTransport: ClientTransport {
    let helper: URL
    let timeoutSeconds: Double

    /// The helper installed next to the running executable (`/proc/self/exe` on Linux).
    static func besideExecutable() -> URL {
        let executable = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
        let directory =
            executable.path == "/proc/self/exe"
            ? URL(fileURLWithPath: CommandLine.arguments.first ?? ".").deletingLastPathComponent()
            : executable.deletingLastPathComponent()
        return directory.appendingPathComponent("stint-http")
    }

    func send(
        _ request: HTTPRequest, body: HTTPBody?, baseURL: URL, operationID: String
    ) async throws -> (HTTPResponse, HTTPBody?) {
        var bytes: Data?
        if let body {
            bytes = try await Data(collecting: body, upTo: 64 << 20)
        }
        let path = request.path ?? "/"
        var base = baseURL.absoluteString
        while base.hasSuffix("/") { base.removeLast() }
        let exchange = HelperRequest(
            method: request.method.rawValue, url: base + path,
            headers: request.headerFields.map { [$0.name.rawName, $0.value] }, timeoutSeconds: timeoutSeconds,
            body: bytes)
        let answer = try await Self.run(helper: helper, input: JSONEncoder().encode(exchange))
        let decoded: HelperResponse
        do {
            decoded = try JSONDecoder().decode(HelperResponse.self, from: answer)
        } catch {
            throw TransportFailure(kind: .invalidResponse, message: "stint-http answered something unreadable")
        }
        if let failure = decoded.failure {
            throw TransportFailure(
                kind: TransportFailure.Kind(rawValue: failure) ?? .unreachable, message: decoded.message ?? failure)
        }
        guard let status = decoded.status else {
            throw TransportFailure(kind: .invalidResponse, message: "the answer is not a valid HTTP response")
        }
        var fields = HTTPFields()
        for pair in decoded.headers ?? [] where pair.count == 2 {
            if let name = HTTPField.Name(pair[0]) { fields.append(HTTPField(name: name, value: pair[1])) }
        }
        return (HTTPResponse(status: .init(code: status), headerFields: fields), HTTPBody(decoded.body ?? Data()))
    }

    /// Runs the helper with `input` on its stdin and returns its stdout; the process is killed when the calling
    /// task is cancelled (the deadline around each call cancels it).
    static func run(helper: URL, input: Data) async throws -> Data {
        guard FileManager.default.isExecutableFile(atPath: helper.path) else {
            throw TransportFailure(
                kind: .missingHelper,
                message: "\(helper.path) is missing: stint needs it to reach the server (reinstall stint)")
        }
        let process = Process()
        process.executableURL = helper
        let stdin = Pipe()
        let stdout = Pipe()
        process.standardInput = stdin
        process.standardOutput = stdout
        process.standardError = FileHandle(forWritingAtPath: "/dev/null")
        let box = ProcessBox(process)
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Data, any Error>) in
                Thread.detachNewThread {
                    do {
                        // A helper that dies before reading would otherwise kill stint with SIGPIPE.
                        signal(SIGPIPE, SIG_IGN)
                        try process.run()
                        try? stdin.fileHandleForWriting.write(contentsOf: input)
                        try? stdin.fileHandleForWriting.close()
                        let output = stdout.fileHandleForReading.readDataToEndOfFile()
                        process.waitUntilExit()
                        continuation.resume(returning: output)
                    } catch {
                        continuation.resume(
                            throwing: TransportFailure(
                                kind: .missingHelper,
                                message: "cannot run \(helper.path): \(error.localizedDescription)"))
                    }
                }
            }
        } onCancel: {
            box.terminate()
        }
    }
}

/// Lets the cancellation handler stop the helper from another thread.
private final class ProcessBox: @unchecked Sendable {
    private let process: Process
    private let lock = NSLock()

    init(_ process: Process) { self.process = process }

    func terminate() {
        lock.withLock {
            if process.isRunning { process.terminate() }
        }
    }
}
