import Adapters
import ArgumentParser

struct TimerCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "timer",
        abstract: "Start, pause, resume and stop timers on tasks or projects.",
        discussion: """
            One timer runs at a time: starting or resuming one pauses the running one. Stopping a timer logs \
            its time, pauses left out: one entry for each stretch it ran, at the hours it ran. `stint timer` \
            alone shows the running timer.

            TIMER is the task number whose timer it is, or a timer id prefix; left out it means the running \
            timer (for resume: the most recently paused one). --at takes 09:15, "10 min ago", \
            "yesterday 17:30" or 2026-11-20T17:30.

            Examples:
              stint timer start 12
              stint timer start --project Work --billable
              stint timer start 12 --at "20 min ago"
              stint timer pause
              stint timer stop --note "first draft done"
              stint timer restart
            """,
        subcommands: [
            Start.self, Pause.self, Resume.self, Stop.self, Discard.self, Restart.self, Status.self, List.self,
        ],
        defaultSubcommand: Status.self)

    struct Start: QuickReadableCommand {
        static let configuration = CommandConfiguration(
            commandName: "start",
            abstract: "Start a timer on a task (or a project), pausing the running one.",
            discussion: """
                Without a task or --project, a terminal lets you pick a task; a script must name one. Starting \
                a task whose timer is paused resumes that timer. An open task becomes in progress.

                Examples:
                  stint timer start 12
                  stint timer start 12 --at 09:15
                  stint timer start 12 --tag client --billable
                  stint timer start --project Work --billable
                """)
        @OptionGroup var global: GlobalOptions
        @Argument(help: "The task: its number or id prefix.", completion: .activeTasks) var task: String?
        @Option(name: [.short, .long], help: "Time the project itself (name or id prefix).", completion: .projects)
        var project: String?
        @Option(name: [.short, .long], help: "A note for the time entry.") var note: String?
        @Flag(name: [.short, .long], help: "Mark the time billable.") var billable = false
        @Option(name: .long, parsing: .unconditional, help: "When you started: 09:15, \"10 min ago\".")
        var at: String?
        @Option(name: [.customShort("t"), .long], help: "A tag for the time entry (repeatable).") var tag: [String] = []

        var invocation: QuickCommandLine.Invocation {
            .timerStart(
                TimerStartArguments(task: task, project: project, note: note, billable: billable, at: at, tags: tag))
        }
    }

    struct Restart: QuickReadableCommand {
        static let configuration = CommandConfiguration(
            commandName: "restart",
            abstract: "Start a new timer on what you last logged time on (like watson restart).",
            discussion: """
                The task or project of your latest time entry gets a new timer, billable if that entry was. \
                Starting marks an open task in progress.

                Examples:
                  stint timer restart
                  stint timer restart --at 13:30 --note "after lunch"
                """)
        @OptionGroup var global: GlobalOptions
        @Option(name: [.short, .long], help: "A note for the time entry.") var note: String?
        @Option(name: .long, parsing: .unconditional, help: "When you started again: 13:30, \"5 min ago\".")
        var at: String?

        var invocation: QuickCommandLine.Invocation { .timerRestart(at: at, note: note) }
    }

    struct Pause: QuickReadableCommand {
        static let configuration = CommandConfiguration(
            commandName: "pause", abstract: "Pause the running timer.",
            discussion: "Examples:\n  stint timer pause\n  stint timer pause --at \"5 min ago\"")
        @OptionGroup var global: GlobalOptions
        @Argument(help: "The timer (task number or timer id prefix); default: the running one.", completion: .timers)
        var timer: String?
        @Option(name: .long, parsing: .unconditional, help: "When you stopped working.") var at: String?

        var invocation: QuickCommandLine.Invocation { .timerPause(timer: timer, at: at) }
    }

    struct Resume: QuickReadableCommand {
        static let configuration = CommandConfiguration(
            commandName: "resume", abstract: "Resume a paused timer (pausing the running one).",
            discussion: "Examples:\n  stint timer resume\n  stint timer resume 12 --at 13:30")
        @OptionGroup var global: GlobalOptions
        @Argument(help: "The timer; default: the most recently paused one.", completion: .timers) var timer: String?
        @Option(name: .long, parsing: .unconditional, help: "When you started again.") var at: String?

        var invocation: QuickCommandLine.Invocation { .timerResume(timer: timer, at: at) }
    }

    struct Stop: QuickReadableCommand {
        static let configuration = CommandConfiguration(
            commandName: "stop", abstract: "Stop a timer and log its time (an entry per stretch it ran).",
            discussion: """
                A timer that ran more than 24 hours is usually forgotten: stop it --at when you stopped \
                working, or pass --force to log it all.

                Examples:
                  stint timer stop
                  stint timer stop --at 17:45 --note "review done"
                """)
        @OptionGroup var global: GlobalOptions
        @Argument(help: "The timer; default: the running one (or the only paused one).", completion: .timers)
        var timer: String?
        @Option(name: .long, parsing: .unconditional, help: "When you stopped working.") var at: String?
        @Option(name: [.short, .long], help: "The entry's note (default: the timer's).") var note: String?
        @Flag(name: .long, help: "Allow an entry longer than 24 hours.") var force = false

        var invocation: QuickCommandLine.Invocation {
            .timerStop(TimerStopArguments(timer: timer, at: at, note: note, force: force))
        }
    }

    struct Discard: QuickReadableCommand {
        static let configuration = CommandConfiguration(
            commandName: "discard", abstract: "Throw a timer away without logging its time.",
            discussion: "`stint undo` brings it back.\n\nExamples:\n  stint timer discard\n  stint timer discard 12")
        @OptionGroup var global: GlobalOptions
        @Argument(help: "The timer; default: the running one (or the only paused one).", completion: .timers)
        var timer: String?

        var invocation: QuickCommandLine.Invocation { .timerDiscard(timer: timer) }
    }

    struct Status: QuickReadableCommand {
        static let configuration = CommandConfiguration(
            commandName: "status", abstract: "Show the running timer and how many are paused.",
            discussion: "Examples:\n  stint timer status\n  stint timer --json")
        @OptionGroup var global: GlobalOptions

        var invocation: QuickCommandLine.Invocation { .timerStatus }
    }

    struct List: QuickReadableCommand {
        static let configuration = CommandConfiguration(
            commandName: "list", abstract: "List all timers, the running one first, with their elapsed time.",
            discussion: "Examples:\n  stint timer list\n  stint timer list --json", aliases: ["ls"])
        @OptionGroup var global: GlobalOptions

        var invocation: QuickCommandLine.Invocation { .timerList }
    }
}
