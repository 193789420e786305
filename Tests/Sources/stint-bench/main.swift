import Foundation

// stint-bench: imports a large export into a throw-away STINT_HOME and prints how long common commands take.
// It only prints numbers for a person to compare (docs/adr/0010); nothing here asserts on time.

let usage = """
    usage: stint-bench --stint PATH [--tasks 10000] [--entries 100000] [--people 1] [--runs 30] [--keep]

    Imports a generated export (20 projects, 60 lists, --tasks tasks, --entries time entries over two years)
    into a temporary STINT_HOME. With --people N it is N people's data in one team database: 20 projects each,
    the tasks and entries shared out evenly, reports counting the first person's time (the scale run of issue
    11 is --people 10 --tasks 100000 --entries 1000000). It then runs common commands --runs times each and prints median, p90 and min
    wall time in milliseconds.
    With --keep the temporary folder (STINT_HOME and the export file) is left in place and its path printed,
    so another binary can be compared on the very same data (hyperfine alternating both, say).
    Usually run through `make bench`, which builds both binaries in release mode first.
    """

struct Options {
    var stint: String?
    var tasks = 10_000
    var entries = 100_000
    var people = 1
    var runs = 30
    var keep = false

    static func parse(_ arguments: [String]) -> Options? {
        var options = Options()
        var remaining = arguments[...]
        while let flag = remaining.popFirst() {
            switch flag {
            case "--stint": options.stint = remaining.popFirst()
            case "--tasks": options.tasks = remaining.popFirst().flatMap(Int.init) ?? -1
            case "--entries": options.entries = remaining.popFirst().flatMap(Int.init) ?? -1
            case "--people": options.people = remaining.popFirst().flatMap(Int.init) ?? -1
            case "--runs": options.runs = remaining.popFirst().flatMap(Int.init) ?? -1
            case "--keep": options.keep = true
            default: return nil
            }
        }
        guard options.stint != nil, options.tasks >= 1, options.entries >= 0, options.people >= 1,
            options.runs >= 1
        else { return nil }
        return options
    }
}

/// The scratch folder of this run (STINT_HOME and the export file); removed however the bench ends.
let root = FileManager.default.temporaryDirectory
    .appendingPathComponent("stint-bench-\(UUID().uuidString.lowercased())", isDirectory: true)

func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data("stint-bench: \(message)\n".utf8))
    try? FileManager.default.removeItem(at: root)
    exit(1)
}

let arguments = Array(CommandLine.arguments.dropFirst())
// `stint-bench peers …`: Stint side by side with Taskwarrior, Timewarrior and Watson (PeerBench.swift).
if arguments.first == "peers" { PeerBench.main(Array(arguments.dropFirst())) }
if arguments.contains("--help") || arguments.contains("-h") {
    print(usage)
    exit(0)
}
guard let options = Options.parse(arguments), let stintPath = options.stint else {
    FileHandle.standardError.write(Data((usage + "\n").utf8))
    exit(64)
}
guard FileManager.default.isExecutableFile(atPath: stintPath) else {
    fail("\(stintPath) is not an executable stint binary")
}

let pinnedNow = "2026-11-21T10:00:00Z"
let home = root.appendingPathComponent("home", isDirectory: true)
do {
    try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
} catch {
    fail("cannot create \(home.path): \(error.localizedDescription)")
}

let runner = CommandRunner(
    binary: URL(fileURLWithPath: stintPath), root: root,
    environment: [
        "STINT_HOME": home.path, "STINT_NOW": pinnedNow, "TZ": "UTC", "NO_COLOR": "1", "TERM": "dumb",
        "HOME": root.path, "PATH": ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin",
    ])

// 1. Generate the export file.
let exportFile = root.appendingPathComponent("bench-export.json")
let generationStart = ContinuousClock.now
do {
    var generator = ExportGenerator(
        taskCount: options.tasks, entryCount: options.entries, now: try Date.ISO8601FormatStyle().parse(pinnedNow),
        people: options.people)
    let document = generator.document()
    try JSONSerialization.data(withJSONObject: document, options: [.sortedKeys]).write(to: exportFile)
} catch {
    fail("cannot write the export file: \(error.localizedDescription)")
}
let generation = ContinuousClock.now - generationStart
let fileSize = (try? FileManager.default.attributesOfItem(atPath: exportFile.path)[.size] as? NSNumber)?.intValue ?? 0

print("stint-bench: \(stintPath)")
print(
    "data: \(options.tasks) tasks, \(options.entries) time entries, \(options.people) people, "
        + "\(ExportGenerator.projectNames.count * options.people) projects, "
        + "\(ExportGenerator.projectNames.count * 3 * options.people) lists; \(fileSize / 1024) KiB generated in "
        + "\(Timing.milliseconds(generation)) ms; \(options.runs) runs per command after one warm-up run")
print("")

// 2. The process-start baseline, measured before any database exists.
var rows: [(String, [Duration])] = []
rows.append(("stint --version  (process start baseline)", runner.measure(["--version"], runs: options.runs)))

// 3. The import, once: a second import of the same file would be a different (no-op) workload.
let importTime = runner.time(["import", exportFile.path])
rows.append(("stint import FILE  (once)", [importTime]))

// 4. Everyday commands on the full database.
let showNumber = String(min(5_000, options.tasks))
let commands: [(String, [String])] = [
    (
        "stint task list --project \"\(ExportGenerator.projectNames[0])\"",
        ["task", "list", "--project", ExportGenerator.projectNames[0]]
    ),
    ("stint task add \"bench\"", ["task", "add", "bench"]),
    ("stint task list --due overdue --count", ["task", "list", "--due", "overdue", "--count"]),
    ("stint  (dashboard)", []),
    ("stint task show \(showNumber)", ["task", "show", showNumber]),
    ("stint report --week", ["report", "--week"]),
    ("stint report --month --by day", ["report", "--month", "--by", "day"]),
    ("stint report --year", ["report", "--year"]),
    ("stint report --year --by task", ["report", "--year", "--by", "task"]),
    ("stint report --since 2024-11-21 (2 years) --by week", ["report", "--since", "2024-11-21", "--by", "week"]),
    ("stint report --year --by tag --format csv", ["report", "--year", "--by", "tag", "--format", "csv"]),
    ("stint entries  (today's)", ["entries"]),
    ("stint timer status", ["timer", "status"]),
]
for (label, command) in commands {
    rows.append((label, runner.measure(command, runs: options.runs)))
}

print(Timing.table(rows))
if options.keep {
    print("kept: STINT_HOME=\(home.path) (export file \(exportFile.path))")
} else {
    try? FileManager.default.removeItem(at: root)
}
