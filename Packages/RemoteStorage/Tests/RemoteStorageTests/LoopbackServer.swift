import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A tiny TCP server on 127.0.0.1 for the failures only a real socket shows: a server that accepts and never
/// answers, one that answers garbage, one that hangs up at once.
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
    }

    enum Failure: Error {
        case socket(String, Int32)
    }

    /// The port the kernel chose.
    let port: UInt16
    private let listener: Int32
    private let lock = NSLock()
    private var heads: [String] = []
    private var held: [Int32] = []
    private var stopped = false

    /// The request heads received so far (answering servers only).
    var requests: [String] { lock.withLock { heads } }

    /// http://127.0.0.1:<port>
    var url: URL { Fixture.loopback(port: port) }

    init(_ behavior: Behavior) throws {
        let (listener, port) = try Self.openSocket(listen: true)
        self.listener = listener
        self.port = port
        Thread.detachNewThread { [self] in
            acceptLoop(behavior)
        }
    }

    /// A port on 127.0.0.1 where nothing listens: bound once, then closed.
    static func closedPort() throws -> UInt16 {
        let (socket, port) = try openSocket(listen: false)
        close(socket)
        return port
    }

    /// Stops accepting and closes every connection still open.
    func stop() {
        let connections: [Int32]? = lock.withLock {
            guard !stopped else { return nil }
            stopped = true
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
                let head = Self.readHead(connection)
                lock.withLock { heads.append(head) }
                Self.writeAll(connection, Array(response.utf8))
                shutdown(connection, Int32(SHUT_WR))
                close(connection)
            }
        }
    }

    /// Reads until the blank line that ends an HTTP request head (the tests send no body).
    private static func readHead(_ connection: Int32) -> String {
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        while !bytes.suffix(4).elementsEqual("\r\n\r\n".utf8) {
            let count = buffer.withUnsafeMutableBytes { read(connection, $0.baseAddress, $0.count) }
            guard count > 0 else { break }
            bytes += buffer[0..<count]
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    private static func writeAll(_ connection: Int32, _ bytes: [UInt8]) {
        var offset = 0
        while offset < bytes.count {
            let count = bytes[offset...].withUnsafeBytes { write(connection, $0.baseAddress, $0.count) }
            guard count > 0 else { return }
            offset += count
        }
    }

    private static func openSocket(listen shouldListen: Bool) throws -> (Int32, UInt16) {
        #if canImport(Glibc)
            let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        #else
            let fd = socket(AF_INET, SOCK_STREAM, 0)
        #endif
        guard fd >= 0 else { throw Failure.socket("socket", errno) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = 0
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
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
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let named = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) }
        }
        guard named == 0 else {
            close(fd)
            throw Failure.socket("getsockname", errno)
        }
        return (fd, UInt16(bigEndian: address.sin_port))
    }
}
