import Adapters
import ArgumentParser

/// `stint import`.
struct ImportCommand: StintCommand {
    static let configuration = CommandConfiguration(
        commandName: "import",
        abstract: "Merge a Stint export, or move over from Taskwarrior (importing a file twice changes nothing).",
        discussion: """
            Items are matched by id; the whole import is one change that `stint undo` reverts. With - as the \
            file it reads standard input. On a terminal a progress line on stderr shows how far it got. Every \
            record is checked first: one that cannot be imported stops the import with its position and why, \
            and nothing is written.

            From Taskwarrior (the JSON of `task export`):
              project Website.Backlog   project Website, list Backlog (found by name, else created)
              priority H / M / L        high / medium / low
              due, tags, entry          due day (in your time zone), tags, created
              status                    pending and waiting are open (started ones in progress), completed \
            is done at its end date; deleted tasks and recurring templates are skipped
              annotations               timestamped lines of the note
              anything else             kept in the note as `name: value` lines (UDAs, wait, scheduled, \
            recur, depends)
            Each task's id is derived from its Taskwarrior uuid, so a later import of a newer export updates \
            what changed; a task changed in Stint since Taskwarrior last changed it is kept as it is in Stint.

            Examples:
              stint import backup.json
              ssh laptop stint export | stint import -
              task export | stint import --from taskwarrior --dry-run -
            """)

    @OptionGroup var global: GlobalOptions

    @Option(name: .long, help: ArgumentHelp("Whose file it is.", valueName: "tool"))
    var from: ImportSourceOption = .stint

    @Flag(name: .long, help: "Print what would be created, updated and skipped; write nothing (with --from).")
    var dryRun = false

    @Argument(
        help: "The file `stint export` (or `task export`) wrote, or - for standard input.",
        completion: .file(extensions: ["json"]))
    var file: String

    func validate() throws {
        if dryRun, from == .stint {
            throw ValidationError(
                "--dry-run goes with --from taskwarrior; a Stint export is previewed by importing it and running `stint undo`"
            )
        }
    }

    func run(with coordinator: AppCoordinator) async throws {
        switch from {
        case .stint: try await coordinator.importFile(file)
        case .taskwarrior: try await coordinator.importTaskwarrior(file, dryRun: dryRun)
        }
    }
}
