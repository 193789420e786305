import Foundation
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

    /// The error for a status the contract does not document for the call: the Problem's message when the body
    /// is one, else the start of the body.
    static func unexpected(status: Int, payload: UndocumentedPayload) async -> RemoteStorageError {
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

    /// What did not match: not JSON at all, or which field is missing or of the wrong type.
    static func describe(_ error: DecodingError) -> String {
        func path(_ context: DecodingError.Context, _ key: (any CodingKey)? = nil) -> String {
            let keys = context.codingPath + (key.map { [$0] } ?? [])
            let names = keys.map { $0.intValue.map { "[\($0)]" } ?? $0.stringValue }
            return names.isEmpty ? "the body" : names.joined(separator: ".")
        }
        switch error {
        case .dataCorrupted(let context) where context.codingPath.isEmpty:
            return "the body is not valid JSON"
        case .dataCorrupted(let context):
            return "\(path(context)) is malformed: \(oneLine(context.debugDescription))"
        case .keyNotFound(let key, let context):
            return "\(path(context, key)) is missing"
        case .typeMismatch(let type, let context):
            return "\(path(context)) is not of type \(type)"
        case .valueNotFound(let type, let context):
            return "\(path(context)) is null where \(type) is expected"
        @unknown default:
            return oneLine(String(describing: error))
        }
    }

    /// `text` on one line, trimmed and cut to ``messageLimit`` characters.
    static func oneLine(_ text: String) -> String {
        let flat = text.split(whereSeparator: \.isNewline).joined(separator: " ")
            .trimmingCharacters(in: .whitespaces)
        return flat.count > messageLimit ? String(flat.prefix(messageLimit)) + "…" : flat
    }
}
