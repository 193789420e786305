import Foundation
import Hummingbird
import HummingbirdTesting
import Logging
import ServerCore
import Testing

@testable import StintServer

/// Failed sign-ins are limited per client address (ADR 0025): ten failures in a sliding minute and the address
/// is refused with 429, a correct token included, until the minute has passed.
@Suite struct AuthFailureLimitTests {
    let clock = ManualClock()

    func limiter(_ policy: AuthFailurePolicy = .init()) -> AuthFailureLimiter {
        let clock = clock
        return AuthFailureLimiter(policy: policy, clock: { clock.now })
    }

    /// Sends `count` requests with a wrong token, each of which must still be a 401.
    func fail(
        _ count: Int, _ client: some TestClientProtocol, _ fixture: Fixture, forwardedFor: String? = nil,
        authorization: String? = nil
    ) async throws {
        for attempt in 1...count {
            var headers = fixture.headers(bearer: "stint_guess-\(attempt)", forwardedFor: forwardedFor)
            if let authorization { headers[.authorization] = authorization }
            let response = try await client.execute(uri: "/v1/session", method: .get, headers: headers)
            #expect(response.status == .unauthorized, "attempt \(attempt)")
        }
    }

    @Test func theEleventhFailureIs429AndSoIsACorrectTokenUntilTheMinuteHasPassed() async throws {
        let fixture = try await Fixture()
        let clock = clock
        try await fixture.application(limiter: limiter()).test(.router) { client in
            try await fail(10, client, fixture)
            let refused = try await client.execute(
                uri: "/v1/session", method: .get, headers: fixture.headers(bearer: "stint_guess-11"))
            #expect(refused.status == .tooManyRequests)
            #expect(refused.headers[.retryAfter] == "60")
            let answer = try json(refused)
            #expect(answer["code"] as? String == "too-many-failed-sign-ins")
            #expect(answer["message"] as? String == "too many failed sign-ins from this address: try again in 60 s")

            for uri in ["/v1/session", "/v1/team", "/v1/changes"] {
                let correct = try await client.execute(uri: uri, method: .get, headers: fixture.headers())
                #expect(correct.status == .tooManyRequests, "\(uri)")
            }
            let push = try await client.execute(
                uri: "/v1/push", method: .post, headers: fixture.headers(), body: body("{}"))
            #expect(push.status == .tooManyRequests)
            let health = try await client.execute(uri: "/health", method: .get)
            #expect(health.status == .ok, "an unauthenticated route is never limited")

            clock.advance(by: .seconds(30))
            let later = try await client.execute(uri: "/v1/session", method: .get, headers: fixture.headers())
            #expect(later.status == .tooManyRequests)
            #expect(later.headers[.retryAfter] == "30")
            clock.advance(by: .milliseconds(29_500))
            let almost = try await client.execute(uri: "/v1/session", method: .get, headers: fixture.headers())
            #expect(almost.headers[.retryAfter] == "1", "rounded up, never 0")

            clock.advance(by: .milliseconds(500))
            let again = try await client.execute(uri: "/v1/session", method: .get, headers: fixture.headers())
            #expect(again.status == .ok)
        }
        #expect(fixture.logs.lines.filter { $0.contains("too many failed sign-ins") }.count == 1)
    }

    @Test func failuresSlideOutOfTheWindowOneByOne() async throws {
        let fixture = try await Fixture()
        let clock = clock
        try await fixture.application(limiter: limiter()).test(.router) { client in
            try await fail(5, client, fixture)
            clock.advance(by: .seconds(40))
            try await fail(4, client, fixture)
            clock.advance(by: .seconds(21))  // the first five no longer count: four do
            try await fail(6, client, fixture)
            let refused = try await client.execute(uri: "/v1/session", method: .get, headers: fixture.headers())
            #expect(refused.status == .tooManyRequests)
            #expect(refused.headers[.retryAfter] == "39", "until the oldest of the ten counting leaves the window")
        }
    }

    @Test func aSuccessDoesNotClearTheCount() async throws {
        let fixture = try await Fixture()
        try await fixture.application(limiter: limiter()).test(.router) { client in
            try await fail(9, client, fixture)
            let good = try await client.execute(uri: "/v1/session", method: .get, headers: fixture.headers())
            #expect(good.status == .ok)
            try await fail(1, client, fixture)
            let refused = try await client.execute(uri: "/v1/session", method: .get, headers: fixture.headers())
            #expect(refused.status == .tooManyRequests)
        }
    }

    @Test func aMalformedAuthorizationCountsAMissingOneDoesNot() async throws {
        let fixture = try await Fixture()
        try await fixture.application(limiter: limiter()).test(.router) { client in
            for _ in 1...20 {
                let missing = try await client.execute(
                    uri: "/v1/session", method: .get, headers: fixture.headers(authorized: false))
                #expect(missing.status == .unauthorized)
            }
            let good = try await client.execute(uri: "/v1/session", method: .get, headers: fixture.headers())
            #expect(good.status == .ok)
            try await fail(10, client, fixture, authorization: "Basic YWRhOnNlY3JldA==")
            let refused = try await client.execute(uri: "/v1/session", method: .get, headers: fixture.headers())
            #expect(refused.status == .tooManyRequests)
        }
    }

    @Test func aRevokedTokenCounts() async throws {
        let fixture = try await Fixture()
        let revoked = try await fixture.store.createToken(forUser: "ada")
        _ = try await fixture.store.revokeToken(revoked.id.uuidString)
        try await fixture.application(limiter: limiter(.init(limit: 2))).test(.router) { client in
            for _ in 1...2 {
                let response = try await client.execute(
                    uri: "/v1/team", method: .get, headers: fixture.headers(bearer: revoked.secret))
                #expect(response.status == .unauthorized)
            }
            let refused = try await client.execute(uri: "/v1/team", method: .get, headers: fixture.headers())
            #expect(refused.status == .tooManyRequests)
        }
    }

    @Test func withTheFlagTheLastForwardedHopIsTheAddressAndOthersAreUnaffected() async throws {
        let fixture = try await Fixture()
        let policy = AuthFailurePolicy(trustForwardedFor: true)
        try await fixture.application(limiter: limiter(policy)).test(.router) { client in
            try await fail(10, client, fixture, forwardedFor: "203.0.113.7")
            // What a client writes before the proxy's hop does not matter: the proxy appends the real address.
            for header in ["203.0.113.7", "198.51.100.99, 203.0.113.7", "10.0.0.1,203.0.113.7:4711"] {
                let refused = try await client.execute(
                    uri: "/v1/session", method: .get, headers: fixture.headers(forwardedFor: header))
                #expect(refused.status == .tooManyRequests, "\(header)")
            }
            for header in ["198.51.100.2", "203.0.113.7, 198.51.100.2"] {
                let other = try await client.execute(
                    uri: "/v1/session", method: .get, headers: fixture.headers(forwardedFor: header))
                #expect(other.status == .ok, "\(header)")
            }
            let direct = try await client.execute(uri: "/v1/session", method: .get, headers: fixture.headers())
            #expect(direct.status == .ok, "no header: the connection's own address")
        }
    }

    @Test func withTheFlagAnIPv6AddressCountsByItsSlash64() async throws {
        let fixture = try await Fixture()
        let policy = AuthFailurePolicy(trustForwardedFor: true)
        try await fixture.application(limiter: limiter(policy)).test(.router) { client in
            for host in 1...10 {
                let response = try await client.execute(
                    uri: "/v1/session", method: .get,
                    headers: fixture.headers(bearer: "stint_guess", forwardedFor: "2001:db8:1:2::\(host)"))
                #expect(response.status == .unauthorized)
            }
            let sameNetwork = try await client.execute(
                uri: "/v1/session", method: .get, headers: fixture.headers(forwardedFor: "2001:db8:1:2:ffff::1"))
            #expect(sameNetwork.status == .tooManyRequests)
            let nextNetwork = try await client.execute(
                uri: "/v1/session", method: .get, headers: fixture.headers(forwardedFor: "2001:db8:1:3::1"))
            #expect(nextNetwork.status == .ok)
        }
    }

    @Test func withoutTheFlagXForwardedForIsIgnored() async throws {
        let fixture = try await Fixture()
        try await fixture.application(limiter: limiter()).test(.router) { client in
            try await fail(10, client, fixture, forwardedFor: "203.0.113.7")
            let other = try await client.execute(
                uri: "/v1/session", method: .get, headers: fixture.headers(forwardedFor: "198.51.100.2"))
            #expect(other.status == .tooManyRequests, "a client cannot pick its own address")
        }
    }

    @Test func overARealSocketThePeerAddressIsCounted() async throws {
        let fixture = try await Fixture()
        try await fixture.application(limiter: limiter(.init(limit: 3))).test(.live) { client in
            try await fail(3, client, fixture, forwardedFor: "198.51.100.2")
            let refused = try await client.execute(uri: "/v1/session", method: .get, headers: fixture.headers())
            #expect(refused.status == .tooManyRequests)
            #expect(refused.headers[.retryAfter] == "60")
            #expect(try problemCode(refused) == "too-many-failed-sign-ins")
        }
        #expect(
            fixture.logs.lines.contains { $0.contains("too many failed sign-ins") && $0.contains("address=127.0.0.1") })
    }
}

@Suite struct AuthFailureLimiterTests {
    @Test func theTrackedAddressesAreCappedAndTheOldestForgottenFirst() {
        let clock = ManualClock()
        let limiter = AuthFailureLimiter(policy: .init(limit: 1, trackedAddresses: 100), clock: { clock.now })
        let addresses = (0..<1000).compactMap { ClientAddress(parsing: "10.0.\($0 / 256).\($0 % 256)") }
        #expect(addresses.count == 1000)
        for address in addresses {
            limiter.recordFailure(from: address)
            clock.advance(by: .milliseconds(10))
        }
        #expect(limiter.trackedAddresses == 100)
        #expect(limiter.refusal(for: addresses[899]) == nil, "forgotten: its latest failure is among the oldest")
        #expect(limiter.refusal(for: addresses[900]) != nil)
        #expect(limiter.refusal(for: addresses[999]) != nil)
    }

    @Test func anAddressFailingAgainIsKeptOverQuieterOnes() {
        let clock = ManualClock()
        let limiter = AuthFailureLimiter(policy: .init(limit: 5, trackedAddresses: 3), clock: { clock.now })
        let a = ClientAddress(parsing: "192.0.2.1")!
        let others = (2...4).map { ClientAddress(parsing: "192.0.2.\($0)")! }
        limiter.recordFailure(from: a)
        limiter.recordFailure(from: others[0])
        limiter.recordFailure(from: others[1])
        limiter.recordFailure(from: a)
        limiter.recordFailure(from: others[2])  // over the cap: others[0] is the one whose latest failure is oldest
        #expect(limiter.trackedAddresses == 3)
        for _ in 1...3 { limiter.recordFailure(from: a) }
        #expect(limiter.refusal(for: a) != nil, "all five of its failures were kept")
    }

    @Test func addressesWhoseFailuresExpiredAreForgotten() {
        let clock = ManualClock()
        let limiter = AuthFailureLimiter(clock: { clock.now })
        for index in 0..<500 {
            limiter.recordFailure(from: ClientAddress(parsing: "10.1.\(index / 256).\(index % 256)")!)
        }
        #expect(limiter.trackedAddresses == 500)
        clock.advance(by: .seconds(60))
        limiter.recordFailure(from: ClientAddress(parsing: "192.0.2.1")!)
        #expect(limiter.trackedAddresses == 1)
    }

    @Test func oneAddressFailingForHoursStaysSmall() {
        let clock = ManualClock()
        let limiter = AuthFailureLimiter(clock: { clock.now })
        let address = ClientAddress(parsing: "192.0.2.1")!
        for _ in 0..<100_000 {
            limiter.recordFailure(from: address)
            clock.advance(by: .seconds(7))
        }
        #expect(limiter.trackedAddresses == 1)
        #expect(limiter.refusal(for: address) == nil, "one failure every 7 s is under ten a minute")
    }

    @Test(arguments: [
        ("203.0.113.7", "203.0.113.7"),
        (" 203.0.113.7 ", "203.0.113.7"),
        ("203.0.113.7:51234", "203.0.113.7"),
        ("::ffff:203.0.113.7", "203.0.113.7"),
        ("2001:db8:1:2:3:4:5:6", "2001:db8:1:2::/64"),
        ("[2001:db8:1:2::9]:443", "2001:db8:1:2::/64"),
        ("fe80::1%eth0", "fe80::/64"),
        ("::1", "::/64"),
    ])
    func addressesAreReadAsIPv4OrAnIPv6Slash64(text: String, key: String) {
        #expect(ClientAddress(parsing: text)?.description == key)
    }

    @Test(arguments: ["", "unknown", "203.0.113", "203.0.113.7.1", "example.com", "2001:db8::g", "[::1"])
    func anythingElseIsNoAddress(text: String) {
        #expect(ClientAddress(parsing: text) == nil)
    }
}
