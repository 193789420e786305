import Adapters
import ArgumentParser

/// `stint export`.
struct ExportCommand: StintCommand {
    static let configuration = CommandConfiguration(
        commandName: "export",
        abstract: "Write every project, list, task, timer and time entry as JSON (lossless).",
        discussion: "Examples:\n  stint export > backup.json\n  stint export --output backup.json")

    @OptionGroup var global: GlobalOptions

    @Option(name: [.short, .long], help: "Write to this file instead of stdout.")
    var output: String?

    func run(with coordinator: AppCoordinator) async throws {
        try await coordinator.export(to: output)
    }
}
