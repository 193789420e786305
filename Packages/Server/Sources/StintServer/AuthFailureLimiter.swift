import Foundation
import Hummingbird
import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// How many failed authentications a client address may make before the server refuses it for a while, and where
/// that address comes from (ADR 0025). A 256-bit token cannot be guessed, but without a limit every guess costs an
/// attacker only a request and the server a store lookup; with it, an address gets `limit` guesses a window.
///
/// The counts live in the memory of one process: several processes behind a load balancer each count on their
/// own, so an address gets up to `limit` guesses per process and window. That is still a handful a minute, and it
/// needs no shared state (ADR 0024 keeps the processes stateless).
public struct AuthFailurePolicy: Sendable, Hashable {
    /// Failures within `window` after which an address is refused; the failure that reaches it is still a 401.
    public var limit: Int
    /// How long a failure counts (a sliding window).
    public var window: Duration
    /// The most addresses counted at once: past it, the one whose latest failure is oldest is forgotten, so a flood
    /// from many (or spoofed) addresses costs bounded memory.
    public var trackedAddresses: Int
    /// Whether the client's address is the last hop of `X-Forwarded-For` (written by a reverse proxy in front)
    /// instead of the connection's peer. Only for a server that nothing but the proxy can reach: a client talking
    /// to it directly could otherwise name a fresh address on every request.
    public var trustForwardedFor: Bool

    /// Ten failures a minute, ten thousand addresses, the connection's peer address.
    public init(
        limit: Int = 10, window: Duration = .seconds(60), trackedAddresses: Int = 10_000,
        trustForwardedFor: Bool = false
    ) {
        self.limit = max(1, limit)
        self.window = max(.seconds(1), window)
        self.trackedAddresses = max(1, trackedAddresses)
        self.trustForwardedFor = trustForwardedFor
    }
}

/// The address failures are counted by: an IPv4 address, or the /64 network of an IPv6 one (one customer line
/// usually gets a whole /64, so counting single IPv6 addresses would give an attacker billions of fresh ones).
/// Its text is what the log shows.
struct ClientAddress: Hashable, Sendable, CustomStringConvertible {
    let description: String

    /// Requests whose address is unknown (a Unix socket, the in-process test router) share one count.
    static let unknown = ClientAddress(description: "unknown")

    private init(description: String) { self.description = description }

    /// `203.0.113.7`, `203.0.113.7:51234`, `2001:db8::1`, `[2001:db8::1]:443`, `fe80::1%eth0` or an IPv4-mapped
    /// IPv6 address; nil for anything else.
    init?(parsing text: String) {
        var text = text.trimmingCharacters(in: .whitespaces)
        if text.hasPrefix("["), let close = text.firstIndex(of: "]") {
            text = String(text[text.index(after: text.startIndex)..<close])
        } else if text.filter({ $0 == ":" }).count == 1, let colon = text.firstIndex(of: ":") {
            text = String(text[..<colon])
        }
        if let percent = text.firstIndex(of: "%") { text = String(text[..<percent]) }
        guard !text.isEmpty, text.utf8.count <= 64 else { return nil }

        var v4 = in_addr()
        if inet_pton(AF_INET, text, &v4) == 1 {
            guard let shown = withUnsafeBytes(of: v4, { Self.format(AF_INET, $0) }) else { return nil }
            self.init(description: shown)
            return
        }
        var v6 = in6_addr()
        guard inet_pton(AF_INET6, text, &v6) == 1 else { return nil }
        var bytes = withUnsafeBytes(of: &v6) { Array($0) }
        if bytes[0..<10].allSatisfy({ $0 == 0 }), bytes[10] == 0xff, bytes[11] == 0xff {
            self.init(description: bytes[12...].map(String.init).joined(separator: "."))
            return
        }
        for index in 8..<16 { bytes[index] = 0 }
        withUnsafeMutableBytes(of: &v6) { $0.copyBytes(from: bytes) }
        guard let shown = withUnsafeBytes(of: v6, { Self.format(AF_INET6, $0) }) else { return nil }
        self.init(description: shown + "/64")
    }

    /// The client of a request: the last hop of `X-Forwarded-For` when trusted and readable (the one the proxy in
    /// front appended, whatever the client wrote before it), else the connection's peer.
    static func of(_ request: Request, peer: String?, trustForwardedFor: Bool) -> ClientAddress {
        if trustForwardedFor {
            let hops = request.headers[values: .forwardedFor].joined(separator: ",").split(separator: ",")
            if let last = hops.last, let address = ClientAddress(parsing: String(last)) { return address }
        }
        return peer.flatMap(ClientAddress.init(parsing:)) ?? .unknown
    }

    private static func format(_ family: Int32, _ address: UnsafeRawBufferPointer) -> String? {
        var buffer = [CChar](repeating: 0, count: Int(INET6_ADDRSTRLEN))
        guard let base = address.baseAddress, inet_ntop(family, base, &buffer, socklen_t(buffer.count)) != nil
        else { return nil }
        return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}

/// Counts failed authentications per client address in a sliding window and says how long an address that
/// reached the limit is still refused. Refused requests are not counted (they never reach the token check), so an
/// address is free again one window after the failure that blocked it, and an attacker gets `limit` guesses a
/// window. A success does not clear the count: with one valid token of its own, an attacker could otherwise
/// interleave it between guesses and never be refused.
///
/// Reading the clock is injected (tests move it by hand) and monotonic: a wall clock set back would stretch
/// a refusal by as much.
final class AuthFailureLimiter: Sendable {
    let policy: AuthFailurePolicy
    private let clock: @Sendable () -> ContinuousClock.Instant
    private let state = Mutex(Counts())

    init(
        policy: AuthFailurePolicy = .init(),
        clock: @escaping @Sendable () -> ContinuousClock.Instant = { ContinuousClock.now }
    ) {
        self.policy = policy
        self.clock = clock
    }

    /// How long `address` is still refused; nil when it may authenticate.
    func refusal(for address: ClientAddress) -> Duration? {
        let now = clock()
        return state.withLock { $0.refusal(for: address, at: now, policy: policy) }
    }

    /// Counts one failure of `address`; true when the address is refused from now on (for one log line).
    @discardableResult
    func recordFailure(from address: ClientAddress) -> Bool {
        let now = clock()
        return state.withLock { $0.record(address, at: now, policy: policy) }
    }

    /// How many addresses are counted now (for the memory bound's test).
    var trackedAddresses: Int { state.withLock { $0.entries.count } }
}

/// The limiter's state. `order` lists every failure's address in time order with the generation it gave the
/// entry; a pair whose generation is no longer the entry's is stale. Its head is therefore the address whose
/// latest failure is oldest: the one to forget first, and the first to expire.
private struct Counts {
    struct Entry {
        /// The latest failures, oldest first, at most `limit` of them.
        var failures: [ContinuousClock.Instant]
        var generation: UInt64
    }

    var entries: [ClientAddress: Entry] = [:]
    var order: [(address: ClientAddress, generation: UInt64)] = []
    var head = 0
    var nextGeneration: UInt64 = 0

    func refusal(for address: ClientAddress, at now: ContinuousClock.Instant, policy: AuthFailurePolicy)
        -> Duration?
    {
        // At most `limit` failures are kept, so the address is refused while the oldest of them still counts.
        guard let entry = entries[address], entry.failures.count >= policy.limit, let oldest = entry.failures.first
        else { return nil }
        let until = oldest + policy.window
        return until > now ? until - now : nil
    }

    mutating func record(_ address: ClientAddress, at now: ContinuousClock.Instant, policy: AuthFailurePolicy)
        -> Bool
    {
        let windowStart = now - policy.window
        forgetExpired(before: windowStart)
        var entry = entries[address] ?? Entry(failures: [], generation: 0)
        entry.failures.removeAll { $0 <= windowStart }
        entry.failures.append(now)
        if entry.failures.count > policy.limit { entry.failures.removeFirst(entry.failures.count - policy.limit) }
        entry.generation = nextGeneration
        nextGeneration += 1
        entries[address] = entry
        order.append((address, entry.generation))
        while entries.count > policy.trackedAddresses { forgetOldest() }
        compactIfWasteful()
        return entry.failures.count == policy.limit
    }

    /// Drops the addresses whose latest failure no longer counts.
    private mutating func forgetExpired(before windowStart: ContinuousClock.Instant) {
        while head < order.count {
            let (address, generation) = order[head]
            if let entry = entries[address], entry.generation == generation {
                guard let latest = entry.failures.last, latest <= windowStart else { return }
                entries[address] = nil
            }
            head += 1
        }
    }

    private mutating func forgetOldest() {
        while head < order.count {
            let (address, generation) = order[head]
            head += 1
            if entries[address]?.generation == generation {
                entries[address] = nil
                return
            }
        }
    }

    /// Keeps `order` within twice the live entries: each rebuild removes at least as many dead pairs as it keeps.
    private mutating func compactIfWasteful() {
        guard order.count > 2 * entries.count + 64 else { return }
        order = order[head...].filter { entries[$0.address]?.generation == $0.generation }
        head = 0
    }
}
