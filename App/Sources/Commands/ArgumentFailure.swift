import Adapters
import ArgumentParser

/// Presents what the parser refused. Help and version go to stdout with exit 0. A bad VALUE for an
/// option (an unknown `--sort` word, `--limit abc`) is invalid input, exit 4, like a bad date; anything
/// else the parser rejects (an unknown flag, a missing or extra argument, conflicting flags) is usage,
/// exit 64. Either way it is one line on stderr.
enum ArgumentFailure {
    static func report(_ error: any Error, to context: ProcessContext) -> Int32 {
        if Stint.exitCode(for: error) == .success {
            context.output.write(Stint.fullMessage(for: error) + "\n")
            return StintExit.ok.rawValue
        }
        let full = Stint.message(for: error)
        let first = full.split(separator: "\n").first.map(String.init) ?? "invalid usage"
        if let invalid = invalidValue(in: first) {
            context.errorOutput.write("stint: \(ErrorPresenter.safeLine(invalid))\n")
            return StintExit.invalidInput.rawValue
        }
        context.errorOutput.write("stint: \(ErrorPresenter.safeLine(withoutErrorPrefix(first))) (see 'stint --help')\n")
        return StintExit.usage.rawValue
    }

    /// The parser words a refused value as "The value 'x' is invalid for '--sort <sort>'. Please provide
    /// one of …" (swift-argument-parser 1.8; CommandsTests pin it). Our line names the option and, for a
    /// closed set, its values the way the help lists them.
    static func invalidValue(in message: String) -> String? {
        let text = withoutErrorPrefix(message)
        guard let match = text.firstMatch(of: /^The value '(.*)' is invalid for '(-{1,2}[A-Za-z0-9-]+)/) else {
            return nil
        }
        let value = String(match.output.1.prefix(40))
        let option = String(match.output.2)
        if let values = closedSets[option] {
            return "unknown \(option) value '\(value)': use \(sentence(values))"
        }
        return "'\(value)' is not a valid \(option) value"
    }

    /// The closed sets by the option names that take them.
    static let closedSets: [String: [String]] = [
        "--status": TaskStatusOption.allCases.map(\.rawValue),
        "--sort": TaskSortOption.allCases.map(\.rawValue),
        "--priority": PriorityOption.allCases.map(\.rawValue),
        "-P": PriorityOption.allCases.map(\.rawValue),
        "--by": ReportGroupingOption.allCases.map(\.rawValue),
        "--format": ReportFormatOption.allCases.map(\.rawValue),
        "-f": ReportFormatOption.allCases.map(\.rawValue),
        "--take": ConflictSideOption.allCases.map(\.rawValue),
    ]

    static func sentence(_ words: [String]) -> String {
        guard words.count > 1 else { return words.first ?? "" }
        return words.dropLast().joined(separator: ", ") + " or " + (words.last ?? "")
    }

    static func withoutErrorPrefix(_ text: String) -> String {
        text.hasPrefix("Error: ") ? String(text.dropFirst(7)) : text
    }
}

extension TaskStatusOption: ExpressibleByArgument {
    public init?(argument: String) { self.init(parsing: argument) }
}

extension TaskSortOption: ExpressibleByArgument {
    public init?(argument: String) { self.init(parsing: argument) }
}

extension PriorityOption: ExpressibleByArgument {
    public init?(argument: String) { self.init(parsing: argument) }
}

extension ReportGroupingOption: ExpressibleByArgument {
    public init?(argument: String) { self.init(parsing: argument) }
}

extension ReportFormatOption: ExpressibleByArgument {
    public init?(argument: String) { self.init(parsing: argument) }
}

extension ConflictSideOption: ExpressibleByArgument {
    public init?(argument: String) { self.init(parsing: argument) }
}

extension ReportPeriodOption: EnumerableFlag {
    public static func help(for value: ReportPeriodOption) -> ArgumentHelp? {
        switch value {
        case .today: "Today."
        case .week: "This week, Monday to Sunday (the default)."
        case .month: "This calendar month."
        case .year: "This calendar year."
        }
    }
}
