import Foundation

/// A block of time spent on a task or project: what reports add up.
///
/// Entries come from stopping a timer or from logging time by hand. Invariants kept by `create` and
/// every mutating method (the memberwise initialiser is unchecked and exists for loading stored data):
/// the duration is 1 s … `hardLimit` (over `unforcedLimit` only when forced), the entry does not end
/// more than a minute after `now`, the note is trimmed and at most `noteLimit` characters, the tags are
/// sorted and unique, and `updatedAt` moves only when something actually changed.
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

    /// A new entry, as logged by hand.
    ///
    /// - Parameters:
    ///   - force: accept a duration over `unforcedLimit`.
    ///   - now: the current instant; becomes `createdAt` and `updatedAt`.
    /// - Throws: `ValidationError` with field `duration` (`.outOfRange`) below 1 s, over `hardLimit`, or
    ///   over `unforcedLimit` without `force`; field `start` (`.outOfRange`) when the entry would end more
    ///   than a minute after `now`; field `note` (`.tooLong`) over `noteLimit`.
    public static func create(
        id: UUID, target: TimeTarget, start: Date, durationSeconds: Int, note: String = "", billable: Bool = false,
        tags: [Tag] = [], loggedBy: UUID, now: Date, force: Bool = false
    ) throws(ValidationError) -> TimeEntry {
        try checkLoggedDuration(durationSeconds, force: force)
        try checkEnd(start: start, durationSeconds: durationSeconds, now: now)
        return TimeEntry(
            id: id, target: target, start: start, durationSeconds: durationSeconds, note: try validatedNote(note),
            billable: billable, tags: tags, loggedBy: loggedBy, createdAt: now, updatedAt: now)
    }

    // MARK: Editing

    /// Moves the entry to begin at `newStart`, keeping its duration.
    ///
    /// - Throws: `ValidationError` (field `start`, `.outOfRange`) when it would then end in the future.
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
        try Self.checkEnd(start: newStart, durationSeconds: seconds, now: now)
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
    public mutating func setTags(_ newTags: [Tag], now: Date) {
        let normalized = Self.normalized(newTags)
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
        Array(Set(tags)).sorted()
    }

    private static func checkLoggedDuration(_ seconds: Int, force: Bool) throws(ValidationError) {
        if seconds < 1 {
            throw ValidationError(
                field: "duration", reason: .outOfRange("\(seconds)s"),
                message: "duration must be more than zero: write it like 45m or 1h30m")
        }
        try checkDuration(
            seconds, force: force, subject: "the entry lasts \(TimeRules.span(TimeInterval(seconds)))",
            unforcedAdvice: "pass --force if that is right", hardAdvice: "split it into several entries")
    }

    /// The upper limits shared by logged entries and stopped timers; `subject` and the advice phrase the
    /// message for the command at hand.
    static func checkDuration(
        _ seconds: Int, force: Bool, subject: String, unforcedAdvice: String, hardAdvice: String
    ) throws(ValidationError) {
        if seconds > hardLimit {
            throw ValidationError(
                field: "duration", reason: .outOfRange("\(seconds)s"),
                message: "\(subject), more than the limit of 1000h: \(hardAdvice)")
        }
        if seconds > unforcedLimit, !force {
            throw ValidationError(
                field: "duration", reason: .outOfRange("\(seconds)s"),
                message: "\(subject), more than 24h: \(unforcedAdvice)")
        }
    }

    private static func checkEnd(start: Date, durationSeconds: Int, now: Date) throws(ValidationError) {
        try TimeRules.checkNotInFuture(
            start.addingTimeInterval(TimeInterval(durationSeconds)), now: now, field: "start",
            what: "the entry would end", advice: "give an earlier start or a shorter duration")
    }
}
