import Foundation
import TasksFeature
import TerminalUI

extension TasksContract {
    /// Every scenario, in a fixed order. Each expects a fresh subject.
    public static let scenarios: [Scenario] =
        [
            addKeepsTheDraft, numbersAreNeverReused, badDraftsAreRefused, aListBringsItsProject,
            sharedListNamesAreAmbiguous,
            filters, dueFiltersCountFromToday, orders, updatedSortsMostRecentFirst, statusTransitions,
            editChangesOnlyWhatItNames,
            moveRules, notesAreStampedLines, unknownTasksAreNotFound, dashboard, assigningNeedsALogin,
            assigneesAreTeamMembers, listingsCarryWhatShowCarries, severalTasksChangeTogether,
            severalTasksAreAllOrNothing,
            severalTasksAreDeleted, editMovesTheTask,
        ] + relationScenarios

    /// `task list --json` prints the keys of `task show --json`: the same values, logged time included, and ids
    /// for the project and list a script can follow whatever they are renamed to.
    static let listingsCarryWhatShowCarries = Scenario("a listing that asks for logged time carries show's fields") {
        probe in
        try await probe.subject.seedProject(named: "Work", lists: ["Backlog"])
        let filed = try await probe.add("Filed", project: "Work", list: "Backlog", due: 0)
        let loose = try await probe.add("Loose", project: "Work")
        let inbox = try await probe.add("Inbox")
        try await probe.subject.logTime(seconds: 5_400, onTask: String(filed.number))
        try probe.check(filed.projectID != nil && filed.projectID == loose.projectID, "one project, one project id")
        try probe.check(filed.listID != nil && loose.listID == nil, "a list id exactly when there is a list")
        try probe.check(inbox.projectID == nil && inbox.listID == nil, "the inbox has no project or list id")
        for id in [filed.id, filed.projectID, filed.listID].compactMap({ $0 }) {
            try probe.equal(id, id.lowercased(), "ids are lowercase")
        }
        let listed = try await probe.services.tasks(matching: TaskQuery(sort: .number, includesLoggedTime: true))
        try probe.equal(listed.map(\.number), [filed.number, loose.number, inbox.number], "every task listed")
        for task in listed {
            try probe.equal(task, try await probe.services.task(reference: task.id), "task \(task.number) as shown")
        }
        try probe.equal(listed.first?.loggedSeconds, 5_400, "the time logged on the task, in the listing")
        let board = try await probe.services.dashboard()
        try probe.equal(board.dueToday.first?.loggedSeconds, 5_400, "the dashboard's tasks carry it too")
        let done = try await probe.services.completeTask(reference: filed.id, force: false)
        try probe.equal(done.loggedSeconds, 5_400, "and so does a changed task")
        try probe.equal(done.listID, filed.listID, "a change keeps the ids")
    }

    static let assigningNeedsALogin = Scenario("assigning without a login is refused and changes nothing") { probe in
        try await probe.fails(.conflict, "adding for me") { try await probe.add("x", assignee: "me") }
        let task = try await probe.add("Unassigned")
        try probe.check(task.assigneeID == nil && task.assignee == nil, "a new task is nobody's")
        try await probe.fails(.conflict, "assigning by name") {
            try await probe.services.editTask(reference: task.id, changes: TaskChanges(assignee: .set("Ada")))
        }
        try await probe.fails(.conflict, "listing mine") { try await probe.numbers(TaskQuery(assignee: "me")) }
        try probe.equal(try await probe.services.countTasks(matching: TaskQuery()), 1, "only the unassigned task")
    }

    static let assigneesAreTeamMembers = Scenario("me, names and name beginnings assign; none clears") { probe in
        try await probe.subject.seedTeam(you: "Ada", others: ["Grace", "Greta"])
        let mine = try await probe.add("Mine", assignee: "me")
        try probe.equal(mine.assignee, "Ada", "me is the logged-in member")
        try probe.check(mine.assigneeID != nil, "an assignee has an id")
        let graces = try await probe.add("Grace's", assignee: "GRACE")
        try probe.equal(graces.assignee, "Grace", "names ignore case")
        try probe.check(graces.assigneeID != mine.assigneeID, "two members, two ids")
        let shown = try await probe.services.task(reference: String(graces.number))
        try probe.equal(shown.assignee, "Grace", "a read names the assignee")
        try probe.equal(shown.assigneeID, graces.assigneeID, "and keeps the id")
        try await probe.fails(.notFound, "someone not on the team") { try await probe.add("x", assignee: "Bob") }
        try await probe.fails(.ambiguous, "a beginning two names share") { try await probe.add("x", assignee: "gr") }
        let nobody = try await probe.add("Nobody's")
        try probe.equal(try await probe.numbers(TaskQuery(assignee: "me", sort: .number)), [mine.number], "mine")
        try probe.equal(try await probe.numbers(TaskQuery(assignee: "grac")), [graces.number], "a unique beginning")
        let moved = try await probe.services.editTask(
            reference: String(nobody.number), changes: TaskChanges(assignee: .set("Greta")))
        try probe.equal(moved.assignee, "Greta", "edit assigns")
        let cleared = try await probe.services.editTask(
            reference: String(mine.number), changes: TaskChanges(assignee: .clear))
        try probe.check(cleared.assigneeID == nil && cleared.assignee == nil, "clear leaves nobody")
        try probe.equal(try await probe.numbers(TaskQuery(assignee: "me")), [], "nothing is mine any more")
    }

    static let addKeepsTheDraft = Scenario("add stores the draft and references find the task") { probe in
        let first = try await probe.add("  Write report  ")
        try probe.equal(first.title, "Write report", "the title is trimmed")
        try probe.equal(first.status, .open, "a new task's status")
        try probe.equal(first.priority, .none, "the default priority")
        try probe.check(first.projectName == nil && first.listName == nil, "a task without a project is in the inbox")
        let second = try await probe.services.addTask(
            TaskDraft(
                title: "Call the bank", due: today.adding(days: 1), priority: .high, tags: ["#Phone"],
                estimateSeconds: 900))
        try probe.check(second.number > first.number, "numbers increase: \(first.number) then \(second.number)")
        try probe.equal(second.tags, ["phone"], "tags are normalised")
        try probe.equal(second.due, today.adding(days: 1), "the due day")
        try probe.equal(second.estimateSeconds, 900, "the estimate")
        for reference in [String(second.number), "#\(second.number)", String(second.id.prefix(8)).uppercased()] {
            try probe.equal(
                try await probe.services.task(reference: reference).id, second.id, "task(reference: \(reference))")
        }
    }

    static let numbersAreNeverReused = Scenario("a deleted task's number is never given again") { probe in
        _ = try await probe.add("One")
        let two = try await probe.add("Two")
        let deleted = try await probe.services.deleteTask(reference: String(two.number))
        try probe.equal(deleted.id, two.id, "delete returns the task it deleted")
        try await probe.fails(.notFound, "the deleted task") { try await probe.services.task(reference: two.id) }
        let three = try await probe.add("Three")
        try probe.check(three.number > two.number, "number \(three.number) after deleting \(two.number)")
    }

    static let badDraftsAreRefused = Scenario("empty titles, unknown projects and lists are refused") { probe in
        try await probe.subject.seedProject(named: "Work", lists: ["Backlog"])
        try await probe.fails(.invalidInput, "a blank title") { try await probe.add("   ") }
        try await probe.fails(.notFound, "an unknown project") { try await probe.add("x", project: "Nowhere") }
        try await probe.fails(.notFound, "an unknown list") { try await probe.add("x", project: "Work", list: "Ideas") }
        try probe.equal(try await probe.services.countTasks(matching: TaskQuery(status: .all)), 0, "nothing was added")
    }

    static let aListBringsItsProject = Scenario("a list alone places the task in the list's project") { probe in
        try await probe.subject.seedProject(named: "Work", lists: ["Backlog"])
        try await probe.subject.seedProject(named: "Home", lists: ["Errands"])
        let task = try await probe.add("Buy milk", list: "errands")
        try probe.equal(task.projectName, "Home", "the list's project")
        try probe.equal(task.listName, "Errands", "the list as stored")
        let named = try await probe.add("Triage", project: "work", list: "BACKLOG")
        try probe.equal(named.projectName, "Work", "references ignore case")
        try await probe.fails(.notFound, "a list of another project") {
            try await probe.add("x", project: "Home", list: "Backlog")
        }
    }

    static let sharedListNamesAreAmbiguous = Scenario("a list name two projects use needs the project") { probe in
        try await probe.subject.seedProject(named: "Work", lists: ["Backlog"])
        try await probe.subject.seedProject(named: "Home", lists: ["Backlog"])
        try await probe.fails(.ambiguous, "adding to Backlog") { try await probe.add("x", list: "Backlog") }
        try await probe.fails(.ambiguous, "listing Backlog") { try await probe.numbers(TaskQuery(list: "backlog")) }
        let task = try await probe.add("Paint", project: "Home", list: "backlog")
        try probe.equal(task.projectName, "Home", "the named project")
        try probe.equal(try await probe.numbers(TaskQuery(project: "Home", list: "Backlog")), [task.number], "listing")
    }

    static let filters = Scenario("status, project, list, tag, priority and text filters") { probe in
        try await probe.subject.seedProject(named: "Work", lists: ["Backlog"])
        try await probe.subject.seedProject(named: "Home", lists: [])
        let report = try await probe.add(
            "Write report", project: "Work", list: "Backlog", priority: .high, tags: ["writing"],
            note: "numbers from finance")
        let bank = try await probe.add("Call the bank", priority: .medium, tags: ["phone"])
        let dentist = try await probe.add("Book dentist", project: "Home", priority: .low, tags: ["phone", "health"])
        let bug = try await probe.add("Fix bug", project: "Work")
        let offsite = try await probe.add("Plan offsite", project: "Work")
        _ = try await probe.services.completeTask(reference: String(bug.number), force: false)
        _ = try await probe.services.startTask(reference: String(offsite.number))
        func numbers(_ query: TaskQuery) async throws -> Set<Int> { Set(try await probe.numbers(query)) }
        let active: Set = [report.number, bank.number, dentist.number, offsite.number]
        try probe.equal(try await numbers(TaskQuery()), active, "the default: open and in progress")
        try probe.equal(try await numbers(TaskQuery(status: .done)), [bug.number], "done")
        try probe.equal(try await numbers(TaskQuery(status: .inProgress)), [offsite.number], "in progress")
        try probe.equal(
            try await numbers(TaskQuery(status: .open)), [report.number, bank.number, dentist.number], "open")
        try probe.equal(try await numbers(TaskQuery(status: .all)).count, 5, "all")
        try probe.equal(try await numbers(TaskQuery(project: "work")), [report.number, offsite.number], "project")
        try probe.equal(try await numbers(TaskQuery(list: "backlog")), [report.number], "a list alone")
        try probe.equal(try await numbers(TaskQuery(tag: "#PHONE")), [bank.number, dentist.number], "tag")
        try probe.equal(try await numbers(TaskQuery(priority: .low)), [dentist.number], "priority")
        try probe.equal(try await numbers(TaskQuery(text: "FINANCE")), [report.number], "text in the note")
        try probe.equal(try await numbers(TaskQuery(text: "bank")), [bank.number], "text in the title")
        let listed = try await probe.services.tasks(matching: TaskQuery(project: "Work", list: "Backlog"))
        try probe.equal(listed.first?.projectName, "Work", "a listed task's project")
        try probe.equal(listed.first?.listName, "Backlog", "a listed task's list")
        try await probe.fails(.notFound, "an unknown project") {
            try await probe.numbers(TaskQuery(project: "Nowhere"))
        }
        try await probe.fails(.notFound, "an unknown list") { try await probe.numbers(TaskQuery(list: "Nowhere")) }
    }

    static let dueFiltersCountFromToday = Scenario("due filters are measured from the subject's today") { probe in
        // Today is Wednesday 2026-03-04; its week runs from Monday 03-02 to Sunday 03-08.
        let sunday = try await probe.add("Last Sunday", due: -3)
        let yesterday = try await probe.add("Yesterday", due: -1)
        let today = try await probe.add("Today", due: 0)
        let friday = try await probe.add("Friday", due: 2)
        _ = try await probe.add("Next Monday", due: 5)
        _ = try await probe.add("Someday")
        let doneLate = try await probe.add("Done late", due: -1)
        _ = try await probe.services.completeTask(reference: String(doneLate.number), force: false)
        try probe.equal(
            try await probe.numbers(TaskQuery(due: .overdue, sort: .due)), [sunday.number, yesterday.number],
            "overdue, earliest first, done tasks left out")
        try probe.equal(try await probe.numbers(TaskQuery(due: .today)), [today.number], "due today")
        try probe.equal(
            Set(try await probe.numbers(TaskQuery(due: .thisWeek))), [yesterday.number, today.number, friday.number],
            "due this week")
        try probe.equal(
            Set(try await probe.numbers(TaskQuery(status: .all, due: .thisWeek))),
            [yesterday.number, today.number, friday.number, doneLate.number], "this week, done included")
        try probe.equal(
            try await probe.numbers(TaskQuery(due: .before(TasksContract.today), sort: .due)),
            [sunday.number, yesterday.number], "due before today")
        try probe.equal(
            try await probe.numbers(TaskQuery(due: .on(TasksContract.today.adding(days: 2)))), [friday.number],
            "due on Friday")
    }

    static let orders = Scenario("sorts, then limits; count ignores the limit") { probe in
        let beta = try await probe.add("beta", due: 3, priority: .low)
        let alpha = try await probe.add("Alpha", priority: .high)
        let gamma = try await probe.add("gamma", due: 1, priority: .high)
        let delta = try await probe.add("delta", due: 1)
        let epsilon = try await probe.add("Epsilon", due: 1, priority: .high)
        _ = try await probe.services.completeTask(reference: String(epsilon.number), force: false)
        let all = TaskQuery(status: .all)
        func sorted(_ sort: TaskSort) async throws -> [Int] {
            var query = all
            query.sort = sort
            return try await probe.numbers(query)
        }
        try probe.equal(
            try await sorted(.priority), [gamma, alpha, beta, delta, epsilon].map(\.number),
            "by priority: undone first, high first, earliest due first, no due last")
        try probe.equal(
            try await sorted(.due), [gamma, delta, epsilon, beta, alpha].map(\.number),
            "by due: earliest first, then number, no due last")
        try probe.equal(
            try await sorted(.title), [alpha, beta, delta, epsilon, gamma].map(\.number), "by title, ignoring case")
        try probe.equal(try await sorted(.number), [beta, alpha, gamma, delta, epsilon].map(\.number), "by number")
        try probe.equal(
            try await probe.numbers(TaskQuery(limit: 2)), [gamma.number, alpha.number],
            "the limit applies after sorting")
        var limited = all
        limited.limit = 1
        try probe.equal(try await probe.services.countTasks(matching: limited), 5, "count ignores the limit")
    }

    static let updatedSortsMostRecentFirst = Scenario("sorting by created is oldest first, by updated newest first") {
        probe in
        let first = try await probe.add("First")
        try await probe.subject.advanceClock(by: 60)
        let second = try await probe.add("Second")
        try await probe.subject.advanceClock(by: 60)
        let third = try await probe.add("Third")
        try await probe.subject.advanceClock(by: 60)
        _ = try await probe.services.editTask(reference: String(first.number), changes: TaskChanges(priority: .low))
        try probe.equal(
            try await probe.numbers(TaskQuery(sort: .created)), [first, second, third].map(\.number), "by created")
        try probe.equal(
            try await probe.numbers(TaskQuery(sort: .updated)), [first, third, second].map(\.number),
            "by updated: the task just edited comes first")
    }

    static let statusTransitions = Scenario("complete, reopen and start follow the status rules") { probe in
        let task = try await probe.add("Ship it")
        let reference = String(task.number)
        let done = try await probe.services.completeTask(reference: reference, force: false)
        try probe.check(done.status == .done && done.completedAt != nil, "a completed task is done, with a time")
        try await probe.fails(.invalidInput, "completing it again") {
            try await probe.services.completeTask(reference: reference, force: false)
        }
        try await probe.fails(.invalidInput, "starting a done task") {
            try await probe.services.startTask(reference: reference)
        }
        let reopened = try await probe.services.reopenTask(reference: reference)
        try probe.check(reopened.status == .open && reopened.completedAt == nil, "a reopened task is open again")
        try await probe.fails(.invalidInput, "reopening an open task") {
            try await probe.services.reopenTask(reference: reference)
        }
        try probe.equal(try await probe.services.startTask(reference: reference).status, .inProgress, "started")
        try await probe.fails(.invalidInput, "starting it twice") {
            try await probe.services.startTask(reference: reference)
        }
        try probe.equal(
            try await probe.services.completeTask(reference: reference, force: false).status, .done,
            "in progress can be completed")
    }

    static let editChangesOnlyWhatItNames = Scenario("edit changes the named fields and keeps the rest") { probe in
        let task = try await probe.add("Draft", due: 2, priority: .low, tags: ["a", "b"], note: "keep me")
        let reference = String(task.number)
        let edited = try await probe.services.editTask(
            reference: reference,
            changes: TaskChanges(due: .clear, priority: .high, addTags: ["c"], removeTags: ["a"]))
        try probe.equal(edited.due, nil, "the due day was cleared")
        try probe.equal(edited.priority, .high, "the new priority")
        try probe.equal(edited.tags, ["b", "c"], "tags added and removed")
        try probe.equal(edited.title, "Draft", "the title is kept")
        try probe.equal(edited.note, "keep me", "the note is kept")
        let renamed = try await probe.services.editTask(
            reference: reference, changes: TaskChanges(title: "Final", due: .set(today.adding(days: 4))))
        try probe.check(renamed.title == "Final" && renamed.due == today.adding(days: 4), "title and due set")
        try await probe.fails(.invalidInput, "a blank title") {
            try await probe.services.editTask(reference: reference, changes: TaskChanges(title: "  "))
        }
        try await probe.fails(.notFound, "an unknown task") {
            try await probe.services.editTask(reference: "999", changes: TaskChanges(priority: .low))
        }
    }

    static let moveRules = Scenario("move: to a project, to a list (own project first), never nowhere") { probe in
        try await probe.subject.seedProject(named: "Work", lists: ["Backlog", "Sprint"])
        try await probe.subject.seedProject(named: "Home", lists: ["Backlog"])
        let task = try await probe.add("Refactor", project: "Work", list: "Sprint")
        let reference = String(task.number)
        let toBacklog = try await probe.services.moveTask(reference: reference, project: nil, list: "backlog")
        try probe.check(
            toBacklog.projectName == "Work" && toBacklog.listName == "Backlog",
            "a list alone is looked for in the task's own project first, got \(toBacklog.projectName ?? "-")/"
                + (toBacklog.listName ?? "-"))
        let home = try await probe.services.moveTask(reference: reference, project: "home", list: nil)
        try probe.check(home.projectName == "Home" && home.listName == nil, "a project alone leaves the list")
        let sprint = try await probe.services.moveTask(reference: reference, project: nil, list: "Sprint")
        try probe.equal(sprint.projectName, "Work", "a list of another project brings that project")
        try await probe.fails(.invalidInput, "moving nowhere") {
            try await probe.services.moveTask(reference: reference, project: nil, list: nil)
        }
        try await probe.fails(.notFound, "a list the project does not have") {
            try await probe.services.moveTask(reference: reference, project: "Home", list: "Sprint")
        }
        try await probe.fails(.notFound, "an unknown project") {
            try await probe.services.moveTask(reference: reference, project: "Garden", list: nil)
        }
    }

    static let notesAreStampedLines = Scenario("notes are appended as lines stamped with the time") { probe in
        let task = try await probe.add("Call Ana")
        let reference = String(task.number)
        _ = try await probe.services.appendNote(reference: reference, text: "  left a message ")
        try await probe.subject.advanceClock(by: 65 * 60)
        let noted = try await probe.services.appendNote(reference: reference, text: "she called back")
        try probe.equal(
            noted.note, "2026-03-04 10:00  left a message\n2026-03-04 11:05  she called back", "the note")
        try await probe.fails(.invalidInput, "an empty note") {
            try await probe.services.appendNote(reference: reference, text: " \n ")
        }
    }

    static let unknownTasksAreNotFound = Scenario("unknown task references are not found") { probe in
        _ = try await probe.add("Only task")
        for reference in ["999", "#998", "zzzz", "0000dead"] {
            try await probe.fails(.notFound, "task(reference: \(reference))") {
                try await probe.services.task(reference: reference)
            }
        }
        try await probe.fails(.notFound, "completing an unknown task") {
            try await probe.services.completeTask(reference: "999", force: false)
        }
        try await probe.fails(.notFound, "deleting an unknown task") {
            try await probe.services.deleteTask(reference: "999")
        }
    }

    static let dashboard = Scenario("the dashboard lists ten of each section and counts them all") { probe in
        var overdue: [Int] = []
        for offset in 1...11 { overdue.append(try await probe.add("Late \(offset)", due: -offset).number) }
        let late = try await probe.add("Done late", due: -1)
        _ = try await probe.services.completeTask(reference: String(late.number), force: false)
        let dueToday = try await probe.add("Today", due: 0, priority: .low)
        let urgent = try await probe.add("Today too", due: 0, priority: .high)
        let started = try await probe.add("Started")
        _ = try await probe.services.startTask(reference: String(started.number))
        _ = try await probe.add("Someday")
        let board = try await probe.services.dashboard()
        try probe.equal(board.overdueCount, 11, "overdue count")
        try probe.equal(board.overdue.map(\.number), Array(overdue.reversed().prefix(10)), "overdue, earliest first")
        try probe.equal(board.dueTodayCount, 2, "due today count")
        try probe.equal(board.dueToday.map(\.number), [urgent.number, dueToday.number], "due today, by priority")
        try probe.equal(board.inProgress.map(\.number), [started.number], "in progress")
        try probe.equal(board.openCount, 15, "open or in progress, done left out")
    }
}
