import Foundation
import ProjectsFeature

extension ProjectsContract {
    /// Every scenario, in a fixed order. Each expects a fresh subject.
    public static let scenarios: [Scenario] = [
        projectsAreListedByName, projectNamesAreUnique, emptyNamesAreInvalid, projectReferences, archiving,
        countsFollowTheTasks, deletingAListKeepsItsTasks, renamingAListKeepsItsTasks, listNamesAreUniquePerProject,
        deletingAProjectTakesEverything, listsAreOrderedByProjectThenName, listsNameTheirProjectByID,
    ]

    /// A script follows a list to its project by id (names change); `project show` and `list ls` agree on a list.
    static let listsNameTheirProjectByID = Scenario("a list carries its project's id, the same in every read") {
        probe in
        let work = try await probe.add("Work")
        let added = try await probe.addList("Backlog", to: "Work")
        try probe.equal(added.projectID, work.id, "the new list's project id")
        try probe.equal(work.id, work.id.lowercased(), "ids are lowercase")
        let renamed = try await probe.services.renameProject(reference: "Work", to: "Client work")
        try probe.equal(renamed.id, work.id, "a rename keeps the project's id")
        let listed = try await probe.services.taskLists(inProject: nil)
        try probe.equal(listed.map(\.projectID), [work.id], "a listed list")
        try probe.equal(listed.map(\.projectName), ["Client work"], "under the project's new name")
        let detail = try await probe.services.projectDetail(reference: "Client work")
        try probe.equal(detail.lists, listed, "project show lists the same lists")
    }

    static let projectsAreListedByName = Scenario("projects are listed by name, ignoring case") { probe in
        let work = try await probe.add("  work  ", note: "Client work\nBilling W-42")
        try probe.equal(work.name, "work", "the name is trimmed")
        try probe.equal(work.note, "Client work\nBilling W-42", "the note")
        try probe.check(
            work.openTasks == 0 && work.doneTasks == 0 && work.lists == 0 && !work.isArchived,
            "a new project is active and empty")
        try await probe.add("Home")
        try await probe.add("archive")
        try probe.equal(try await probe.projectNames(), ["archive", "Home", "work"], "the order")
        try probe.equal(try await probe.project("Home").note, "", "no note is an empty note")
    }

    static let projectNamesAreUnique = Scenario("two projects never share a name, whatever the case") { probe in
        try await probe.add("Work")
        try await probe.fails(.conflict, "adding work again") { try await probe.add("work") }
        try await probe.add("Home")
        try await probe.fails(.conflict, "renaming Home to WORK") {
            try await probe.services.renameProject(reference: "Home", to: "WORK")
        }
        let renamed = try await probe.services.renameProject(reference: "home", to: "Home office")
        try probe.equal(renamed.name, "Home office", "the new name")
        let recased = try await probe.services.renameProject(reference: "Work", to: "WORK")
        try probe.equal(recased.name, "WORK", "a project may change the case of its own name")
        try probe.equal(try await probe.projectNames(), ["Home office", "WORK"], "the projects")
    }

    static let emptyNamesAreInvalid = Scenario("names must have something visible in them") { probe in
        try await probe.fails(.invalidInput, "a blank project name") { try await probe.add("   ") }
        try await probe.add("Work")
        try await probe.fails(.invalidInput, "renaming to nothing") {
            try await probe.services.renameProject(reference: "Work", to: "")
        }
        try await probe.fails(.invalidInput, "a blank list name") { try await probe.addList(" ", to: "Work") }
        try probe.equal(try await probe.projectNames(), ["Work"], "nothing else was added")
    }

    static let projectReferences = Scenario("projects are named by name or id prefix; unknown ones are not found") {
        probe in
        let work = try await probe.add("Work")
        try probe.equal(try await probe.project("WORK").id, work.id, "by name, ignoring case")
        try probe.equal(try await probe.project(String(work.id.prefix(8))).id, work.id, "by id prefix")
        try probe.equal(try await probe.project(work.id).id, work.id, "by the whole id")
        try await probe.fails(.notFound, "an unknown name") { try await probe.project("Garden") }
        try await probe.fails(.notFound, "the detail of an unknown project") {
            try await probe.services.projectDetail(reference: "Garden")
        }
        try await probe.fails(.notFound, "archiving an unknown project") {
            try await probe.services.archiveProject(reference: "Garden")
        }
        try await probe.fails(.notFound, "deleting an unknown project") {
            try await probe.services.deleteProject(reference: "Garden")
        }
        try await probe.fails(.notFound, "a list in an unknown project") {
            try await probe.addList("Backlog", to: "Garden")
        }
        let detail = try await probe.services.projectDetail(reference: "work")
        try probe.check(detail.project.id == work.id && detail.lists.isEmpty, "the detail of an empty project")
        try probe.equal(detail.time?.totalSeconds, 0, "a project without logged time has zero time")
    }

    static let archiving = Scenario("archive and unarchive move a project out of and back into the list") { probe in
        try await probe.add("Work")
        try await probe.add("Garden")
        try await probe.addList("Beds", to: "Garden")
        try await probe.subject.seedTasks(project: "Garden", list: "Beds", open: 1, done: 2)
        let archived = try await probe.services.archiveProject(reference: "garden")
        try probe.check(archived.isArchived, "the archived project says so")
        try probe.equal(try await probe.projectNames(), ["Work"], "archived projects are left out by default")
        try probe.equal(try await probe.projectNames(includeArchived: true), ["Garden", "Work"], "unless asked for")
        let kept = try await probe.project("Garden")
        try probe.check(kept.openTasks == 1 && kept.doneTasks == 2 && kept.lists == 1, "it keeps its lists and tasks")
        try await probe.fails(.invalidInput, "archiving it again") {
            try await probe.services.archiveProject(reference: "Garden")
        }
        let back = try await probe.services.unarchiveProject(reference: "Garden")
        try probe.check(!back.isArchived, "the unarchived project says so")
        try probe.equal(try await probe.projectNames(), ["Garden", "Work"], "and is listed again")
        try await probe.fails(.invalidInput, "unarchiving an active project") {
            try await probe.services.unarchiveProject(reference: "Work")
        }
    }

    static let countsFollowTheTasks = Scenario("project and list counts follow their tasks") { probe in
        try await probe.add("Work")
        try await probe.addList("Backlog", to: "Work")
        try await probe.addList("Sprint", to: "Work")
        try await probe.subject.seedTasks(project: "Work", list: "Backlog", open: 2, done: 1)
        try await probe.subject.seedTasks(project: "Work", list: nil, open: 1, done: 0)
        let work = try await probe.project("Work")
        try probe.check(
            work.openTasks == 3 && work.doneTasks == 1 && work.lists == 2,
            "Work: 3 open, 1 done, 2 lists; got \(work.openTasks), \(work.doneTasks), \(work.lists)")
        let backlog = try await probe.services.taskList(reference: "backlog", inProject: "Work")
        try probe.check(
            backlog.openTasks == 2 && backlog.doneTasks == 1 && backlog.projectName == "Work",
            "Backlog: 2 open, 1 done, in Work")
        let detail = try await probe.services.projectDetail(reference: "Work")
        try probe.equal(detail.lists.map(\.name), ["Backlog", "Sprint"], "the detail's lists, by name")
        try probe.equal(detail.lists.map(\.totalTasks), [3, 0], "and their tasks")
    }

    static let deletingAListKeepsItsTasks = Scenario("deleting a list keeps its tasks in the project") { probe in
        try await probe.add("Work")
        try await probe.addList("Backlog", to: "Work")
        try await probe.subject.seedTasks(project: "Work", list: "Backlog", open: 2, done: 1)
        try await probe.subject.seedTasks(project: "Work", list: nil, open: 1, done: 0)
        let deleted = try await probe.services.deleteTaskList(reference: "Backlog", inProject: nil)
        try probe.equal(deleted.totalTasks, 3, "the deleted list says how many tasks stayed")
        let work = try await probe.project("Work")
        try probe.check(
            work.openTasks == 3 && work.doneTasks == 1 && work.lists == 0, "the project keeps every task, no list")
        try await probe.fails(.notFound, "the deleted list") {
            try await probe.services.taskList(reference: "Backlog", inProject: "Work")
        }
    }

    static let renamingAListKeepsItsTasks = Scenario("renaming a list keeps its tasks") { probe in
        try await probe.add("Work")
        try await probe.addList("Backlog", to: "Work")
        try await probe.subject.seedTasks(project: "Work", list: "Backlog", open: 2, done: 1)
        let renamed = try await probe.services.renameTaskList(reference: "backlog", inProject: "Work", to: "Icebox")
        try probe.check(renamed.name == "Icebox" && renamed.projectName == "Work", "the list's new name, same project")
        let icebox = try await probe.services.taskList(reference: "Icebox", inProject: nil)
        try probe.check(icebox.openTasks == 2 && icebox.doneTasks == 1, "its tasks are still in it")
        try await probe.fails(.notFound, "the old name") {
            try await probe.services.taskList(reference: "Backlog", inProject: nil)
        }
    }

    static let listNamesAreUniquePerProject = Scenario("list names are unique per project; shared ones need a project")
    { probe in
        try await probe.add("Work")
        try await probe.add("Home")
        let backlog = try await probe.addList("Backlog", to: "work")
        try probe.equal(backlog.projectName, "Work", "the list's project, as stored")
        try await probe.fails(.conflict, "the same name in the same project") {
            try await probe.addList("backlog", to: "Work")
        }
        try await probe.addList("Backlog", to: "Home")
        try await probe.fails(.ambiguous, "a name two projects use") {
            try await probe.services.taskList(reference: "Backlog", inProject: nil)
        }
        try await probe.fails(.ambiguous, "deleting it without a project") {
            try await probe.services.deleteTaskList(reference: "backlog", inProject: nil)
        }
        let home = try await probe.services.taskList(reference: "Backlog", inProject: "home")
        try probe.equal(home.projectName, "Home", "with the project it is found")
        try probe.equal(
            try await probe.services.taskList(reference: String(backlog.id.prefix(8)), inProject: nil).id, backlog.id,
            "a list by id prefix")
        try await probe.addList("Sprint", to: "Work")
        try await probe.fails(.conflict, "renaming onto a sibling's name") {
            try await probe.services.renameTaskList(reference: "Sprint", inProject: "Work", to: "BACKLOG")
        }
    }

    static let deletingAProjectTakesEverything = Scenario("deleting a project takes its lists and tasks with it") {
        probe in
        try await probe.add("Work")
        try await probe.add("Home")
        try await probe.addList("Backlog", to: "Work")
        try await probe.addList("Errands", to: "Home")
        try await probe.subject.seedTasks(project: "Work", list: "Backlog", open: 2, done: 1)
        try await probe.subject.seedTasks(project: "Work", list: nil, open: 1, done: 0)
        let deleted = try await probe.services.deleteProject(reference: "work")
        try probe.check(
            deleted.name == "Work" && deleted.totalTasks == 4 && deleted.lists == 1,
            "the deleted project says what went with it")
        try await probe.fails(.notFound, "the deleted project") { try await probe.project("Work") }
        try probe.equal(try await probe.projectNames(includeArchived: true), ["Home"], "the projects left")
        try probe.equal(try await probe.services.taskLists(inProject: nil).map(\.name), ["Errands"], "the lists left")
        try await probe.add("Work")
        try probe.equal(try await probe.project("Work").totalTasks, 0, "a new project of that name starts empty")
    }

    static let listsAreOrderedByProjectThenName = Scenario("lists are ordered by project, then name") { probe in
        try await probe.add("Work")
        try await probe.add("Home")
        try await probe.add("Attic")
        try await probe.addList("sprint", to: "Work")
        try await probe.addList("Backlog", to: "Work")
        try await probe.addList("Errands", to: "Home")
        try await probe.addList("Boxes", to: "Attic")
        _ = try await probe.services.archiveProject(reference: "Attic")
        let all = try await probe.services.taskLists(inProject: nil)
        try probe.equal(
            all.map { "\($0.projectName)/\($0.name)" }, ["Attic/Boxes", "Home/Errands", "Work/Backlog", "Work/sprint"],
            "every list, archived projects' too")
        try probe.equal(
            try await probe.services.taskLists(inProject: "work").map(\.name), ["Backlog", "sprint"], "one project's")
        try await probe.fails(.notFound, "the lists of an unknown project") {
            try await probe.services.taskLists(inProject: "Garden")
        }
    }
}
