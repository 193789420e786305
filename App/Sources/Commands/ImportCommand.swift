import Adapters
import ArgumentParser

/// `stint import`.
struct ImportCommand: StintCommand {
    static let configuration = CommandConfiguration(
        commandName: "import",
        abstract: "Merge a file written by `stint export` (importing it twice changes nothing).",
        discussion: """
            Items are matched by id; the whole import is one change that `stint undo` reverts. With - as the \
            file it reads standard input. On a terminal a progress line on stderr shows how far it got.

            Examples:
              stint import backup.json
              ssh laptop stint export | stint import -
            """)

    @OptionGroup var global: GlobalOptions

    @Argument(help: "The file `stint export` wrote, or - for standard input.", completion: .file(extensions: ["json"]))
    var file: String

    func run(with coordinator: AppCoordinator) async throws {
        try await coordinator.importFile(file)
    }
}
