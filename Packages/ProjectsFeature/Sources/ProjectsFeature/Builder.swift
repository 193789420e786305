import Foundation
import TerminalUI

/// The projects feature once built: one method per `stint project …` and `stint list …` command.
///
/// The host builds it with ``ProjectsBuilder`` for one command and calls a single operation. Each operation
/// writes its result to the builder's output (a table, a detail, a one-line confirmation, or JSON), tracks one
/// analytics event, and throws the services' errors unchanged or a ``ProjectsFeatureError``.
public protocol ProjectsFeatureInterface: Sendable {
    /// Prints the projects (active ones, or all with `includeArchived`), or a hint when there are none.
    func list(includeArchived: Bool) async throws

    /// Prints a project's detail with its lists, then, in human output, asks the coordinator to show the
    /// project's open tasks.
    func show(_ reference: String) async throws

    func add(name: String, note: String?) async throws

    func rename(_ reference: String, to newName: String) async throws

    func archive(_ reference: String) async throws

    func unarchive(_ reference: String) async throws

    /// Deletes a project with its lists and tasks. When it still has tasks or logged time and `force` is false, the
    /// coordinator is asked to confirm (the question names the tasks and the time): a no deletes nothing and says so;
    /// with nobody to ask, nothing is deleted and ``ProjectsFeatureError/deletionNeedsForce(what:)`` is thrown.
    func delete(_ reference: String, force: Bool) async throws

    /// Prints every task list, or only the lists of `project` (a project reference).
    func lists(project: String?) async throws

    func addList(name: String, project: String) async throws

    /// - Parameter project: optional project reference, to pick a list whose name several projects use.
    func renameList(_ reference: String, project: String?, to newName: String) async throws

    /// Deletes a task list; its tasks stay in the project without a list, and the confirmation says so.
    func deleteList(_ reference: String, project: String?) async throws
}

/// What the Projects feature needs from its host besides the ``FeatureContext``: the implementations of its three
/// boundary protocols.
public struct ProjectsDependencies: Sendable {
    /// Data access (see ``ProjectsServices``).
    public var services: any ProjectsServices
    /// Confirmation prompts and showing a project's tasks.
    public var coordinator: any ProjectsCoordinator
    /// Receives one event per operation.
    public var analytics: any ProjectsAnalytics

    public init(
        services: any ProjectsServices, coordinator: any ProjectsCoordinator, analytics: any ProjectsAnalytics
    ) {
        self.services = services
        self.coordinator = coordinator
        self.analytics = analytics
    }
}

/// Builds the projects feature: the only public way in.
///
/// Everything the feature touches is injected, so it can run against the app's adapters, the in-memory fakes of
/// `ProjectsFeatureFakes`, or a test's captured output. The feature never reads the clock or the environment.
public enum ProjectsBuilder {
    /// Builds the feature for one command.
    /// - Parameters:
    ///   - dependencies: the Services, Coordinator and Analytics implementations.
    ///   - context: output, style (tables fit `style.width` when it is set) and format; `today`, the day relative
    ///     dates ("yesterday", "3 days ago") are measured from, and the zone timestamps and days are shown in. The
    ///     feature reads no input.
    public static func build(_ dependencies: ProjectsDependencies, context: FeatureContext)
        -> any ProjectsFeatureInterface
    {
        ProjectsInteractor(
            services: dependencies.services,
            coordinator: dependencies.coordinator,
            analytics: dependencies.analytics,
            presenter: ProjectsPresenter(format: context.format, today: context.today, timeZone: context.timeZone),
            view: ProjectsView(output: context.output, style: context.style, quiet: context.quiet))
    }
}
