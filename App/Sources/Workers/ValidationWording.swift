import Entities
import Foundation

/// The command line's wording of `ValidationError`: what Stint printed before Entities stopped
/// carrying command-line advice, reproduced from the typed reason so the terminal output stays the same.
///
/// Entities state *what* is wrong (`ValidationError.reason`, with a neutral `message` for any front end);
/// the App adds *what to do* in its own syntax (`--at`, `--force`, `stint timer discard`, `+work`).
/// Lives in the App's Workers target. Where a reason is new (accepted range, tag count, a second tag
/// marker), the sentence follows the style of the old ones. docs/adr/0005 explains which reasons are conflicts.
enum ValidationWording {
    /// One line for the terminal.
    static func message(for error: ValidationError) -> String {
        let field = error.field
        switch error.reason {
        // MARK: Text
        case .empty(let kind):
            return empty(field: field, kind: kind)
        case .tooLong(let count, let limit):
            return "\(field) is too long (\(count) characters; the limit is \(limit)): shorten it"
        case .notSingleLine:
            return "\(field) must be a single line: remove the line breaks"
        case .controlCharacter:
            return "\(field) contains a tab or control character: remove it"
        case .nulCharacter:
            return "\(field) contains a NUL character (\\0), which cannot be stored: remove it"
        case .emptyNoteEntry:
            return "the note text is empty: type what you want to add"

        // MARK: Tags
        case .invalidTagCharacter(let excerpt):
            return "tag '\(excerpt)' contains a space, comma or control character: use one word such as +work"
        case .tooManyTags(let count, let limit):
            return "too many tags (\(count); the limit is \(limit) per task or entry): keep the ones that matter"

        // MARK: Typed values
        case .invalidFormat(let excerpt, let kind):
            return invalidFormat(excerpt: excerpt, field: field, kind: kind)
        case .missingUnit(let excerpt, let number):
            return "'\(excerpt)' needs a unit: write \(number)m for minutes or \(number)h for hours"
        case .secondsNotAllowed:
            return "\(field) cannot be given in seconds: use minutes or hours, e.g. 1m or 1h30m"
        case .negativeAmount(let excerpt, let kind):
            return kind == .instant
                ? "'\(excerpt)' cannot be negative: write a time in the past such as 10 min ago"
                : "\(field) cannot be negative: \(Hint.duration)"
        case .zeroDuration:
            return "\(field) must be more than zero: \(Hint.duration)"
        case .typedDurationOverLimit(let excerpt, let limit):
            return "\(field) '\(excerpt)' is too long: the limit is \(span(limit))"
        case .timeAgoOutOfRange(let excerpt, let limit):
            return "'\(excerpt)' is out of range: the time ago must be more than zero and at most \(span(limit))"
        case .outOfRange(let excerpt, let kind):
            switch kind {
            case .timeOfDay: return "\(excerpt) is not a time of day: use 00:00 to 23:59"
            case .instant: return "'\(excerpt)' has more than 59 seconds: \(Hint.instant)"
            case .repeatRule: return "'\(excerpt)' repeats too rarely or never: use every 1 to 999 days, weeks, …"
            default: return "\(field) '\(excerpt)' is out of range: use a smaller value"
            }
        case .notARealDate(let excerpt, let problem, let kind):
            if kind == .instant { return "'\(excerpt)' is not a real date: \(Hint.instant)" }
            return "'\(excerpt)' is not a real date (\(detail(problem))): \(Hint.day)"
        case .offsetTooFar(let excerpt, let limitDays):
            return "\(field) '\(excerpt)' is too far away: offsets are limited to \(limitDays)d; "
                + "use an ISO date such as 2026-12-01"
        case .dayOutOfRange(let excerpt):
            return "\(field) '\(excerpt)' is outside the supported dates, 1970-01-01 to 9999-12-31: "
                + "use a date such as 2026-12-01"
        case .instantOutOfRange(let excerpt):
            return "\(field) '\(excerpt)' is outside the supported times, 1970 to 9999: "
                + "give a time such as 2026-11-20 17:00"
        case .typedInstantInFuture(let excerpt, _, let sameDayTime):
            let advice =
                sameDayTime.map { "for yesterday at that time write yesterday \($0)" }
                ?? "give a time that has already passed"
            return "'\(excerpt)' is in the future: \(advice)"

        // MARK: Timers and entries
        case .timerInstantInFuture(let seconds, let action):
            let verb = verb(action)
            return "the \(verb) time is \(span(seconds)) in the future: leave --at out to \(verb) now"
        case .timerStartsAhead(let seconds, let action):
            return
                "cannot \(verb(action)) the timer now: it started \(span(seconds)) from now, by the clock of a machine "
                + "that runs ahead; \(verb(action)) it after that, or remove it with stint timer discard"
        case .beforeTimerEvent(let seconds, let action, let event):
            let lead = "cannot \(verb(action)) \(span(seconds)) before the timer was \(participle(event))"
            if action == .stop, event == .paused {
                return lead + ": leave --at out to keep the time recorded so far"
            }
            return lead + ": give a later --at or leave it out"
        case .beforeRunningTimer(let seconds, let action, let event):
            // Pausing the running timer that early would take away time it already counted.
            return "cannot \(verb(action)) \(span(seconds)) before the running timer was \(participle(event)): "
                + "give a later --at, or pause that timer first"
        case .nothingRecorded:
            return "nothing to record: the timer ran for less than a second; use `stint timer discard` to drop it"
        case .entryEndsInFuture(let seconds):
            return "the entry would end \(span(seconds)) in the future: give an earlier start or a shorter duration"
        case .durationTooShort(_, _, let source):
            return source == .estimate
                ? "estimate must be at least 1 minute: write it like 45m or 1h30m"
                : "duration must be more than zero: write it like 45m or 1h30m"
        case .durationOverLimit(let seconds, let limit, let source):
            switch source {
            case .estimate:
                return "estimate is too long (\(seconds / 3600)h; the limit is \(span(limit))): split the task"
            case .entry:
                return "the entry lasts \(span(seconds)), more than the limit of \(span(limit)): "
                    + "split it into several entries"
            case .timer:
                return "the timer ran for \(span(seconds)), more than the limit of \(span(limit)): "
                    + "stop it with --at at the time you stopped working, or discard it"
            }
        case .durationNeedsForce(let seconds, let limit, let source):
            if source == .timer {
                return "the timer ran for \(span(seconds)), more than \(span(limit)): pass --force to log it all, "
                    + "or stop it with --at at the time you stopped working"
            }
            return "the entry lasts \(span(seconds)), more than \(span(limit)): pass --force if that is right"

        // MARK: States
        case .taskTransition(let from, let to):
            return transition(from: from, to: to)
        case .projectAlreadyArchived:
            return "the project is already archived: unarchive it if you want it back"
        case .projectNotArchived:
            return "the project is not archived: there is nothing to unarchive"
        case .timerAlreadyRunning:
            return "the timer is already running: pause or stop it instead"
        case .timerAlreadyPaused:
            return "the timer is not running, it is already paused: resume it to continue"
        case .listWithoutProject:
            return "a task in a list must also be in that list's project: give the project too"
        case .dayRangeEmpty(let since, let until):
            return "--since \(since.iso) is after --until \(until.iso): no entry can match"

        // MARK: Tasks and other tasks
        case .linksToItself:
            return field == "parent"
                ? "a task cannot be its own parent: name another task"
                : "a task cannot come after itself: name another task"
        case .tooManyPrerequisites(let count, let limit):
            return "a task can come after at most \(limit) tasks (this one would come after \(count)): "
                + "name fewer"
        case .relationCycle(let path):
            let loop = path.joined(separator: " → ")
            return field == "parent"
                ? "that would make a task its own subtask (\(loop)): choose another parent"
                : "that would make a loop of tasks waiting on each other (\(loop)): drop one of the links"
        case .openSubtasks(let count):
            let subtasks = count == 1 ? "1 subtask is" : "\(count) subtasks are"
            return "\(subtasks) still open: complete \(count == 1 ? "it" : "them") first, or pass --force"

        // MARK: Choosing a timer
        case .noRunningTimer:
            return "no timer is running"
        case .noPausedTimer:
            return "no paused timer to resume"
        case .noTimer:
            return "there is no timer to stop or discard"
        case .severalPausedTimers(let ids):
            // The old sentence also listed the paused timers' targets ("task 12 \"Draft\", project \"Work\"")
            // and named the command (stop or discard); the App can add both, it knows the targets.
            return "no timer is running and \(ids.count) are paused: say which one, e.g. by its task number "
                + "(stint timer list shows them)"
        case .noTimerWithID:
            return "that timer is gone: it was stopped or discarded meanwhile"
        case .noTimerOnTarget:
            return "there is no timer on that task or project: see stint timer list"
        case .overlapsEntry(let id, _, _, _):
            return "it overlaps your entry \(id.lowercasedString.prefix(8)): add --allow-overlap to keep "
                + "both, or --adjust to trim the other"
        case .overlapsTimer:
            return "it overlaps time your timer has counted: stop the timer first, or add --allow-overlap to keep both"
        }
    }

    /// The hints the old messages ended with, one per kind of typed value.
    private enum Hint {
        static let day = "use 2026-12-01, today, tomorrow, a weekday (fri), next week, dec 1, +3d or 3 days ago"
        static let duration = "write it like 1h30m, 90m or 1.5h"
        static let instant = "use now, 09:15, 5pm, 10 min ago, yesterday 17:00, fri 10:00 or 2026-11-20 17:00"
        static let priority = "use high, medium, low or none (or h, m, l, n, or 3 to 0)"
        static let timeOfDay = "write it like 14:00, 9:15 or 5pm"
        static let repeatRule = "use daily, weekdays, weekly, monthly, yearly or every 2w (every 3 days, …)"
    }

    private static func empty(field: String, kind: ValidationError.ValueKind) -> String {
        switch kind {
        case .text: "\(field) cannot be empty: type at least one visible character"
        case .tag: "tag is empty: type a word such as +work"
        case .priority: "priority is empty: \(Hint.priority)"
        case .day: "\(field) is empty: \(Hint.day)"
        case .duration: "\(field) is empty: \(Hint.duration)"
        case .instant: "\(field) is empty: \(Hint.instant)"
        case .timeOfDay: "\(field) is empty: write a time such as 14:00 or 9:15"
        case .repeatRule: "\(field) is empty: \(Hint.repeatRule)"
        }
    }

    private static func invalidFormat(excerpt: String, field: String, kind: ValidationError.ValueKind) -> String {
        switch kind {
        case .text: "could not read '\(excerpt)' as \(field): check the spelling"
        case .tag: "tag '\(excerpt)' has more than one leading + or #: use one word such as +work"
        case .priority: "could not read '\(excerpt)' as a priority: \(Hint.priority)"
        case .day: "could not read '\(excerpt)' as a date: \(Hint.day)"
        case .duration: "could not read '\(excerpt)' as a duration: \(Hint.duration)"
        case .instant: "could not read '\(excerpt)' as a time: \(Hint.instant)"
        case .timeOfDay: "could not read '\(excerpt)' as a time of day: \(Hint.timeOfDay)"
        case .repeatRule: "could not read '\(excerpt)' as a repeat rule: \(Hint.repeatRule)"
        }
    }

    private static func detail(_ problem: ValidationError.DateProblem) -> String {
        switch problem {
        case .noSuchMonth: "months run from 01 to 12"
        case .noSuchDay(let year, let month, let length): "month \(month) of \(year) has \(length) days"
        }
    }

    private static func transition(from: TaskStatus, to: TaskStatus) -> String {
        switch (from, to) {
        case (.inProgress, .inProgress): "the task is already in progress: complete it when it is done"
        case (.completed, .inProgress): "the task is done: reopen it first"
        case (.completed, .completed): "the task is already done: reopen it first to complete it again"
        case (_, .open): "the task is not done, so it cannot be reopened: complete it first"
        default: "cannot change status from \(from.rawValue)"
        }
    }

    private static func verb(_ action: ValidationError.TimerAction) -> String {
        switch action {
        case .start: "start"
        case .pause: "pause"
        case .resume: "resume"
        case .stop: "stop"
        }
    }

    private static func participle(_ event: ValidationError.TimerEvent) -> String {
        switch event {
        case .started: "started"
        case .resumed: "resumed"
        case .paused: "paused"
        }
    }

    /// A length of time as the old messages wrote it: `45s`, `90s`, `12m`, `1h 05m`, `26h`.
    private static func span(_ seconds: Int) -> String {
        let seconds = max(seconds, 0)
        if seconds < 120 { return "\(seconds)s" }
        let minutes = seconds / 60
        if minutes < 60 { return "\(minutes)m" }
        let rest = minutes % 60
        return rest == 0 ? "\(minutes / 60)h" : "\(minutes / 60)h " + (rest < 10 ? "0\(rest)m" : "\(rest)m")
    }
}
