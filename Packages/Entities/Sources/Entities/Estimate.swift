/// How long a task is expected to take, between one minute and 1000 hours.
///
/// A separate type (rather than a bare `Int`) so that an unchecked number of seconds cannot reach a task.
/// Encoded as the plain number of seconds; decoding applies the same limits.
public struct Estimate: Sendable, Hashable, Codable {
    static let minimumSeconds = 60
    static let maximumSeconds = DurationExpression.maximumSeconds

    public let seconds: Int

    /// - Throws: `ValidationError` (field `estimate`) with `.durationTooShort` below one minute or
    ///   `.durationOverLimit` above 1000 hours (source `.estimate`).
    public init(seconds: Int) throws(ValidationError) {
        if seconds < Self.minimumSeconds {
            throw ValidationError(
                field: "estimate",
                reason: .durationTooShort(seconds: seconds, minimum: Self.minimumSeconds, source: .estimate))
        }
        if seconds > Self.maximumSeconds {
            throw ValidationError(
                field: "estimate",
                reason: .durationOverLimit(seconds: seconds, limit: Self.maximumSeconds, source: .estimate))
        }
        self.seconds = seconds
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        do {
            try self.init(seconds: try container.decode(Int.self))
        } catch let error as ValidationError {
            throw DecodingError.dataCorruptedError(in: container, debugDescription: error.message)
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(seconds)
    }
}
