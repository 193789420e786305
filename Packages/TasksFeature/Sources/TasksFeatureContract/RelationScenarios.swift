import ContractSupport
import Foundation
import TasksFeature
import TerminalUI

// The task features Taskwarrior users rely on: subtasks (parent), dependencies (after, blocked) and recurrence.
extension TasksContract {
    static let relationScenarios: [Scenario] = [
        linksResolveLikeTaskReferences, aTaskCannotLinkToItself, linksThatCloseALoopAreRefused,
        deletedTasksDropOutOfLinks, blockedMeansAPrerequisiteIsNotDone, completingNamesTheActiveTasksItUnblocked,
        aParentWaitsForItsSubtasks, severalTasksWithAnOpenSubtaskAreAllOrNothing, subtasksAreListedByNumber,
        subtaskTimeCountsTowardsTheParent, repeatRulesAreStoredCanonically, completingARecurringTaskMakesTheNext,
        occurrencesFollowTheSeriesWithoutDrift, anOccurrenceIsMadeOnceAndNotPastUntil,
        clearingTheRuleEndsTheSeriesEditingTheDueKeepsIt, blockedAndReadyFilter, parentQueryListsDirectSubtasks,
    ]

    static let linksResolveLikeTaskReferences = Scenario("parent and after are task references; unknown: not found") {
        probe in
        let plan = try await probe.add("Plan the party")
        let venue = try await probe.add("Book a venue")
        let invites = try await probe.addTask(
            "Send invites", parent: "#\(plan.number)",
            after: [String(venue.id.prefix(8)).uppercased(), String(venue.number)])
        try probe.equal(invites.parent, plan.link, "the parent, by number")
        try probe.equal(invites.after, [venue.link], "the prerequisite, by id prefix and number, once")
        let shown = try await probe.services.task(reference: invites.id)
        try probe.check(shown.parent == plan.link && shown.after == [venue.link], "a read shows the links")
        let moved = try await probe.edit(venue, parent: .set(String(plan.id.prefix(8))))
        try probe.equal(moved.parent?.id, plan.id, "edit sets a parent by id prefix")
        try await probe.fails(.notFound, "an unknown parent") { try await probe.addTask("x", parent: "999") }
        try await probe.fails(.notFound, "an unknown prerequisite") { try await probe.addTask("x", after: ["999"]) }
        try await probe.fails(.notFound, "editing in an unknown parent") {
            try await probe.edit(plan, parent: .set("999"))
        }
        try await probe.fails(.notFound, "editing in an unknown prerequisite") {
            try await probe.edit(plan, addAfter: ["0000dead"])
        }
        try probe.equal(try await probe.services.countTasks(matching: TaskQuery(status: .all)), 3, "nothing was added")
        try probe.equal(try await probe.reload(plan).parent, nil, "the refused edits changed nothing")
    }

    static let aTaskCannotLinkToItself = Scenario("a task is never its own parent or prerequisite") { probe in
        let task = try await probe.add("Write the spec")
        try await probe.fails(.invalidInput, "its own parent") { try await probe.edit(task, parent: .set(task.ref)) }
        try await probe.fails(.invalidInput, "after itself") { try await probe.edit(task, addAfter: [task.id]) }
        let other = try await probe.add("Review the spec")
        try await probe.fails(.invalidInput, "after itself among others") {
            try await probe.edit(task, addAfter: [other.ref, task.ref])
        }
        let unchanged = try await probe.reload(task)
        try probe.check(unchanged.parent == nil && unchanged.after.isEmpty, "no link was made")
    }

    static let linksThatCloseALoopAreRefused = Scenario("after and parent links never close a loop") { probe in
        let design = try await probe.add("Design")
        let build = try await probe.addTask("Build", after: [design.ref])
        let ship = try await probe.addTask("Ship", after: [build.ref])
        try await probe.fails(.invalidInput, "design after ship, which comes after it through build") {
            try await probe.edit(design, addAfter: [ship.ref])
        }
        try await probe.fails(.invalidInput, "design after build, which comes after it") {
            try await probe.edit(design, addAfter: [build.ref])
        }
        try probe.equal(try await probe.reload(design).after, [], "design still comes after nothing")
        let replaced = try await probe.edit(build, addAfter: [], clearAfter: true)
        try probe.equal(replaced.after, [], "clearing the prerequisites")
        let relinked = try await probe.edit(design, addAfter: [build.ref])
        try probe.equal(relinked.after.map(\.number), [build.number], "no loop once build is free")

        let epic = try await probe.add("Epic")
        let story = try await probe.addTask("Story", parent: epic.ref)
        let step = try await probe.addTask("Step", parent: story.ref)
        try await probe.fails(.invalidInput, "the epic under its own subtask's subtask") {
            try await probe.edit(epic, parent: .set(step.ref))
        }
        try await probe.fails(.invalidInput, "the epic under its own subtask") {
            try await probe.edit(epic, parent: .set(story.id))
        }
        try probe.equal(try await probe.reload(epic).parent, nil, "the epic is still top-level")
        let flattened = try await probe.edit(step, parent: .set(epic.ref))
        try probe.equal(flattened.parent?.id, epic.id, "a subtask may move up to its grandparent")
    }

    static let deletedTasksDropOutOfLinks = Scenario("deleted tasks cannot be linked, and drop out of links") { probe in
        let parent = try await probe.add("Parent")
        let first = try await probe.add("First")
        let second = try await probe.add("Second")
        let child = try await probe.addTask("Child", parent: parent.ref, after: [first.ref, second.ref])
        let sibling = try await probe.addTask("Sibling", parent: parent.ref)
        try probe.check(child.isBlocked, "two open prerequisites")
        _ = try await probe.services.deleteTask(reference: first.id)
        try probe.equal(try await probe.reload(child).after.map(\.number), [second.number], "the deleted one left out")
        _ = try await probe.services.deleteTask(reference: second.id)
        let free = try await probe.reload(child)
        try probe.check(free.after.isEmpty && !free.isBlocked, "no prerequisite left, not blocked")
        _ = try await probe.services.deleteTask(reference: sibling.id)
        try probe.equal(try await probe.reload(parent).subtasks.map(\.number), [child.number], "a deleted subtask")
        _ = try await probe.services.deleteTask(reference: parent.id)
        try probe.equal(try await probe.reload(child).parent, nil, "a deleted parent is not shown")
        for reference in [parent.ref, parent.id] {
            try await probe.failsAsEither(.invalidInput, .notFound, "a deleted parent (\(reference))") {
                try await probe.addTask("x", parent: reference)
            }
            try await probe.failsAsEither(.invalidInput, .notFound, "after a deleted task (\(reference))") {
                try await probe.edit(child, addAfter: [reference])
            }
        }
    }

    static let blockedMeansAPrerequisiteIsNotDone = Scenario("blocked means waiting on a task that is not done") {
        probe in
        let finished = try await probe.add("Finished")
        _ = try await probe.complete(finished)
        let first = try await probe.add("First")
        let second = try await probe.add("Second")
        let waiting = try await probe.addTask("Waiting", after: [first.ref, second.ref, finished.ref])
        try probe.check(waiting.isBlocked, "blocked by two open tasks")
        try probe.equal(
            Set(waiting.after.map(\.status)), [.open, .done], "each prerequisite with its status")
        try probe.equal(waiting.after.count, 3, "every prerequisite is listed, done ones too")
        let ready = try await probe.addTask("Ready", after: [finished.ref])
        try probe.check(!ready.isBlocked, "waiting only on a done task is not blocked")
        let afterFirst = try await probe.complete(first)
        try probe.equal(afterFirst.unblocked, [], "another prerequisite is still open")
        try probe.check(try await probe.reload(waiting).isBlocked, "still blocked by the second")
        let afterSecond = try await probe.complete(second)
        try probe.equal(afterSecond.unblocked.map(\.number), [waiting.number], "the last prerequisite unblocks it")
        let unblocked = try await probe.reload(waiting)
        try probe.check(!unblocked.isBlocked && unblocked.after.allSatisfy { $0.status == .done }, "all done")
        _ = try await probe.services.reopenTask(reference: second.ref)
        try probe.check(try await probe.reload(waiting).isBlocked, "a reopened prerequisite blocks again")
    }

    static let completingNamesTheActiveTasksItUnblocked = Scenario("a completion names the active tasks it unblocked") {
        probe in
        let prerequisite = try await probe.add("Get the keys")
        let other = try await probe.add("Get the code")
        let open = try await probe.addTask("Open the door", after: [prerequisite.ref])
        let started = try await probe.add("Clean the hall")
        _ = try await probe.services.startTask(reference: started.ref)
        _ = try await probe.edit(started, addAfter: [prerequisite.ref])
        let finished = try await probe.add("Water the plants")
        _ = try await probe.complete(finished)
        _ = try await probe.edit(finished, addAfter: [prerequisite.ref])
        let stillWaiting = try await probe.addTask("Disarm the alarm", after: [prerequisite.ref, other.ref])
        let unrelated = try await probe.add("Unrelated")
        let done = try await probe.complete(prerequisite)
        try probe.equal(
            Set(done.unblocked.map(\.number)), [open.number, started.number],
            "open and in-progress tasks with nothing left to wait for; not \(finished.number) (done), "
                + "\(stillWaiting.number) (waits on \(other.number)) or \(unrelated.number)")
        try probe.check(done.unblocked.allSatisfy { $0.status != .done }, "the unblocked tasks are active")
        try probe.equal(try await probe.complete(unrelated).unblocked, [], "a task nobody waits for unblocks none")
    }

    static let aParentWaitsForItsSubtasks = Scenario("a parent with open subtasks completes only when forced") {
        probe in
        let parent = try await probe.add("Launch")
        let copy = try await probe.addTask("Write copy", parent: parent.ref)
        let site = try await probe.addTask("Build site", parent: parent.ref)
        _ = try await probe.services.startTask(reference: site.ref)
        try await probe.fails(.conflict, "two subtasks not done") { try await probe.complete(parent) }
        _ = try await probe.complete(copy)
        try await probe.fails(.conflict, "a subtask in progress") { try await probe.complete(parent) }
        try probe.equal(try await probe.reload(parent).status, .open, "the refused parent stayed open")
        let forced = try await probe.complete(parent, force: true)
        try probe.check(forced.status == .done && forced.completedAt != nil, "forced, the parent is done")
        try probe.equal(try await probe.reload(site).status, .inProgress, "the subtask stays as it was")
        try probe.equal(try await probe.reload(copy).status, .done, "so does the done one")

        let tidy = try await probe.add("Tidy up")
        let sweep = try await probe.addTask("Sweep", parent: tidy.ref)
        _ = try await probe.complete(sweep)
        try probe.equal(try await probe.complete(tidy).status, .done, "every subtask done: no force needed")
    }

    static let severalTasksWithAnOpenSubtaskAreAllOrNothing = Scenario(
        "several tasks with a parent among them complete together only when forced"
    ) { probe in
        let lone = try await probe.add("Lone")
        let parent = try await probe.add("Parent")
        let child = try await probe.addTask("Child", parent: parent.ref)
        try await probe.fails(.conflict, "a parent with an open subtask among others") {
            try await probe.services.changeTasks(references: [lone.ref, parent.ref], .complete(force: false))
        }
        try probe.equal(try await probe.reload(lone).status, .open, "the other task stayed open")
        try probe.equal(try await probe.reload(parent).status, .open, "the parent stayed open")
        let forced = try await probe.services.changeTasks(references: [lone.ref, parent.ref], .complete(force: true))
        try probe.check(forced.map(\.number) == [lone.number, parent.number], "both returned, in the order named")
        try probe.check(forced.allSatisfy { $0.status == .done }, "forced, both are done")
        try probe.equal(try await probe.reload(child).status, .open, "the subtask stays open")
    }

    static let subtasksAreListedByNumber = Scenario("a task lists its direct subtasks by number, with their status") {
        probe in
        let parent = try await probe.add("Move house")
        let first = try await probe.addTask("Pack", parent: parent.ref)
        _ = try await probe.add("Unrelated")
        let second = try await probe.addTask("Hire a van", parent: parent.ref)
        let grandchild = try await probe.addTask("Buy boxes", parent: first.ref)
        let third = try await probe.add("Change address")
        _ = try await probe.edit(third, parent: .set(parent.id))
        _ = try await probe.services.startTask(reference: first.ref)
        _ = try await probe.complete(second)
        let shown = try await probe.reload(parent)
        try probe.equal(
            shown.subtasks.map(\.number), [first.number, second.number, third.number], "direct subtasks, by number")
        try probe.equal(shown.subtasks.map(\.status), [.inProgress, .done, .open], "each with its status")
        try probe.equal(shown.subtasks.map(\.title), ["Pack", "Hire a van", "Change address"], "and its title")
        try probe.equal(try await probe.reload(first).subtasks.map(\.number), [grandchild.number], "one level each")
        try probe.equal(try await probe.reload(grandchild).parent?.id, first.id, "the grandchild's parent")
        let loose = try await probe.edit(third, parent: .clear)
        try probe.equal(loose.parent, nil, "clearing the parent makes it top-level")
        try probe.equal(
            try await probe.reload(parent).subtasks.map(\.number), [first.number, second.number],
            "and it leaves the parent's subtasks")
    }

    static let subtaskTimeCountsTowardsTheParent = Scenario("time on subtasks however deep is counted apart") {
        probe in
        let parent = try await probe.add("Release")
        let child = try await probe.addTask("Test", parent: parent.ref)
        let grandchild = try await probe.addTask("Test on Linux", parent: child.ref)
        let unrelated = try await probe.add("Unrelated")
        try await probe.subject.logTime(seconds: 600, onTask: parent.ref)
        try await probe.subject.logTime(seconds: 1_800, onTask: child.ref)
        try await probe.subject.logTime(seconds: 3_600, onTask: grandchild.ref)
        try await probe.subject.logTime(seconds: 7_200, onTask: unrelated.ref)
        let shown = try await probe.reload(parent)
        try probe.equal(shown.loggedSeconds, 600, "the parent's own time is unchanged")
        try probe.equal(shown.subtasksLoggedSeconds, 5_400, "the time on its subtasks and theirs")
        let middle = try await probe.reload(child)
        try probe.check(
            middle.loggedSeconds == 1_800 && middle.subtasksLoggedSeconds == 3_600, "a subtask counts its own subtasks")
        let listed = try await probe.services.tasks(matching: TaskQuery(sort: .number, includesLoggedTime: true))
        try probe.equal(listed.first?.subtasksLoggedSeconds, 5_400, "a listing with logged time carries it")
        let edited = try await probe.services.editTask(reference: parent.id, changes: TaskChanges(priority: .high))
        try probe.equal(edited.subtasksLoggedSeconds, 5_400, "and so does a change")
    }

    static let repeatRulesAreStoredCanonically = Scenario("repeat rules are read as typed and stored canonically") {
        probe in
        let rules = [
            ("daily", "daily"), ("weekdays", "weekdays"), ("weekly", "weekly"), ("biweekly", "every 2 weeks"),
            ("monthly", "monthly"), ("yearly", "yearly"), ("every 2w", "every 2 weeks"),
            ("every 3 days", "every 3 days"), ("every 6m", "every 6 months"), ("every 2y", "every 2 years"),
        ]
        for (typed, stored) in rules {
            let task = try await probe.addTask("Repeat \(typed)", repeats: typed)
            try probe.equal(task.repeatRule, stored, "'\(typed)' is stored as")
            try probe.equal(task.due, today, "without a due day the series starts today ('\(typed)')")
        }
        let until = today.adding(days: 90)
        let dated = try await probe.addTask("Dated", repeats: "weekly", until: until, due: today.adding(days: 2))
        let shown = try await probe.reload(dated)
        try probe.check(
            shown.repeatRule == "weekly" && shown.repeatUntil == until && shown.due == today.adding(days: 2),
            "the rule, the last day and the due day as given")
        let count = try await probe.services.countTasks(matching: TaskQuery(status: .all))
        for typed in ["sometimes", "hourly", "every", "every 0 days", "every 2 fortnights"] {
            try await probe.fails(.invalidInput, "the rule '\(typed)'") { try await probe.addTask("x", repeats: typed) }
            try await probe.fails(.invalidInput, "editing in the rule '\(typed)'") {
                try await probe.edit(dated, repeats: .set(typed))
            }
        }
        try probe.equal(try await probe.services.countTasks(matching: TaskQuery(status: .all)), count, "none added")
        try probe.equal(try await probe.reload(dated).repeatRule, "weekly", "the refused edits kept the rule")
        let oneOff = try await probe.add("One-off", due: 1)
        let recurring = try await probe.edit(oneOff, repeats: .set("every 2w"))
        try probe.equal(recurring.repeatRule, "every 2 weeks", "edit makes a task recur")
    }

    static let completingARecurringTaskMakesTheNext = Scenario("completing a recurring task makes its next occurrence")
    { probe in
        try await probe.subject.seedProject(named: "Home", lists: ["Garden"])
        let parent = try await probe.add("Chores")
        let until = today.adding(days: 60)
        var draft = TaskDraft(
            title: "Water the plants", project: "Home", list: "Garden", priority: .medium, tags: ["outside"],
            estimateSeconds: 900, note: "the ferns too")
        (draft.parent, draft.repeatRule, draft.repeatUntil) = (parent.ref, "weekly", until)
        let task = try await probe.services.addTask(draft)
        let count = try await probe.services.countTasks(matching: TaskQuery(status: .all))
        let done = try await probe.complete(task)
        try probe.equal(done.status, .done, "the occurrence completed")
        guard let link = done.nextOccurrence else {
            return try probe.check(false, "completing a weekly task returns its next occurrence")
        }
        try probe.check(link.number != task.number && link.id != task.id, "the next occurrence is a new task")
        try probe.check(link.title == "Water the plants" && link.status == .open, "with the title, open")
        let next = try await probe.services.task(reference: link.id)
        try probe.equal(next.number, link.number, "the link names it")
        try probe.equal(next.due, today.adding(days: 7), "due a week after the completed one")
        try probe.check(next.projectName == "Home" && next.listName == "Garden", "in the same project and list")
        try probe.check(
            next.priority == .medium && next.tags == ["outside"] && next.estimateSeconds == 900
                && next.note == "the ferns too", "with the same priority, tags, estimate and note")
        try probe.equal(next.parent?.id, parent.id, "under the same parent")
        try probe.check(next.repeatRule == "weekly" && next.repeatUntil == until, "in the same series")
        try probe.check(next.status == .open && next.completedAt == nil, "open")
        try probe.equal(
            try await probe.services.countTasks(matching: TaskQuery(status: .all)), count + 1, "one task was made")
    }

    static let occurrencesFollowTheSeriesWithoutDrift = Scenario("occurrences follow the series from its first day") {
        probe in
        let january31 = try CalendarDay(year: 2027, month: 1, day: 31).required("2027-01-31")
        let rent = try await probe.addTask("Pay rent", repeats: "monthly", due: january31)
        let february = try await probe.nextOccurrence(of: rent)
        try probe.equal(february.due?.iso, "2027-02-28", "monthly from January 31: the end of February")
        let march = try await probe.nextOccurrence(of: february)
        try probe.equal(march.due?.iso, "2027-03-31", "then March 31: counted from the first day, no drift")
        let standup = try await probe.addTask("Sync", repeats: "every 2w")
        try probe.equal(
            try await probe.nextOccurrence(of: standup).due, today.adding(days: 14), "every 2 weeks from today")
        let late = try await probe.addTask("Stretch", repeats: "daily", due: today.adding(days: -3))
        try probe.equal(
            try await probe.nextOccurrence(of: late).due, today.adding(days: -2),
            "the day after the completed one's due day, even in the past")
    }

    static let anOccurrenceIsMadeOnceAndNotPastUntil = Scenario(
        "an occurrence is made once, and never past its last day"
    ) { probe in
        let weekly = try await probe.addTask("Review the week", repeats: "weekly")
        let next = try await probe.nextOccurrence(of: weekly)
        let count = try await probe.services.countTasks(matching: TaskQuery(status: .all))
        _ = try await probe.services.reopenTask(reference: weekly.ref)
        let again = try await probe.complete(weekly)
        try probe.equal(again.nextOccurrence, nil, "completing it again after a reopen makes none")
        try probe.equal(try await probe.services.countTasks(matching: TaskQuery(status: .all)), count, "no new task")
        try probe.equal(try await probe.reload(next).status, .open, "the occurrence made first is still there")

        let ending = try await probe.addTask("Physio", repeats: "weekly", until: today.adding(days: 6))
        let last = try await probe.complete(ending)
        try probe.equal(last.nextOccurrence, nil, "the next day would be past the last one")
        try probe.equal(
            try await probe.services.countTasks(matching: TaskQuery(status: .all)), count + 1, "only the task added")
        let exact = try await probe.addTask("Course", repeats: "weekly", until: today.adding(days: 7))
        try probe.equal(
            try await probe.nextOccurrence(of: exact).due, today.adding(days: 7), "an occurrence on the last day")
    }

    static let clearingTheRuleEndsTheSeriesEditingTheDueKeepsIt = Scenario(
        "a cleared rule makes a one-off; a new due day keeps the series"
    ) { probe in
        let task = try await probe.addTask("Backup", repeats: "weekly", until: today.adding(days: 30))
        let oneOff = try await probe.edit(task, repeats: .clear)
        try probe.equal(oneOff.repeatRule, nil, "no rule any more")
        let count = try await probe.services.countTasks(matching: TaskQuery(status: .all))
        try probe.equal(try await probe.complete(task).nextOccurrence, nil, "completing a one-off makes nothing")
        try probe.equal(try await probe.services.countTasks(matching: TaskQuery(status: .all)), count, "no new task")

        let moved = try await probe.addTask("Team lunch", repeats: "weekly")
        let friday = today.adding(days: 2)
        let edited = try await probe.edit(moved, due: .set(friday))
        try probe.check(edited.due == friday && edited.repeatRule == "weekly", "a new due day, the same rule")
        let next = try await probe.nextOccurrence(of: moved)
        try probe.check((next.due ?? today) > friday, "the next occurrence comes after the new due day")
        try probe.equal(next.repeatRule, "weekly", "in the same series")
    }

    static let blockedAndReadyFilter = Scenario("blocked and ready filter listings, with the other filters") { probe in
        try await probe.subject.seedProject(named: "Work", lists: [])
        let prerequisite = try await probe.add("Prerequisite", project: "Work")
        let finished = try await probe.add("Finished", project: "Work")
        _ = try await probe.complete(finished)
        let blocked = try await probe.addTask("Blocked", project: "Work", after: [prerequisite.ref])
        let blockedAtHome = try await probe.addTask("Blocked at home", after: [prerequisite.ref])
        let ready = try await probe.addTask("Ready", project: "Work", after: [finished.ref])
        let loose = try await probe.add("Loose")
        func numbers(blocked flag: Bool, project: String? = nil, status: StatusFilter = .active) async throws
            -> Set<Int>
        {
            var query = TaskQuery(project: project, status: status)
            query.blocked = flag
            return Set(try await probe.numbers(query))
        }
        try probe.equal(try await numbers(blocked: true), [blocked.number, blockedAtHome.number], "blocked")
        try probe.equal(try await numbers(blocked: true, project: "Work"), [blocked.number], "blocked in Work")
        try probe.equal(
            try await numbers(blocked: false), [prerequisite.number, ready.number, loose.number],
            "ready: active tasks waiting on nothing, or only on done tasks")
        try probe.equal(
            try await numbers(blocked: false, project: "Work", status: .all),
            [prerequisite.number, finished.number, ready.number], "ready in Work, done ones too")
        var count = TaskQuery()
        count.blocked = true
        try probe.equal(try await probe.services.countTasks(matching: count), 2, "count filters the same way")
        _ = try await probe.complete(prerequisite)
        try probe.equal(try await numbers(blocked: true), [], "nothing is blocked once the prerequisite is done")
    }

    static let parentQueryListsDirectSubtasks = Scenario("a parent query lists its direct subtasks") { probe in
        let parent = try await probe.add("Parent")
        let first = try await probe.addTask("First", parent: parent.ref)
        let second = try await probe.addTask("Second", parent: parent.ref)
        let grandchild = try await probe.addTask("Grandchild", parent: first.ref)
        let other = try await probe.add("Other")
        let waiting = try await probe.addTask("Waiting", parent: parent.ref, after: [other.ref])
        _ = try await probe.complete(second)
        func numbers(_ reference: String, status: StatusFilter = .active, blocked: Bool? = nil) async throws
            -> Set<Int>
        {
            var query = TaskQuery(status: status)
            (query.parent, query.blocked) = (reference, blocked)
            return Set(try await probe.numbers(query))
        }
        try probe.equal(try await numbers(parent.ref), [first.number, waiting.number], "active direct subtasks")
        try probe.equal(
            try await numbers(parent.id, status: .all), [first.number, second.number, waiting.number],
            "every direct subtask, by id")
        try probe.equal(try await numbers(first.ref), [grandchild.number], "a subtask's own subtasks")
        try probe.equal(try await numbers(other.ref), [], "a task without subtasks")
        try probe.equal(try await numbers(parent.ref, blocked: true), [waiting.number], "with the blocked filter")
        try await probe.fails(.notFound, "an unknown parent") { try await numbers("999") }
    }
}

extension TasksContract.Probe {
    /// Adds a task with links and a repeat rule.
    func addTask(
        _ title: String, project: String? = nil, parent: String? = nil, after: [String] = [],
        repeats: String? = nil, until: CalendarDay? = nil, due: CalendarDay? = nil
    ) async throws -> TasksFeature.Task {
        var draft = TaskDraft(title: title, project: project, due: due)
        (draft.parent, draft.after, draft.repeatRule, draft.repeatUntil) = (parent, after, repeats, until)
        return try await services.addTask(draft)
    }

    /// Edits the links, the repetition or the due day of `task`.
    func edit(
        _ task: TasksFeature.Task, parent: Change<String> = .keep, addAfter: [String] = [], clearAfter: Bool = false,
        repeats: Change<String> = .keep, until: Change<CalendarDay> = .keep, due: Change<CalendarDay> = .keep
    ) async throws -> TasksFeature.Task {
        var changes = TaskChanges(due: due)
        (changes.parent, changes.addAfter, changes.clearAfter) = (parent, addAfter, clearAfter)
        (changes.repeatRule, changes.repeatUntil) = (repeats, until)
        return try await services.editTask(reference: task.id, changes: changes)
    }

    func complete(_ task: TasksFeature.Task, force: Bool = false) async throws -> TasksFeature.Task {
        try await services.completeTask(reference: task.id, force: force)
    }

    /// `task` as it is now.
    func reload(_ task: TasksFeature.Task) async throws -> TasksFeature.Task {
        try await services.task(reference: task.id)
    }

    /// `task`'s next occurrence, made by completing it, as it reads now.
    func nextOccurrence(of task: TasksFeature.Task) async throws -> TasksFeature.Task {
        let done = try await complete(task)
        guard let next = done.nextOccurrence else {
            throw ContractViolation(
                scenario: "",
                message: "completing task \(task.number) (\(task.repeatRule ?? "no rule")) made no "
                    + "next occurrence", file: #fileID, line: #line)
        }
        return try await services.task(reference: next.id)
    }

    /// Runs `body` and fails the scenario unless it throws an error the subject classifies as `kind` or `other`.
    func failsAsEither<T>(
        _ kind: ContractErrorKind, _ other: ContractErrorKind, _ what: String, file: String = #fileID,
        line: UInt = #line, _ body: () async throws -> T
    ) async throws {
        do {
            let value = try await body()
            try check(
                false, "\(what): expected \(kind) or \(other), but it succeeded with \(value)", file: file, line: line)
        } catch let violation as ContractViolation {
            throw violation
        } catch {
            let actual = classify(error)
            try check(
                actual == kind || actual == other,
                "\(what): expected \(kind) or \(other), got \(actual?.rawValue ?? "unclassified") error \(error)",
                file: file, line: line)
        }
    }
}

extension Optional {
    /// The value, or a violation naming what was missing (for values a scenario builds itself).
    fileprivate func required(_ what: String, file: String = #fileID, line: UInt = #line) throws -> Wrapped {
        guard let value = self else {
            throw ContractViolation(scenario: "", message: "\(what) is missing", file: file, line: line)
        }
        return value
    }
}

extension TasksFeature.Task {
    /// The task's number as a user types it.
    fileprivate var ref: String { String(number) }
}
