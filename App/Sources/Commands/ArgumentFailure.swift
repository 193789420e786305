import Adapters
import ArgumentParser

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Presents what the parser refused. Help and version go to stdout with exit 0. A bad VALUE for an
/// option (an unknown `--sort` word, `--limit abc`) is invalid input, exit 4, like a bad date; anything
/// else the parser rejects (an unknown flag or command, a missing or extra argument, conflicting flags) is
/// usage, exit 64, and points at the help of the command that was typed. Either way it is one line on
/// stderr. A mistyped command gets the nearest one suggested, as git does.
enum ArgumentFailure {
    static func report(_ error: any Error, arguments: [String], to context: ProcessContext) -> Int32 {
        if Stint.exitCode(for: error) == .success {
            // Help, the version, a completion script, or the candidates of a TAB (none: nothing at all).
            var text = Stint.fullMessage(for: error)
            if HelpLayout.isHelp(text, arguments: arguments) { text = HelpLayout.fitted(text, width: HelpLayout.width) }
            if !text.isEmpty { context.output.write(text + "\n") }
            return StintExit.ok.rawValue
        }
        let full = Stint.message(for: error)
        let first = full.split(separator: "\n").first.map(String.init) ?? "invalid usage"
        if let invalid = invalidValue(in: first) {
            context.errorOutput.write("stint: \(ErrorPresenter.safeLine(invalid))\n")
            return StintExit.invalidInput.rawValue
        }
        let typed = CommandPath(arguments)
        let line: String
        if let misplaced = GlobalOptionsFirst(arguments) {
            line = misplaced.line
        } else if let word = typed.unknownWord, unexpected(word, in: first) {
            line = typed.unknownCommandLine(word)
        } else if let missing = missingArgument(in: first) {
            line = "missing \(missing); see '\(typed.helpCommand)'"
        } else if let (later, earlier) = twoOfOneChoice(in: first) {
            line = "\(earlier) and \(later) cannot be used together: choose one (see '\(typed.helpCommand)')"
        } else {
            line = "\(withoutErrorPrefix(first)) (see '\(typed.helpCommand)')"
        }
        context.errorOutput.write("stint: \(ErrorPresenter.safeLine(line))\n")
        return StintExit.usage.rawValue
    }

    /// `stint help tsk`: the parser shows the nearest command's help and succeeds; we say what was not found.
    static func unknownHelpTopic(_ arguments: [String], to context: ProcessContext) -> Int32? {
        guard arguments.first == "help" else { return nil }
        let typed = CommandPath(Array(arguments.dropFirst()))
        guard let word = typed.unknownWord else { return nil }
        context.errorOutput.write("stint: \(ErrorPresenter.safeLine(typed.unknownCommandLine(word)))\n")
        return StintExit.usage.rawValue
    }

    /// Whether the parser's line is about `word` being one argument too many ("Unexpected argument 'tsk'",
    /// "2 unexpected arguments: 'tsk', 'list'"): only then is the word a command that was not found.
    static func unexpected(_ word: String, in message: String) -> Bool {
        let text = withoutErrorPrefix(message)
        guard text.lowercased().contains("unexpected argument") else { return false }
        return text.contains("'\(word)'")
    }

    /// `<task>` from "Missing expected argument '<task>'" (and whatever the command added after it, such as
    /// `stint log`'s example; the parser's " ..." after a repeatable one left out), or nil for any other line.
    static func missingArgument(in message: String) -> String? {
        let text = withoutErrorPrefix(message)
        guard let match = text.firstMatch(of: /^Missing expected argument '([^']{1,60}?)(?: \.\.\.)?'(.*)$/) else {
            return nil
        }
        return String(match.output.1) + String(match.output.2)
    }

    /// `("--month", "--week")` from the parser's "Value to be set with flag '--month' had already been set with flag
    /// '--week'" (two flags of one choice, such as a report's period), or nil for any other line.
    static func twoOfOneChoice(in message: String) -> (String, String)? {
        let text = withoutErrorPrefix(message)
        let pattern =
            /^Value to be set with flag '(-{1,2}[A-Za-z0-9-]+)' had already been set with flag '(-{1,2}[A-Za-z0-9-]+)'/
        guard let match = text.firstMatch(of: pattern) else { return nil }
        return (String(match.output.1), String(match.output.2))
    }

    /// The parser words a refused value as "The value 'x' is invalid for '--sort <sort>'. Please provide
    /// one of …" (swift-argument-parser 1.8; CommandsTests pin it). Our line names the option and, for a
    /// closed set, its values the way the help lists them.
    static func invalidValue(in message: String) -> String? {
        let text = withoutErrorPrefix(message)
        guard let match = text.firstMatch(of: /^The value '(.*)' is invalid for '(-{1,2}[A-Za-z0-9-]+)/) else {
            return nil
        }
        // Cut like every text Stint shortens: with "…", so nobody takes the excerpt for what was typed.
        let typed = match.output.1
        let value = typed.count > 40 ? String(typed.prefix(39)) + "…" : String(typed)
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
        "--color": ColorOption.allCases.map(\.rawValue),
        "--priority": PriorityOption.allCases.map(\.rawValue),
        "-P": PriorityOption.allCases.map(\.rawValue),
        "--by": ReportGroupingOption.allCases.map(\.rawValue),
        "--format": ReportFormatOption.allCases.map(\.rawValue),
        "-f": ReportFormatOption.allCases.map(\.rawValue),
        "--take": ConflictSideOption.allCases.map(\.rawValue),
    ]

    static func sentence(_ words: [String]) -> String {
        guard words.count > 1 else { return words.first ?? "" }
        return Array(words.dropLast()).joined(with: ", ") + " or " + (words.last ?? "")
    }

    static func withoutErrorPrefix(_ text: String) -> String {
        text.hasPrefix("Error: ") ? String(text.dropFirst(7)) : text
    }
}

/// The last touch on `--help`. The parser wraps the prose of help (paragraphs, options' help) to the width, but
/// writes its usage line, which grows with every option, and a few fixed lines whole; past the width a terminal
/// would cut them anywhere. Those lines are wrapped here, between whole `[--option <value>]` groups, with the
/// usage's continuation lines under its first word as the parser indents them.
enum HelpLayout {
    /// The width the parser wrapped to: `COLUMNS`, else the terminal's, else 80 (swift-argument-parser's rule).
    static var width: Int {
        if let text = getenv("COLUMNS"), let columns = Int(String(cString: text)), columns > 0 { return columns }
        var size = winsize()
        if ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 { return Int(size.ws_col) }
        return 80
    }

    /// Whether `text` is help, not a completion script, a TAB's candidates or the JSON of `--experimental-dump-help`.
    static func isHelp(_ text: String, arguments: [String]) -> Bool {
        guard text.hasPrefix("OVERVIEW: ") || text.hasPrefix("USAGE: ") else { return false }
        return arguments.first != "---completion"
            && !arguments.contains { $0.hasPrefix("--generate-completion-script") || $0 == "--experimental-dump-help" }
    }

    /// `text` with every line wider than `width` wrapped.
    static func fitted(_ text: String, width: Int) -> String {
        guard width >= 20 else { return text }
        return text.split(separator: "\n", omittingEmptySubsequences: false).map { line -> String in
            guard line.count > width else { return String(line) }
            let usage = line.hasPrefix("USAGE: ")
            let indent = usage ? 7 : line.prefix { $0 == " " }.count
            var lines: [String] = []
            var current = String(line.prefix(indent))
            for word in words(of: line.dropFirst(indent), keepingGroups: usage) {
                if current.count > indent, current.count + 1 + word.count > width {
                    lines.append(current)
                    current = String(repeating: " ", count: indent)
                } else if current.count > indent {
                    current += " "
                }
                current += word
            }
            lines.append(current)
            return lines.joined(with: "\n")
        }.joined(with: "\n")
    }

    /// The words of `text`; with `keepingGroups`, a bracketed `[--note <note>]` counts as one.
    private static func words(of text: Substring, keepingGroups: Bool) -> [String] {
        var words: [String] = []
        var current = ""
        var depth = 0
        for character in text {
            if character == " ", depth == 0 {
                if !current.isEmpty { words.append(current) }
                current = ""
                continue
            }
            if keepingGroups, character == "[" || character == "<" { depth += 1 }
            if keepingGroups, character == "]" || character == ">" { depth = max(0, depth - 1) }
            current.append(character)
        }
        if !current.isEmpty { words.append(current) }
        return words
    }
}

/// `stint --json task list`: global options typed before the command. Every command takes them, but after its name;
/// before it they belong to the dashboard, which then finds the command's words one too many ("2 unexpected
/// arguments: 'task', 'list'"). The line says where they go and shows the command line with them moved there.
struct GlobalOptionsFirst {
    /// The global options as typed, values included (`--color never`), and the command line without them.
    let options: [String]
    let rest: [String]

    /// The long global options; `--color` takes a value (also written `--color=never`).
    private static let flags: Set<String> = ["--json", "--quiet", "--verbose"]
    private static let shortFlags: Set<Character> = ["q", "v"]

    /// Nil unless `arguments` begin with global options followed by the name of a command.
    init?(_ arguments: [String]) {
        var options: [String] = []
        var index = 0
        while index < arguments.count {
            let word = arguments[index]
            if Self.flags.contains(word) || word.hasPrefix("--color=") || Self.isShortFlags(word) {
                options.append(word)
                index += 1
            } else if word == "--color", index + 1 < arguments.count {
                options += [word, arguments[index + 1]]
                index += 2
            } else {
                break
            }
        }
        let rest = Array(arguments[index...])
        guard !options.isEmpty, let command = rest.first, StintRuntime.commandNames.contains(command),
            command != "help"
        else { return nil }
        self.options = options
        self.rest = rest
    }

    /// `-q`, `-v`, `-qv`: short flags, alone or together.
    private static func isShortFlags(_ word: String) -> Bool {
        word.count >= 2 && word.first == "-" && word.dropFirst().allSatisfy(shortFlags.contains)
    }

    /// The longest command line the advice spells out; a longer one is shown as its command and "…".
    static let shownLimit = 100

    /// `--json goes after the command: stint task list --json`.
    var line: String {
        // The options by name (`--color`, not its value): "--json goes", "--json and -q go".
        let named = options.filter { $0.hasPrefix("-") }
        let subject =
            named.count == 1
            ? "\(named[0]) goes" : named.dropLast().joined(with: ", ") + " and \(named[named.count - 1]) go"
        // Before a `--`, after which every word is an argument.
        let end = rest.firstIndex(of: "--") ?? rest.endIndex
        let moved = rest[..<end] + options + rest[end...]
        var shown = (["stint"] + moved.map(Self.shellWord)).joined(with: " ")
        if shown.count > Self.shownLimit {
            let command = CommandPath(rest)
            shown = (["stint"] + command.names + ["…"] + options.map(Self.shellWord)).joined(with: " ")
        }
        return "\(subject) after the command: \(shown)"
    }

    /// `word` as a shell reads it back: as it is when it is plain, else in single quotes.
    static func shellWord(_ word: String) -> String {
        let plain =
            !word.isEmpty
            && word.unicodeScalars.allSatisfy { scalar in
                scalar.properties.isAlphabetic || scalar.properties.numericType != nil
                    || "-_./:=+,@%".unicodeScalars.contains(scalar)
            }
        return plain ? word : "'" + word.replacing("'", with: #"'\''"#) + "'"
    }
}

/// The commands named at the start of a command line (`task done` in `stint task done --force`), found the way
/// the parser finds them, and the first word after them that names no command where one was expected.
struct CommandPath {
    /// The commands, as typed (an alias stays an alias).
    private(set) var names: [String] = []
    private(set) var command: any ParsableCommand.Type = Stint.self
    /// A word where a subcommand belongs that is none of them (`tsk` in `stint tsk list`).
    private(set) var unknownWord: String?

    init(_ arguments: [String]) {
        for word in arguments {
            if word.hasPrefix("-") { break }
            let subcommands = command.configuration.subcommands
            guard !subcommands.isEmpty else { break }
            guard let next = subcommands.first(where: { Self.words(of: $0).contains(word) }) else {
                unknownWord = word
                break
            }
            names.append(word)
            command = next
        }
    }

    /// The help of the command that was typed; a group's default subcommand when the line stops at the group,
    /// since that is the command that ran (`stint task` is `stint task list`), but `stint --help` for a line
    /// that names no command at all.
    var helpCommand: String {
        var path = names
        if !names.isEmpty, unknownWord == nil, let fallback = command.configuration.defaultSubcommand {
            path.append(fallback.configuration.commandName ?? "")
        }
        return (["stint"] + path).joined(with: " ") + " --help"
    }

    /// `unknown command 'task lst'. Did you mean 'task list'?`, or a pointer to the help without a guess.
    func unknownCommandLine(_ word: String) -> String {
        let shown = (names + [String(word.prefix(40))]).joined(with: " ")
        let candidates =
            command.configuration.subcommands.map(Self.words(of:))
            + (names.isEmpty ? [["help"]] : [])
        guard let nearest = Self.nearest(to: word, among: candidates) else {
            return "unknown command '\(shown)' (see '\((["stint"] + names).joined(with: " ")) --help')"
        }
        return "unknown command '\(shown)'. Did you mean '\((names + [nearest]).joined(with: " "))'?"
    }

    /// A command's name and then its aliases.
    private static func words(of command: any ParsableCommand.Type) -> [String] {
        let configuration = command.configuration
        return [configuration.commandName ?? ""] + configuration.aliases
    }

    /// The command (by its name, even when an alias is what came closest) within two edits of `word`, or the
    /// only one `word` begins; nil when none is close enough to be the one meant.
    static func nearest(to word: String, among commands: [[String]]) -> String? {
        let typed = Array(word.lowercased().prefix(40))
        let allowed = typed.count <= 3 ? 1 : 2
        var best: (name: String, distance: Int)?
        for spellings in commands {
            guard let name = spellings.first else { continue }
            for spelling in spellings {
                let distance = editDistance(typed, Array(spelling))
                if distance <= allowed, distance < (best?.distance ?? .max) { best = (name, distance) }
            }
        }
        if let best { return best.name }
        let starting = commands.compactMap(\.first).filter { typed.count >= 2 && $0.hasPrefix(String(typed)) }
        return starting.count == 1 ? starting[0] : nil
    }

    /// Optimal string alignment distance: insertions, deletions, substitutions and swaps of neighbours each
    /// count one, so `tsak` is one edit from `task`.
    static func editDistance(_ a: [Character], _ b: [Character]) -> Int {
        guard !a.isEmpty else { return b.count }
        guard !b.isEmpty else { return a.count }
        var before = [Int](repeating: 0, count: b.count + 1)
        var previous = Array(0...b.count)
        var current = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    current[j] = min(current[j], before[j - 2] + 1)
                }
            }
            (before, previous, current) = (previous, current, before)
        }
        return previous[b.count]
    }
}

// The closed sets list their values in `--help` ("(values: active, open, …)") and in the completion scripts,
// spelled as they are typed; the aliases each set forgives are left out of both.

extension TaskStatusOption: ExpressibleByArgument {
    public init?(argument: String) { self.init(parsing: argument) }
    public static var allValueStrings: [String] { allCases.map(\.rawValue) }
}

extension TaskSortOption: ExpressibleByArgument {
    public init?(argument: String) { self.init(parsing: argument) }
    public static var allValueStrings: [String] { allCases.map(\.rawValue) }
}

extension ImportSourceOption: ExpressibleByArgument {
    public init?(argument: String) { self.init(parsing: argument) }
    public static var allValueStrings: [String] { allCases.map(\.rawValue) }
}

extension PriorityOption: ExpressibleByArgument {
    public init?(argument: String) { self.init(parsing: argument) }
    public static var allValueStrings: [String] { allCases.map(\.rawValue) }
}

extension ReportGroupingOption: ExpressibleByArgument {
    public init?(argument: String) { self.init(parsing: argument) }
    public static var allValueStrings: [String] { allCases.map(\.rawValue) }
}

extension ReportFormatOption: ExpressibleByArgument {
    public init?(argument: String) { self.init(parsing: argument) }
    public static var allValueStrings: [String] { allCases.map(\.rawValue) }
}

extension ConflictSideOption: ExpressibleByArgument {
    public init?(argument: String) { self.init(parsing: argument) }
    public static var allValueStrings: [String] { allCases.map(\.rawValue) }
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
