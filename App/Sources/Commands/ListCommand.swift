import Adapters
import ArgumentParser

struct ListCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "list",
        abstract: "Add, list, rename and delete task lists inside projects.",
        discussion: """
            Lists are referenced by name (any case, within --project when names repeat) or id prefix.

            Examples:
              stint list add Backlog --project Work
              stint list ls --project Work
              stint list rename Backlog Later --project Work
            """,
        subcommands: [Add.self, Ls.self, Rename.self, Delete.self],
        defaultSubcommand: Ls.self)

    struct Add: StintCommand {
        static let configuration = CommandConfiguration(
            commandName: "add",
            abstract: "Create a task list in a project.",
            discussion: "Examples:\n  stint list add Backlog --project Work")
        @OptionGroup var global: GlobalOptions
        @Argument(help: "The list's name (unique within its project).") var name: String
        @Option(name: [.short, .long], help: "Project name or id prefix.", completion: .projects) var project: String

        func run(with coordinator: AppCoordinator) async throws {
            try await coordinator.addList(name: name, project: project)
        }
    }

    struct Ls: QuickReadableCommand {
        static let configuration = CommandConfiguration(
            commandName: "ls", abstract: "List task lists, of one project or all.",
            discussion: "Examples:\n  stint list ls\n  stint list ls --project Work --json")
        @OptionGroup var global: GlobalOptions
        @Option(name: [.short, .long], help: "Only this project's lists.", completion: .projects) var project: String?

        var invocation: QuickCommandLine.Invocation { .listList(project: project) }
    }

    struct Rename: StintCommand {
        static let configuration = CommandConfiguration(
            commandName: "rename",
            abstract: "Rename a task list.",
            discussion: "Examples:\n  stint list rename Backlog Later --project Work")
        @OptionGroup var global: GlobalOptions
        @Argument(help: "List name or id prefix.", completion: .lists) var list: String
        @Argument(help: "The new name.") var newName: String
        @Option(
            name: [.short, .long], help: "The project the list is in (when names repeat).", completion: .projects)
        var project: String?

        func run(with coordinator: AppCoordinator) async throws {
            try await coordinator.renameList(list, project: project, to: newName)
        }
    }

    struct Delete: StintCommand {
        static let configuration = CommandConfiguration(
            commandName: "delete",
            abstract: "Delete a task list; its tasks stay in the project.",
            discussion: "Examples:\n  stint list delete Later --project Work")
        @OptionGroup var global: GlobalOptions
        @Argument(help: "List name or id prefix.", completion: .lists) var list: String
        @Option(
            name: [.short, .long], help: "The project the list is in (when names repeat).", completion: .projects)
        var project: String?

        func run(with coordinator: AppCoordinator) async throws {
            try await coordinator.deleteList(list, project: project)
        }
    }
}
