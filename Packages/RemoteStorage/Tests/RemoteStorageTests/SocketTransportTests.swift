import Foundation
import HTTPTypes
import OpenAPIRuntime
import Testing

@testable import RemoteStorage

/// A 200 answer with a JSON body and its Content-Length; `fields` are extra header lines, each ending in CRLF.
private func ok(_ body: String, fields: String = "") -> String {
    "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: \(body.utf8.count)\r\n\(fields)\r\n\(body)"
}

/// A 200 answer with `body` in chunks of at most `size` bytes, a chunk extension and a trailer field.
private func chunked(_ body: String, size: Int = 7) -> String {
    var answer = "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n"
    var rest = Substring(body)
    while !rest.isEmpty {
        let chunk = rest.prefix(size)
        rest = rest.dropFirst(chunk.count)
        answer += "\(String(chunk.utf8.count, radix: 16));note=x\r\n\(chunk)\r\n"
    }
    return answer + "0\r\nServer-Timing: db;dur=1\r\n\r\n"
}

/// A client of `url` with the default transport and no retries.
private func client(_ url: URL, timeout: Duration = .seconds(5)) -> StintServerClient {
    StintServerClient(
        address: StaticServerAddress(url), token: StaticToken(Fixture.token),
        configuration: .init(timeout: timeout, retries: 0, backoff: .zero))
}

/// One GET (or `method`) straight through `transport`: the status and the body as text.
private func exchange(
    _ transport: SocketTransport, _ url: URL, method: HTTPRequest.Method = .get, path: String = "/x"
) async throws -> (status: Int, body: String) {
    let request = HTTPRequest(method: method, scheme: nil, authority: nil, path: path)
    let (response, body) = try await transport.send(request, body: nil, baseURL: url, operationID: "test")
    var text = ""
    if let body { text = try await String(collecting: body, upTo: 1 << 20) }
    return (response.status.code, text)
}

/// The ``TransportFailure`` `body` throws, or nil (recording an issue when it throws something else).
private func transportFailure(_ body: () async throws -> Void) async -> TransportFailure? {
    do {
        try await body()
        return nil
    } catch let failure as TransportFailure {
        return failure
    } catch {
        Issue.record("expected a TransportFailure, got \(error)")
        return nil
    }
}

/// An answer the transport must refuse, and the words it refuses it with.
struct Malformed: Sendable, CustomTestStringConvertible {
    var testDescription: String
    var answer: String
    var detail: String

    static let invalid = "the answer is not a valid HTTP response"
    static let cutShort = "the connection closed before the whole answer arrived"
    static let bodyTooLarge = "the answer's body is larger than 64 MiB"
    static let headTooLarge = "the answer's header fields are larger than 64 KiB"

    static let all: [Malformed] = [
        .init(testDescription: "a four-digit status", answer: "HTTP/1.1 2000 OK\r\n\r\n", detail: invalid),
        .init(testDescription: "HTTP/2", answer: "HTTP/2 200\r\n\r\n", detail: invalid),
        .init(testDescription: "no status code", answer: "HTTP/1.1 OK\r\n\r\n", detail: invalid),
        .init(
            testDescription: "a field without a colon", answer: "HTTP/1.1 200 OK\r\nno colon\r\n\r\n", detail: invalid),
        .init(
            testDescription: "a field name with a space", answer: "HTTP/1.1 200 OK\r\nBad Name: x\r\n\r\n",
            detail: invalid),
        .init(
            testDescription: "a folded field", answer: "HTTP/1.1 200 OK\r\nA: b\r\n c\r\nContent-Length: 0\r\n\r\n",
            detail: invalid),
        .init(
            testDescription: "a length that is no number",
            answer: "HTTP/1.1 200 OK\r\nContent-Length: abc\r\n\r\n", detail: invalid),
        .init(
            testDescription: "two lengths that disagree",
            answer: "HTTP/1.1 200 OK\r\nContent-Length: 5\r\nContent-Length: 6\r\n\r\nhello!", detail: invalid),
        .init(
            testDescription: "an unknown transfer coding",
            answer: "HTTP/1.1 200 OK\r\nTransfer-Encoding: gzip\r\n\r\nxyz", detail: invalid),
        .init(
            testDescription: "a chunk size that is not hexadecimal",
            answer: "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\nabc\r\n0\r\n\r\n", detail: invalid),
        .init(
            testDescription: "a chunk longer than its size",
            answer: "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n3\r\nabcX\r\n0\r\n\r\n", detail: invalid),
        .init(testDescription: "a head cut short", answer: "HTTP/1.1 200 OK\r\nContent-Le", detail: cutShort),
        .init(
            testDescription: "a chunked body cut short",
            answer: "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n10\r\nonly", detail: cutShort),
        .init(
            testDescription: "a chunked body without its last chunk",
            answer: "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n3\r\nabc\r\n", detail: cutShort),
        .init(
            testDescription: "a Content-Length over 64 MiB",
            answer: "HTTP/1.1 200 OK\r\nContent-Length: 67108865\r\n\r\nx", detail: bodyTooLarge),
        .init(
            testDescription: "a chunk over 64 MiB",
            answer: "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n4000001\r\nx", detail: bodyTooLarge),
        .init(
            testDescription: "one field over 64 KiB",
            answer: "HTTP/1.1 200 OK\r\nX-Big: \(String(repeating: "a", count: 70_000))\r\n\r\n", detail: headTooLarge),
        .init(
            testDescription: "fields over 64 KiB in all",
            answer: "HTTP/1.1 200 OK\r\n"
                + String(repeating: "X-Field: \(String(repeating: "b", count: 40))\r\n", count: 2000)
                + "\r\n", detail: headTooLarge),
    ]
}

/// The in-process transport of `http://` servers: connections kept alive, framing, limits, deadline, cancellation.
@Suite("In process over a socket")
struct SocketTransportTests {
    @Test func callsShareOneKeptAliveConnection() async throws {
        let server = try LoopbackServer(
            .converse([
                .keepOpen(ok(Fixture.healthJSON)), .keepOpen(ok(Fixture.sessionJSON)), .keepOpen(ok(Fixture.teamJSON)),
            ]))
        defer { server.stop() }
        let client = client(server.url)
        #expect(try await client.health().epoch == "ep-1")
        #expect(try await client.session().user.name == "Ada")
        #expect(try await client.team().members.count == 1)
        #expect(server.connections == 1)
        let requests = server.requests.map { $0.lowercased() }
        #expect(requests.count == 3)
        #expect(requests.first?.hasPrefix("get /health http/1.1\r\nhost: 127.0.0.1:\(server.port)\r\n") == true)
    }

    @Test func aKeptConnectionTheServerClosedIsReplacedByANewOne() async throws {
        // The server closes after each answer without saying `Connection: close`.
        let server = try LoopbackServer(.converse([.thenClose(ok(Fixture.healthJSON))]))
        defer { server.stop() }
        let client = client(server.url)
        #expect(try await client.health().epoch == "ep-1")
        #expect(try await client.health().epoch == "ep-1")
        #expect(server.connections == 2)
        #expect(server.requests.count == 2)
    }

    @Test func aRequestTheServerDropsOnAKeptConnectionIsSentOnceMoreOnANewOne() async throws {
        let server = try LoopbackServer(
            .converse([.keepOpen(ok(Fixture.healthJSON)), .drop, .keepOpen(ok(Fixture.sessionJSON))]))
        defer { server.stop() }
        let client = client(server.url)
        #expect(try await client.health().epoch == "ep-1")
        #expect(try await client.session().user.name == "Ada")
        #expect(server.connections == 2)
        #expect(server.requests.count == 3)
        #expect(server.requests.dropFirst().allSatisfy { $0.lowercased().hasPrefix("get /v1/session ") })
    }

    @Test func anAnswerCutShortOnAKeptConnectionIsNeverSentAgain() async throws {
        let server = try LoopbackServer(
            .converse([
                .keepOpen(ok(Fixture.healthJSON)), .thenClose("HTTP/1.1 200 OK\r\nContent-Length: 100\r\n\r\nshort"),
                .keepOpen(ok(Fixture.healthJSON)),
            ]))
        defer { server.stop() }
        let client = client(server.url)
        #expect(try await client.health().epoch == "ep-1")
        let error = await remoteError { () async throws(RemoteStorageError) in try await client.health() }
        #expect(error == .invalidResponse(detail: Malformed.cutShort))
        #expect(server.connections == 1)
        #expect(server.requests.count == 2)
    }

    @Test func connectionCloseIsHonoured() async throws {
        // The server says it closes but keeps the connection open: the client must not send on it again.
        let server = try LoopbackServer(
            .converse([
                .keepOpen(ok(Fixture.healthJSON, fields: "Connection: close\r\n")), .keepOpen(ok(Fixture.healthJSON)),
            ]))
        defer { server.stop() }
        let client = client(server.url)
        #expect(try await client.health().epoch == "ep-1")
        #expect(try await client.health().epoch == "ep-1")
        #expect(server.connections == 2)
    }

    @Test func chunkedAnswersAreJoinedAndTheConnectionStaysInStep() async throws {
        let server = try LoopbackServer(
            .converse([.keepOpen(chunked(Fixture.healthJSON)), .keepOpen(chunked(Fixture.pageJSON, size: 100))]))
        defer { server.stop() }
        let client = client(server.url)
        #expect(try await client.health().epoch == "ep-1")
        let page = try await client.pullChanges(since: nil, limit: 10)
        #expect(page.cursor == "ep-1:5")
        #expect(server.connections == 1)
    }

    @Test func headAnd204And304AnswersHaveNoBody() async throws {
        let server = try LoopbackServer(
            .converse([
                .keepOpen("HTTP/1.1 204 No Content\r\n\r\n"),
                .keepOpen("HTTP/1.1 304 Not Modified\r\nContent-Length: 5\r\n\r\n"),
                .keepOpen("HTTP/1.1 200 OK\r\nContent-Length: 10\r\n\r\n"),
                .keepOpen("HTTP/1.1 100 Continue\r\n\r\nHTTP/1.1 200 OK\r\nContent-Length: 5\r\n\r\nhello"),
            ]))
        defer { server.stop() }
        let transport = SocketTransport(timeoutSeconds: 5)
        #expect(try await exchange(transport, server.url) == (204, ""))
        #expect(try await exchange(transport, server.url) == (304, ""))
        #expect(try await exchange(transport, server.url, method: .head) == (200, ""))
        #expect(try await exchange(transport, server.url) == (200, "hello"))
        #expect(server.connections == 1)
    }

    @Test func aRequestBodyGoesWithItsLength() async throws {
        let server = try LoopbackServer(.converse([.keepOpen(ok(Fixture.pushJSON))]))
        defer { server.stop() }
        let answer = try await client(server.url).push(Fixture.batch())
        #expect(answer.lastMutation == 3)
        let request = try #require(server.requests.first)
        let parts = request.components(separatedBy: "\r\n\r\n")
        #expect(parts.count == 2)
        let head = parts[0].lowercased()
        let body = parts.dropFirst().joined()
        #expect(head.hasPrefix("post /v1/push http/1.1\r\n"))
        #expect(head.contains("\r\ncontent-length: \(body.utf8.count)"))
        #expect(body.contains(Fixture.deviceID))
    }

    @Test(arguments: Malformed.all)
    func aMalformedAnswerIsRefused(_ malformed: Malformed) async throws {
        let server = try LoopbackServer(.answer(malformed.answer))
        defer { server.stop() }
        let failure = await transportFailure {
            _ = try await exchange(SocketTransport(timeoutSeconds: 5), server.url)
        }
        #expect(failure == TransportFailure(kind: .invalidResponse, message: malformed.detail))
    }

    @Test func theTransportsOwnDeadlineEndsASilentExchange() async throws {
        let server = try LoopbackServer(.silent)
        defer { server.stop() }
        let started = ContinuousClock.now
        let failure = await transportFailure {
            _ = try await exchange(SocketTransport(timeoutSeconds: 0.3), server.url)
        }
        #expect(failure?.kind == .timedOut)
        #expect(ContinuousClock.now - started < .seconds(5))
    }

    /// Cancelling returns at once and the exchange's thread, woken by the shutdown, closes the connection.
    @Test(arguments: [false, true])
    func cancellingTheCallEndsTheExchangeAtOnce(onAKeptConnection: Bool) async throws {
        let server = try LoopbackServer(.converse(onAKeptConnection ? [.keepOpen(ok("{}")), .hold] : [.hold]))
        defer { server.stop() }
        let transport = SocketTransport(timeoutSeconds: 60)
        let url = server.url
        if onAKeptConnection { #expect(try await exchange(transport, url) == (200, "{}")) }
        let started = ContinuousClock.now
        let call = Task { try await exchange(transport, url) }
        await server.wait(until: .requests, reaches: onAKeptConnection ? 2 : 1)
        call.cancel()
        let result = await call.result
        #expect(ContinuousClock.now - started < .seconds(5))
        #expect(throws: CancellationError.self) { _ = try result.get() }
        await server.wait(until: .ended, reaches: 1)
        #expect(ContinuousClock.now - started < .seconds(5))
        #expect(server.connections == 1)
    }

    @Test func aHostNameIsResolved() async throws {
        let server = try LoopbackServer(.answer(ok(Fixture.healthJSON)))
        defer { server.stop() }
        let url = try #require(URL(string: "http://localhost:\(server.port)"))
        #expect(try await client(url).health().epoch == "ep-1")
        #expect(server.requests.first?.contains("\r\nHost: localhost:\(server.port)\r\n") == true)
    }

    @Test(.enabled(if: LoopbackServer.hasIPv6Loopback)) func anIPv6LiteralIsReached() async throws {
        let server = try LoopbackServer(.answer(ok(Fixture.healthJSON)), ipv6: true)
        defer { server.stop() }
        #expect(try await client(server.url).health().epoch == "ep-1")
        #expect(server.requests.first?.contains("\r\nHost: [::1]:\(server.port)\r\n") == true)
    }

    @Test func anUnknownHostIsUnreachable() async throws {
        let url = try #require(URL(string: "http://no-such-host.invalid"))
        let error = await remoteError { () async throws(RemoteStorageError) in
            try await client(url, timeout: .seconds(10)).health()
        }
        guard case .unreachable(_, let cause) = error else {
            Issue.record("expected unreachable, got \(String(describing: error))")
            return
        }
        #expect(cause.hasPrefix("cannot connect to no-such-host.invalid:80: the host name cannot be resolved"))
    }

    @Test func theRequestCarriesTheBasePathHostAndLength() throws {
        let endpoint = try Endpoint(try #require(URL(string: "http://example.com/stint/")))
        #expect(endpoint.authority == "example.com")
        #expect(endpoint.display == "example.com:80")
        let request = HTTPRequest(
            method: .post, scheme: nil, authority: nil, path: "/v1/push",
            headerFields: [.contentType: "application/json"])
        let message = SocketTransport.message(request, body: Array("{}".utf8), endpoint: endpoint)
        #expect(
            String(decoding: message, as: UTF8.self)
                == "POST /stint/v1/push HTTP/1.1\r\nHost: example.com\r\nContent-Type: application/json\r\n"
                + "Content-Length: 2\r\n\r\n{}")
        let literal = try Endpoint(try #require(URL(string: "http://[::1]:8420")))
        #expect(literal.host == "::1")
        #expect(literal.authority == "[::1]:8420")
    }
}

/// Which transport carries which server.
@Suite("Routing")
struct RoutingTests {
    @Test func httpGoesInProcessAndHTTPSThroughTheHelper() async throws {
        let plain = FakeTransport(.answer(status: 200, body: Fixture.healthJSON))
        let secure = FakeTransport(.answer(status: 200, body: Fixture.healthJSON))
        let routing = RoutingTransport(plain: plain, secure: secure)
        for address in ["http://h:1", "HTTP://h:2", "https://h:3"] {
            let client = StintServerClient(
                address: StaticServerAddress(try #require(URL(string: address))), token: StaticToken(Fixture.token),
                transport: routing)
            _ = try await client.health()
        }
        #expect(plain.sent.count == 2)
        #expect(secure.sent.count == 1)
        let defaults = RoutingTransport(timeoutSeconds: 3)
        #expect((defaults.plain as? SocketTransport)?.timeoutSeconds == 3)
        #expect((defaults.secure as? HelperTransport)?.timeoutSeconds == 3)
    }

    @Test func anHTTPSServerIsReachedThroughTheHelper() async throws {
        // A plain-HTTP answer to a TLS hello: the socket transport would have taken it, the helper cannot.
        let server = try LoopbackServer(.greet(ok(Fixture.healthJSON)))
        defer { server.stop() }
        let url = try #require(URL(string: "https://127.0.0.1:\(server.port)"))
        let error = await remoteError { () async throws(RemoteStorageError) in try await client(url).health() }
        guard case .unreachable(let name, let cause) = error else {
            Issue.record("expected unreachable, got \(String(describing: error))")
            return
        }
        #expect(name == url.absoluteString)
        // URLSession's words for a failed TLS handshake vary with libcurl and OpenSSL.
        #expect(cause.contains("secure") || cause.contains("SSL"), "\(cause)")
    }
}
