import Entities
import Foundation
import TerminalUI
import Workers

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Everything one run of `stint` takes from its process besides the arguments: the environment variables,
/// the three standard streams and whether they are terminals.
///
/// The real process uses ``current()``; tests hand in a context with captured output and a temporary
/// `STINT_HOME`, so a whole command line runs in-process without spawning the binary.
public struct ProcessContext: Sendable {
    public var environment: [String: String]
    public var output: any TextOutput
    public var errorOutput: any TextOutput
    /// Where answers to prompts and the task picker are read from.
    public var input: any LineReader
    /// How standard output looks: terminal or not, colour, width.
    public var style: TerminalStyle
    /// Whether standard input is a terminal: Stint never prompts otherwise.
    public var stdinIsTerminal: Bool
    /// Whether standard error is a terminal: progress goes there, so it is judged on its own.
    public var stderrIsTerminal: Bool
    /// How auto-sync starts its background sync: a detached process for the real one; a recorder, which starts
    /// nothing, by default (an in-process test must not spawn its own runner).
    public var backgroundSync: any BackgroundSyncLaunching
    /// What the config file says (ADR 0027): every default until `StintRuntime.run` has read the file.
    public var config = StintConfig()
    /// Whether the process exits as soon as the command is over (the real one; never a test's context). Then
    /// the objects of the run are left in place instead of torn down: nobody waits for that work, and tearing
    /// down the database queue alone made Foundation scan the executable's conformances (ADR 0028).
    public var exitsAfterRun = false

    public init(
        environment: [String: String], output: any TextOutput, errorOutput: any TextOutput,
        input: any LineReader, style: TerminalStyle, stdinIsTerminal: Bool, stderrIsTerminal: Bool,
        backgroundSync: any BackgroundSyncLaunching = RecordedBackgroundSyncs()
    ) {
        self.environment = environment
        self.output = output
        self.errorOutput = errorOutput
        self.input = input
        self.style = style
        self.stdinIsTerminal = stdinIsTerminal
        self.stderrIsTerminal = stderrIsTerminal
        self.backgroundSync = backgroundSync
    }

    /// The environment variables Stint reads; a new one must be added here to be seen.
    static let variables = [
        "STINT_HOME", "XDG_DATA_HOME", "XDG_CONFIG_HOME", "HOME", "STINT_NOW", "TZ", "NO_COLOR", "FORCE_COLOR", "TERM",
        "COLUMNS",
        "STINT_SYNC_TIMEOUT", "VISUAL", "EDITOR", "TMPDIR",
    ]

    /// This machine's name, the default name of a device on the server.
    static func hostName() -> String {
        var buffer = [CChar](repeating: 0, count: 256)
        guard gethostname(&buffer, buffer.count - 1) == 0 else { return "device" }
        let name = String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        return name.isEmpty ? "device" : name
    }

    /// This process: the variables Stint reads, stdout/stderr/stdin and what `isatty` says about them.
    ///
    /// Only `variables` are read, with `getenv`: Foundation's `ProcessInfo.environment` decodes every variable of
    /// the process, a twentieth of what `stint --version` costs.
    public static func current() -> ProcessContext {
        var environment: [String: String] = [:]
        for name in variables {
            if let value = getenv(name) { environment[name] = String(cString: value) }
        }
        var context = ProcessContext(
            environment: environment, output: StandardOutput(), errorOutput: StandardError(),
            input: StandardLineReader(output: StandardOutput()), style: TerminalStyle.detect(environment: environment),
            stdinIsTerminal: isatty(STDIN_FILENO) == 1, stderrIsTerminal: isatty(STDERR_FILENO) == 1,
            backgroundSync: DetachedBackgroundSync())
        context.exitsAfterRun = true
        return context
    }
}

/// Reads the clock of the machine. The only place in Stint that does: everything else is handed a
/// ``DateProvider``.
struct SystemDateProvider: DateProvider {
    func now() -> Date { Date() }
}

/// A clock that always answers the same instant: used when `STINT_NOW` pins the time, which is how
/// the end-to-end tests make "today" and "overdue" deterministic.
struct FixedDateProvider: DateProvider {
    let instant: Date
    func now() -> Date { instant }
}

/// Random UUIDs, made on this device so nothing waits for a server.
struct RandomIdentifierProvider: IdentifierProvider {
    func makeIdentifier() -> UUID { UUID() }
}

/// The settings of one run, read once from the ``ProcessContext``.
struct AppEnvironment: Sendable {
    /// The folder of the database and the sync locks.
    var dataDirectoryPath: String
    var dataDirectory: URL { URL(fileURLWithPath: dataDirectoryPath, isDirectory: true) }
    var clock: any DateProvider
    /// Read from the system's zone files when they have it, else Foundation's (``ZoneInfo``).
    var timeZone: any TimeZoneRules & DisplayTimeZone
    /// How standard output looks, `--color` applied.
    var style: TerminalStyle
    var stderrIsTerminal: Bool
    /// Whether someone can answer a question: stdin and stdout are both terminals.
    var canPrompt: Bool
    /// `--quiet`: only what was asked for reaches stdout (no confirmations or hints), and no progress is drawn.
    var quiet: Bool
    /// Whether progress lines may be drawn: standard error is a terminal and nobody asked for quiet.
    var showsProgress: Bool { stderrIsTerminal && !quiet }

    /// Where the server's address and token are kept (0600): `$STINT_HOME/credentials` when STINT_HOME is
    /// set (everything of one Stint in one folder), else `$XDG_CONFIG_HOME/stint/credentials`, else
    /// `~/.config/stint/credentials` — configuration, not data, so backups of the data never carry the token.
    var credentialsPath: String
    /// `STINT_SYNC_TIMEOUT`: seconds one request to the server may take (default 10, 0.1 to 600).
    var syncTimeout: Duration
    /// The editor `task edit` and `entries edit` open without change flags (``EditorSession``).
    var editor: EditorChoice

    /// The config file's settings, read by the runtime before parsing (defaults when there is no file).
    var config: StintConfig
    /// Where the config file is, or would be created by `stint config set`.
    var configPath: String
    /// The same path as messages show it (`~/.config/stint/config.toml`).
    var configShownPath: String

    var databasePath: String { dataDirectoryPath + "/stint.sqlite" }

    /// Reads `STINT_HOME` (else `$XDG_DATA_HOME/stint`, else `~/.local/share/stint`), `STINT_NOW`,
    /// the time zone (`TZ`) and what the terminal can do; `quiet` is `--quiet`.
    init(_ context: ProcessContext, quiet: Bool = false) throws(WorkerError) {
        self.quiet = quiet
        dataDirectoryPath = Self.dataDirectory(context.environment)
        credentialsPath = Self.folder(Self.configDirectory(context.environment), "credentials")
        syncTimeout = Self.syncTimeout(context.environment)
        editor = EditorChoice(
            environment: context.environment, canPrompt: context.stdinIsTerminal && context.style.isTTY)
        config = context.config
        configPath = ConfigFile.path(environment: context.environment)
        configShownPath = ConfigFile.shown(configPath, environment: context.environment)
        clock = try Self.clock(context.environment)
        timeZone = Self.timeZone(context.environment)
        style = context.style
        stderrIsTerminal = context.stderrIsTerminal
        canPrompt = context.stdinIsTerminal && context.style.isTTY
    }

    static func syncTimeout(_ environment: [String: String]) -> Duration {
        guard let text = environment["STINT_SYNC_TIMEOUT"], let seconds = Double(text), seconds >= 0.1,
            seconds <= 600
        else { return .seconds(10) }
        return .milliseconds(Int(seconds * 1000))
    }

    /// The folder of the credentials and the config file. Paths are plain strings here because every run builds
    /// them: Foundation's URL appending makes the runtime scan the executable for conformances (ADR 0028).
    static func configDirectory(_ environment: [String: String]) -> String {
        if let home = environment["STINT_HOME"], !home.isEmpty { return folder(home) }
        if let xdg = environment["XDG_CONFIG_HOME"], xdg.hasPrefix("/") { return folder(xdg, "stint") }
        let home = environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? NSHomeDirectory()
        return folder(home, ".config/stint")
    }

    static func dataDirectory(_ environment: [String: String]) -> String {
        if let home = environment["STINT_HOME"], !home.isEmpty { return folder(home) }
        if let xdg = environment["XDG_DATA_HOME"], xdg.hasPrefix("/") { return folder(xdg, "stint") }
        let home = environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? NSHomeDirectory()
        return folder(home, ".local/share/stint")
    }

    /// `base` + `name` as an absolute path without a trailing slash, the way `URL.path` would write it.
    static func folder(_ base: String, _ name: String? = nil) -> String {
        // A relative base (a STINT_HOME of `data`) is rare: Foundation resolves it against the working folder.
        var path = base.hasPrefix("/") ? base : URL(fileURLWithPath: base, isDirectory: true).path
        while path.count > 1, path.hasSuffix("/") { path.removeLast() }
        guard let name else { return path }
        return path == "/" ? "/" + name : path + "/" + name
    }

    static func clock(_ environment: [String: String]) throws(WorkerError) -> any DateProvider {
        guard let pinned = environment["STINT_NOW"], !pinned.isEmpty else { return SystemDateProvider() }
        guard let instant = try? Date.ISO8601FormatStyle().parse(pinned) else {
            throw WorkerError(
                .invalidInput,
                "STINT_NOW='\(DisplayText.excerpt(pinned))' is not an ISO-8601 time like 2026-11-21T09:00:00Z")
        }
        return FixedDateProvider(instant: instant)
    }

    /// `TZ` when the process was given one that names a zone (an in-process run cannot change the
    /// process's own zone), else the system's.
    ///
    /// Foundation's answer for the same name, without building Foundation's zone: the system's zone files when
    /// ``ZoneInfo`` reads the name (as Foundation spells it), Foundation only for what it does not.
    static func timeZone(_ environment: [String: String]) -> any TimeZoneRules & DisplayTimeZone {
        guard let name = environment["TZ"], !name.isEmpty else { return systemTimeZone() }
        let identifier = name.hasPrefix(":") ? String(name.dropFirst()) : name
        if let zone = ZoneInfo.named(identifier) { return zone }
        // Before Foundation, which reads `UTC-3` the other way round from the C library and `date`.
        if !name.hasPrefix(":"), let zone = ZoneInfo.posix(name) { return zone }
        if let zone = TimeZone(identifier: identifier) { return zone }
        return systemTimeZone()
    }

    /// The system's zone, which Foundation finds through the `/etc/localtime` link.
    private static func systemTimeZone() -> any TimeZoneRules & DisplayTimeZone {
        ZoneInfo.system() ?? TimeZone.current
    }
}
