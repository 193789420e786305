import Adapters
import ArgumentParser

struct ProjectCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "project",
        abstract: "Add, list, show, rename, archive and delete projects.",
        discussion: """
            Projects are referenced by name (any case) or id prefix. `stint project` alone lists them.

            Examples:
              stint project add Work
              stint project list --all
              stint project show work
              stint project archive Garden
            """,
        subcommands: [Add.self, List.self, Show.self, Rename.self, Archive.self, Unarchive.self, Delete.self],
        defaultSubcommand: List.self)

    struct Add: StintCommand {
        static let configuration = CommandConfiguration(
            commandName: "add",
            abstract: "Create a project.",
            discussion: "Examples:\n  stint project add Work\n  stint project add \"Home office\" --note \"Q4 move\"")
        @OptionGroup var global: GlobalOptions
        @Argument(help: "The project's name (unique, any case).") var name: String
        @Option(help: "A note about the project.") var note: String?

        func run(with coordinator: AppCoordinator) async throws {
            try await coordinator.addProject(name: name, note: note)
        }
    }

    struct List: QuickReadableCommand {
        static let configuration = CommandConfiguration(
            commandName: "list", abstract: "List projects with their task counts.",
            discussion: "Examples:\n  stint project list\n  stint project list --all --json",
            aliases: ["ls"])
        @OptionGroup var global: GlobalOptions
        @Flag(name: [.short, .long, .customLong("archived")], help: "Include archived projects.") var all = false

        var invocation: QuickCommandLine.Invocation { .projectList(includeArchived: all) }
    }

    struct Show: QuickReadableCommand {
        static let configuration = CommandConfiguration(
            commandName: "show",
            abstract: "Show a project, its lists and its open tasks.",
            discussion: "Examples:\n  stint project show Work")
        @OptionGroup var global: GlobalOptions
        @Argument(help: "Project name or id prefix.", completion: .projects) var project: String

        var invocation: QuickCommandLine.Invocation { .projectShow(project: project) }
    }

    struct Rename: StintCommand {
        static let configuration = CommandConfiguration(
            commandName: "rename",
            abstract: "Rename a project.", discussion: "Examples:\n  stint project rename Work \"Day job\"")
        @OptionGroup var global: GlobalOptions
        @Argument(help: "Project name or id prefix.", completion: .projects) var project: String
        @Argument(help: "The new name.") var newName: String

        func run(with coordinator: AppCoordinator) async throws {
            try await coordinator.renameProject(project, to: newName)
        }
    }

    struct Archive: StintCommand {
        static let configuration = CommandConfiguration(
            commandName: "archive",
            abstract: "Hide a finished project from listings (its tasks stay).",
            discussion: "Examples:\n  stint project archive Garden")
        @OptionGroup var global: GlobalOptions
        @Argument(help: "Project name or id prefix.", completion: .projects) var project: String

        func run(with coordinator: AppCoordinator) async throws {
            try await coordinator.archiveProject(project)
        }
    }

    struct Unarchive: StintCommand {
        static let configuration = CommandConfiguration(
            commandName: "unarchive",
            abstract: "Bring an archived project back.", discussion: "Examples:\n  stint project unarchive Garden")
        @OptionGroup var global: GlobalOptions
        @Argument(help: "Project name or id prefix.", completion: .archivedProjects) var project: String

        func run(with coordinator: AppCoordinator) async throws {
            try await coordinator.unarchiveProject(project)
        }
    }

    struct Delete: StintCommand {
        static let configuration = CommandConfiguration(
            commandName: "delete",
            abstract: "Delete a project with its lists and tasks (undo brings it back).",
            discussion: "A project that still has tasks asks first on a terminal; elsewhere pass --force.\n\n"
                + "Examples:\n  stint project delete Garden\n  stint project delete Garden --force")
        @OptionGroup var global: GlobalOptions
        @Argument(help: "Project name or id prefix.", completion: .projects) var project: String
        @Flag(help: "Delete even when the project has tasks, without asking.") var force = false

        func run(with coordinator: AppCoordinator) async throws {
            try await coordinator.deleteProject(project, force: force)
        }
    }
}
