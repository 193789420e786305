import Foundation
import ProjectsFeature

/// A working, in-memory implementation of ``ProjectsServices`` for tests and the demo.
///
/// It keeps projects, task lists and bare tasks (only where they are filed and whether they are done), derives
/// every count from them, and resolves references the way the app does: a case-insensitive exact name first, then
/// a UUID prefix of at least four characters; several matches raise ``ProjectsFakeError/ambiguous(kind:reference:candidates:)``.
/// Time stands still at `now` unless a test moves it, so output is reproducible.
/// Logged time is whatever ``seedTime(_:project:)`` recorded; a project never given any reports zeros, as the app
/// does for a project without time entries.
public actor InMemoryProjectsServices: ProjectsServices {
    private struct StoredProject {
        var id: UUID
        var name: String
        var note: String
        var isArchived: Bool
        var createdAt: Date
        var updatedAt: Date
    }

    private struct StoredList {
        var id: UUID
        var projectID: UUID
        var name: String
        var createdAt: Date
    }

    private struct StoredTask {
        var projectID: UUID
        var listID: UUID?
        var isDone: Bool
    }

    private var projectsByID: [UUID: StoredProject] = [:]
    private var listsByID: [UUID: StoredList] = [:]
    private var tasks: [StoredTask] = []
    private var timeByProjectID: [UUID: ProjectTime] = [:]
    private let makeID: @Sendable () -> UUID

    /// The time stamped on every change.
    public private(set) var now: Date

    /// - Parameters:
    ///   - now: the fixed time used for `createdAt` / `updatedAt`.
    ///   - makeID: makes the ids of new projects and lists (random by default).
    public init(now: Date = SampleProjects.referenceDate, makeID: @escaping @Sendable () -> UUID = { UUID() }) {
        self.now = now
        self.makeID = makeID
    }

    public func setNow(_ date: Date) {
        now = date
    }

    // MARK: Seeding (tests and samples)

    /// Inserts a project directly, skipping the checks `addProject` makes.
    @discardableResult
    public func seedProject(
        name: String, note: String = "", isArchived: Bool = false, id: UUID? = nil, createdAt: Date? = nil
    ) -> Project {
        let stored = StoredProject(
            id: id ?? makeID(), name: name, note: note, isArchived: isArchived, createdAt: createdAt ?? now,
            updatedAt: createdAt ?? now)
        projectsByID[stored.id] = stored
        return model(of: stored)
    }

    /// Inserts a list into the project `project` refers to.
    @discardableResult
    public func seedList(name: String, project: String, id: UUID? = nil, createdAt: Date? = nil) throws -> TaskList {
        let owner = try resolveProject(project)
        let stored = StoredList(id: id ?? makeID(), projectID: owner.id, name: name, createdAt: createdAt ?? now)
        listsByID[stored.id] = stored
        return model(of: stored)
    }

    /// Files `open` open and `done` done tasks in a project, and in one of its lists when `list` is given.
    public func seedTasks(project: String, list: String? = nil, open: Int = 0, done: Int = 0) throws {
        let owner = try resolveProject(project)
        let listID = try list.map { try resolveList($0, inProject: project).id }
        for _ in 0..<max(0, open) { tasks.append(StoredTask(projectID: owner.id, listID: listID, isDone: false)) }
        for _ in 0..<max(0, done) { tasks.append(StoredTask(projectID: owner.id, listID: listID, isDone: true)) }
    }

    /// Records the time totals `projectDetail` reports for the project `project` refers to.
    public func seedTime(_ time: ProjectTime, project: String) throws {
        timeByProjectID[try resolveProject(project).id] = time
    }

    /// How many tasks exist in all projects (lets tests check that a deletion took, or left, the tasks).
    public var taskCount: Int { tasks.count }

    /// How many tasks are filed in a project without a list.
    public func unlistedTaskCount(project: String) throws -> Int {
        let owner = try resolveProject(project)
        return tasks.filter { $0.projectID == owner.id && $0.listID == nil }.count
    }

    // MARK: ProjectsServices

    public func projects(includeArchived: Bool) async throws -> [Project] {
        sortedProjects().filter { includeArchived || !$0.isArchived }.map(model(of:))
    }

    public func project(reference: String) async throws -> Project {
        model(of: try resolveProject(reference))
    }

    public func projectDetail(reference: String) async throws -> ProjectDetail {
        let project = try resolveProject(reference)
        let lists = sortedLists().filter { $0.projectID == project.id }.map(model(of:))
        let time = timeByProjectID[project.id] ?? ProjectTime(totalSeconds: 0, billableSeconds: 0, thisWeekSeconds: 0)
        return ProjectDetail(project: model(of: project), lists: lists, time: time)
    }

    public func addProject(name: String, note: String?) async throws -> Project {
        let name = try validName(name, kind: "project")
        guard !projectsByID.values.contains(where: { Self.sameName($0.name, name) }) else {
            throw ProjectsFakeError.duplicateName(kind: "project", name: name)
        }
        return seedProject(name: name, note: note ?? "")
    }

    public func renameProject(reference: String, to newName: String) async throws -> Project {
        var project = try resolveProject(reference)
        let name = try validName(newName, kind: "project")
        let clash = projectsByID.values.contains { $0.id != project.id && Self.sameName($0.name, name) }
        guard !clash else { throw ProjectsFakeError.duplicateName(kind: "project", name: name) }
        project.name = name
        project.updatedAt = now
        projectsByID[project.id] = project
        return model(of: project)
    }

    public func archiveProject(reference: String) async throws -> Project {
        var project = try resolveProject(reference)
        guard !project.isArchived else {
            throw ProjectsFakeError.invalidTransition("project '\(project.name)' is already archived")
        }
        project.isArchived = true
        project.updatedAt = now
        projectsByID[project.id] = project
        return model(of: project)
    }

    public func unarchiveProject(reference: String) async throws -> Project {
        var project = try resolveProject(reference)
        guard project.isArchived else {
            throw ProjectsFakeError.invalidTransition("project '\(project.name)' is not archived")
        }
        project.isArchived = false
        project.updatedAt = now
        projectsByID[project.id] = project
        return model(of: project)
    }

    public func deleteProject(reference: String) async throws -> Project {
        let project = try resolveProject(reference)
        let snapshot = model(of: project)
        projectsByID[project.id] = nil
        timeByProjectID[project.id] = nil
        listsByID = listsByID.filter { $0.value.projectID != project.id }
        tasks.removeAll { $0.projectID == project.id }
        return snapshot
    }

    public func taskLists(inProject project: String?) async throws -> [TaskList] {
        let ownerID = try project.map { try resolveProject($0).id }
        return sortedLists().filter { ownerID == nil || $0.projectID == ownerID }.map(model(of:))
    }

    public func taskList(reference: String, inProject project: String?) async throws -> TaskList {
        model(of: try resolveList(reference, inProject: project))
    }

    public func addTaskList(name: String, toProject project: String) async throws -> TaskList {
        let owner = try resolveProject(project)
        let name = try validName(name, kind: "list")
        let clash = listsByID.values.contains { $0.projectID == owner.id && Self.sameName($0.name, name) }
        guard !clash else { throw ProjectsFakeError.duplicateName(kind: "list", name: name) }
        return try seedList(name: name, project: owner.id.uuidString)
    }

    public func renameTaskList(reference: String, inProject project: String?, to newName: String) async throws
        -> TaskList
    {
        var list = try resolveList(reference, inProject: project)
        let name = try validName(newName, kind: "list")
        let clash = listsByID.values.contains {
            $0.id != list.id && $0.projectID == list.projectID && Self.sameName($0.name, name)
        }
        guard !clash else { throw ProjectsFakeError.duplicateName(kind: "list", name: name) }
        list.name = name
        listsByID[list.id] = list
        return model(of: list)
    }

    public func deleteTaskList(reference: String, inProject project: String?) async throws -> TaskList {
        let list = try resolveList(reference, inProject: project)
        let snapshot = model(of: list)
        listsByID[list.id] = nil
        for index in tasks.indices where tasks[index].listID == list.id {
            tasks[index].listID = nil
        }
        return snapshot
    }

    // MARK: Resolution

    private func resolveProject(_ reference: String) throws -> StoredProject {
        try Self.resolve(
            reference, among: sortedProjects(), kind: "project", name: \.name, id: \.id,
            describe: { "\($0.name) (\(Self.shortID($0.id)))" })
    }

    private func resolveList(_ reference: String, inProject project: String?) throws -> StoredList {
        let ownerID = try project.map { try resolveProject($0).id }
        let candidates = sortedLists().filter { ownerID == nil || $0.projectID == ownerID }
        return try Self.resolve(
            reference, among: candidates, kind: "list", name: \.name, id: \.id,
            describe: { "\($0.name) in \(self.projectsByID[$0.projectID]?.name ?? "?") (\(Self.shortID($0.id)))" })
    }

    private static func resolve<Item>(
        _ reference: String, among items: [Item], kind: String, name: (Item) -> String, id: (Item) -> UUID,
        describe: (Item) -> String
    ) throws -> Item {
        let wanted = reference.trimmingCharacters(in: .whitespacesAndNewlines)
        let byName = items.filter { sameName(name($0), wanted) }
        if let match = try single(byName, reference: reference, kind: kind, describe: describe) { return match }

        let prefix = wanted.lowercased()
        let looksLikeID = prefix.count >= 4 && prefix.allSatisfy { $0.isHexDigit || $0 == "-" }
        if looksLikeID {
            let byID = items.filter { id($0).uuidString.lowercased().hasPrefix(prefix) }
            if let match = try single(byID, reference: reference, kind: kind, describe: describe) { return match }
        }
        throw ProjectsFakeError.notFound(kind: kind, reference: reference)
    }

    private static func single<Item>(
        _ matches: [Item], reference: String, kind: String, describe: (Item) -> String
    ) throws -> Item? {
        guard matches.count <= 1 else {
            throw ProjectsFakeError.ambiguous(kind: kind, reference: reference, candidates: matches.map(describe))
        }
        return matches.first
    }

    // MARK: Helpers

    private static func sameName(_ lhs: String, _ rhs: String) -> Bool {
        lhs.caseInsensitiveCompare(rhs) == .orderedSame
    }

    private static func shortID(_ id: UUID) -> String {
        String(id.uuidString.lowercased().prefix(8))
    }

    private func validName(_ raw: String, kind: String) throws -> String {
        let name = raw.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !name.isEmpty, !name.contains(where: \.isNewline) else {
            throw ProjectsFakeError.invalidName(kind: kind)
        }
        return name
    }

    private func sortedProjects() -> [StoredProject] {
        projectsByID.values.sorted { $0.name.lowercased() < $1.name.lowercased() }
    }

    private func sortedLists() -> [StoredList] {
        listsByID.values.sorted {
            let lhsProject = projectsByID[$0.projectID]?.name.lowercased() ?? ""
            let rhsProject = projectsByID[$1.projectID]?.name.lowercased() ?? ""
            if lhsProject != rhsProject { return lhsProject < rhsProject }
            return $0.name.lowercased() < $1.name.lowercased()
        }
    }

    private func model(of project: StoredProject) -> Project {
        let owned = tasks.filter { $0.projectID == project.id }
        return Project(
            id: project.id.uuidString.lowercased(),
            name: project.name,
            note: project.note,
            isArchived: project.isArchived,
            openTasks: owned.filter { !$0.isDone }.count,
            doneTasks: owned.filter(\.isDone).count,
            lists: listsByID.values.filter { $0.projectID == project.id }.count,
            createdAt: project.createdAt,
            updatedAt: project.updatedAt)
    }

    private func model(of list: StoredList) -> TaskList {
        let filed = tasks.filter { $0.listID == list.id }
        return TaskList(
            id: list.id.uuidString.lowercased(),
            name: list.name,
            projectName: projectsByID[list.projectID]?.name ?? "",
            openTasks: filed.filter { !$0.isDone }.count,
            doneTasks: filed.filter(\.isDone).count,
            createdAt: list.createdAt)
    }
}
