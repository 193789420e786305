import Foundation

/// Runs `stint` as a child process and measures the wall time from launch to exit, which is what a
/// person at a terminal waits for (process start, opening the database, the query, printing).
struct CommandRunner {
    let binary: URL
    let root: URL
    let environment: [String: String]

    /// One warm-up run (not counted, it fills the page cache), then `runs` timed runs.
    func measure(_ arguments: [String], runs: Int) -> [Duration] {
        _ = time(arguments)
        return (0..<runs).map { _ in time(arguments) }
    }

    /// Runs once and returns how long it took; stops the bench when the command fails, since a
    /// failing command's time means nothing.
    ///
    /// The child is started with posix_spawn and reaped with waitpid: Foundation's
    /// `Process.waitUntilExit()` on Linux polls its run loop every 50 ms, which once made every
    /// command look like it took 51 ms.
    func time(_ arguments: [String]) -> Duration {
        let errorPath = root.appendingPathComponent("stderr.txt").path
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 2, errorPath, O_WRONLY | O_CREAT | O_TRUNC, 0o600)

        let argv = ([binary.path] + arguments).map { strdup($0) } + [nil]
        let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer {
            argv.forEach { free($0) }
            envp.forEach { free($0) }
        }

        var pid = pid_t()
        let start = ContinuousClock.now
        let spawned = posix_spawn(&pid, binary.path, &actions, nil, argv, envp)
        guard spawned == 0 else { fail("cannot start \(binary.path): \(String(cString: strerror(spawned)))") }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) == -1 && errno == EINTR {}
        let elapsed = ContinuousClock.now - start

        // WIFEXITED / WEXITSTATUS are macros; spelled out: exited normally with code 0.
        guard status & 0x7f == 0, (status >> 8) & 0xff == 0 else {
            let stderr = (try? String(contentsOfFile: errorPath, encoding: .utf8)) ?? ""
            fail(
                "`stint \(arguments.joined(separator: " "))` failed with wait status \(status): "
                    + stderr.trimmingCharacters(in: .whitespacesAndNewlines))
        }
        return elapsed
    }
}

/// Summaries and the printed table.
enum Timing {
    static func milliseconds(_ duration: Duration) -> String {
        let (seconds, attoseconds) = duration.components
        let value = Double(seconds) * 1_000 + Double(attoseconds) / 1e15
        return String(format: "%.1f", value)
    }

    static func median(_ sorted: [Duration]) -> Duration {
        let middle = sorted.count / 2
        return sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
    }

    /// Nearest-rank percentile.
    static func percentile(_ sorted: [Duration], _ fraction: Double) -> Duration {
        let rank = Int((fraction * Double(sorted.count)).rounded(.up))
        return sorted[min(sorted.count - 1, max(0, rank - 1))]
    }

    static func table(_ rows: [(String, [Duration])]) -> String {
        let labelWidth = max(40, rows.map(\.0.count).max() ?? 0)
        func pad(_ text: String, _ width: Int, right: Bool = true) -> String {
            let padding = String(repeating: " ", count: max(0, width - text.count))
            return right ? padding + text : text + padding
        }
        var lines = [pad("command", labelWidth, right: false) + pad("median", 10) + pad("p90", 10) + pad("min", 10)]
        for (label, samples) in rows {
            let sorted = samples.sorted()
            guard let fastest = sorted.first else { continue }
            if sorted.count == 1 {
                lines.append(pad(label, labelWidth, right: false) + pad(milliseconds(fastest), 10))
                continue
            }
            lines.append(
                pad(label, labelWidth, right: false) + pad(milliseconds(median(sorted)), 10)
                    + pad(milliseconds(percentile(sorted, 0.9)), 10) + pad(milliseconds(fastest), 10))
        }
        lines.append("(milliseconds of wall time per run, including process start)")
        return lines.joined(separator: "\n")
    }
}
