import Foundation

/// A project as this feature sees it: the stored project plus the counts the screens need.
///
/// The feature owns this type so that a change in the app's entities does not ripple into it; the host's adapter
/// maps its own project type onto this one.
///
/// JSON (stable keys; `--json` output of every projects command):
/// `id` (lowercase UUID string), `name`, `note` (string, or `null` when the project has no note),
/// `is_archived` (bool), `open_tasks` (int, open and in-progress tasks), `done_tasks` (int),
/// `list_count` (int), `created_at`, `updated_at` (ISO-8601).
public struct Project: Sendable, Hashable, Codable, Identifiable {
    /// Lowercase UUID string; also accepted back as a reference (whole or as a unique prefix).
    public var id: String
    public var name: String
    /// Free text, possibly several lines; empty when the project has no note.
    public var note: String
    public var isArchived: Bool
    /// Tasks not yet done (open or in progress).
    public var openTasks: Int
    public var doneTasks: Int
    /// How many task lists the project has.
    public var lists: Int
    public var createdAt: Date
    public var updatedAt: Date

    public init(
        id: String, name: String, note: String = "", isArchived: Bool = false, openTasks: Int = 0,
        doneTasks: Int = 0, lists: Int = 0, createdAt: Date, updatedAt: Date
    ) {
        self.id = id
        self.name = name
        self.note = note
        self.isArchived = isArchived
        self.openTasks = openTasks
        self.doneTasks = doneTasks
        self.lists = lists
        self.createdAt = createdAt
        self.updatedAt = updatedAt
    }

    /// Every task of the project, done or not: what a deletion would take with it.
    public var totalTasks: Int { openTasks + doneTasks }

    private enum CodingKeys: String, CodingKey {
        case id, name, note
        case isArchived = "is_archived"
        case openTasks = "open_tasks"
        case doneTasks = "done_tasks"
        case lists = "list_count"
        case createdAt = "created_at"
        case updatedAt = "updated_at"
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        id = try container.decode(String.self, forKey: .id)
        name = try container.decode(String.self, forKey: .name)
        note = try container.decodeIfPresent(String.self, forKey: .note) ?? ""
        isArchived = try container.decode(Bool.self, forKey: .isArchived)
        openTasks = try container.decode(Int.self, forKey: .openTasks)
        doneTasks = try container.decode(Int.self, forKey: .doneTasks)
        lists = try container.decode(Int.self, forKey: .lists)
        createdAt = try container.decode(Date.self, forKey: .createdAt)
        updatedAt = try container.decode(Date.self, forKey: .updatedAt)
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(id.lowercased(), forKey: .id)
        try container.encode(name, forKey: .name)
        // An empty note is an absent value: scripts get an explicit null rather than "".
        try container.encode(note.isEmpty ? nil : note, forKey: .note)
        try container.encode(isArchived, forKey: .isArchived)
        try container.encode(openTasks, forKey: .openTasks)
        try container.encode(doneTasks, forKey: .doneTasks)
        try container.encode(lists, forKey: .lists)
        try container.encode(createdAt, forKey: .createdAt)
        try container.encode(updatedAt, forKey: .updatedAt)
    }
}

/// A task list inside a project, with the counts of its tasks.
///
/// JSON (stable keys; `list ls --json`, the `lists` of `project show --json` and every list command print this one
/// shape): `id` (lowercase UUID string), `name`, `project_id` (lowercase UUID string), `project_name`,
/// `open_tasks` (int), `done_tasks` (int), `created_at`, `updated_at` (ISO-8601).
public struct TaskList: Sendable, Hashable, Codable, Identifiable {
    public var id: String
    public var name: String
    /// Name of the project the list belongs to (every list belongs to exactly one project).
    public var projectName: String
    public var openTasks: Int
    public var doneTasks: Int
    public var createdAt: Date
    /// The project's id, so a script can follow the list to its project whatever it is renamed to; empty only
    /// when the host did not give it.
    public var projectID: String
    /// When the list last changed (a rename); `createdAt` when the host did not give it.
    public var updatedAt: Date

    /// `projectID` and `updatedAt` come last, so hosts written before they existed compile unchanged.
    public init(
        id: String, name: String, projectName: String, openTasks: Int = 0, doneTasks: Int = 0, createdAt: Date,
        projectID: String = "", updatedAt: Date? = nil
    ) {
        self.id = id
        self.name = name
        self.projectName = projectName
        self.openTasks = openTasks
        self.doneTasks = doneTasks
        self.createdAt = createdAt
        self.projectID = projectID
        self.updatedAt = updatedAt ?? createdAt
    }

    /// Every task filed in the list, done or not.
    public var totalTasks: Int { openTasks + doneTasks }

    private enum CodingKeys: String, CodingKey {
        case id, name
        case projectID = "project_id"
        case projectName = "project_name"
        case openTasks = "open_tasks"
        case doneTasks = "done_tasks"
        case createdAt = "created_at"
        case updatedAt = "updated_at"
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            id: try container.decode(String.self, forKey: .id), name: try container.decode(String.self, forKey: .name),
            projectName: try container.decode(String.self, forKey: .projectName),
            openTasks: try container.decode(Int.self, forKey: .openTasks),
            doneTasks: try container.decode(Int.self, forKey: .doneTasks),
            createdAt: try container.decode(Date.self, forKey: .createdAt),
            projectID: try container.decodeIfPresent(String.self, forKey: .projectID) ?? "",
            updatedAt: try container.decodeIfPresent(Date.self, forKey: .updatedAt))
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(id.lowercased(), forKey: .id)
        try container.encode(name, forKey: .name)
        try container.encode(projectID.lowercased(), forKey: .projectID)
        try container.encode(projectName, forKey: .projectName)
        try container.encode(openTasks, forKey: .openTasks)
        try container.encode(doneTasks, forKey: .doneTasks)
        try container.encode(createdAt, forKey: .createdAt)
        try container.encode(updatedAt, forKey: .updatedAt)
    }
}

/// The time logged against one project, as `stint project show` reports it. Computed by the host from the time
/// entries, so the feature never needs to know how time is stored or what "this week" means in a time zone.
///
/// JSON (stable keys): `total_seconds`, `billable_seconds`, `this_week_seconds` (ints).
public struct ProjectTime: Sendable, Hashable, Codable {
    /// Everything ever logged on the project's tasks and on the project itself.
    public var totalSeconds: Int
    /// The part of `totalSeconds` marked billable.
    public var billableSeconds: Int
    /// The part of `totalSeconds` logged in the current week.
    public var thisWeekSeconds: Int

    public init(totalSeconds: Int, billableSeconds: Int, thisWeekSeconds: Int) {
        self.totalSeconds = totalSeconds
        self.billableSeconds = billableSeconds
        self.thisWeekSeconds = thisWeekSeconds
    }

    private enum CodingKeys: String, CodingKey {
        case totalSeconds = "total_seconds"
        case billableSeconds = "billable_seconds"
        case thisWeekSeconds = "this_week_seconds"
    }
}

/// One project with its task lists: what `stint project show` displays.
///
/// JSON (stable keys): `project` (a ``Project`` object), `lists` (an array of ``TaskList`` objects, ordered as
/// the services returned them; `[]` when the project has none) and `time` (a ``ProjectTime`` object, or `null`
/// when the host did not load it).
public struct ProjectDetail: Sendable, Hashable, Codable {
    public var project: Project
    public var lists: [TaskList]
    /// `nil` when the time totals were not loaded; the detail then leaves the Time line out.
    public var time: ProjectTime?

    /// `time` is last and optional, so hosts written before time tracking compile unchanged.
    public init(project: Project, lists: [TaskList], time: ProjectTime? = nil) {
        self.project = project
        self.lists = lists
        self.time = time
    }

    private enum CodingKeys: String, CodingKey {
        case project, lists, time
    }

    // Written by hand only so that a missing `time` is an explicit `null` (the synthesised encoder omits it).
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(project, forKey: .project)
        try container.encode(lists, forKey: .lists)
        try container.encode(time, forKey: .time)
    }
}
