import Foundation
import Hummingbird
import HummingbirdTesting
import Logging
import ServerCore
import Testing

@testable import StintServer

/// Every log line the server wrote, rendered with its metadata, for checks on what is logged.
final class LogCapture: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: [String] = []

    var lines: [String] { lock.withLock { stored } }

    func append(_ line: String) { lock.withLock { stored.append(line) } }

    var logger: Logger {
        Logger(label: "stint-server-test") { _ in CapturingLogHandler(capture: self) }
    }
}

struct CapturingLogHandler: LogHandler {
    let capture: LogCapture
    var metadata: Logger.Metadata = [:]
    var logLevel: Logger.Level = .trace

    subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    func log(event: LogEvent) {
        let merged = metadata.merging(event.metadata ?? [:]) { _, new in new }
        let rendered = merged.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: " ")
        capture.append("\(event.level) \(event.message) \(rendered)")
    }
}

/// Where this test run's stores go: one folder under the system's temporary one, removed when the process exits
/// (each run used to leave a couple of hundred stores in /tmp). Not per fixture: a fixture can be released while
/// the application over its store is still answering.
enum TestFolders {
    static let root: URL = {
        let root = FileManager.default.temporaryDirectory
            .appendingPathComponent("stint-server-tests-\(UUID().uuidString)")
        atexit { try? FileManager.default.removeItem(at: TestFolders.root) }
        return root
    }()

    /// A fresh folder for one store.
    static func make() -> URL {
        root.appendingPathComponent(UUID().uuidString)
    }
}

/// A real store in a fresh folder, with one user, the user's token and the test application over it.
struct Fixture {
    let store: SQLiteServerStore
    let token: String
    let logs = LogCapture()

    init() async throws {
        store = try SQLiteServerStore(directory: TestFolders.make())
        token = try await store.addUser(name: "ada").secret
    }

    /// The application; `limiter` counts failed sign-ins (a fresh one on the machine's clock by default).
    func application(limiter: AuthFailureLimiter = AuthFailureLimiter()) throws -> some ApplicationProtocol {
        Application(router: try makeRouter(store: store, limiter: limiter), logger: logs.logger)
    }

    /// The headers of a /v1 request: the protocol version and this fixture's token unless told otherwise,
    /// and `X-Forwarded-For` when given.
    func headers(
        protocol version: String? = "1", bearer: String? = nil, authorized: Bool = true, forwardedFor: String? = nil
    ) -> HTTPFields {
        var fields = HTTPFields()
        if let version { fields[.stintProtocol] = version }
        if authorized { fields[.authorization] = "Bearer \(bearer ?? token)" }
        if let forwardedFor { fields[.forwardedFor] = forwardedFor }
        fields[.contentType] = "application/json"
        return fields
    }
}

func json(_ response: TestResponse) throws -> [String: Any] {
    let object = try JSONSerialization.jsonObject(with: Data(response.body.readableBytesView))
    return try #require(object as? [String: Any])
}

func problemCode(_ response: TestResponse) throws -> String? {
    #expect(response.headers[.contentType]?.hasPrefix("application/json") == true)
    return try json(response)["code"] as? String
}

func body(_ text: String) -> ByteBuffer { ByteBuffer(string: text) }

/// A monotonic clock moved by hand, so a test crosses a window without waiting for it.
final class ManualClock: @unchecked Sendable {
    private let lock = NSLock()
    private var current = ContinuousClock.now

    var now: ContinuousClock.Instant { lock.withLock { current } }

    func advance(by duration: Duration) { lock.withLock { current += duration } }
}
