import Foundation

/// A block of time spent on a task or project: what reports add up.
///
/// Entries come from stopping a timer or from logging time by hand. Invariants kept by `create` and
/// every mutating method (the memberwise initialiser is unchecked and exists for loading stored data):
/// the duration is 1 s … `hardLimit` (over `unforcedLimit` only when forced), the entry lies in
/// `AcceptedRange.instants` and does not end more than a minute after `now`, the note is trimmed and at
/// most `noteLimit` characters, the tags are sorted, unique and at most `Tag.limitPerItem`, and
/// `updatedAt` moves only when something actually changed.
public struct TimeEntry: Sendable, Hashable, Codable, Identifiable {
    /// The most characters a note may have.
    public static let noteLimit = 2_000
    /// Longer entries need `force`: more than a day in one block is usually a forgotten timer.
    public static let unforcedLimit = 24 * 3600
    /// No entry may be longer than this, forced or not (the same cap as any typed duration).
    public static let hardLimit = 1000 * 3600

    public let id: UUID
    public private(set) var target: TimeTarget
    public private(set) var start: Date
    public private(set) var durationSeconds: Int
    public private(set) var note: String
    public private(set) var billable: Bool
    /// Sorted and unique.
    public private(set) var tags: [Tag]
    /// The person who did the work (the timer's owner, or whoever logged it).
    public let loggedBy: UUID
    public let createdAt: Date
    public private(set) var updatedAt: Date

    /// `start` plus the duration.
    public var end: Date {
        start.addingTimeInterval(TimeInterval(durationSeconds))
    }

    /// Rebuilds an entry exactly as stored; performs no validation beyond sorting and de-duplicating `tags`.
    public init(
        id: UUID, target: TimeTarget, start: Date, durationSeconds: Int, note: String = "", billable: Bool = false,
        tags: [Tag] = [], loggedBy: UUID, createdAt: Date, updatedAt: Date
    ) {
        self.id = id
        self.target = target
        self.start = start
        self.durationSeconds = durationSeconds
        self.note = note
        self.billable = billable
        self.tags = Self.normalized(tags)
        self.loggedBy = loggedBy
        self.createdAt = createdAt
        self.updatedAt = updatedAt
    }

    /// The id of the entry a stopped timer's stretch number `index` becomes: `base` itself for the first, then an
    /// id derived from both, the same on every device, so two devices stopping one timer push the same records
    /// and the server keeps the first stop (ADR 0014). Derived ids are marked version 8 (custom) in the UUID.
    public static func stretchID(of base: UUID, index: Int) -> UUID {
        guard index != 0 else { return base }
        var bytes = base.uuid
        withUnsafeMutableBytes(of: &bytes) { raw in
            var high = raw.loadUnaligned(fromByteOffset: 0, as: UInt64.self)
            var low = raw.loadUnaligned(fromByteOffset: 8, as: UInt64.self)
            // SplitMix64 over both halves and the index: a cheap, well-mixed, fixed function.
            high = mix(high ^ mix(UInt64(truncatingIfNeeded: index) &+ 0x9E37_79B9_7F4A_7C15))
            low = mix(low ^ high)
            raw.storeBytes(of: high, toByteOffset: 0, as: UInt64.self)
            raw.storeBytes(of: low, toByteOffset: 8, as: UInt64.self)
            raw[6] = raw[6] & 0x0F | 0x80
            raw[8] = raw[8] & 0x3F | 0x80
        }
        return UUID(uuid: bytes)
    }

    private static func mix(_ value: UInt64) -> UInt64 {
        var z = value &+ 0x9E37_79B9_7F4A_7C15
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A new entry, as logged by hand.
    ///
    /// - Parameters:
    ///   - force: accept a duration over `unforcedLimit`.
    ///   - now: the current instant; becomes `createdAt` and `updatedAt`.
    /// - Throws: `ValidationError` with field `duration`: `.durationTooShort` below 1 s,
    ///   `.durationOverLimit` over `hardLimit`, `.durationNeedsForce` over `unforcedLimit` without `force`
    ///   (all with source `.entry`); field `start`: `.instantOutOfRange` outside `AcceptedRange.instants`,
    ///   `.entryEndsInFuture` when the entry would end more than a minute after `now`; field `note`
    ///   (`.tooLong`) over `noteLimit`; field `tags` (`.tooManyTags`) over `Tag.limitPerItem`.
    public static func create(
        id: UUID, target: TimeTarget, start: Date, durationSeconds: Int, note: String = "", billable: Bool = false,
        tags: [Tag] = [], loggedBy: UUID, now: Date, force: Bool = false
    ) throws(ValidationError) -> TimeEntry {
        try checkLoggedDuration(durationSeconds, force: force)
        try checkPlacement(start: start, durationSeconds: durationSeconds, now: now)
        try Tag.checkCount(Set(tags).count)
        return TimeEntry(
            id: id, target: target, start: start, durationSeconds: durationSeconds, note: try validatedNote(note),
            billable: billable, tags: tags, loggedBy: loggedBy, createdAt: now, updatedAt: now)
    }

    // MARK: Editing

    /// Moves the entry to begin at `newStart`, keeping its duration.
    ///
    /// - Throws: `ValidationError` (field `start`) with `.instantOutOfRange` or `.entryEndsInFuture`.
    public mutating func setStart(_ newStart: Date, now: Date) throws(ValidationError) {
        try reschedule(start: newStart, durationSeconds: durationSeconds, force: true, now: now)
    }

    /// Changes the duration, keeping the start.
    ///
    /// - Throws: `ValidationError` as for `create`: field `duration` for the limits, field `start` when the
    ///   entry would then end in the future.
    public mutating func setDuration(_ seconds: Int, force: Bool, now: Date) throws(ValidationError) {
        try reschedule(start: start, durationSeconds: seconds, force: force, now: now)
    }

    /// Changes start and duration together, so an edit that is only valid as a whole (an earlier start and
    /// a longer duration, say) is checked once, on the result.
    ///
    /// The 24-hour rule applies to a changed duration only: an entry that was forced past it can still be
    /// moved without forcing again.
    ///
    /// - Throws: `ValidationError` as for `create`.
    public mutating func reschedule(start newStart: Date, durationSeconds seconds: Int, force: Bool, now: Date)
        throws(ValidationError)
    {
        try Self.checkLoggedDuration(seconds, force: force || seconds == durationSeconds)
        try Self.checkPlacement(start: newStart, durationSeconds: seconds, now: now)
        guard newStart != start || seconds != durationSeconds else { return }
        start = newStart
        durationSeconds = seconds
        updatedAt = now
    }

    /// Replaces the note (trimmed; empty clears it).
    ///
    /// - Throws: `ValidationError` (field `note`, `.tooLong`) over `noteLimit`.
    public mutating func setNote(_ newNote: String, now: Date) throws(ValidationError) {
        let validated = try Self.validatedNote(newNote)
        guard validated != note else { return }
        note = validated
        updatedAt = now
    }

    public mutating func setBillable(_ newValue: Bool, now: Date) {
        guard newValue != billable else { return }
        billable = newValue
        updatedAt = now
    }

    /// Replaces all tags.
    ///
    /// - Throws: `ValidationError` (field `tags`, `.tooManyTags`) for more than `Tag.limitPerItem` distinct tags.
    public mutating func setTags(_ newTags: [Tag], now: Date) throws(ValidationError) {
        let normalized = Self.normalized(newTags)
        try Tag.checkCount(normalized.count)
        guard normalized != tags else { return }
        tags = normalized
        updatedAt = now
    }

    /// Books the time on another task or project.
    public mutating func setTarget(_ newTarget: TimeTarget, now: Date) {
        guard newTarget != target else { return }
        target = newTarget
        updatedAt = now
    }

    // MARK: Rules

    static func validatedNote(_ raw: String) throws(ValidationError) -> String {
        try TextRules.multiLine(raw, field: "note", limit: noteLimit)
    }

    private static func normalized(_ tags: [Tag]) -> [Tag] {
        tags.sortedUnique(by: <)
    }

    private static func checkLoggedDuration(_ seconds: Int, force: Bool) throws(ValidationError) {
        if seconds < 1 {
            throw ValidationError(
                field: "duration", reason: .durationTooShort(seconds: seconds, minimum: 1, source: .entry))
        }
        try checkDuration(seconds, force: force, source: .entry)
    }

    /// The upper limits shared by logged entries and stopped timers; `source` says which one is checked.
    static func checkDuration(
        _ seconds: Int, force: Bool, source: ValidationError.DurationSource
    ) throws(ValidationError) {
        if seconds > hardLimit {
            throw ValidationError(
                field: "duration", reason: .durationOverLimit(seconds: seconds, limit: hardLimit, source: source))
        }
        if seconds > unforcedLimit, !force {
            throw ValidationError(
                field: "duration",
                reason: .durationNeedsForce(seconds: seconds, limit: unforcedLimit, source: source))
        }
    }

    /// The entry must lie in `AcceptedRange.instants` and end no later than the tolerance after `now`.
    private static func checkPlacement(start: Date, durationSeconds: Int, now: Date) throws(ValidationError) {
        try TimeRules.checkAccepted(start, field: "start")
        let end = start.addingTimeInterval(TimeInterval(durationSeconds))
        if let seconds = TimeRules.secondsInFuture(end, now: now) {
            throw ValidationError(field: "start", reason: .entryEndsInFuture(seconds: seconds))
        }
        // The end is an exclusive bound, so an entry may end exactly where the accepted instants stop.
        guard end <= AcceptedRange.instants.upperBound else {
            throw ValidationError(field: "start", reason: .instantOutOfRange(excerpt: TimeRules.stamp(end)))
        }
    }
}
