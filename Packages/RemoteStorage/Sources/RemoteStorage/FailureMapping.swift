import Foundation
import HTTPTypes
import OpenAPIRuntime

/// How the server's answers and the network's failures become ``RemoteStorageError``s. Status codes and problem
/// codes are read here and nowhere else.
extension StintServerClient {
    /// The longest server message or body excerpt kept in an error.
    static let messageLimit = 300

    /// The error for a refusal the contract documents, from its status and its Problem body (nil when the body
    /// could not be read), and for a 429 its `Retry-After` seconds.
    static func refusal(status: Int, problem: Problem?, retryAfter: Int? = nil) -> RemoteStorageError {
        let message = problem.map { oneLine($0.message) } ?? "HTTP \(status) with an unreadable body"
        switch status {
        case 400:
            return .badRequest(message: message)
        case 401:
            return .unauthorized(message: message)
        case 403:
            return .forbidden(message: message)
        case 409 where problem?.code == "gap":
            return .gap(message: message)
        // A device the server does not know (its store was reset or restored from before the
        // device registered) has the same remedy as another epoch: register again and start over.
        case 409 where problem?.code == "epoch", 409 where problem?.code == "unknown-device", 410:
            return .epochChanged(message: message)
        case 413:
            return .tooLarge(message: message)
        case 426:
            return .protocolMismatch(message: message, serverProtocol: problem?.supportedProtocol)
        // No case of its own: Repositories switches over every case, and 429 has the remedy of a 5xx (wait,
        // nothing local is lost) without being one to retry at once. The wording is the client's, so it is the
        // same whichever server or proxy refused.
        case 429:
            let what =
                problem?.code == "too-many-failed-sign-ins"
                ? "too many failed sign-ins from this address"
                : problem.map { oneLine($0.message) } ?? "too many requests"
            let when = retryAfter.map { "try again in \(max(1, $0)) s" } ?? "try again later"
            return .server(status: 429, message: "\(what); \(when)")
        default:
            return .server(status: status, message: message)
        }
    }

    /// The error for a status the contract does not document for the call: a redirect with where it points, else
    /// the Problem's message when the body is one, else the start of the body.
    static func unexpected(status: Int, payload: UndocumentedPayload) async -> RemoteStorageError {
        if (300..<400).contains(status) {
            let location = payload.headerFields[.location].map(oneLine)
            return .redirect(status: status, location: location?.isEmpty == false ? location : nil)
        }
        var bytes: [UInt8] = []
        if let body = payload.body {
            do {
                for try await chunk in body {
                    bytes += chunk.prefix(4096 - bytes.count)
                    if bytes.count >= 4096 { break }
                }
            } catch {
                // An unreadable body leaves the status as the only message.
            }
        }
        let message: String
        if let problem = try? JSONDecoder().decode(Problem.self, from: Data(bytes)) {
            message = oneLine(problem.message)
        } else if let text = String(bytes: bytes, encoding: .utf8), !oneLine(text).isEmpty {
            message = oneLine(text)
        } else {
            message = "HTTP \(status)"
        }
        return .server(status: status, message: message)
    }

    /// Whatever a call threw, as a ``RemoteStorageError``: errors of the generated client are unwrapped to their
    /// cause (a provider's error, a network error, a decoding error).
    static func failure(from error: any Error, server: String, timedOut: RemoteStorageError) -> RemoteStorageError {
        switch error {
        case let error as RemoteStorageError:
            return error
        case let error as ClientError:
            return failure(from: error, server: server, timedOut: timedOut)
        case let error as TransportFailure:
            return failure(from: error, server: server, timedOut: timedOut)
        case is CancellationError:
            return .unreachable(server: server, cause: "the request was cancelled")
        case let error as DecodingError:
            return .invalidResponse(detail: describe(error))
        default:
            return .unreachable(server: server, cause: oneLine(String(describing: error)))
        }
    }

    private static func failure(
        from error: ClientError,
        server: String,
        timedOut: RemoteStorageError
    ) -> RemoteStorageError {
        let cause = error.underlyingError
        switch cause {
        case let cause as RemoteStorageError:
            return cause
        case let cause as TransportFailure:
            return failure(from: cause, server: server, timedOut: timedOut)
        case is CancellationError:
            return .unreachable(server: server, cause: "the request was cancelled")
        default:
            break
        }
        if let response = error.response {
            // The answer came but could not be decoded. A refusal is still a refusal; a success is not usable.
            let status = response.status.code
            guard (200..<300).contains(status) else { return refusal(status: status, problem: nil) }
            if let cause = cause as? DecodingError { return .invalidResponse(detail: describe(cause)) }
            return .invalidResponse(detail: oneLine(error.causeDescription))
        }
        if let cause = cause as? DecodingError { return .invalidResponse(detail: describe(cause)) }
        // Never the ClientError's own description: it prints the request, headers included.
        return .unreachable(server: server, cause: oneLine(String(describing: cause)))
    }

    private static func failure(from error: TransportFailure, server: String, timedOut: RemoteStorageError)
        -> RemoteStorageError
    {
        switch error.kind {
        case .timedOut: return timedOut
        case .unreachable: return .unreachable(server: server, cause: oneLine(error.message))
        case .invalidResponse: return .invalidResponse(detail: oneLine(error.message))
        case .missingHelper: return .notConfigured(oneLine(error.message))
        }
    }

    /// What did not match: not JSON at all, or which field is missing or of the wrong kind, in JSON's words rather
    /// than Swift's (`the answer is not a JSON object`, never `Dictionary<String, Any>`).
    static func describe(_ error: DecodingError) -> String {
        func path(_ context: DecodingError.Context, _ key: (any CodingKey)? = nil) -> String {
            let keys = context.codingPath + (key.map { [$0] } ?? [])
            let names = keys.map { $0.intValue.map { "[\($0)]" } ?? $0.stringValue }
            return names.isEmpty ? "the answer" : oneLine(names.joined(separator: "."))
        }
        switch error {
        case .dataCorrupted(let context) where context.codingPath.isEmpty:
            return "the answer is not valid JSON"
        case .dataCorrupted(let context):
            return "\(path(context)) holds a value this version of stint does not know"
        case .keyNotFound(let key, let context):
            return "\(path(context, key)) is missing"
        case .typeMismatch(let type, let context):
            return "\(path(context)) is not \(jsonKind(type))"
        case .valueNotFound(let type, let context):
            return "\(path(context)) is null where \(jsonKind(type)) is expected"
        @unknown default:
            return "the answer does not match the API"
        }
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

    /// A redirect's `Location` as the address to log in with: resolved against the server's address `base`, without
    /// the API path the request had (`/v1/session`, `/health`), the query or the fragment, and cut like any address.
    static func redirectTarget(_ location: String, from base: URL) -> String {
        guard let url = URL(string: location, relativeTo: base)?.absoluteURL,
            var components = URLComponents(url: url, resolvingAgainstBaseURL: false)
        else { return location }
        var path = components.percentEncodedPath
        if let api = path.range(of: "/v1/", options: .backwards) {
            path = String(path[..<api.lowerBound])
        } else if path.hasSuffix("/health") {
            path.removeLast("/health".count)
        }
        while path.hasSuffix("/") { path.removeLast() }
        components.percentEncodedPath = path
        return display(components.url ?? url)
    }

    /// `text` on one line, trimmed and cut to ``messageLimit`` characters.
    static func oneLine(_ text: String) -> String {
        let flat = text.split(whereSeparator: \.isNewline).joined(separator: " ")
            .trimmingCharacters(in: .whitespaces)
        return flat.count > messageLimit ? String(flat.prefix(messageLimit)) + "…" : flat
    }
}
