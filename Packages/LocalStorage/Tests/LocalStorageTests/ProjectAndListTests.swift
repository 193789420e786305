import Foundation
import Testing

@testable import LocalStorage

@Suite("Projects and task lists")
struct ProjectAndListTests {
    @Test("projects are created, read, updated and deleted as tombstones")
    func projectLifecycle() async throws {
        try await withStore { store in
            let home = project(1, "Home")
            let inserted = try await store.write(summary: "add", at: at(1)) { try $0.insert(home) }
            #expect(inserted == home)
            #expect(try await store.project(id: home.id) == home)
            #expect(try await store.project(id: home.id.uppercased()) == home)

            var renamed = home
            renamed.name = "House"
            renamed.note = "keys under the mat"
            renamed.updatedAt = at(5)
            let updated = try await store.write(summary: "rename", at: at(5)) { [renamed] in try $0.update(renamed) }
            #expect(updated.version == 2)
            #expect(try await store.project(id: home.id)?.name == "House")

            let deleted = try await store.write(summary: "delete", at: at(9)) {
                try $0.deleteProject(id: home.id, at: at(9))
            }
            #expect(deleted.deletedAt == at(9))
            #expect(deleted.version == 3)
            #expect(try await store.project(id: home.id) == nil)
            #expect(try await store.projects(includeArchived: true).isEmpty)
            #expect(try await store.projects(named: "House").isEmpty)
            #expect(try await store.projects(idPrefix: "0000").isEmpty)
        }
    }

    @Test("changing or deleting a missing or deleted project is notFound")
    func notFound() async throws {
        try await withStore { store in
            let home = project(1, "Home")
            let error = await #expect(throws: LocalStorageError.self) {
                try await store.write(summary: "x", at: day0) { try $0.update(home) }
            }
            #expect({ if case .notFound = error { true } else { false } }(), "\(String(describing: error))")
            try await store.write(summary: "add", at: day0) { try $0.insert(home) }
            try await store.write(summary: "delete", at: day0) { try $0.deleteProject(id: home.id, at: day0) }
            do {
                try await store.write(summary: "again", at: day0) { try $0.deleteProject(id: home.id, at: day0) }
                Issue.record("deleting a tombstone should fail")
            } catch let error as LocalStorageError {
                guard case .notFound(let entity, let id) = error else {
                    Issue.record("unexpected \(error)")
                    return
                }
                #expect(entity == "project")
                #expect(id == home.id)
            }
        }
    }

    @Test("inserting a second row with the same id is a constraint error and writes nothing")
    func duplicateID() async throws {
        try await withStore { store in
            try await store.write(summary: "add", at: day0) { try $0.insert(project(1, "Home")) }
            do {
                try await store.write(summary: "dup", at: day0) { try $0.insert(project(1, "Other")) }
                Issue.record("a duplicate id should fail")
            } catch let error as LocalStorageError {
                guard case .constraint = error else {
                    Issue.record("unexpected \(error)")
                    return
                }
            }
            #expect(try await store.projects().map(\.name) == ["Home"])
            #expect(try await store.loggedBatches().count == 1)
        }
    }

    @Test("projects are ordered by name, archived ones only on request, found by name and id prefix")
    func projectQueries() async throws {
        try await withStore { store in
            try await store.write(summary: "add", at: day0) { writer in
                try writer.insert(project(1, "work"))
                try writer.insert(project(2, "Étude"))
                try writer.insert(project(3, "Attic", archivedAt: at(3)))
                try writer.insert(project(4, "Books"))
            }
            #expect(try await store.projects().map(\.name) == ["Books", "work", "Étude"])
            #expect(try await store.projects(includeArchived: true).map(\.name) == ["Attic", "Books", "work", "Étude"])
            #expect(try await store.projects(named: "WORK").map(\.id) == [makeID(1)])
            #expect(try await store.projects(named: "étude").map(\.id) == [makeID(2)])
            #expect(try await store.projects(named: "attic").map(\.id) == [makeID(3)])
            #expect(try await store.projects(named: "wor").isEmpty)
            #expect(try await store.projects(idPrefix: "00000000-0000-4000-8000-00000000000").count == 4)
            #expect(try await store.projects(idPrefix: "00000000-0000-4000-8000-000000000003").map(\.name) == ["Attic"])
            #expect(try await store.projects(idPrefix: "ZZZZ").isEmpty)
            #expect(try await store.projects(idPrefix: "").isEmpty)
        }
    }

    @Test("task lists are created, read, updated, found and deleted as tombstones")
    func listLifecycle() async throws {
        try await withStore { store in
            let work = project(1, "Work")
            let home = project(2, "Home")
            let backlog = list(10, "Backlog", in: work.id)
            let doing = list(11, "doing", in: work.id)
            let chores = list(12, "Backlog", in: home.id)
            try await store.write(summary: "add", at: day0) { writer in
                for record in [work, home] { try writer.insert(record) }
                for record in [backlog, doing, chores] { try writer.insert(record) }
            }
            #expect(try await store.taskList(id: backlog.id) == backlog)
            #expect(try await store.taskLists(projectID: work.id).map(\.name) == ["Backlog", "doing"])
            #expect(try await store.taskLists().count == 3)
            #expect(try await store.taskLists(named: "backlog").count == 2)
            #expect(try await store.taskLists(named: "BACKLOG", projectID: home.id) == [chores])
            #expect(try await store.taskLists(idPrefix: makeID(11).uppercased()) == [doing])
            #expect(try await store.taskLists(idPrefix: String(makeID(11).prefix(35))).count == 3)

            var renamed = doing
            renamed.name = "Doing now"
            let updated = try await store.write(summary: "rename", at: at(20)) { [renamed] in try $0.update(renamed) }
            #expect(updated.version == 2)
            try await store.write(summary: "delete", at: at(30)) { try $0.deleteTaskList(id: backlog.id, at: at(30)) }
            #expect(try await store.taskList(id: backlog.id) == nil)
            #expect(try await store.taskLists(projectID: work.id).map(\.name) == ["Doing now"])
        }
    }

    @Test("a list must belong to an existing project; the whole write is rolled back")
    func listNeedsProject() async throws {
        try await withStore { store in
            do {
                try await store.write(summary: "add", at: day0) { writer in
                    try writer.insert(project(1, "Work"))
                    try writer.insert(list(10, "Orphan", in: makeID(99)))
                }
                Issue.record("a list of a missing project should fail")
            } catch let error as LocalStorageError {
                guard case .constraint = error else {
                    Issue.record("unexpected \(error)")
                    return
                }
            }
            #expect(try await store.projects().isEmpty)
            #expect(try await store.loggedBatches().isEmpty)
        }
    }
}
