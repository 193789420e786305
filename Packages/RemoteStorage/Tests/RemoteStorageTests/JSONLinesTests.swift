import Foundation
import OpenAPIRuntime
import Testing

@testable import RemoteStorage

/// The hand-written JSON Lines bodies must say exactly what the contract's schemas say: every line is
/// checked against the generated `Codable` types, and hostile answers fail as invalid responses.
@Suite("JSON Lines bodies")
struct JSONLinesTests {
    static let id = "0f6c9a52-1d59-4a4e-9a4f-0d6c2f0b7e11"

    static let tricky: [String: WireValue] = [
        "title": .string("quote \" backslash \\ line\nfeed tab\t bell\u{7} 🙂 é"),
        "tags": .array([.string("a"), .string("b")]),
        "started_at": .integer(1_700_000_000_123),
        "rate": .double(12.5),
        "deleted_at": .null,
        "billable": .bool(true),
        "nested": .object(["k": .array([.integer(-1), .null])]),
    ]

    @Test func aPushIsAHeaderThenOneMutationPerLineAsTheSchemasSay() throws {
        let mutations = [
            Mutation(number: 4, entity: .task, id: Self.id, changes: WireFields(Self.tricky)),
            Mutation(
                number: 7, entity: .timeEntry, id: Self.id, baseVersion: 3,
                base: WireFields(["note": .string("old")]), changes: WireFields(["note": .string("new")])),
        ]
        let request = PushRequest(deviceId: Self.id, epoch: "ep-1", first: 1, last: 7, mutations: mutations)
        let body = JSONLines.body(request)
        #expect(body.last == 0x0A)
        let lines = body.split(separator: 0x0A).map { Data($0) }
        #expect(lines.count == 3)
        let header = try JSONDecoder().decode(PushHeader.self, from: lines[0])
        #expect(header == PushHeader(deviceId: Self.id, epoch: "ep-1", first: 1, last: 7))
        #expect(try lines.dropFirst().map { try JSONDecoder().decode(Mutation.self, from: $0) } == mutations)
    }

    @Test func answersInJSONLinesReadAsTheirJSONDoes() async throws {
        let pushLines = #"""
            {"lastMutation":3,"replayed":false}
            {"number":3,"outcome":"conflict","conflicts":[{"field":"title","mine":"a","theirs":"b"}],"record":{"entity":"task","id":"\#(Fixture.deviceID)","version":2,"sequence":9,"deleted":false,"fields":{"title":"b","tags":["x"],"billable":0}}}

            """#
        let viaJSON = try await Fixture.client(FakeTransport(.answer(status: 200, body: Fixture.pushJSON)))
            .push(try Fixture.batch())
        let viaLines = try await Fixture.client(
            FakeTransport(.answer(status: 200, body: pushLines, contentType: "application/jsonl"))
        ).push(try Fixture.batch())
        #expect(viaLines == viaJSON)

        let pageLines = #"""
            {"cursor":"ep-1:5","hasMore":false,"epoch":"ep-1"}
            {"entity":"project","id":"\#(Fixture.deviceID)","version":1,"sequence":5,"deleted":true,"fields":{"name":"P","deleted_at":1700000000000}}
            """#
        let pageViaJSON = try await Fixture.client(FakeTransport(.answer(status: 200, body: Fixture.pageJSON)))
            .pullChanges(since: nil, limit: 10)
        let pageViaLines = try await Fixture.client(
            FakeTransport(.answer(status: 200, body: pageLines, contentType: "application/jsonl"))
        ).pullChanges(since: nil, limit: 10)
        #expect(pageViaLines == pageViaJSON)
    }

    @Test(arguments: [
        ("", "empty"),
        ("garbage\n", "not a JSON object"),
        (#"{"cursor":"c","hasMore":false}"#, #""epoch" is missing"#),
        (#"{"cursor":"c","hasMore":"no","epoch":"e"}"#, #""hasMore" is not true or false"#),
        (#"{"cursor":"c","hasMore":false,"epoch":"e"} {"x":1}"#, "more than one JSON value on a line"),
        ("{\"cursor\":\"c\",\"hasMore\":false,\"epoch\":\"e\"}\n{\"entity\":\"task\"", "expected ',' or '}'"),
        (
            "{\"cursor\":\"c\",\"hasMore\":false,\"epoch\":\"e\"}\n{\"entity\":\"planet\",\"id\":\"x\",\"fields\":{}}",
            "unknown kind of record",
        ),
        (String(repeating: "[", count: 10_000), "not a JSON object"),
        ("{\"a\":" + String(repeating: "[", count: 10_000), "nests deeper than 64"),
        (#"{"cursor":"c","cursor":"d","hasMore":false,"epoch":"e"}"#, "appears twice"),
    ])
    func aPageThatIsNotTheContractsLinesIsAnInvalidResponse(body: String, expected: String) async {
        let transport = FakeTransport(.answer(status: 200, body: body, contentType: "application/jsonl"))
        let error = await remoteError { () async throws(RemoteStorageError) in
            try await Fixture.client(transport).pullChanges(since: nil, limit: 10)
        }
        guard case .invalidResponse(let detail)? = error else {
            Issue.record("expected an invalid response, got \(String(describing: error))")
            return
        }
        #expect(detail.contains(expected), "\(detail)")
        #expect(!detail.contains("\n"))
    }

    @Test func anAnswerWithInvalidUTF8IsAnInvalidResponse() throws {
        var bytes = Array(#"{"cursor":"c"#.utf8)
        bytes += [0xFF, 0xFE]
        bytes += Array(#"","hasMore":false,"epoch":"e"}"#.utf8)
        #expect(throws: WireFormatError.self) { try JSONLines.changePage(bytes) }
    }
}

@Suite("WireValue")
struct WireValueTests {
    @Test func whatItWritesItReadsBackAndJSONDecoderAgrees() throws {
        let value = WireValue.object(JSONLinesTests.tricky)
        let text = value.jsonText(sortedKeys: true)
        #expect(try WireValue.parse(text) == value)
        #expect(try JSONDecoder().decode(WireValue.self, from: Data(text.utf8)) == value)
        // The same value is always the same text when keys are sorted: local storage compares it.
        #expect(WireValue.object(JSONLinesTests.tricky).jsonText(sortedKeys: true) == text)
        #expect(text.hasPrefix(#"{"billable":true,"deleted_at":null,"nested":{"k":[-1,null]},"rate":12.5"#))
        #expect(text.contains(#"line\nfeed tab\t bell\u0007"#))
    }

    @Test func numbersKeepTheirKind() throws {
        #expect(try WireValue.parse("1700000000123") == .integer(1_700_000_000_123))
        #expect(try WireValue.parse("-0") == .integer(0))
        #expect(try WireValue.parse("1.0") == .double(1))
        #expect(try WireValue.parse("2e3") == .double(2000))
        #expect(try WireValue.parse("99999999999999999999") == .double(1e20))
        #expect(try WireValue.parse(#""\u00e9\ud83d\ude42""#) == .string("é🙂"))
    }

    @Test(arguments: [
        "", "01", "1.", ".5", "+1", "[1,]", #"{"a":1,}"#, "tru", "nul", #""a"#, "\"a\u{1}\"", #""\x""#,
        #""\ud83d""#, #""\ude42""#, "1e999", "NaN", "[1] 2", #"{'a':1}"#, "// c\n1",
    ])
    func notJSONIsRefused(text: String) {
        #expect(throws: WireFormatError.self) { try WireValue.parse(text) }
    }
}
