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
    func time(_ arguments: [String]) -> Duration {
        let errorFile = root.appendingPathComponent("stderr.txt")
        guard FileManager.default.createFile(atPath: errorFile.path, contents: nil),
            let errorHandle = try? FileHandle(forWritingTo: errorFile),
            let nullIn = FileHandle(forReadingAtPath: "/dev/null"),
            let nullOut = FileHandle(forWritingAtPath: "/dev/null")
        else { fail("cannot open the files a child process needs") }
        defer {
            try? errorHandle.close()
            try? nullIn.close()
            try? nullOut.close()
        }

        let process = Process()
        process.executableURL = binary
        process.arguments = arguments
        process.environment = environment
        process.standardInput = nullIn
        process.standardOutput = nullOut
        process.standardError = errorHandle

        let start = ContinuousClock.now
        do {
            try process.run()
        } catch {
            fail("cannot start \(binary.path): \(error.localizedDescription)")
        }
        process.waitUntilExit()
        let elapsed = ContinuousClock.now - start

        guard process.terminationReason == .exit, process.terminationStatus == 0 else {
            let stderr = (try? String(contentsOf: errorFile, encoding: .utf8)) ?? ""
            fail(
                "`stint \(arguments.joined(separator: " "))` failed with status \(process.terminationStatus): "
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
