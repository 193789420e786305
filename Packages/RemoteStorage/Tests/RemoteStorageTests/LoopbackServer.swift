import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A tiny TCP server on 127.0.0.1 (or ::1) for what only a real socket shows: a server that accepts and never
/// answers, one that answers garbage, one that hangs up at once, one that keeps connections alive (or drops them).
///
/// The socket is bound and listening when `init` returns, so a test can call it straight away; connections
/// are accepted on a detached thread until ``stop()``.
final class LoopbackServer: @unchecked Sendable {
    enum Behavior: Sendable {
        /// Accept, then hold the connection open and never send a byte.
        case silent
        /// Read the request head, send `response` as it is, and close.
        case answer(String)
        /// Accept, then close at once.
        case hangUp
        /// Keep each connection open and answer the requests on it, one ``Reply`` per request in the order they
        /// arrive on any connection (the last reply repeats). Each connection has a thread of its own.
        case converse([Reply])
        /// Send `response` as soon as the connection is accepted, without reading anything, and close.
        case greet(String)
    }

    /// What a conversing server does with one request.
    enum Reply: Sendable {
        /// Send the answer and wait for the next request on the same connection.
        case keepOpen(String)
        /// Send the answer, then close (whatever the answer's headers say).
        case thenClose(String)
        /// Close without a word: a kept-alive connection the server gave up on just as the request came.
        case drop
        /// Never answer; wait for the client to close the connection.
        case hold
    }

    /// What ``wait(until:reaches:)`` counts.
    enum Count: Sendable {
        /// Connections accepted.
        case accepted
        /// Requests received.
        case requests
        /// Conversing connections ended, by the client or by a reply.
        case ended
    }

    enum Failure: Error {
        case socket(String, Int32)
    }

    /// The port the kernel chose.
    let port: UInt16
    private let listener: Int32
    private let lock = NSLock()
    private let ipv6: Bool
    private var heads: [String] = []
    /// Silent connections, closed by ``stop()``.
    private var held: [Int32] = []
    /// Conversing connections: ``stop()`` shuts them down, their threads close them.
    private var live: Set<Int32> = []
    private var counts: [Count: Int] = [:]
    private var replied = 0
    private var waiters: [(count: Count, target: Int, continuation: CheckedContinuation<Void, Never>)] = []
    private var stopped = false

    /// The requests received so far, head and body (answering and conversing servers only).
    var requests: [String] { lock.withLock { heads } }

    /// How many connections the server accepted.
    var connections: Int { lock.withLock { counts[.accepted, default: 0] } }

    /// http://127.0.0.1:<port>, or http://[::1]:<port>
    var url: URL {
        if ipv6, let url = URL(string: "http://[::1]:\(port)") { return url }
        return Fixture.loopback(port: port)
    }

    /// A server on 127.0.0.1, or on ::1 when `ipv6`.
    init(_ behavior: Behavior, ipv6: Bool = false) throws {
        let (listener, port) = try Self.openSocket(listen: true, ipv6: ipv6)
        self.listener = listener
        self.port = port
        self.ipv6 = ipv6
        Thread.detachNewThread { [self] in
            acceptLoop(behavior)
        }
    }

    /// Whether a socket can listen on ::1 here.
    static let hasIPv6Loopback: Bool = {
        guard let (socket, _) = try? openSocket(listen: false, ipv6: true) else { return false }
        close(socket)
        return true
    }()

    /// A port on 127.0.0.1 where nothing listens: bound once, then closed.
    static func closedPort() throws -> UInt16 {
        let (socket, port) = try openSocket(listen: false)
        close(socket)
        return port
    }

    /// Returns once `count` has reached `target` (it only grows).
    func wait(until count: Count, reaches target: Int) async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let reached = lock.withLock {
                let reached = counts[count, default: 0] >= target
                if !reached { waiters.append((count, target, continuation)) }
                return reached
            }
            if reached { continuation.resume() }
        }
    }

    /// Adds one to `count` (with the lock held) and returns the waiters it satisfies, to resume without the lock.
    private func bump(_ count: Count) -> [CheckedContinuation<Void, Never>] {
        counts[count, default: 0] += 1
        let value = counts[count, default: 0]
        let ready = waiters.filter { $0.count == count && $0.target <= value }.map(\.continuation)
        waiters.removeAll { $0.count == count && $0.target <= value }
        return ready
    }

    /// Stops accepting and closes every connection still open.
    func stop() {
        let connections: [Int32]? = lock.withLock {
            guard !stopped else { return nil }
            stopped = true
            // Under the lock, so that no conversing thread closes one (and its number is reused) meanwhile.
            for connection in live { shutdown(connection, Int32(SHUT_RDWR)) }
            defer { held = [] }
            return held
        }
        guard let connections else { return }
        shutdown(listener, Int32(SHUT_RDWR))
        close(listener)
        for connection in connections { close(connection) }
    }

    deinit {
        stop()
    }

    private func acceptLoop(_ behavior: Behavior) {
        while true {
            let connection = accept(listener, nil, nil)
            guard connection >= 0 else {
                if errno == EINTR { continue }
                return
            }
            for continuation in lock.withLock({ bump(.accepted) }) { continuation.resume() }
            switch behavior {
            case .silent:
                let keep = lock.withLock {
                    if !stopped { held.append(connection) }
                    return !stopped
                }
                if !keep { close(connection) }
            case .hangUp:
                close(connection)
            case .answer(let response):
                let request = Self.readRequest(connection) ?? ""
                let ready = lock.withLock {
                    heads.append(request)
                    return bump(.requests)
                }
                for continuation in ready { continuation.resume() }
                Self.writeAll(connection, Array(response.utf8))
                shutdown(connection, Int32(SHUT_WR))
                close(connection)
            case .greet(let response):
                Self.writeAll(connection, Array(response.utf8))
                shutdown(connection, Int32(SHUT_WR))
                close(connection)
            case .converse(let replies):
                let keep = lock.withLock {
                    if !stopped { live.insert(connection) }
                    return !stopped
                }
                guard keep else {
                    close(connection)
                    continue
                }
                Thread.detachNewThread { [self] in
                    converse(connection, replies)
                }
            }
        }
    }

    /// Answers the requests on `connection` until the client closes it or a reply closes it.
    private func converse(_ connection: Int32, _ replies: [Reply]) {
        defer {
            let ready = lock.withLock {
                live.remove(connection)
                close(connection)
                return bump(.ended)
            }
            for continuation in ready { continuation.resume() }
        }
        while let request = Self.readRequest(connection) {
            let (reply, ready) = lock.withLock {
                heads.append(request)
                defer { replied += 1 }
                return (replies[min(replied, replies.count - 1)], bump(.requests))
            }
            for continuation in ready { continuation.resume() }
            switch reply {
            case .keepOpen(let response):
                Self.writeAll(connection, Array(response.utf8))
            case .thenClose(let response):
                Self.writeAll(connection, Array(response.utf8))
                shutdown(connection, Int32(SHUT_WR))
                return
            case .drop:
                return
            case .hold:
                continue
            }
        }
    }

    /// Reads one request, head and body (by its Content-Length); nil when the connection ends before a byte.
    private static func readRequest(_ connection: Int32) -> String? {
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        let blankLine = Array("\r\n\r\n".utf8)
        var wanted: Int?
        while wanted.map({ bytes.count < $0 }) ?? true {
            let count = buffer.withUnsafeMutableBytes { read(connection, $0.baseAddress, $0.count) }
            guard count > 0 else { break }
            bytes += buffer[0..<count]
            if wanted == nil, let end = bytes.indices.first(where: { bytes[$0...].starts(with: blankLine) }) {
                let head = String(decoding: bytes[..<end], as: UTF8.self).lowercased()
                let length = head.split(separator: "\r\n").first { $0.hasPrefix("content-length:") }
                    .flatMap { Int($0.dropFirst("content-length:".count).trimmingCharacters(in: .whitespaces)) }
                wanted = end + blankLine.count + (length ?? 0)
            }
        }
        return bytes.isEmpty ? nil : String(decoding: bytes, as: UTF8.self)
    }

    /// Sends `bytes` until done or the client is gone (no SIGPIPE: the client may close before reading it all).
    private static func writeAll(_ connection: Int32, _ bytes: [UInt8]) {
        var offset = 0
        while offset < bytes.count {
            #if canImport(Glibc)
                let count = bytes[offset...].withUnsafeBytes {
                    send(connection, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL))
                }
            #else
                let count = bytes[offset...].withUnsafeBytes { write(connection, $0.baseAddress, $0.count) }
            #endif
            guard count > 0 else { return }
            offset += count
        }
    }

    private static func openSocket(listen shouldListen: Bool, ipv6: Bool = false) throws -> (Int32, UInt16) {
        let family = ipv6 ? AF_INET6 : AF_INET
        #if canImport(Glibc)
            let fd = socket(family, Int32(SOCK_STREAM.rawValue), 0)
        #else
            let fd = socket(family, SOCK_STREAM, 0)
        #endif
        guard fd >= 0 else { throw Failure.socket("socket", errno) }
        var address = sockaddr_storage()
        var length = socklen_t(ipv6 ? MemoryLayout<sockaddr_in6>.size : MemoryLayout<sockaddr_in>.size)
        withUnsafeMutableBytes(of: &address) { raw in
            if ipv6 {
                var loopback = sockaddr_in6()
                loopback.sin6_family = sa_family_t(AF_INET6)
                loopback.sin6_addr = in6addr_loopback
                raw.storeBytes(of: loopback, as: sockaddr_in6.self)
            } else {
                var loopback = sockaddr_in()
                loopback.sin_family = sa_family_t(AF_INET)
                loopback.sin_addr.s_addr = inet_addr("127.0.0.1")
                raw.storeBytes(of: loopback, as: sockaddr_in.self)
            }
        }
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, length) }
        }
        guard bound == 0 else {
            close(fd)
            throw Failure.socket("bind", errno)
        }
        if shouldListen {
            guard listen(fd, 16) == 0 else {
                close(fd)
                throw Failure.socket("listen", errno)
            }
        }
        let named = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) }
        }
        guard named == 0 else {
            close(fd)
            throw Failure.socket("getsockname", errno)
        }
        // sin_port and sin6_port sit at the same offset.
        let port = withUnsafeBytes(of: &address) { $0.load(fromByteOffset: 2, as: UInt16.self) }
        return (fd, UInt16(bigEndian: port))
    }
}
