import Foundation
import OpenAPIRuntime
public import OpenAPIRuntime

/// The Stint server's API, as calls that return the server's types or throw a ``RemoteStorageError``.
///
/// Every request has a timeout; idempotent requests (the reads, `push` and `registerDevice`) are retried with
/// exponential backoff after a transient failure, never after the server refused them and never after a timeout
/// (a hung server costs one timeout). Paths, headers and status codes stay inside this type.
public struct StintServerClient: Sendable {
    private let address: any ServerAddressProvider
    private let tokens: any TokenProvider
    /// The timeout, retries and protocol version in use.
    public let configuration: RemoteConfiguration
    private let transport: any ClientTransport

    /// Creates a client.
    /// - Parameters:
    ///   - address: Where the server is; asked at each call.
    ///   - token: The bearer token; asked at each call that needs it.
    ///   - configuration: Timeout, retries, backoff and protocol version.
    ///   - transport: How requests travel; nil for the default: `http://` in process over one kept-alive
    ///     connection, `https://` through the `stint-http` helper beside the executable (tests pass a fake).
    public init(
        address: any ServerAddressProvider,
        token: any TokenProvider,
        configuration: RemoteConfiguration = .init(),
        transport: (any ClientTransport)? = nil
    ) {
        self.address = address
        self.tokens = token
        self.configuration = configuration
        self.transport = transport ?? RoutingTransport(timeoutSeconds: configuration.timeoutSeconds)
    }

    /// Whether the server is up, which protocol it speaks and its epoch. Needs no token.
    public func health() async throws(RemoteStorageError) -> Health {
        try await perform(authenticated: false, retrySafe: true) { client, _ in
            switch try await client.health() {
            case .ok(let ok):
                return try ok.body.json
            case .serviceUnavailable(let answer):
                throw Self.refusal(status: 503, problem: try answer.body.json)
            case .undocumented(let status, let payload):
                throw await Self.unexpected(status: status, payload: payload)
            }
        }
    }

    /// Who the token belongs to, with the server's epoch and protocol; the check `stint login` makes.
    public func session() async throws(RemoteStorageError) -> Session {
        try await perform(authenticated: true, retrySafe: true) { client, version in
            switch try await client.getSession(headers: .init(stintProtocol: version)) {
            case .ok(let ok):
                return try ok.body.json
            case .badRequest(let answer):
                throw Self.refusal(status: 400, problem: try answer.body.json)
            case .unauthorized(let answer):
                throw Self.refusal(status: 401, problem: try answer.body.json)
            case .upgradeRequired(let answer):
                throw Self.refusal(status: 426, problem: try answer.body.json)
            case .tooManyRequests(let answer):
                throw Self.refusal(
                    status: 429, problem: try answer.body.json, retryAfter: answer.headers.retryAfter)
            case .serviceUnavailable(let answer):
                throw Self.refusal(status: 503, problem: try answer.body.json)
            case .undocumented(let status, let payload):
                throw await Self.unexpected(status: status, payload: payload)
            }
        }
    }

    /// Everyone on the server.
    public func team() async throws(RemoteStorageError) -> Team {
        try await perform(authenticated: true, retrySafe: true) { client, version in
            switch try await client.listTeam(headers: .init(stintProtocol: version)) {
            case .ok(let ok):
                return try ok.body.json
            case .badRequest(let answer):
                throw Self.refusal(status: 400, problem: try answer.body.json)
            case .unauthorized(let answer):
                throw Self.refusal(status: 401, problem: try answer.body.json)
            case .upgradeRequired(let answer):
                throw Self.refusal(status: 426, problem: try answer.body.json)
            case .tooManyRequests(let answer):
                throw Self.refusal(
                    status: 429, problem: try answer.body.json, retryAfter: answer.headers.retryAfter)
            case .serviceUnavailable(let answer):
                throw Self.refusal(status: 503, problem: try answer.body.json)
            case .undocumented(let status, let payload):
                throw await Self.unexpected(status: status, payload: payload)
            }
        }
    }

    /// Registers this device under the token's user, or returns it as the server already knows it.
    /// Idempotent, so it is retried after a transient failure.
    public func registerDevice(_ registration: DeviceRegistration) async throws(RemoteStorageError) -> Device {
        try await perform(authenticated: true, retrySafe: true) { client, version in
            switch try await client.registerDevice(headers: .init(stintProtocol: version), body: .json(registration)) {
            case .ok(let ok):
                return try ok.body.json
            case .badRequest(let answer):
                throw Self.refusal(status: 400, problem: try answer.body.json)
            case .unauthorized(let answer):
                throw Self.refusal(status: 401, problem: try answer.body.json)
            case .forbidden(let answer):
                throw Self.refusal(status: 403, problem: try answer.body.json)
            case .contentTooLarge(let answer):
                throw Self.refusal(status: 413, problem: try answer.body.json)
            case .unsupportedMediaType(let answer):
                throw Self.refusal(status: 415, problem: try answer.body.json)
            case .upgradeRequired(let answer):
                throw Self.refusal(status: 426, problem: try answer.body.json)
            case .tooManyRequests(let answer):
                throw Self.refusal(
                    status: 429, problem: try answer.body.json, retryAfter: answer.headers.retryAfter)
            case .serviceUnavailable(let answer):
                throw Self.refusal(status: 503, problem: try answer.body.json)
            case .undocumented(let status, let payload):
                throw await Self.unexpected(status: status, payload: payload)
            }
        }
    }

    /// Sends one batch of the device's change log. The server applies a batch once and answers a repeated one
    /// from its stored result, so it is retried after a transient failure.
    public func push(_ request: PushRequest) async throws(RemoteStorageError) -> PushResponse {
        try await perform(authenticated: true, retrySafe: true) { client, version in
            // JSON Lines both ways (see JSONLines): the JSON representation is for other clients.
            let answer = try await client.push(
                headers: .init(stintProtocol: version, accept: Self.linesFirst()),
                body: .applicationJsonl(HTTPBody(JSONLines.body(request))))
            switch answer {
            case .ok(let ok):
                switch ok.body {
                case .json(let response): return response
                case .applicationJsonl(let body):
                    return try await Self.lines(body, read: JSONLines.pushResponse)
                }
            case .badRequest(let answer):
                throw Self.refusal(status: 400, problem: try answer.body.json)
            case .unauthorized(let answer):
                throw Self.refusal(status: 401, problem: try answer.body.json)
            case .forbidden(let answer):
                throw Self.refusal(status: 403, problem: try answer.body.json)
            case .conflict(let answer):
                throw Self.refusal(status: 409, problem: try answer.body.json)
            case .contentTooLarge(let answer):
                throw Self.refusal(status: 413, problem: try answer.body.json)
            case .unsupportedMediaType(let answer):
                throw Self.refusal(status: 415, problem: try answer.body.json)
            case .upgradeRequired(let answer):
                throw Self.refusal(status: 426, problem: try answer.body.json)
            case .tooManyRequests(let answer):
                throw Self.refusal(
                    status: 429, problem: try answer.body.json, retryAfter: answer.headers.retryAfter)
            case .serviceUnavailable(let answer):
                throw Self.refusal(status: 503, problem: try answer.body.json)
            case .undocumented(let status, let payload):
                throw await Self.unexpected(status: status, payload: payload)
            }
        }
    }

    /// One page of the records changed after `cursor` (nil: from the start), at most `limit` of them; with
    /// `device`, without the records whose last write was that device's own.
    public func pullChanges(since cursor: String?, limit: Int, leavingOut device: String? = nil)
        async throws(RemoteStorageError) -> ChangePage
    {
        try await perform(authenticated: true, retrySafe: true) { client, version in
            let answer = try await client.pullChanges(
                query: .init(since: cursor, limit: limit, device: device),
                headers: .init(stintProtocol: version, accept: Self.linesFirst())
            )
            switch answer {
            case .ok(let ok):
                switch ok.body {
                case .json(let page): return page
                case .applicationJsonl(let body): return try await Self.lines(body, read: JSONLines.changePage)
                }
            case .badRequest(let answer):
                throw Self.refusal(status: 400, problem: try answer.body.json)
            case .unauthorized(let answer):
                throw Self.refusal(status: 401, problem: try answer.body.json)
            case .gone(let answer):
                throw Self.refusal(status: 410, problem: try answer.body.json)
            case .upgradeRequired(let answer):
                throw Self.refusal(status: 426, problem: try answer.body.json)
            case .tooManyRequests(let answer):
                throw Self.refusal(
                    status: 429, problem: try answer.body.json, retryAfter: answer.headers.retryAfter)
            case .serviceUnavailable(let answer):
                throw Self.refusal(status: 503, problem: try answer.body.json)
            case .undocumented(let status, let payload):
                throw await Self.unexpected(status: status, payload: payload)
            }
        }
    }

    /// JSON Lines first; JSON still acceptable, because refusals (400, 409, …) are always a JSON Problem and a
    /// server checks every answer against `Accept`.
    private static func linesFirst<T: AcceptableProtocol>() -> [AcceptHeaderContentType<T>] {
        guard let lines = T(rawValue: JSONLines.contentType), let json = T(rawValue: "application/json") else {
            return .defaultValues()
        }
        return [.init(contentType: lines), .init(contentType: json, quality: 0.5)]
    }

    /// The most a JSON Lines answer may hold; the transports refuse longer bodies already.
    static let maximumBodyBytes = 64 << 20

    /// Reads a JSON Lines answer; bytes that are not the contract's lines are an invalid response.
    private static func lines<Value>(
        _ body: HTTPBody, read: ([UInt8]) throws(WireFormatError) -> Value
    ) async throws -> Value {
        let bytes = try await [UInt8](collecting: body, upTo: maximumBodyBytes)
        do {
            return try read(bytes)
        } catch {
            throw RemoteStorageError.invalidResponse(detail: error.description)
        }
    }

    // MARK: - One call: timeout, retries, errors

    /// Runs `call` against the generated client with a timeout, retrying transient failures of retry-safe calls
    /// with exponential backoff (but not a timeout: see ``RemoteStorageError/isRetriedWithinTheCall``), and turns
    /// whatever it throws into a ``RemoteStorageError``.
    private func perform<Value: Sendable>(
        authenticated: Bool,
        retrySafe: Bool,
        _ call: @escaping @Sendable (Client, Int) async throws -> Value
    ) async throws(RemoteStorageError) -> Value {
        let baseURL = try address.serverURL()
        let server = Self.display(baseURL)
        guard ["http", "https"].contains(baseURL.scheme?.lowercased()), baseURL.host?.isEmpty == false else {
            throw .notConfigured("the server address \(server) is not an http or https URL")
        }
        let middleware = StintHeadersMiddleware(
            token: authenticated ? tokens : nil,
            protocolVersion: configuration.protocolVersion
        )
        // Compact JSON: the runtime's default pretty-prints and sorts keys, which a 1 MiB push pays for in time and
        // bytes while nobody reads it.
        let client = Client(
            serverURL: baseURL, configuration: Self.wireConfiguration, transport: transport, middlewares: [middleware])
        let version = configuration.protocolVersion
        let timedOut = RemoteStorageError.timedOut(
            server: server,
            seconds: max(1, Int(configuration.timeoutSeconds.rounded(.up)))
        )
        var retry = 0
        while true {
            let failure: RemoteStorageError
            do {
                return try await withDeadline(configuration.timeout, orThrow: timedOut) {
                    try await call(client, version)
                }
            } catch {
                var mapped = Self.failure(from: error, server: server, timedOut: timedOut)
                if case .redirect(let status, let location?) = mapped {
                    // Back at the same address (a slash added to the API path, say): no other URL to log in with.
                    let target = Self.redirectTarget(location, from: baseURL)
                    mapped = .redirect(status: status, location: target == server ? nil : target)
                }
                failure = mapped.redacting(try? tokens.token())
            }
            guard retrySafe, failure.isRetriedWithinTheCall, retry < configuration.retries, !Task.isCancelled else {
                throw failure
            }
            let delay = configuration.delay(beforeRetry: retry)
            retry += 1
            if delay > .zero {
                do { try await Task.sleep(for: delay) } catch { throw failure }
            }
        }
    }

    static let wireConfiguration = OpenAPIRuntime.Configuration(jsonEncodingOptions: [.withoutEscapingSlashes])

    /// The server's address for messages: scheme, host, port and path, without user, password or query, and cut
    /// with "…" after ``addressLimit`` characters so a pasted 10 KB URL cannot flood the line.
    static func display(_ url: URL) -> String {
        guard var components = URLComponents(url: url, resolvingAgainstBaseURL: false) else { return "the server" }
        components.user = nil
        components.password = nil
        components.query = nil
        components.fragment = nil
        guard let text = components.string else { return "the server" }
        return text.count > addressLimit ? String(text.prefix(addressLimit - 1)) + "…" : text
    }

    /// The longest server address a message shows whole.
    static let addressLimit = 80
}

/// Runs `work`, or throws `timeoutError` when it has not finished after `timeout`: the two race in a task group
/// and the loser is cancelled (the socket is shut down, or the helper process stopped, with it).
func withDeadline<Value: Sendable>(
    _ timeout: Duration,
    orThrow timeoutError: RemoteStorageError,
    _ work: @escaping @Sendable () async throws -> Value
) async throws -> Value {
    try await withThrowingTaskGroup(of: Value?.self, returning: Value.self) { group in
        group.addTask { try await work() }
        group.addTask {
            try await Task.sleep(for: timeout)
            return nil
        }
        defer { group.cancelAll() }
        guard let first = try await group.next(), let value = first else { throw timeoutError }
        return value
    }
}
