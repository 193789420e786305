import Foundation

/// Every failure of a call to the Stint server, so callers handle one error type and never see HTTP, URLSession
/// or the generated client.
///
/// Each case says what went wrong in the caller's terms (log in again, upgrade, pull from the start, try later)
/// and carries the cause as text: the server's message, or what the network said. `description` is one line for
/// a user. No case ever holds the token.
public enum RemoteStorageError: Error, Sendable, Hashable, CustomStringConvertible, LocalizedError {
    /// No server address or no token: the user has not logged in (or the configuration is incomplete).
    case notConfigured(String)
    /// The server could not be reached, or the connection broke before an answer came
    /// (connection refused, unknown host, reset, no network).
    case unreachable(server: String, cause: String)
    /// The server did not answer within the configured timeout.
    case timedOut(server: String, seconds: Int)
    /// The token is missing, unknown or revoked.
    case unauthorized(message: String)
    /// The token's user may not do this (for example, another user's device).
    case forbidden(message: String)
    /// The server speaks another sync protocol version; `serverProtocol` is the one it speaks, when it said.
    case protocolMismatch(message: String, serverProtocol: Int?)
    /// The server's store was reset or restored (a new epoch): register again and pull from the start.
    case epochChanged(message: String)
    /// A pushed batch does not start right after the last mutation the server applied from this device.
    case gap(message: String)
    /// The request body is larger than the server accepts: send smaller batches.
    case tooLarge(message: String)
    /// The server refused the request as malformed or breaking a field rule.
    case badRequest(message: String)
    /// The server failed (5xx), refused this client's address for a while (429: too many failed sign-ins from
    /// it; `message` says for how long), or answered with a status this client does not expect.
    case server(status: Int, message: String)
    /// The server answered, but not with what the contract promises (not JSON, not the schema, not HTTP).
    case invalidResponse(detail: String)
    /// The server answered with a redirect (3xx), which the client does not follow: a token must not go wherever an
    /// answer points. `location` is where it points, as an address to log in with (nil when the answer did not say,
    /// or when it points back at the same address).
    case redirect(status: Int, location: String?)

    /// Whether the same request may succeed later unchanged: the network failed, the server was too slow, or
    /// the server itself failed (5xx). Such a request may or may not have been applied, so only idempotent
    /// requests are retried; anything the server refused (4xx) will be refused again. A 429 too: it lasts a
    /// minute, and retrying within the call would only keep the address refused.
    public var isTransient: Bool {
        switch self {
        case .unreachable, .timedOut:
            true
        case .server(let status, _):
            status >= 500
        case .notConfigured, .unauthorized, .forbidden, .protocolMismatch, .epochChanged, .gap, .tooLarge,
            .badRequest, .invalidResponse, .redirect:
            false
        }
    }

    /// Whether the client tries the request again at once, within the same call: a transient failure that did not
    /// already cost the whole timeout (a refused or dropped connection, a 5xx). A request that timed out is not sent
    /// again, so a server that hangs costs one timeout, as the message says, not one per attempt.
    var isRetriedWithinTheCall: Bool {
        if case .timedOut = self { return false }
        return isTransient
    }

    public var description: String {
        switch self {
        case .notConfigured(let message):
            message
        case .unreachable(let server, let cause):
            "cannot reach the server at \(server): \(cause)"
        case .timedOut(let server, let seconds):
            "the server at \(server) did not answer within \(seconds) second\(seconds == 1 ? "" : "s")"
        case .unauthorized(let message):
            "the server refused the token: \(message)"
        case .forbidden(let message):
            "the server does not allow this: \(message)"
        case .protocolMismatch(let message, _):
            message
        case .epochChanged(let message):
            "the server's data was reset or restored: \(message)"
        case .gap(let message):
            "the server expects other changes first: \(message)"
        case .tooLarge(let message):
            "the request is too large for the server: \(message)"
        case .badRequest(let message):
            "the server refused the request: \(message)"
        case .server(503, let message):
            "the server is unavailable for now (HTTP 503): \(message)"
        case .server(429, let message):
            "the server refused: \(message) (HTTP 429)"
        case .server(let status, let message):
            "the server failed (HTTP \(status)): \(message)"
        case .invalidResponse(let detail):
            "the server's answer is not understood: \(detail)"
        case .redirect(let status, let location?):
            "the server answered with a redirect (HTTP \(status)) to \(location), which stint does not follow: "
                + "log in with the URL it points to"
        case .redirect(let status, nil):
            "the server answered with a redirect (HTTP \(status)), which stint does not follow: check the server's URL"
        }
    }

    public var errorDescription: String? { description }

    /// The shortest secret ``redacting(_:)`` takes out of a message. A token made by `stint-server` is `stint_` and 43
    /// more characters; a text much shorter cannot be one, and taking it out would blank ordinary words (`--token x`
    /// once turned "unexpected" into "une<redacted>pected").
    static let shortestRedactedSecret = 16

    /// The same error with every occurrence of `secret` in its text replaced, so a server that echoes the
    /// token (or a cause that quotes a header) cannot leak it into a message. A secret shorter than
    /// ``shortestRedactedSecret`` is left alone: it is no token the server made.
    func redacting(_ secret: String?) -> RemoteStorageError {
        guard let secret, secret.count >= Self.shortestRedactedSecret else { return self }
        func clean(_ text: String) -> String {
            text.replacingOccurrences(of: secret, with: "<redacted>")
        }
        switch self {
        case .notConfigured(let message):
            return .notConfigured(clean(message))
        case .unreachable(let server, let cause):
            return .unreachable(server: clean(server), cause: clean(cause))
        case .timedOut(let server, let seconds):
            return .timedOut(server: clean(server), seconds: seconds)
        case .unauthorized(let message):
            return .unauthorized(message: clean(message))
        case .forbidden(let message):
            return .forbidden(message: clean(message))
        case .protocolMismatch(let message, let serverProtocol):
            return .protocolMismatch(message: clean(message), serverProtocol: serverProtocol)
        case .epochChanged(let message):
            return .epochChanged(message: clean(message))
        case .gap(let message):
            return .gap(message: clean(message))
        case .tooLarge(let message):
            return .tooLarge(message: clean(message))
        case .badRequest(let message):
            return .badRequest(message: clean(message))
        case .server(let status, let message):
            return .server(status: status, message: clean(message))
        case .invalidResponse(let detail):
            return .invalidResponse(detail: clean(detail))
        case .redirect(let status, let location):
            return .redirect(status: status, location: location.map(clean))
        }
    }
}
