import Entities
import Foundation
import Repositories

/// What an import from another tool did, or with `--dry-run` would do, item by item (ADR 0029).
public struct ForeignImportResult: Sendable, Equatable {
    public enum Action: String, Sendable {
        case create, update, unchanged, skip, delete
    }

    /// One project, list or task of the import and what happens to it.
    public struct Line: Sendable, Equatable {
        public let action: Action
        /// `project`, `list` or `task`.
        public let kind: String
        public let title: String
        /// Where a task goes (`Website / Backlog`), or why an item is skipped or left as it is.
        public let detail: String
    }

    public let lines: [Line]
    /// Whether nothing was written.
    public let dryRun: Bool

    public func count(_ action: Action) -> Int { lines.count(where: { $0.action == action }) }

    /// What an import does with an item the other tool sent, given the stored row with its id: create it when there
    /// is none, leave it when equal, keep Stint's when Stint changed it after the tool last did, else replace it.
    /// - Returns: the line to report, and whether `incoming` is to be written.
    static func decide<T: Equatable>(
        _ incoming: T, stored: T?, changedAt: (T) -> Date, kind: String, title: (T) -> String, detail: String,
        kept: String = "changed in Stint since; Stint's version kept"
    ) -> (line: Line, write: Bool) {
        guard let stored else {
            return (Line(action: .create, kind: kind, title: title(incoming), detail: detail), true)
        }
        if stored == incoming {
            return (Line(action: .unchanged, kind: kind, title: title(incoming), detail: detail), false)
        }
        if changedAt(stored) > changedAt(incoming) {
            return (Line(action: .unchanged, kind: kind, title: title(stored), detail: kept), false)
        }
        return (Line(action: .update, kind: kind, title: title(incoming), detail: detail), true)
    }
}

/// A validation failure of an imported item as one line that names it.
func validating<T>(_ what: String, _ body: () throws(ValidationError) -> T) throws(WorkerError) -> T {
    do {
        return try body()
    } catch {
        throw WorkerError(.invalidInput, "\(what): \(ValidationWording.message(for: error))")
    }
}

extension TransferWorker {
    /// Imports the JSON of `task export`: every record is read and checked first, then what is new or changed
    /// lands in one transaction, one undoable change. A task changed in Stint after Taskwarrior last changed
    /// it keeps Stint's version.
    /// - Parameters:
    ///   - dryRun: work out what would happen and write nothing.
    ///   - checking: told how many records of the file are read, with the number it holds.
    ///   - progress: told how many items are merged, with the total.
    public func importTaskwarrior(
        _ data: Data, dryRun: Bool, checking: @escaping @Sendable (Int, Int) -> Void = { _, _ in },
        progress: @escaping @Sendable (Int, Int) -> Void = { _, _ in }
    ) async throws(WorkerError) -> ForeignImportResult {
        let total = Self.occurrences(of: #""uuid""#, in: data)
        var read = 0
        let file = try TaskwarriorFile.read(data, timeZone: calendar.timeZone) {
            read += 1
            checking(read, total)
        }
        var placement = try await Placement(projects: projects, lists: lists)
        var lines: [ForeignImportResult.Line] = []
        var planned: [(task: Task, detail: String)] = []
        // Tasks deleted in Taskwarrior that an earlier import brought here; a link to one that never came is
        // dropped (it would name nothing), a link to one here stays (it may be kept; a deleted one never blocks).
        let importedBefore = try await working { try await tasks.byID(Set(file.deleted.map(\.id))) }
        let neverHere = Set(file.deleted.map(\.id)).subtracting(importedBefore.keys)
        for item in file.items {
            let (projectID, listID, detail) = try placement.resolve(project: item.project, list: item.list, for: item)
            var task = Self.placed(item.task, projectID: projectID, listID: listID)
            if task.prerequisiteIDs.contains(where: neverHere.contains) {
                try? task.setPrerequisites(task.prerequisiteIDs.filter { !neverHere.contains($0) }, now: task.updatedAt)
            }
            planned.append((task, detail))
        }
        let stored = try await working { try await tasks.byID(Set(planned.map { $0.task.id })) }
        var changed: [Task] = []
        lines += placement.created
        for (incoming, detail) in planned {
            // The local number is Stint's own: an incoming task is compared, and written, with the stored one's.
            let current = stored[incoming.id]
            var comparable = incoming
            comparable.number = current?.number
            let (line, write) = ForeignImportResult.decide(
                comparable, stored: current, changedAt: \.updatedAt, kind: "task", title: \.title, detail: detail,
                kept: "changed in Stint since Taskwarrior last changed it; Stint's version kept")
            lines.append(line)
            if write { changed.append(comparable) }
        }
        lines += file.skipped.map { .init(action: .skip, kind: "task", title: $0.title, detail: $0.reason) }
        // A task deleted in Taskwarrior since an earlier import goes here too, unless Stint changed it after.
        var deleted: [UUID] = []
        for gone in file.deleted {
            guard let current = importedBefore[gone.id] else {
                lines.append(.init(action: .skip, kind: "task", title: gone.title, detail: "deleted in Taskwarrior"))
                continue
            }
            if current.updatedAt > gone.deletedAt {
                lines.append(
                    .init(
                        action: .unchanged, kind: "task", title: current.title,
                        detail: "deleted in Taskwarrior, but changed in Stint since; Stint's version kept"))
            } else {
                lines.append(
                    .init(action: .delete, kind: "task", title: current.title, detail: "deleted in Taskwarrior"))
                deleted.append(gone.id)
            }
        }
        var snapshot = Snapshot(projects: placement.newProjects, taskLists: placement.newLists, tasks: changed)
        snapshot.deletedTaskIDs = deleted
        if !dryRun,
            !(snapshot.projects.isEmpty && snapshot.taskLists.isEmpty && snapshot.tasks.isEmpty && deleted.isEmpty)
        {
            let count = snapshot.projects.count + snapshot.taskLists.count + snapshot.tasks.count
            _ = try await working { try await transfer.merge(snapshot) { progress($0, count) } }
        }
        return ForeignImportResult(lines: lines, dryRun: dryRun)
    }

    /// `task` with its project and list set, nothing else changed: moved "at" its own modification time, so the
    /// stamp stays what the source said. A list always comes with its project here (Placement resolves both).
    static func placed(_ task: Task, projectID: UUID?, listID: UUID?) -> Task {
        var placed = task
        try? placed.move(projectID: projectID, listID: listID, now: task.updatedAt)
        return placed
    }
}

/// Finds or makes the project and list a foreign item names. A project an earlier import made is found by its
/// derived id first (so renaming it in Stint sticks), then any project by its name ignoring case; only then is
/// one created, with an id derived from the name, so two devices importing the same file make the same one.
struct Placement {
    private var projectsByID: [UUID: Project]
    private var projectsByName: [String: Project]
    private var listsByID: [UUID: TaskList]
    private var listsByName: [String: TaskList]
    private(set) var newProjects: [Project] = []
    private(set) var newLists: [TaskList] = []
    private(set) var created: [ForeignImportResult.Line] = []

    init(projects: any ProjectRepository, lists: any TaskListRepository) async throws(WorkerError) {
        let (storedProjects, storedLists) = try await working {
            (try await projects.projects(includeArchived: true), try await lists.taskLists(projectID: nil))
        }
        projectsByID = Dictionary(storedProjects.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        projectsByName = Dictionary(
            storedProjects.map { ($0.name.lowercased(), $0) }, uniquingKeysWith: { first, _ in first })
        listsByID = Dictionary(storedLists.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        listsByName = Dictionary(
            storedLists.map { (Self.listKey($0.projectID, $0.name), $0) }, uniquingKeysWith: { first, _ in first })
    }

    private static func listKey(_ projectID: UUID, _ name: String) -> String {
        projectID.lowercasedString + "/" + name.lowercased()
    }

    mutating func resolve(
        project name: String?, list listName: String?, for item: TaskwarriorFile.Item
    ) throws(WorkerError) -> (UUID?, UUID?, String) {
        guard let name else { return (nil, nil, "no project") }
        let what = "task \"\(item.task.title.messageExcerpt)\""
        let project = try project(named: name, now: item.task.createdAt, for: what)
        guard let listName else { return (project.id, nil, project.name) }
        let list = try list(named: listName, in: project, now: item.task.createdAt, for: what)
        return (project.id, list.id, project.name + " / " + list.name)
    }

    /// Whether a project of this name exists or this import makes one.
    func knowsProject(named name: String) -> Bool {
        projectsByName[name.lowercased()] != nil
    }

    mutating func project(named name: String, now: Date, for what: String) throws(WorkerError) -> Project {
        let id = UUID(named: name.lowercased(), in: UUID.Namespace.importedProject)
        if let known = projectsByID[id] ?? projectsByName[name.lowercased()] { return known }
        let project = try validating("\(what): its project cannot be made") { () throws(ValidationError) in
            try Project.create(id: id, name: name, now: now)
        }
        projectsByID[id] = project
        projectsByName[name.lowercased()] = project
        newProjects.append(project)
        created.append(.init(action: .create, kind: "project", title: project.name, detail: ""))
        return project
    }

    private mutating func list(
        named name: String, in project: Project, now: Date, for what: String
    ) throws(WorkerError) -> TaskList {
        let key = Self.listKey(project.id, name)
        let id = UUID(named: key, in: UUID.Namespace.importedList)
        if let known = listsByID[id] ?? listsByName[key] { return known }
        let list = try validating("\(what): its list cannot be made") { () throws(ValidationError) in
            try TaskList.create(id: id, projectID: project.id, name: name, now: now)
        }
        listsByID[id] = list
        listsByName[key] = list
        newLists.append(list)
        created.append(.init(action: .create, kind: "list", title: list.name, detail: project.name))
        return list
    }
}
