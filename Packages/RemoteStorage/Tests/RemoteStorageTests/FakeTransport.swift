import Foundation
import HTTPTypes
import OpenAPIRuntime

@testable import RemoteStorage

/// A transport that answers from a script instead of a network, and records what it was sent.
final class FakeTransport: ClientTransport, @unchecked Sendable {
    /// One answer of the script.
    enum Step: Sendable {
        /// An HTTP answer; `contentType` nil sends none; `headers` are added to it.
        case answer(
            status: Int, body: String?, contentType: String? = "application/json", headers: [String: String] = [:])
        /// The transport fails with `error`, as URLSession does when the network fails.
        case fail(any Error)
        /// The transport never answers (until its task is cancelled).
        case hang
    }

    /// A request as it reached the transport.
    struct Sent: Sendable {
        var request: HTTPRequest
        var body: String?

        func header(_ name: String) -> String? {
            HTTPField.Name(name).flatMap { request.headerFields[$0] }
        }
    }

    private let lock = NSLock()
    private var steps: [Step]
    private var log: [Sent] = []

    /// Answers with `steps` in order; the last one repeats.
    init(_ steps: Step...) {
        precondition(!steps.isEmpty, "a script needs a step")
        self.steps = steps
    }

    /// Everything sent so far.
    var sent: [Sent] { lock.withLock { log } }

    func send(_ request: HTTPRequest, body: HTTPBody?, baseURL: URL, operationID: String) async throws -> (
        HTTPResponse, HTTPBody?
    ) {
        var text: String?
        if let body { text = try await String(collecting: body, upTo: 1 << 20) }
        let step: Step = lock.withLock {
            log.append(Sent(request: request, body: text))
            return steps.count > 1 ? steps.removeFirst() : steps[0]
        }
        switch step {
        case .answer(let status, let body, let contentType, let headers):
            var response = HTTPResponse(status: .init(code: status))
            if let contentType { response.headerFields[.contentType] = contentType }
            for (name, value) in headers {
                guard let name = HTTPField.Name(name) else { preconditionFailure("fixture: header \(name)") }
                response.headerFields[name] = value
            }
            return (response, body.map { HTTPBody($0) })
        case .fail(let error):
            throw error
        case .hang:
            try await Task.sleep(for: .seconds(3600))
            throw CancellationError()
        }
    }
}

/// A token provider whose token can change between calls, and that counts how often it is asked.
final class ChangingToken: TokenProvider, @unchecked Sendable {
    private let lock = NSLock()
    private var value: String?

    init(_ value: String?) {
        self.value = value
    }

    func set(_ value: String?) {
        lock.withLock { self.value = value }
    }

    func token() throws(RemoteStorageError) -> String {
        guard let value = lock.withLock({ value }) else { throw .notConfigured("not logged in") }
        return value
    }
}

/// An address provider with no address.
struct NoAddress: ServerAddressProvider {
    func serverURL() throws(RemoteStorageError) -> URL {
        throw .notConfigured("no server: run stint login")
    }
}

enum Fixture {
    static let token = "stint_s3cr3t-T0ken_xyz"
    static let url = loopback(port: 8420)
    static let epoch = "ep-1"
    static let userID = "6f1c2f4e-8d0a-4a53-9a47-7b0c2a5c1f10"
    static let deviceID = "0b8b6f3e-2f7d-4c35-8a2e-5a7b1f3d9c21"

    static let sessionJSON = #"{"user":{"id":"\#(userID)","name":"Ada"},"epoch":"ep-1","protocol":1}"#
    static let healthJSON = #"{"status":"ok","protocol":1,"epoch":"ep-1"}"#
    static let teamJSON = #"{"members":[{"id":"\#(userID)","name":"Ada"}]}"#
    static let deviceJSON =
        #"{"id":"\#(deviceID)","name":"laptop","userId":"\#(userID)","lastMutation":4,"epoch":"ep-1"}"#
    static let pushJSON = #"""
        {"lastMutation":3,"replayed":false,"results":[{"number":3,"outcome":"conflict",
        "conflicts":[{"field":"title","mine":"a","theirs":"b"}],
        "record":{"entity":"task","id":"\#(deviceID)","version":2,"sequence":9,"deleted":false,
        "fields":{"title":"b","tags":["x"],"billable":0}}}]}
        """#
    static let pageJSON = #"""
        {"changes":[{"entity":"project","id":"\#(deviceID)","version":1,"sequence":5,"deleted":true,
        "fields":{"name":"P","deleted_at":1700000000000}}],"cursor":"ep-1:5","hasMore":false,"epoch":"ep-1"}
        """#

    static func problem(_ code: String, _ message: String, supported: Int? = nil) -> String {
        let extra = supported.map { #","supportedProtocol":\#($0)"# } ?? ""
        return #"{"code":"\#(code)","message":"\#(message)"\#(extra)}"#
    }

    static let registration = DeviceRegistration(id: deviceID, name: "laptop", startAfter: 0)
    static func batch() throws -> PushRequest {
        let changes = Fields(["title": .string("a")])
        return PushRequest(
            deviceId: deviceID,
            epoch: epoch,
            first: 1,
            last: 3,
            mutations: [Mutation(number: 3, entity: .task, id: deviceID, changes: changes)]
        )
    }

    /// http://127.0.0.1:<port>
    static func loopback(port: UInt16) -> URL {
        var components = URLComponents()
        components.scheme = "http"
        components.host = "127.0.0.1"
        components.port = Int(port)
        guard let url = components.url else { preconditionFailure("a valid URL") }
        return url
    }

    /// A client over `transport`, with retries that do not wait.
    static func client(
        _ transport: FakeTransport,
        token: any TokenProvider = StaticToken(Fixture.token),
        retries: Int = 2,
        timeout: Duration = .seconds(5),
        protocolVersion: Int = 1
    ) -> StintServerClient {
        StintServerClient(
            address: StaticServerAddress(url),
            token: token,
            configuration: .init(timeout: timeout, retries: retries, backoff: .zero, protocolVersion: protocolVersion),
            transport: transport
        )
    }
}

/// The error `body` throws, or nil when it succeeds.
func remoteError<T>(_ body: () async throws(RemoteStorageError) -> T) async -> RemoteStorageError? {
    do {
        _ = try await body()
        return nil
    } catch {
        return error
    }
}
