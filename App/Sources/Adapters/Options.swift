import Entities

// The closed sets of option values the command line offers. They are declared here, once, with the
// spellings people type (`rawValue`, listed by `--help` and completed by the shell scripts) and the
// aliases they are forgiven; the Commands target makes them `ExpressibleByArgument`, and the
// coordinator maps them to each feature's own types. A value outside a set is refused by the parser
// before any work starts (exit 4, see docs/adr/0005).

/// Reads a typed word into a case: the canonical spelling or an alias, in any case.
public protocol OptionValue: RawRepresentable, CaseIterable, Sendable, Equatable where RawValue == String {
    /// Extra spellings accepted for a case (never listed in help).
    static var aliases: [String: Self] { get }
    /// The case `text` names, or nil.
    init?(parsing text: String)
}

extension OptionValue {
    public static var aliases: [String: Self] { [:] }

    /// The case `text` names, or nil; surrounding spaces and letter case do not matter.
    public init?(parsing text: String) {
        let word = text.trimmingWhitespace().lowercased()
        guard word.utf8.count <= 32 else { return nil }
        if let value = Self(rawValue: word) ?? Self.aliases[word] {
            self = value
        } else {
            return nil
        }
    }
}

/// `task list --status`.
public enum TaskStatusOption: String, OptionValue {
    case active
    case open
    case inProgress = "in-progress"
    case done
    case all

    public static let aliases: [String: TaskStatusOption] = [
        "todo": .open, "inprogress": .inProgress, "started": .inProgress, "doing": .inProgress,
        "completed": .done, "any": .all,
    ]
}

/// `task list --sort`.
public enum TaskSortOption: String, OptionValue {
    case priority, due, created, updated, title, number

    public static let aliases: [String: TaskSortOption] = ["id": .number]
}

/// `--priority` on `task add`, `task edit` and `task list`.
public enum PriorityOption: String, OptionValue {
    case none, low, medium, high

    /// The Entities' own spellings (`l`, `m`, `h`, `0`–`3`, `med`) are the aliases.
    public init?(parsing text: String) {
        guard let priority = try? Priority.parse(text) else { return nil }
        switch priority {
        case .none: self = .none
        case .low: self = .low
        case .medium: self = .medium
        case .high: self = .high
        }
    }
}

/// `report --by`.
public enum ReportGroupingOption: String, OptionValue {
    case project, task, day, week, tag

    public static let aliases: [String: ReportGroupingOption] = [
        "projects": .project, "tasks": .task, "days": .day, "weeks": .week, "tags": .tag,
    ]
}

/// `report --format` and `entries --format`: what to print (`json` is the same as `--json`).
public enum ReportFormatOption: String, OptionValue {
    case table, csv, json
}

/// `report --today | --week | --month | --year`.
public enum ReportPeriodOption: String, OptionValue {
    case today, week, month, year
}

/// `--color`, on every command: when to colour (ADR 0009). The flag beats `NO_COLOR`, `FORCE_COLOR` and the
/// config file; `auto` leaves the choice to them and the terminal.
public enum ColorOption: String, OptionValue {
    case auto, always, never

    public static let aliases: [String: Self] = ["yes": .always, "on": .always, "no": .never, "off": .never]
}

/// `stint sync conflicts resolve --take`: which value of a conflicting field should hold.
public enum ConflictSideOption: String, OptionValue {
    case mine, theirs

    public static let aliases: [String: Self] = ["ours": .mine, "local": .mine, "server": .theirs, "remote": .theirs]
}

/// `stint import --from`: whose file it is.
public enum ImportSourceOption: String, OptionValue {
    case stint, taskwarrior, timewarrior, watson

    public static var aliases: [String: ImportSourceOption] {
        ["task": .taskwarrior, "tw": .taskwarrior, "timew": .timewarrior]
    }

    /// The tool's name in messages.
    public var toolName: String {
        switch self {
        case .stint: "Stint"
        case .taskwarrior: "Taskwarrior"
        case .timewarrior: "Timewarrior"
        case .watson: "Watson"
        }
    }
}
