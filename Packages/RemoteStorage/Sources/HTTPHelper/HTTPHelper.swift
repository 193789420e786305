import Foundation
import RemoteStorage

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The `stint-http` side of a ``HelperRequest``: performs it with URLSession and words what went wrong.
/// It lives in its own target so that only the helper links FoundationNetworking (and libcurl).
package enum HTTPHelper {
    /// Performs `request` and always returns an answer: a response, or a failure kind and one line.
    package static func perform(_ request: HelperRequest) async -> HelperResponse {
        guard let url = URL(string: request.url) else {
            return HelperResponse(failure: "unreachable", message: "the server address is not a URL")
        }
        var urlRequest = URLRequest(url: url)
        urlRequest.httpMethod = request.method
        urlRequest.httpBody = request.body
        urlRequest.timeoutInterval = request.timeoutSeconds
        for pair in request.headers where pair.count == 2 {
            urlRequest.addValue(pair[1], forHTTPHeaderField: pair[0])
        }
        let configuration = URLSessionConfiguration.ephemeral
        configuration.timeoutIntervalForRequest = request.timeoutSeconds
        configuration.timeoutIntervalForResource = request.timeoutSeconds
        configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
        configuration.urlCache = nil
        configuration.httpCookieStorage = nil
        configuration.httpShouldSetCookies = false
        let session = URLSession(configuration: configuration, delegate: RedirectRefusal(), delegateQueue: nil)
        defer { session.finishTasksAndInvalidate() }
        do {
            let (data, response) = try await session.data(for: urlRequest)
            guard let http = response as? HTTPURLResponse else {
                return HelperResponse(failure: "invalidResponse", message: "the answer is not a valid HTTP response")
            }
            var headers: [[String]] = []
            for (name, value) in http.allHeaderFields {
                if let name = name as? String, let value = value as? String { headers.append([name, value]) }
            }
            return HelperResponse(status: http.statusCode, headers: headers, body: data)
        } catch let error as URLError {
            let (kind, message) = failure(error)
            return HelperResponse(failure: kind, message: message)
        } catch {
            return HelperResponse(failure: "unreachable", message: "the connection failed")
        }
    }

    /// A URLError as a failure kind and one line for people.
    package static func failure(_ error: URLError) -> (kind: String, message: String) {
        switch error.code {
        case .timedOut:
            return ("timedOut", "timed out")
        case .cannotConnectToHost:
            return ("unreachable", "the connection was refused (is the server running?)")
        case .cannotFindHost, .dnsLookupFailed:
            return ("unreachable", "the host name is unknown")
        case .networkConnectionLost, .badServerResponse:
            // Linux's URLSession reports a server that closes without a word as a bad response: for the user it
            // is the same as a dropped connection, and worth another try.
            return ("unreachable", "the connection closed before the server answered")
        case .notConnectedToInternet:
            return ("unreachable", "there is no network connection")
        case .secureConnectionFailed, .serverCertificateUntrusted, .serverCertificateHasBadDate,
            .serverCertificateHasUnknownRoot, .serverCertificateNotYetValid, .clientCertificateRejected,
            .clientCertificateRequired:
            return ("unreachable", "the secure connection failed")
        case .cannotParseResponse, .cannotDecodeRawData, .cannotDecodeContentData, .zeroByteResource,
            .unsupportedURL:
            // The address was checked before the request, so an unsupported URL here is Linux's URLSession
            // meeting an answer that is not HTTP.
            return ("invalidResponse", "the answer is not a valid HTTP response")
        case .cancelled:
            return ("unreachable", "the request was cancelled")
        default:
            let detail =
                (error.userInfo[NSLocalizedDescriptionKey] as? String)?
                .split(whereSeparator: \.isNewline).joined(separator: " ") ?? ""
            return (
                "unreachable",
                detail.isEmpty ? "network error \(error.code.rawValue)" : "the connection failed: \(detail)"
            )
        }
    }
}

/// Hands a redirect back as the answer instead of following it. URLSession follows a 3xx by default and sends
/// the request's headers, the bearer token among them, to wherever `Location` points, which may be any host; the
/// client then words the redirect as it does over the socket route (`RemoteStorageError.redirect`).
private final class RedirectRefusal: NSObject, URLSessionTaskDelegate, Sendable {
    func urlSession(
        _ session: URLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse,
        newRequest request: URLRequest, completionHandler: @escaping @Sendable (URLRequest?) -> Void
    ) {
        completionHandler(nil)
    }
}
