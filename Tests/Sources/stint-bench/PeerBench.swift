import Foundation

// `stint-bench peers`: Stint side by side with Taskwarrior, Timewarrior and Watson on one data set.
// Like the rest of stint-bench it only prints numbers for a person to read (docs/adr/0010); the one
// thing it asserts is that every tool reads the same totals, since timings over different data mean nothing.

/// The four tools, in the order of the printed tables.
enum PeerTool: Int, CaseIterable, Comparable {
    case stint, taskwarrior, timewarrior, watson

    var name: String { ["Stint", "Taskwarrior", "Timewarrior", "Watson"][rawValue] }
    /// The command a person types, used in the "what each row runs" table.
    var command: String { ["stint", "task", "timew", "watson"][rawValue] }

    static func < (lhs: PeerTool, rhs: PeerTool) -> Bool { lhs.rawValue < rhs.rawValue }
}

struct PeerOptions {
    var binaries: [PeerTool: String] = [:]
    var runs = 20
    var tasks = 10_000
    var entries = 100_000
    var keep = false

    static func parse(_ arguments: [String]) -> PeerOptions? {
        var options = PeerOptions()
        var remaining = arguments[...]
        while let flag = remaining.popFirst() {
            switch flag {
            case "--stint": options.binaries[.stint] = remaining.popFirst()
            case "--task": options.binaries[.taskwarrior] = remaining.popFirst()
            case "--timew": options.binaries[.timewarrior] = remaining.popFirst()
            case "--watson": options.binaries[.watson] = remaining.popFirst()
            case "--runs": options.runs = remaining.popFirst().flatMap(Int.init) ?? -1
            case "--tasks": options.tasks = remaining.popFirst().flatMap(Int.init) ?? -1
            case "--entries": options.entries = remaining.popFirst().flatMap(Int.init) ?? -1
            case "--keep": options.keep = true
            default: return nil
            }
        }
        guard options.binaries[.stint] != nil, options.tasks >= 100, options.entries >= 1, options.runs >= 1 else {
            return nil
        }
        return options
    }
}

enum PeerBench {
    static let usage = """
        usage: stint-bench peers --stint PATH [--task PATH] [--timew PATH] [--watson PATH]
                                 [--runs 20] [--tasks 10000] [--entries 100000] [--keep]

        Generates one data set (20 projects, --tasks tasks, --entries time entries over the two years before
        today), loads it into Stint (`stint import`), Taskwarrior (`task import`), Timewarrior (its data files)
        and Watson (its frames file), checks that all of them read the same totals, then times the commands
        they share, --runs times each after one warm-up round, the tools taking turns within every round.
        Prints Markdown: the machine, the load times, the totals, and one table of medians, peak memory and
        each peer's median divided by Stint's.
        task, timew and watson are looked up on PATH unless given. Every tool runs with TZ=UTC and HOME,
        STINT_HOME, TASKRC, TASKDATA, TIMEWARRIORDB and WATSON_DIR inside a temporary folder, removed at the
        end unless --keep. Usually run through `make bench-peers` (Tests/bench-peers.sh installs the peers).
        """

    static func main(_ arguments: [String]) -> Never {
        if arguments.contains("--help") || arguments.contains("-h") {
            print(usage)
            exit(0)
        }
        guard let options = PeerOptions.parse(arguments) else {
            FileHandle.standardError.write(Data((usage + "\n").utf8))
            exit(64)
        }
        let root = FileManager.default.temporaryDirectory
            .appendingPathComponent("stint-bench-peers-\(UUID().uuidString.lowercased())", isDirectory: true)
        var succeeded = false
        do {
            var session = try PeerSession(options: options, root: root)
            try session.run()
            succeeded = true
        } catch {
            FileHandle.standardError.write(Data("stint-bench peers: \(error)\n".utf8))
        }
        if options.keep {
            FileHandle.standardError.write(Data("kept: \(root.path)\n".utf8))
        } else {
            try? FileManager.default.removeItem(at: root)
        }
        exit(succeeded ? 0 : 1)
    }
}

/// One command the tools share, and how each tool that has it spells it.
struct PeerStep {
    enum Kind { case plain, timerStart, timerStop }

    let label: String
    /// Where in a round it runs (see `PeerSession.steps`); the table lists steps in their own order.
    let turn: Int
    var kind = Kind.plain
    let commands: [PeerTool: [String]]
}

/// One bench run from set-up to the printed tables.
struct PeerSession {
    let options: PeerOptions
    let root: URL
    let binaries: [PeerTool: String]
    let runner: PeerRunner
    let stintHome: URL
    let taskData: URL
    let timewDatabase: URL
    let watsonDirectory: URL
    /// The real clock at the start; the bench never pins a clock, the tools all read the real one.
    let now: Int
    /// The project the filtered commands use.
    let project = ExportGenerator.projectNames[0]
    var markdown: [String] = []

    init(options: PeerOptions, root: URL) throws {
        self.options = options
        self.root = root
        var binaries: [PeerTool: String] = [:]
        let hints: [PeerTool: String] = [
            .taskwarrior: "apt-get install taskwarrior", .timewarrior: "apt-get install timewarrior",
            .watson: "pip install td-watson (Tests/bench-peers.sh puts it in a virtual environment)",
        ]
        for tool in PeerTool.allCases {
            guard let path = options.binaries[tool] ?? Self.onPath(tool.command) else {
                throw PeerBenchError(
                    description: "\(tool.name) (`\(tool.command)`) is not installed: \(hints[tool] ?? "")")
            }
            guard FileManager.default.isExecutableFile(atPath: path) else {
                throw PeerBenchError(description: "\(path) is not an executable \(tool.name) (`\(tool.command)`)")
            }
            binaries[tool] = path
        }
        self.binaries = binaries
        stintHome = root.appendingPathComponent("stint", isDirectory: true)
        taskData = root.appendingPathComponent("task", isDirectory: true)
        timewDatabase = root.appendingPathComponent("timewarrior", isDirectory: true)
        watsonDirectory = root.appendingPathComponent("watson", isDirectory: true)
        let home = root.appendingPathComponent("home", isDirectory: true)
        for folder in [stintHome, taskData, timewDatabase.appendingPathComponent("data"), watsonDirectory, home] {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        }
        guard let gnuTime = Self.onPath("time") else {
            throw PeerBenchError(description: "GNU time (/usr/bin/time) measures peak memory: apt-get install time")
        }
        runner = PeerRunner(
            root: root, gnuTime: gnuTime,
            environment: [
                "HOME": home.path, "TZ": "UTC", "LANG": "C.UTF-8", "NO_COLOR": "1", "TERM": "dumb",
                "PATH": ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin",
                "STINT_HOME": stintHome.path, "TASKRC": root.appendingPathComponent("taskrc").path,
                "TASKDATA": taskData.path, "TIMEWARRIORDB": timewDatabase.path, "WATSON_DIR": watsonDirectory.path,
            ])
        now = Int(Date().timeIntervalSince1970)
    }

    static func onPath(_ command: String) -> String? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        return path.split(separator: ":").map { "\($0)/\(command)" }
            .first { FileManager.default.isExecutableFile(atPath: $0) }
    }

    func binary(_ tool: PeerTool) -> String { binaries[tool] ?? tool.command }

    @discardableResult
    func run(
        _ tool: PeerTool, _ arguments: [String], capture: Bool = false, measureMemory: Bool = false
    ) throws -> (PeerSample, String) {
        try runner.run(binary(tool), arguments, capture: capture, measureMemory: measureMemory)
    }

    mutating func run() throws {
        let data = try generate()
        let versions = try self.versions()
        describeMachine(data: data, versions: versions)
        try load(data)
        let sample = try checkTotals(data)
        try time(steps: steps(sample: sample))
        print(markdown.joined(separator: "\n"))
    }

    // MARK: 1. The data

    /// The data set ends an hour before the start of the current hour: the same within one hour (two runs
    /// close together compare like with like), with this week's data on any weekday, and every generated
    /// entry ends in the past, before any timer the bench starts. Entries are laid end to end (see
    /// `ExportGenerator.endToEnd`).
    mutating func generate() throws -> PeerDataSet {
        let started = ContinuousClock.now
        let dataEnd = (now / 3_600 - 1) * 3_600
        var generator = ExportGenerator(
            taskCount: options.tasks, entryCount: options.entries, now: Date(timeIntervalSince1970: Double(dataEnd)))
        generator.endToEnd = true
        let data = try PeerDataSet(document: generator.document())
        progress("generated \(options.tasks) tasks and \(options.entries) time entries in \(format(since: started))")
        return data
    }

    func versions() throws -> [PeerTool: String] {
        var versions: [PeerTool: String] = [:]
        for tool in PeerTool.allCases {
            let output = try run(tool, ["--version"], capture: true).1
            versions[tool] =
                output.split(separator: "\n").first.map(String.init)?
                .replacingOccurrences(of: "Watson, version ", with: "") ?? "?"
        }
        let python = URL(fileURLWithPath: binary(.watson)).deletingLastPathComponent()
            .appendingPathComponent("python3").path
        if FileManager.default.isExecutableFile(atPath: python),
            let output = try? runner.run(python, ["--version"], capture: true).1
        {
            versions[.watson, default: "?"] += " (\(output.trimmingCharacters(in: .whitespacesAndNewlines)))"
        }
        return versions
    }

    mutating func describeMachine(data: PeerDataSet, versions: [PeerTool: String]) {
        let cpuinfo = (try? String(contentsOfFile: "/proc/cpuinfo", encoding: .utf8)) ?? ""
        let model =
            cpuinfo.split(separator: "\n").first { $0.hasPrefix("model name") }
            .flatMap { $0.split(separator: ":", maxSplits: 1).last }
            .map { $0.trimmingCharacters(in: .whitespaces) } ?? "unknown CPU"
        let kernel =
            (try? String(contentsOfFile: "/proc/sys/kernel/osrelease", encoding: .utf8))?
            .trimmingCharacters(in: .whitespacesAndNewlines) ?? "?"
        let first = data.intervals.first.map { UTC.date($0.start) } ?? "-"
        let last = data.intervals.map(\.end).max().map { UTC.date($0) } ?? "-"
        markdown += [
            "## Stint side by side with Taskwarrior, Timewarrior and Watson — \(UTC.date(now)) "
                + "\(UTC.compact(now).dropFirst(9).prefix(2)):\(UTC.compact(now).dropFirst(11).prefix(2)) UTC",
            "",
            "- Machine: \(ProcessInfo.processInfo.activeProcessorCount) cores, \(model), Linux \(kernel)",
            "- Tools: Stint \(versions[.stint] ?? "?") (`\(binary(.stint))`), Taskwarrior "
                + "\(versions[.taskwarrior] ?? "?"), Timewarrior \(versions[.timewarrior] ?? "?"), Watson "
                + "\(versions[.watson] ?? "?")",
            "- Data: \(Self.grouped(data.tasks.count)) tasks (\(Self.grouped(data.pendingCount())) pending), "
                + "\(Self.grouped(data.intervals.count)) time entries from \(first) to \(last), "
                + "\(ExportGenerator.projectNames.count) projects",
            "- \(options.runs) timed runs per command after one warm-up round; in every round each command runs "
                + "once per tool, the tools taking turns in a rotating order; wall time from spawn to exit, "
                + "output to /dev/null",
            "",
        ]
    }

    // MARK: 2. Loading

    mutating func load(_ data: PeerDataSet) throws {
        var rows: [[String]] = []

        let exportFile = root.appendingPathComponent("stint-export.json")
        try JSONSerialization.data(withJSONObject: data.document, options: [.sortedKeys]).write(to: exportFile)
        progress("stint import …")
        let stint = try run(.stint, ["import", exportFile.path], measureMemory: true).0
        rows.append([
            "Stint", "`stint import stint-export.json` (\(kibibytes(exportFile)))", format(stint.duration),
            mebibytes(stint.maxResidentKiB),
        ])

        try "data.location=\(taskData.path)\nconfirmation=off\nhooks=off\nnews.version=99.0.0\n"
            .write(to: root.appendingPathComponent("taskrc"), atomically: true, encoding: .utf8)
        let taskFile = root.appendingPathComponent("taskwarrior-import.json")
        try data.taskwarriorImport().write(to: taskFile)
        progress("task import …")
        let task = try run(.taskwarrior, ["rc.verbose=nothing", "import", taskFile.path], measureMemory: true).0
        rows.append([
            "Taskwarrior", "`task rc.verbose=nothing import taskwarrior-import.json` (\(kibibytes(taskFile)))",
            format(task.duration), mebibytes(task.maxResidentKiB),
        ])

        var started = ContinuousClock.now
        try "".write(to: timewDatabase.appendingPathComponent("timewarrior.cfg"), atomically: true, encoding: .utf8)
        let files = data.timewarriorFiles()
        for (name, contents) in files {
            try contents.write(
                to: timewDatabase.appendingPathComponent("data").appendingPathComponent(name), atomically: true,
                encoding: .utf8)
        }
        let timewWritten = ContinuousClock.now - started
        // Timewarrior rebuilds its tags database (tags.data) from the intervals on first use.
        let timew = try run(.timewarrior, ["summary", ":week"], measureMemory: true).0
        rows.append([
            "Timewarrior",
            "\(files.count) `data/YYYY-MM.data` files written by the bench in \(format(timewWritten)), "
                + "then the first `timew summary :week` (rebuilds `tags.data`)",
            format(timew.duration), mebibytes(timew.maxResidentKiB),
        ])

        started = ContinuousClock.now
        let framesFile = watsonDirectory.appendingPathComponent("frames")
        try data.watsonFrames().write(to: framesFile)
        let watsonWritten = ContinuousClock.now - started
        let watson = try run(.watson, ["report", "--year"], measureMemory: true).0
        rows.append([
            "Watson",
            "`frames` (\(kibibytes(framesFile))) written by the bench in \(format(watsonWritten)), "
                + "then the first `watson report --year`",
            format(watson.duration), mebibytes(watson.maxResidentKiB),
        ])

        markdown += ["### Loading the data", ""]
        markdown += table(header: ["tool", "how", "wall time", "peak memory"], rows: rows, rightAligned: [2, 3])
        markdown.append("")
    }

    // MARK: 3. The same totals everywhere

    /// Reads the totals back from every tool and stops the bench if any differs from the generated data.
    /// Returns the task numbers the annotate and timer commands use.
    mutating func checkTotals(_ data: PeerDataSet) throws -> (stint: Int, taskwarrior: Int) {
        progress("checking that every tool reads the same totals …")
        let weekStart = UTC.weekStart(now)
        let yearStart = UTC.yearStart(now)
        let nextYear = UTC.days(year: UTC.civil(UTC.floorDiv(now, UTC.day)).year + 1, month: 1, day: 1) * UTC.day
        let expected = [
            data.pendingCount(), data.pendingCount(project: project),
            data.seconds(from: weekStart, to: weekStart + 7 * UTC.day), data.seconds(from: yearStart, to: nextYear),
        ]

        func integer(_ tool: PeerTool, _ arguments: [String]) throws -> Int {
            let output = try run(tool, arguments, capture: true).1.trimmingCharacters(in: .whitespacesAndNewlines)
            guard let value = Int(output) else {
                throw PeerBenchError(
                    description: "`\(tool.command) \(arguments.joined(separator: " "))` printed \(output)")
            }
            return value
        }
        func json(_ tool: PeerTool, _ arguments: [String], _ key: String) throws -> Int {
            let output = try run(tool, arguments, capture: true).1
            let object = try JSONSerialization.jsonObject(with: Data(output.utf8)) as? [String: Any]
            guard let value = (object?[key] as? NSNumber)?.doubleValue else {
                throw PeerBenchError(description: "`\(tool.command) \(arguments.joined(separator: " "))` has no \(key)")
            }
            return Int(value.rounded())
        }
        /// The total line of `timew summary` (H:MM:SS), or 0 when the range holds nothing.
        func timewTotal(_ range: String) throws -> Int {
            let output = try run(.timewarrior, ["summary", range], capture: true).1
            if output.contains("No filtered data") { return 0 }
            let last = output.split(separator: "\n").last { !$0.trimmingCharacters(in: .whitespaces).isEmpty }
            let parts = (last ?? "").trimmingCharacters(in: .whitespaces).split(separator: ":").compactMap { Int($0) }
            guard parts.count == 3 else {
                throw PeerBenchError(description: "`timew summary \(range)` ended: \(last ?? "")")
            }
            return parts[0] * 3_600 + parts[1] * 60 + parts[2]
        }

        let values: [[PeerTool: Int]] = [
            [
                .stint: try integer(.stint, ["task", "list", "--count"]),
                .taskwarrior: try integer(.taskwarrior, ["status:pending", "count"]),
            ],
            [
                .stint: try integer(.stint, ["task", "list", "--project", project, "--count"]),
                .taskwarrior: try integer(.taskwarrior, ["project:\(project)", "status:pending", "count"]),
            ],
            [
                .stint: try json(.stint, ["report", "--week", "--json"], "total_seconds"),
                .timewarrior: try timewTotal(":week"),
                .watson: try json(.watson, ["report", "--week", "--json"], "time"),
            ],
            [
                .stint: try json(.stint, ["report", "--year", "--json"], "total_seconds"),
                .timewarrior: try timewTotal(":year"),
                .watson: try json(.watson, ["report", "--year", "--json"], "time"),
            ],
        ]
        let labels = [
            "pending tasks", "pending tasks in \(project)",
            "time this week (from \(UTC.date(weekStart)))", "time this year (from \(UTC.date(yearStart)))",
        ]
        let isTime = [false, false, true, true]
        var rows: [[String]] = []
        var mismatches: [String] = []
        for (index, label) in labels.enumerated() {
            let show = { (value: Int) in isTime[index] ? Self.clock(value) : Self.grouped(value) }
            var row = [label, show(expected[index])]
            for tool in PeerTool.allCases {
                guard let value = values[index][tool] else {
                    row.append("—")
                    continue
                }
                row.append(show(value))
                if value != expected[index] {
                    mismatches.append(
                        "\(tool.name) reads \(show(value)) for \(label), the data holds \(show(expected[index]))")
                }
            }
            rows.append(row)
        }
        markdown += ["### The same totals in every tool (checked before timing)", ""]
        markdown += table(
            header: ["total", "generated"] + PeerTool.allCases.map(\.name), rows: rows, rightAligned: [1, 2, 3, 4, 5])
        markdown.append("")
        guard mismatches.isEmpty else {
            print(markdown.joined(separator: "\n"))
            throw PeerBenchError(description: "the tools disagree:\n  " + mismatches.joined(separator: "\n  "))
        }

        // The annotate and timer commands name one task by number; make sure both tools mean the same one.
        guard let index = data.sampleTaskIndex(project: project) else {
            throw PeerBenchError(description: "no pending task in \(project) to annotate")
        }
        let numbers = data.numbers(ofTaskAt: index)
        let stintOutput = try run(.stint, ["task", "show", String(numbers.stint), "--json"], capture: true).1
        let stintTask = try JSONSerialization.jsonObject(with: Data(stintOutput.utf8)) as? [String: Any]
        let taskOutput = try run(.taskwarrior, ["_get", "\(numbers.taskwarrior).uuid"], capture: true).1
        let uuid = data.tasks[index].uuid
        guard stintTask?["id"] as? String == uuid, taskOutput.trimmingCharacters(in: .whitespacesAndNewlines) == uuid
        else {
            throw PeerBenchError(
                description: "stint task \(numbers.stint) and task \(numbers.taskwarrior) are not both \(uuid) "
                    + "(\(stintTask?["id"] ?? "nil"), \(taskOutput))")
        }
        return numbers
    }

    // MARK: 4. Timing

    /// The shared commands, in the order of the table. A tool without the command has no entry.
    /// Within a round the timers start early and stop after the task commands, so every timer runs for
    /// a second or more (Stint does not record a timer stopped within a second, Timewarrior refuses an
    /// interval that ends in the second it started), and status is timed while they run.
    func steps(sample: (stint: Int, taskwarrior: Int)) -> [PeerStep] {
        let projectFilter = "project:\(project)"
        return [
            PeerStep(
                label: "startup (`--version`)", turn: 0,
                commands: [
                    .stint: ["--version"], .taskwarrior: ["--version"], .timewarrior: ["--version"],
                    .watson: ["--version"],
                ]),
            PeerStep(
                label: "count pending tasks", turn: 3,
                commands: [.stint: ["task", "list", "--count"], .taskwarrior: ["status:pending", "count"]]),
            PeerStep(
                label: "list one project's tasks", turn: 4,
                commands: [.stint: ["task", "list", "--project", project], .taskwarrior: [projectFilter, "list"]]),
            PeerStep(
                label: "list all pending tasks", turn: 5, commands: [.stint: ["task", "list"], .taskwarrior: ["list"]]),
            PeerStep(
                label: "one project's pending tasks as JSON", turn: 6,
                commands: [
                    .stint: ["task", "list", "--project", project, "--json"],
                    .taskwarrior: [projectFilter, "status:pending", "export"],
                ]),
            PeerStep(
                label: "add a task", turn: 7,
                commands: [.stint: ["task", "add", "bench"], .taskwarrior: ["add", "bench"]]),
            PeerStep(
                label: "annotate a task", turn: 8,
                commands: [
                    .stint: ["task", "note", String(sample.stint), "bench", "note"],
                    .taskwarrior: [String(sample.taskwarrior), "annotate", "bench", "note"],
                ]),
            PeerStep(
                label: "timer status (running)", turn: 2,
                commands: [.stint: ["timer"], .timewarrior: [], .watson: ["status"]]),
            PeerStep(
                label: "timer start", turn: 1, kind: .timerStart,
                commands: [
                    .stint: ["timer", "start", String(sample.stint)], .timewarrior: ["start", project, "bench"],
                    .watson: ["start", project, "+bench"],
                ]),
            PeerStep(
                label: "timer stop (≥ 1 s later)", turn: 9, kind: .timerStop,
                commands: [.stint: ["timer", "stop"], .timewarrior: ["stop"], .watson: ["stop"]]),
            PeerStep(
                label: "week report", turn: 10,
                commands: [
                    .stint: ["report", "--week"], .timewarrior: ["summary", ":week"], .watson: ["report", "--week"],
                ]),
            PeerStep(
                label: "year report", turn: 11,
                commands: [
                    .stint: ["report", "--year"], .timewarrior: ["summary", ":year"], .watson: ["report", "--year"],
                ]),
            PeerStep(
                label: "this week's entries as JSON", turn: 12,
                commands: [
                    .stint: ["entries", "list", "--since", "mon", "--json"], .timewarrior: ["export", ":week"],
                    .watson: ["log", "--week", "--json"],
                ]),
        ]
    }

    mutating func time(steps: [PeerStep]) throws {
        let order = steps.indices.sorted { steps[$0].turn < steps[$1].turn }
        var samples: [[PeerTool: [Duration]]] = Array(repeating: [:], count: steps.count)
        var memory: [[PeerTool: Int]] = Array(repeating: [:], count: steps.count)
        let benchStarted = ContinuousClock.now
        for round in 0...options.runs {
            progress(
                round == 0
                    ? "warm-up round …" : "round \(round) of \(options.runs) (\(format(since: benchStarted)) so far) …")
            var timerStarted: [PeerTool: ContinuousClock.Instant] = [:]
            for stepIndex in order {
                let step = steps[stepIndex]
                let tools = step.commands.keys.sorted()
                let first = round % tools.count
                for tool in tools[first...] + tools[..<first] {
                    guard let arguments = step.commands[tool] else { continue }
                    if step.kind == .timerStop, let started = timerStarted[tool] {
                        // Untimed: only when the round ran faster than the minimum a stop needs.
                        let elapsed = ContinuousClock.now - started
                        if elapsed < .milliseconds(1_200) { pause(.milliseconds(1_200) - elapsed) }
                    }
                    // Untimed: what any tool left to write goes to disk now, not inside the next one's fdatasync
                    // (docs/benchmarks.md, "What is timed").
                    sync()
                    // The warm-up round runs under GNU time for the peak memory; the timed rounds do not.
                    let sample = try run(tool, arguments, measureMemory: round == 0).0
                    if step.kind == .timerStart { timerStarted[tool] = ContinuousClock.now }
                    if round == 0 {
                        memory[stepIndex][tool] = sample.maxResidentKiB
                    } else {
                        samples[stepIndex][tool, default: []].append(sample.duration)
                    }
                }
            }
        }
        progress("timed \(options.runs) rounds in \(format(since: benchStarted))")

        var rows: [[String]] = []
        for (index, step) in steps.enumerated() {
            let stintMedian = samples[index][.stint].map(Self.median)
            var row = [step.label]
            for tool in PeerTool.allCases {
                guard let runs = samples[index][tool], !runs.isEmpty else {
                    row += tool == .stint ? ["—"] : ["—", ""]
                    continue
                }
                let median = Self.median(runs)
                row.append("\(format(median)) · \(mebibytes(memory[index][tool]))")
                if tool != .stint { row.append(stintMedian.map { ratio(median, $0) } ?? "") }
            }
            rows.append(row)
        }
        markdown += [
            "### Timings",
            "",
            "Median wall time of \(options.runs) runs · peak memory (ru_maxrss under GNU time, warm-up round). × is the peer's median divided by Stint's: "
                + "above 1× Stint is faster. — : the tool has no such command.",
            "",
        ]
        markdown += table(
            header: ["command", "Stint", "Taskwarrior", "×", "Timewarrior", "×", "Watson", "×"], rows: rows,
            rightAligned: [1, 2, 3, 4, 5, 6, 7])
        markdown += ["", "### What each row runs", ""]
        markdown += table(
            header: ["command"] + PeerTool.allCases.map(\.name),
            rows: steps.map { step in
                [step.label]
                    + PeerTool.allCases.map { tool in
                        step.commands[tool].map {
                            "`" + ([tool.command] + $0).map(PeerRunner.quoted).joined(separator: " ") + "`"
                        }
                            ?? "—"
                    }
            }, rightAligned: [])
        markdown.append("")
    }

    private func pause(_ duration: Duration) {
        let (seconds, attoseconds) = duration.components
        var request = timespec(tv_sec: Int(seconds), tv_nsec: Int(attoseconds / 1_000_000_000))
        var remaining = timespec()
        while nanosleep(&request, &remaining) == -1 && errno == EINTR { request = remaining }
    }

    // MARK: Formatting

    static func median(_ durations: [Duration]) -> Duration {
        Timing.median(durations.sorted())
    }

    static func milliseconds(_ duration: Duration) -> Double {
        let (seconds, attoseconds) = duration.components
        return Double(seconds) * 1_000 + Double(attoseconds) / 1e15
    }

    func format(_ duration: Duration) -> String {
        let value = Self.milliseconds(duration)
        if value < 100 { return String(format: "%.1f ms", value) }
        if value < 10_000 { return String(format: "%.0f ms", value) }
        return String(format: "%.1f s", value / 1_000)
    }

    func format(since start: ContinuousClock.Instant) -> String {
        format(ContinuousClock.now - start)
    }

    func ratio(_ peer: Duration, _ stint: Duration) -> String {
        let value = Self.milliseconds(peer) / max(Self.milliseconds(stint), 0.001)
        if value >= 10 { return String(format: "%.0f×", value) }
        if value >= 1 { return String(format: "%.1f×", value) }
        return String(format: "%.2f×", value)
    }

    func mebibytes(_ kibibytes: Int?) -> String {
        guard let kibibytes else { return "? MiB" }
        return String(format: "%.1f MiB", Double(kibibytes) / 1_024)
    }

    func kibibytes(_ file: URL) -> String {
        let size = (try? FileManager.default.attributesOfItem(atPath: file.path)[.size] as? NSNumber)?.intValue ?? 0
        return "\(Self.grouped(size / 1_024)) KiB"
    }

    static func grouped(_ value: Int) -> String {
        let digits = String(abs(value))
        var result = ""
        for (offset, character) in digits.enumerated() {
            if offset > 0 && (digits.count - offset) % 3 == 0 { result.append(",") }
            result.append(character)
        }
        return value < 0 ? "-" + result : result
    }

    /// Seconds as H:MM:SS, the way Timewarrior prints totals.
    static func clock(_ seconds: Int) -> String {
        let minutes = seconds / 60 % 60
        let rest = seconds % 60
        return "\(seconds / 3_600):\(minutes < 10 ? "0" : "")\(minutes):\(rest < 10 ? "0" : "")\(rest)"
    }

    func progress(_ message: String) {
        FileHandle.standardError.write(Data("stint-bench peers: \(message)\n".utf8))
    }

    /// A Markdown table padded to line up in a terminal too.
    func table(header: [String], rows: [[String]], rightAligned: Set<Int>) -> [String] {
        let widths = header.indices.map { column in
            ([header] + rows).map { $0.indices.contains(column) ? $0[column].count : 0 }.max() ?? 0
        }
        func line(_ cells: [String]) -> String {
            let padded = widths.indices.map { column -> String in
                let cell = cells.indices.contains(column) ? cells[column] : ""
                let padding = String(repeating: " ", count: max(0, widths[column] - cell.count))
                return rightAligned.contains(column) ? padding + cell : cell + padding
            }
            return "| " + padded.joined(separator: " | ") + " |"
        }
        let rule = widths.indices.map { column in
            let dashes = String(repeating: "-", count: widths[column] + 1)
            return rightAligned.contains(column) ? dashes + ":" : dashes + "-"
        }
        return [line(header), "|" + rule.joined(separator: "|") + "|"] + rows.map(line)
    }
}
