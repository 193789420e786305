import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif
#if canImport(Glibc)
    import Glibc
#endif

/// Raw HTTP against the server, for the contract checks no `stint` command can make (a malformed
/// body, the same batch twice).
enum HTTP {
    struct Answer: CustomStringConvertible {
        let status: Int
        let body: Data
        var json: JSON { JSON(try? JSONSerialization.jsonObject(with: body, options: [.fragmentsAllowed])) }
        var description: String { "HTTP \(status): \(String(decoding: body.prefix(500), as: UTF8.self))" }
    }

    static func post(_ url: String, token: String, json: Any) async throws -> Answer {
        try await post(url, token: token, body: JSONSerialization.data(withJSONObject: json))
    }

    static func post(_ url: String, token: String, body: Data) async throws -> Answer {
        try await send(url, method: "POST", token: token, body: body, protocolVersion: 1)
    }

    static func get(_ url: String, token: String, protocolVersion: Int = 1) async throws -> Answer {
        try await send(url, method: "GET", token: token, body: nil, protocolVersion: protocolVersion)
    }

    private static func send(
        _ url: String, method: String, token: String, body: Data?, protocolVersion: Int
    ) async throws -> Answer {
        var request = URLRequest(url: try requireURL(url))
        request.httpMethod = method
        request.httpBody = body
        request.timeoutInterval = 10
        request.setValue("Bearer \(token)", forHTTPHeaderField: "Authorization")
        request.setValue(String(protocolVersion), forHTTPHeaderField: "Stint-Protocol")
        request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        let (data, response) = try await URLSession.shared.data(for: request)
        return Answer(status: (response as? HTTPURLResponse)?.statusCode ?? 0, body: data)
    }

    private static func requireURL(_ text: String) throws -> URL {
        guard let url = URL(string: text) else { throw StintFailure(description: "bad URL \(text)") }
        return url
    }
}

/// A TCP listener on 127.0.0.1 that plays a broken server: it answers garbage, or accepts and never
/// answers. Bound before the test uses it, so no waiting is needed.
final class FakeServer: @unchecked Sendable {
    enum Behaviour: Sendable { case garbage, silent }

    let port: Int
    private let socket: Int32
    private let lock = NSLock()
    private var accepted: [Int32] = []

    init(_ behaviour: Behaviour) throws {
        let listener = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard listener >= 0 else { throw StintFailure(description: "socket() failed") }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = 0
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(listener, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard bound == 0, listen(listener, 16) == 0 else { throw StintFailure(description: "bind/listen failed") }
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(listener, $0, &length) }
        }
        port = Int(UInt16(bigEndian: address.sin_port))
        socket = listener
        Thread.detachNewThread { [self] in
            while true {
                let client = accept(listener, nil, nil)
                if client < 0 { return }
                lock.withLock { accepted.append(client) }
                if behaviour == .garbage {
                    var buffer = [UInt8](repeating: 0, count: 4096)
                    _ = read(client, &buffer, buffer.count)
                    let answer =
                        "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: 9\r\n\r\n<html>!!!"
                    _ = answer.withCString { write(client, $0, strlen($0)) }
                }
            }
        }
    }

    func close() {
        shutdown(socket, Int32(SHUT_RDWR))
        Glibc.close(socket)
        lock.withLock {
            for client in accepted { Glibc.close(client) }
        }
    }
}
