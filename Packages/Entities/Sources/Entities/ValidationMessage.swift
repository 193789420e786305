import Foundation

/// The neutral English sentence for each `ValidationError.Reason`.
///
/// These lines state the problem only. Front ends that want advice ("give a later time", a flag to
/// pass) word the reason themselves; this text is what any of them may show when it has nothing better,
/// so it must never mention one front end's syntax.
enum ValidationMessage {
    static func text(field: String, reason: ValidationError.Reason) -> String {
        singleLine(sentence(field: field, reason: reason))
    }

    // The switch is long because it is flat: one line per reason keeps the wording easy to review.
    private static func sentence(field: String, reason: ValidationError.Reason) -> String {
        let span = TimeRules.span
        switch reason {
        case .empty(let kind):
            return kind == .text || kind == .tag
                ? "\(field) is empty: it needs at least one visible character" : "\(field) is empty"
        case .tooLong(let count, let limit):
            return "\(field) is too long: \(count) characters, the limit is \(limit)"
        case .notSingleLine:
            return "\(field) must be a single line"
        case .controlCharacter:
            return "\(field) contains a tab or control character"
        case .nulCharacter:
            return "\(field) contains a NUL character"
        case .emptyNoteEntry:
            return "the text to add to the note is empty"
        case .invalidTagCharacter(let excerpt):
            return "tag '\(excerpt)' contains a space, comma or control character"
        case .tooManyTags(let count, let limit):
            return "too many tags: \(count) given, the limit is \(limit)"
        case .invalidFormat(let excerpt, let kind):
            return "could not read '\(excerpt)' as \(noun(kind))"
        case .missingUnit(let excerpt, _):
            return "'\(excerpt)' has no unit: a duration needs minutes or hours"
        case .secondsNotAllowed:
            return "\(field) cannot be given in seconds"
        case .negativeAmount(let excerpt, _):
            return "\(field) '\(excerpt)' cannot be negative"
        case .zeroDuration:
            return "\(field) must be more than zero"
        case .typedDurationOverLimit(let excerpt, let limit):
            return "\(field) '\(excerpt)' is too long: the limit is \(span(TimeInterval(limit)))"
        case .timeAgoOutOfRange(let excerpt, let limit):
            return "'\(excerpt)' is out of range: the time ago must be more than zero and at most "
                + span(TimeInterval(limit))
        case .outOfRange(let excerpt, let kind):
            switch kind {
            case .timeOfDay: return "\(excerpt) is not a time of day"
            case .instant: return "'\(excerpt)' has more than 59 seconds"
            default: return "\(field) '\(excerpt)' is out of range"
            }
        case .notARealDate(let excerpt, let problem, _):
            return "'\(excerpt)' is not a real date (\(detail(problem)))"
        case .offsetTooFar(let excerpt, let limitDays):
            return "\(field) '\(excerpt)' is too far away: offsets are limited to \(limitDays) days"
        case .dayOutOfRange(let excerpt):
            return "\(field) '\(excerpt)' is outside the supported dates, \(AcceptedRange.days.lowerBound.iso) "
                + "to \(AcceptedRange.days.upperBound.iso)"
        case .instantOutOfRange(let excerpt):
            return "\(field) '\(excerpt)' is outside the supported times, from 1970 to the end of 9999"
        case .typedInstantInFuture(let excerpt, let seconds, _):
            return "'\(excerpt)' is \(span(TimeInterval(seconds))) in the future"
        case .timerInstantInFuture(let seconds, let action):
            return "the \(verb(action)) time is \(span(TimeInterval(seconds))) in the future"
        case .timerStartsAhead(let seconds, let action):
            return "cannot \(verb(action)) the timer now: it started \(span(TimeInterval(seconds))) from now"
        case .beforeTimerEvent(let seconds, let action, let event):
            return "cannot \(verb(action)) \(span(TimeInterval(seconds))) before the timer was \(participle(event))"
        case .beforeRunningTimer(let seconds, let action, let event):
            return
                "cannot \(verb(action)) \(span(TimeInterval(seconds))) before the running timer was \(participle(event))"
        case .nothingRecorded:
            return "nothing to record: the timer ran for less than a second"
        case .entryEndsInFuture(let seconds):
            return "the entry would end \(span(TimeInterval(seconds))) in the future"
        case .durationTooShort(_, let minimum, _):
            return minimum <= 1
                ? "\(field) must be more than zero" : "\(field) must be at least \(span(TimeInterval(minimum)))"
        case .durationOverLimit(let seconds, let limit, let source):
            return "\(subject(source, seconds: seconds)), more than the limit of \(span(TimeInterval(limit)))"
        case .durationNeedsForce(let seconds, let limit, let source):
            return "\(subject(source, seconds: seconds)), more than \(span(TimeInterval(limit))), "
                + "which needs to be confirmed"
        case .taskTransition(let from, let to):
            return transition(from: from, to: to)
        case .projectAlreadyArchived:
            return "the project is already archived"
        case .projectNotArchived:
            return "the project is not archived"
        case .timerAlreadyRunning:
            return "the timer is already running"
        case .timerAlreadyPaused:
            return "the timer is already paused"
        case .listWithoutProject:
            return "a task in a list must also be in that list's project"
        case .dayRangeEmpty(let since, let until):
            return "the range would start on \(since.iso) but end on \(until.iso), before it starts"
        case .linksToItself:
            return "a task cannot be its own \(field)"
        case .tooManyPrerequisites(let count, let limit):
            return "a task can come after at most \(limit) tasks; this one would come after \(count)"
        case .relationCycle(let path):
            return "that would make a loop: \(path.joined(separator: " → "))"
        case .openSubtasks(let count):
            return count == 1 ? "1 subtask is still open" : "\(count) subtasks are still open"
        case .noRunningTimer:
            return "no timer is running"
        case .noPausedTimer:
            return "no timer is paused"
        case .noTimer:
            return "there is no timer"
        case .severalPausedTimers(let ids):
            return "no timer is running and \(ids.count) are paused"
        case .noTimerWithID:
            return "that timer no longer exists"
        case .noTimerOnTarget:
            return "no timer is timing that task or project"
        case .overlapsEntry(_, _, _, let count):
            return count == 1
                ? "the entry overlaps another entry of the same person"
                : "the entry overlaps \(count) other entries of the same person"
        case .overlapsTimer:
            return "the entry overlaps time a timer of the same person has counted"
        }
    }

    private static func noun(_ kind: ValidationError.ValueKind) -> String {
        switch kind {
        case .text: "text"
        case .tag: "a tag"
        case .priority: "a priority"
        case .day: "a date"
        case .repeatRule: "a repeat rule (daily, weekdays, weekly, monthly, yearly or every 2w)"
        case .duration: "a duration"
        case .instant: "a time"
        case .timeOfDay: "a time of day"
        }
    }

    private static func detail(_ problem: ValidationError.DateProblem) -> String {
        switch problem {
        case .noSuchMonth: "months run from 01 to 12"
        case .noSuchDay(let year, let month, let length): "month \(month) of \(year) has \(length) days"
        }
    }

    static func verb(_ action: ValidationError.TimerAction) -> String {
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

    private static func subject(_ source: ValidationError.DurationSource, seconds: Int) -> String {
        let length = TimeRules.span(TimeInterval(seconds))
        switch source {
        case .estimate: return "the estimate is \(length)"
        case .entry: return "the entry lasts \(length)"
        case .timer: return "the timer ran for \(length)"
        }
    }

    private static func transition(from: TaskStatus, to: TaskStatus) -> String {
        switch (from, to) {
        case (.inProgress, .inProgress): "the task is already in progress"
        case (.completed, .completed): "the task is already done"
        case (.completed, .inProgress): "the task is done, so it cannot be started"
        case (_, .open): "the task is not done, so it cannot be reopened"
        default: "the task cannot go from \(from.rawValue) to \(to.rawValue)"
        }
    }

    /// Keeps the one-line promise even when a caller's field name contains a line break.
    private static func singleLine(_ text: String) -> String {
        guard text.contains(where: \.isNewline) else { return text }
        return String(text.map { $0.isNewline ? " " : $0 })
    }
}
