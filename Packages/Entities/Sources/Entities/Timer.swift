import Foundation

/// One stretch of work on a timer, from `start` to `end`; `end` is nil while the stretch is still going.
public struct WorkInterval: Sendable, Hashable, Codable {
    public var start: Date
    /// Nil while the timer runs in this interval.
    public var end: Date?

    public init(start: Date, end: Date? = nil) {
        self.start = start
        self.end = end
    }

    /// Seconds of this interval that lie before `instant`; an open interval runs up to `instant`.
    func seconds(upTo instant: Date) -> TimeInterval {
        let stop = min(end ?? instant, instant)
        return max(stop.timeIntervalSince(start), 0)
    }
}

/// Whether a timer is counting right now.
public enum TimerState: String, Sendable, Codable {
    case running
    case paused
}

/// A person's stopwatch on a task or project; stopping it turns each stretch it ran into a `TimeEntry`.
///
/// A timer keeps every stretch it ran as a `WorkInterval`, so pausing and resuming lose nothing and
/// the elapsed time can be computed for any instant (a report while it runs, or a stop at an earlier
/// instant). Invariants kept by `start` and the mutating methods (the memberwise initialiser is
/// unchecked and exists for loading stored data): intervals are chronological and do not overlap,
/// only the last one may be open, every instant lies in `AcceptedRange.instants`, and no instant is
/// accepted more than `futureTolerance` after `now`.
/// In code that also imports Foundation, write `Entities.Timer` to avoid `Foundation.Timer`.
public struct Timer: Sendable, Hashable, Codable, Identifiable {
    /// The most characters a timer's note may have (the same as an entry's, which inherits it).
    public static let noteLimit = TimeEntry.noteLimit
    /// How far after `now` an instant may lie and still be accepted (clock drift, typing time).
    public static let futureTolerance: TimeInterval = TimeRules.futureTolerance

    public let id: UUID
    /// The person whose timer this is; starting a timer pauses only that person's other timers.
    public let ownerID: UUID
    public let target: TimeTarget
    public private(set) var note: String
    public private(set) var billable: Bool
    /// What the entry the timer stops into is tagged with; sorted and unique.
    public private(set) var tags: [Tag]
    /// Chronological and non-overlapping; only the last may be open (then the timer is running).
    public private(set) var intervals: [WorkInterval]
    public let createdAt: Date
    public private(set) var updatedAt: Date

    /// Rebuilds a timer exactly as stored; performs no validation beyond sorting and de-duplicating `tags`.
    public init(
        id: UUID, ownerID: UUID, target: TimeTarget, note: String = "", billable: Bool = false, tags: [Tag] = [],
        intervals: [WorkInterval], createdAt: Date, updatedAt: Date
    ) {
        self.id = id
        self.ownerID = ownerID
        self.target = target
        self.note = note
        self.billable = billable
        self.tags = Array(Set(tags)).sorted()
        self.intervals = intervals
        self.createdAt = createdAt
        self.updatedAt = updatedAt
    }

    /// `.running` when the last interval is open, otherwise `.paused`.
    public var state: TimerState {
        isRunning ? .running : .paused
    }

    public var isRunning: Bool {
        intervals.last.map { $0.end == nil } ?? false
    }

    /// When the timer first started; this becomes the start of the first entry it is stopped into.
    public var startedAt: Date {
        intervals.first?.start ?? createdAt
    }

    /// When a paused timer was paused (the end of its last interval); nil while it runs.
    public var pausedAt: Date? {
        isRunning ? nil : intervals.last?.end
    }

    /// Whole seconds worked up to `instant`: every interval clipped at `instant`, open ones running to it.
    ///
    /// Never negative; an `instant` before the start gives 0.
    /// Seconds of work inside `window`, an open interval counting up to `instant`: what a timer adds to "today" or
    /// "this week" before it is stopped and logged.
    public func seconds(in window: Range<Date>, at instant: Date) -> Int {
        let total = intervals.reduce(0.0) { sum, interval in
            let start = max(interval.start, window.lowerBound)
            let end = min(interval.end ?? instant, window.upperBound, instant)
            return sum + max(0, end.timeIntervalSince(start))
        }
        return Int(min(total, Double(Int.max / 2)).rounded(.down))
    }

    public func elapsedSeconds(at instant: Date) -> Int {
        let total = intervals.reduce(0) { $0 + $1.seconds(upTo: instant) }
        return Int(min(total, Double(Int.max / 2)).rounded(.down))
    }

    // MARK: Lifecycle

    /// A running timer whose first interval begins at `at`.
    ///
    /// - Parameters:
    ///   - at: when work began; may be in the past, at most `futureTolerance` after `now`.
    ///   - now: the current instant; becomes `createdAt` and `updatedAt`.
    /// - Throws: `ValidationError` with field `at`: `.instantOutOfRange` outside `AcceptedRange.instants`,
    ///   `.timerInstantInFuture(action: .start)` beyond the tolerance; field `note` (`.tooLong`) when the
    ///   note exceeds `noteLimit`; field `tags` (`.tooManyTags`) over `Tag.limitPerItem`.
    public static func start(
        id: UUID, ownerID: UUID, target: TimeTarget, note: String = "", billable: Bool = false, tags: [Tag] = [],
        at: Date, now: Date
    ) throws(ValidationError) -> Timer {
        try checkInstant(at, now: now, action: .start)
        try Tag.checkCount(Set(tags).count)
        return Timer(
            id: id, ownerID: ownerID, target: target, note: try TimeEntry.validatedNote(note), billable: billable,
            tags: tags, intervals: [WorkInterval(start: at)], createdAt: now, updatedAt: now)
    }

    /// Closes the running interval at `at`.
    ///
    /// - Throws: `ValidationError` with field `timer` (`.timerAlreadyPaused`) when the timer is not
    ///   running; field `at` with `.instantOutOfRange`, `.beforeTimerEvent(action: .pause, event:
    ///   .started/.resumed)` before the running interval began, or `.timerInstantInFuture(action: .pause)`.
    public mutating func pause(at instant: Date, now: Date) throws(ValidationError) {
        guard isRunning else { throw ValidationError(field: "timer", reason: .timerAlreadyPaused) }
        try close(at: instant, now: now, action: .pause)
    }

    /// Opens a new interval at `at` on a paused timer.
    ///
    /// - Throws: `ValidationError` with field `timer` (`.timerAlreadyRunning`) when the timer already runs;
    ///   field `at` with `.instantOutOfRange`, `.beforeTimerEvent(action: .resume, event: .paused)` before
    ///   the pause, or `.timerInstantInFuture(action: .resume)`.
    public mutating func resume(at instant: Date, now: Date) throws(ValidationError) {
        guard !isRunning else { throw ValidationError(field: "timer", reason: .timerAlreadyRunning) }
        try TimeRules.checkAccepted(instant, field: "at")
        if let pausedAt, instant < pausedAt {
            throw Self.early(instant, before: pausedAt, action: .resume, event: .paused)
        }
        try Self.checkInstant(instant, now: now, action: .resume)
        intervals.append(WorkInterval(start: instant))
        updatedAt = now
    }

    /// The entries this timer becomes when stopped, one per stretch it ran, in order; the timer itself is left
    /// unchanged (the caller deletes it).
    ///
    /// A running timer is closed at `at` (nil = `now`), with the same checks as `pause`. A paused timer
    /// keeps the time it has: `at` may be left out, and if given it must not be before the pause.
    /// Each stretch becomes an entry at its own start and of its own length (ADR 0014, revised 2026-12-08): one
    /// entry at the first start with the pauses squeezed out booked a timer paused overnight on the day it began,
    /// and covered hours the person had meanwhile logged as something else. A stretch under a second is left out.
    /// The first entry takes `entryID`, a later one ``TimeEntry/stretchID(of:index:)``, so two devices stopping one
    /// timer make the same entries.
    ///
    /// - Parameters:
    ///   - note: the entries' note; nil keeps the timer's note.
    ///   - force: accept more than `TimeEntry.unforcedLimit` in all (a timer forgotten overnight usually is a
    ///     mistake).
    /// - Throws: `ValidationError` with field `at` for an instant out of range, out of order
    ///   (`.beforeTimerEvent(action: .stop, …)`) or in the future (`.timerInstantInFuture(action: .stop)`);
    ///   field `duration` with `.nothingRecorded` when no stretch lasted a second, `.durationNeedsForce(source:
    ///   .timer)` over 24 hours in all without `force`, `.durationOverLimit(source: .timer)` over
    ///   `TimeEntry.hardLimit`; field `note` when the note is too long.
    public func stop(
        at instant: Date? = nil, now: Date, entryID: UUID, note newNote: String? = nil, force: Bool = false
    ) throws(ValidationError) -> [TimeEntry] {
        var closed = self
        if isRunning {
            // Without an instant the timer stops now, or at its start when that was given a few seconds ahead.
            let openStart = intervals.last?.start ?? now
            if instant == nil { try Self.checkStartNotAhead(openStart, now: now, action: .stop) }
            try closed.close(at: instant ?? max(now, openStart), now: now, action: .stop)
        } else if let instant {
            try TimeRules.checkAccepted(instant, field: "at")
            if let pausedAt, instant < pausedAt {
                throw Self.early(instant, before: pausedAt, action: .stop, event: .paused)
            }
            try Self.checkInstant(instant, now: now, action: .stop)
        }
        let stretches = closed.intervals.compactMap { interval -> (start: Date, seconds: Int)? in
            let seconds = interval.seconds(upTo: interval.end ?? interval.start)
            guard seconds >= 1 else { return nil }
            return (interval.start, Int(min(seconds, Double(Int.max / 2)).rounded(.down)))
        }
        let total = stretches.reduce(0) { $0 &+ $1.seconds }
        if total < 1 {
            throw ValidationError(field: "duration", reason: .nothingRecorded)
        }
        try TimeEntry.checkDuration(total, force: force, source: .timer)
        let entryNote = try TimeEntry.validatedNote(newNote ?? note)
        var entries: [TimeEntry] = []
        entries.reserveCapacity(stretches.count)
        for (index, stretch) in stretches.enumerated() {
            entries.append(
                TimeEntry(
                    id: TimeEntry.stretchID(of: entryID, index: index), target: target, start: stretch.start,
                    durationSeconds: stretch.seconds, note: entryNote, billable: billable, tags: tags,
                    loggedBy: ownerID, createdAt: now, updatedAt: now))
        }
        return entries
    }

    /// Ends the open interval at `instant` after checking it lies between that interval's start and
    /// the future tolerance; `action` is what was asked, for the reason.
    private mutating func close(at instant: Date, now: Date, action: ValidationError.TimerAction)
        throws(ValidationError)
    {
        guard let last = intervals.indices.last else { return }
        try TimeRules.checkAccepted(instant, field: "at")
        let openStart = intervals[last].start
        if instant < openStart {
            throw Self.early(instant, before: openStart, action: action, event: last == 0 ? .started : .resumed)
        }
        try Self.checkInstant(instant, now: now, action: action)
        intervals[last].end = instant
        updatedAt = now
    }

    /// Refuses to act "now" on a timer whose open interval began beyond the tolerance after `now` (started on a
    /// machine whose clock runs ahead): "now" would lie before its start, and the user gave no instant to blame.
    public static func checkStartNotAhead(_ start: Date, now: Date, action: ValidationError.TimerAction)
        throws(ValidationError)
    {
        if let seconds = TimeRules.secondsInFuture(start, now: now) {
            throw ValidationError(field: "timer", reason: .timerStartsAhead(seconds: seconds, action: action))
        }
    }

    /// Refuses an instant outside `AcceptedRange.instants` or more than `futureTolerance` after `now`.
    private static func checkInstant(_ instant: Date, now: Date, action: ValidationError.TimerAction)
        throws(ValidationError)
    {
        try TimeRules.checkAccepted(instant, field: "at")
        if let seconds = TimeRules.secondsInFuture(instant, now: now) {
            throw ValidationError(field: "at", reason: .timerInstantInFuture(seconds: seconds, action: action))
        }
    }

    /// The reason for an `instant` that lies before `moment`, when the timer `event` happened.
    private static func early(
        _ instant: Date, before moment: Date, action: ValidationError.TimerAction, event: ValidationError.TimerEvent
    ) -> ValidationError {
        ValidationError(
            field: "at",
            reason: .beforeTimerEvent(
                seconds: TimeRules.wholeSeconds(moment.timeIntervalSince(instant)), action: action, event: event))
    }

    /// Pauses a running timer at `instant` without checks; `TimerRules` guarantees the order itself.
    mutating func forcePause(at instant: Date, now: Date) {
        guard isRunning, let last = intervals.indices.last else { return }
        intervals[last].end = max(instant, intervals[last].start)
        updatedAt = now
    }

    // MARK: Editing

    /// Replaces the note (trimmed; empty clears it); `updatedAt` changes only when the note does.
    ///
    /// - Throws: `ValidationError` (field `note`, `.tooLong`) over `noteLimit`.
    public mutating func setNote(_ newNote: String, now: Date) throws(ValidationError) {
        let validated = try TimeEntry.validatedNote(newNote)
        guard validated != note else { return }
        note = validated
        updatedAt = now
    }

    /// Adds tags (a resumed timer keeps the ones it had); `updatedAt` changes only when the set does.
    ///
    /// - Throws: `ValidationError` (field `tags`, `.tooManyTags`) for more than `Tag.limitPerItem` distinct tags.
    public mutating func addTags(_ more: [Tag], now: Date) throws(ValidationError) {
        let merged = Array(Set(tags + more)).sorted()
        try Tag.checkCount(merged.count)
        guard merged != tags else { return }
        tags = merged
        updatedAt = now
    }

    /// Marks the time as billable or not; `updatedAt` changes only when the flag does.
    public mutating func setBillable(_ newValue: Bool, now: Date) {
        guard newValue != billable else { return }
        billable = newValue
        updatedAt = now
    }
}
