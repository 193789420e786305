import Adapters
import ArgumentParser

/// `stint import`.
struct ImportCommand: StintCommand {
    static let configuration = CommandConfiguration(
        commandName: "import",
        abstract:
            "Merge a Stint export, or move over from Taskwarrior, Timewarrior or Watson (a second import changes nothing).",
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

            From Timewarrior (the JSON of `timew export`, or its folder ~/.timewarrior or a data file):
              an interval               a time entry of yours on a project, its annotation the note
              the open interval         your running timer (skipped if one already runs in Stint)
              tags                      the first tag naming a project Stint has (or this import makes) is \
            the project, else the first tag; with --project-tags only those tags name projects. The other \
            tags stay tags (spaces become -). An interval without a project goes to project Timewarrior.
            Each entry's id is derived from its start, which Timewarrior keeps unique.

            From Watson (its folder ~/.config/watson, or its frames file): each frame becomes a time entry of \
            yours on its project, with its tags; the frame being tracked becomes your running timer. Each \
            entry's id is derived from the frame's id.

            Examples:
              stint import backup.json
              ssh laptop stint export | stint import -
              task export | stint import --from taskwarrior --dry-run -
              stint import --from timewarrior ~/.timewarrior --project-tags Website,Home
              stint import --from watson ~/.config/watson
            """)

    @OptionGroup var global: GlobalOptions

    @Option(name: .long, help: ArgumentHelp("Whose file it is.", valueName: "tool"))
    var from: ImportSourceOption = .stint

    @Option(
        name: .long,
        help: ArgumentHelp(
            "With --from timewarrior: the tags that name projects, separated by commas.", valueName: "tags"))
    var projectTags: String?

    @Flag(name: .long, help: "Print what would be created, updated and skipped; write nothing (with --from).")
    var dryRun = false

    @Argument(
        help: ArgumentHelp(
            "The file `stint export` (or `task export`, `timew export`) wrote, Timewarrior's or Watson's folder, or - "
                + "for standard input."),
        completion: .file(extensions: ["json"]))
    var file: String

    func validate() throws {
        if dryRun, from == .stint {
            throw ValidationError(
                "--dry-run goes with --from taskwarrior, timewarrior or watson; a Stint export is previewed by importing it "
                    + "and running `stint undo`")
        }
        if projectTags != nil, from != .timewarrior {
            throw ValidationError("--project-tags goes with --from timewarrior")
        }
    }

    func run(with coordinator: AppCoordinator) async throws {
        guard from != .stint else { return try await coordinator.importFile(file) }
        let tags = projectTags.map { list in
            list.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        }
        try await coordinator.importForeign(file, from: from, projectTags: tags, dryRun: dryRun)
    }
}
