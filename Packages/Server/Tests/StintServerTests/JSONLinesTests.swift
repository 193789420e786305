import Foundation
import Hummingbird
import HummingbirdTesting
import ServerCore
import Testing

@testable import StintServer

/// The JSON Lines form of the bulk bodies (what `stint` sends and asks for) carries the same data as the
/// JSON form: every line read back through the generated `Codable` types, and bad lines refused with 400.
@Suite("JSON Lines push and pull")
struct JSONLinesServerTests {
    static let deviceID = SyncRoundTripTests.deviceID

    func linesHeaders(_ fixture: Fixture) -> HTTPFields {
        var fields = fixture.headers()
        fields[.contentType] = "application/jsonl"
        // As stint asks: refusals are JSON Problems, so JSON must stay acceptable.
        fields[.accept] = "application/jsonl, application/json;q=0.5"
        return fields
    }

    /// The JSON push of StintServerTests, as lines.
    static func pushLines(epoch: String, first: Int, last: Int) throws -> String {
        let json = SyncRoundTripTests.pushBody(epoch: epoch, first: first, last: last)
        var object = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
        let mutations = try #require(object.removeValue(forKey: "mutations") as? [[String: Any]])
        let lines = try ([object] + mutations).map { line in
            String(decoding: try JSONSerialization.data(withJSONObject: line), as: UTF8.self)
        }
        return lines.joined(separator: "\n") + "\n"
    }

    func lines(_ response: TestResponse) -> [Data] {
        #expect(response.headers[.contentType] == "application/jsonl")
        return Data(response.body.readableBytesView).split(separator: 0x0A).map { Data($0) }
    }

    @Test func aPushAndAPullInLinesSayWhatTheSchemasSay() async throws {
        let fixture = try await Fixture()
        let epoch = try await fixture.store.epoch()
        try await fixture.application().test(.router) { client in
            _ = try await client.execute(
                uri: "/v1/devices", method: .post, headers: fixture.headers(),
                body: body(#"{"id":"\#(Self.deviceID)","name":"laptop","startAfter":0}"#))
            let push = try await client.execute(
                uri: "/v1/push", method: .post, headers: linesHeaders(fixture),
                body: body(try Self.pushLines(epoch: epoch, first: 1, last: 3)))
            #expect(push.status == .ok)
            let answer = lines(push)
            #expect(answer.count == 2)
            let summary = try JSONDecoder().decode(Components.Schemas.PushSummary.self, from: answer[0])
            #expect(summary == .init(lastMutation: 3, replayed: false))
            let result = try JSONDecoder().decode(Components.Schemas.MutationResult.self, from: answer[1])
            #expect(result.outcome == .applied && result.number == 3)
            #expect(result.record?.fields.values["estimate_seconds"] == .integer(5400))
            #expect(result.record?.fields.values["tags"] == .array([.string("sync"), .string("docs")]))

            // The same batch again, asking for JSON: the stored answer, in the other form.
            var jsonAnswer = linesHeaders(fixture)
            jsonAnswer[.accept] = "application/json"
            let replay = try await client.execute(
                uri: "/v1/push", method: .post, headers: jsonAnswer,
                body: body(try Self.pushLines(epoch: epoch, first: 1, last: 3)))
            let replayed = try JSONDecoder().decode(
                Components.Schemas.PushResponse.self, from: Data(replay.body.readableBytesView))
            #expect(replayed.replayed && replayed.results == [result])

            let pull = try await client.execute(
                uri: "/v1/changes?limit=10", method: .get, headers: linesHeaders(fixture))
            #expect(pull.status == .ok)
            let page = lines(pull)
            #expect(page.count == 2)
            let header = try JSONDecoder().decode(Components.Schemas.PageHeader.self, from: page[0])
            #expect(header.epoch == epoch && !header.hasMore && header.cursor.hasPrefix(epoch + ":"))
            let record = try JSONDecoder().decode(Components.Schemas.Record.self, from: page[1])
            #expect(record == result.record)

            // Without an Accept header the answer is the JSON document.
            let plain = try await client.execute(uri: "/v1/changes", method: .get, headers: fixture.headers())
            #expect(plain.headers[.contentType]?.hasPrefix("application/json") == true)
            #expect(try (json(plain)["changes"] as? [Any])?.count == 1)
        }
    }

    @Test(arguments: [
        ("", "the push is empty"),
        ("not json\n", "line 1 of the push is not one JSON object"),
        (#"{"deviceId":"\#(deviceID)","epoch":"e","first":1}"#, #"line 1: "last" is missing"#),
        (#"{"deviceId":"laptop","epoch":"e","first":1,"last":1}"#, #"line 1: "deviceId" is not a UUID"#),
        (
            #"{"deviceId":"\#(deviceID)","epoch":"e","first":1,"last":1}"# + "\n"
                + #"{"number":1,"entity":"planet","id":"\#(deviceID)","changes":{}}"#,
            #"line 2: unknown entity "planet""#
        ),
        (
            #"{"deviceId":"\#(deviceID)","epoch":"e","first":1,"last":1}"# + "\n"
                + #"{"number":"1","entity":"task","id":"\#(deviceID)","changes":{}}"#,
            #"line 2: "number" is not an integer"#
        ),
        (
            #"{"deviceId":"\#(deviceID)","epoch":"e","first":1,"last":1}"# + "\n\n",
            "line 2 of the push is not one JSON object"
        ),
        (#"{"deviceId":"\#(deviceID)","epoch":"e","first":5,"last":1}"#, "do not make a range"),
    ])
    func aPushThatIsNotTheContractsLinesIs400(text: String, expected: String) async throws {
        let fixture = try await Fixture()
        try await fixture.application().test(.router) { client in
            let response = try await client.execute(
                uri: "/v1/push", method: .post, headers: linesHeaders(fixture), body: body(text))
            #expect(response.status == .badRequest)
            #expect(try problemCode(response) == "bad-request")
            let message = try json(response)["message"] as? String ?? ""
            #expect(message.contains(expected), "\(message)")
        }
    }

    @Test func aPushOfMoreThanTenThousandMutationsIs400() async throws {
        let fixture = try await Fixture()
        let mutation = #"{"number":1,"entity":"task","id":"\#(Self.deviceID)","changes":{}}"#
        let text =
            #"{"deviceId":"\#(Self.deviceID)","epoch":"e","first":1,"last":10001}"# + "\n"
            + String(repeating: mutation + "\n", count: 10_001)
        try await fixture.application().test(.router) { client in
            let response = try await client.execute(
                uri: "/v1/push", method: .post, headers: linesHeaders(fixture), body: body(text))
            #expect(response.status == .badRequest)
            #expect(try json(response)["message"] as? String == "a batch holds at most 10000 mutations")
        }
    }
}
