import Adapters
import ArgumentParser
import Testing

@testable import Commands

/// The quick table (ADR 0028) must read a line exactly as ArgumentParser does, or leave it to the parser.
@Suite("Quick command lines read like the parser reads them")
struct QuickCommandLineTests {
    /// What ArgumentParser makes of `arguments`, in the quick table's terms; nil for a command outside the table.
    static func parsed(_ arguments: [String]) throws -> QuickCommandLine? {
        let command = try Stint.parseAsRoot(arguments)
        guard let quick = command as? any QuickReadableCommand else { return nil }
        return QuickCommandLine(invocation: quick.invocation, global: QuickCommandLine.Global(quick.global))
    }

    static let readQuickly: [[String]] = [
        [], ["--json"], ["dashboard"], ["dashboard", "-q", "--color", "never"],
        ["timer"], ["timer", "--json"], ["timer", "status"], ["timer", "status", "--json", "--verbose"],
        ["timer", "list"], ["timer", "ls", "-q"],
        ["timer", "start", "12"], ["timer", "start"], ["timer", "start", "12", "--billable", "--json"],
        ["timer", "start", "--project", "Work", "-b"], ["timer", "start", "-p", "Work", "-n", "call with Ana"],
        ["timer", "start", "12", "--at", "10 min ago", "--tag", "client", "-t", "deep work", "--note", ""],
        ["timer", "start", "3f9a", "--color", "always", "-q"], ["timer", "start", "12", "--color", " ON "],
        ["timer", "stop"], ["timer", "stop", "12", "--at", "17:45", "--note", "done", "--force"],
        ["timer", "stop", "-n", "x", "-v"],
        ["timer", "pause"], ["timer", "pause", "12", "--at", "5 min ago"],
        ["timer", "resume"], ["timer", "resume", "--at", "13:30", "12"],
        ["timer", "discard"], ["timer", "discard", "12", "--json"],
        ["timer", "restart"], ["timer", "restart", "--at", "13:30", "-n", "after lunch"],
        ["task", "add", "Write", "report"], ["task", "add", "Write report", "--due", "fri", "--priority", "high"],
        ["task", "add", "Buy", "-t", "errand", "milk", "-d", "tomorrow", "--tag", "shop", "-P", "H"],
        ["task", "add", "Plan", "-l", "Backlog", "-e", "2h", "-n", "first draft", "-p", "Work", "--assign", "grace"],
        ["task", "add", "x", "--json", "-q"],
        ["task", "add", "Copy", "--parent", "12"], ["task", "add", "Deploy", "--after", "12,14", "--after", "15"],
        ["task", "add", "Water plants", "--repeat", "weekly", "--until", "2026-12-31"],
        [
            "task", "add", "Standup", "--repeat", "every 2w", "-d", "mon", "--parent", "3f9a", "--after", "12", "-p",
            "Work",
        ],
        ["task", "add", "Rent", "--repeat", "monthly", "--json"],
        ["task", "add", "x", "--until", "fri", "--repeat", "daily"],
        ["task", "list"], ["task", "ls", "--json"], ["task", "list", "--project", "Website relaunch"],
        ["task", "list", "-p", "Work", "--count"], ["task", "list", "--status", "Done", "--limit", "20"],
        ["task", "list", "-a", "-t", "writing", "--sort", "due", "-P", "low", "-s", "invoice"],
        ["task", "list", "--due", "week", "-l", "Backlog", "--assignee", "me"],
        ["task", "list", "--due-before", "2026-12-01", "--status", "todo", "--sort", "id"],
        ["task", "list", "--blocked"], ["task", "list", "--ready", "--count"],
        ["task", "list", "--parent", "12", "-a"],
        ["task", "ls", "--blocked", "--parent", "3f9a", "--json"],
        ["task", "list", "--ready", "-p", "Work", "--limit", "5"],
        ["task", "note", "12", "Sent", "the", "draft"], ["task", "note", "3f9a", "one line", "-v"],
        ["task", "show", "12"], ["task", "show", "3f9a", "--json"], ["task", "show", "--color", "never", "#12"],
        ["task", "done", "12"], ["task", "done", "3", "4", "5", "--json"], ["task", "done", "--force", "12", "-q"],
        ["task", "start", "12"], ["task", "start", "3f9a", "14", "-v"],
        ["report"], ["report", "--week"], ["report", "--year", "--json"], ["report", "--month", "--by", "day"],
        ["report", "--since", "2026-01-01", "--until", "2026-03-31", "-p", "Work", "-b"],
        ["report", "--today", "--by", "tags", "--format", "csv", "--user", "all"],
        ["report", "--json", "--format", "json"], ["report", "-s", "mon", "-u", "fri", "-f", "table"],
        ["entries", "list"], ["entries", "ls", "--json"], ["entries", "list", "--since", "mon", "--json"],
        ["entries", "list", "-s", "2026-11-01", "-u", "2026-11-30", "-p", "Work", "--task", "12", "--limit", "5"],
        ["entries", "list", "--all", "-f", "csv"],
        ["log", "45m", "12"], ["log", "1h30m"], ["log", "2h", "--project", "Work", "--billable", "--tag", "meeting"],
        ["log", "09:00-10:30", "12", "--date", "fri", "-n", "standup"], ["log", "9am-noon", "12", "-d", "fri"],
        ["log", "12", "--start", "fri 14:00", "--end", "fri 15:30"],
        ["log", "--start", "9:00", "-e", "10:00", "-p", "W"],
        ["log", "1h", "12", "--date", "mon", "--start", "14:00", "--allow-overlap", "-q"],
        ["log", "30m", "-p", "Work", "--adjust", "--force", "-t", "a", "-t", "b", "--json"],
        ["log", "12", "45m", "-b", "--color", "never"],
        ["task", "edit", "12"], ["task", "edit", "12", "--title", "New title", "-d", "fri", "-P", "high"],
        ["task", "edit", "3f9a", "--no-due", "-t", "a", "--tag", "b", "--untag", "c", "-e", "2h", "-n", "note"],
        ["task", "edit", "12", "--no-estimate", "--assign", "me", "--parent", "3", "--after", "4,5", "--after", "6"],
        ["task", "edit", "12", "--no-parent", "--no-after", "--repeat", "weekly", "--until", "2026-12-31", "--json"],
        ["task", "edit", "12", "--no-repeat", "-q"], ["task", "edit", "12", "--no-until", "-P", "n"],
        ["undo"], ["undo", "-q"], ["undo", "--json"], ["task", "reopen", "12"], ["task", "reopen", "3", "3f9a", "-v"],
        ["project"], ["project", "--json"], ["project", "-a"], ["project", "list"], ["project", "ls", "--all"],
        ["project", "list", "--archived", "--json", "-q"], ["project", "list", "--color", "never", "-a"],
        ["project", "show", "Work"], ["project", "show", "3f9a", "--json"], ["project", "show", "-v", "Home office"],
        ["list"], ["list", "--json"], ["list", "-p", "Work"], ["list", "ls"], ["list", "ls", "--project", "Work"],
        ["list", "ls", "-q", "-p", "3f9a", "--json"],
    ]

    @Test("each everyday line gives the same command and options both ways", arguments: readQuickly)
    func sameInvocation(arguments: [String]) throws {
        let quick = try #require(QuickCommandLine.parse(arguments), "the table should read \(arguments)")
        #expect(try Self.parsed(arguments) == quick)
    }

    /// Lines the table must leave alone: the parser words their errors, prints help, or reads a syntax the
    /// table does not (and gets it right).
    static let leftToParser: [[String]] = [
        ["--version", "--json"], ["--help"], ["-h"], ["help"], ["timer", "--help"], ["timer", "start", "-h"],
        ["timer", "start", "12", "13"], ["timer", "start", "--project"], ["timer", "start", "--project=Work"],
        ["timer", "start", "12", "--note", "-x"], ["timer", "start", "-bq"], ["timer", "start", "--", "12"],
        ["timer", "start", "12", "--billable", "--billable"], ["timer", "start", "12", "--note", "a", "-n", "b"],
        ["timer", "stop", "--at", "-5m"], ["timer", "status", "12"], ["timer", "stat"], ["timer", "frobnicate"],
        ["timer", "start", "12", "--quiet", "--verbose"], ["timer", "--json", "--json"],
        ["timer", "--color", "sometimes"], ["timer", "--color"], ["timer", "-q", "--quiet"],
        ["task", "add"], ["task", "add", "--due", "fri"], ["task", "add", "x", "-P", "urgent"],
        ["task", "note", "12"], ["task", "list", "extra"], ["task", "list", "--status", "lost"],
        ["task", "list", "--limit", "many"], ["task", "list", "--due", "fri", "--due-before", "mon"],
        ["task", "list", "--all", "--status", "open"], ["task", "list", "--count", "--count"], ["task", "show"],
        ["task", "show", "12", "13"], ["task", "show", "12", "--project", "Work"], ["task", "show", "-h"],
        ["task", "done"], ["task", "done", "--force"], ["task", "done", "12", "--force", "--force"],
        ["task", "done", "12", "-f"], ["task", "done", "-h"], ["task", "start"], ["task", "start", "12", "--force"],
        ["task", "start", "--", "-12"], ["undo", "12"], ["undo", "--list"], ["task", "reopen"],
        ["task", "reopen", "--force", "12"], ["task", "edit"], ["task", "edit", "12", "13"],
        ["task", "edit", "12", "--due", "fri", "--no-due"],
        ["task", "edit", "12", "--estimate", "1h", "--no-estimate"],
        ["task", "edit", "12", "--parent", "3", "--no-parent"], ["task", "edit", "12", "--repeat", "x", "--no-repeat"],
        ["task", "edit", "12", "--until", "fri", "--no-until"],
        ["task", "edit", "12", "--no-repeat", "--until", "fri"],
        ["task", "edit", "12", "--no-repeat", "--no-until"], ["task", "edit", "12", "-P", "urgent"],
        ["task", "edit", "12", "--due", "-1d"], ["task", "edit", "12", "--title", "a", "--title", "b"],
        ["task", "edit", "12", "--no-due", "--no-due"], ["task", "edit", "12", "--project", "Work"],
        ["task", "list", "--due", "-1d"], ["report", "--week", "--month"], ["report", "--week", "--since", "mon"],
        ["report", "--json", "--format", "csv"], ["report", "--by", "colour"], ["report", "-bp", "Work"],
        ["entries"], ["entries", "list", "--all", "--since", "mon"], ["entries", "list", "--json", "-f", "table"],
        ["entries", "list", "--limit", "1.5"], ["entries", "edit", "3f9a"], ["dashboard", "extra"],
        ["--verbose", "timer"], ["log"], ["log", "-5m", "12"], ["log", "45m", "12", "13"], ["log", "--", "45m"],
        ["log", "45m", "--allow-overlap", "--adjust"], ["log", "12", "--end", "10:00"],
        ["log", "1h", "--start", "11:00", "--end", "11:30"], ["log", "12", "13", "--start", "9:00", "--end", "10:00"],
        ["log", "45m", "--date", "-1d"], ["log", "45m", "--frobnicate"], ["log", "45m", "-h"],
        ["log", "45m", "--note", "a", "-n", "b"],
        ["task", "list", "--blocked", "--ready"], ["task", "list", "--ready", "--blocked", "--count"],
        ["task", "list", "--blocked", "--blocked"], ["task", "list", "--parent"],
        ["task", "list", "--parent", "1", "--parent", "2"],
        ["task", "add", "x", "--parent", "1", "--parent", "2"], ["task", "add", "x", "--repeat"],
        ["task", "add", "x", "--repeat=weekly"], ["task", "add", "x", "--after", "-1"],
        ["task", "add", "x", "--repeat", "daily", "--until", "-1d"],
        ["task", "add", "x", "--repeat", "daily", "--repeat", "weekly"],
        ["project", "add", "Work"], ["project", "rename", "Work", "Job"], ["project", "archive", "Work"],
        ["project", "unarchive", "Work"], ["project", "delete", "Work", "--force"], ["project", "Work"],
        ["project", "-h"], ["project", "list", "--help"], ["project", "list", "-a", "--archived"],
        ["project", "list", "--all", "--all"], ["project", "list", "Work"], ["project", "ls", "--project", "Work"],
        ["project", "show"], ["project", "show", "Work", "Home"], ["project", "show", "Work", "--all"],
        ["project", "show", "--", "-Work"], ["project", "show", "-h"], ["project", "lists"],
        ["list", "add", "Backlog", "-p", "Work"], ["list", "rename", "Backlog", "Later"], ["list", "delete", "Later"],
        ["list", "Backlog"], ["list", "ls", "Work"], ["list", "ls", "-p"], ["list", "ls", "-p", "Work", "-p", "Home"],
        ["list", "ls", "--project=Work"], ["list", "ls", "-p", "-x"], ["list", "ls", "--all"], ["list", "-h"],
        ["list", "list"],
    ]

    @Test("help, errors and other commands go to the parser", arguments: leftToParser)
    func leftAlone(arguments: [String]) {
        #expect(QuickCommandLine.parse(arguments) == nil)
    }

    @Test("a repeated --tag keeps every value in order, as the parser's array does")
    func repeatedTags() throws {
        let line = ["timer", "start", "12", "-t", "b", "--tag", "a", "-t", "b"]
        let quick = try #require(QuickCommandLine.parse(line))
        guard case .timerStart(let start) = quick.invocation else {
            Issue.record("read as \(quick.invocation)")
            return
        }
        #expect(start.tags == ["b", "a", "b"])
        #expect(try Self.parsed(line) == quick)
    }

    @Test("a repeated --after keeps every value as typed, commas and all, as the parser's array does")
    func repeatedAfter() throws {
        let line = [
            "task", "add", "Deploy", "--after", "12,14", "--repeat", "every 2w", "--after", "3f9a", "--parent", "9",
        ]
        let quick = try #require(QuickCommandLine.parse(line))
        guard case .taskAdd(let add) = quick.invocation else {
            Issue.record("read as \(quick.invocation)")
            return
        }
        #expect(add.after == ["12,14", "3f9a"])
        #expect(add.parent == "9")
        #expect(add.repeatRule == "every 2w")
        #expect(add.until == nil)
        #expect(try Self.parsed(line) == quick)
    }

    @Test("--blocked with --ready is left to the parser, which refuses it as a usage error")
    func blockedAndReady() async throws {
        let line = ["task", "list", "--blocked", "--ready"]
        #expect(QuickCommandLine.parse(line) == nil)
        do {
            _ = try Stint.parseAsRoot(line)
            Issue.record("the parser took \(line)")
        } catch {
            #expect(Stint.message(for: error) == "use either --blocked or --ready, not both")
        }
        let run = await (try Harness()).run(line)
        #expect(run.status == 64)
        #expect(run.stderr.hasPrefix("stint: use either --blocked or --ready, not both"), "\(run)")
    }

    @Test("--until takes a value that starts with a dash in the parser, which the table leaves to it")
    func untilWithDash() throws {
        let line = ["task", "add", "x", "--repeat", "daily", "--until", "-1d"]
        #expect(QuickCommandLine.parse(line) == nil)
        let parsed = try #require(try Self.parsed(line))
        guard case .taskAdd(let add) = parsed.invocation else {
            Issue.record("read as \(parsed.invocation)")
            return
        }
        #expect(add.until == "-1d")
    }
}
