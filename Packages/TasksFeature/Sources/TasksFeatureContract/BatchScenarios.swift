import Foundation
import TasksFeature
import TerminalUI

// Several tasks at once (`stint task done 3 4 5`) and an edit that moves the task (the editor form, issue 10).
extension TasksContract {
    static let severalTasksChangeTogether = Scenario("several tasks complete, start and move together") { probe in
        try await probe.subject.seedProject(named: "Home", lists: ["Errands"])
        let one = try await probe.add("One")
        let two = try await probe.add("Two")
        let three = try await probe.add("Three")
        let started = try await probe.services.changeTasks(
            references: [String(three.number), String(one.number), "#\(one.number)", one.id], .start)
        try probe.equal(started.map(\.number), [three.number, one.number], "in the order named, each once")
        try probe.check(started.allSatisfy { $0.status == .inProgress }, "both started")
        let done = try await probe.services.changeTasks(
            references: [String(one.number), String(two.number), String(three.number)], .complete(force: false))
        try probe.check(done.allSatisfy { $0.status == .done && $0.completedAt != nil }, "all three done")
        let reopened = try await probe.services.changeTasks(references: [one.id, two.id], .reopen)
        try probe.check(reopened.allSatisfy { $0.status == .open }, "reopened")
        let moved = try await probe.services.changeTasks(
            references: [String(one.number), String(two.number)], .move(project: nil, list: "errands"))
        try probe.check(
            moved.allSatisfy { $0.projectName == "Home" && $0.listName == "Errands" }, "a list brings its project")
    }

    static let severalTasksAreAllOrNothing = Scenario("one bad reference or task changes none of them") { probe in
        let one = try await probe.add("One")
        let two = try await probe.add("Two")
        try await probe.fails(.notFound, "an unknown reference among good ones") {
            try await probe.services.changeTasks(references: [String(one.number), "999"], .complete(force: false))
        }
        _ = try await probe.services.completeTask(reference: String(two.number), force: false)
        try await probe.fails(.invalidInput, "a task already done among open ones") {
            try await probe.services.changeTasks(
                references: [String(one.number), String(two.number)], .complete(force: false))
        }
        try probe.equal(try await probe.services.task(reference: one.id).status, .open, "the open task stayed open")
        try await probe.fails(.notFound, "deleting with an unknown reference") {
            try await probe.services.deleteTasks(references: [String(one.number), "999"])
        }
        try probe.equal(
            try await probe.services.countTasks(matching: TaskQuery(status: .all)), 2, "nothing was deleted")
    }

    static let severalTasksAreDeleted = Scenario("deleting several tasks returns them and removes them") { probe in
        let one = try await probe.add("One")
        let two = try await probe.add("Two")
        let three = try await probe.add("Three")
        let deleted = try await probe.services.deleteTasks(
            references: [String(three.number), String(one.number), String(three.number)])
        try probe.equal(deleted.map(\.title), ["Three", "One"], "each deleted task once, in the order named")
        try probe.equal(try await probe.numbers(TaskQuery(status: .all)), [two.number], "only Two is left")
    }

    static let editMovesTheTask = Scenario("edit changes project and list as move does, and empties them") { probe in
        try await probe.subject.seedProject(named: "Work", lists: ["Backlog"])
        try await probe.subject.seedProject(named: "Home", lists: ["Errands", "Backlog"])
        let task = try await probe.add("Paint", project: "Work", list: "Backlog")
        let home = try await probe.services.editTask(
            reference: task.id, changes: TaskChanges(title: "Paint the shed", project: .set("home")))
        try probe.check(
            home.title == "Paint the shed" && home.projectName == "Home" && home.listName == nil,
            "a new project leaves the list")
        let listed = try await probe.services.editTask(
            reference: task.id, changes: TaskChanges(project: .set("Work"), list: .set("backlog")))
        try probe.check(listed.projectName == "Work" && listed.listName == "Backlog", "a list inside the new project")
        let same = try await probe.services.editTask(reference: task.id, changes: TaskChanges(project: .set("WORK")))
        try probe.equal(same.listName, "Backlog", "the same project keeps the list")
        let errands = try await probe.services.editTask(reference: task.id, changes: TaskChanges(list: .set("Errands")))
        try probe.equal(errands.projectName, "Home", "a list alone brings its project")
        let unlisted = try await probe.services.editTask(reference: task.id, changes: TaskChanges(list: .clear))
        try probe.check(unlisted.projectName == "Home" && unlisted.listName == nil, "no list, same project")
        try await probe.fails(.notFound, "an unknown project") {
            try await probe.services.editTask(reference: task.id, changes: TaskChanges(project: .set("Nowhere")))
        }
        try await probe.fails(.invalidInput, "a list for the inbox") {
            try await probe.services.editTask(
                reference: task.id, changes: TaskChanges(project: .clear, list: .set("Errands")))
        }
        let inbox = try await probe.services.editTask(reference: task.id, changes: TaskChanges(project: .clear))
        try probe.check(inbox.projectName == nil && inbox.listName == nil, "no project: the inbox")
    }
}
