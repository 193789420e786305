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

    /// Estimates are whole minutes: what every view shows is what is stored.
    @Test(arguments: [
        ("1.5m", 120), ("1.4m", 60), ("0.2m", 60), ("0.5m", 60), ("1h30m", 5400), ("1.01h", 3660), ("1.5h", 5400),
        ("1000h", 3_600_000),
    ])
    func estimatesAreWholeMinutes(_ text: String, seconds: Int) throws {
        #expect(try DurationExpression.estimateSeconds(text) == seconds)
    }

    @Test func estimatesRefuseWhatDurationsRefuse() throws {
        #expect(
            validationError { try DurationExpression.estimateSeconds("30s") }?.reason
                == .secondsNotAllowed(excerpt: "30s"))
        #expect(
            validationError { try DurationExpression.estimateSeconds("0m") }?.reason == .zeroDuration(excerpt: "0m"))
        #expect(validationError { try DurationExpression.estimateSeconds("1001h") }?.field == "estimate")
    }

    @Test(arguments: ["abc", "h", "1.h", "1..5h", "1h1h", "1hm", "1d", "+1h", "1e3m"])
    func rejectsWhatIsNotADuration(_ text: String) throws {
        let error = try #require(validationError { try DurationExpression.seconds(text) })
        #expect(error.field == "estimate")
        #expect(error.reason == .invalidFormat(excerpt: text, expected: .duration))
    }

    @Test func asksForAUnitForABareNumber() throws {
        let error = try #require(validationError { try DurationExpression.seconds("90") })
        #expect(error.reason == .missingUnit(excerpt: "90", number: "90"))
        #expect(error.message == "'90' has no unit: a duration needs minutes or hours")
        let decimal = validationError { try DurationExpression.seconds("1h 2.5", field: "duration") }
        #expect(decimal?.reason == .missingUnit(excerpt: "1h 2.5", number: "2.5"))
        #expect(decimal?.field == "duration")
        #expect(
            validationError { try DurationExpression.seconds("1h30") }?.reason
                == .missingUnit(excerpt: "1h30", number: "30"))
    }

    @Test func explainsThatSecondsAreNotAccepted() throws {
        let error = try #require(validationError { try DurationExpression.seconds("30s") })
        #expect(error.reason == .secondsNotAllowed(excerpt: "30s"))
        #expect(error.message == "estimate cannot be given in seconds")
        #expect(
            validationError { try DurationExpression.seconds("1h 5 sec") }?.reason
                == .secondsNotAllowed(excerpt: "1h 5 sec"))
    }

    @Test(arguments: ["-5m", "-0m", "-abc"])
    func rejectsNegativeDurations(_ text: String) throws {
        let error = try #require(validationError { try DurationExpression.seconds(text, field: "duration") })
        #expect(error.field == "duration")
        #expect(error.reason == .negativeAmount(excerpt: text, expected: .duration))
        #expect(error.message == "duration '\(text)' cannot be negative")
    }

    @Test(arguments: ["0m", "0h 0m", "0.001m"])
    func rejectsZero(_ text: String) throws {
        let error = try #require(validationError { try DurationExpression.seconds(text) })
        #expect(error.reason == .zeroDuration(excerpt: text))
        #expect(error.message == "estimate must be more than zero")
    }

    @Test(arguments: ["1001h", "1000h 1m", "99999999999999999999h"])
    func rejectsOverTheCap(_ text: String) throws {
        let error = try #require(validationError { try DurationExpression.seconds(text) })
        #expect(error.reason == .typedDurationOverLimit(excerpt: text, limit: 3_600_000))
        #expect(error.message == "estimate '\(text)' is too long: the limit is 1000h")
    }

    @Test(arguments: ["", "  "])
    func rejectsEmptyInput(_ text: String) throws {
        #expect(validationError { try DurationExpression.seconds(text) }?.reason == .empty(.duration))
    }

    @Test func rejectsHugeInputWithAShortMessage() throws {
        let error = try #require(
            validationError { try DurationExpression.seconds(String(repeating: "1", count: 1 << 20)) })
        #expect(error.reason == .invalidFormat(excerpt: String(repeating: "1", count: 40) + "…", expected: .duration))
        #expect(error.message.count < 200)
    }
}
