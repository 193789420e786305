import Foundation
import TerminalUI
import TimersFeature

extension TimersContract {
    /// Every scenario, in a fixed order. Each expects a fresh subject.
    public static let scenarios: [Scenario] = [
        startPausesTheRunningTimer, startingAPausedTargetResumesIt, startingARunningTargetIsAConflict,
        stopTakesTheRunningTimer, stopTakesTheOnlyPausedTimer, severalPausedNeedAName, discardTakesTheOnlyPausedTimer,
        nothingToActOnIsAConflict, stopLeavesThePausesOut, timerReferences, instantsAreChecked,
        stoppingOver24HoursNeedsForce, loggingRules, entriesByDay, entriesByProjectAndTask, entryReferences, timeSpent,
        overlappingTimeIsRefusedKeptOrMadeRoomFor, timersAndEntriesNameWhatTheyAreOnByID,
    ]

    /// Scripts follow a timer or an entry to its task and project by id (numbers are per device, names change),
    /// and find the entry a stopped timer became.
    static let timersAndEntriesNameWhatTheyAreOnByID = Scenario(
        "timers and entries carry their task's and project's ids"
    ) { probe in
        let tasks = try await probe.seedTasks()
        let started = try await probe.start(tasks.report).timer
        try probe.check(started.taskID != nil && started.projectID != nil, "a task timer names its task and project")
        try await probe.advance(minutes: 10)
        let listed = try await probe.services.timers()
        try probe.equal(listed.first?.taskID, started.taskID, "a listed timer keeps the ids")
        try probe.equal(listed.first?.projectID, started.projectID, "and the project's")
        let stopped = try await probe.services.stopTimer(reference: nil, at: nil, note: nil, force: false)
        try probe.equal(stopped.timerID, started.id, "the stop names the timer it ended")
        try probe.equal(stopped.entry.taskID, started.taskID, "the entry names the timer's task")
        try probe.equal(stopped.entry.projectID, started.projectID, "and its project")
        let loose = try await probe.log(tasks.email, at: probe.at(day: -1, 9), minutes: 30)
        try probe.check(loose.taskID != nil && loose.taskID != started.taskID, "another task, another id")
        try probe.check(loose.projectID == nil, "time on a task without a project has no project id")
        let onProject = try await probe.log(nil, project: "Home", at: probe.at(day: -1, 11), minutes: 30)
        try probe.check(onProject.taskID == nil && onProject.projectID != nil, "time on a project names only it")
        let other = try await probe.log(tasks.plan, at: probe.at(day: -1, 13), minutes: 30)
        try probe.equal(other.projectID, onProject.projectID, "one project, one id")
        for id in [started.id, started.taskID, started.projectID, onProject.projectID].compactMap({ $0 }) {
            try probe.equal(id, id.lowercased(), "ids are lowercase")
        }
    }

    static let startPausesTheRunningTimer = Scenario("starting a timer pauses the running one") { probe in
        let tasks = try await probe.seedTasks()
        let first = try await probe.start(tasks.report)
        try probe.check(!first.resumed && first.paused.isEmpty, "a first timer is new and pauses nothing")
        try probe.equal(first.timer.state, .running, "the new timer's state")
        try probe.equal(first.timer.taskNumber, tasks.report, "the timer's task")
        try probe.equal(first.timer.projectName, "Work", "a task timer carries the task's project")
        try await probe.advance(minutes: 10)
        let second = try await probe.start(tasks.email)
        try probe.equal(second.paused.map(\.taskNumber), [tasks.report], "the timers paused to make room")
        try probe.equal(second.paused.first?.state, .paused, "the paused timer's state")
        try probe.equal(second.paused.first?.elapsedSeconds, 600, "the paused timer keeps its ten minutes")
        try probe.equal(second.timer.taskNumber, tasks.email, "the running timer")
        let all = try await probe.services.timers()
        try probe.equal(all.filter { $0.state == .running }.count, 1, "one timer runs")
        try probe.equal(all.map(\.taskNumber), [tasks.email, tasks.report], "the running timer comes first")
    }

    static let startingAPausedTargetResumesIt = Scenario("starting a task whose timer is paused resumes it") { probe in
        let tasks = try await probe.seedTasks()
        let first = try await probe.start(tasks.report)
        try await probe.advance(minutes: 5)
        _ = try await probe.pause()
        try await probe.advance(minutes: 5)
        let again = try await probe.start(tasks.report, note: "second part")
        try probe.check(again.resumed, "the result says resumed")
        try probe.equal(again.timer.id, first.timer.id, "the same timer")
        try probe.equal(again.timer.elapsedSeconds, 300, "the pause is not counted")
        try probe.equal(again.timer.note, "second part", "a new note replaces the old")
        try await probe.advance(minutes: 5)
        let all = try await probe.services.timers()
        try probe.equal(all.map(\.elapsedSeconds), [600], "one timer, with ten minutes")
    }

    static let startingARunningTargetIsAConflict = Scenario("starting what already runs is a conflict") { probe in
        let tasks = try await probe.seedTasks()
        _ = try await probe.start(tasks.report)
        try await probe.fails(.conflict, "starting the running task again") { try await probe.start(tasks.report) }
        let project = try await probe.services.startTimer(TimerStartRequest(project: "work"))
        try probe.check(
            project.timer.taskNumber == nil && project.timer.projectName == "Work",
            "a project timer is separate from its tasks' timers")
        try await probe.fails(.conflict, "starting the running project again") {
            try await probe.services.startTimer(TimerStartRequest(project: "Work"))
        }
        try probe.equal(try await probe.services.timers().count, 2, "two timers")
    }

    static let stopTakesTheRunningTimer = Scenario("stop without a timer takes the running one") { probe in
        let tasks = try await probe.seedTasks()
        _ = try await probe.start(tasks.report)
        try await probe.advance(minutes: 10)
        _ = try await probe.start(tasks.email)
        try await probe.advance(minutes: 20)
        let entry = try await probe.stop()
        try probe.equal(entry.taskNumber, tasks.email, "the entry's task")
        try probe.equal(entry.durationSeconds, 1_200, "the entry's length")
        let left = try await probe.services.timers()
        try probe.check(
            left.map(\.taskNumber) == [tasks.report] && left.first?.state == .paused, "the paused timer stays")
    }

    static let stopTakesTheOnlyPausedTimer = Scenario("stop without a timer takes the only paused one") { probe in
        let tasks = try await probe.seedTasks()
        _ = try await probe.start(tasks.report)
        try await probe.advance(minutes: 15)
        _ = try await probe.pause()
        try await probe.advance(minutes: 30)
        let entry = try await probe.stop()
        try probe.equal(entry.taskNumber, tasks.report, "the entry's task")
        try probe.equal(entry.durationSeconds, 900, "the time until the pause")
        try probe.equal(entry.start, TimersContract.now, "the entry starts when the timer started")
        try probe.equal(try await probe.services.timers().count, 0, "the timer is gone")
        try probe.equal(
            try await probe.services.entries(matching: EntryQuery()).map(\.id), [entry.id], "the entry is stored")
    }

    static let severalPausedNeedAName = Scenario("with several paused and none running, stop and discard need a name") {
        probe in
        let tasks = try await probe.seedTasks()
        _ = try await probe.start(tasks.report)
        try await probe.advance(minutes: 10)
        _ = try await probe.start(tasks.email)
        try await probe.advance(minutes: 10)
        _ = try await probe.pause()
        try await probe.fails(.conflict, "stop with two paused") { try await probe.stop() }
        try await probe.fails(.conflict, "discard with two paused") {
            try await probe.services.discardTimer(reference: nil)
        }
        try probe.equal(try await probe.services.timers().count, 2, "both timers are still there")
        let entry = try await probe.stop(String(tasks.report))
        try probe.check(entry.taskNumber == tasks.report && entry.durationSeconds == 600, "the named timer was stopped")
    }

    static let discardTakesTheOnlyPausedTimer = Scenario("discard without a timer takes the only paused one") { probe in
        let tasks = try await probe.seedTasks()
        _ = try await probe.start(tasks.report)
        try await probe.advance(minutes: 10)
        _ = try await probe.pause()
        let discarded = try await probe.services.discardTimer(reference: nil)
        try probe.equal(discarded.taskNumber, tasks.report, "the discarded timer")
        try probe.equal(discarded.elapsedSeconds, 600, "what it held")
        try probe.equal(try await probe.services.timers().count, 0, "no timer left")
        try probe.equal(try await probe.services.entries(matching: EntryQuery()).count, 0, "nothing was logged")
    }

    static let nothingToActOnIsAConflict = Scenario("pause, resume, stop and discard with nothing to act on") {
        probe in
        let tasks = try await probe.seedTasks()
        try await probe.fails(.conflict, "pause with no timer") { try await probe.pause() }
        try await probe.fails(.conflict, "resume with no timer") {
            try await probe.services.resumeTimer(reference: nil, at: nil)
        }
        try await probe.fails(.conflict, "stop with no timer") { try await probe.stop() }
        try await probe.fails(.conflict, "discard with no timer") {
            try await probe.services.discardTimer(reference: nil)
        }
        _ = try await probe.start(tasks.report)
        try await probe.fails(.conflict, "resume with nothing paused") {
            try await probe.services.resumeTimer(reference: nil, at: nil)
        }
        _ = try await probe.pause()
        try await probe.fails(.conflict, "pause with nothing running") { try await probe.pause() }
        let resumed = try await probe.services.resumeTimer(reference: nil, at: nil)
        try probe.check(resumed.resumed && resumed.timer.taskNumber == tasks.report, "resume takes the paused timer")
    }

    static let stopLeavesThePausesOut = Scenario(
        "stop logs each stretch worked as its own entry, pauses left out"
    ) { probe in
        let tasks = try await probe.seedTasks()
        _ = try await probe.start(tasks.report)
        try await probe.advance(minutes: 30)
        _ = try await probe.pause()
        try await probe.advance(minutes: 60)
        _ = try await probe.services.resumeTimer(reference: nil, at: nil)
        try await probe.advance(minutes: 15)
        let stopped = try await probe.services.stopTimer(reference: nil, at: nil, note: "done", force: false)
        try probe.equal(stopped.durationSeconds, 2_700, "45 minutes worked")
        try probe.equal(stopped.entries.map(\.durationSeconds), [1_800, 900], "a stretch of 30 minutes, then 15")
        try probe.equal(
            stopped.entries.map(\.start), [TimersContract.now, TimersContract.now.addingTimeInterval(5_400)],
            "each entry starts where its stretch did")
        try probe.equal(stopped.entry, stopped.entries[0], "the entry is the first stretch")
        try probe.check(stopped.entries.allSatisfy { $0.note == "done" }, "the stop's note on each")
        try probe.check(stopped.entries.allSatisfy { $0.projectName == "Work" }, "the entries' project")
        try probe.equal(
            try await probe.services.entries(matching: EntryQuery(all: true)).map(\.id).sorted(),
            stopped.entries.map(\.id).sorted(),
            "both entries are stored")
    }

    static let timerReferences = Scenario("timers are named by task number or timer id prefix") { probe in
        let tasks = try await probe.seedTasks()
        let report = try await probe.start(tasks.report)
        let email = try await probe.start(tasks.email)
        let resumed = try await probe.services.resumeTimer(reference: String(tasks.report), at: nil)
        try probe.equal(resumed.timer.id, report.timer.id, "resume by task number")
        try probe.equal(resumed.paused.map(\.id), [email.timer.id], "resuming pauses the running timer")
        try await probe.fails(.conflict, "pausing a paused timer by name (a state, as when nothing runs)") {
            try await probe.services.pauseTimer(reference: "#\(tasks.email)", at: nil)
        }
        let byID = try await probe.services.resumeTimer(
            reference: String(email.timer.id.prefix(8)).uppercased(), at: nil)
        try probe.equal(byID.timer.id, email.timer.id, "resume by timer id prefix")
        try await probe.fails(.notFound, "a task without a timer") { try await probe.stop(String(tasks.plan)) }
        try await probe.fails(.notFound, "an unknown task number") { try await probe.stop("999") }
        try await probe.fails(.notFound, "an unknown id prefix") {
            try await probe.services.pauseTimer(reference: "0000dead", at: nil)
        }
        try await probe.fails(.notFound, "starting an unknown task") { try await probe.start(999) }
        try await probe.fails(.notFound, "starting an unknown project") {
            try await probe.services.startTimer(TimerStartRequest(project: "Garden"))
        }
        try await probe.fails(.invalidInput, "a task with another project") {
            try await probe.services.startTimer(TimerStartRequest(task: String(tasks.plan), project: "Work"))
        }
    }

    static let instantsAreChecked = Scenario("times may not be in the future or before the last change") { probe in
        let tasks = try await probe.seedTasks()
        let now = TimersContract.now
        try await probe.fails(.invalidInput, "starting an hour from now") {
            try await probe.start(tasks.report, at: now.addingTimeInterval(3_600))
        }
        let started = try await probe.start(tasks.report, at: now.addingTimeInterval(-1_800))
        try probe.equal(started.timer.elapsedSeconds, 1_800, "a timer started half an hour ago")
        try await probe.fails(.invalidInput, "pausing before the start") {
            try await probe.services.pauseTimer(reference: nil, at: now.addingTimeInterval(-2_400))
        }
        try await probe.fails(.invalidInput, "pausing in the future") {
            try await probe.services.pauseTimer(reference: nil, at: now.addingTimeInterval(3_600))
        }
        let paused = try await probe.services.pauseTimer(reference: nil, at: now.addingTimeInterval(-600))
        try probe.equal(paused.elapsedSeconds, 1_200, "paused ten minutes ago")
        try await probe.fails(.invalidInput, "resuming before the pause") {
            try await probe.services.resumeTimer(reference: nil, at: now.addingTimeInterval(-1_200))
        }
    }

    static let stoppingOver24HoursNeedsForce = Scenario("a timer over 24 hours is only logged with force") { probe in
        let tasks = try await probe.seedTasks()
        _ = try await probe.start(tasks.report, at: TimersContract.now.addingTimeInterval(-25 * 3_600))
        try await probe.fails(.conflict, "stopping without force") { try await probe.stop() }
        try probe.equal(try await probe.services.timers().count, 1, "the timer is kept")
        let entry = try await probe.stop(force: true)
        try probe.equal(entry.durationSeconds, 25 * 3_600, "the whole time with force")
    }

    static let loggingRules = Scenario("logging: over 24 hours needs force, nothing empty or in the future") { probe in
        let tasks = try await probe.seedTasks()
        let longAgo = probe.at(day: -2, 8)
        try await probe.fails(.conflict, "25 hours without force") {
            try await probe.log(tasks.report, at: longAgo, minutes: 25 * 60)
        }
        let forced = try await probe.log(tasks.report, at: longAgo, minutes: 25 * 60, force: true)
        try probe.equal(forced.durationSeconds, 90_000, "25 hours with force")
        try await probe.fails(.invalidInput, "no time at all") {
            try await probe.log(tasks.report, at: longAgo, minutes: 0)
        }
        try await probe.fails(.invalidInput, "ending an hour from now") {
            try await probe.log(tasks.report, at: TimersContract.now, minutes: 60)
        }
        try await probe.fails(.invalidInput, "a task with another project") {
            try await probe.log(tasks.report, project: "Home", at: longAgo, minutes: 30)
        }
        try await probe.fails(.notFound, "an unknown task") { try await probe.log(999, at: longAgo, minutes: 30) }
        try await probe.fails(.notFound, "an unknown project") {
            try await probe.log(nil, project: "Garden", at: longAgo, minutes: 30)
        }
        let onProject = try await probe.log(nil, project: "home", at: probe.at(day: -3, 8), minutes: 30)
        try probe.check(onProject.taskNumber == nil && onProject.projectName == "Home", "time on a project alone")
    }

    static let entriesByDay = Scenario("entries overlapping the days asked for, oldest first") { probe in
        let tasks = try await probe.seedTasks()
        let early = try await probe.log(tasks.report, at: probe.at(day: -2, 9), minutes: 60)
        let yesterday = try await probe.log(tasks.email, at: probe.at(day: -1, 9), minutes: 30)
        let lateNight = try await probe.log(nil, project: "Home", at: probe.at(day: -1, 23, 30), minutes: 60)
        let morning = try await probe.log(tasks.report, at: probe.at(day: 0, 8), minutes: 45)
        func ids(_ query: EntryQuery) async throws -> [String] {
            try await probe.services.entries(matching: query).map(\.id)
        }
        let day = TimersContract.today
        try probe.equal(
            try await ids(EntryQuery(since: day.adding(days: -1), until: day.adding(days: -1))),
            [yesterday.id, lateNight.id], "yesterday")
        try probe.equal(
            try await ids(EntryQuery(since: day, until: day)), [lateNight.id, morning.id],
            "today, with the entry that ran past midnight")
        try probe.equal(try await ids(EntryQuery(until: day.adding(days: -2))), [early.id], "until two days ago")
        try probe.equal(
            try await ids(EntryQuery()), [early, yesterday, lateNight, morning].map(\.id), "no days: every entry")
        try probe.equal(try await ids(EntryQuery(limit: 2)), [lateNight.id, morning.id], "the two most recent")
        try await probe.fails(.invalidInput, "a range that ends before it starts") {
            try await probe.services.entries(matching: EntryQuery(since: day, until: day.adding(days: -1)))
        }
    }

    static let entriesByProjectAndTask = Scenario("entries of a project (with its tasks) or of one task") { probe in
        let tasks = try await probe.seedTasks()
        let report = try await probe.log(tasks.report, at: probe.at(day: -1, 9), minutes: 30)
        let onWork = try await probe.log(nil, project: "Work", at: probe.at(day: -1, 11), minutes: 30)
        let email = try await probe.log(tasks.email, at: probe.at(day: -1, 13), minutes: 30)
        let plan = try await probe.log(tasks.plan, at: probe.at(day: -1, 15), minutes: 30)
        func ids(_ query: EntryQuery) async throws -> Set<String> {
            Set(try await probe.services.entries(matching: query).map(\.id))
        }
        try probe.equal(try await ids(EntryQuery(project: "work")), [report.id, onWork.id], "project Work")
        try probe.equal(try await ids(EntryQuery(project: "Home")), [plan.id], "project Home")
        try probe.equal(try await ids(EntryQuery(task: String(tasks.email))), [email.id], "task Email")
        try await probe.fails(.notFound, "an unknown project") {
            try await probe.services.entries(matching: EntryQuery(project: "Garden"))
        }
        try await probe.fails(.notFound, "an unknown task") {
            try await probe.services.entries(matching: EntryQuery(task: "999"))
        }
    }

    static let entryReferences = Scenario("entries are named by id prefix; edits and deletes stick") { probe in
        let tasks = try await probe.seedTasks()
        let logged = try await probe.log(tasks.report, at: probe.at(day: -1, 9), minutes: 30)
        let prefix = String(logged.id.prefix(8))
        try probe.equal(try await probe.services.entry(reference: prefix).id, logged.id, "entry by id prefix")
        let edited = try await probe.services.editEntry(
            reference: prefix, changes: EntryChanges(durationSeconds: 3_000, note: "review"))
        try probe.check(edited.durationSeconds == 3_000 && edited.note == "review", "the edit is returned")
        try probe.equal(try await probe.services.entry(reference: prefix).durationSeconds, 3_000, "and stored")
        try await probe.fails(.conflict, "a 25-hour entry without force") {
            try await probe.services.editEntry(
                reference: prefix, changes: EntryChanges(start: probe.at(day: -3, 8), durationSeconds: 90_000))
        }
        let moved = try await probe.services.editEntry(
            reference: prefix, changes: EntryChanges(task: String(tasks.plan)))
        try probe.check(moved.taskNumber == tasks.plan && moved.projectName == "Home", "the time moved to another task")
        let deleted = try await probe.services.deleteEntry(reference: logged.id)
        try probe.equal(deleted.id, logged.id, "delete returns the entry")
        try await probe.fails(.notFound, "the deleted entry") { try await probe.services.entry(reference: prefix) }
        try await probe.fails(.notFound, "a reference that is no id prefix") {
            try await probe.services.entry(reference: "zz")
        }
    }

    static let timeSpent = Scenario("time spent today and this week counts entries and what timers hold") { probe in
        let tasks = try await probe.seedTasks()
        // Today is Wednesday; the week began on Monday, so last Sunday is not in it.
        _ = try await probe.log(tasks.report, at: probe.at(day: -1, 9), minutes: 60)
        _ = try await probe.log(tasks.report, at: probe.at(day: 0, 8), minutes: 30)
        _ = try await probe.log(tasks.email, at: probe.at(day: -3, 9), minutes: 120)
        _ = try await probe.start(tasks.plan, at: TimersContract.now.addingTimeInterval(-900))
        let spent = try await probe.services.timeSpent()
        try probe.equal(spent.todaySeconds, 1_800 + 900, "today: entries and the running timer")
        try probe.equal(spent.weekSeconds, 5_400 + 900, "this week: entries and the running timer")
        try probe.equal(spent.todayOnTimersSeconds, 900, "today's part on timers")
        try probe.equal(spent.weekOnTimersSeconds, 900, "this week's part on timers")
    }

    static let overlappingTimeIsRefusedKeptOrMadeRoomFor = Scenario(
        "time overlapping your other entries is refused, kept with allow, or trimmed into with adjust"
    ) { probe in
        let tasks = try await probe.seedTasks()
        let morning = try await probe.log(tasks.report, at: probe.at(day: -1, 9), minutes: 120)
        func log(_ hour: Int, _ minute: Int, minutes: Int, _ choice: OverlapChoice) async throws -> TimeEntry {
            try await probe.services.logTime(
                LogRequest(
                    durationSeconds: minutes * 60, task: String(tasks.email), start: probe.at(day: -1, hour, minute),
                    overlap: choice))
        }
        func day() async throws -> [TimeEntry] {
            try await probe.services.entries(
                matching: EntryQuery(since: TimersContract.today.adding(days: -1), until: TimersContract.today))
        }
        try await probe.fails(.conflict, "an entry inside another") { try await log(10, 0, minutes: 30, .refuse) }
        try probe.equal(try await day().map(\.id), [morning.id], "a refused entry stores nothing")
        let touching = try await log(11, 0, minutes: 30, .refuse)
        try probe.equal(touching.start, morning.end, "an entry may begin where another ends")
        let kept = try await log(9, 30, minutes: 15, .allow)
        try probe.equal(try await day().count, 3, "allow keeps both")
        _ = try await probe.services.deleteEntry(reference: kept.id)
        let inside = try await log(10, 0, minutes: 30, .adjust)
        let after = try await day()
        try probe.equal(
            after.map { $0.durationSeconds / 60 }, [60, 30, 30, 30],
            "adjust splits the surrounding entry around the new one")
        try probe.equal(
            after.map(\.start),
            [
                probe.at(day: -1, 9), inside.start, inside.end, touching.start,
            ], "the pieces keep their places")
        try probe.equal(after[2].taskNumber, tasks.report, "the second piece keeps the task")
        try await probe.fails(.conflict, "an edit moving an entry onto another") {
            try await probe.services.editEntry(
                reference: touching.id, changes: EntryChanges(start: probe.at(day: -1, 10, 15)))
        }
        let movedAway = try await probe.services.editEntry(
            reference: touching.id, changes: EntryChanges(start: probe.at(day: -1, 12)))
        try probe.equal(movedAway.start, probe.at(day: -1, 12), "an edit onto free time is fine")
        let widened = try await probe.services.editEntry(
            reference: inside.id, changes: EntryChanges(durationSeconds: 3_600, overlap: .adjust))
        try probe.equal(widened.adjustedOverlaps, 1, "adjust on an edit says how many entries gave way")
        try probe.equal(
            try await day().map { $0.durationSeconds / 60 }, [60, 60, 30],
            "the widened entry swallowed the piece after it")
    }
}
