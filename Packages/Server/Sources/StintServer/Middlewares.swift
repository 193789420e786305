import Foundation
import HTTPTypes
import Hummingbird
import Logging
import OpenAPIRuntime
import ServerCore

/// Outermost: gives every request an id (Hummingbird's `hb.request.id`, already on every line the
/// request's logger writes) returned as `X-Request-Id`, turns any error that escaped into a JSON
/// Problem, and logs one line per request. Never logs headers: the Authorization header holds a token.
struct RequestLogMiddleware<Context: RequestContext>: RouterMiddleware {
    func handle(
        _ request: Request, context: Context, next: (Request, Context) async throws -> Response
    ) async throws -> Response {
        var context = context
        let requestID: String
        if let id = context.logger[metadataKey: "hb.request.id"] {
            requestID = id.description
        } else {
            requestID = UUID().uuidString.lowercased()
            context.logger[metadataKey: "hb.request.id"] = .string(requestID)
        }
        let logger = context.logger
        let start = ContinuousClock.now
        var response: Response
        do {
            response = try await RequestScope.$logger.withValue(logger) { try await next(request, context) }
        } catch let error as HTTPResponseError {
            let status = error.status
            response =
                (status == .contentTooLarge
                ? ProblemError.tooLarge()
                : ProblemError(
                    status, code: status == .notFound ? "not-found" : "http-\(status.code)",
                    message: status.reasonPhrase.lowercased())).response
        } catch let error as ProblemError {
            response = error.response
        } catch {
            logger.error("request failed", metadata: ["error": .string(String(describing: type(of: error)))])
            response = ProblemError.internalError(requestID: requestID).response
        }
        response.headers[.requestID] = requestID
        let elapsed = ContinuousClock.now - start
        let milliseconds = Double(elapsed.components.attoseconds) / 1e15 + Double(elapsed.components.seconds) * 1000
        logger.info(
            "request",
            metadata: [
                "method": .string(request.method.rawValue),
                "path": .string(request.uri.path),
                "status": .stringConvertible(response.status.code),
                "duration_ms": .string(String(format: "%.2f", milliseconds)),
            ])
        return response
    }
}

/// Gate of the sync API (/v1): the protocol version first (an old client with a good token must
/// still learn it has to upgrade), then the client address's failed sign-ins (ADR 0025), then the bearer
/// token. Puts the user in `RequestScope.user`.
struct SyncGateMiddleware: RouterMiddleware {
    typealias Context = StintRequestContext

    let store: any ServerStore
    let limiter: AuthFailureLimiter

    static func isSyncPath(_ path: String) -> Bool { path == "/v1" || path.hasPrefix("/v1/") }

    func handle(
        _ request: Request, context: Context, next: (Request, Context) async throws -> Response
    ) async throws -> Response {
        guard Self.isSyncPath(request.uri.path) else { return try await next(request, context) }
        if let problem = Self.protocolProblem(request.headers[.stintProtocol]) { return problem.response }
        let address = ClientAddress.of(
            request, peer: context.peerAddress, trustForwardedFor: limiter.policy.trustForwardedFor)
        // Before the token is even looked at: a blocked address learns nothing from a guess, right or wrong.
        if let wait = limiter.refusal(for: address) {
            let seconds = max(1, Int(wait.components.seconds) + (wait.components.attoseconds > 0 ? 1 : 0))
            return ProblemError.tooManyFailedSignIns(retryAfter: seconds).response
        }
        let header = request.headers[.authorization]
        guard let secret = Self.bearerToken(header) else {
            // No header at all guesses nothing; a malformed one is a failed attempt like a wrong token.
            if header != nil { failed(address, context) }
            return ProblemError(
                .unauthorized, code: "unauthorized",
                message: "no bearer token: run stint login with a token from stint-server user add"
            ).response
        }
        let user: ServerUser?
        do {
            user = try await store.authenticate(secret: secret)
        } catch {
            switch error {
            case .storage(let detail): context.logger.error("store failed", metadata: ["error": .string(detail)])
            case .unavailable(let detail):
                context.logger.warning("store unavailable", metadata: ["error": .string(detail)])
            default: break
            }
            return ProblemError(error).response
        }
        guard let user else {
            failed(address, context)
            return ProblemError(.unauthorized, code: "unauthorized", message: "the token is unknown or revoked")
                .response
        }
        var context = context
        context.logger[metadataKey: "user"] = .string(user.id.uuidString.lowercased())
        let logger = context.logger
        return try await RequestScope.$user.withValue(user) {
            try await RequestScope.$logger.withValue(logger) { try await next(request, context) }
        }
    }

    private func failed(_ address: ClientAddress, _ context: Context) {
        guard limiter.recordFailure(from: address) else { return }
        context.logger.warning(
            "too many failed sign-ins: refusing the address for a while",
            metadata: [
                "address": .stringConvertible(address), "limit": .stringConvertible(limiter.policy.limit),
                "window": .stringConvertible(limiter.policy.window),
            ])
    }

    static func protocolProblem(_ header: String?) -> ProblemError? {
        guard let header, let version = Int(header.trimmingCharacters(in: .whitespaces)), version >= 0 else {
            return ProblemError(
                .badRequest, code: "protocol-missing",
                message: "the request has no valid Stint-Protocol header (this server speaks sync protocol "
                    + "\(stintSyncProtocolVersion))",
                supportedProtocol: stintSyncProtocolVersion)
        }
        guard version != stintSyncProtocolVersion else { return nil }
        let upgrade = version < stintSyncProtocolVersion ? "upgrade stint" : "upgrade the server"
        return ProblemError(
            .upgradeRequired, code: "protocol-mismatch",
            message: "this server speaks sync protocol \(stintSyncProtocolVersion); the client speaks \(version): "
                + upgrade,
            supportedProtocol: stintSyncProtocolVersion)
    }

    static func bearerToken(_ header: String?) -> String? {
        guard let header else { return nil }
        let parts = header.split(separator: " ", maxSplits: 1, omittingEmptySubsequences: true)
        guard parts.count == 2, parts[0].lowercased() == "bearer" else { return nil }
        let token = parts[1].trimmingCharacters(in: .whitespaces)
        return token.isEmpty ? nil : token
    }
}

/// Reads the whole body before the OpenAPI handler sees it, refusing more than `maxBytes` with 413:
/// the OpenAPI transport streams the body into the JSON decoder without any limit of its own.
struct BodyLimitMiddleware<Context: RequestContext>: RouterMiddleware {
    let maxBytes: Int

    func handle(
        _ request: Request, context: Context, next: (Request, Context) async throws -> Response
    ) async throws -> Response {
        if let declared = request.headers[.contentLength].flatMap({ Int($0) }), declared > maxBytes {
            return ProblemError.tooLarge().response
        }
        var request = request
        do {
            _ = try await request.collectBody(upTo: maxBytes)
        } catch let error as HTTPResponseError where error.status == .contentTooLarge {
            return ProblemError.tooLarge().response
        }
        return try await next(request, context)
    }
}

/// Innermost, in the OpenAPI chain: a request the generated code could not decode (malformed JSON,
/// a missing or mistyped field) is the client's fault and answered 400 with a Problem, never 500.
struct OpenAPIProblemMiddleware: ServerMiddleware {
    func intercept(
        _ request: HTTPRequest,
        body: HTTPBody?,
        metadata: ServerRequestMetadata,
        operationID: String,
        next: @Sendable (HTTPRequest, HTTPBody?, ServerRequestMetadata) async throws -> (HTTPResponse, HTTPBody?)
    ) async throws -> (HTTPResponse, HTTPBody?) {
        do {
            return try await next(request, body, metadata)
        } catch let error as OpenAPIRuntime.ServerError {
            if let problem = error.underlyingError as? ProblemError {
                return (HTTPResponse(status: problem.status, headerFields: problem.httpHeaderFields), problem.httpBody)
            }
            let problem: ProblemError
            if error.operationInput == nil {
                let status: HTTPResponse.Status = error.httpStatus.kind == .clientError ? error.httpStatus : .badRequest
                problem = ProblemError(
                    status, code: "bad-request",
                    message: "the request does not match the API: "
                        + Self.describe(error.underlyingError, query: Self.queryItems(of: request)))
            } else if error.operationOutput != nil, error.httpStatus.kind == .clientError {
                problem = ProblemError(
                    error.httpStatus, code: "http-\(error.httpStatus.code)", message: error.causeDescription)
            } else {
                let logger = RequestScope.logger ?? Logger(label: "stint-server")
                logger.error(
                    "handler failed",
                    metadata: ["operation": .string(operationID), "error": .string(error.causeDescription)])
                problem = .internalError(requestID: logger[metadataKey: "hb.request.id"]?.description)
            }
            return (HTTPResponse(status: problem.status, headerFields: problem.httpHeaderFields), problem.httpBody)
        }
    }

    /// One line about what is wrong, without echoing the body, in JSON's words rather than Swift's (`the body is not
    /// a JSON object`, never `Dictionary<String, Any>`). `query` is the request's query when it has no body (a GET):
    /// a value that does not convert then belongs to a query parameter, named when one of them is of the wrong kind.
    static func describe(_ error: any Error, query: [URLQueryItem]? = nil) -> String {
        guard let decoding = error as? DecodingError else {
            return String(String(describing: error).prefix(200))
        }
        func path(_ context: DecodingError.Context, _ key: (any CodingKey)? = nil) -> String {
            let keys = context.codingPath + (key.map { [$0] } ?? [])
            let text = keys.map { $0.intValue.map { "[\($0)]" } ?? $0.stringValue }.joined(separator: ".")
            return text.isEmpty ? (query == nil ? "the body" : "a query parameter") : String(text.prefix(200))
        }
        switch decoding {
        case .dataCorrupted(let context):
            if query != nil { return "\(path(context)) holds a value that is not allowed" }
            return context.codingPath.isEmpty ? "the body is not valid JSON" : "invalid value at \(path(context))"
        case .keyNotFound(let key, let context):
            return "missing field \(path(context, key))"
        case .typeMismatch(let type, let context):
            if context.codingPath.isEmpty, let name = query.flatMap({ mistyped($0, as: type) }) {
                return "\(name) is not \(jsonKind(type))"
            }
            return "\(path(context)) is not \(jsonKind(type))"
        case .valueNotFound(let type, let context):
            return "\(path(context)) is null, expected \(jsonKind(type))"
        @unknown default:
            return "the body does not match the API"
        }
    }

    /// The query of a request that carries no body (GET, HEAD), else nil.
    static func queryItems(of request: HTTPRequest) -> [URLQueryItem]? {
        guard request.method == .get || request.method == .head else { return nil }
        return URLComponents(string: request.path ?? "")?.queryItems ?? []
    }

    /// The one query parameter whose value is not a `type` (a number, a boolean), when exactly one is not.
    private static func mistyped(_ items: [URLQueryItem], as type: Any.Type) -> String? {
        let converts: (String) -> Bool
        switch type {
        case is any BinaryInteger.Type: converts = { Int64($0) != nil }
        case is any BinaryFloatingPoint.Type: converts = { Double($0) != nil }
        case is Bool.Type: converts = { $0 == "true" || $0 == "false" }
        default: return nil
        }
        let names = items.filter { !converts($0.value ?? "") }.map(\.name)
        return names.count == 1 ? String(names[0].prefix(100)) : nil
    }

    /// A Swift type the decoder expected, as the JSON it stands for: `a JSON object`, `a whole number`.
    static func jsonKind(_ type: Any.Type) -> String {
        switch type {
        case is any BinaryInteger.Type: return "a whole number"
        case is any BinaryFloatingPoint.Type: return "a number"
        case is any StringProtocol.Type: return "a string"
        case is Bool.Type: return "true or false"
        default: break
        }
        let name = String(describing: type)
        if name.hasPrefix("Dictionary<") { return "a JSON object" }
        if name.hasPrefix("Array<") { return "a JSON array" }
        return "a value of the expected kind"
    }
}
