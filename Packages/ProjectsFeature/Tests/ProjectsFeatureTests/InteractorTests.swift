import Foundation
import ProjectsFeatureFakes
import TerminalUI
import Testing

@testable import ProjectsFeature

@Suite("Interactor")
struct InteractorTests {
    // MARK: show

    @Test func showInHumanModeAsksTheHostToShowTheProjectsTasks() async throws {
        let (harness, _) = await Harness.sample()

        try await harness.feature.show("work")

        #expect(await harness.coordinator.shownProjectIDs == [SampleProjects.IDs.work.uuidString.lowercased()])
        #expect(harness.output.lines.first == "Work")
        #expect(harness.analytics.events == [.shown(lists: 2)])
    }

    @Test func showInJSONModeLeavesTheTasksOutSoTheOutputStaysOneDocument() async throws {
        let (harness, _) = await Harness.sample(format: .json)

        try await harness.feature.show("Work")

        #expect(await harness.coordinator.shownProjectIDs.isEmpty)
        let object = try #require(try jsonObject(harness.output.text) as? [String: Any])
        #expect(Set(object.keys) == ["project", "lists", "time"])
    }

    @Test func showRethrowsTheCoordinatorsErrorAfterPrintingTheDetail() async throws {
        let store = await SampleProjects.makeServices()
        let harness = Harness(services: store, showTasksError: UnexpectedServiceError(code: 7))

        await #expect(throws: UnexpectedServiceError(code: 7)) {
            try await harness.feature.show("Work")
        }
        #expect(harness.output.text.contains("Lists"))
    }

    // MARK: delete

    @Test func withNobodyToAskAProjectWithTasksNeedsForceAndNothingIsDeleted() async throws {
        let (harness, store) = await Harness.sample()
        try await store.seedTime(ProjectTime(totalSeconds: 0, billableSeconds: 0, thisWeekSeconds: 0), project: "Work")
        let tasksBefore = await store.taskCount

        await #expect(
            throws: ProjectsFeatureError.deletionNeedsForce(what: "project \"Work\" with its 2 lists and 12 tasks")
        ) {
            try await harness.feature.delete("Work", force: false)
        }

        #expect(await harness.coordinator.questions == ["Delete project \"Work\" with its 2 lists and 12 tasks?"])
        #expect(try await store.project(reference: "Work").totalTasks == 12)
        #expect(await store.taskCount == tasksBefore)
        #expect(harness.output.text.isEmpty)
        #expect(harness.analytics.events == [.deletionRefused(tasks: 12)])
    }

    @Test func aDeclinedDeletionKeepsTheProjectAndSaysSo() async throws {
        let (harness, store) = await Harness.sample(answers: [.no])
        try await store.seedTime(
            ProjectTime(totalSeconds: 9_000, billableSeconds: 0, thisWeekSeconds: 0), project: "Work")

        try await harness.feature.delete("Work", force: false)

        let logged = DurationText.format(seconds: 9_000)
        #expect(
            await harness.coordinator.questions == [
                "Delete project \"Work\" with its 2 lists, 12 tasks and \(logged) of logged time?"
            ])
        #expect(harness.output.lines == ["Kept project \"Work\"; nothing was deleted."])
        #expect(try await store.project(reference: "Work").totalTasks == 12)
        #expect(harness.analytics.events == [.deletionDeclined(tasks: 12)])
    }

    @Test func aProjectWithOnlyLoggedTimeIsAskedAboutToo() async throws {
        let store = InMemoryProjectsServices()
        await store.seedProject(name: "Admin")
        try await store.seedTime(
            ProjectTime(totalSeconds: 3_600, billableSeconds: 0, thisWeekSeconds: 0), project: "Admin")
        let harness = Harness(services: store)

        await #expect(throws: ProjectsFeatureError.self) { try await harness.feature.delete("admin", force: false) }
        #expect(try await store.projects(includeArchived: true).count == 1)
    }

    @Test func theRefusalMessageTellsHowToForceIt() {
        let error = ProjectsFeatureError.deletionNeedsForce(what: "project \"Work\" with its 12 tasks")
        #expect(
            error.localizedDescription
                == "pass --force to delete project \"Work\" with its 12 tasks: there is no terminal to ask for a yes")
    }

    @Test func forceDeletesAProjectWithItsListsAndTasksWithoutAsking() async throws {
        let (harness, store) = await Harness.sample()
        let tasksBefore = await store.taskCount

        try await harness.feature.delete("Work", force: true)

        #expect(await harness.coordinator.questions.isEmpty)
        await #expect(throws: ProjectsFakeError.notFound(kind: "project", reference: "Work")) {
            try await store.project(reference: "Work")
        }
        #expect(await store.taskCount == tasksBefore - 12)
        let logged = DurationText.format(seconds: 32 * 3_600 + 600)
        #expect(
            harness.output.lines == ["Deleted project \"Work\" with its 2 lists, 12 tasks and \(logged) of logged time"]
        )
        #expect(harness.analytics.events == [.deleted(tasks: 12, forced: true)])
    }

    @Test func aConfirmedDeletionGoesAhead() async throws {
        let (harness, store) = await Harness.sample(answers: [.yes])

        try await harness.feature.delete("home", force: false)

        #expect(await harness.coordinator.questions.count == 1)
        #expect(try await store.projects(includeArchived: true).map(\.name) == ["Garden 2025", "Side project", "Work"])
        #expect(harness.analytics.events == [.deleted(tasks: 4, forced: false)])
    }

    @Test func anEmptyProjectIsDeletedWithoutAsking() async throws {
        let store = InMemoryProjectsServices()
        await store.seedProject(name: "Scratch")
        let harness = Harness(services: store)

        try await harness.feature.delete("scratch", force: false)

        #expect(await harness.coordinator.questions.isEmpty)
        #expect(harness.output.lines == ["Deleted project \"Scratch\""])
        #expect(try await store.projects(includeArchived: true).isEmpty)
    }

    // MARK: other operations

    @Test func listingTracksHowManyProjectsWereShown() async throws {
        let (harness, _) = await Harness.sample()

        try await harness.feature.list(includeArchived: false)
        try await harness.feature.list(includeArchived: true)

        #expect(
            harness.analytics.events == [
                .listed(count: 3, includeArchived: false), .listed(count: 4, includeArchived: true),
            ])
    }

    @Test func addingConfirmsInOneLineAndTracksWhetherThereWasANote() async throws {
        let (harness, store) = await Harness.sample()

        try await harness.feature.add(name: "Taxes", note: "due in April")
        try await harness.feature.add(name: "Music", note: "  ")

        #expect(harness.output.lines == ["Added project \"Taxes\"", "Added project \"Music\""])
        #expect(try await store.project(reference: "taxes").note == "due in April")
        #expect(harness.analytics.events == [.added(withNote: true), .added(withNote: false)])
    }

    @Test func renamingByIDPrefixNamesTheProjectAsItWas() async throws {
        let (harness, store) = await Harness.sample()

        try await harness.feature.rename("3f2a", to: "Client work")

        #expect(harness.output.lines == ["Renamed project \"Work\" to \"Client work\""])
        #expect(try await store.project(reference: "client work").id == SampleProjects.IDs.work.uuidString.lowercased())
        #expect(harness.analytics.events == [.renamed])
    }

    @Test func archivingAndUnarchivingConfirmAndTrack() async throws {
        let (harness, store) = await Harness.sample()

        try await harness.feature.archive("Side project")
        #expect(try await store.project(reference: "Side project").isArchived)
        try await harness.feature.unarchive("Side project")

        #expect(
            harness.output.lines == [
                "Archived project \"Side project\"; bring it back with: stint project unarchive \"Side project\"",
                "Unarchived project \"Side project\"",
            ])
        #expect(harness.analytics.events == [.archived, .unarchived])
    }

    @Test func mutationsInJSONModePrintTheWholeItem() async throws {
        let (harness, _) = await Harness.sample(format: .json)

        try await harness.feature.addList(name: "Ideas", project: "Side project")

        let object = try #require(try jsonObject(harness.output.text) as? [String: Any])
        #expect(object["name"] as? String == "Ideas")
        #expect(object["project_name"] as? String == "Side project")
        #expect(object["open_tasks"] as? Int == 0)
    }

    @Test func listsCanBeNarrowedToOneProject() async throws {
        let (harness, _) = await Harness.sample(format: .json)

        try await harness.feature.lists(project: "work")

        let lists = try #require(try jsonObject(harness.output.text) as? [[String: Any]])
        #expect(lists.compactMap { $0["name"] as? String } == ["Backlog", "Q1 report"])
        #expect(harness.analytics.events == [.listsListed(count: 2, filtered: true)])
    }

    @Test func renamingAListNamesItAsItWas() async throws {
        let (harness, _) = await Harness.sample()

        try await harness.feature.renameList("backlog", project: "Work", to: "Someday")

        #expect(harness.output.lines == ["Renamed list \"Backlog\" to \"Someday\" in Work"])
        #expect(harness.analytics.events == [.listRenamed])
    }

    @Test func deletingAListKeepsItsTasksInTheProjectAndSaysSo() async throws {
        let (harness, store) = await Harness.sample()
        let tasksBefore = await store.taskCount

        try await harness.feature.deleteList("Backlog", project: nil)

        #expect(harness.output.lines == ["Deleted list \"Backlog\" from Work; its 6 tasks stay in Work without a list"])
        #expect(await store.taskCount == tasksBefore)
        #expect(try await store.unlistedTaskCount(project: "Work") == 7)
        #expect(harness.analytics.events == [.listDeleted(tasksKept: 6)])
    }

    @Test func anAmbiguousReferenceFromTheServicesIsRethrownUnchanged() async throws {
        let (harness, store) = await Harness.sample()
        try await store.seedList(name: "Backlog", project: "Home", id: UUID(), createdAt: Fixture.now)

        let error = await #expect(throws: ProjectsFakeError.self) {
            try await harness.feature.deleteList("backlog", project: nil)
        }
        guard case .ambiguous(let kind, let reference, let candidates) = error else {
            Issue.record("expected an ambiguity, got \(String(describing: error))")
            return
        }
        #expect(kind == "list")
        #expect(reference == "backlog")
        #expect(candidates.count == 2)
        #expect(try await store.taskLists(inProject: nil).filter { $0.name == "Backlog" }.count == 2)
    }

    // MARK: service errors

    enum Operation: String, CaseIterable, Sendable {
        case list, show, add, rename, archive, unarchive, delete, forceDelete, lists, addList, renameList, deleteList

        func run(on feature: ProjectsInteractor) async throws {
            switch self {
            case .list: try await feature.list(includeArchived: true)
            case .show: try await feature.show("Work")
            case .add: try await feature.add(name: "New", note: nil)
            case .rename: try await feature.rename("Work", to: "Job")
            case .archive: try await feature.archive("Work")
            case .unarchive: try await feature.unarchive("Work")
            case .delete: try await feature.delete("Work", force: false)
            case .forceDelete: try await feature.delete("Work", force: true)
            case .lists: try await feature.lists(project: nil)
            case .addList: try await feature.addList(name: "Ideas", project: "Work")
            case .renameList: try await feature.renameList("Backlog", project: nil, to: "Later")
            case .deleteList: try await feature.deleteList("Backlog", project: "Work")
            }
        }
    }

    @Test(arguments: Operation.allCases)
    func serviceErrorsPropagateUnchangedAndNothingIsPrinted(_ operation: Operation) async {
        let harness = Harness(services: FailingProjectsServices(UnexpectedServiceError(code: 42)))

        await #expect(throws: UnexpectedServiceError(code: 42)) {
            try await operation.run(on: harness.feature)
        }
        #expect(harness.output.text.isEmpty)
        #expect(harness.analytics.events.isEmpty)
        #expect(await harness.coordinator.shownProjectIDs.isEmpty)
    }

    @Test func theBuilderIsTheWayInAndHonoursTheFormat() async throws {
        let output = CapturedOutput()
        let feature = ProjectsBuilder.build(
            ProjectsDependencies(
                services: await SampleProjects.makeServices(), coordinator: ScriptedProjectsCoordinator(),
                analytics: RecordingProjectsAnalytics()),
            context: FeatureContext(
                output: output, style: .plain, format: .json, today: Fixture.today, timeZone: Fixture.timeZone,
                input: ScriptedLineReader()))

        try await feature.list(includeArchived: false)

        let projects = try #require(try jsonObject(output.text) as? [[String: Any]])
        #expect(projects.compactMap { $0["name"] as? String } == ["Home", "Side project", "Work"])
    }
}
