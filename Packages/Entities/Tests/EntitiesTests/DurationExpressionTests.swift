import Entities
import Testing

struct DurationExpressionTests {
    @Test(arguments: [
        ("1h30m", 5400), ("1h 30m", 5400), ("90m", 5400), ("1.5h", 5400), ("2h", 7200), ("45m", 2700),
        (" 1H30M ", 5400), ("30m 1h", 5400), ("1 h 30 m", 5400), ("2 hours", 7200), ("15min", 900),
        ("0.25h", 900), ("1000h", 3_600_000), ("0.5m", 30),
    ])
    func readsHoursAndMinutes(_ text: String, seconds: Int) throws {
        #expect(try DurationExpression.seconds(text) == seconds)
    }

    @Test(arguments: ["abc", "1h30", "h", "1.h", "1..5h", "1h1h", "1hm", "1d", "+1h", "1e3m"])
    func rejectsWhatIsNotADuration(_ text: String) throws {
        let error = try #require(validationError { try DurationExpression.seconds(text) })
        #expect(error.field == "estimate")
        if case .invalidFormat = error.reason {} else { Issue.record("\(text): unexpected \(error.reason)") }
    }

    @Test func asksForAUnitForABareNumber() throws {
        let error = try #require(validationError { try DurationExpression.seconds("90") })
        #expect(error.reason == .invalidFormat("90"))
        #expect(error.message == "'90' needs a unit: write 90m for minutes or 90h for hours")
    }

    @Test func explainsThatSecondsAreNotAccepted() throws {
        let error = try #require(validationError { try DurationExpression.seconds("30s") })
        #expect(error.message.contains("seconds"))
    }

    @Test(arguments: ["-5m", "0m", "0h 0m", "0.001m", "1001h", "1000h 1m", "99999999999999999999h"])
    func rejectsNegativeZeroAndOverTheCap(_ text: String) throws {
        let error = try #require(validationError { try DurationExpression.seconds(text) })
        #expect(error.reason == .outOfRange(text))
    }

    @Test(arguments: ["", "  "])
    func rejectsEmptyInput(_ text: String) throws {
        #expect(validationError { try DurationExpression.seconds(text) }?.reason == .empty)
    }

    @Test func rejectsHugeInputWithAShortMessage() throws {
        let error = try #require(
            validationError { try DurationExpression.seconds(String(repeating: "1", count: 1 << 20)) })
        #expect(error.message.count < 200)
    }
}
