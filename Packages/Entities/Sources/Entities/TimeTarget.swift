import Foundation

/// What tracked time is spent on: a task, or a project as a whole.
///
/// A task target deliberately does not record the task's project: reports derive it from the task
/// when they run, so time follows a task that is moved to another project. Encoded as
/// `{"kind": "task" | "project", "id": "<uuid>"}` so stored rows and exports stay readable.
public enum TimeTarget: Sendable, Hashable, Codable {
    case task(UUID)
    case project(UUID)

    /// The task's id for a task target, otherwise nil.
    public var taskID: UUID? {
        if case .task(let id) = self { return id }
        return nil
    }

    /// The project's id for a project target, otherwise nil (a task target's project is not known here).
    public var projectID: UUID? {
        if case .project(let id) = self { return id }
        return nil
    }

    private enum CodingKeys: String, CodingKey {
        case kind, id
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let id = try container.decode(UUID.self, forKey: .id)
        switch try container.decode(String.self, forKey: .kind) {
        case "task": self = .task(id)
        case "project": self = .project(id)
        default:
            throw DecodingError.dataCorruptedError(
                forKey: .kind, in: container, debugDescription: "expected the kind \"task\" or \"project\"")
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        switch self {
        case .task(let id):
            try container.encode("task", forKey: .kind)
            try container.encode(id, forKey: .id)
        case .project(let id):
            try container.encode("project", forKey: .kind)
            try container.encode(id, forKey: .id)
        }
    }
}
