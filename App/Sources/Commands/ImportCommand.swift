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
              project A.B       project A, list B (found or made)
              priority H/M/L    high / medium / low
              due, tags         the due day here, the tags
              pending, waiting  open (in progress when started)
              completed         done at its end date
              deleted           deleted here too, if imported before
              recurring         template skipped, instances come
              depends           --after links (to tasks imported)
              recur, until      a series (instances from the template)
              annotations       timestamped lines of the note
              anything else     `name: value` lines of the note

            UDAs, wait and scheduled are kept that way, as is a recur Stint cannot read. A task's id comes \
            from its uuid (a recurring instance's from its series and day): a later export updates what \
            changed, and a task changed in Stint since then is kept as Stint has it.

            From Timewarrior (`timew export`, a data file, or its folder):
              an interval       a time entry of yours, with its note
              the open one      your running timer, unless one runs
              closed since      its entry, and its timer goes
              no tags           project Timewarrior

            The project is the first tag naming a project Stint has or the import makes, else the first tag; \
            --project-tags names the project tags instead. The other tags stay tags, spaces turned into -. An \
            entry's id comes from its start, which Timewarrior keeps unique.

            From Watson (its folder ~/.config/watson, or its frames file): each frame is a time entry of yours \
            on its project with its tags, and the frame being tracked is your running timer; ids come from the \
            frames' ids.

            Examples:
              stint import backup.json
              stint import backup.json --dry-run
              ssh laptop stint export | stint import -
              task export | stint import --from task --dry-run -
              stint import --from timewarrior ~/.timewarrior
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

    @Flag(name: .long, help: "Print what would be created, updated and skipped; write nothing.")
    var dryRun = false

    @Argument(
        help: ArgumentHelp(
            "The file `stint export` (or `task export`, `timew export`) wrote, Timewarrior's or Watson's folder, or - "
                + "for standard input."),
        completion: .file(extensions: ["json"]))
    var file: String

    func validate() throws {
        if projectTags != nil, from != .timewarrior {
            throw ValidationError("--project-tags goes with --from timewarrior")
        }
    }

    func run(with coordinator: AppCoordinator) async throws {
        guard from != .stint else { return try await coordinator.importFile(file, dryRun: dryRun) }
        let tags = projectTags.map { list in
            list.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        }
        try await coordinator.importForeign(file, from: from, projectTags: tags, dryRun: dryRun)
    }
}
