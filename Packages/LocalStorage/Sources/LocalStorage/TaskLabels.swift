import Foundation
internal import GRDB

/// What a list of time entries or a report row shows of a task: its number, title and project, without the rest
/// of its row (note, tags, links, dates), which such a listing never prints.
public struct TaskLabelRecord: Sendable, Equatable {
    public var id: String
    /// The per-device number.
    public var number: Int
    public var title: String
    public var projectID: String?

    public init(id: String, number: Int, title: String, projectID: String?) {
        self.id = id
        self.number = number
        self.title = title
        self.projectID = projectID
    }
}

extension LocalStore {
    /// The labels of the live tasks among `ids`, in no particular order; a deleted or unknown id is absent.
    ///
    /// A week's entries name about two hundred tasks: reading their whole rows (and decoding their notes, tags and
    /// links) was a fifth of `stint entries list --json` (ADR 0028 decision 24).
    public func taskLabels(ids: [String]) async throws(LocalStorageError) -> [TaskLabelRecord] {
        guard !ids.isEmpty else { return [] }
        let list = TagsJSON.encode(Array(Set(ids.map(Queries.storedID))))
        return try await read { db in try TaskLabelQueries.labels(db, idsJSON: list) }
    }
}

enum TaskLabelQueries {
    /// The ids travel as one JSON array in one parameter (see ``TaskTimeQueries``); each probes the key's index.
    static let sql = """
        SELECT id, number, title, project_id FROM tasks
        WHERE id IN (SELECT value FROM json_each(?)) AND deleted_at IS NULL
        """

    static func labels(_ db: Database, idsJSON: String) throws -> [TaskLabelRecord] {
        var labels: [TaskLabelRecord] = []
        try ColumnReader.forEachRow(of: db.cachedStatement(sql: sql), arguments: [idsJSON]) { reader in
            labels.append(
                TaskLabelRecord(
                    id: try reader.string(), number: try reader.int(), title: try reader.string(),
                    projectID: try reader.optionalString()))
        }
        return labels
    }
}
