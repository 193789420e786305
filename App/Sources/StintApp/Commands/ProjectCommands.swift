import ArgumentParser
import Foundation

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

        func run(with coordinator: AppCoordinator, input: InputReader) async throws {
            try await coordinator.projects(json: global.json).add(name: name, note: note)
        }
    }

    struct List: StintCommand {
        static let configuration = CommandConfiguration(
            commandName: "list", abstract: "List projects with their task counts.",
            discussion: "Examples:\n  stint project list\n  stint project list --all --json",
            aliases: ["ls"])
        @OptionGroup var global: GlobalOptions
        @Flag(name: [.short, .long, .customLong("archived")], help: "Include archived projects.") var all = false

        func run(with coordinator: AppCoordinator, input: InputReader) async throws {
            try await coordinator.projects(json: global.json).list(includeArchived: all)
        }
    }

    struct Show: StintCommand {
        static let configuration = CommandConfiguration(
            commandName: "show",
            abstract: "Show a project, its lists and its open tasks.",
            discussion: "Examples:\n  stint project show Work")
        @OptionGroup var global: GlobalOptions
        @Argument(help: "Project name or id prefix.") var project: String

        func run(with coordinator: AppCoordinator, input: InputReader) async throws {
            try await coordinator.projects(json: global.json).show(project)
        }
    }

    struct Rename: StintCommand {
        static let configuration = CommandConfiguration(
            commandName: "rename",
            abstract: "Rename a project.", discussion: "Examples:\n  stint project rename Work \"Day job\"")
        @OptionGroup var global: GlobalOptions
        @Argument(help: "Project name or id prefix.") var project: String
        @Argument(help: "The new name.") var newName: String

        func run(with coordinator: AppCoordinator, input: InputReader) async throws {
            try await coordinator.projects(json: global.json).rename(project, to: newName)
        }
    }

    struct Archive: StintCommand {
        static let configuration = CommandConfiguration(
            commandName: "archive",
            abstract: "Hide a finished project from listings (its tasks stay).",
            discussion: "Examples:\n  stint project archive Garden")
        @OptionGroup var global: GlobalOptions
        @Argument(help: "Project name or id prefix.") var project: String

        func run(with coordinator: AppCoordinator, input: InputReader) async throws {
            try await coordinator.projects(json: global.json).archive(project)
        }
    }

    struct Unarchive: StintCommand {
        static let configuration = CommandConfiguration(
            commandName: "unarchive",
            abstract: "Bring an archived project back.", discussion: "Examples:\n  stint project unarchive Garden")
        @OptionGroup var global: GlobalOptions
        @Argument(help: "Project name or id prefix.") var project: String

        func run(with coordinator: AppCoordinator, input: InputReader) async throws {
            try await coordinator.projects(json: global.json).unarchive(project)
        }
    }

    struct Delete: StintCommand {
        static let configuration = CommandConfiguration(
            commandName: "delete",
            abstract: "Delete a project with its lists and tasks (undo brings it back).",
            discussion: "A project that still has tasks asks first on a terminal; elsewhere pass --force.\n\n"
                + "Examples:\n  stint project delete Garden\n  stint project delete Garden --force")
        @OptionGroup var global: GlobalOptions
        @Argument(help: "Project name or id prefix.") var project: String
        @Flag(help: "Delete even when the project has tasks, without asking.") var force = false

        func run(with coordinator: AppCoordinator, input: InputReader) async throws {
            try await coordinator.projects(json: global.json).delete(project, force: force)
        }
    }
}

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
        @Option(name: [.short, .long], help: "Project name or id prefix.") var project: String

        func run(with coordinator: AppCoordinator, input: InputReader) async throws {
            try await coordinator.projects(json: global.json).addList(name: name, project: project)
        }
    }

    struct Ls: StintCommand {
        static let configuration = CommandConfiguration(
            commandName: "ls", abstract: "List task lists, of one project or all.",
            discussion: "Examples:\n  stint list ls\n  stint list ls --project Work --json")
        @OptionGroup var global: GlobalOptions
        @Option(name: [.short, .long], help: "Only this project's lists.") var project: String?

        func run(with coordinator: AppCoordinator, input: InputReader) async throws {
            try await coordinator.projects(json: global.json).lists(project: project)
        }
    }

    struct Rename: StintCommand {
        static let configuration = CommandConfiguration(
            commandName: "rename",
            abstract: "Rename a task list.",
            discussion: "Examples:\n  stint list rename Backlog Later --project Work")
        @OptionGroup var global: GlobalOptions
        @Argument(help: "List name or id prefix.") var list: String
        @Argument(help: "The new name.") var newName: String
        @Option(name: [.short, .long], help: "The project the list is in (when names repeat).") var project: String?

        func run(with coordinator: AppCoordinator, input: InputReader) async throws {
            try await coordinator.projects(json: global.json).renameList(list, project: project, to: newName)
        }
    }

    struct Delete: StintCommand {
        static let configuration = CommandConfiguration(
            commandName: "delete",
            abstract: "Delete a task list; its tasks stay in the project.",
            discussion: "Examples:\n  stint list delete Later --project Work")
        @OptionGroup var global: GlobalOptions
        @Argument(help: "List name or id prefix.") var list: String
        @Option(name: [.short, .long], help: "The project the list is in (when names repeat).") var project: String?

        func run(with coordinator: AppCoordinator, input: InputReader) async throws {
            try await coordinator.projects(json: global.json).deleteList(list, project: project)
        }
    }
}
