import Entities
import Foundation
import TerminalUI
import Workers

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A setting the config file holds, named the way `stint config get|set` names it: `week_start`, `color`,
/// `report.period`, `report.by`, `log.start`, `alias.NAME`, `filter.NAME`. (`auto-sync` is not one: it stays in the
/// database, ADR 0027.)
public enum ConfigKey: Hashable, Sendable {
    case weekStart, color, reportPeriod, reportGrouping, logStart
    /// `[alias] NAME = "command words"`.
    case alias(String)
    /// `[filter] NAME = "task list options"`: a saved filter, `stint task list @NAME` (ADR 0030).
    case filter(String)

    /// Every key but the aliases, in the order `stint config` lists them.
    static let fixed: [ConfigKey] = [.weekStart, .color, .reportPeriod, .reportGrouping, .logStart]
    /// The tables a file may have.
    static let tables = ["report", "log", "alias", "filter"]

    /// The table the key lives in; empty for the top of the file.
    var table: String {
        switch self {
        case .weekStart, .color: ""
        case .reportPeriod, .reportGrouping: "report"
        case .logStart: "log"
        case .alias: "alias"
        case .filter: "filter"
        }
    }

    /// The key inside its table.
    var name: String {
        switch self {
        case .weekStart: "week_start"
        case .color: "color"
        case .reportPeriod: "period"
        case .reportGrouping: "by"
        case .logStart: "start"
        case .alias(let name), .filter(let name): name
        }
    }

    /// `week_start`, `report.period`, `alias.d`.
    public var dotted: String { table.isEmpty ? name : "\(table).\(name)" }

    /// The field of `stint config --json` (aliases are one object, `aliases`).
    var jsonName: String {
        switch self {
        case .weekStart: "week_start"
        case .color: "color"
        case .reportPeriod: "report_period"
        case .reportGrouping: "report_by"
        case .logStart: "log_start"
        case .alias: "aliases"
        case .filter: "filters"
        }
    }

    /// The key a file line names, from its table and its (possibly dotted) key; nil for an unknown key.
    static func at(_ path: [String]) -> ConfigKey? {
        switch path.count {
        case 1: return fixed.first { $0.table.isEmpty && $0.name == path[0] }
        case 2 where path[0] == "alias": return .alias(path[1])
        case 2 where path[0] == "filter": return .filter(path[1])
        case 2: return fixed.first { $0.table == path[0] && $0.name == path[1] }
        default: return nil
        }
    }

    /// The setting a person typed after `stint config get|set`: any case, `-` for `_` (`week-start`), `colour`; an
    /// alias's own name keeps its case (`alias.D`). Nil when it names nothing the file holds.
    public init?(typed: String) {
        let text = typed.trimmingWhitespace()
        guard text.utf8.count <= 80 else { return nil }
        if text.lowercased().hasPrefix("alias.") {
            let name = String(text.dropFirst("alias.".count))
            guard !name.isEmpty else { return nil }
            self = .alias(name)
            return
        }
        if text.lowercased().hasPrefix("filter.") {
            let name = String(text.dropFirst("filter.".count))
            guard !name.isEmpty else { return nil }
            self = .filter(name)
            return
        }
        let word = text.lowercased().replacingOccurrences(of: "-", with: "_")
        let path = word == "colour" ? ["color"] : word.split(separator: ".").map(String.init)
        guard let key = ConfigKey.at(path.count == 2 && path[1] == "grouping" ? [path[0], "by"] : path) else {
            return nil
        }
        self = key
    }
}

/// A command alias of the config file: `ls = "task list --status open"`.
public struct ConfigAlias: Sendable, Hashable {
    public let name: String
    /// As written in the file.
    public let text: String
    /// What replaces the alias's name on the command line.
    public let words: [String]
}

/// What the config file says, read once per run (``ConfigFile/load(environment:commands:)``); every default
/// applies when the file is absent.
public struct StintConfig: Sendable {
    /// Where the file is (or would be).
    public var path: String
    /// Whether there was a file.
    public var exists = false
    /// `week_start`: the day weeks begin on.
    public var weekStart: Weekday = .monday
    /// `color`: the lowest-precedence colour choice (``applyingColor(to:environment:)``); nil when not set.
    public var color: ColorChoice?
    /// `[report] period`: the period `stint report` covers without a period flag.
    public var reportPeriod: ReportPeriodOption?
    /// `[report] by`: the grouping `stint report` uses without `--by`.
    public var reportGrouping: ReportGroupingOption?
    /// `[log] start`: the `--start` that `stint log DURATION` assumes when none is typed; nil is `"now"` (today's
    /// entry ends now, another day's begins at 09:00).
    public var logStart: TimeOfDay?
    /// `[alias]`, in the order of the file.
    public var aliases: [ConfigAlias] = []
    /// `[filter]`: saved `task list` filters, in the order of the file (the words are the options).
    public var filters: [ConfigAlias] = []
    /// The keys the file sets, in the order of the file (for `stint config list`).
    public var setKeys: [ConfigKey] = []

    public init(path: String = "") {
        self.path = path
    }

    /// The command line with an alias in first place replaced by its words, like git: only the first word, and
    /// never again (an alias's first word is a built-in command, which the file's check guarantees).
    public func expandingAlias(_ arguments: [String]) -> [String] {
        guard !aliases.isEmpty, let first = arguments.first, let alias = aliases.first(where: { $0.name == first })
        else { return arguments }
        return alias.words + arguments.dropFirst()
    }

    /// `stint task list @NAME …` (or `task ls`, or `task @NAME`) with the saved filter's options in place of
    /// `@NAME`; what is typed after it comes later, so it wins over the filter's own value of an option.
    /// - Throws: notFound naming the filter when the file has none of that name.
    public func expandingSavedFilter(_ arguments: [String]) throws(WorkerError) -> [String] {
        guard arguments.count >= 2, arguments[0] == "task",
            let at = arguments.firstIndex(where: { $0.hasPrefix("@") && $0.count > 1 })
        else { return arguments }
        let listed = ["list", "ls"].contains(arguments[1])
        guard listed || at == 1 else { return arguments }
        let name = String(arguments[at].dropFirst())
        guard let filter = filters.first(where: { $0.name == name }) else {
            let known = filters.isEmpty ? "" : " (saved: \(filters.map { "@" + $0.name }.joined(with: ", ")))"
            throw WorkerError(
                .notFound,
                "there is no saved filter @\(DisplayText.excerpt(name))\(known): save one with "
                    + "stint task list OPTIONS --save \(DisplayText.excerpt(name))")
        }
        var expanded = Array(arguments[..<at])
        if !listed { expanded.append("list") }
        return expanded + filter.words + arguments[(at + 1)...]
    }

    /// `style` with the file's `color`, which speaks only where nothing more specific did: `NO_COLOR` and
    /// `FORCE_COLOR` beat it, and `--color` is applied after it (ADR 0009).
    public func applyingColor(to style: TerminalStyle, environment: [String: String]) -> TerminalStyle {
        guard let color, color != .auto else { return style }
        var style = style
        if !(environment["NO_COLOR"] ?? "").isEmpty {
            style.useColor = false
        } else if !(environment["FORCE_COLOR"] ?? "").isEmpty {
            style.useColor = true
        } else {
            style.useColor = color == .always
        }
        return style
    }

    /// The value in force for `key`, as `stint config get` prints it (defaults included); nil for an alias that is
    /// not defined.
    public func value(of key: ConfigKey) -> String? {
        switch key {
        case .weekStart: weekStart.name
        case .color: (color ?? .auto).rawValue
        case .reportPeriod: (reportPeriod ?? .week).rawValue
        case .reportGrouping: (reportGrouping ?? .project).rawValue
        case .logStart: logStart?.description ?? "now"
        case .alias(let name): aliases.first { $0.name == name }?.text
        case .filter(let name): filters.first { $0.name == name }?.text
        }
    }
}

/// Finding, reading, checking and rewriting the config file (ADR 0027).
///
/// It lives next to the credentials: `$STINT_HOME/config.toml` when STINT_HOME is set, else
/// `$XDG_CONFIG_HOME/stint/config.toml`, else `~/.config/stint/config.toml`. Reading it costs one failed `open`
/// when there is none. A file that is not right stops every command with one line naming the file and the line
/// (exit 4), except `--help` and `--version`.
public enum ConfigFile {
    /// Far more than any real config; a larger file is surely not one.
    static let maximumBytes = 64 << 10

    /// Where the file is: in the folder of ``AppEnvironment/configDirectory(_:)``.
    public static func path(environment: [String: String]) -> String {
        AppEnvironment.folder(AppEnvironment.configDirectory(environment), "config.toml")
    }

    /// The path as messages show it: `~/…` under the home folder, control characters escaped.
    public static func shown(_ path: String, environment: [String: String]) -> String {
        var text = path
        if let home = environment["HOME"], home.count > 1, path.hasPrefix(home.hasSuffix("/") ? home : home + "/") {
            // A String, not the Substring: `String + Substring` took the unspecialized generic append, whose first
            // use costs a scan of every protocol conformance in the executable.
            text = "~/" + String(path.dropFirst(home.hasSuffix("/") ? home.count : home.count + 1))
        }
        return DisplayText.escaped(text)
    }

    /// Reads the file of this environment. No file is every default.
    /// - Parameter commands: the names of the built-in commands, asked for only when there is a file (aliases may
    ///   not hide one and must run one).
    /// - Throws: `WorkerError` `.invalidInput` naming the file and the line for anything the file gets wrong, and
    ///   for a file that cannot be read.
    public static func load(
        environment: [String: String], commands: () -> Set<String>
    ) throws(WorkerError) -> StintConfig {
        let path = path(environment: environment)
        guard let text = try contents(of: path, shown: shown(path, environment: environment)) else {
            return StintConfig(path: path)
        }
        do {
            return try parse(text, path: path, commands: commands())
        } catch {
            throw WorkerError(.invalidInput, message(error, shown: shown(path, environment: environment)))
        }
    }

    /// `~/.config/stint/config.toml line 3: unknown key "wek_start"`.
    static func message(_ problem: TOMLSubset.Problem, shown: String) -> String {
        problem.line > 0 ? "\(shown) line \(problem.line): \(problem.message)" : "\(shown): \(problem.message)"
    }

    /// The file's text, or nil when there is none. One `open` when it is absent.
    /// - Parameter shown: the path as errors show it, worked out only for an error.
    static func contents(of path: String, shown: @autoclosure () -> String) throws(WorkerError) -> String? {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else {
            let code = errno
            if code == ENOENT || code == ENOTDIR { return nil }
            throw WorkerError(
                .invalidInput, "cannot read \(shown()): \(FileAccess.reason(code))")
        }
        defer { close(descriptor) }
        var info = stat()
        if fstat(descriptor, &info) == 0, (info.st_mode & S_IFMT) == S_IFDIR {
            throw WorkerError(
                .invalidInput, "\(shown()) is a folder: the config file is a text file")
        }
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count == 0 { break }
            if count < 0 {
                if errno == EINTR { continue }
                throw WorkerError(
                    .invalidInput, "cannot read \(shown()): \(FileAccess.reason(errno))")
            }
            bytes.append(contentsOf: buffer[0..<count])
            guard bytes.count <= maximumBytes else {
                throw WorkerError(
                    .invalidInput,
                    "\(shown()) is larger than 64 KiB: it is not a stint config file")
            }
        }
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { bytes.removeFirst(3) }
        guard let text = String(validating: bytes, as: UTF8.self) else {
            let bad = firstInvalidLine(bytes) ?? 1
            throw WorkerError(
                .invalidInput, "\(shown()) line \(bad): the file is not UTF-8 text")
        }
        return text
    }

    /// The line of the first byte that is not UTF-8.
    private static func firstInvalidLine(_ bytes: [UInt8]) -> Int? {
        var line = 1
        var start = 0
        for index in bytes.indices where bytes[index] == 10 || index == bytes.count - 1 {
            let end = bytes[index] == 10 ? index : index + 1
            if String(validating: bytes[start..<end], as: UTF8.self) == nil { return line }
            line += 1
            start = index + 1
        }
        return nil
    }

    // MARK: Reading

    /// The settings `text` holds.
    /// - Throws: the first line that is not in the TOML subset, names a table or key that does not exist, sets a
    ///   key twice, or gives a key a value it cannot take.
    static func parse(_ text: String, path: String, commands: Set<String>) throws(TOMLSubset.Problem) -> StintConfig {
        var config = StintConfig(path: path)
        config.exists = true
        var table: [String] = []
        var tableLines: [String: Int] = [:]
        var keyLines: [ConfigKey: Int] = [:]
        var number = 0
        for line in TOMLSubset.splitLines(text) {
            number += 1
            switch try TOMLSubset.read(line, number: number) {
            case .blank:
                continue
            case .table(let name):
                let dotted = name.joined(with: ".")
                guard name.count == 1, ConfigKey.tables.contains(name[0]) else {
                    throw TOMLSubset.Problem(
                        line: number,
                        message:
                            "unknown table [\(DisplayText.excerpt(dotted))]\(suggestion(dotted, among: ConfigKey.tables)): tables are [report], [log], [alias] and [filter]"
                    )
                }
                if let first = tableLines[dotted] {
                    throw TOMLSubset.Problem(
                        line: number, message: "[\(dotted)] appears twice (first on line \(first))")
                }
                tableLines[dotted] = number
                table = name
            case .pair(let key, let value, _):
                let full = table + key
                guard let configKey = ConfigKey.at(full) else {
                    throw TOMLSubset.Problem(line: number, message: unknownKey(key, table: table))
                }
                if let first = keyLines[configKey] {
                    throw TOMLSubset.Problem(
                        line: number,
                        message: "\(DisplayText.escaped(configKey.dotted)) is already set on line \(first)")
                }
                keyLines[configKey] = number
                do {
                    try apply(configKey, value, to: &config, commands: commands, quote: "\"")
                } catch {
                    throw TOMLSubset.Problem(line: number, message: error.message)
                }
                config.setKeys.append(configKey)
            }
        }
        return config
    }

    /// A key the file does not know, with the nearest known one when it looks like a typo.
    private static func unknownKey(_ key: [String], table: [String]) -> String {
        let written = DisplayText.excerpt(key.joined(with: "."))
        let full = (table + key).joined(with: ".")
        if ["auto-sync", "auto_sync", "autosync"].contains(full.lowercased()) {
            return "auto-sync is not kept in this file: use stint config set auto-sync on"
        }
        if table == ["alias"] || key.first == "alias" {
            return "alias name \"\(written)\" can have only letters, digits, - and _"
        }
        if table == ["filter"] || key.first == "filter" {
            return "filter name \"\(written)\" can have only letters, digits, - and _"
        }
        let place = table.isEmpty ? "" : " in [\(table.joined(with: "."))]"
        let candidates =
            table.isEmpty
            ? ConfigKey.fixed.map(\.dotted)
            : ConfigKey.fixed.filter { $0.table == table.joined(with: ".") }.map(\.name)
        return "unknown key \"\(written)\"\(place)\(suggestion(key.joined(with: "."), among: candidates))"
    }

    /// ` (did you mean "week_start"?)` when one candidate is at most two edits away.
    private static func suggestion(_ word: String, among candidates: [String]) -> String {
        let lowered = word.lowercased()
        guard lowered.count <= 40 else { return "" }
        let best = candidates.map { ($0, distance(lowered, $0)) }.min { $0.1 < $1.1 }
        guard let best, best.1 <= 2 else { return "" }
        return " (did you mean \"\(best.0)\"?)"
    }

    /// Levenshtein distance, for a handful of short words.
    private static func distance(_ left: String, _ right: String) -> Int {
        let a = Array(left)
        let b = Array(right)
        var previous = Array(0...b.count)
        for i in 1...max(a.count, 1) where !a.isEmpty {
            var row = [i] + Array(repeating: 0, count: b.count)
            for j in 1...max(b.count, 1) where !b.isEmpty {
                row[j] = min(previous[j] + 1, row[j - 1] + 1, previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
            }
            previous = row
        }
        return previous[b.count]
    }

    /// What was wrong with a value, worded for the file (`quote` `"`) or the command line (`'`).
    struct ValueProblem: Error {
        let message: String
    }

    /// Checks `value` for `key` and records it in `config`.
    static func apply(
        _ key: ConfigKey, _ value: TOMLSubset.Value, to config: inout StintConfig, commands: Set<String>,
        quote: String
    ) throws(ValueProblem) {
        guard case .string(let text) = value else {
            let example =
                switch key {
                case .weekStart: "week_start = \"monday\""
                case .color: "color = \"auto\""
                case .reportPeriod: "period = \"week\""
                case .reportGrouping: "by = \"project\""
                case .logStart: "start = \"09:00\""
                case .alias: "d = \"task done\""
                case .filter: "work = \"--project Work --due week\""
                }
            throw ValueProblem(message: "\(key.dotted) takes a string in quotes, e.g. \(example)")
        }
        func refuse(_ allowed: String) -> ValueProblem {
            let shown = DisplayText.excerpt(text)
            return ValueProblem(message: "\(quote)\(shown)\(quote) is not a value of \(key.dotted): use \(allowed)")
        }
        switch key {
        case .weekStart:
            guard let day = Weekday(name: text) else { throw refuse("a weekday such as monday or sunday") }
            config.weekStart = day
        case .color:
            guard let choice = ColorChoice(rawValue: text.trimmingWhitespace().lowercased()) else {
                throw refuse("auto, always or never")
            }
            config.color = choice
        case .reportPeriod:
            guard let period = ReportPeriodOption(parsing: text) else { throw refuse("today, week, month or year") }
            config.reportPeriod = period
        case .reportGrouping:
            guard let grouping = ReportGroupingOption(parsing: text) else {
                throw refuse("project, task, day, week or tag")
            }
            config.reportGrouping = grouping
        case .logStart:
            if text.trimmingWhitespace().lowercased() == "now" {
                config.logStart = nil
            } else {
                guard let time = try? TimeOfDay.parse(text, field: "start") else {
                    throw refuse("now or a time of day such as 09:00")
                }
                config.logStart = time
            }
        case .alias(let name):
            config.aliases.removeAll { $0.name == name }
            config.aliases.append(try alias(name, text, commands: commands, quote: quote))
        case .filter(let name):
            config.filters.removeAll { $0.name == name }
            config.filters.append(try filter(name, text, quote: quote))
        }
    }

    /// A saved filter, checked: a plain name, standing for `task list` options (each word that the list reads
    /// as an option begins with -; what they mean is checked when the filter is used, by the command itself).
    static func filter(_ name: String, _ text: String, quote: String) throws(ValueProblem) -> ConfigAlias {
        let shownName = "\(quote)\(DisplayText.excerpt(name))\(quote)"
        guard isPlainName(name) else { throw ValueProblem(message: filterNameProblem(name, quote: quote)) }
        guard let words = splitWords(text) else {
            throw ValueProblem(message: "filter \(shownName) has a quote that is not closed")
        }
        guard let first = words.first, first.hasPrefix("-") else {
            throw ValueProblem(
                message: "filter \(shownName) must be task list options, e.g. work = \"--project Work --due week\"")
        }
        return ConfigAlias(name: name, text: text, words: words)
    }

    /// Why `name` cannot name a filter, in the wording of the file (`quote` `"`) or the command line (`'`).
    static func filterNameProblem(_ name: String, quote: String) -> String {
        "filter name \(quote)\(DisplayText.excerpt(name))\(quote) can have only letters, digits, - and _ (and not "
            + "begin with -)"
    }

    /// 1 to 40 letters, digits, - and _, not beginning with -: a name that needs no quoting anywhere.
    static func isPlainName(_ name: String) -> Bool {
        let bytes = Array(name.utf8)
        return (1...40).contains(bytes.count) && bytes.first != UInt8(ascii: "-")
            && bytes.allSatisfy { byte in
                (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte)
                    || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
                    || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || byte == UInt8(ascii: "-")
                    || byte == UInt8(ascii: "_")
            }
    }

    /// An alias, checked: a plain name that hides no command, standing for words that begin with a command.
    static func alias(
        _ name: String, _ text: String, commands: Set<String>, quote: String
    ) throws(ValueProblem) -> ConfigAlias {
        let shownName = "\(quote)\(DisplayText.excerpt(name))\(quote)"
        guard isPlainName(name) else {
            throw ValueProblem(
                message: "alias name \(shownName) can have only letters, digits, - and _ (and not begin with -)")
        }
        guard !commands.contains(name) else {
            throw ValueProblem(
                message: "alias \(shownName) would hide the command stint \(name): choose another name")
        }
        guard let words = splitWords(text) else {
            throw ValueProblem(message: "alias \(shownName) has a quote that is not closed")
        }
        guard let first = words.first else {
            throw ValueProblem(
                message: "alias \(shownName) is empty: give the command it stands for, e.g. d = \"task done\"")
        }
        guard commands.contains(first) else {
            let shown = DisplayText.excerpt(first)
            throw ValueProblem(
                message:
                    "alias \(shownName) runs \(quote)\(shown)\(quote), which is not a stint command (an alias cannot run another alias)"
            )
        }
        return ConfigAlias(name: name, text: text, words: words)
    }

    /// Words separated by spaces, `"…"` or `'…'` keeping spaces inside one word, `\` escaping the next character
    /// (outside single quotes), as a shell would split them; nil when a quote is not closed.
    static func splitWords(_ text: String) -> [String]? {
        var words: [String] = []
        var word = ""
        var inWord = false
        var quote: Character?
        var escaped = false
        for character in text {
            if escaped {
                word.append(character)
                escaped = false
                continue
            }
            if let open = quote {
                if character == open {
                    quote = nil
                } else if character == "\\" && open == "\"" {
                    escaped = true
                } else {
                    word.append(character)
                }
                continue
            }
            switch character {
            case " ", "\t", "\n", "\r":
                if inWord { words.append(word) }
                word = ""
                inWord = false
            case "\"", "'":
                quote = character
                inWord = true
            case "\\":
                escaped = true
                inWord = true
            default:
                word.append(character)
                inWord = true
            }
        }
        guard quote == nil, !escaped else { return nil }
        if inWord { words.append(word) }
        return words
    }

    // MARK: Rewriting

    /// The value `typed` for `key`, checked (the command line's wording), and the TOML text the file gets.
    static func literal(
        for key: ConfigKey, typed: String, commands: Set<String>
    ) throws(WorkerError) -> (literal: String, shown: String) {
        var scratch = StintConfig()
        do {
            try apply(key, .string(typed), to: &scratch, commands: commands, quote: "'")
        } catch {
            throw WorkerError(.invalidInput, error.message)
        }
        let stored: String
        switch key {
        case .alias, .filter: stored = typed
        default: stored = scratch.value(of: key) ?? typed
        }
        return (TOMLSubset.quoted(stored), stored)
    }

    /// `text` with `key` set to `literal` (a TOML value), every other line kept byte for byte: an existing line
    /// has its value replaced (its comment stays); a new one goes at the end of its table, or a new table at the
    /// end of the file (a top-level key before the first table, as TOML requires).
    static func setting(_ key: ConfigKey, to literal: String, in text: String) throws(TOMLSubset.Problem) -> String {
        var document = try Document(text)
        if let found = document.line(of: key) {
            var bytes = Array(document.lines[found.index].utf8)
            bytes.replaceSubrange(found.valueBytes, with: Array(literal.utf8))
            document.lines[found.index] = String(decoding: bytes, as: UTF8.self)
            return document.text
        }
        let newLine = "\(TOMLSubset.key(key.name)) = \(literal)" + document.carriageReturn
        if key.table.isEmpty {
            document.lines.insert(newLine, at: document.topLevelInsertionIndex)
        } else if let index = document.endOfTable(key.table) {
            document.lines.insert(newLine, at: index)
        } else {
            while let last = document.lines.last, last.trimmingWhitespaceAndNewlines().isEmpty {
                document.lines.removeLast()
            }
            if !document.lines.isEmpty { document.lines.append(document.carriageReturn) }
            document.lines.append("[\(key.table)]" + document.carriageReturn)
            document.lines.append(newLine)
        }
        return document.text
    }

    /// `text` without `key`'s line, or nil when the file does not set it.
    static func removing(_ key: ConfigKey, from text: String) throws(TOMLSubset.Problem) -> String? {
        var document = try Document(text)
        guard let found = document.line(of: key) else { return nil }
        document.lines.remove(at: found.index)
        return document.text
    }

    /// A file as lines, for editing.
    private struct Document {
        var lines: [String]
        let read: [TOMLSubset.Line]
        /// `"\r"` when the file's lines end in CRLF, so an added line matches.
        let carriageReturn: String

        init(_ text: String) throws(TOMLSubset.Problem) {
            var split = TOMLSubset.splitLines(text).map(String.init)
            if split.last == "" { split.removeLast() }
            lines = split
            var read: [TOMLSubset.Line] = []
            for (offset, line) in split.enumerated() {
                read.append(try TOMLSubset.read(Substring(line), number: offset + 1))
            }
            self.read = read
            carriageReturn = split.first?.hasSuffix("\r") == true ? "\r" : ""
        }

        var text: String { lines.isEmpty ? "" : lines.joined(with: "\n") + "\n" }

        /// The line that sets `key` (under its table, or as a dotted key), and where its value is.
        func line(of key: ConfigKey) -> (index: Int, valueBytes: Range<Int>)? {
            var table: [String] = []
            for (index, line) in read.enumerated() {
                switch line {
                case .blank: continue
                case .table(let name): table = name
                case .pair(let path, _, let valueBytes):
                    if ConfigKey.at(table + path) == key { return (index, valueBytes) }
                }
            }
            return nil
        }

        /// After the last top-level key, else before the first table (and the comments right above it), else at
        /// the end.
        var topLevelInsertionIndex: Int {
            guard let firstTable = read.firstIndex(where: { if case .table = $0 { true } else { false } }) else {
                return lines.count
            }
            if let lastKey = read[..<firstTable].lastIndex(where: { if case .pair = $0 { true } else { false } }) {
                return lastKey + 1
            }
            var index = firstTable
            while index > 0, lines[index - 1].trimmingWhitespace().hasPrefix("#") { index -= 1 }
            return index
        }

        /// Just after the last key of `[table]`, or after its header when it has none; nil without the table.
        func endOfTable(_ table: String) -> Int? {
            guard let header = read.firstIndex(of: .table([table])) else { return nil }
            var insertion = header + 1
            var index = header + 1
            while index < read.count {
                if case .table = read[index] { break }
                if case .pair = read[index] { insertion = index + 1 }
                index += 1
            }
            return insertion
        }
    }

    /// Writes `text` to the file, atomically (a temporary file beside it, then a rename), keeping its permissions;
    /// a symbolic link (a dotfiles repository) is followed, so the link stays. Creates the folder when needed.
    static func save(_ text: String, to path: String, shown: String) throws(WorkerError) {
        var target = path
        if let resolved = realpath(path, nil) {
            target = String(cString: resolved)
            free(resolved)
        }
        let folder = FileAccess.folder(of: target)
        var mode: mode_t = 0o644
        var info = stat()
        if stat(target, &info) == 0 {
            mode = info.st_mode & 0o7777
        } else {
            do {
                try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            } catch {
                throw WorkerError(.invalidInput, "cannot create the folder of \(shown)", cause: error)
            }
        }
        let temporary = folder + "/.config.toml.\(getpid()).tmp"
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_TRUNC | O_CLOEXEC, mode)
        guard descriptor >= 0 else {
            throw WorkerError(.invalidInput, "cannot write \(shown): \(FileAccess.reason(errno))")
        }
        var failure = Array(text.utf8).withUnsafeBytes { FileAccess.writeFully($0, to: descriptor) }
        if failure == 0, fchmod(descriptor, mode) != 0 { failure = errno }
        if failure == 0, fsync(descriptor) != 0, errno != EINVAL, errno != EROFS { failure = errno }
        close(descriptor)
        if failure == 0, rename(temporary, target) != 0 { failure = errno }
        if failure != 0 {
            unlink(temporary)
            throw WorkerError(.invalidInput, "cannot write \(shown): \(FileAccess.reason(failure))")
        }
    }
}
