import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// A deterministic generator (SplitMix64): the same seed gives the same numbers on every platform, so a seed
/// printed by a failing run names the random choices it made.
struct SplitMix64: RandomNumberGenerator, Sendable {
    private var state: UInt64

    init(seed: UInt64) {
        state = seed
    }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

/// A TCP proxy on 127.0.0.1 in front of a real `stint-server` that breaks about a third of the HTTP requests
/// going through it, the way networks and load balancers do. It reads each request whole (HTTP/1.1, kept-alive
/// connections included), draws from a seeded generator whether and how to break it, and then:
///
/// - `drop`: closes the connection without forwarding the request;
/// - `reset`: resets the connection (SO_LINGER 0) without forwarding it;
/// - `error`: answers 500, 502 or 503 itself without forwarding it;
/// - `errorAfter`: forwards it, lets the server apply it, throws the answer away and answers 502 — the case that
///   tests exactly-once: the device must retry something the server already did;
/// - `resetAfter`: forwards it, lets the server apply it, and resets the connection before any byte of the answer
///   (on a kept-alive connection the client resends such a request at once, believing the server had closed it);
/// - `hold`: forwards it and sits on the answer until the client gives up (its timeout) or `holdLimit` passes;
/// - `truncate`: forwards it and sends only the head and half of the answer's body, then closes.
///
/// Every other request is passed through on one upstream connection per client connection. Counters are kept
/// under a lock and read with ``counts``. Bound before `init` returns, so no waiting is needed.
final class FaultProxy: @unchecked Sendable {
    enum Fault: String, CaseIterable, Sendable {
        case drop, reset, error, errorAfter = "error-after", resetAfter = "reset-after", hold, truncate
    }

    struct Counts: Sendable, CustomStringConvertible {
        var connections = 0
        var requests = 0
        var passed = 0
        var faults: [Fault: Int] = [:]
        /// Requests by route: "push", "changes", "session", "devices", other paths by their last component.
        var routes: [String: Int] = [:]

        var faulted: Int { faults.values.reduce(0, +) }

        var description: String {
            let kinds = Fault.allCases.map { "\($0.rawValue) \(faults[$0, default: 0])" }.joined(separator: ", ")
            let paths = routes.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" }.joined(separator: ", ")
            return "\(requests) requests on \(connections) connections (\(paths)): \(passed) passed, "
                + "\(faulted) faulted (\(kinds))"
        }
    }

    let port: Int
    var url: String { "http://127.0.0.1:\(port)" }

    private let upstreamPort: Int
    private let rate: Double
    private let holdLimit: Double
    private let listener: Int32
    private let lock = NSLock()
    private var generator: SplitMix64
    private var enabled = true
    private var tally = Counts()
    private var open: Set<Int32> = []
    private var closed = false

    /// - Parameters:
    ///   - upstreamPort: the port of the server on 127.0.0.1.
    ///   - seed: the seed of the fault decisions.
    ///   - rate: the share of requests that get a fault.
    ///   - holdLimit: the longest a held answer is sat on, in seconds, should the client never give up.
    init(upstreamPort: Int, seed: UInt64, rate: Double = 1.0 / 3.0, holdLimit: Double = 30) throws {
        self.upstreamPort = upstreamPort
        self.rate = rate
        self.holdLimit = holdLimit
        generator = SplitMix64(seed: seed)
        let socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard socket >= 0 else { throw StintFailure(description: "socket() failed") }
        var on: Int32 = 1
        _ = setsockopt(socket, SOL_SOCKET, SO_REUSEADDR, &on, socklen_t(MemoryLayout<Int32>.size))
        var address = Self.loopback(port: 0)
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard bound == 0, listen(socket, 128) == 0 else {
            Glibc.close(socket)
            throw StintFailure(description: "bind/listen failed")
        }
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(socket, $0, &length) }
        }
        port = Int(UInt16(bigEndian: address.sin_port))
        listener = socket
        Thread.detachNewThread { [self] in acceptLoop() }
    }

    /// Turns fault injection on or off; off, the proxy only passes requests through.
    func setFaults(enabled on: Bool) {
        lock.withLock { enabled = on }
    }

    func counts() -> Counts {
        lock.withLock { tally }
    }

    /// Stops accepting and wakes every connection thread; each closes its own sockets.
    func close() {
        lock.withLock {
            closed = true
            for socket in open { shutdown(socket, Int32(SHUT_RDWR)) }
        }
        shutdown(listener, Int32(SHUT_RDWR))
        Glibc.close(listener)
    }

    // MARK: Connections

    private static func loopback(port: Int) -> sockaddr_in {
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = UInt16(port).bigEndian
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        return address
    }

    private func acceptLoop() {
        while true {
            let client = accept(listener, nil, nil)
            if client < 0 {
                if errno == EINTR || errno == ECONNABORTED { continue }
                return
            }
            let admitted = lock.withLock {
                guard !closed else { return false }
                open.insert(client)
                tally.connections += 1
                return true
            }
            guard admitted else {
                Glibc.close(client)
                continue
            }
            Thread.detachNewThread { [self] in serve(client) }
        }
    }

    /// The fault for the next request (nil: pass it through), counted with its route.
    private func decide(route: String) -> Fault? {
        lock.withLock {
            tally.requests += 1
            tally.routes[route, default: 0] += 1
            // Draw even when disabled, so switching faults off does not change the decisions of later runs.
            let draw = Double(generator.next() >> 11) / Double(1 << 53)
            let kind = Fault.allCases[Int(generator.next() % UInt64(Fault.allCases.count))]
            guard enabled, draw < rate else {
                tally.passed += 1
                return nil
            }
            tally.faults[kind, default: 0] += 1
            return kind
        }
    }

    private func nextErrorStatus() -> Int {
        lock.withLock { [500, 502, 503][Int(generator.next() % 3)] }
    }

    private func track(_ socket: Int32) -> Bool {
        lock.withLock {
            guard !closed else { return false }
            open.insert(socket)
            return true
        }
    }

    private func finish(_ socket: Int32) {
        lock.withLock { _ = open.remove(socket) }
        Glibc.close(socket)
    }

    /// One client connection: request after request until the client closes it or a fault ends it.
    private func serve(_ client: Int32) {
        let downstream = Wire(client)
        var upstream: Wire?
        defer {
            if let upstream { finish(upstream.socket) }
            finish(client)
        }
        while true {
            guard let request = try? downstream.readMessage(isRequest: true, method: nil) else { return }
            let fault = decide(route: request.route)
            switch fault {
            case .drop?:
                shutdown(client, Int32(SHUT_RDWR))
                return
            case .reset?:
                Self.reset(client)
                return
            case .error?:
                guard downstream.send(Self.errorAnswer(status: nextErrorStatus())) else { return }
                continue
            default:
                break
            }
            guard let (answer, keepUpstream) = exchange(request, over: &upstream) else {
                // The server could not be reached: the client sees the connection close.
                return
            }
            if !keepUpstream, let open = upstream {
                finish(open.socket)
                upstream = nil
            }
            switch fault {
            case .errorAfter?:
                guard downstream.send(Self.errorAnswer(status: 502)) else { return }
            case .resetAfter?:
                Self.reset(client)
                return
            case .hold?:
                // Sit on the answer until the client hangs up (its timeout) or the limit passes.
                var poller = pollfd(fd: client, events: Int16(POLLIN), revents: 0)
                _ = poll(&poller, 1, Int32(holdLimit * 1000))
                return
            case .truncate?:
                let cut = answer.headLength + max(0, (answer.bytes.count - answer.headLength) / 2)
                _ = downstream.send(Array(answer.bytes[0..<max(1, min(cut, answer.bytes.count - 1))]))
                shutdown(client, Int32(SHUT_RDWR))
                return
            default:
                guard downstream.send(answer.bytes) else { return }
                if answer.closes { return }
            }
        }
    }

    /// Sends `request` upstream (over the kept connection, or a new one) and reads the answer whole. A kept
    /// connection the server closed while idle gets the request once more over a new one.
    private func exchange(_ request: Message, over upstream: inout Wire?) -> (Message, keep: Bool)? {
        for attempt in 0..<2 {
            let reused = upstream != nil
            if upstream == nil {
                guard let socket = connectUpstream() else { return nil }
                upstream = Wire(socket)
            }
            guard let wire = upstream else { return nil }
            if wire.send(request.bytes),
                let answer = try? wire.readMessage(isRequest: false, method: request.method)
            {
                return (answer, !answer.closes)
            }
            finish(wire.socket)
            upstream = nil
            guard reused, attempt == 0, !wire.receivedAny else { return nil }
        }
        return nil
    }

    private func connectUpstream() -> Int32? {
        let socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard socket >= 0 else { return nil }
        guard track(socket) else {
            Glibc.close(socket)
            return nil
        }
        var address = Self.loopback(port: upstreamPort)
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                Glibc.connect(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard connected == 0 else {
            finish(socket)
            return nil
        }
        var on: Int32 = 1
        _ = setsockopt(socket, Int32(IPPROTO_TCP), TCP_NODELAY, &on, socklen_t(MemoryLayout<Int32>.size))
        // A server that never answers must not hold a proxy thread forever.
        var limit = timeval(tv_sec: 60, tv_usec: 0)
        _ = setsockopt(socket, SOL_SOCKET, SO_RCVTIMEO, &limit, socklen_t(MemoryLayout<timeval>.size))
        return socket
    }

    /// Closes `socket` with a TCP reset rather than an orderly end.
    private static func reset(_ socket: Int32) {
        var linger = Glibc.linger(l_onoff: 1, l_linger: 0)
        _ = setsockopt(socket, SOL_SOCKET, SO_LINGER, &linger, socklen_t(MemoryLayout<Glibc.linger>.size))
    }

    private static func errorAnswer(status: Int) -> [UInt8] {
        let reason = [500: "Internal Server Error", 502: "Bad Gateway", 503: "Service Unavailable"][status] ?? "Error"
        let body = "{\"code\":\"injected-fault\",\"message\":\"the fault proxy answered \(status)\"}"
        return Array(
            ("HTTP/1.1 \(status) \(reason)\r\nContent-Type: application/json\r\nContent-Length: \(body.utf8.count)\r\n"
                + "Server: fault-proxy\r\n\r\n" + body).utf8)
    }
}

// MARK: - HTTP/1.1 framing

extension FaultProxy {
    /// One request or answer as it went over the wire: all its bytes, and what the framing said about it.
    struct Message {
        var bytes: [UInt8]
        var headLength: Int
        var method: String
        var route: String
        /// The sender closes the connection after it (`Connection: close`, or a body that ends at the close).
        var closes: Bool
    }

    struct Closed: Error {}

    /// A blocking socket with a read buffer.
    final class Wire {
        let socket: Int32
        private var buffer: [UInt8] = []
        private var scratch = [UInt8](repeating: 0, count: 64 << 10)
        /// Whether any byte arrived on this connection since the last message was sent.
        private(set) var receivedAny = false

        init(_ socket: Int32) {
            self.socket = socket
        }

        /// Sends all of `bytes`: false when the peer closed or reset the connection.
        func send(_ bytes: [UInt8]) -> Bool {
            receivedAny = false
            var offset = 0
            while offset < bytes.count {
                let sent = bytes[offset...].withUnsafeBytes {
                    Glibc.send(socket, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL))
                }
                if sent > 0 {
                    offset += sent
                } else if sent < 0 && errno == EINTR {
                    continue
                } else {
                    return false
                }
            }
            return true
        }

        /// Receives more bytes: false at the end of the stream, a reset or a timeout.
        private func fill() -> Bool {
            while true {
                let count = scratch.withUnsafeMutableBytes { recv(socket, $0.baseAddress, $0.count, 0) }
                if count > 0 {
                    buffer.append(contentsOf: scratch[0..<count])
                    receivedAny = true
                    return true
                }
                if count < 0 && errno == EINTR { continue }
                return false
            }
        }

        /// Reads one whole message. Throws ``Closed`` when the connection ends first (before or inside it).
        func readMessage(isRequest: Bool, method requestMethod: String?) throws -> Message {
            let separator: [UInt8] = [13, 10, 13, 10]
            var headEnd: Int?
            var scanned = 0
            while headEnd == nil {
                if buffer.count >= 4 {
                    var index = max(0, scanned - 3)
                    while index + 4 <= buffer.count {
                        if buffer[index] == 13, buffer[index..<index + 4].elementsEqual(separator) {
                            headEnd = index + 4
                            break
                        }
                        index += 1
                    }
                    scanned = buffer.count
                }
                if headEnd == nil {
                    guard buffer.count < 1 << 20, fill() else { throw Closed() }
                }
            }
            guard let headLength = headEnd else { throw Closed() }
            let head = String(decoding: buffer[0..<headLength], as: UTF8.self)
            let lines = head.components(separatedBy: "\r\n")
            let start = lines.first?.split(separator: " ", omittingEmptySubsequences: true) ?? []
            var fields: [(String, String)] = []
            for line in lines.dropFirst() where !line.isEmpty {
                guard let colon = line.firstIndex(of: ":") else { continue }
                fields.append(
                    (
                        line[..<colon].lowercased(),
                        line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces).lowercased()
                    ))
            }
            func values(_ name: String) -> [String] {
                fields.filter { $0.0 == name }.flatMap { $0.1.split(separator: ",") }
                    .map { $0.trimmingCharacters(in: .whitespaces) }
            }
            let method = isRequest ? String(start.first ?? "") : (requestMethod ?? "GET")
            var route = ""
            if isRequest, start.count > 1 {
                let path = start[1].split(separator: "?").first ?? ""
                route = path.split(separator: "/").last.map(String.init) ?? "/"
            }
            let status = isRequest ? 0 : Int(start.count > 1 ? start[1] : "") ?? 0
            let version = start.first.map(String.init) ?? ""
            var closes = values("connection").contains("close")
            if !isRequest && version == "HTTP/1.0" && !values("connection").contains("keep-alive") { closes = true }

            var end = headLength
            if !isRequest && (method == "HEAD" || status == 204 || status == 304 || (100..<200).contains(status)) {
                // No body.
            } else if values("transfer-encoding").contains("chunked") {
                end = try chunkedEnd(from: headLength)
            } else if let length = values("content-length").first.flatMap({ Int($0) }) {
                while buffer.count < headLength + length {
                    guard fill() else { throw Closed() }
                }
                end = headLength + length
            } else if !isRequest {
                // The body runs until the server closes.
                while fill() {}
                end = buffer.count
                closes = true
            }
            let bytes = Array(buffer[0..<end])
            buffer.removeFirst(end)
            return Message(bytes: bytes, headLength: headLength, method: method, route: route, closes: closes)
        }

        /// The index just past a chunked body that starts at `offset` (with its trailer fields).
        private func chunkedEnd(from offset: Int) throws -> Int {
            var position = offset
            func line() throws -> String {
                while true {
                    if let index = buffer[position...].firstIndex(of: 10) {
                        let text = String(decoding: buffer[position..<index], as: UTF8.self)
                        position = index + 1
                        return text.trimmingCharacters(in: CharacterSet(charactersIn: "\r"))
                    }
                    guard fill() else { throw Closed() }
                }
            }
            while true {
                let sizeText = try line().split(separator: ";").first.map(String.init) ?? ""
                guard let size = Int(sizeText.trimmingCharacters(in: .whitespaces), radix: 16) else { throw Closed() }
                if size == 0 {
                    while try !line().isEmpty {}
                    return position
                }
                while buffer.count < position + size + 2 {
                    guard fill() else { throw Closed() }
                }
                position += size + 2
            }
        }
    }
}
