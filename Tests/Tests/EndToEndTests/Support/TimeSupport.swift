import Foundation

/// The same `stint` home seen from another instant (and, if asked, another time zone), so a time journey can
/// move the clock between runs without sleeping.
///
/// `Stint` pins `STINT_NOW` and `TZ` for every run; this runs the binary through `/usr/bin/env NAME=value …`,
/// which overrides just those two variables and keeps everything else the pinned world gives (private home,
/// stdin from /dev/null, no colour). Exit codes and output pass through unchanged because `env` execs the binary.
struct ClockedStint: Sendable {
    let stint: Stint
    /// The ISO-8601 instant passed as `STINT_NOW`.
    let now: String
    /// The `TZ` value.
    let timeZone: String

    func run(_ arguments: String...) async throws -> StintRun {
        try await run(arguments)
    }

    func run(_ arguments: [String]) async throws -> StintRun {
        let viaEnv = Stint(binary: URL(fileURLWithPath: "/usr/bin/env"), root: stint.root)
        let prefix = ["STINT_NOW=\(now)", "TZ=\(timeZone)", stint.binary.path]
        let result = try await viaEnv.run(prefix + arguments)
        // The clock leads the arguments in failure messages: "stint [STINT_NOW=… TZ=…] timer stop -> exit 4".
        return StintRun(
            arguments: ["[STINT_NOW=\(now) TZ=\(timeZone)]"] + arguments, status: result.status, stdout: result.stdout,
            stderr: result.stderr)
    }

    /// Runs a command that must succeed and returns what it printed.
    @discardableResult
    func ok(_ arguments: String...) async throws -> StintRun {
        try await ok(arguments)
    }

    /// Runs `stint <arguments> --json`, requires success, and parses stdout.
    func json(_ arguments: String...) async throws -> JSON {
        try await json(arguments)
    }

    func json(_ arguments: [String]) async throws -> JSON {
        let result = try await ok(arguments + ["--json"])
        do {
            return JSON(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8), options: [.fragmentsAllowed]))
        } catch {
            throw StintFailure(description: "stdout is not JSON (\(error)):\n\(result)")
        }
    }

    @discardableResult
    func ok(_ arguments: [String]) async throws -> StintRun {
        let result = try await run(arguments)
        guard result.status == 0 else {
            throw StintFailure(description: "expected success at \(now) (\(timeZone)), got:\n\(result)")
        }
        return result
    }
}

extension Stint {
    /// `ok` for an argument array built by the test.
    @discardableResult
    func ok(_ arguments: [String]) async throws -> StintRun {
        let result = try await run(arguments)
        guard result.status == 0 else {
            throw StintFailure(description: "expected success, got:\n\(result)")
        }
        return result
    }

    /// This home at another instant: `stint.at("2026-11-21T09:30:00Z").ok("timer", "start", "1")`.
    func at(_ instant: String, timeZone: String = "UTC") -> ClockedStint {
        ClockedStint(stint: self, now: instant, timeZone: timeZone)
    }

    /// This home at the pinned instant (`Stint.now`) but in another time zone.
    func inTimeZone(_ timeZone: String) -> ClockedStint {
        ClockedStint(stint: self, now: Self.now, timeZone: timeZone)
    }
}

/// Instants on the pinned day (Saturday 2026-11-21, UTC) and the day before, written the way STINT_NOW wants.
enum Clock {
    /// `Clock.today("09:30")` is "2026-11-21T09:30:00Z"; seconds may be given: "09:10:40".
    static func today(_ time: String) -> String { instant("2026-11-21", time) }

    static func yesterday(_ time: String) -> String { instant("2026-11-20", time) }

    static func instant(_ day: String, _ time: String) -> String {
        "\(day)T\(time.count == 5 ? time + ":00" : time)Z"
    }
}

/// Time helpers read from JSON output.
extension JSON {
    /// The `duration_seconds` of every entry in a JSON array, in order.
    var durations: [Int] { array.compactMap { $0["duration_seconds"].int } }

    /// The `seconds` of every report row, in order.
    var rowSeconds: [Int] { self["rows"].array.compactMap { $0["seconds"].int } }

    /// The `key` of every report row, in order.
    var rowKeys: [String] { self["rows"].array.compactMap { $0["key"].string } }
}

/// The first duration of a table line as Stint writes them ("2h 15m" -> 135, "45m" -> 45, "0m" -> 0): the Time
/// column of a report, in minutes.
func hoursColumnMinutes(_ line: String) -> Int? {
    let words = line.split(separator: " ")
    for (index, word) in words.enumerated() {
        if word.hasSuffix("h"), let hours = Int(word.dropLast()), index + 1 < words.count,
            words[index + 1].count == 3, words[index + 1].hasSuffix("m"), let minutes = Int(words[index + 1].dropLast())
        {
            return hours * 60 + minutes
        }
        if word.hasSuffix("m"), let minutes = Int(word.dropLast()) { return minutes }
    }
    return nil
}

/// Parses `stint report --format csv` into its header and rows of cells (no field in these tests holds a comma).
func csvRows(_ text: String) -> (header: String, rows: [[String]]) {
    let lines = text.split(separator: "\n").map(String.init)
    let rows = lines.dropFirst().map { $0.split(separator: ",", omittingEmptySubsequences: false).map(String.init) }
    return (lines.first ?? "", Array(rows))
}
