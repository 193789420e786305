import Adapters
import ArgumentParser

struct TaskCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "task",
        abstract: "Add, list, show, edit, complete and delete tasks.",
        discussion: """
            Tasks are referenced by their number or an id prefix. `stint task` alone lists open tasks.

            Examples:
              stint task add "Write report" --project Work --due fri
              stint task list --due overdue
              stint task done 12
            """,
        subcommands: [
            Add.self, List.self, Show.self, Edit.self, Done.self, Reopen.self, Start.self, Delete.self, Move.self,
            Note.self,
        ],
        defaultSubcommand: List.self)

    struct Add: QuickReadableCommand {
        static let configuration = CommandConfiguration(
            commandName: "add",
            abstract: "Add a task.",
            discussion: """
                Examples:
                  stint task add "Write report" --due fri --priority high
                  stint task add Buy milk --tag errand --due tomorrow
                  stint task add "Plan sprint" --list Backlog --estimate 2h
                  stint task add "Review the PR" --assign grace
                  stint task add "Deploy" --after 12,14
                  stint task add "Write copy" --parent 12
                  stint task add "Water plants" --repeat weekly
                  stint task add "Standup notes" --repeat weekdays

                --repeat takes daily, weekdays, weekly, monthly, yearly or every N days, weeks, months or years \
                (every 2w). Completing a recurring task adds its next occurrence, due on the series' next day; \
                a recurring task without --due starts today.
                """)
        @OptionGroup var global: GlobalOptions
        @Argument(help: "The title (several words are joined).") var title: [String]
        @Option(name: [.short, .long], help: "Project name or id prefix.", completion: .projects) var project: String?
        @Option(
            name: [.short, .long], help: "Task list name or id prefix (implies its project).", completion: .lists)
        var list: String?
        @Option(
            name: [.short, .long], parsing: .unconditional,
            help: "Due date: 2026-12-01, today, tomorrow, fri, +3d, -1d.", completion: .dueDays)
        var due: String?
        @Option(name: [.customLong("priority"), .customShort("P")], help: "How important it is.")
        var priority: PriorityOption?
        @Option(name: [.short, .long], help: "A tag (repeatable).") var tag: [String] = []
        @Option(name: [.short, .long], parsing: .unconditional, help: "Estimated effort: 1h30m, 90m, 1.5h.")
        var estimate: String?
        @Option(name: [.short, .long], help: "A note.") var note: String?
        @Option(
            help: "Assign it to a team member (name), to me, or to none (needs stint login).",
            completion: .list(["me", "none"]))
        var assign: String?
        @Option(help: "Make it a subtask of this task (number or id prefix).", completion: .activeTasks)
        var parent: String?
        @Option(help: "A task this one comes after (repeatable, or 12,14).", completion: .activeTasks)
        var after: [String] = []
        @Option(name: .customLong("repeat"), help: "Repeat: daily, weekdays, weekly, monthly, yearly, every 2w.")
        var repeatRule: String?
        @Option(parsing: .unconditional, help: "The last day it may repeat on.", completion: .dueDays)
        var until: String?

        var invocation: QuickCommandLine.Invocation {
            var arguments = TaskAddArguments(
                title: title.joined(with: " "), project: project, list: list, due: due, priority: priority,
                tags: tag, estimate: estimate, note: note, assign: assign)
            arguments.parent = parent
            arguments.after = after
            arguments.repeatRule = repeatRule
            arguments.until = until
            return .taskAdd(arguments)
        }
    }

    struct List: QuickReadableCommand {
        static let configuration = CommandConfiguration(
            commandName: "list",
            abstract: "List tasks, filtered and sorted.",
            discussion: """
                By default: open and in-progress tasks, highest priority first, then earliest due.

                Examples:
                  stint task list --project Work
                  stint task list --due overdue
                  stint task list --due week --tag writing --sort due
                  stint task list --status done --limit 20
                  stint task list --search invoice --count
                  stint task list --assignee me
                  stint task list --ready
                  stint task list --parent 12
                  stint task list --project Work --due week --save work
                  stint task list @work

                A blocked task (one that comes after a task not done yet) shows "(after 12)" and --blocked \
                lists only those; --ready lists the rest. A parent shows its subtasks done, e.g. [2/5], and \
                a recurring task ↻.

                --save NAME keeps the filter's options in the config file as [filter] NAME; @NAME lists with \
                them again (options typed after @NAME win). stint config unset filter.NAME forgets one.
                """,
            aliases: ["ls"])
        @OptionGroup var global: GlobalOptions
        @Option(name: [.short, .long], help: "Only this project (name or id prefix).", completion: .projects)
        var project: String?
        @Option(name: [.short, .long], help: "Only this task list.", completion: .lists) var list: String?
        @Option(name: .long, help: "Which tasks by status (default: active, i.e. open or in progress).")
        var status: TaskStatusOption?
        @Flag(name: [.short, .long], help: "Include completed tasks (same as --status all).") var all = false
        @Option(name: [.short, .long], help: "Only tasks with this tag.") var tag: String?
        @Option(name: [.customLong("priority"), .customShort("P")], help: "Only this priority.")
        var priority: PriorityOption?
        @Option(
            name: [.short, .long], parsing: .unconditional, help: "today, overdue, week, or a date (due that day).",
            completion: .list(["today", "overdue", "week"]))
        var due: String?
        @Option(
            name: .customLong("due-before"), parsing: .unconditional, help: "Due before this date.",
            completion: .dueDays)
        var dueBefore: String?
        @Option(name: [.short, .long], help: "Text in the title or note.") var search: String?
        @Option(help: "Only tasks assigned to this team member (name), or to me.", completion: .list(["me"]))
        var assignee: String?
        @Option(name: .long, help: "The order (default: priority).") var sort: TaskSortOption?
        @Option(name: .long, parsing: .unconditional, help: "Show at most this many tasks (at least 1).") var limit:
            Int?
        @Flag(name: .long, help: "Print only how many tasks match.") var count = false
        @Flag(help: "Only tasks waiting on a task not done yet.") var blocked = false
        @Flag(help: "Only tasks waiting on nothing.") var ready = false
        @Option(help: "Only the subtasks of this task.", completion: .activeTasks) var parent: String?
        @Option(help: "Keep these options as the saved filter @NAME.") var save: String?

        func validate() throws {
            if due != nil && dueBefore != nil {
                throw ValidationError("use either --due or --due-before, not both")
            }
            if all && status != nil { throw ValidationError("use either --all or --status, not both") }
            if blocked && ready { throw ValidationError("use either --blocked or --ready, not both") }
        }

        var invocation: QuickCommandLine.Invocation {
            var arguments = TaskListArguments(
                project: project, list: list, status: status, all: all, tag: tag, priority: priority, due: due,
                dueBefore: dueBefore, search: search, assignee: assignee, sort: sort, limit: limit, count: count)
            arguments.blocked = blocked
            arguments.ready = ready
            arguments.parent = parent
            arguments.save = save
            return .taskList(arguments)
        }
    }

    struct Show: QuickReadableCommand {
        static let configuration = CommandConfiguration(
            commandName: "show",
            abstract: "Show everything about one task.",
            discussion: "Examples:\n  stint task show 12\n  stint task show 3f9a")
        @OptionGroup var global: GlobalOptions
        @Argument(help: "Task number or id prefix.", completion: .activeTasks) var task: String

        var invocation: QuickCommandLine.Invocation { .taskShow(task: task) }
    }

    struct Edit: QuickReadableCommand {
        static let configuration = CommandConfiguration(
            commandName: "edit",
            abstract: "Change a task's title, due date, priority, tags, estimate or note.",
            discussion: """
                Examples:
                  stint task edit 12 --title "Q4 report" --due +2d
                  stint task edit 12 -P low --tag later --untag urgent
                  stint task edit 12 --no-due --no-estimate
                  stint task edit 12 --assign me
                  stint task edit 12 --assign none
                  stint task edit 12 --after 9 --parent 4
                  stint task edit 12 --no-after --repeat monthly
                  stint task edit 12   # no flags: a form in $EDITOR

                --after adds to the tasks this one comes after; --no-after drops them all first.
                """)
        @OptionGroup var global: GlobalOptions
        @Argument(help: "Task number or id prefix.", completion: .activeTasks) var task: String
        @Option(help: "New title.") var title: String?
        @Option(name: [.short, .long], parsing: .unconditional, help: "New due date.", completion: .dueDays)
        var due: String?
        @Flag(name: .customLong("no-due"), help: "Remove the due date.") var noDue = false
        @Option(name: [.customLong("priority"), .customShort("P")], help: "The new priority.")
        var priority: PriorityOption?
        @Option(name: [.short, .long], help: "Add a tag (repeatable).") var tag: [String] = []
        @Option(name: .long, help: "Remove a tag (repeatable).") var untag: [String] = []
        @Option(name: [.short, .long], parsing: .unconditional, help: "New estimate: 1h30m, 90m, 1.5h.")
        var estimate: String?
        @Flag(name: .customLong("no-estimate"), help: "Remove the estimate.") var noEstimate = false
        @Option(name: [.short, .long], help: "Replace the whole note (use `stint task note` to append).")
        var note: String?
        @Option(
            help: "Assign it to a team member (name), to me, or to none (needs stint login).",
            completion: .list(["me", "none"]))
        var assign: String?
        @Option(help: "Make it a subtask of this task.", completion: .activeTasks) var parent: String?
        @Flag(name: .customLong("no-parent"), help: "Make it a top-level task.") var noParent = false
        @Option(help: "Add a task this one comes after (repeatable, or 12,14).", completion: .activeTasks)
        var after: [String] = []
        @Flag(name: .customLong("no-after"), help: "Drop every task it comes after.") var noAfter = false
        @Option(name: .customLong("repeat"), help: "Repeat: daily, weekdays, weekly, monthly, yearly, every 2w.")
        var repeatRule: String?
        @Flag(name: .customLong("no-repeat"), help: "Stop repeating.") var noRepeat = false
        @Option(parsing: .unconditional, help: "The last day it may repeat on.", completion: .dueDays)
        var until: String?
        @Flag(name: .customLong("no-until"), help: "Repeat without an end.") var noUntil = false

        func validate() throws {
            if due != nil && noDue { throw ValidationError("use either --due or --no-due, not both") }
            if estimate != nil && noEstimate {
                throw ValidationError("use either --estimate or --no-estimate")
            }
            if parent != nil && noParent { throw ValidationError("use either --parent or --no-parent, not both") }
            if repeatRule != nil && noRepeat { throw ValidationError("use either --repeat or --no-repeat, not both") }
            if until != nil && noUntil { throw ValidationError("use either --until or --no-until, not both") }
            if noRepeat && (until != nil || noUntil) {
                throw ValidationError("--no-repeat ends the series: --until and --no-until have nothing to change")
            }
        }

        var invocation: QuickCommandLine.Invocation {
            var arguments = TaskEditArguments(
                task: task, title: title, due: due, noDue: noDue, priority: priority, addTags: tag, removeTags: untag,
                estimate: estimate, noEstimate: noEstimate, note: note, assign: assign)
            arguments.parent = parent
            arguments.noParent = noParent
            arguments.after = after
            arguments.noAfter = noAfter
            arguments.repeatRule = repeatRule
            arguments.noRepeat = noRepeat
            arguments.until = until
            arguments.noUntil = noUntil
            return .taskEdit(arguments)
        }
    }

    struct Done: QuickReadableCommand {
        static let configuration = CommandConfiguration(
            commandName: "done",
            abstract: "Mark tasks completed.",
            discussion: """
                Says which tasks now wait on nothing, and adds a recurring task's next occurrence. A task \
                with open subtasks is completed only with --force (the subtasks stay open).

                Examples:
                  stint task done 12
                  stint task done 3 4 5
                """)
        @OptionGroup var global: GlobalOptions
        @Argument(help: "Task numbers or id prefixes (several are one change: one undo).", completion: .activeTasks)
        var tasks: [String]
        @Flag(help: "Complete a task even while some of its subtasks are open.") var force = false

        var invocation: QuickCommandLine.Invocation { .taskDone(tasks: tasks, force: force) }
    }

    struct Reopen: QuickReadableCommand {
        static let configuration = CommandConfiguration(
            commandName: "reopen",
            abstract: "Mark a completed task open again.", discussion: "Examples:\n  stint task reopen 12")
        @OptionGroup var global: GlobalOptions
        @Argument(help: "Task numbers or id prefixes (several are one change: one undo).", completion: .doneTasks)
        var tasks: [String]

        var invocation: QuickCommandLine.Invocation { .taskReopen(tasks: tasks) }
    }

    struct Start: QuickReadableCommand {
        static let configuration = CommandConfiguration(
            commandName: "start",
            abstract: "Mark a task in progress.", discussion: "Examples:\n  stint task start 12")
        @OptionGroup var global: GlobalOptions
        @Argument(help: "Task numbers or id prefixes (several are one change: one undo).", completion: .activeTasks)
        var tasks: [String]

        var invocation: QuickCommandLine.Invocation { .taskStart(tasks: tasks) }
    }

    struct Delete: StintCommand {
        static let configuration = CommandConfiguration(
            commandName: "delete",
            abstract: "Delete a task (asks on a terminal; `stint undo` brings it back).",
            discussion: """
                Asks first on a terminal, naming the tasks and their logged time; elsewhere pass --force.

                Examples:
                  stint task delete 12
                  stint task delete 7 8 --force
                """)
        @OptionGroup var global: GlobalOptions
        @Argument(help: "Task numbers or id prefixes (several: one question, one undo).", completion: .activeTasks)
        var tasks: [String]
        @Flag(help: "Delete without asking; needed when stdin is not a terminal.") var force = false

        func run(with coordinator: AppCoordinator) async throws {
            try await coordinator.deleteTasks(tasks, force: force)
        }
    }

    struct Move: StintCommand {
        static let configuration = CommandConfiguration(
            commandName: "move",
            abstract: "Move a task to another project and/or list.",
            discussion: "Examples:\n  stint task move 12 --project Home\n  stint task move 12 --list Backlog")
        @OptionGroup var global: GlobalOptions
        @Argument(help: "Task numbers or id prefixes (several are one change: one undo).", completion: .activeTasks)
        var tasks: [String]
        @Option(name: [.short, .long], help: "Target project.", completion: .projects) var project: String?
        @Option(
            name: [.short, .long], help: "Target list (in the target project, else the task's own).",
            completion: .lists)
        var list: String?

        func run(with coordinator: AppCoordinator) async throws {
            try await coordinator.moveTasks(tasks, project: project, list: list)
        }
    }

    struct Note: QuickReadableCommand {
        static let configuration = CommandConfiguration(
            commandName: "note",
            abstract: "Append a timestamped line to a task's note.",
            discussion: "Examples:\n  stint task note 12 \"Sent the draft to Ana\"")
        @OptionGroup var global: GlobalOptions
        @Argument(help: "Task number or id prefix.", completion: .activeTasks) var task: String
        @Argument(help: "The text (several words are joined).") var text: [String]

        var invocation: QuickCommandLine.Invocation {
            .taskNote(task: task, text: text.joined(with: " "))
        }
    }
}
