import Adapters
import ArgumentParser

/// `stint export`.
struct ExportCommand: StintCommand {
    static let onlyReads = true
    static let configuration = CommandConfiguration(
        commandName: "export",
        abstract: "Write every project, list, task, timer and time entry as JSON (lossless).",
        discussion: """
            The file holds everything kept on this device: projects (archived ones too), task lists, tasks \
            (done ones too, with notes, tags, estimates and assignees), timers (running and paused, with their \
            intervals) and time entries (yours, and teammates' that `stint sync` brought), each with its id \
            and when it was created and last changed, and the person id your time is logged under. Fields \
            are snake_case, instants ISO-8601, durations seconds ("format": "stint-export", "version": 2).

            Not in the file: task numbers (an import numbers new tasks in the file's order), deleted items, \
            the undo history, settings, and the sync state (server, token, pending changes, conflicts).

            `stint import FILE` merges it back by id; importing the same file twice changes nothing.

            Examples:
              stint export > backup.json
              stint export --output backup.json
              stint export | ssh laptop stint import -
            """)

    @OptionGroup var global: GlobalOptions

    @Option(
        name: [.short, .long],
        help: "Write to this file instead of stdout (replaced whole, never half-written); - is stdout.",
        completion: .file(extensions: ["json"]))
    var output: String?

    func run(with coordinator: AppCoordinator) async throws {
        try await coordinator.export(to: output)
    }
}
