import Foundation

/// Builds `stint export` documents by hand (format "stint-export", version 1), for imports with chosen ids
/// and for files a user might have edited badly.
enum Archive {
    /// A timestamp in the export's style: ISO-8601 with milliseconds.
    static let stamp = "2026-11-01T09:00:00.000Z"

    static func document(
        projects: [[String: Any]] = [], lists: [[String: Any]] = [], tasks: [[String: Any]] = []
    ) -> [String: Any] {
        [
            "format": "stint-export", "version": 1, "exported_at": stamp, "projects": projects, "lists": lists,
            "tasks": tasks,
        ]
    }

    static func project(id: String, name: String, note: String = "", archivedAt: String? = nil) -> [String: Any] {
        [
            "id": id, "name": name, "note": note, "archived_at": archivedAt ?? NSNull(), "created_at": stamp,
            "updated_at": stamp,
        ]
    }

    static func list(id: String, projectID: String, name: String) -> [String: Any] {
        ["id": id, "project_id": projectID, "name": name, "created_at": stamp, "updated_at": stamp]
    }

    static func task(
        id: String, title: String, projectID: String? = nil, listID: String? = nil, note: String = "",
        status: String = "open", priority: String = "none", due: String? = nil, tags: [String] = [],
        estimateSeconds: Int? = nil, completedAt: String? = nil
    ) -> [String: Any] {
        [
            "id": id, "project_id": projectID ?? NSNull(), "list_id": listID ?? NSNull(), "title": title,
            "note": note, "status": status, "priority": priority, "due": due ?? NSNull(), "tags": tags,
            "estimate_seconds": estimateSeconds ?? NSNull(), "completed_at": completedAt ?? NSNull(),
            "created_at": stamp, "updated_at": stamp,
        ]
    }
}
