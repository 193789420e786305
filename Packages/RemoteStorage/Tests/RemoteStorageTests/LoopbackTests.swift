import Foundation
import Testing

@testable import RemoteStorage

/// The client through the real `stint-http` helper (URLSession) against real sockets on 127.0.0.1: what only a
/// real connection shows.
@Suite("Over a real socket")
struct LoopbackTests {
    static func client(_ url: URL, timeout: Duration = .seconds(5)) -> StintServerClient {
        StintServerClient(
            address: StaticServerAddress(url),
            token: StaticToken(Fixture.token),
            configuration: .init(timeout: timeout, retries: 0, backoff: .zero)
        )
    }

    @Test func aServerThatAcceptsAndNeverAnswersTimesOutWithinTheTimeout() async throws {
        let server = try LoopbackServer(.silent)
        defer { server.stop() }
        let client = Self.client(server.url, timeout: .milliseconds(300))
        let started = ContinuousClock.now
        let error = await remoteError { () async throws(RemoteStorageError) in try await client.session() }
        let elapsed = ContinuousClock.now - started
        #expect(error == .timedOut(server: server.url.absoluteString, seconds: 1))
        #expect(error?.isTransient == true)
        #expect(elapsed < .seconds(5), "took \(elapsed)")
    }

    @Test func garbageAfterAValidStatusLineIsAnInvalidResponse() async throws {
        let body = "<<<this is not JSON>>>"
        let server = try LoopbackServer(
            .answer(
                "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: \(body.utf8.count)\r\n"
                    + "Connection: close\r\n\r\n\(body)"))
        defer { server.stop() }
        let error = await remoteError { () async throws(RemoteStorageError) in
            try await Self.client(server.url).health()
        }
        #expect(error == .invalidResponse(detail: "the body is not valid JSON"))
    }

    @Test func aStatusLineThatIsNotHTTPIsAnInvalidResponse() async throws {
        let server = try LoopbackServer(.answer("GARBAGE\r\n\r\n"))
        defer { server.stop() }
        let error = await remoteError { () async throws(RemoteStorageError) in
            try await Self.client(server.url).health()
        }
        #expect(error == .invalidResponse(detail: "the answer is not a valid HTTP response"))
    }

    @Test func jsonThatIsNotTheSchemaIsAnInvalidResponse() async throws {
        let server = try LoopbackServer(.answer("HTTP/1.1 200 OK\r\nContent-Type: application/json\r\n\r\n{}"))
        defer { server.stop() }
        let error = await remoteError { () async throws(RemoteStorageError) in
            try await Self.client(server.url).health()
        }
        #expect(error == .invalidResponse(detail: "status is missing"))
    }

    @Test func anAnswerCutShortIsATransientNetworkFailure() async throws {
        let server = try LoopbackServer(.answer("HTTP/1.1 200 OK\r\nContent-Length: 100\r\n\r\nshort"))
        defer { server.stop() }
        let error = await remoteError { () async throws(RemoteStorageError) in
            try await Self.client(server.url).health()
        }
        guard case .unreachable(_, let cause) = error else {
            Issue.record("expected unreachable, got \(String(describing: error))")
            return
        }
        #expect(cause.contains("remaining"), "\(cause)")
    }

    @Test func aServerThatHangsUpAtOnceIsUnreachable() async throws {
        let server = try LoopbackServer(.hangUp)
        defer { server.stop() }
        let error = await remoteError { () async throws(RemoteStorageError) in
            try await Self.client(server.url).health()
        }
        guard case .unreachable(let name, let cause) = error else {
            Issue.record("expected unreachable, got \(String(describing: error))")
            return
        }
        #expect(name == server.url.absoluteString)
        #expect(!cause.isEmpty)
    }

    @Test func aClosedPortIsUnreachable() async throws {
        let url = Fixture.loopback(port: try LoopbackServer.closedPort())
        let error = await remoteError { () async throws(RemoteStorageError) in try await Self.client(url).team() }
        #expect(
            error
                == .unreachable(
                    server: url.absoluteString, cause: "the connection was refused (is the server running?)"))
    }

    @Test func aRealAnswerArrivesWithTheHeadersSent() async throws {
        let body = Fixture.sessionJSON
        let server = try LoopbackServer(
            .answer(
                "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: \(body.utf8.count)\r\n"
                    + "Connection: close\r\n\r\n\(body)"))
        defer { server.stop() }
        let session = try await Self.client(server.url).session()
        #expect(session.user.name == "Ada")
        let head = try #require(server.requests.first).lowercased()
        #expect(head.hasPrefix("get /v1/session http/1.1"))
        #expect(head.contains("authorization: bearer \(Fixture.token.lowercased())"))
        #expect(head.contains("stint-protocol: 1"))
    }

    @Test func aRefusalOverTheWireKeepsTheServersMessage() async throws {
        let body = Fixture.problem("unauthorized", "unknown token")
        let server = try LoopbackServer(
            .answer(
                "HTTP/1.1 401 Unauthorized\r\nContent-Type: application/json\r\nContent-Length: \(body.utf8.count)\r\n"
                    + "Connection: close\r\n\r\n\(body)"))
        defer { server.stop() }
        let error = await remoteError { () async throws(RemoteStorageError) in
            try await Self.client(server.url).session()
        }
        #expect(error == .unauthorized(message: "unknown token"))
    }
}
