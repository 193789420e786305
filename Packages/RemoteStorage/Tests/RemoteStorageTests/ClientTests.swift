import Foundation
import HTTPHelper
import HTTPTypes
import OpenAPIRuntime
import Testing

@testable import RemoteStorage

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// One of the client's calls, so a test can run over all of them.
enum Call: String, CaseIterable, Sendable {
    case health, session, team, registerDevice, push, pullChanges

    /// A 200 body the call decodes.
    var okBody: String {
        switch self {
        case .health: Fixture.healthJSON
        case .session: Fixture.sessionJSON
        case .team: Fixture.teamJSON
        case .registerDevice: Fixture.deviceJSON
        case .push: Fixture.pushJSON
        case .pullChanges: Fixture.pageJSON
        }
    }

    func run(_ client: StintServerClient) async throws(RemoteStorageError) {
        switch self {
        case .health: _ = try await client.health()
        case .session: _ = try await client.session()
        case .team: _ = try await client.team()
        case .registerDevice: _ = try await client.registerDevice(Fixture.registration)
        case .push:
            let batch: PushRequest
            do { batch = try Fixture.batch() } catch { preconditionFailure("fixture: \(error)") }
            _ = try await client.push(batch)
        case .pullChanges: _ = try await client.pullChanges(since: "ep-1:5", limit: 100)
        }
    }
}

@Suite("Answers the server gives")
struct AnswerTests {
    @Test func everyCallDecodesItsAnswer() async throws {
        let client = { (body: String) in Fixture.client(FakeTransport(.answer(status: 200, body: body))) }
        let health = try await client(Fixture.healthJSON).health()
        #expect(health.status == "ok" && health._protocol == 1 && health.epoch == "ep-1")
        let session = try await client(Fixture.sessionJSON).session()
        #expect(session.user.name == "Ada" && session.epoch == "ep-1")
        let team = try await client(Fixture.teamJSON).team()
        #expect(team.members.map(\.name) == ["Ada"])
        let device = try await client(Fixture.deviceJSON).registerDevice(Fixture.registration)
        #expect(device.lastMutation == 4 && device.userId == Fixture.userID)
        let reply = try await client(Fixture.pushJSON).push(try Fixture.batch())
        #expect(reply.lastMutation == 3 && !reply.replayed)
        #expect(reply.results.first?.outcome == .conflict)
        #expect(reply.results.first?.conflicts?.first?.field == "title")
        #expect(reply.results.first?.record?.sequence == 9)
        let page = try await client(Fixture.pageJSON).pullChanges(since: nil, limit: 10)
        #expect(page.cursor == "ep-1:5" && !page.hasMore && page.changes.first?.deleted == true)
        #expect(page.changes.first?.entity == .project)
    }

    struct Refusal: Sendable, CustomTestStringConvertible {
        var call: Call
        var status: Int
        var body: String?
        var contentType: String? = "application/json"
        var expected: RemoteStorageError
        var testDescription: String { "\(call) \(status) → \(expected)" }
    }

    static let refusals: [Refusal] = [
        .init(
            call: .session, status: 400, body: Fixture.problem("protocol-missing", "send Stint-Protocol"),
            expected: .badRequest(message: "send Stint-Protocol")),
        .init(
            call: .pullChanges, status: 400, body: Fixture.problem("cursor", "bad cursor"),
            expected: .badRequest(message: "bad cursor")),
        .init(
            call: .team, status: 401, body: Fixture.problem("unauthorized", "unknown token"),
            expected: .unauthorized(message: "unknown token")),
        .init(
            call: .registerDevice, status: 403, body: Fixture.problem("forbidden", "another user's device"),
            expected: .forbidden(message: "another user's device")),
        .init(
            call: .push, status: 403, body: Fixture.problem("forbidden", "another user's device"),
            expected: .forbidden(message: "another user's device")),
        .init(
            call: .push, status: 409, body: Fixture.problem("gap", "expected mutation 5"),
            expected: .gap(message: "expected mutation 5")),
        .init(
            call: .push, status: 409, body: Fixture.problem("epoch", "the server was reset"),
            expected: .epochChanged(message: "the server was reset")),
        .init(
            call: .push, status: 409, body: Fixture.problem("other", "something else"),
            expected: .server(status: 409, message: "something else")),
        .init(
            call: .pullChanges, status: 410, body: Fixture.problem("epoch", "cursor of another epoch"),
            expected: .epochChanged(message: "cursor of another epoch")),
        .init(
            call: .push, status: 413, body: Fixture.problem("too-large", "over 4 MiB"),
            expected: .tooLarge(message: "over 4 MiB")),
        .init(
            call: .registerDevice, status: 413, body: Fixture.problem("too-large", "over 4 MiB"),
            expected: .tooLarge(message: "over 4 MiB")),
        .init(
            call: .session, status: 426,
            body: Fixture.problem("protocol-mismatch", "upgrade stint", supported: 1),
            expected: .protocolMismatch(message: "upgrade stint", serverProtocol: 1)),
        .init(
            call: .push, status: 426, body: Fixture.problem("protocol-mismatch", "upgrade the server"),
            expected: .protocolMismatch(message: "upgrade the server", serverProtocol: nil)),
        // Statuses the contract does not document for the call.
        .init(
            call: .session, status: 500, body: Fixture.problem("internal", "database is locked"),
            expected: .server(status: 500, message: "database is locked")),
        .init(
            call: .team, status: 502, body: "Bad Gateway\n", contentType: "text/plain",
            expected: .server(status: 502, message: "Bad Gateway")),
        .init(
            call: .health, status: 404, body: nil, contentType: nil, expected: .server(status: 404, message: "HTTP 404")
        ),
        .init(
            call: .pullChanges, status: 403, body: Fixture.problem("forbidden", "no"),
            expected: .server(status: 403, message: "no")),
        // A documented refusal whose body is not a Problem is still that refusal.
        .init(
            call: .session, status: 401, body: "<html>nope</html>", contentType: "text/html",
            expected: .unauthorized(message: "HTTP 401 with an unreadable body")),
        .init(
            call: .push, status: 413, body: "too big", contentType: "application/json",
            expected: .tooLarge(message: "HTTP 413 with an unreadable body")),
    ]

    @Test(arguments: refusals)
    func refusalsBecomeTheirErrors(_ refusal: Refusal) async {
        let transport = FakeTransport(
            .answer(status: refusal.status, body: refusal.body, contentType: refusal.contentType))
        let error = await remoteError { () async throws(RemoteStorageError) in
            try await refusal.call.run(Fixture.client(transport))
        }
        #expect(error == refusal.expected)
    }

    struct Garbage: Sendable, CustomTestStringConvertible {
        var call: Call
        var body: String?
        var contentType: String? = "application/json"
        var detail: String
        var testDescription: String { "\(call): \(detail)" }
    }

    static let garbage: [Garbage] = [
        .init(call: .health, body: "certainly not JSON", detail: "not valid JSON"),
        .init(call: .health, body: "certainly not JSON", contentType: nil, detail: "not valid JSON"),
        .init(call: .session, body: #"{"user":{"id":"x","name":"A"},"protocol":1}"#, detail: "epoch is missing"),
        .init(call: .team, body: #"{"members":"nobody"}"#, detail: "members is not a JSON array"),
        .init(call: .push, body: #"{"lastMutation":"three","replayed":false,"results":[]}"#, detail: "lastMutation"),
        .init(call: .pullChanges, body: "<html></html>", contentType: "text/html", detail: "content type"),
        .init(call: .registerDevice, body: nil, detail: "body"),
    ]

    @Test(arguments: garbage)
    func aBodyThatIsNotTheSchemaIsAnInvalidResponse(_ garbage: Garbage) async {
        let transport = FakeTransport(.answer(status: 200, body: garbage.body, contentType: garbage.contentType))
        let error = await remoteError { () async throws(RemoteStorageError) in
            try await garbage.call.run(Fixture.client(transport))
        }
        guard case .invalidResponse(let detail) = error else {
            Issue.record("expected invalidResponse, got \(String(describing: error))")
            return
        }
        #expect(detail.localizedStandardContains(garbage.detail), "\(detail)")
        #expect(transport.sent.count == 1, "an invalid answer is not retried")
    }

    /// The decoder's Swift types (`Dictionary<String, Any>`, `Int`) are worded as the JSON they stand for.
    @Test(arguments: [
        (Call.team, "[]", "the answer is not a JSON object"),
        (.team, #"{"members":"nobody"}"#, "members is not a JSON array"),
        (.push, #"{"lastMutation":"three","replayed":false,"results":[]}"#, "lastMutation is not a whole number"),
        (.session, #"{"user":{"id":"x","name":5},"epoch":"ep-1","protocol":1}"#, "user.name is not a string"),
        (.health, #"{"status":"ok","protocol":"1","epoch":"ep-1"}"#, "protocol is not a whole number"),
        (.pullChanges, #"{"changes":[],"cursor":"c","hasMore":"no","epoch":"e"}"#, "hasMore is not true or false"),
        (.health, "certainly not JSON", "the answer is not valid JSON"),
    ])
    func aMistypedAnswerIsWordedInJSONsTermsNotSwifts(_ call: Call, _ body: String, _ detail: String) async {
        let error = await remoteError { () async throws(RemoteStorageError) in
            try await call.run(Fixture.client(FakeTransport(.answer(status: 200, body: body))))
        }
        #expect(error == .invalidResponse(detail: detail))
        #expect(error?.description == "the server's answer is not understood: \(detail)")
    }

    @Test(arguments: [
        ("https://stint.example.com/v1/session", "https://stint.example.com"),
        ("https://stint.example.com/team/v1/session?x=1", "https://stint.example.com/team"),
        ("http://127.0.0.1:8421/v1/session", "http://127.0.0.1:8421"),
        ("https://127.0.0.1:8420/health", "https://127.0.0.1:8420"),
    ])
    func aRedirectIsNotFollowedAndSaysWhereToLogIn(_ location: String, _ address: String) async {
        let transport = FakeTransport(
            .answer(status: 302, body: nil, contentType: nil, headers: ["Location": location]))
        let error = await remoteError { () async throws(RemoteStorageError) in
            try await Fixture.client(transport, retries: 2).session()
        }
        #expect(error == .redirect(status: 302, location: address))
        #expect(
            error?.description
                == "the server answered with a redirect (HTTP 302) to \(address), which stint does not follow: "
                + "log in with the URL it points to")
        #expect(error?.isTransient == false)
        #expect(transport.sent.count == 1)
    }

    /// No Location, or one back at the same address (`/v1/session/`): there is no other URL to log in with.
    @Test(arguments: [nil, "/v1/session/", "http://127.0.0.1:8420/v1/team?page=2"])
    func aRedirectWithNowhereElseToGoAsksToCheckTheAddress(_ location: String?) async {
        let headers = location.map { ["Location": $0] } ?? [:]
        let transport = FakeTransport(.answer(status: 301, body: "", contentType: nil, headers: headers))
        let error = await remoteError { () async throws(RemoteStorageError) in
            try await Fixture.client(transport).team()
        }
        #expect(error == .redirect(status: 301, location: nil))
        #expect(
            error?.description
                == "the server answered with a redirect (HTTP 301), which stint does not follow: check the server's URL"
        )
        #expect(transport.sent.count == 1)
    }

    @Test func networkFailuresBecomeUnreachableOrTimedOut() async {
        // The helper words URLSession's errors; the client turns its words into RemoteStorageError.
        func failure(_ code: URLError.Code) async -> RemoteStorageError? {
            let (kind, message) = HTTPHelper.failure(URLError(code))
            let reported = TransportFailure(
                kind: TransportFailure.Kind(rawValue: kind) ?? .unreachable, message: message)
            return await remoteError { () async throws(RemoteStorageError) in
                try await Fixture.client(FakeTransport(.fail(reported)), retries: 0).session()
            }
        }
        let server = "http://127.0.0.1:8420"
        #expect(
            await failure(.cannotConnectToHost)
                == .unreachable(server: server, cause: "the connection was refused (is the server running?)"))
        #expect(
            await failure(.networkConnectionLost)
                == .unreachable(server: server, cause: "the connection closed before the server answered"))
        #expect(await failure(.cannotFindHost) == .unreachable(server: server, cause: "the host name is unknown"))
        #expect(await failure(.timedOut) == .timedOut(server: server, seconds: 5))
        #expect(
            await failure(.badServerResponse)
                == .unreachable(server: server, cause: "the connection closed before the server answered"))
        #expect(
            await failure(.cannotParseResponse) == .invalidResponse(detail: "the answer is not a valid HTTP response"))
        #expect(await failure(.resourceUnavailable) == .unreachable(server: server, cause: "network error -1008"))
        let missing = TransportFailure(kind: .missingHelper, message: "/x/stint-http is missing")
        let missingError = await remoteError { () async throws(RemoteStorageError) in
            try await Fixture.client(FakeTransport(.fail(missing)), retries: 3).session()
        }
        #expect(missingError == .notConfigured("/x/stint-http is missing"))
    }

    @Test func aServerThatNeverAnswersTimesOut() async {
        let transport = FakeTransport(.hang)
        let client = Fixture.client(transport, retries: 0, timeout: .milliseconds(300))
        let started = ContinuousClock.now
        let error = await remoteError { () async throws(RemoteStorageError) in try await client.team() }
        #expect(error == .timedOut(server: "http://127.0.0.1:8420", seconds: 1))
        #expect(ContinuousClock.now - started < .seconds(5))
    }
}

@Suite("Retries")
struct RetryTests {
    @Test func aTransientFailureIsRetriedTheConfiguredNumberOfTimes() async {
        let transport = FakeTransport(.answer(status: 503, body: Fixture.problem("busy", "try later")))
        let error = await remoteError { () async throws(RemoteStorageError) in
            try await Fixture.client(transport, retries: 2).session()
        }
        #expect(error == .server(status: 503, message: "try later"))
        #expect(error?.isTransient == true)
        #expect(transport.sent.count == 3)
    }

    @Test func noRetriesMeansOneAttempt() async {
        let transport = FakeTransport(.fail(TransportFailure(kind: .unreachable, message: "refused")))
        _ = await remoteError { () async throws(RemoteStorageError) in
            try await Fixture.client(transport, retries: 0).team()
        }
        #expect(transport.sent.count == 1)
    }

    @Test(arguments: Call.allCases)
    func everyCallIsRetriedAfterATransientFailureAndThenSucceeds(_ call: Call) async throws {
        let transport = FakeTransport(
            .fail(TransportFailure(kind: .unreachable, message: "lost")),
            .answer(status: 500, body: nil, contentType: nil),
            .answer(status: 200, body: call.okBody)
        )
        try await call.run(Fixture.client(transport, retries: 2))
        #expect(transport.sent.count == 3)
        #expect(Set(transport.sent.map(\.request.path)).count == 1, "the same request each time")
    }

    /// A hung server costs one timeout, as the message says: the request is not sent again to wait once more.
    @Test(arguments: Call.allCases)
    func aTimedOutRequestIsNotRetried(_ call: Call) async throws {
        let transport = FakeTransport(.hang, .answer(status: 200, body: call.okBody))
        let client = Fixture.client(transport, retries: 2, timeout: .milliseconds(300))
        let error = await remoteError { () async throws(RemoteStorageError) in try await call.run(client) }
        #expect(error == .timedOut(server: "http://127.0.0.1:8420", seconds: 1))
        #expect(error?.description == "the server at http://127.0.0.1:8420 did not answer within 1 second")
        #expect(error?.isTransient == true, "still a failure that leaves the changes pending for the next sync")
        #expect(transport.sent.count == 1)
    }

    @Test func aTimeoutReportedByTheTransportIsNotRetriedEither() async {
        let transport = FakeTransport(
            .fail(TransportFailure(kind: .timedOut, message: "no answer")), .answer(status: 200, body: Fixture.teamJSON)
        )
        let error = await remoteError { () async throws(RemoteStorageError) in
            try await Fixture.client(transport, retries: 2).team()
        }
        #expect(error == .timedOut(server: "http://127.0.0.1:8420", seconds: 5))
        #expect(transport.sent.count == 1)
    }

    @Test(arguments: [400, 401, 403, 404, 409, 410, 413, 426, 429])
    func aRefusalIsNeverRetried(_ status: Int) async throws {
        let transport = FakeTransport(.answer(status: status, body: Fixture.problem("gap", "no")))
        let batch = try Fixture.batch()
        let error = await remoteError { () async throws(RemoteStorageError) in
            try await Fixture.client(transport, retries: 5).push(batch)
        }
        #expect(error != nil)
        #expect(error?.isTransient == false)
        #expect(transport.sent.count == 1)
    }

    /// The server's limit on failed sign-ins (ADR 0025): a refusal for a while, one line saying how long, never
    /// retried within the call (each attempt would be refused, and the address kept refused).
    @Test(arguments: Call.allCases.filter { $0 != .health })
    func tooManyFailedSignInsIsOneClearLineAndNotRetried(_ call: Call) async {
        let transport = FakeTransport(
            .answer(
                status: 429,
                body: Fixture.problem(
                    "too-many-failed-sign-ins", "too many failed sign-ins from this address: try again in 60 s"),
                headers: ["Retry-After": "60"]))
        let error = await remoteError { () async throws(RemoteStorageError) in
            try await call.run(Fixture.client(transport, retries: 5))
        }
        #expect(error == .server(status: 429, message: "too many failed sign-ins from this address; try again in 60 s"))
        #expect(
            error?.description
                == "the server refused: too many failed sign-ins from this address; try again in 60 s (HTTP 429)")
        #expect(error?.isTransient == false)
        #expect(transport.sent.count == 1)
    }

    @Test func anotherTooManyRequestsSaysWhatItKnows() async {
        let cases: [(FakeTransport.Step, String)] = [
            (.answer(status: 429, body: Fixture.problem("slow-down", "slow down")), "slow down; try again later"),
            (
                .answer(status: 429, body: "<html>429</html>", contentType: "text/html", headers: ["Retry-After": "5"]),
                "too many requests; try again later"
            ),
        ]
        for (step, message) in cases {
            let error = await remoteError { () async throws(RemoteStorageError) in
                try await Fixture.client(FakeTransport(step)).team()
            }
            #expect(error == .server(status: 429, message: message))
        }
    }

    @Test func backoffDoublesFromTheFirstDelay() {
        let configuration = RemoteConfiguration(backoff: .milliseconds(200))
        #expect(configuration.delay(beforeRetry: 0) == .milliseconds(200))
        #expect(configuration.delay(beforeRetry: 1) == .milliseconds(400))
        #expect(configuration.delay(beforeRetry: 2) == .milliseconds(800))
    }

    @Test func defaultsAreTheDocumentedOnes() {
        let configuration = RemoteConfiguration()
        #expect(configuration.timeout == .seconds(15))
        #expect(configuration.retries == 2)
        #expect(configuration.backoff == .milliseconds(200))
        #expect(configuration.protocolVersion == 1)
        #expect(RemoteConfiguration(retries: -3).retries == 0)
    }

    @Test func transientIsTheNetworkTheTimeoutAndServerFailures() {
        let transient: [RemoteStorageError] = [
            .unreachable(server: "s", cause: "c"), .timedOut(server: "s", seconds: 1),
            .server(status: 500, message: "m"), .server(status: 503, message: "m"),
        ]
        let permanent: [RemoteStorageError] = [
            .notConfigured("m"), .unauthorized(message: "m"), .forbidden(message: "m"),
            .protocolMismatch(message: "m", serverProtocol: 1), .epochChanged(message: "m"), .gap(message: "m"),
            .tooLarge(message: "m"), .badRequest(message: "m"), .server(status: 404, message: "m"),
            .server(status: 429, message: "m"), .invalidResponse(detail: "d"), .redirect(status: 302, location: nil),
        ]
        #expect(transient.filter(\.isTransient).count == transient.count)
        #expect(permanent.filter(\.isTransient).isEmpty)
    }
}

@Suite("Headers, providers and secrets")
struct HeaderTests {
    @Test func everyV1CallCarriesTheTokenAndTheProtocol() async throws {
        for call in Call.allCases where call != .health {
            let transport = FakeTransport(.answer(status: 200, body: call.okBody))
            try await call.run(Fixture.client(transport, protocolVersion: 3))
            let sent = try #require(transport.sent.first)
            #expect(sent.header("Authorization") == "Bearer \(Fixture.token)", "\(call)")
            #expect(sent.header("Stint-Protocol") == "3", "\(call)")
            #expect(sent.request.headerFields[values: .stintProtocol].count == 1)
        }
    }

    @Test func healthNeedsNoToken() async throws {
        let transport = FakeTransport(.answer(status: 200, body: Fixture.healthJSON))
        let client = Fixture.client(transport, token: ChangingToken(nil))
        _ = try await client.health()
        let sent = try #require(transport.sent.first)
        #expect(sent.header("Authorization") == nil)
        #expect(sent.request.path == "/health")
    }

    @Test func theRequestsGoWhereTheContractSays() async throws {
        let transport = FakeTransport(.answer(status: 200, body: Fixture.pushJSON))
        _ = try await Fixture.client(transport).push(try Fixture.batch())
        let push = try #require(transport.sent.first)
        #expect(push.request.method == .post && push.request.path == "/v1/push")
        // stint speaks the contract's JSON Lines form of the bulk bodies and asks for it back.
        #expect(push.header("Content-Type") == "application/jsonl")
        let accept = push.header("Accept") ?? ""
        #expect(accept.hasPrefix("application/jsonl") && accept.contains("application/json; q=0.5"), "\(accept)")
        #expect(push.body?.split(separator: "\n").first?.contains(#""deviceId""#) == true)

        let pull = FakeTransport(.answer(status: 200, body: Fixture.pageJSON))
        _ = try await Fixture.client(pull).pullChanges(since: "ep-1:5", limit: 100)
        _ = try await Fixture.client(pull).pullChanges(since: nil, limit: 7)
        let paths = pull.sent.map { $0.request.path ?? "" }
        #expect(paths.first?.hasPrefix("/v1/changes?") == true)
        #expect(paths.first?.contains("since=ep-1") == true && paths.first?.contains("limit=100") == true)
        #expect(paths.last == "/v1/changes?limit=7")
    }

    @Test func theTokenIsReadAtEachCall() async throws {
        let token = ChangingToken("stint_first")
        let transport = FakeTransport(.answer(status: 200, body: Fixture.teamJSON))
        let client = Fixture.client(transport, token: token)
        _ = try await client.team()
        token.set("stint_second")
        _ = try await client.team()
        #expect(transport.sent.map { $0.header("Authorization") } == ["Bearer stint_first", "Bearer stint_second"])
    }

    @Test func noTokenOrNoAddressFailsBeforeAnyRequest() async {
        let transport = FakeTransport(.answer(status: 200, body: Fixture.sessionJSON))
        for token in [ChangingToken(nil), ChangingToken(""), ChangingToken("stint_a\r\nX-Evil: 1")] {
            let error = await remoteError { () async throws(RemoteStorageError) in
                try await Fixture.client(transport, token: token).session()
            }
            guard case .notConfigured = error else {
                Issue.record("expected notConfigured, got \(String(describing: error))")
                continue
            }
        }
        let noAddress = StintServerClient(
            address: NoAddress(), token: StaticToken(Fixture.token), transport: transport)
        let error = await remoteError { () async throws(RemoteStorageError) in try await noAddress.health() }
        #expect(error == .notConfigured("no server: run stint login"))
        #expect(transport.sent.isEmpty)
    }

    @Test func anAddressThatIsNotHTTPIsNotConfigured() async throws {
        let transport = FakeTransport(.answer(status: 200, body: Fixture.healthJSON))
        let url = try #require(URL(string: "ftp://127.0.0.1/"))
        let client = StintServerClient(address: StaticServerAddress(url), token: StaticToken("t"), transport: transport)
        let error = await remoteError { () async throws(RemoteStorageError) in try await client.health() }
        #expect(error == .notConfigured("the server address ftp://127.0.0.1/ is not an http or https URL"))
        #expect(transport.sent.isEmpty)
    }

    @Test func theTokenNeverAppearsInAnError() async {
        let token = Fixture.token
        struct Echo: Error, CustomStringConvertible {
            var description: String { "transport failed while sending Bearer \(Fixture.token)" }
        }
        let scripts: [FakeTransport] = [
            FakeTransport(.answer(status: 401, body: Fixture.problem("unauthorized", "token \(token) is revoked"))),
            FakeTransport(
                .answer(status: 500, body: "boom: Authorization: Bearer \(token)", contentType: "text/plain")),
            FakeTransport(.answer(status: 200, body: "{\"user\": \"\(token)\"")),
            FakeTransport(.fail(Echo())),
            FakeTransport(.fail(TransportFailure(kind: .unreachable, message: "refused"))),
        ]
        for transport in scripts {
            let error = await remoteError { () async throws(RemoteStorageError) in
                try await Fixture.client(transport, retries: 0).session()
            }
            let text = "\(String(describing: error)) \(error?.localizedDescription ?? "") \(String(reflecting: error))"
            #expect(error != nil)
            #expect(!text.contains(token), "\(text)")
        }
        #expect(!"\(StaticToken(token))".contains(token))
    }

    /// A token too short to be one `stint-server` made is not looked for in messages: `--token x` once blanked every
    /// letter x ("une<redacted>pected"). A real one still is, wherever it appears.
    @Test func onlyATokenLongEnoughToBeRealIsTakenOutOfMessages() async {
        let ordinary = FakeTransport(.answer(status: 500, body: "unexpected error in nexus", contentType: "text/plain"))
        let short = await remoteError { () async throws(RemoteStorageError) in
            try await Fixture.client(ordinary, token: StaticToken("x"), retries: 0).session()
        }
        #expect(short?.description == "the server failed (HTTP 500): unexpected error in nexus")

        let real = "stint_" + String(repeating: "Ab3-_x", count: 7) + "x"
        #expect(real.count == 49)
        let echo = FakeTransport(.answer(status: 500, body: "bad token \(real) (x)", contentType: "text/plain"))
        let long = await remoteError { () async throws(RemoteStorageError) in
            try await Fixture.client(echo, token: StaticToken(real), retries: 0).session()
        }
        #expect(long?.description == "the server failed (HTTP 500): bad token <redacted> (x)")
    }

    @Test func aLongAddressIsCutInMessages() async throws {
        let url = try #require(URL(string: "http://127.0.0.1:8420/" + String(repeating: "a", count: 10_240)))
        let transport = FakeTransport(.fail(TransportFailure(kind: .unreachable, message: "connection refused")))
        let client = StintServerClient(
            address: StaticServerAddress(url), token: StaticToken(Fixture.token),
            configuration: .init(retries: 0), transport: transport)
        let error = await remoteError { () async throws(RemoteStorageError) in try await client.session() }
        let cut = "http://127.0.0.1:8420/" + String(repeating: "a", count: 57) + "…"
        #expect(error == .unreachable(server: cut, cause: "connection refused"))
        #expect(error?.description == "cannot reach the server at \(cut): connection refused")
    }

    @Test func theServerIsNamedWithoutCredentials() throws {
        let url = try #require(URL(string: "https://ada:pw@sync.example:8443/stint?x=1"))
        #expect(StintServerClient.display(url) == "https://sync.example:8443/stint")
    }

    @Test func theHelperIsLookedForBesideTheRunningExecutable() {
        let helper = HelperTransport.besideExecutable()
        #expect(helper.lastPathComponent == "stint-http")
        // The test runner is built into the same folder as the helper it depends on.
        #expect(FileManager.default.isExecutableFile(atPath: helper.path), "\(helper.path)")
    }

    @Test func messagesAreOneLineForPeople() {
        let error = RemoteStorageError.timedOut(server: "http://h:1", seconds: 15)
        #expect(error.description == "the server at http://h:1 did not answer within 15 seconds")
        #expect(error.localizedDescription == error.description)
        let long = StintServerClient.oneLine(String(repeating: "a\n", count: 400))
        #expect(!long.contains("\n") && long.count <= StintServerClient.messageLimit + 1)
    }
}
