import Foundation
import HTTPTypes
import OpenAPIRuntime

/// Adds the two headers every call under /v1 carries: the protocol version and the bearer token.
///
/// The token is read from its provider for each request (never cached here), so a token stored or revoked
/// between two calls is seen at once. `health` is built without a token provider: it needs none.
struct StintHeadersMiddleware: ClientMiddleware {
    /// Where the token comes from; nil for calls that need none.
    let token: (any TokenProvider)?
    /// The value of `Stint-Protocol`.
    let protocolVersion: Int

    func intercept(
        _ request: HTTPRequest,
        body: HTTPBody?,
        baseURL: URL,
        operationID: String,
        next: @Sendable (HTTPRequest, HTTPBody?, URL) async throws -> (HTTPResponse, HTTPBody?)
    ) async throws -> (HTTPResponse, HTTPBody?) {
        var request = request
        request.headerFields[.stintProtocol] = String(protocolVersion)
        if let token {
            let value = try token.token()
            guard !value.isEmpty else { throw RemoteStorageError.notConfigured("no token: log in first") }
            // A token is printable ASCII without spaces; anything else would corrupt the request's headers.
            guard value.utf8.allSatisfy({ $0 > 0x20 && $0 < 0x7F }) else {
                throw RemoteStorageError.notConfigured("the stored token is malformed: log in again")
            }
            request.headerFields[.authorization] = "Bearer \(value)"
        }
        return try await next(request, body, baseURL)
    }
}

extension HTTPField.Name {
    /// The header that carries the sync protocol version the client speaks.
    static let stintProtocol: HTTPField.Name = {
        guard let name = HTTPField.Name("Stint-Protocol") else { preconditionFailure("a valid header name") }
        return name
    }()
}
