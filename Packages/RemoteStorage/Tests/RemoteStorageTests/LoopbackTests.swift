import Foundation
import OpenAPIRuntime
import Testing

@testable import RemoteStorage

/// How a loopback test's requests travel: in process over a socket (what `stint` does for http://), or through
/// the real `stint-http` helper (URLSession), which carries https:// and must keep working.
enum Route: String, CaseIterable, Sendable, CustomTestStringConvertible {
    case socket, helper

    var testDescription: String { rawValue }

    /// A client of `url` with no retries; `.socket` takes the client's default transport.
    func client(_ url: URL, timeout: Duration = .seconds(5)) -> StintServerClient {
        let configuration = RemoteConfiguration(timeout: timeout, retries: 0, backoff: .zero)
        let transport: (any ClientTransport)? =
            switch self {
            case .socket: nil
            case .helper:
                HelperTransport(
                    helper: HelperTransport.besideExecutable(), timeoutSeconds: configuration.timeoutSeconds)
            }
        return StintServerClient(
            address: StaticServerAddress(url), token: StaticToken(Fixture.token), configuration: configuration,
            transport: transport)
    }
}

/// The client against real sockets on 127.0.0.1, over each route: what only a real connection shows.
@Suite("Over a real socket")
struct LoopbackTests {
    @Test(arguments: Route.allCases)
    func aServerThatAcceptsAndNeverAnswersTimesOutWithinTheTimeout(_ route: Route) async throws {
        let server = try LoopbackServer(.silent)
        defer { server.stop() }
        let client = route.client(server.url, timeout: .milliseconds(300))
        let started = ContinuousClock.now
        let error = await remoteError { () async throws(RemoteStorageError) in try await client.session() }
        let elapsed = ContinuousClock.now - started
        #expect(error == .timedOut(server: server.url.absoluteString, seconds: 1))
        #expect(error?.isTransient == true)
        #expect(elapsed < .seconds(5), "took \(elapsed)")
    }

    @Test(arguments: Route.allCases)
    func garbageAfterAValidStatusLineIsAnInvalidResponse(_ route: Route) async throws {
        let body = "<<<this is not JSON>>>"
        let server = try LoopbackServer(
            .answer(
                "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: \(body.utf8.count)\r\n"
                    + "Connection: close\r\n\r\n\(body)"))
        defer { server.stop() }
        let error = await remoteError { () async throws(RemoteStorageError) in
            try await route.client(server.url).health()
        }
        #expect(error == .invalidResponse(detail: "the answer is not valid JSON"))
    }

    @Test(arguments: Route.allCases)
    func aStatusLineThatIsNotHTTPIsAnInvalidResponse(_ route: Route) async throws {
        let server = try LoopbackServer(.answer("GARBAGE\r\n\r\n"))
        defer { server.stop() }
        let error = await remoteError { () async throws(RemoteStorageError) in
            try await route.client(server.url).health()
        }
        #expect(error == .invalidResponse(detail: "the answer is not a valid HTTP response"))
    }

    /// Neither Content-Length nor chunks: the body is what comes until the server closes.
    @Test(arguments: Route.allCases)
    func jsonThatIsNotTheSchemaIsAnInvalidResponse(_ route: Route) async throws {
        let server = try LoopbackServer(.answer("HTTP/1.1 200 OK\r\nContent-Type: application/json\r\n\r\n{}"))
        defer { server.stop() }
        let error = await remoteError { () async throws(RemoteStorageError) in
            try await route.client(server.url).health()
        }
        #expect(error == .invalidResponse(detail: "status is missing"))
    }

    @Test(arguments: Route.allCases)
    func anAnswerCutShortFails(_ route: Route) async throws {
        let server = try LoopbackServer(.answer("HTTP/1.1 200 OK\r\nContent-Length: 100\r\n\r\nshort"))
        defer { server.stop() }
        let error = await remoteError { () async throws(RemoteStorageError) in
            try await route.client(server.url).health()
        }
        switch route {
        case .socket:
            #expect(error == .invalidResponse(detail: "the connection closed before the whole answer arrived"))
        case .helper:
            // URLSession words it as a network failure.
            guard case .unreachable(_, let cause) = error else {
                Issue.record("expected unreachable, got \(String(describing: error))")
                return
            }
            #expect(cause.contains("remaining"), "\(cause)")
        }
    }

    @Test(arguments: Route.allCases)
    func aServerThatHangsUpAtOnceIsUnreachable(_ route: Route) async throws {
        let server = try LoopbackServer(.hangUp)
        defer { server.stop() }
        let error = await remoteError { () async throws(RemoteStorageError) in
            try await route.client(server.url).health()
        }
        guard case .unreachable(let name, let cause) = error else {
            Issue.record("expected unreachable, got \(String(describing: error))")
            return
        }
        #expect(name == server.url.absoluteString)
        #expect(!cause.isEmpty)
        if route == .socket {
            #expect(cause == "the connection to 127.0.0.1:\(server.port) closed before the server answered")
        }
    }

    @Test(arguments: Route.allCases)
    func aClosedPortIsUnreachable(_ route: Route) async throws {
        let port = try LoopbackServer.closedPort()
        let url = Fixture.loopback(port: port)
        let error = await remoteError { () async throws(RemoteStorageError) in try await route.client(url).team() }
        let cause =
            switch route {
            case .socket: "cannot connect to 127.0.0.1:\(port): connection refused"
            case .helper: "the connection was refused (is the server running?)"
            }
        #expect(error == .unreachable(server: url.absoluteString, cause: cause))
    }

    @Test(arguments: Route.allCases)
    func aRealAnswerArrivesWithTheHeadersSent(_ route: Route) async throws {
        let body = Fixture.sessionJSON
        let server = try LoopbackServer(
            .answer(
                "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: \(body.utf8.count)\r\n"
                    + "Connection: close\r\n\r\n\(body)"))
        defer { server.stop() }
        let session = try await route.client(server.url).session()
        #expect(session.user.name == "Ada")
        let head = try #require(server.requests.first).lowercased()
        #expect(head.hasPrefix("get /v1/session http/1.1"))
        #expect(head.contains("authorization: bearer \(Fixture.token.lowercased())"))
        #expect(head.contains("stint-protocol: 1"))
        #expect(head.contains("host: 127.0.0.1:\(server.port)"))
    }

    @Test(arguments: Route.allCases)
    func aRedirectToAnotherServerIsNotFollowedSoTheTokenStaysHome(_ route: Route) async throws {
        let body = Fixture.sessionJSON
        let elsewhere = try LoopbackServer(
            .answer(
                "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: \(body.utf8.count)\r\n"
                    + "Connection: close\r\n\r\n\(body)"))
        defer { elsewhere.stop() }
        let target = "http://127.0.0.1:\(elsewhere.port)"
        let server = try LoopbackServer(
            .answer(
                "HTTP/1.1 302 Found\r\nLocation: \(target)/v1/session\r\nContent-Length: 0\r\n"
                    + "Connection: close\r\n\r\n"))
        defer { server.stop() }
        let error = await remoteError { () async throws(RemoteStorageError) in
            try await route.client(server.url).session()
        }
        #expect(error == .redirect(status: 302, location: target))
        #expect(elsewhere.requests.isEmpty, "the request, with its token, went to the redirect's target")
    }

    @Test(arguments: Route.allCases)
    func aRefusalOverTheWireKeepsTheServersMessage(_ route: Route) async throws {
        let body = Fixture.problem("unauthorized", "unknown token")
        let server = try LoopbackServer(
            .answer(
                "HTTP/1.1 401 Unauthorized\r\nContent-Type: application/json\r\nContent-Length: \(body.utf8.count)\r\n"
                    + "Connection: close\r\n\r\n\(body)"))
        defer { server.stop() }
        let error = await remoteError { () async throws(RemoteStorageError) in
            try await route.client(server.url).session()
        }
        #expect(error == .unauthorized(message: "unknown token"))
    }
}
