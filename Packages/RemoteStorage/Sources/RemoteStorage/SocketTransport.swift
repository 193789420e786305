import Foundation
import HTTPTypes
import OpenAPIRuntime
import Synchronization

#if canImport(Glibc)
    import Glibc

    /// ``ClientTransport`` for `http://` servers, in process: HTTP/1.1 over a POSIX socket, with one connection kept
    /// alive between requests so that a whole `stint sync` talks over one connection.
    ///
    /// Why not the helper for everything: starting `stint-http` costs 25 to 40 ms per request, and plain HTTP needs
    /// nothing of libcurl. TLS does, so `https://` still goes through ``HelperTransport`` (see ``RoutingTransport``
    /// and docs/adr/0018).
    ///
    /// Each exchange (connect, send, receive) runs on a thread of its own, never on the cooperative pool, on a
    /// non-blocking socket whose every wait is a `poll` bounded by ``timeoutSeconds``; cancelling the calling task
    /// shuts the socket down and the call throws `CancellationError` at once. Failures are ``TransportFailure``s
    /// of the same kinds and words as the helper's.
    final class SocketTransport: ClientTransport, Sendable {
        /// The longest one exchange may take, from resolving the host to the last byte of the answer.
        let timeoutSeconds: Double
        /// The connection kept alive after the last answer, and the server it leads to.
        private let idle = Mutex<IdleConnection?>(nil)

        /// The longest status line and header fields (and, separately, chunked trailers) accepted.
        static let headLimit = 64 << 10
        /// The largest request or answer body accepted.
        static let bodyLimit = 64 << 20

        init(timeoutSeconds: Double) {
            self.timeoutSeconds = timeoutSeconds
        }

        deinit {
            let connection = idle.withLock { idle in
                defer { idle = nil }
                return idle
            }
            if let connection { close(connection.socket) }
        }

        func send(
            _ request: HTTPRequest, body: HTTPBody?, baseURL: URL, operationID: String
        ) async throws -> (HTTPResponse, HTTPBody?) {
            let endpoint = try Endpoint(baseURL)
            var payload: [UInt8]?
            if let body { payload = try await [UInt8](collecting: body, upTo: Self.bodyLimit) }
            let message = Self.message(request, body: payload, endpoint: endpoint)
            let expectsBody = request.method != .head
            let deadline = ContinuousClock.now + .seconds(max(0, timeoutSeconds))
            let exchange = Exchange()
            let answer = try await withTaskCancellationHandler {
                try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Answer, any Error>) in
                    guard exchange.start(continuation) else { return }
                    Thread.detachNewThread { [self] in
                        exchange.finish(
                            Result {
                                try perform(
                                    message, expectsBody: expectsBody, endpoint: endpoint, deadline: deadline,
                                    exchange: exchange)
                            })
                    }
                }
            } onCancel: {
                exchange.cancel()
            }
            return (answer.response, HTTPBody(answer.body))
        }

        // MARK: - One exchange, on its own thread

        /// Sends `message` over the idle connection when there is one to `endpoint`, else over a new one, and reads
        /// the answer. A kept-alive connection the server has closed in the meantime fails before the first byte of
        /// the answer; the request then goes once more over a new connection. It is never sent again once a byte
        /// of the answer came.
        private func perform(
            _ message: [UInt8], expectsBody: Bool, endpoint: Endpoint, deadline: ContinuousClock.Instant,
            exchange: Exchange
        ) throws -> Answer {
            if let socket = takeIdle(for: endpoint) {
                guard exchange.attach(socket) else {
                    close(socket)
                    throw CancellationError()
                }
                let wire = Wire(socket: socket, endpoint: endpoint, deadline: deadline, exchange: exchange)
                do {
                    return try converse(over: wire, message: message, expectsBody: expectsBody, reused: true)
                } catch is StaleConnection {
                    // The server closed the connection while it was idle: once more on a new one.
                }
            }
            let socket = try Self.connect(to: endpoint, deadline: deadline, exchange: exchange)
            let wire = Wire(socket: socket, endpoint: endpoint, deadline: deadline, exchange: exchange)
            return try converse(over: wire, message: message, expectsBody: expectsBody, reused: false)
        }

        /// One request and its answer over `wire`, which is closed or kept idle afterwards.
        private func converse(over wire: Wire, message: [UInt8], expectsBody: Bool, reused: Bool) throws -> Answer {
            var keep = false
            defer { release(wire, keep: keep) }
            // An answer may come even when sending failed: a server may refuse a large body and close.
            let sentAll = try wire.write(message)
            let answer: Answer
            do {
                (answer, keep) = try wire.readAnswer(expectsBody: expectsBody)
            } catch is PeerClosed {
                if reused && !wire.exchange.isCancelled { throw StaleConnection() }
                throw TransportFailure(
                    kind: .unreachable,
                    message: "the connection to \(wire.endpoint.display) closed before the server answered")
            }
            keep = keep && sentAll
            return answer
        }

        /// The idle connection if it leads to `endpoint` and the server has not closed it; any other is closed.
        private func takeIdle(for endpoint: Endpoint) -> Int32? {
            let connection = idle.withLock { idle in
                defer { idle = nil }
                return idle
            }
            guard let connection else { return nil }
            // Anything to read on an idle connection (its end, an error, bytes nobody asked for) makes it unusable.
            var poller = pollfd(fd: connection.socket, events: Int16(POLLIN), revents: 0)
            guard connection.endpoint == endpoint, poll(&poller, 1, 0) == 0 else {
                close(connection.socket)
                return nil
            }
            return connection.socket
        }

        /// Keeps `wire`'s socket as the idle connection when `keep` (and the call was not cancelled), else closes it.
        private func release(_ wire: Wire, keep: Bool) {
            let cancelled = wire.exchange.detach()
            guard keep, !cancelled else {
                close(wire.socket)
                return
            }
            let previous = idle.withLock { idle in
                defer { idle = IdleConnection(socket: wire.socket, endpoint: wire.endpoint) }
                return idle
            }
            if let previous { close(previous.socket) }
        }

        /// The request as it goes on the wire: request line, `Host`, the request's fields, `Content-Length`, body.
        static func message(_ request: HTTPRequest, body: [UInt8]?, endpoint: Endpoint) -> [UInt8] {
            var head = "\(request.method.rawValue) \(endpoint.pathPrefix)\(request.path ?? "/") HTTP/1.1\r\n"
            head += "Host: \(endpoint.authority)\r\n"
            for field in request.headerFields
            where !["host", "content-length", "transfer-encoding"].contains(field.name.canonicalName) {
                head += "\(field.name.rawName): \(field.value)\r\n"
            }
            if let body {
                head += "Content-Length: \(body.count)\r\n"
            } else if [.post, .put, .patch].contains(request.method) {
                head += "Content-Length: 0\r\n"
            }
            head += "\r\n"
            return Array(head.utf8) + (body ?? [])
        }

        /// A non-blocking, connected socket to the first of `endpoint`'s addresses that accepts, with TCP_NODELAY.
        private static func connect(
            to endpoint: Endpoint, deadline: ContinuousClock.Instant, exchange: Exchange
        ) throws -> Int32 {
            guard !exchange.isCancelled else { throw CancellationError() }
            var hints = addrinfo()
            hints.ai_family = AF_UNSPEC
            hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
            hints.ai_flags = AI_NUMERICSERV
            var found: UnsafeMutablePointer<addrinfo>?
            let status = getaddrinfo(endpoint.host, String(endpoint.port), &hints, &found)
            guard status == 0, let addresses = found else {
                let reason =
                    status == EAI_SYSTEM
                    ? describe(errno: errno) : lowercasedFirst(String(cString: gai_strerror(status)))
                throw TransportFailure(
                    kind: .unreachable,
                    message: "cannot connect to \(endpoint.display): the host name cannot be resolved (\(reason))")
            }
            defer { freeaddrinfo(addresses) }
            var failure = ECONNREFUSED
            var next: UnsafeMutablePointer<addrinfo>? = addresses
            while let address = next?.pointee {
                next = address.ai_next
                let socket = Glibc.socket(
                    address.ai_family,
                    address.ai_socktype | Int32(SOCK_NONBLOCK.rawValue) | Int32(SOCK_CLOEXEC.rawValue),
                    address.ai_protocol)
                guard socket >= 0 else {
                    failure = errno
                    continue
                }
                guard exchange.attach(socket) else {
                    close(socket)
                    throw CancellationError()
                }
                do {
                    if try connect(socket, to: address, endpoint: endpoint, deadline: deadline, exchange: exchange) {
                        var on: Int32 = 1
                        _ = setsockopt(
                            socket, Int32(IPPROTO_TCP), TCP_NODELAY, &on, socklen_t(MemoryLayout<Int32>.size))
                        return socket
                    }
                    failure = errno
                } catch {
                    _ = exchange.detach()
                    close(socket)
                    throw error
                }
                _ = exchange.detach()
                close(socket)
            }
            throw TransportFailure(
                kind: .unreachable, message: "cannot connect to \(endpoint.display): \(describe(errno: failure))")
        }

        /// Connects `socket` to `address`, waiting with poll until the deadline: true when connected, else false
        /// with the reason in `errno`.
        private static func connect(
            _ socket: Int32, to address: addrinfo, endpoint: Endpoint, deadline: ContinuousClock.Instant,
            exchange: Exchange
        ) throws -> Bool {
            if Glibc.connect(socket, address.ai_addr, address.ai_addrlen) == 0 { return true }
            guard errno == EINPROGRESS || errno == EINTR else { return false }
            try wait(socket, for: POLLOUT, endpoint: endpoint, deadline: deadline, exchange: exchange)
            var error: Int32 = 0
            var length = socklen_t(MemoryLayout<Int32>.size)
            guard getsockopt(socket, SOL_SOCKET, SO_ERROR, &error, &length) == 0 else { return false }
            if error == 0 { return true }
            errno = error
            return false
        }

        /// Waits until `socket` is ready for `events` (or failed, or hung up), throwing once the deadline has passed
        /// or the call was cancelled.
        fileprivate static func wait(
            _ socket: Int32, for events: Int32, endpoint: Endpoint, deadline: ContinuousClock.Instant,
            exchange: Exchange
        ) throws {
            while true {
                guard !exchange.isCancelled else { throw CancellationError() }
                let remaining = deadline - ContinuousClock.now
                guard remaining > .zero else {
                    throw TransportFailure(kind: .timedOut, message: "\(endpoint.display) did not answer in time")
                }
                let (seconds, attoseconds) = remaining.components
                let milliseconds = min(
                    seconds * 1000 + (attoseconds + 999_999_999_999_999) / 1_000_000_000_000_000, 60_000)
                var poller = pollfd(fd: socket, events: Int16(events), revents: 0)
                let ready = poll(&poller, 1, Int32(milliseconds))
                if ready > 0 {
                    guard !exchange.isCancelled else { throw CancellationError() }
                    return
                }
                if ready < 0 && errno != EINTR {
                    throw TransportFailure(
                        kind: .unreachable,
                        message: "the connection to \(endpoint.display) failed: \(describe(errno: errno))")
                }
            }
        }

        /// `strerror`'s words for `errno`, lowercased to sit in a sentence ("connection refused").
        fileprivate static func describe(errno code: Int32) -> String {
            lowercasedFirst(String(cString: strerror(code)))
        }

        private static func lowercasedFirst(_ text: String) -> String {
            text.prefix(1).lowercased() + text.dropFirst()
        }
    }

    /// Where requests go: the host to resolve, the port, and the base URL's path in front of every request path.
    struct Endpoint: Sendable, Equatable {
        /// The host name or address literal, without the brackets of an IPv6 literal.
        let host: String
        let port: Int
        /// The base URL's path without its trailing slash, percent-encoded ("" for none).
        let pathPrefix: String

        init(_ url: URL) throws {
            guard let components = URLComponents(url: url, resolvingAgainstBaseURL: false),
                var host = components.host, !host.isEmpty
            else {
                throw TransportFailure(kind: .unreachable, message: "the server address \(url) has no host")
            }
            if host.hasPrefix("[") && host.hasSuffix("]") { host = String(host.dropFirst().dropLast()) }
            self.host = host
            self.port = components.port ?? 80
            var path = components.percentEncodedPath
            while path.hasSuffix("/") { path.removeLast() }
            self.pathPrefix = path
        }

        /// The host as it appears in a URL: an IPv6 literal in brackets.
        private var bracketedHost: String { host.contains(":") ? "[\(host)]" : host }

        /// The `Host` field: the host, and the port unless it is 80.
        var authority: String { port == 80 ? bracketedHost : "\(bracketedHost):\(port)" }

        /// host:port, for messages.
        var display: String { "\(bracketedHost):\(port)" }
    }

    /// An answer as the exchange's thread hands it over.
    private struct Answer: Sendable {
        var response: HTTPResponse
        var body: [UInt8]
    }

    /// The connection kept alive between requests.
    private struct IdleConnection: Sendable {
        var socket: Int32
        var endpoint: Endpoint
    }

    /// A kept-alive connection that the server had closed before the request went over it.
    private struct StaleConnection: Error {}

    /// The connection ended (or was reset) before the first byte of an answer.
    private struct PeerClosed: Error {}

    /// What the calling task and the exchange's thread share: the continuation, resumed once by whichever comes
    /// first (the answer, or cancellation), and the socket in use, which cancelling shuts down so its poll wakes.
    fileprivate final class Exchange: Sendable {
        private struct State: Sendable {
            var continuation: CheckedContinuation<Answer, any Error>?
            var cancelled = false
            var socket: Int32?
        }

        private let state = Mutex(State())

        var isCancelled: Bool { state.withLock { $0.cancelled } }

        /// Keeps `continuation` for the answer; false (and it is resumed with `CancellationError`) when the task was
        /// cancelled already.
        fileprivate func start(_ continuation: CheckedContinuation<Answer, any Error>) -> Bool {
            let started = state.withLock { state in
                if !state.cancelled { state.continuation = continuation }
                return !state.cancelled
            }
            if !started { continuation.resume(throwing: CancellationError()) }
            return started
        }

        fileprivate func finish(_ result: Result<Answer, any Error>) {
            let continuation = state.withLock { state in
                defer { state.continuation = nil }
                return state.continuation
            }
            continuation?.resume(with: result)
        }

        func cancel() {
            let continuation = state.withLock { state in
                state.cancelled = true
                if let socket = state.socket { shutdown(socket, Int32(SHUT_RDWR)) }
                defer { state.continuation = nil }
                return state.continuation
            }
            continuation?.resume(throwing: CancellationError())
        }

        /// Makes `socket` the one cancelling shuts down; false when the call was cancelled already.
        func attach(_ socket: Int32) -> Bool {
            state.withLock { state in
                if !state.cancelled { state.socket = socket }
                return !state.cancelled
            }
        }

        /// Forgets the socket before it is closed or kept idle; returns whether the call was cancelled.
        func detach() -> Bool {
            state.withLock { state in
                state.socket = nil
                return state.cancelled
            }
        }
    }

    /// One connection while an exchange uses it: writes the request, buffers what arrives and parses the answer.
    private final class Wire {
        let socket: Int32
        let endpoint: Endpoint
        let deadline: ContinuousClock.Instant
        let exchange: Exchange
        /// Bytes received and not yet parsed start at `start`.
        private var buffer: [UInt8] = []
        private var start = 0
        /// Bytes received since the request was sent.
        private var received = 0
        private var scratch = [UInt8](repeating: 0, count: 64 << 10)

        init(socket: Int32, endpoint: Endpoint, deadline: ContinuousClock.Instant, exchange: Exchange) {
            self.socket = socket
            self.endpoint = endpoint
            self.deadline = deadline
            self.exchange = exchange
        }

        private var invalid: TransportFailure {
            TransportFailure(kind: .invalidResponse, message: "the answer is not a valid HTTP response")
        }

        private var cutShort: TransportFailure {
            TransportFailure(kind: .invalidResponse, message: "the connection closed before the whole answer arrived")
        }

        private var bodyTooLarge: TransportFailure {
            TransportFailure(kind: .invalidResponse, message: "the answer's body is larger than 64 MiB")
        }

        private var headTooLarge: TransportFailure {
            TransportFailure(kind: .invalidResponse, message: "the answer's header fields are larger than 64 KiB")
        }

        // MARK: Writing and reading

        /// Sends all of `bytes`: false when the server closed or reset the connection first.
        func write(_ bytes: [UInt8]) throws -> Bool {
            var offset = 0
            while offset < bytes.count {
                let sent = bytes[offset...].withUnsafeBytes {
                    Glibc.send(socket, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL))
                }
                if sent >= 0 {
                    offset += sent
                    continue
                }
                switch errno {
                case EINTR:
                    continue
                case EAGAIN, EWOULDBLOCK:
                    try SocketTransport.wait(
                        socket, for: POLLOUT, endpoint: endpoint, deadline: deadline, exchange: exchange)
                case EPIPE, ECONNRESET:
                    return false
                default:
                    throw TransportFailure(
                        kind: .unreachable,
                        message: "sending to \(endpoint.display) failed: \(SocketTransport.describe(errno: errno))")
                }
            }
            return true
        }

        /// Receives more bytes into the buffer: false at the end of the stream (or a reset).
        private func fill() throws -> Bool {
            if start > 0 && start == buffer.count {
                buffer.removeAll(keepingCapacity: true)
                start = 0
            }
            while true {
                let count = scratch.withUnsafeMutableBytes { recv(socket, $0.baseAddress, $0.count, 0) }
                if count > 0 {
                    buffer.append(contentsOf: scratch[0..<count])
                    received += count
                    return true
                }
                if count == 0 { return false }
                switch errno {
                case EINTR:
                    continue
                case EAGAIN, EWOULDBLOCK:
                    try SocketTransport.wait(
                        socket, for: POLLIN, endpoint: endpoint, deadline: deadline, exchange: exchange)
                case ECONNRESET:
                    return false
                default:
                    throw TransportFailure(
                        kind: .unreachable,
                        message:
                            "receiving from \(endpoint.display) failed: \(SocketTransport.describe(errno: errno))")
                }
            }
        }

        /// Receives more bytes, or throws: ``PeerClosed`` when nothing of the answer came, else "cut short".
        private func fillOrThrow() throws {
            guard try fill() else {
                if received == 0 { throw PeerClosed() }
                throw cutShort
            }
        }

        /// The next `count` bytes.
        private func take(_ count: Int) throws -> ArraySlice<UInt8> {
            while buffer.count - start < count { try fillOrThrow() }
            defer { start += count }
            return buffer[start..<start + count]
        }

        /// The next line without its line end (LF or CRLF), no longer than `limit`.
        private func line(limit: Int, tooLong: TransportFailure) throws -> ArraySlice<UInt8> {
            var scanned = start
            while true {
                if let end = buffer[scanned...].firstIndex(of: UInt8(ascii: "\n")) {
                    var line = buffer[start..<end]
                    if line.last == UInt8(ascii: "\r") { line = line.dropLast() }
                    guard line.count <= limit else { throw tooLong }
                    start = end + 1
                    return line
                }
                // Room for the line and its CR.
                guard buffer.count - start <= limit + 1 else { throw tooLong }
                scanned = buffer.count
                try fillOrThrow()
            }
        }

        // MARK: The answer

        /// Reads one answer (skipping interim 1xx ones): the response and body, and whether the connection may
        /// carry another request.
        func readAnswer(expectsBody: Bool) throws -> (Answer, keepAlive: Bool) {
            var head = try readHead()
            while (100..<200).contains(head.status) {
                guard head.status != 101 else { throw invalid }
                head = try readHead()
            }
            let tokens = head.fields[values: .connection].flatMap { Self.list($0) }
            var keepAlive = head.minorVersion >= 1 ? !tokens.contains("close") : tokens.contains("keep-alive")
            var fields = head.fields
            let body: [UInt8]
            let codings = head.fields[values: .transferEncoding].flatMap { Self.list($0) }.filter { $0 != "identity" }
            if !expectsBody || head.status == 204 || head.status == 304 {
                body = []
            } else if !head.fields[values: .transferEncoding].isEmpty {
                guard codings == ["chunked"] else { throw invalid }
                body = try readChunked()
                fields[.transferEncoding] = nil
            } else if let length = try contentLength(head.fields) {
                guard length <= SocketTransport.bodyLimit else { throw bodyTooLarge }
                body = Array(try take(length))
            } else {
                // Neither length nor chunks: the body is everything until the server closes.
                while try fill() {
                    guard buffer.count - start <= SocketTransport.bodyLimit else { throw bodyTooLarge }
                }
                body = Array(buffer[start...])
                start = buffer.count
                keepAlive = false
            }
            // Bytes after the answer that nobody asked for: the connection is out of step.
            if start != buffer.count { keepAlive = false }
            let status = HTTPResponse.Status(code: head.status, reasonPhrase: head.reason)
            return (Answer(response: HTTPResponse(status: status, headerFields: fields), body: body), keepAlive)
        }

        private struct Head {
            var minorVersion: Int
            var status: Int
            var reason: String
            var fields: HTTPFields
        }

        /// The status line and header fields, up to the blank line.
        private func readHead() throws -> Head {
            var remaining = SocketTransport.headLimit
            func nextLine() throws -> String {
                let bytes = try line(limit: remaining, tooLong: headTooLarge)
                remaining -= bytes.count + 2
                guard remaining >= 0 else { throw headTooLarge }
                return String(decoding: bytes, as: UTF8.self)
            }
            var head = try parseStatusLine(nextLine())
            while true {
                let line = try nextLine()
                if line.isEmpty { return head }
                // A line folded onto the previous one (obsolete) or without a name is not HTTP/1.1.
                guard let colon = line.firstIndex(of: ":"), !line.hasPrefix(" "), !line.hasPrefix("\t"),
                    let name = HTTPField.Name(String(line[..<colon]))
                else { throw invalid }
                let value = line[line.index(after: colon)...].trimmingCharacters(in: CharacterSet(charactersIn: " \t"))
                head.fields.append(HTTPField(name: name, value: value))
            }
        }

        /// `HTTP/1.x NNN reason`.
        private func parseStatusLine(_ line: String) throws -> Head {
            let parts = line.split(separator: " ", maxSplits: 2, omittingEmptySubsequences: false)
            guard parts.count >= 2, parts[0].count == 8, parts[0].hasPrefix("HTTP/1."),
                let minor = parts[0].last?.wholeNumberValue,
                parts[1].count == 3, parts[1].allSatisfy({ $0.isASCII && $0.isNumber }), let status = Int(parts[1]),
                (100...599).contains(status)
            else { throw invalid }
            let reason = parts.count > 2 ? String(parts[2]) : ""
            return Head(minorVersion: minor, status: status, reason: reason, fields: HTTPFields())
        }

        /// The `Content-Length`, nil when there is none; several that disagree, or one that is not a number,
        /// make the answer invalid.
        private func contentLength(_ fields: HTTPFields) throws -> Int? {
            let values = Set(fields[values: .contentLength].flatMap { Self.list($0) })
            guard let value = values.first else { return nil }
            guard values.count == 1, value.count <= 18, value.allSatisfy({ $0.isASCII && $0.isNumber }),
                let length = Int(value)
            else { throw invalid }
            return length
        }

        /// A chunked body: hexadecimal size lines (extensions ignored), chunks, a zero size and trailer fields.
        private func readChunked() throws -> [UInt8] {
            var body: [UInt8] = []
            while true {
                let sizeLine = try line(limit: 4096, tooLong: invalid)
                let digits = String(decoding: sizeLine.prefix { $0 != UInt8(ascii: ";") }, as: UTF8.self)
                    .trimmingCharacters(in: CharacterSet(charactersIn: " \t"))
                let significant = digits.drop { $0 == "0" }
                guard !digits.isEmpty, significant.count <= 8, digits.allSatisfy(\.isHexDigit),
                    let size = Int(significant.isEmpty ? "0" : String(significant), radix: 16)
                else { throw invalid }
                if size == 0 { break }
                guard body.count + size <= SocketTransport.bodyLimit else { throw bodyTooLarge }
                body += try take(size)
                guard try line(limit: 0, tooLong: invalid).isEmpty else { throw invalid }
            }
            var remaining = SocketTransport.headLimit
            while true {
                let trailer = try line(limit: remaining, tooLong: headTooLarge)
                if trailer.isEmpty { return body }
                remaining -= trailer.count + 2
                guard remaining >= 0 else { throw headTooLarge }
            }
        }

        /// A comma-separated field value as lowercased, trimmed items.
        private static func list(_ value: String) -> [String] {
            value.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces).lowercased() }
                .filter { !$0.isEmpty }
        }
    }
#endif
