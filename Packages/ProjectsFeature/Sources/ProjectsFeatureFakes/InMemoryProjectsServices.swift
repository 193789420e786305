import Foundation
import ProjectsFeature

/// A working, in-memory implementation of ``ProjectsServices`` for tests and the demo. `ProjectsFeatureContract`
/// states the rules it shares with the App's adapter; the feature's tests run that contract against this fake.
///
/// Projects, task lists and bare tasks (only where they are filed and whether they are done) live in plain arrays,
/// and every count is derived from them. References resolve as the App resolves them: a case-insensitive exact name
/// first, then a UUID prefix of at least four characters; several matches are ambiguous. Time stands still at `now`.
/// Logged time is what ``seedTime(_:project:)`` recorded (zeros otherwise, as the App reports a project without
/// entries). Errors are ``ProjectsFakeError``.
public actor InMemoryProjectsServices: ProjectsServices {
    private struct StoredProject {
        var id: UUID
        var name: String
        var note: String
        var isArchived = false
        var createdAt: Date
        var updatedAt: Date
        var time = ProjectTime(totalSeconds: 0, billableSeconds: 0, thisWeekSeconds: 0)
    }

    private struct StoredList {
        var id: UUID
        var projectID: UUID
        var name: String
        var createdAt: Date
        var updatedAt: Date? = nil
    }

    private var projectStore: [StoredProject] = []
    private var listStore: [StoredList] = []
    /// One element per task: its project, its list and whether it is done.
    private var taskStore: [(projectID: UUID, listID: UUID?, isDone: Bool)] = []

    /// The time stamped on every change; it stands still.
    public let now: Date

    public init(now: Date = SampleProjects.referenceDate) {
        self.now = now
    }

    // MARK: Seeding (tests and samples)

    /// Inserts a project directly, skipping the checks `addProject` makes.
    @discardableResult
    public func seedProject(
        name: String, note: String = "", isArchived: Bool = false, id: UUID? = nil, createdAt: Date? = nil
    ) -> Project {
        let project = StoredProject(
            id: id ?? UUID(), name: name, note: note, isArchived: isArchived, createdAt: createdAt ?? now,
            updatedAt: createdAt ?? now)
        projectStore.append(project)
        return model(project)
    }

    /// Inserts a list into the project `project` refers to.
    @discardableResult
    public func seedList(name: String, project: String, id: UUID? = nil, createdAt: Date? = nil) throws -> TaskList {
        let list = StoredList(
            id: id ?? UUID(), projectID: try resolveProject(project).id, name: name, createdAt: createdAt ?? now)
        listStore.append(list)
        return model(list)
    }

    /// Files `open` open and `done` done tasks in a project, and in one of its lists when `list` is given.
    public func seedTasks(project: String, list: String? = nil, open: Int = 0, done: Int = 0) throws {
        let owner = try resolveProject(project).id
        let listID = try list.map { try resolveList($0, inProject: project).id }
        taskStore += Array(repeating: (owner, listID, false), count: max(0, open))
        taskStore += Array(repeating: (owner, listID, true), count: max(0, done))
    }

    /// Records the time totals `projectDetail` reports for the project `project` refers to.
    public func seedTime(_ time: ProjectTime, project: String) throws {
        let id = try resolveProject(project).id
        for index in projectStore.indices where projectStore[index].id == id { projectStore[index].time = time }
    }

    /// How many tasks exist in all projects (lets tests check that a deletion took, or left, the tasks).
    public var taskCount: Int { taskStore.count }

    /// How many tasks are filed in a project without a list.
    public func unlistedTaskCount(project: String) throws -> Int {
        let id = try resolveProject(project).id
        return taskStore.filter { $0.projectID == id && $0.listID == nil }.count
    }

    // MARK: Projects

    public func projects(includeArchived: Bool) throws -> [Project] {
        sortedProjects().filter { includeArchived || !$0.isArchived }.map(model)
    }

    public func project(reference: String) throws -> Project {
        model(try resolveProject(reference))
    }

    public func projectDetail(reference: String) throws -> ProjectDetail {
        let project = try resolveProject(reference)
        let lists = sortedLists().filter { $0.projectID == project.id }.map(model)
        return ProjectDetail(project: model(project), lists: lists, time: project.time)
    }

    public func addProject(name: String, note: String?) throws -> Project {
        seedProject(name: try uniqueName(name, among: projectStore.map(\.name), kind: "project"), note: note ?? "")
    }

    public func renameProject(reference: String, to newName: String) throws -> Project {
        let project = try resolveProject(reference)
        let others = projectStore.filter { $0.id != project.id }.map(\.name)
        let name = try uniqueName(newName, among: others, kind: "project")
        return model(try update(project: project.id) { $0.name = name })
    }

    public func archiveProject(reference: String) throws -> Project {
        try setArchived(reference, true)
    }

    public func unarchiveProject(reference: String) throws -> Project {
        try setArchived(reference, false)
    }

    public func deleteProject(reference: String) throws -> Project {
        let project = try resolveProject(reference)
        let snapshot = model(project)
        projectStore.removeAll { $0.id == project.id }
        listStore.removeAll { $0.projectID == project.id }
        taskStore.removeAll { $0.projectID == project.id }
        return snapshot
    }

    // MARK: Task lists

    public func taskLists(inProject project: String?) throws -> [TaskList] {
        let ownerID = try project.map { try resolveProject($0).id }
        return sortedLists().filter { ownerID == nil || $0.projectID == ownerID }.map(model)
    }

    public func taskList(reference: String, inProject project: String?) throws -> TaskList {
        model(try resolveList(reference, inProject: project))
    }

    public func addTaskList(name: String, toProject project: String) throws -> TaskList {
        let owner = try resolveProject(project)
        let siblings = listStore.filter { $0.projectID == owner.id }.map(\.name)
        return try seedList(name: uniqueName(name, among: siblings, kind: "list"), project: owner.id.uuidString)
    }

    public func renameTaskList(reference: String, inProject project: String?, to newName: String) throws -> TaskList {
        let list = try resolveList(reference, inProject: project)
        let siblings = listStore.filter { $0.projectID == list.projectID && $0.id != list.id }.map(\.name)
        let name = try uniqueName(newName, among: siblings, kind: "list")
        guard let index = listStore.firstIndex(where: { $0.id == list.id }) else { return model(list) }
        listStore[index].name = name
        listStore[index].updatedAt = now
        return model(listStore[index])
    }

    public func deleteTaskList(reference: String, inProject project: String?) throws -> TaskList {
        let list = try resolveList(reference, inProject: project)
        let snapshot = model(list)
        listStore.removeAll { $0.id == list.id }
        for index in taskStore.indices where taskStore[index].listID == list.id {
            taskStore[index].listID = nil
        }
        return snapshot
    }

    // MARK: Helpers

    private func setArchived(_ reference: String, _ archived: Bool) throws -> Project {
        let project = try resolveProject(reference)
        guard project.isArchived != archived else {
            throw ProjectsFakeError.invalidTransition(
                "project '\(project.name)' is \(archived ? "already" : "not") archived")
        }
        return model(try update(project: project.id) { $0.isArchived = archived })
    }

    @discardableResult
    private func update(project id: UUID, _ change: (inout StoredProject) -> Void) throws -> StoredProject {
        guard let index = projectStore.firstIndex(where: { $0.id == id }) else {
            throw ProjectsFakeError.notFound(kind: "project", reference: id.uuidString)
        }
        change(&projectStore[index])
        projectStore[index].updatedAt = now
        return projectStore[index]
    }

    private func uniqueName(_ raw: String, among names: [String], kind: String) throws -> String {
        let name = raw.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !name.isEmpty, !name.contains(where: \.isNewline) else { throw ProjectsFakeError.invalidName(kind: kind) }
        guard !names.contains(where: { Self.same($0, name) }) else {
            throw ProjectsFakeError.duplicateName(kind: kind, name: name)
        }
        return name
    }

    private func resolveProject(_ reference: String) throws -> StoredProject {
        try Self.resolve(reference, among: sortedProjects(), kind: "project", name: \.name, id: \.id) {
            "\($0.name) (\(Self.shortID($0.id)))"
        }
    }

    private func resolveList(_ reference: String, inProject project: String?) throws -> StoredList {
        let ownerID = try project.map { try resolveProject($0).id }
        let candidates = sortedLists().filter { ownerID == nil || $0.projectID == ownerID }
        let names = Dictionary(projectStore.map { ($0.id, $0.name) }, uniquingKeysWith: { first, _ in first })
        return try Self.resolve(reference, among: candidates, kind: "list", name: \.name, id: \.id) {
            "\($0.name) in \(names[$0.projectID] ?? "?") (\(Self.shortID($0.id)))"
        }
    }

    /// An exact name (ignoring case) first, then a unique id prefix of at least four characters.
    private static func resolve<Item>(
        _ reference: String, among items: [Item], kind: String, name: (Item) -> String, id: (Item) -> UUID,
        describe: (Item) -> String
    ) throws -> Item {
        let prefix = reference.trimmingCharacters(in: .whitespaces).lowercased()
        var matches = items.filter { same(name($0), reference) }
        if matches.isEmpty, prefix.count >= 4, prefix.allSatisfy({ $0.isHexDigit || $0 == "-" }) {
            matches = items.filter { id($0).uuidString.lowercased().hasPrefix(prefix) }
        }
        guard matches.count < 2 else {
            throw ProjectsFakeError.ambiguous(kind: kind, reference: reference, candidates: matches.map(describe))
        }
        guard let match = matches.first else { throw ProjectsFakeError.notFound(kind: kind, reference: reference) }
        return match
    }

    private static func same(_ lhs: String, _ rhs: String) -> Bool {
        lhs.caseInsensitiveCompare(rhs.trimmingCharacters(in: .whitespaces)) == .orderedSame
    }

    private static func shortID(_ id: UUID) -> String {
        String(id.uuidString.lowercased().prefix(8))
    }

    private func sortedProjects() -> [StoredProject] {
        projectStore.sorted { $0.name.lowercased() < $1.name.lowercased() }
    }

    /// By project name, then list name.
    private func sortedLists() -> [StoredList] {
        let names = Dictionary(
            projectStore.map { ($0.id, $0.name.lowercased()) }, uniquingKeysWith: { first, _ in first })
        return listStore.sorted {
            (names[$0.projectID] ?? "", $0.name.lowercased()) < (names[$1.projectID] ?? "", $1.name.lowercased())
        }
    }

    private func model(_ project: StoredProject) -> Project {
        let owned = taskStore.filter { $0.projectID == project.id }
        return Project(
            id: project.id.uuidString.lowercased(), name: project.name, note: project.note,
            isArchived: project.isArchived, openTasks: owned.filter { !$0.isDone }.count,
            doneTasks: owned.filter(\.isDone).count, lists: listStore.filter { $0.projectID == project.id }.count,
            createdAt: project.createdAt, updatedAt: project.updatedAt)
    }

    private func model(_ list: StoredList) -> TaskList {
        let filed = taskStore.filter { $0.listID == list.id }
        return TaskList(
            id: list.id.uuidString.lowercased(), name: list.name,
            projectName: projectStore.first { $0.id == list.projectID }?.name ?? "",
            openTasks: filed.filter { !$0.isDone }.count, doneTasks: filed.filter(\.isDone).count,
            createdAt: list.createdAt, projectID: list.projectID.uuidString.lowercased(), updatedAt: list.updatedAt)
    }
}
