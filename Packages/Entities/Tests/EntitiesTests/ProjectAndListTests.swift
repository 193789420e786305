import Entities
import Foundation
import Testing

struct ProjectAndListTests {
    @Test func createsAnActiveProject() throws {
        let project = try Project.create(id: Fixture.id(2), name: " Garden ", now: Fixture.now)
        #expect(project.name == "Garden")
        #expect(project.note.isEmpty)
        #expect(!project.isArchived)
        #expect(project.createdAt == Fixture.now)
        #expect(project.updatedAt == Fixture.now)
    }

    @Test func archivesAndUnarchivesOnce() throws {
        var project = try Project.create(id: Fixture.id(2), name: "Garden", now: Fixture.now)
        try project.archive(now: Fixture.later)
        #expect(project.isArchived)
        #expect(project.archivedAt == Fixture.later)

        let twice = try #require(validationError { try project.archive(now: Fixture.evenLater) })
        #expect(twice.field == "status")
        #expect(twice.reason == .projectAlreadyArchived)
        #expect(twice.message == "the project is already archived")
        #expect(project.archivedAt == Fixture.later)

        try project.unarchive(now: Fixture.evenLater)
        #expect(!project.isArchived)
        #expect(project.updatedAt == Fixture.evenLater)
        let notArchived = try #require(validationError { try project.unarchive(now: Fixture.evenLater) })
        #expect(notArchived.field == "status")
        #expect(notArchived.reason == .projectNotArchived)
        #expect(notArchived.message == "the project is not archived")
    }

    @Test func renamesAndEditsTheNote() throws {
        var project = try Project.create(id: Fixture.id(2), name: "Garden", now: Fixture.now)
        try project.rename(to: "Garden", now: Fixture.later)
        #expect(project.updatedAt == Fixture.now)
        try project.rename(to: "Allotment", now: Fixture.later)
        #expect(project.name == "Allotment")
        #expect(project.updatedAt == Fixture.later)
        try project.setNote("Plot 14", now: Fixture.evenLater)
        #expect(project.note == "Plot 14")
        #expect(validationError { try project.rename(to: "a\nb", now: Fixture.evenLater) }?.reason == .notSingleLine)
        #expect(project.name == "Allotment")
    }

    @Test func listsBelongToAProjectAndRename() throws {
        var list = try TaskList.create(
            id: Fixture.id(3), projectID: Fixture.projectID, name: "Errands", now: Fixture.now)
        #expect(list.projectID == Fixture.projectID)
        #expect(list.name == "Errands")
        try list.rename(to: " Shopping ", now: Fixture.later)
        #expect(list.name == "Shopping")
        #expect(list.updatedAt == Fixture.later)
        #expect(validationError { try list.rename(to: "", now: Fixture.evenLater) }?.reason == .empty(.text))
    }
}
