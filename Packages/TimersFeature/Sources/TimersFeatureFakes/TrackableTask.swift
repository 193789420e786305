import Foundation

/// A task the in-memory Services can time: just what a timer or entry shows about it.
public struct TrackableTask: Sendable, Hashable {
    /// Lowercase UUID string; its prefix is a valid task or timer reference.
    public var id: String
    public var number: Int
    public var title: String
    public var projectName: String?
    public var estimateSeconds: Int?

    public init(id: String, number: Int, title: String, projectName: String? = nil, estimateSeconds: Int? = nil) {
        self.id = id
        self.number = number
        self.title = title
        self.projectName = projectName
        self.estimateSeconds = estimateSeconds
    }
}
