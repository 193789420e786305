import Entities
import Foundation
import Testing

struct EstimateTests {
    @Test func acceptsOneMinuteToAThousandHours() throws {
        #expect(try Estimate(seconds: 60).seconds == 60)
        #expect(try Estimate(seconds: 3_600_000).seconds == 3_600_000)
    }

    @Test(arguments: [-1, 0, 59])
    func rejectsLessThanAMinute(_ seconds: Int) throws {
        let error = try #require(validationError { try Estimate(seconds: seconds) })
        #expect(error.field == "estimate")
        #expect(error.reason == .durationTooShort(seconds: seconds, minimum: 60, source: .estimate))
        #expect(error.message == "estimate must be at least 60s")
    }

    @Test func rejectsMoreThanAThousandHours() throws {
        let error = try #require(validationError { try Estimate(seconds: 3_600_001) })
        #expect(error.field == "estimate")
        #expect(error.reason == .durationOverLimit(seconds: 3_600_001, limit: 3_600_000, source: .estimate))
        #expect(error.message == "the estimate is 1000h, more than the limit of 1000h")
    }

    @Test func codesAsSecondsAndValidatesOnDecode() throws {
        let data = try JSONEncoder().encode([Estimate(seconds: 5400)])
        #expect(String(decoding: data, as: UTF8.self) == "[5400]")
        #expect(try JSONDecoder().decode([Estimate].self, from: data) == [Estimate(seconds: 5400)])
        let error = #expect(throws: DecodingError.self) {
            try JSONDecoder().decode([Estimate].self, from: Data("[5]".utf8))
        }
        #expect({ if case .dataCorrupted = error { true } else { false } }(), "the value itself is refused")
    }
}
