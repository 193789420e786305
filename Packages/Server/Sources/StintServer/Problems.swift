import Foundation
import HTTPTypes
import Hummingbird
import OpenAPIRuntime
import ServerCore

/// The sync protocol version this server speaks (the `Stint-Protocol` header).
public let stintSyncProtocolVersion = 1

/// The largest request body the server reads; a device's batches are capped at 1 MiB.
public let stintMaximumBodyBytes = 4 * 1024 * 1024

extension HTTPField.Name {
    static let stintProtocol = known("Stint-Protocol")
    static let requestID = known("X-Request-Id")
    static let forwardedFor = known("X-Forwarded-For")

    /// A name written here, valid by construction.
    private static func known(_ name: String) -> Self {
        guard let field = Self(name) else { preconditionFailure("invalid header name \(name)") }
        return field
    }
}

/// An error answer: a status and the contract's Problem body. Thrown where a typed output of the
/// operation has no case for the status, and turned into a response by the middlewares.
struct ProblemError: Error, HTTPResponseConvertible {
    var status: HTTPResponse.Status
    var problem: Components.Schemas.Problem
    /// The `Retry-After` seconds; a 503 without one says 2.
    var retryAfter: Int?

    init(
        _ status: HTTPResponse.Status, code: String, message: String, supportedProtocol: Int? = nil,
        retryAfter: Int? = nil
    ) {
        self.status = status
        self.problem = .init(code: code, message: message, supportedProtocol: supportedProtocol)
        self.retryAfter = retryAfter
    }

    var bodyBytes: Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        return (try? encoder.encode(problem)) ?? Data(#"{"code":"internal","message":"internal error"}"#.utf8)
    }

    // HTTPResponseConvertible, for the OpenAPI middleware chain.
    var httpStatus: HTTPResponse.Status { status }
    var httpHeaderFields: HTTPFields {
        var fields: HTTPFields = [.contentType: "application/json; charset=utf-8"]
        if let retryAfter {
            fields[.retryAfter] = String(retryAfter)
        } else if status == .serviceUnavailable {
            fields[.retryAfter] = "2"
        }
        return fields
    }
    var httpBody: OpenAPIRuntime.HTTPBody? { HTTPBody(bodyBytes) }

    /// The same answer as a Hummingbird response, for the router middlewares.
    var response: Response {
        let bytes = bodyBytes
        var headers = httpHeaderFields
        headers[.contentLength] = String(bytes.count)
        return Response(status: status, headers: headers, body: .init(byteBuffer: ByteBuffer(bytes: bytes)))
    }

    static func internalError(requestID: String?) -> ProblemError {
        let reference = requestID.map { " (request id \($0))" } ?? ""
        return ProblemError(
            .internalServerError, code: "internal", message: "the server failed to answer\(reference)")
    }

    /// The database is away (restarting, unreachable): retry soon. Nothing was applied unless a retry of
    /// the same batch finds it so (the device's last mutation number tells).
    static func unavailable() -> ProblemError {
        ProblemError(
            .serviceUnavailable, code: "unavailable",
            message: "the server cannot reach its database right now: try again in a few seconds")
    }

    /// The address made too many failed authentications lately (ADR 0025): refused, a correct token included,
    /// for `seconds` more.
    static func tooManyFailedSignIns(retryAfter seconds: Int) -> ProblemError {
        ProblemError(
            .tooManyRequests, code: "too-many-failed-sign-ins",
            message: "too many failed sign-ins from this address: try again in \(seconds) s", retryAfter: seconds)
    }

    static func tooLarge() -> ProblemError {
        ProblemError(
            .contentTooLarge, code: "too-large",
            message: "the request body is larger than the server accepts (\(stintMaximumBodyBytes) bytes)")
    }
}

extension ProblemError {
    /// The answer to a store error. `epochStatus` differs by operation: a push from another epoch
    /// conflicts (409), a pull cursor of another epoch is gone (410).
    init(_ error: ServerCore.ServerError, epochStatus: HTTPResponse.Status = .conflict) {
        switch error {
        case .invalidName(let name):
            self.init(.badRequest, code: "invalid", message: "invalid name: \(name)")
        case .duplicateUser(let name):
            self.init(.conflict, code: "duplicate", message: "a user named \(name) already exists")
        case .unknownUser(let name):
            self.init(.notFound, code: "not-found", message: "no user \(name)")
        case .unknownToken(let id):
            self.init(.notFound, code: "not-found", message: "no token \(id)")
        case .unauthorized:
            self.init(.unauthorized, code: "unauthorized", message: "the token is unknown or revoked: run stint login")
        case .forbidden(let message):
            self.init(.forbidden, code: "forbidden", message: message)
        case .unknownDevice(let id):
            self.init(
                .conflict, code: "unknown-device",
                message: "device \(id.uuidString.lowercased()) is not registered on this server: register it first")
        case .epochMismatch(let server):
            self.init(
                epochStatus, code: "epoch",
                message: "the server's data was reset or restored (epoch \(server)): pull again from the start")
        case .gap(let expected, let got):
            self.init(
                .conflict, code: "gap",
                message: "the batch starts at mutation \(got) but the server expects mutation \(expected)")
        case .invalidRequest(let message):
            self.init(.badRequest, code: "bad-request", message: message)
        case .storage:
            self = .internalError(requestID: nil)
        case .unavailable:
            self = .unavailable()
        }
    }
}
