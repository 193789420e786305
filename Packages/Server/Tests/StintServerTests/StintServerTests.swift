import Foundation
import Hummingbird
import HummingbirdTesting
import Logging
import ServerCore
import Testing

@testable import StintServer

@Suite struct HealthAndGateTests {
    @Test func healthNeedsNoTokenAndAnswersProtocolAndEpoch() async throws {
        let fixture = try await Fixture()
        let epoch = try await fixture.store.epoch()
        try await fixture.application().test(.router) { client in
            let response = try await client.execute(uri: "/health", method: .get)
            #expect(response.status == .ok)
            let answer = try json(response)
            #expect(answer["status"] as? String == "ok")
            #expect(answer["protocol"] as? Int == 1)
            #expect(answer["epoch"] as? String == epoch)
        }
    }

    @Test func everyResponseCarriesItsOwnRequestID() async throws {
        let fixture = try await Fixture()
        try await fixture.application().test(.router) { client in
            let first = try await client.execute(uri: "/health", method: .get)
            let second = try await client.execute(uri: "/v1/session", method: .get)
            let firstID = try #require(first.headers[.requestID])
            let secondID = try #require(second.headers[.requestID])
            #expect(!firstID.isEmpty)
            #expect(firstID != secondID)
        }
        let lines = fixture.logs.lines.filter { $0.contains(" request ") }
        #expect(lines.count == 2)
        #expect(lines.allSatisfy { $0.contains("hb.request.id=") && $0.contains("status=") })
    }

    @Test func noTokenOrAWrongTokenIs401() async throws {
        let fixture = try await Fixture()
        try await fixture.application().test(.router) { client in
            let missing = try await client.execute(
                uri: "/v1/session", method: .get, headers: fixture.headers(authorized: false))
            #expect(missing.status == .unauthorized)
            #expect(try problemCode(missing) == "unauthorized")
            let wrong = try await client.execute(
                uri: "/v1/session", method: .get, headers: fixture.headers(bearer: "stint_not-a-token"))
            #expect(wrong.status == .unauthorized)
            #expect(try problemCode(wrong) == "unauthorized")
            let good = try await client.execute(uri: "/v1/session", method: .get, headers: fixture.headers())
            #expect(good.status == .ok)
            let user = try #require(try json(good)["user"] as? [String: Any])
            #expect(user["name"] as? String == "ada")
        }
    }

    @Test func aRevokedTokenIs401() async throws {
        let fixture = try await Fixture()
        let second = try await fixture.store.createToken(forUser: "ada")
        _ = try await fixture.store.revokeToken(second.id.uuidString)
        try await fixture.application().test(.router) { client in
            let response = try await client.execute(
                uri: "/v1/team", method: .get, headers: fixture.headers(bearer: second.secret))
            #expect(response.status == .unauthorized)
        }
    }

    @Test(arguments: [nil, "", "one", "1.5"])
    func aMissingOrInvalidProtocolHeaderIs400(header: String?) async throws {
        let fixture = try await Fixture()
        try await fixture.application().test(.router) { client in
            let response = try await client.execute(
                uri: "/v1/session", method: .get, headers: fixture.headers(protocol: header))
            #expect(response.status == .badRequest)
            #expect(try problemCode(response) == "protocol-missing")
        }
    }

    @Test func anotherProtocolIs426AndSaysWhoMustUpgrade() async throws {
        let fixture = try await Fixture()
        try await fixture.application().test(.router) { client in
            let newer = try await client.execute(
                uri: "/v1/session", method: .get, headers: fixture.headers(protocol: "2"))
            #expect(newer.status == .upgradeRequired)
            let newerAnswer = try json(newer)
            #expect(newerAnswer["code"] as? String == "protocol-mismatch")
            #expect(newerAnswer["supportedProtocol"] as? Int == 1)
            #expect((newerAnswer["message"] as? String)?.hasSuffix("upgrade the server") == true)

            let older = try await client.execute(
                uri: "/v1/session", method: .get, headers: fixture.headers(protocol: "0", authorized: false))
            #expect(older.status == .upgradeRequired)
            #expect((try json(older)["message"] as? String)?.hasSuffix("upgrade stint") == true)
        }
    }

    @Test func anUnknownPathIsAJSON404() async throws {
        let fixture = try await Fixture()
        try await fixture.application().test(.router) { client in
            let response = try await client.execute(uri: "/nothing-here", method: .get)
            #expect(response.status == .notFound)
            #expect(try problemCode(response) == "not-found")
        }
    }
}

@Suite struct BadBodyTests {
    @Test func aBodyOverFourMebibytesIs413() async throws {
        let fixture = try await Fixture()
        let huge = ByteBuffer(repeating: UInt8(ascii: " "), count: 5 * 1024 * 1024)
        try await fixture.application().test(.router) { client in
            let response = try await client.execute(
                uri: "/v1/push", method: .post, headers: fixture.headers(), body: huge)
            #expect(response.status == .contentTooLarge)
            #expect(try problemCode(response) == "too-large")
        }
    }

    @Test func aChunkedBodyOverTheLimitIs413() async throws {
        let fixture = try await Fixture()
        let huge = ByteBuffer(repeating: UInt8(ascii: " "), count: 5 * 1024 * 1024)
        var headers = fixture.headers()
        headers[.transferEncoding] = "chunked"
        let chunked = headers
        try await fixture.application().test(.router) { client in
            let response = try await client.execute(uri: "/v1/push", method: .post, headers: chunked, body: huge)
            #expect(response.status == .contentTooLarge)
        }
    }

    @Test(arguments: [
        #"{"deviceId": "#,
        #"not json at all"#,
        #"{"deviceId":"6b1c1c3e-8a33-4c43-9d7b-6c1f2a0a0001","epoch":"e","first":1,"last":1}"#,
        #"{"deviceId":"6b1c1c3e-8a33-4c43-9d7b-6c1f2a0a0001","epoch":"e","first":"one","last":1,"mutations":[]}"#,
        #"{"deviceId":"6b1c1c3e-8a33-4c43-9d7b-6c1f2a0a0001","epoch":"e","first":1,"last":1,"mutations":[{"number":1,"entity":"planet","id":"x","changes":{}}]}"#,
        "",
    ])
    func aMalformedOrOffSchemaBodyIs400NotA500(text: String) async throws {
        let fixture = try await Fixture()
        try await fixture.application().test(.router) { client in
            let response = try await client.execute(
                uri: "/v1/push", method: .post, headers: fixture.headers(), body: body(text))
            #expect(response.status == .badRequest)
            #expect(try problemCode(response) == "bad-request")
        }
    }

    /// What the decoder expected is said in JSON's words, not as Swift types (`Dictionary<String, Any>`, `Int`).
    @Test(arguments: [
        ("/v1/devices", "[]", "the body is not a JSON object"),
        ("/v1/devices", #"{"id":5,"name":"laptop","startAfter":0}"#, "id is not a string"),
        (
            "/v1/devices", #"{"id":"6b1c1c3e-8a33-4c43-9d7b-6c1f2a0a0001","name":"laptop","startAfter":"0"}"#,
            "startAfter is not a whole number"
        ),
        ("/v1/changes?limit=abc", nil, "limit is not a whole number"),
        ("/v1/changes?since=e:1&limit=ten", nil, "a query parameter is not a whole number"),
    ])
    func aMistypedValueIsNamedInJSONsWords(uri: String, text: String?, detail: String) async throws {
        let fixture = try await Fixture()
        try await fixture.application().test(.router) { client in
            let response = try await client.execute(
                uri: uri, method: text == nil ? .get : .post, headers: fixture.headers(), body: text.map(body))
            #expect(response.status == .badRequest)
            #expect(try problemCode(response) == "bad-request")
            #expect(try json(response)["message"] as? String == "the request does not match the API: \(detail)")
        }
    }

    @Test func aMutationIdThatIsNotAUUIDIs400() async throws {
        let fixture = try await Fixture()
        let text =
            #"{"deviceId":"6b1c1c3e-8a33-4c43-9d7b-6c1f2a0a0001","epoch":"e","first":1,"last":1,"#
            + #""mutations":[{"number":1,"entity":"task","id":"nope","changes":{}}]}"#
        try await fixture.application().test(.router) { client in
            let response = try await client.execute(
                uri: "/v1/push", method: .post, headers: fixture.headers(), body: body(text))
            #expect(response.status == .badRequest)
            #expect((try json(response)["message"] as? String)?.contains("mutations[0].id") == true)
        }
    }
}

@Suite struct SyncRoundTripTests {
    static let deviceID = "6b1c1c3e-8a33-4c43-9d7b-6c1f2a0a0001"
    static let taskID = "0e6f1d52-34c5-4f4b-a0a3-0f1a2b3c4d5e"

    static func pushBody(epoch: String, first: Int, last: Int, title: String = "Write the ADR") -> String {
        """
        {"deviceId":"\(deviceID)","epoch":"\(epoch)","first":\(first),"last":\(last),"mutations":[
          {"number":\(last),"entity":"task","id":"\(taskID)","changes":{
            "title":"\(title)","note":"","completed_at":null,"status":"open","priority":2,"tags":["sync","docs"],
            "estimate_seconds":5400,"created_at":1700000000000,"updated_at":1700000000123,
            "deleted_at":null,"due":"2026-11-30"}}]}
        """
    }

    @Test func registerPushThenPullRoundTripsTheFieldsWithIntegersIntact() async throws {
        let fixture = try await Fixture()
        let epoch = try await fixture.store.epoch()
        try await fixture.application().test(.router) { client in
            let registration = try await client.execute(
                uri: "/v1/devices", method: .post, headers: fixture.headers(),
                body: body(#"{"id":"\#(Self.deviceID)","name":"laptop","startAfter":0}"#))
            #expect(registration.status == .ok)
            #expect(try json(registration)["lastMutation"] as? Int == 0)

            let push = try await client.execute(
                uri: "/v1/push", method: .post, headers: fixture.headers(),
                body: body(Self.pushBody(epoch: epoch, first: 1, last: 3)))
            #expect(push.status == .ok)
            let pushed = try json(push)
            #expect(pushed["lastMutation"] as? Int == 3)
            #expect(pushed["replayed"] as? Bool == false)
            let results = try #require(pushed["results"] as? [[String: Any]])
            #expect(
                results.first?["outcome"] as? String == "applied",
                "reason: \(results.first?["reason"] as? String ?? "none")")

            let pull = try await client.execute(uri: "/v1/changes", method: .get, headers: fixture.headers())
            #expect(pull.status == .ok)
            // Integers stay integers on the wire (no "1700000000000.0"), and the JSON is compact.
            let raw = String(decoding: pull.body.readableBytesView, as: UTF8.self)
            #expect(!raw.contains("\n"))
            for integer in [#""created_at":1700000000000"#, #""estimate_seconds":5400"#] {
                #expect(raw.contains(integer + ",") || raw.contains(integer + "}"), "\(integer) in \(raw)")
            }
            let page = try json(pull)
            let changes = try #require(page["changes"] as? [[String: Any]])
            #expect(changes.count == 1)
            let record = try #require(changes.first)
            #expect(record["id"] as? String == Self.taskID)
            #expect(record["entity"] as? String == "task")
            let fields = try #require(record["fields"] as? [String: Any])
            #expect(fields["title"] as? String == "Write the ADR")
            #expect(fields["tags"] as? [String] == ["sync", "docs"])
            #expect(fields["completed_at"] is NSNull)
            #expect(fields["due"] as? String == "2026-11-30")
            let cursor = try #require(page["cursor"] as? String)
            #expect(cursor.hasPrefix(epoch + ":"))
            #expect(page["hasMore"] as? Bool == false)

            let stored = try await fixture.store.changes(
                after: 0, limit: 10, for: try #require(try await fixture.store.users().first), leavingOut: nil)
            #expect(stored.records.first?.fields["created_at"] == .integer(1_700_000_000_000))
            #expect(stored.records.first?.fields["priority"] == .integer(2))

            let next = try await client.execute(
                uri: "/v1/changes?since=\(cursor)&limit=10", method: .get, headers: fixture.headers())
            #expect(try (json(next)["changes"] as? [Any])?.isEmpty == true)
        }
    }

    @Test func aRetriedBatchIsReplayedAndAGapIs409() async throws {
        let fixture = try await Fixture()
        let epoch = try await fixture.store.epoch()
        try await fixture.application().test(.router) { client in
            _ = try await client.execute(
                uri: "/v1/devices", method: .post, headers: fixture.headers(),
                body: body(#"{"id":"\#(Self.deviceID)","name":"laptop","startAfter":0}"#))
            let first = try await client.execute(
                uri: "/v1/push", method: .post, headers: fixture.headers(),
                body: body(Self.pushBody(epoch: epoch, first: 1, last: 2)))
            #expect(first.status == .ok)
            let again = try await client.execute(
                uri: "/v1/push", method: .post, headers: fixture.headers(),
                body: body(Self.pushBody(epoch: epoch, first: 1, last: 2)))
            #expect(try json(again)["replayed"] as? Bool == true)
            let gap = try await client.execute(
                uri: "/v1/push", method: .post, headers: fixture.headers(),
                body: body(Self.pushBody(epoch: epoch, first: 5, last: 6)))
            #expect(gap.status == .conflict)
            #expect(try problemCode(gap) == "gap")
            let otherEpoch = try await client.execute(
                uri: "/v1/push", method: .post, headers: fixture.headers(),
                body: body(Self.pushBody(epoch: "another", first: 3, last: 3)))
            #expect(otherEpoch.status == .conflict)
            #expect(try problemCode(otherEpoch) == "epoch")
        }
    }

    @Test func aCursorOfAnotherEpochIs410AndGarbageIs400() async throws {
        let fixture = try await Fixture()
        try await fixture.application().test(.router) { client in
            let gone = try await client.execute(
                uri: "/v1/changes?since=another-epoch:12", method: .get, headers: fixture.headers())
            #expect(gone.status == .gone)
            #expect(try problemCode(gone) == "epoch")
            let garbage = try await client.execute(
                uri: "/v1/changes?since=garbage", method: .get, headers: fixture.headers())
            #expect(garbage.status == .badRequest)
            let badLimit = try await client.execute(
                uri: "/v1/changes?limit=0", method: .get, headers: fixture.headers())
            #expect(badLimit.status == .badRequest)
            let badDevice = try await client.execute(
                uri: "/v1/changes?device=laptop", method: .get, headers: fixture.headers())
            #expect(badDevice.status == .badRequest)
            #expect(try problemCode(badDevice) == "bad-request")
        }
    }

    @Test func aDeviceOfAnotherUserIs403() async throws {
        let fixture = try await Fixture()
        let bob = try await fixture.store.addUser(name: "bob")
        try await fixture.application().test(.router) { client in
            _ = try await client.execute(
                uri: "/v1/devices", method: .post, headers: fixture.headers(),
                body: body(#"{"id":"\#(Self.deviceID)","name":"laptop","startAfter":0}"#))
            let stolen = try await client.execute(
                uri: "/v1/devices", method: .post, headers: fixture.headers(bearer: bob.secret),
                body: body(#"{"id":"\#(Self.deviceID)","name":"laptop","startAfter":0}"#))
            #expect(stolen.status == .forbidden)
            #expect(try problemCode(stolen) == "forbidden")
        }
    }
}

@Suite struct LoggingTests {
    @Test func theTokenNeverAppearsInTheLog() async throws {
        let fixture = try await Fixture()
        let epoch = try await fixture.store.epoch()
        try await fixture.application().test(.router) { client in
            _ = try await client.execute(uri: "/v1/session", method: .get, headers: fixture.headers())
            _ = try await client.execute(uri: "/v1/team", method: .get, headers: fixture.headers(protocol: "7"))
            _ = try await client.execute(
                uri: "/v1/push", method: .post, headers: fixture.headers(), body: body("{broken"))
            _ = try await client.execute(
                uri: "/v1/push", method: .post, headers: fixture.headers(),
                body: body(SyncRoundTripTests.pushBody(epoch: epoch, first: 1, last: 1)))
            _ = try await client.execute(
                uri: "/v1/session", method: .get, headers: fixture.headers(bearer: fixture.token + "x"))
        }
        let lines = fixture.logs.lines
        #expect(lines.count >= 5)
        let secretPart = String(fixture.token.dropFirst("stint_".count))
        #expect(!lines.contains { $0.contains(secretPart) })
        #expect(!lines.contains { $0.lowercased().contains("bearer") || $0.lowercased().contains("authorization") })
        #expect(lines.allSatisfy { $0.contains("hb.request.id=") })
    }
}

@Suite struct LiveServerTests {
    @Test func overARealSocketTheServerAnswersAndRefusesAHugeBody() async throws {
        let fixture = try await Fixture()
        try await fixture.application().test(.live) { client in
            let health = try await client.execute(uri: "/health", method: .get)
            #expect(health.status == .ok)
            #expect(health.headers[.requestID] != nil)
            let huge = ByteBuffer(repeating: UInt8(ascii: " "), count: 5 * 1024 * 1024)
            let response = try await client.execute(
                uri: "/v1/push", method: .post, headers: fixture.headers(), body: huge)
            #expect(response.status == .contentTooLarge)
            #expect(try problemCode(response) == "too-large")
        }
    }

    @Test func theApplicationReportsTheBoundPortForPortZero() async throws {
        let fixture = try await Fixture()
        let bound = BoundPort()
        let app = try makeServerApplication(
            store: fixture.store, host: "127.0.0.1", port: 0, logger: fixture.logs.logger,
            onListening: { port in await bound.set(port) })
        try await app.test(.live) { client in
            let port = try #require(await bound.value)
            #expect(port > 0)
            #expect(port == client.port)
        }
    }
}

actor BoundPort {
    var value: Int?
    func set(_ port: Int) { value = port }
}
