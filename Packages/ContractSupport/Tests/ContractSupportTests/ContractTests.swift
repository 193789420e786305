import ContractSupport
import Testing

/// A subject that is a list of numbers, and errors it classifies.
private struct Numbers: Sendable {
    var values: [Int]
}

private enum NumbersError: Error {
    case missing, clash, broken
}

private struct NumbersProbe: ContractProbe {
    let subject: Numbers

    init(subject: Numbers) { self.subject = subject }

    func classify(_ error: any Error) -> ContractErrorKind? {
        switch error as? NumbersError {
        case .missing: .notFound
        case .clash: .conflict
        case .broken, nil: nil
        }
    }

    func value(at index: Int) throws -> Int {
        guard subject.values.indices.contains(index) else { throw NumbersError.missing }
        return subject.values[index]
    }
}

@Suite("Running a contract scenario")
struct ContractTests {
    @Test("a scenario whose checks hold passes")
    func passing() async throws {
        let scenario = ContractScenario<NumbersProbe>("first is one") { probe in
            try probe.equal(try probe.value(at: 0), 1, "the first value")
            try await probe.fails(.notFound, "a value past the end") { try probe.value(at: 5) }
        }
        try await scenario.run(on: Numbers(values: [1, 2]))
    }

    @Test("a broken check names the scenario, what was expected and the line of the check")
    func brokenCheck() async throws {
        let scenario = ContractScenario<NumbersProbe>("first is one") { probe in
            try probe.equal(try probe.value(at: 0), 1, "the first value")
        }
        let violation = await #expect(throws: ContractViolation.self) {
            try await scenario.run(on: Numbers(values: [7]))
        }
        #expect(violation?.scenario == "first is one")
        #expect(violation?.message == "the first value: expected 1, got 7")
        #expect(violation?.file == "ContractSupportTests/ContractTests.swift")
    }

    @Test("an error of another kind, or none, is a violation saying which kind came")
    func wrongKind() async throws {
        let scenario = ContractScenario<NumbersProbe>("clash") { probe in
            try await probe.fails(.conflict, "reading past the end") { try probe.value(at: 3) }
        }
        let violation = await #expect(throws: ContractViolation.self) {
            try await scenario.run(on: Numbers(values: []))
        }
        #expect(violation?.message.hasPrefix("reading past the end: expected conflict, got notFound error") == true)

        let succeeding = ContractScenario<NumbersProbe>("must fail") { probe in
            try await probe.fails(.notFound, "reading the first") { try probe.value(at: 0) }
        }
        let succeeded = await #expect(throws: ContractViolation.self) {
            try await succeeding.run(on: Numbers(values: [4]))
        }
        #expect(succeeded?.message == "reading the first: expected notFound, but it succeeded with 4")
    }

    @Test("an error the scenario did not expect is reported with its kind, not thrown raw")
    func unexpectedError() async throws {
        let scenario = ContractScenario<NumbersProbe>("reads") { _ in throw NumbersError.broken }
        let violation = await #expect(throws: ContractViolation.self) {
            try await scenario.run(on: Numbers(values: []))
        }
        #expect(
            violation
                == ContractViolation(
                    scenario: "reads", message: "unexpected unclassified error: broken", file: "", line: 0))
    }
}
