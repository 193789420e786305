import Foundation
import HTTPTypes
import OpenAPIRuntime

/// Why a transport got no usable answer; ``StintServerClient`` turns it into a ``RemoteStorageError``. The
/// `stint-http` helper reports the same kinds by name (``HelperResponse/failure``).
package struct TransportFailure: Error, Sendable, Equatable {
    package enum Kind: String, Sendable {
        case unreachable, timedOut, invalidResponse, missingHelper
    }

    package let kind: Kind
    package let message: String

    package init(kind: Kind, message: String) {
        self.kind = kind
        self.message = message
    }
}

/// The transport a ``StintServerClient`` uses unless it is given one: `http://` servers in process through
/// ``SocketTransport`` (one kept-alive connection for the client's whole life), `https://` through the
/// `stint-http` helper, since TLS needs libcurl and `stint` does not link it (docs/adr/0018).
struct RoutingTransport: ClientTransport {
    let plain: any ClientTransport
    let secure: any ClientTransport

    init(plain: any ClientTransport, secure: any ClientTransport) {
        self.plain = plain
        self.secure = secure
    }

    /// The socket transport for http and the helper beside the executable for https, both with `timeoutSeconds`.
    init(timeoutSeconds: Double) {
        let helper = HelperTransport(helper: HelperTransport.besideExecutable(), timeoutSeconds: timeoutSeconds)
        #if canImport(Glibc)
            self.init(plain: SocketTransport(timeoutSeconds: timeoutSeconds), secure: helper)
        #else
            self.init(plain: helper, secure: helper)
        #endif
    }

    func send(
        _ request: HTTPRequest, body: HTTPBody?, baseURL: URL, operationID: String
    ) async throws -> (HTTPResponse, HTTPBody?) {
        let transport = baseURL.scheme?.lowercased() == "http" ? plain : secure
        return try await transport.send(request, body: body, baseURL: baseURL, operationID: operationID)
    }
}
