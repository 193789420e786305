import Adapters
import ArgumentParser

/// `stint login` and `stint logout`: connect this device to a Stint server, or stop syncing.
struct LoginCommand: StintCommand {
    static let configuration = CommandConfiguration(
        commandName: "login",
        abstract: "Connect this device to a Stint server.",
        discussion: """
            Checks the token with the server, registers this device under the token's user and keeps the \
            server's address and the token in a file only you can read. The token is never printed. Pass \
            `--token -` to read it from standard input, so it stays out of your shell history. Everything you \
            did offline is pushed on the next `stint sync`.

            Plain http is refused for anything but this machine (127.0.0.1, localhost, ::1) unless --insecure \
            is given: the token would cross the network unencrypted.

            Examples:
              stint login http://127.0.0.1:8420 --token stint_3q2…
              stint login https://stint.example.com --token -
              stint-server user add ana | tail -n 1 |
                stint login http://127.0.0.1:8420 --token -
            """)
    @OptionGroup var global: GlobalOptions
    @Argument(help: "The server's address, e.g. http://127.0.0.1:8420.") var server: String
    @Option(help: "The token `stint-server user add` printed, or - to read it from standard input.")
    var token: String?
    @Option(name: .customLong("device-name"), help: "How this device is named on the server (default: the host name).")
    var deviceName: String?
    @Flag(help: "Allow plain http to another machine (the token crosses the network unencrypted).")
    var insecure = false

    func run(with coordinator: AppCoordinator) async throws {
        try await coordinator.login(server: server, token: token, deviceName: deviceName, allowInsecure: insecure)
    }
}

struct LogoutCommand: StintCommand {
    static let configuration = CommandConfiguration(
        commandName: "logout",
        abstract: "Forget the server's token on this device; local data stays.",
        discussion: "Examples:\n  stint logout")
    @OptionGroup var global: GlobalOptions

    func run(with coordinator: AppCoordinator) async throws {
        try await coordinator.logout()
    }
}

/// `stint sync …`: push this device's changes, pull everyone's, and settle conflicts.
struct SyncCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "sync",
        abstract: "Share your work with the server: push local changes, pull everyone's.",
        discussion: """
            `stint sync` alone pushes what changed on this device since the last sync and pulls what changed \
            elsewhere. When the same field was changed on two devices, the first change to reach the server \
            stands and yours is kept as a conflict: list them with `stint sync conflicts` and settle one with \
            `stint sync conflicts resolve ID --take mine`.

            `stint sync --watch` keeps syncing every two seconds until you press Ctrl-C, so a timer stopped on \
            another machine shows up here within seconds. With `stint config set auto-sync on` every change \
            syncs in the background by itself.

            Examples:
              stint sync
              stint sync --watch
              stint sync status
              stint sync conflicts
              stint sync conflicts resolve 3f9a2c1d --take mine
            """,
        subcommands: [Run.self, Status.self, Conflicts.self],
        defaultSubcommand: Run.self)

    struct Run: StintCommand {
        static let configuration = CommandConfiguration(
            commandName: "run", abstract: "Push local changes and pull everyone's (the default).",
            discussion: """
                With --watch it goes on syncing every --interval (2s by default) until interrupted, printing a \
                summary only when something moved (one JSON object per line with --json). While the server \
                cannot be reached it says so once and keeps trying, less often.

                Examples:
                  stint sync
                  stint sync run --json
                  stint sync --watch
                  stint sync --watch --interval 10s --json
                """)
        @OptionGroup var global: GlobalOptions
        @Flag(help: "Keep syncing until interrupted (Ctrl-C).") var watch = false
        @Option(help: "With --watch: the pause between syncs, 1s to 1h (e.g. 2s, 30s, 5m).")
        var interval: WatchInterval = WatchInterval(seconds: 2)
        /// The process auto-sync starts after a change; never typed by a person.
        @Flag(help: .private) var background = false

        func validate() throws {
            if background && watch { throw ValidationError("--background and --watch cannot be combined") }
        }

        func run(with coordinator: AppCoordinator) async throws {
            if background {
                await coordinator.backgroundSync()
            } else if watch {
                try await coordinator.watch(every: .seconds(interval.seconds))
            } else {
                try await coordinator.sync()
            }
        }
    }

    /// `--interval`: a whole number of seconds or minutes.
    struct WatchInterval: ExpressibleByArgument, Sendable {
        let seconds: Int

        init(seconds: Int) {
            self.seconds = seconds
        }

        init?(argument: String) {
            let text = argument.trimmingCharacters(in: .whitespaces).lowercased()
            let (digits, scale): (Substring, Int) =
                text.hasSuffix("min")
                ? (text.dropLast(3), 60)
                : text.hasSuffix("m")
                    ? (text.dropLast(), 60)
                    : text.hasSuffix("s") ? (text.dropLast(), 1) : (Substring(text), 1)
            guard digits.count <= 6, let value = Int(digits), (1...3600).contains(value * scale) else { return nil }
            seconds = value * scale
        }

        var defaultValueDescription: String { "\(seconds)s" }
    }

    struct Status: StintCommand {
        static let configuration = CommandConfiguration(
            commandName: "status",
            abstract: "Server, user, device, pending changes, last sync and conflicts (no network).",
            discussion: "Examples:\n  stint sync status\n  stint sync status --json")
        static let onlyReads = true
        @OptionGroup var global: GlobalOptions

        func run(with coordinator: AppCoordinator) async throws {
            try await coordinator.syncStatus()
        }
    }

    struct Conflicts: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "conflicts",
            abstract: "List the values that lost a conflict, or settle one.",
            discussion: "Examples:\n  stint sync conflicts\n  stint sync conflicts resolve 3f9a2c1d --take theirs",
            subcommands: [List.self, Resolve.self],
            defaultSubcommand: List.self)

        struct List: StintCommand {
            static let configuration = CommandConfiguration(
                commandName: "list", abstract: "List open conflicts (the default).",
                discussion: "Examples:\n  stint sync conflicts\n  stint sync conflicts list --all --json",
                aliases: ["ls"])
            static let onlyReads = true
            @OptionGroup var global: GlobalOptions
            @Flag(name: [.short, .long], help: "Include conflicts already resolved.") var all = false

            func run(with coordinator: AppCoordinator) async throws {
                try await coordinator.syncConflicts(includeResolved: all)
            }
        }

        struct Resolve: StintCommand {
            static let configuration = CommandConfiguration(
                commandName: "resolve",
                abstract: "Settle a conflict: keep your value (mine) or the server's (theirs).",
                discussion: """
                    `--take mine` writes your value back as a new change, pushed on the next sync; \
                    `--take theirs` accepts the value the server kept.

                    Examples:
                      stint sync conflicts resolve 3f9a2c1d --take mine
                    """)
            @OptionGroup var global: GlobalOptions
            @Argument(help: "The conflict's id or a unique prefix of it (see `stint sync conflicts`).")
            var conflict: String
            @Option(help: "Which value should hold.") var take: ConflictSideOption

            func run(with coordinator: AppCoordinator) async throws {
                try await coordinator.resolveConflict(conflict, take: take)
            }
        }
    }
}

/// `stint team`: the people on the server this device syncs with.
struct TeamCommand: StintCommand {
    static let configuration = CommandConfiguration(
        commandName: "team",
        abstract: "List the people on your Stint server (tasks can be assigned to them).",
        discussion: "Examples:\n  stint team\n  stint team --refresh --json")
    @OptionGroup var global: GlobalOptions
    @Flag(help: "Ask the server now instead of using the list fetched in the last ten minutes.") var refresh = false

    func run(with coordinator: AppCoordinator) async throws {
        try await coordinator.team(refresh: refresh)
    }
}

/// `stint config`: the settings: the config file's (ADR 0027) and auto-sync, which stays in the database.
struct ConfigCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "config",
        abstract: "Show or change settings: the config file, and auto-sync.",
        discussion: """
            Settings live in a TOML file: $STINT_HOME/config.toml when STINT_HOME is set, else \
            $XDG_CONFIG_HOME/stint/config.toml, else ~/.config/stint/config.toml (stint config path). \
            `stint config set` rewrites only the line it changes and keeps your comments. A mistake in the \
            file stops every command with one line naming the file and the line (exit 4).

              week_start = "monday"  # the first day of a week
              color = "auto"         # or always, never
              [report]
              period = "week"        # or today, month, year
              by = "project"         # or task, day, week, tag
              [log]
              start = "now"          # or a time such as "09:00"
              [alias]
              d = "task done"        # stint d 3: stint task done 3
              [filter]
              work = "--project Work --due week"

            week_start decides what report --week, sow and eow mean; --color and NO_COLOR win over \
            color. report.period and report.by are what stint report covers and how it groups its rows when \
            the command line does not say.

            With log start "now" today's entry ends now and another --date's begins at 09:00; a time \
            makes every entry without --start begin then. An alias replaces the first word only, must \
            begin with a stint command (an alias cannot run another alias) and cannot hide one. A filter \
            holds task list options: stint task list @work uses them, and stint task list OPTIONS --save \
            work writes one.

            auto-sync (on or off, default off) is kept in the database, not the file: after every change \
            Stint pushes it, and pulls everyone's, in the background; commands return as fast as offline. \
            If the server cannot be reached the change stays pending and the next command says so in one line.

            Examples:
              stint config
              stint config set week_start sunday
              stint config set report.by task
              stint config set alias.ls "task list --status open"
              stint config get week_start
              stint config unset alias.ls
              stint config set auto-sync on
            """,
        subcommands: [List.self, Get.self, Set.self, Unset.self, Path.self],
        defaultSubcommand: List.self)

    struct List: StintCommand {
        static let configuration = CommandConfiguration(
            commandName: "list",
            abstract: "List auto-sync and what the file sets (--json: every value in force).",
            discussion: "Examples:\n  stint config\n  stint config list --json")
        static let onlyReads = true
        @OptionGroup var global: GlobalOptions

        func run(with coordinator: AppCoordinator) async throws {
            try await coordinator.listConfig()
        }
    }

    struct Get: StintCommand {
        static let configuration = CommandConfiguration(
            commandName: "get", abstract: "Print one setting's value in force (its default when the file is silent).",
            discussion: """
                Examples:
                  stint config get week_start
                  stint config get alias.d
                  stint config get auto-sync
                """)
        static let onlyReads = true
        @OptionGroup var global: GlobalOptions
        @Argument(
            help:
                "The setting: week_start, color, report.period, report.by, log.start, alias.NAME, filter.NAME or auto-sync."
        )
        var setting: String

        func run(with coordinator: AppCoordinator) async throws {
            try await coordinator.getConfig(setting)
        }
    }

    struct Set: StintCommand {
        static let configuration = CommandConfiguration(
            commandName: "set", abstract: "Change a setting.",
            discussion: """
                Examples:
                  stint config set week_start sunday
                  stint config set report.period month
                  stint config set log.start 09:00
                  stint config set alias.d "task done"
                  stint config set auto-sync on
                """)
        @OptionGroup var global: GlobalOptions
        @Argument(
            help:
                "The setting: week_start, color, report.period, report.by, log.start, alias.NAME, filter.NAME or auto-sync."
        )
        var setting: String
        @Argument(help: "The new value.") var value: String

        func run(with coordinator: AppCoordinator) async throws {
            try await coordinator.setConfig(setting, to: value, commands: StintRuntime.commandNames)
        }
    }

    struct Unset: StintCommand {
        static let configuration = CommandConfiguration(
            commandName: "unset", abstract: "Remove a setting from the config file, so its default applies again.",
            discussion: "Examples:\n  stint config unset report.by\n  stint config unset alias.d")
        @OptionGroup var global: GlobalOptions
        @Argument(help: "The setting: week_start, color, report.period, report.by, log.start or alias.NAME.")
        var setting: String

        func run(with coordinator: AppCoordinator) async throws {
            try await coordinator.unsetConfig(setting)
        }
    }

    struct Path: StintCommand {
        static let configuration = CommandConfiguration(
            commandName: "path", abstract: "Print where the config file is (or would be created).",
            discussion: "Examples:\n  stint config path\n  $EDITOR \"$(stint config path)\"")
        @OptionGroup var global: GlobalOptions

        func run(with coordinator: AppCoordinator) async throws {
            try coordinator.showConfigPath()
        }
    }
}
