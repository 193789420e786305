/// The kinds of failure a contract scenario can expect of a Services implementation. They are what the App's exit
/// codes 2, 3, 4 and 5 mean, named so that an in-memory fake and the real adapter can both be judged without the
/// scenarios knowing either's error types: each subject classifies its own errors.
public enum ContractErrorKind: String, Sendable, CaseIterable {
    case notFound, ambiguous, invalidInput, conflict
}

/// What a feature's scenarios act through: a subject under test, and how it classifies its errors. Each feature's
/// contract defines one, with the helpers its scenarios need (seeding, common calls).
public protocol ContractProbe: Sendable {
    /// The implementation under test, as the feature's contract sees it (its `…ContractSubject`).
    associatedtype Subject: Sendable
    init(subject: Subject)
    /// Which kind of failure `error` is; `nil` when it is none of them (a storage failure, a bug).
    func classify(_ error: any Error) -> ContractErrorKind?
}

/// A broken rule: which scenario, what was wrong, and where the failing check is in the contract's source.
public struct ContractViolation: Error, CustomStringConvertible, Equatable {
    public let scenario: String
    public let message: String
    /// The `#fileID` of the check, or "" for an error nobody checked for.
    public let file: String
    public let line: UInt

    public init(scenario: String, message: String, file: String, line: UInt) {
        self.scenario = scenario
        self.message = message
        self.file = file
        self.line = line
    }

    public var description: String { "\(scenario): \(message)" + (file.isEmpty ? "" : " (\(file):\(line))") }
}

/// One behaviour, checked against a fresh subject. Framework-free: `run(on:)` throws a ``ContractViolation`` when the
/// subject breaks the rule, so any test framework can run it (`@Test(arguments: XContract.scenarios)`).
public struct ContractScenario<Probe: ContractProbe>: Sendable, CustomStringConvertible {
    public let name: String
    private let body: @Sendable (Probe) async throws -> Void

    public init(_ name: String, _ body: @escaping @Sendable (Probe) async throws -> Void) {
        self.name = name
        self.body = body
    }

    public var description: String { name }

    /// Runs the scenario on `subject`.
    /// - Throws: ``ContractViolation`` when the subject breaks the contract; an error the scenario did not expect is
    ///   a violation too, naming the kind the subject classified it as.
    public func run(on subject: Probe.Subject) async throws {
        let probe = Probe(subject: subject)
        do {
            try await body(probe)
        } catch let violation as ContractViolation {
            throw ContractViolation(
                scenario: name, message: violation.message, file: violation.file, line: violation.line)
        } catch {
            let kind = probe.classify(error)?.rawValue ?? "unclassified"
            throw ContractViolation(scenario: name, message: "unexpected \(kind) error: \(error)", file: "", line: 0)
        }
    }
}

extension ContractProbe {
    /// Fails the scenario with `message` unless `condition` holds.
    public func check(
        _ condition: Bool, _ message: @autoclosure () -> String, file: String = #fileID, line: UInt = #line
    ) throws {
        guard condition else { throw ContractViolation(scenario: "", message: message(), file: file, line: line) }
    }

    /// Fails the scenario unless `actual` is `expected`; `what` names the value in the message.
    public func equal<T: Equatable>(
        _ actual: T, _ expected: T, _ what: String, file: String = #fileID, line: UInt = #line
    ) throws {
        try check(actual == expected, "\(what): expected \(expected), got \(actual)", file: file, line: line)
    }

    /// Runs `body` and fails the scenario unless it throws an error the subject classifies as `kind`.
    public func fails<T>(
        _ kind: ContractErrorKind, _ what: String, file: String = #fileID, line: UInt = #line,
        _ body: () async throws -> T
    ) async throws {
        let value: T
        do {
            value = try await body()
        } catch {
            let actual = classify(error)
            try check(
                actual == kind, "\(what): expected \(kind), got \(actual?.rawValue ?? "unclassified") error \(error)",
                file: file, line: line)
            return
        }
        throw ContractViolation(
            scenario: "", message: "\(what): expected \(kind), but it succeeded with \(value)", file: file, line: line)
    }
}
