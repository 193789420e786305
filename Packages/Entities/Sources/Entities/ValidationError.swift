import Foundation

/// The single error type of the Entities layer: a value broke a business rule.
///
/// Entities serve more than one front end (the command line today, a server later), so an error says
/// *what* is wrong as data and never *how to fix it* in the words of one front end: `reason` is a
/// typed case carrying everything needed to word it (amounts, limits, spans in seconds, the timer
/// action, the event an instant collided with, a short excerpt of what was typed), and each front end
/// words it for its own users. `field` names what was wrong in the user's words ("title", "due", "at",
/// "timer", …). `message` is a neutral one-line English sentence stating the problem, fit for a log or
/// an API response; it contains no command-line syntax and no advice.
public struct ValidationError: Error, Sendable, Hashable, LocalizedError, CustomStringConvertible {
    /// What kind of value was being read or checked; it decides how a front end describes the input.
    public enum ValueKind: Sendable, Hashable {
        /// A name, title or other free text.
        case text
        /// A tag.
        case tag
        /// A priority word (`high`, `m`, `2`, …).
        case priority
        /// A calendar date, as `DayExpression` and `Day.parse(iso:field:)` read it.
        case day
        /// How often a task repeats (`RepeatRule`).
        case repeatRule
        /// A length of time, as `DurationExpression` reads it.
        case duration
        /// A moment, as `InstantExpression` reads it.
        case instant
        /// A wall-clock time, as `TimeOfDay.parse` reads it.
        case timeOfDay
    }

    /// What a timer was asked to do when an instant was refused.
    public enum TimerAction: Sendable, Hashable {
        case start, pause, resume, stop
    }

    /// The moment in a timer's life that a requested instant would lie before.
    public enum TimerEvent: Sendable, Hashable {
        /// The timer's first interval began (its start).
        case started
        /// The running interval began with a resume.
        case resumed
        /// The timer was paused (the end of its last interval).
        case paused
    }

    /// What a length of time that broke a limit belongs to.
    public enum DurationSource: Sendable, Hashable {
        /// A task's estimate.
        case estimate
        /// A time entry, logged or edited by hand.
        case entry
        /// A timer being stopped into an entry.
        case timer
    }

    /// Why a date shaped like `YYYY-MM-DD` is not on the calendar.
    public enum DateProblem: Sendable, Hashable {
        /// The month is not 1…12.
        case noSuchMonth(Int)
        /// The day is not 1…`daysInMonth` of that month.
        case noSuchDay(year: Int, month: Int, daysInMonth: Int)
    }

    /// The rule that was broken, with the data needed to word it.
    public enum Reason: Sendable, Hashable {
        // MARK: Text

        /// Nothing was given where a value is required: blank, or only whitespace and invisible
        /// (format, zero-width, bidirectional-control) characters. The kind says what was expected.
        case empty(ValueKind)
        /// The text has `count` Characters, more than `limit`.
        case tooLong(count: Int, limit: Int)
        /// A name or title contains a line break.
        case notSingleLine
        /// A name or title contains a tab or another control character.
        case controlCharacter
        /// Free text (a note) contains U+0000. SQLite's and PostgreSQL's text cannot hold it (the stored note was cut
        /// at it), and no editor or terminal shows it.
        case nulCharacter
        /// The text to append to a task's note is blank.
        case emptyNoteEntry

        // MARK: Tags

        /// A tag contains whitespace, a comma or a control character; the payload is an excerpt.
        case invalidTagCharacter(excerpt: String)
        /// More than `limit` tags were given for one task or entry (counted as given, before reading any).
        case tooManyTags(count: Int, limit: Int)

        // MARK: Reading typed values

        /// The text could not be read as the `expected` kind of value; `excerpt` is a short, one-line
        /// rendering of what was typed. For a tag, this means it would not keep its spelling when read
        /// again (a second leading `+` or `#`).
        case invalidFormat(excerpt: String, expected: ValueKind)
        /// A duration number has no unit (`90`); `number` is the number as typed.
        case missingUnit(excerpt: String, number: String)
        /// A duration was given in seconds, which are not accepted (nothing is planned to the second).
        case secondsNotAllowed(excerpt: String)
        /// A duration or a time ago has a minus sign.
        case negativeAmount(excerpt: String, expected: ValueKind)
        /// A typed duration rounds to zero seconds.
        case zeroDuration(excerpt: String)
        /// A typed duration is longer than `limit` seconds.
        case typedDurationOverLimit(excerpt: String, limit: Int)
        /// The amount before `ago` is zero or longer than `limit` seconds.
        case timeAgoOutOfRange(excerpt: String, limit: Int)
        /// The value was read but a part lies outside its range: an hour over 23 or a minute over 59
        /// (`.timeOfDay`), a second over 59 (`.instant`).
        case outOfRange(excerpt: String, expected: ValueKind)
        /// Shaped like a date, but not one on the calendar (`2026-02-30`, `2026-13-01`).
        case notARealDate(excerpt: String, problem: DateProblem, expected: ValueKind)
        /// A day offset (`+40000d`) is larger than `limitDays`.
        case offsetTooFar(excerpt: String, limitDays: Int)
        /// A day lies outside `AcceptedRange.days`.
        case dayOutOfRange(excerpt: String)
        /// An instant lies outside `AcceptedRange.instants`; the excerpt is what was typed, or the
        /// instant in ISO 8601 when it was not typed.
        case instantOutOfRange(excerpt: String)
        /// A typed moment lies `seconds` (rounded up) after now. `sameDayTime` is the clock time typed
        /// when the text was read as a time today (`23:00`, `today 23:00`), else nil: such a time was
        /// usually meant for yesterday.
        case typedInstantInFuture(excerpt: String, seconds: Int, sameDayTime: String?)

        // MARK: Timers and entries

        /// The instant for a timer `action` lies `seconds` (rounded up) after now, beyond the tolerance.
        case timerInstantInFuture(seconds: Int, action: TimerAction)
        /// A timer asked to `action` now (no instant given) is running an interval that began `seconds` (rounded up)
        /// after now, beyond the tolerance: it came from a machine whose clock runs ahead (an import, a sync).
        case timerStartsAhead(seconds: Int, action: TimerAction)
        /// The instant for a timer `action` lies `seconds` (rounded up) before the timer `event`.
        case beforeTimerEvent(seconds: Int, action: TimerAction, event: TimerEvent)
        /// A timer would start (or resume) `seconds` (rounded up) before the person's running timer's interval
        /// began (`event`: started or resumed): pausing that timer there would take its counted time away.
        case beforeRunningTimer(seconds: Int, action: TimerAction, event: TimerEvent)
        /// A timer being stopped ran for less than a second: there is nothing to turn into an entry.
        case nothingRecorded
        /// An entry would end `seconds` (rounded up) after now, beyond the tolerance.
        case entryEndsInFuture(seconds: Int)
        /// A length of time is below its minimum (an estimate under a minute, an entry under a second).
        case durationTooShort(seconds: Int, minimum: Int, source: DurationSource)
        /// A length of time is over the limit that applies whatever the circumstances.
        case durationOverLimit(seconds: Int, limit: Int, source: DurationSource)
        /// A length of time is over `limit` (a day), which is accepted only when confirmed (`force`):
        /// the request conflicts with a safety rule rather than being malformed (see `isConflict`).
        case durationNeedsForce(seconds: Int, limit: Int, source: DurationSource)

        // MARK: States

        /// A task cannot move from `from` to `to`: already in progress, already done, not done.
        case taskTransition(from: TaskStatus, to: TaskStatus)
        /// The project is already archived.
        case projectAlreadyArchived
        /// The project is not archived, so it cannot be unarchived.
        case projectNotArchived
        /// The timer already runs, so it cannot be resumed.
        case timerAlreadyRunning
        /// The timer is already paused, so it cannot be paused.
        case timerAlreadyPaused
        /// A task in a list must also be in a project (the list's).
        case listWithoutProject
        /// A day range whose last day `until` is before its first day `since`.
        case dayRangeEmpty(since: Day, until: Day)

        // MARK: Tasks and other tasks (subtasks, dependencies)

        /// A task was named as its own parent or as coming after itself.
        case linksToItself
        /// A task would come after more than `limit` tasks.
        case tooManyPrerequisites(count: Int, limit: Int)
        /// The link would close a loop; `path` names the tasks around it, the first one again at the end.
        case relationCycle(path: [String])
        /// A parent cannot be completed while `count` of its subtasks are still open (unless forced).
        case openSubtasks(count: Int)

        // MARK: Choosing a timer (field "timer"; see `TimerRules.choose(_:among:)`)

        /// A running timer was asked for and none runs.
        case noRunningTimer
        /// The most recently paused timer was asked for and none is paused.
        case noPausedTimer
        /// The running or only paused timer was asked for and the person has no timer at all.
        case noTimer
        /// The running or only paused timer was asked for, none runs and several are paused: which one is
        /// meant must be said. The ids are the paused timers', in the order the caller listed them.
        case severalPausedTimers(ids: [UUID])
        /// A timer was asked for by id and none of the person's timers has it (stopped or discarded meanwhile).
        case noTimerWithID(UUID)
        /// A timer was asked for by its task or project and none times that target.
        case noTimerOnTarget(TimeTarget)
        /// A time entry would share time with another entry of the same person: the earliest such entry and
        /// how many there are (see `EntryOverlap`).
        case overlapsEntry(id: UUID, start: Date, end: Date, count: Int)
        /// A time entry would share time with one of the person's timers (running, or paused with time counted):
        /// that timer's id and when the interval it overlaps began. Its time becomes an entry when it stops.
        case overlapsTimer(id: UUID, start: Date)

        /// True when the value is well formed but the current state or a safety rule stands in the way:
        /// a duration that needs confirmation, or no timer in the state the action needs. Front ends
        /// report these as conflicts rather than as bad input.
        public var isConflict: Bool {
            switch self {
            case .durationNeedsForce, .openSubtasks, .noRunningTimer, .noPausedTimer, .noTimer, .severalPausedTimers,
                .noTimerWithID, .noTimerOnTarget, .overlapsEntry, .overlapsTimer, .timerAlreadyRunning,
                .timerAlreadyPaused:
                true
            default:
                false
            }
        }
    }

    /// What was wrong, in the words a user knows ("title", "due", "at", "timer", …).
    public let field: String
    /// The rule that was broken.
    public let reason: Reason

    public init(field: String, reason: Reason) {
        self.field = field
        self.reason = reason
    }

    /// One neutral English line stating what is wrong; no advice and no front-end syntax.
    public var message: String {
        ValidationMessage.text(field: field, reason: reason)
    }

    public var errorDescription: String? { message }

    public var description: String { message }
}
