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

/// A person's stopwatch on a task or project; stopping it turns it into exactly one `TimeEntry`.
///
/// A timer keeps every stretch it ran as a `WorkInterval`, so pausing and resuming lose nothing and
/// the elapsed time can be computed for any instant (a report while it runs, or a stop at an earlier
/// `--at`). Invariants kept by `start` and the mutating methods (the memberwise initialiser is
/// unchecked and exists for loading stored data): intervals are chronological and do not overlap,
/// only the last one may be open, and no instant is accepted more than `futureTolerance` after `now`.
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
    /// Chronological and non-overlapping; only the last may be open (then the timer is running).
    public private(set) var intervals: [WorkInterval]
    public let createdAt: Date
    public private(set) var updatedAt: Date

    /// Rebuilds a timer exactly as stored; performs no validation.
    public init(
        id: UUID, ownerID: UUID, target: TimeTarget, note: String = "", billable: Bool = false,
        intervals: [WorkInterval], createdAt: Date, updatedAt: Date
    ) {
        self.id = id
        self.ownerID = ownerID
        self.target = target
        self.note = note
        self.billable = billable
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

    /// When the timer first started; this becomes the start of the entry it is stopped into.
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
    public func elapsedSeconds(at instant: Date) -> Int {
        let total = intervals.reduce(0) { $0 + $1.seconds(upTo: instant) }
        return Int(min(total, Double(Int.max / 2)).rounded(.down))
    }

    // MARK: Lifecycle

    /// A running timer whose first interval begins at `at`.
    ///
    /// - Parameters:
    ///   - at: when work began; may be in the past (`--at 09:15`), at most `futureTolerance` after `now`.
    ///   - now: the current instant; becomes `createdAt` and `updatedAt`.
    /// - Throws: `ValidationError` with field `at` (`.outOfRange`) when `at` is in the future, or field
    ///   `note` (`.tooLong`) when the note exceeds `noteLimit`.
    public static func start(
        id: UUID, ownerID: UUID, target: TimeTarget, note: String = "", billable: Bool = false, at: Date, now: Date
    ) throws(ValidationError) -> Timer {
        try TimeRules.checkNotInFuture(
            at, now: now, field: "at", what: "the start time is", advice: "leave --at out to start now")
        return Timer(
            id: id, ownerID: ownerID, target: target, note: try TimeEntry.validatedNote(note), billable: billable,
            intervals: [WorkInterval(start: at)], createdAt: now, updatedAt: now)
    }

    /// Closes the running interval at `at`.
    ///
    /// - Throws: `ValidationError` with field `timer` (`.invalidTransition("paused")`) when the timer is
    ///   not running; field `at` (`.outOfRange`) when `at` is before the running interval began or in the future.
    public mutating func pause(at instant: Date, now: Date) throws(ValidationError) {
        guard isRunning else {
            throw ValidationError(
                field: "timer", reason: .invalidTransition(state.rawValue),
                message: "the timer is not running, it is already paused: resume it to continue")
        }
        try close(at: instant, now: now, verb: "pause")
    }

    /// Opens a new interval at `at` on a paused timer.
    ///
    /// - Throws: `ValidationError` with field `timer` (`.invalidTransition("running")`) when the timer is
    ///   already running; field `at` (`.outOfRange`) when `at` is before the pause or in the future.
    public mutating func resume(at instant: Date, now: Date) throws(ValidationError) {
        guard !isRunning else {
            throw ValidationError(
                field: "timer", reason: .invalidTransition(state.rawValue),
                message: "the timer is already running: pause or stop it instead")
        }
        if let pausedAt, instant < pausedAt {
            throw ValidationError(
                field: "at", reason: .outOfRange(TimeRules.stamp(instant)),
                message: "cannot resume \(TimeRules.span(pausedAt.timeIntervalSince(instant))) before the timer "
                    + "was paused: give a later --at or leave it out")
        }
        try TimeRules.checkNotInFuture(
            instant, now: now, field: "at", what: "the resume time is", advice: "leave --at out to resume now")
        intervals.append(WorkInterval(start: instant))
        updatedAt = now
    }

    /// The entry this timer becomes when stopped; the timer itself is left unchanged (the caller deletes it).
    ///
    /// A running timer is closed at `at` (nil = `now`), with the same checks as `pause`. A paused timer
    /// keeps the time it has: `at` may be left out, and if given it must not be before the pause.
    /// The entry starts at `startedAt` and lasts the elapsed time, so the pauses are left out of it.
    ///
    /// - Parameters:
    ///   - note: the entry's note; nil keeps the timer's note.
    ///   - force: accept more than `TimeEntry.unforcedLimit` (a timer forgotten overnight usually is a mistake).
    /// - Throws: `ValidationError` with field `at` for an instant out of order or in the future; field
    ///   `duration` (`.outOfRange`) when nothing was recorded (discard the timer instead), when more than
    ///   24 hours were recorded without `force`, or more than `TimeEntry.hardLimit` at all; field `note`
    ///   when the note is too long.
    public func stop(
        at instant: Date? = nil, now: Date, entryID: UUID, note newNote: String? = nil, force: Bool = false
    ) throws(ValidationError) -> TimeEntry {
        var closed = self
        if isRunning {
            // Without --at the timer stops now, or at its start when that was typed a few seconds ahead.
            let openStart = intervals.last?.start ?? now
            try closed.close(at: instant ?? max(now, openStart), now: now, verb: "stop")
        } else if let instant {
            if let pausedAt, instant < pausedAt {
                throw ValidationError(
                    field: "at", reason: .outOfRange(TimeRules.stamp(instant)),
                    message: "cannot stop \(TimeRules.span(pausedAt.timeIntervalSince(instant))) before the timer "
                        + "was paused: leave --at out to keep the time recorded so far")
            }
            try TimeRules.checkNotInFuture(
                instant, now: now, field: "at", what: "the stop time is", advice: "leave --at out to stop now")
        }
        let seconds = closed.elapsedSeconds(at: closed.pausedAt ?? startedAt)
        if seconds < 1 {
            throw ValidationError(
                field: "duration", reason: .outOfRange("0s"),
                message: "nothing to record: the timer ran for less than a second; "
                    + "use `stint timer discard` to drop it")
        }
        try TimeEntry.checkDuration(
            seconds, force: force, subject: "the timer ran for \(TimeRules.span(TimeInterval(seconds)))",
            unforcedAdvice: "pass --force to log it all, or stop it with --at at the time you stopped working",
            hardAdvice: "stop it with --at at the time you stopped working, or discard it")
        return TimeEntry(
            id: entryID, target: target, start: startedAt, durationSeconds: seconds,
            note: try TimeEntry.validatedNote(newNote ?? note), billable: billable, tags: [], loggedBy: ownerID,
            createdAt: now, updatedAt: now)
    }

    /// Ends the open interval at `instant` after checking it lies between that interval's start and
    /// the future tolerance; `verb` names the command in messages.
    private mutating func close(at instant: Date, now: Date, verb: String) throws(ValidationError) {
        guard let last = intervals.indices.last else { return }
        let openStart = intervals[last].start
        if instant < openStart {
            let event = last == 0 ? "started" : "resumed"
            throw ValidationError(
                field: "at", reason: .outOfRange(TimeRules.stamp(instant)),
                message: "cannot \(verb) \(TimeRules.span(openStart.timeIntervalSince(instant))) before the timer "
                    + "was \(event): give a later --at or leave it out")
        }
        try TimeRules.checkNotInFuture(
            instant, now: now, field: "at", what: "the \(verb) time is", advice: "leave --at out to \(verb) now")
        intervals[last].end = instant
        updatedAt = now
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

    /// Marks the time as billable or not; `updatedAt` changes only when the flag does.
    public mutating func setBillable(_ newValue: Bool, now: Date) {
        guard newValue != billable else { return }
        billable = newValue
        updatedAt = now
    }
}
