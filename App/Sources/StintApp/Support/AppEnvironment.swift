import Entities
import Foundation
import TerminalUI

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

/// Everything a run of `stint` takes from the outside world, read once at start-up.
public struct AppEnvironment: Sendable {
    public var dataDirectory: URL
    public var clock: any DateProvider
    public var timeZone: TimeZone
    public var style: TerminalStyle
    /// Whether stderr is a terminal: progress goes there, so it is judged on its own.
    public var stderrIsTTY: Bool
    /// Whether stdin is a terminal: Stint never prompts otherwise.
    public var canPrompt: Bool

    public var databasePath: String { dataDirectory.appendingPathComponent("stint.sqlite").path }

    /// Reads `STINT_HOME` (else `$XDG_DATA_HOME/stint`, else `~/.local/share/stint`), `STINT_NOW`,
    /// the time zone (`TZ`) and what the terminal can do.
    public static func current(
        _ environment: [String: String] = ProcessInfo.processInfo.environment
    ) throws(WorkerError) -> AppEnvironment {
        AppEnvironment(
            dataDirectory: dataDirectory(environment), clock: try clock(environment), timeZone: .current,
            style: TerminalStyle.detect(environment: environment), stderrIsTTY: isatty(2) == 1,
            canPrompt: isatty(0) == 1 && isatty(1) == 1)
    }

    static func dataDirectory(_ environment: [String: String]) -> URL {
        if let home = environment["STINT_HOME"], !home.isEmpty {
            return URL(fileURLWithPath: home, isDirectory: true)
        }
        if let xdg = environment["XDG_DATA_HOME"], xdg.hasPrefix("/") {
            return URL(fileURLWithPath: xdg, isDirectory: true).appendingPathComponent("stint", isDirectory: true)
        }
        let home = environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? NSHomeDirectory()
        return URL(fileURLWithPath: home, isDirectory: true)
            .appendingPathComponent(".local/share/stint", isDirectory: true)
    }

    static func clock(_ environment: [String: String]) throws(WorkerError) -> any DateProvider {
        guard let pinned = environment["STINT_NOW"], !pinned.isEmpty else { return SystemDateProvider() }
        guard let instant = try? Date.ISO8601FormatStyle().parse(pinned) else {
            throw WorkerError(
                .invalidInput, "STINT_NOW='\(pinned.prefix(40))' is not an ISO-8601 time like 2026-11-21T09:00:00Z")
        }
        return FixedDateProvider(instant: instant)
    }
}
