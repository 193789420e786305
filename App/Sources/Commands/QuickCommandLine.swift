import Adapters

/// The command lines people type many times a day, read from a small table instead of by ArgumentParser
/// (ADR 0028).
///
/// ArgumentParser learns a command's options by reflecting over its property wrappers, and on Linux each step of
/// that reflection looks up protocol conformances by scanning every conformance record in the binary: reading
/// `stint timer` cost 30 M instructions, three quarters of the whole command. Timewarrior answers the same
/// question in 4 ms, so the everyday lines below are read here. Anything this reader does not recognise
/// exactly—help, an unknown or repeated flag, `--option=value`, a value that starts with a dash, `--`, a second
/// positional—returns nil and goes to ArgumentParser, which stays the one source of help, usage errors and
/// completions. `QuickCommandLineTests` reads every shape both ways and requires the same ``Invocation``;
/// the parsed commands run through the same ``Invocation/perform(with:)``.
struct QuickCommandLine: Equatable {
    /// What a command does once its arguments are known: the meeting point of both readers.
    enum Invocation: Equatable {
        case dashboard
        case timerStatus
        case timerList
        case timerStart(TimerStartArguments)
        case timerStop(TimerStopArguments)
        case timerPause(timer: String?, at: String?)
        case timerResume(timer: String?, at: String?)
        case timerDiscard(timer: String?)
        case timerRestart(at: String?, note: String?)
        case taskAdd(TaskAddArguments)
        case taskList(TaskListArguments)
        case taskNote(task: String, text: String)
        case taskShow(task: String)
        case taskDone(tasks: [String], force: Bool)
        case taskStart(tasks: [String])
        case report(ReportArguments)
        case entriesList(EntriesListArguments)
        case log(LogArguments)
        case undo
        case taskReopen(tasks: [String])
        case taskEdit(TaskEditArguments)
        case projectList(includeArchived: Bool)
        case projectShow(project: String)
        case listList(project: String?)
    }

    /// `GlobalOptions`, as values.
    struct Global: Equatable {
        var json = false
        var verbose = false
        var quiet = false
        var color: ColorOption = .auto
    }

    var invocation: Invocation
    var global: Global

    /// The line read from the table, or nil when ArgumentParser must read it.
    static func parse(_ arguments: [String]) -> QuickCommandLine? {
        for shape in shapes(startingWith: arguments.first) {
            guard arguments.starts(with: shape.path) else { continue }
            guard let values = shape.read(arguments.dropFirst(shape.path.count)) else { return nil }
            // `--quiet --verbose` is a usage error the parser words.
            guard !(values.global.quiet && values.global.verbose) else { return nil }
            guard let invocation = shape.make(values) else { return nil }
            return QuickCommandLine(invocation: invocation, global: values.global)
        }
        return nil
    }

    /// The lines this table reads whose path can start with `first`, longest path first so `timer start` is not
    /// taken for `timer`. Only that group's option tables are built: building every shape's dictionaries cost each
    /// command about 0.15 M instructions, 5 % of `stint timer` (ADR 0028 decision 25).
    private static func shapes(startingWith first: String?) -> [Shape] {
        switch first {
        case "task": taskShapes
        case "report", "entries": timeShapes
        case "timer": timerShapes
        case "log": logShapes
        case "project", "list": placeShapes
        default: otherShapes
        }
    }

    /// The lines that do not start with `task`, `report`, `entries`, `timer` or `log`: `undo`, and the dashboard,
    /// asked for by name or with no words at all (global flags alone).
    private static let otherShapes: [Shape] = [
        Shape(path: ["undo"]) { _ in .undo },
        Shape(path: ["dashboard"]) { _ in .dashboard },
        Shape(path: []) { _ in .dashboard },
    ]

    /// Projects and lists: `stint project` and `stint list` alone are their listings, as the parser's default
    /// subcommands make them; any other word after them (`add`, `rename`, a mistake) is the parser's.
    private static let placeShapes: [Shape] = [
        Shape(path: ["project", "list"], flags: projectListFlags, make: projectList),
        Shape(path: ["project", "ls"], flags: projectListFlags, make: projectList),
        // The project is required: without one the parser words the error.
        Shape(path: ["project", "show"], positional: true) { values in
            values.positional.map { .projectShow(project: $0) }
        },
        Shape(path: ["project"], flags: projectListFlags, make: projectList),
        Shape(path: ["list", "ls"], options: listListOptions) { values in
            .listList(project: values.options["project"])
        },
        Shape(path: ["list"], options: listListOptions) { values in .listList(project: values.options["project"]) },
    ]

    private static let projectListFlags = ["-a": "all", "--all": "all", "--archived": "all"]
    private static let listListOptions = ["-p": "project", "--project": "project"]

    @Sendable private static func projectList(_ values: Values) -> Invocation? {
        .projectList(includeArchived: values.flags.contains("all"))
    }

    private static let taskShapes: [Shape] = [
        Shape(
            path: ["task", "add"], positionals: .many,
            options: [
                "-p": "project", "--project": "project", "-l": "list", "--list": "list", "-d": "due", "--due": "due",
                "-P": "priority", "--priority": "priority", "-e": "estimate", "--estimate": "estimate", "-n": "note",
                "--note": "note", "--assign": "assign", "--parent": "parent", "--repeat": "repeat", "--until": "until",
            ],
            repeatable: ["-t": "tag", "--tag": "tag", "--after": "after"]
        ) { values in
            // The title is required: without one the parser words the error.
            guard !values.positionals.isEmpty, let priority = values.option("priority", PriorityOption.self) else {
                return nil
            }
            var arguments = TaskAddArguments(
                title: values.positionals.joined(with: " "), project: values.options["project"],
                list: values.options["list"], due: values.options["due"], priority: priority,
                tags: values.repeated["tag"] ?? [], estimate: values.options["estimate"],
                note: values.options["note"], assign: values.options["assign"])
            arguments.parent = values.options["parent"]
            arguments.after = values.repeated["after"] ?? []
            arguments.repeatRule = values.options["repeat"]
            arguments.until = values.options["until"]
            return .taskAdd(arguments)
        },
        Shape(path: ["task", "list"], options: taskListOptions, flags: taskListFlags, make: taskList),
        Shape(path: ["task", "ls"], options: taskListOptions, flags: taskListFlags, make: taskList),
        Shape(path: ["task", "show"], positional: true) { values in values.positional.map { .taskShow(task: $0) } },
        // At least one task: without one the parser words the error.
        Shape(path: ["task", "done"], positionals: .many, flags: ["--force": "force"]) { values in
            values.positionals.isEmpty
                ? nil : .taskDone(tasks: values.positionals, force: values.flags.contains("force"))
        },
        Shape(path: ["task", "start"], positionals: .many) { values in
            values.positionals.isEmpty ? nil : .taskStart(tasks: values.positionals)
        },
        Shape(
            path: ["task", "edit"], positional: true,
            options: [
                "--title": "title", "-d": "due", "--due": "due", "-P": "priority", "--priority": "priority",
                "-e": "estimate", "--estimate": "estimate", "-n": "note", "--note": "note", "--assign": "assign",
                "--parent": "parent", "--repeat": "repeat", "--until": "until",
            ],
            repeatable: ["-t": "tag", "--tag": "tag", "--untag": "untag", "--after": "after"],
            flags: [
                "--no-due": "noDue", "--no-estimate": "noEstimate", "--no-parent": "noParent", "--no-after": "noAfter",
                "--no-repeat": "noRepeat", "--no-until": "noUntil",
            ],
            make: taskEdit),
        Shape(path: ["task", "reopen"], positionals: .many) { values in
            values.positionals.isEmpty ? nil : .taskReopen(tasks: values.positionals)
        },
        Shape(path: ["task", "note"], positionals: .many) { values in
            guard values.positionals.count >= 2 else { return nil }
            return .taskNote(
                task: values.positionals[0], text: Array(values.positionals.dropFirst()).joined(with: " "))
        },
    ]

    /// `task edit`, or nil for a line `TaskCommand.Edit.validate()` refuses (a value and its `--no-` flag, a
    /// series ended and changed at once) or a priority the parser words.
    @Sendable private static func taskEdit(_ values: Values) -> Invocation? {
        guard let task = values.positional, let priority = values.option("priority", PriorityOption.self) else {
            return nil
        }
        let flags = values.flags
        let options = values.options
        let clashes = [("due", "noDue"), ("estimate", "noEstimate"), ("parent", "noParent"), ("repeat", "noRepeat")]
        guard !clashes.contains(where: { options[$0.0] != nil && flags.contains($0.1) }),
            !(options["until"] != nil && flags.contains("noUntil")),
            !(flags.contains("noRepeat") && (options["until"] != nil || flags.contains("noUntil")))
        else { return nil }
        var arguments = TaskEditArguments(
            task: task, title: options["title"], due: options["due"], noDue: flags.contains("noDue"),
            priority: priority, addTags: values.repeated["tag"] ?? [], removeTags: values.repeated["untag"] ?? [],
            estimate: options["estimate"], noEstimate: flags.contains("noEstimate"), note: options["note"],
            assign: options["assign"])
        arguments.parent = options["parent"]
        arguments.noParent = flags.contains("noParent")
        arguments.after = values.repeated["after"] ?? []
        arguments.noAfter = flags.contains("noAfter")
        arguments.repeatRule = options["repeat"]
        arguments.noRepeat = flags.contains("noRepeat")
        arguments.until = options["until"]
        arguments.noUntil = flags.contains("noUntil")
        return .taskEdit(arguments)
    }

    private static let taskListOptions = [
        "-p": "project", "--project": "project", "-l": "list", "--list": "list", "--status": "status",
        "-t": "tag", "--tag": "tag", "-P": "priority", "--priority": "priority", "-d": "due", "--due": "due",
        "--due-before": "dueBefore", "-s": "search", "--search": "search", "--assignee": "assignee",
        "--sort": "sort", "--limit": "limit", "--parent": "parent",
    ]
    private static let taskListFlags = [
        "-a": "all", "--all": "all", "--count": "count", "--blocked": "blocked", "--ready": "ready",
    ]

    @Sendable private static func taskList(_ values: Values) -> Invocation? {
        let all = values.flags.contains("all")
        guard let status = values.option("status", TaskStatusOption.self),
            let priority = values.option("priority", PriorityOption.self),
            let sort = values.option("sort", TaskSortOption.self), let limit = values.number("limit"),
            // The command's own checks: the parser words these.
            !(values.options["due"] != nil && values.options["dueBefore"] != nil), !(all && status != nil),
            !(values.flags.contains("blocked") && values.flags.contains("ready"))
        else { return nil }
        var arguments = TaskListArguments(
            project: values.options["project"], list: values.options["list"], status: status, all: all,
            tag: values.options["tag"], priority: priority, due: values.options["due"],
            dueBefore: values.options["dueBefore"], search: values.options["search"],
            assignee: values.options["assignee"], sort: sort, limit: limit, count: values.flags.contains("count"))
        arguments.blocked = values.flags.contains("blocked")
        arguments.ready = values.flags.contains("ready")
        arguments.parent = values.options["parent"]
        return .taskList(arguments)
    }

    private static let timeShapes: [Shape] = [
        Shape(
            path: ["report"],
            options: [
                "-s": "since", "--since": "since", "-u": "until", "--until": "until", "--by": "by", "-p": "project",
                "--project": "project", "-f": "format", "--format": "format", "--user": "user",
            ],
            flags: [
                "-b": "billable", "--billable": "billable", "--today": "today", "--week": "week", "--month": "month",
                "--year": "year",
            ]
        ) { values in
            let periods = ReportPeriodOption.allCases.filter { values.flags.contains($0.rawValue) }
            guard periods.count <= 1, let grouping = values.option("by", ReportGroupingOption.self),
                let format = values.checkedFormat(),
                periods.isEmpty || (values.options["since"] == nil && values.options["until"] == nil)
            else { return nil }
            return .report(
                ReportArguments(
                    period: periods.first, since: values.options["since"], until: values.options["until"],
                    grouping: grouping, project: values.options["project"], billable: values.flags.contains("billable"),
                    format: format, user: values.options["user"]))
        },
        Shape(path: ["entries", "list"], options: entriesListOptions, flags: entriesListFlags, make: entriesList),
        Shape(path: ["entries", "ls"], options: entriesListOptions, flags: entriesListFlags, make: entriesList),
    ]

    private static let entriesListOptions = [
        "-s": "since", "--since": "since", "-u": "until", "--until": "until", "-p": "project", "--project": "project",
        "--task": "task", "--limit": "limit", "-f": "format", "--format": "format",
    ]
    private static let entriesListFlags = ["-a": "all", "--all": "all"]

    @Sendable private static func entriesList(_ values: Values) -> Invocation? {
        let all = values.flags.contains("all")
        guard let format = values.checkedFormat(), let limit = values.number("limit"),
            !(all && (values.options["since"] != nil || values.options["until"] != nil))
        else { return nil }
        return .entriesList(
            EntriesListArguments(
                since: values.options["since"], until: values.options["until"], project: values.options["project"],
                task: values.options["task"], all: all, limit: limit, format: format))
    }

    /// `stint log`, read as `LogCommand` reads it; anything its `validate()` would refuse, a negative length
    /// (`-5m`, which the table would take for an option) or both overlap flags go to the parser, which words them.
    private static let logShapes: [Shape] = [
        Shape(
            path: ["log"], positionals: .many,
            options: [
                "-p": "project", "--project": "project", "-d": "date", "--date": "date", "-s": "start",
                "--start": "start", "-e": "end", "--end": "end", "-n": "note", "--note": "note",
            ],
            repeatable: ["-t": "tag", "--tag": "tag"],
            flags: [
                "-b": "billable", "--billable": "billable", "--force": "force", "--allow-overlap": "allow",
                "--adjust": "adjust",
            ]
        ) { values in
            let words = values.positionals
            let end = values.options["end"]
            if end != nil {
                guard values.options["start"] != nil, words.count <= 1,
                    !(words.first.map(LogCommand.looksLikeDuration) ?? false)
                else { return nil }
            } else if words.isEmpty || words.count > 2 {
                return nil
            }
            let (allow, adjust) = (values.flags.contains("allow"), values.flags.contains("adjust"))
            guard !(allow && adjust) else { return nil }
            return .log(
                LogArguments(
                    duration: end == nil ? words[0] : nil, task: end == nil ? words.dropFirst().first : words.first,
                    project: values.options["project"], date: values.options["date"], start: values.options["start"],
                    end: end, note: values.options["note"], billable: values.flags.contains("billable"),
                    tags: values.repeated["tag"] ?? [], force: values.flags.contains("force"),
                    overlap: allow ? .allow : adjust ? .adjust : .refuse))
        }
    ]

    private static let timerShapes: [Shape] = [
        Shape(
            path: ["timer", "start"], positional: true,
            options: ["-p": "project", "--project": "project", "-n": "note", "--note": "note", "--at": "at"],
            repeatable: ["-t": "tag", "--tag": "tag"], flags: ["-b": "billable", "--billable": "billable"]
        ) { values in
            .timerStart(
                TimerStartArguments(
                    task: values.positional, project: values.options["project"], note: values.options["note"],
                    billable: values.flags.contains("billable"), at: values.options["at"],
                    tags: values.repeated["tag"] ?? []))
        },
        Shape(
            path: ["timer", "stop"], positional: true,
            options: ["--at": "at", "-n": "note", "--note": "note"], flags: ["--force": "force"]
        ) { values in
            .timerStop(
                TimerStopArguments(
                    timer: values.positional, at: values.options["at"], note: values.options["note"],
                    force: values.flags.contains("force")))
        },
        Shape(path: ["timer", "pause"], positional: true, options: ["--at": "at"]) { values in
            .timerPause(timer: values.positional, at: values.options["at"])
        },
        Shape(path: ["timer", "resume"], positional: true, options: ["--at": "at"]) { values in
            .timerResume(timer: values.positional, at: values.options["at"])
        },
        Shape(path: ["timer", "discard"], positional: true) { values in .timerDiscard(timer: values.positional) },
        Shape(path: ["timer", "restart"], options: ["--at": "at", "-n": "note", "--note": "note"]) { values in
            .timerRestart(at: values.options["at"], note: values.options["note"])
        },
        Shape(path: ["timer", "status"]) { _ in .timerStatus },
        Shape(path: ["timer", "list"]) { _ in .timerList },
        Shape(path: ["timer", "ls"]) { _ in .timerList },
        // `stint timer` alone (or with global flags only) is `timer status`; any other word after it is a
        // subcommand the table does not hold, or a mistake the parser should word.
        Shape(path: ["timer"]) { _ in .timerStatus },
    ]

    /// What one shape read off the words after its path.
    struct Values {
        var positionals: [String] = []
        var positional: String? { positionals.first }
        var options: [String: String] = [:]
        var repeated: [String: [String]] = [:]
        var flags: Set<String> = []
        var global = Global()
        /// The global flags seen, so one given twice goes to the parser.
        var seenGlobals: Set<String> = []

        /// `.some(nil)` when the option is absent, `.some(value)` when it names a case, nil when the parser must
        /// word the refusal.
        func option<Value: OptionValue>(_ key: String, _: Value.Type) -> Value?? {
            guard let text = options[key] else { return .some(nil) }
            guard let value = Value(parsing: text) else { return nil }
            return .some(value)
        }

        /// An integer option as ArgumentParser reads one (`Int(_:)`), with the same three outcomes.
        func number(_ key: String) -> Int?? {
            guard let text = options[key] else { return .some(nil) }
            guard let value = Int(text) else { return nil }
            return .some(value)
        }

        /// `--format`, or nil when it is unknown or contradicts `--json` (`OutputChoice`).
        func checkedFormat() -> ReportFormatOption?? {
            guard let format = option("format", ReportFormatOption.self),
                (try? OutputChoice.check(json: global.json, format: format)) != nil
            else { return nil }
            return format
        }
    }

    /// The positional words a command takes.
    enum Positionals: Sendable {
        case none
        /// At most one (a timer's task or id).
        case one
        /// Any number, in order, wherever they stand among the options (a title, a note's words).
        case many
    }

    /// One command's words: its path, whether it takes one optional positional, and its options and flags by
    /// spelling (each spelling names a key, so `-n` and `--note` fill the same value).
    private struct Shape: Sendable {
        let path: [String]
        var positionals = Positionals.none
        var options: [String: String] = [:]
        var repeatable: [String: String] = [:]
        var flags: [String: String] = [:]
        let make: @Sendable (Values) -> Invocation?

        init(
            path: [String], positional: Bool = false, positionals: Positionals? = nil, options: [String: String] = [:],
            repeatable: [String: String] = [:], flags: [String: String] = [:],
            make: @escaping @Sendable (Values) -> Invocation?
        ) {
            self.path = path
            self.positionals = positionals ?? (positional ? .one : .none)
            self.options = options
            self.repeatable = repeatable
            self.flags = flags
            self.make = make
        }

        /// The values, or nil for anything the parser should see: the reader only accepts what it is sure means
        /// the same to ArgumentParser.
        func read(_ words: ArraySlice<String>) -> Values? {
            var values = Values()
            var words = words
            while let word = words.popFirst() {
                guard word.hasPrefix("-") else {
                    // A second positional, or a subcommand word this shape does not know.
                    switch positionals {
                    case .none: return nil
                    case .one: guard values.positionals.isEmpty else { return nil }
                    case .many: break
                    }
                    values.positionals.append(word)
                    continue
                }
                if let key = options[word] {
                    // A repeated single-value option, or a value that looks like a flag, is the parser's to judge.
                    guard values.options[key] == nil, let value = words.popFirst(), !value.hasPrefix("-") else {
                        return nil
                    }
                    values.options[key] = value
                } else if let key = repeatable[word] {
                    guard let value = words.popFirst(), !value.hasPrefix("-") else { return nil }
                    values.repeated[key, default: []].append(value)
                } else if let key = flags[word] {
                    guard values.flags.insert(key).inserted else { return nil }
                } else if !Self.readGlobal(word, from: &words, into: &values) {
                    return nil
                }
            }
            return values
        }

        /// `GlobalOptions`' spellings. One given twice goes to the parser, which refuses it.
        static func readGlobal(_ word: String, from words: inout ArraySlice<String>, into values: inout Values)
            -> Bool
        {
            switch word {
            case "--json": values.global.json = true
            case "-v", "--verbose": values.global.verbose = true
            case "-q", "--quiet": values.global.quiet = true
            case "--color":
                guard let value = words.popFirst(), !value.hasPrefix("-"), let color = ColorOption(parsing: value)
                else { return false }
                values.global.color = color
            default:
                return false
            }
            let key = word.count == 2 ? (word == "-v" ? "--verbose" : "--quiet") : word
            return values.seenGlobals.insert(key).inserted
        }
    }
}

extension QuickCommandLine.Invocation {
    /// The commands that never change local data: their database is opened read-only (ADR 0028, decision 19).
    var onlyReads: Bool {
        switch self {
        case .dashboard, .timerStatus, .timerList, .taskList, .taskShow, .report, .entriesList, .projectList,
            .projectShow, .listList:
            true
        case .timerStart, .timerStop, .timerPause, .timerResume, .timerDiscard, .timerRestart, .taskAdd, .taskNote,
            .taskDone, .taskStart, .log, .undo, .taskReopen, .taskEdit:
            false
        }
    }

    /// Runs the command with the coordinator built for this run.
    func perform(with coordinator: AppCoordinator) async throws {
        if onlyReads { coordinator.expectOnlyReads() }
        switch self {
        case .dashboard: try await coordinator.dashboard()
        case .timerStatus: try await coordinator.timerStatus()
        case .timerList: try await coordinator.listTimers()
        case .timerStart(let arguments): try await coordinator.startTimer(arguments)
        case .timerStop(let arguments): try await coordinator.stopTimer(arguments)
        case .timerPause(let timer, let at): try await coordinator.pauseTimer(timer, at: at)
        case .timerResume(let timer, let at): try await coordinator.resumeTimer(timer, at: at)
        case .timerDiscard(let timer): try await coordinator.discardTimer(timer)
        case .timerRestart(let at, let note): try await coordinator.restartTimer(at: at, note: note)
        case .taskAdd(let arguments): try await coordinator.addTask(arguments)
        case .taskList(let arguments): try await coordinator.listTasks(arguments)
        case .taskNote(let task, let text): try await coordinator.noteTask(task, text: text)
        case .taskShow(let task): try await coordinator.showTask(task)
        case .taskDone(let tasks, let force): try await coordinator.completeTasks(tasks, force: force)
        case .taskStart(let tasks): try await coordinator.startTasks(tasks)
        case .report(let arguments): try await coordinator.report(arguments)
        case .entriesList(let arguments): try await coordinator.listEntries(arguments)
        case .log(let arguments): try await coordinator.log(arguments)
        case .undo: try await coordinator.undo()
        case .taskReopen(let tasks): try await coordinator.reopenTasks(tasks)
        case .taskEdit(let arguments): try await coordinator.editTask(arguments)
        case .projectList(let includeArchived): try await coordinator.listProjects(includeArchived: includeArchived)
        case .projectShow(let project): try await coordinator.showProject(project)
        case .listList(let project): try await coordinator.listLists(project: project)
        }
    }
}
