import Adapters
import ArgumentParser

/// `--json` and `--format` both choose what a command prints. Asking for two different things is a usage error
/// (exit 64, one line), as git refuses `--porcelain` with `--format`, rather than one flag silently winning;
/// `--json --format json` says the same thing twice and is accepted.
enum OutputChoice {
    static func check(json: Bool, format: ReportFormatOption?) throws {
        guard json, let format, format != .json else { return }
        throw ValidationError("use either --json or --format \(format.rawValue), not both")
    }
}
