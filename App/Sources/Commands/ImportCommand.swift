import Adapters
import ArgumentParser

/// `stint import`.
struct ImportCommand: StintCommand {
    static let configuration = CommandConfiguration(
        commandName: "import",
        abstract: "Merge a file written by `stint export` (importing it twice changes nothing).",
        discussion: "Items are matched by id; the whole import is one change that `stint undo` reverts.\n\n"
            + "Examples:\n  stint import backup.json")

    @OptionGroup var global: GlobalOptions

    @Argument(help: "The JSON file to import.")
    var file: String

    func run(with coordinator: AppCoordinator) async throws {
        try await coordinator.importFile(file)
    }
}
