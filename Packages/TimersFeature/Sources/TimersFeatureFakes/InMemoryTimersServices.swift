import Foundation
import TerminalUI
import TimersFeature

/// A working, in-memory implementation of ``TimersServices`` for tests and the demo, for one person. It keeps the
/// rules ``TimersServices`` describes; `TimersFeatureContract` states them as scenarios and the feature's tests run
/// them against this fake, as the App runs them against its adapter.
///
/// Timers and entries are kept as the feature's own models in plain arrays; state, elapsed and logged time are
/// derived on every read. Tasks are referenced by number and projects by name only, and a timer by its task's
/// number or its own id prefix (the App also takes id prefixes of tasks and projects). Time comes from an injected clock,
/// read once per call, so tests move time with a ``ManualClock``. Errors are ``TimersFakeError``.
public actor InMemoryTimersServices: TimersServices {
    public private(set) var tasks: [TrackableTask]
    public private(set) var projects: [String]
    /// Every query received by `entries(matching:)`, oldest first.
    public private(set) var receivedQueries: [EntryQuery] = []
    private var storedTimers: [TimersFeature.Timer]
    private var storedEntries: [TimeEntry]
    private var nextSerial = 10_000
    private let person: String
    private let timeZone: TimeZone
    private let clock: @Sendable () -> Date

    /// Timers must be on a known task number or on a project; those of `tasks` and `timers` join `projects`. Derived
    /// values of `timers` are recomputed; `person` is put in `loggedBy`; `clock` is read once per call.
    public init(
        tasks: [TrackableTask] = [], projects: [String] = [], timers: [TimersFeature.Timer] = [],
        entries: [TimeEntry] = [], person: String = "me",
        timeZone: TimeZone = TimeZone(identifier: "UTC") ?? .current, clock: @escaping @Sendable () -> Date
    ) {
        self.tasks = tasks
        self.projects = []
        for name in projects + tasks.compactMap(\.projectName) + timers.compactMap(\.projectName)
        where !self.projects.contains(where: { Self.same($0, name) }) {
            self.projects.append(name)
        }
        self.storedTimers = timers.filter { timer in
            timer.taskNumber.map { n in tasks.contains { $0.number == n } } ?? true
        }
        self.storedEntries = entries
        self.person = person
        self.timeZone = timeZone
        self.clock = clock
    }

    /// Adds a project that timers and entries may be on.
    public func addProject(_ name: String) {
        projects.append(name)
    }

    /// Adds a task numbered after the others (its project must exist) and returns it.
    public func addTask(title: String, project: String? = nil, estimateSeconds: Int? = nil) throws -> TrackableTask {
        let number = (tasks.map(\.number).max() ?? 0) + 1
        let task = TrackableTask(
            id: SampleTimers.identifier(for: number), number: number, title: title,
            projectName: try project.map(projectName), estimateSeconds: estimateSeconds)
        tasks.append(task)
        return task
    }

    // MARK: Timers

    public func startTimer(_ request: TimerStartRequest) throws -> TimerStartResult {
        let now = clock()
        let at = request.at ?? now
        try Self.check(at, notBefore: nil, now: now)
        let (task, project) = try target(task: request.task, project: request.project)
        if let index = storedTimers.firstIndex(where: { $0.taskNumber == task?.number && $0.projectName == project }) {
            guard !storedTimers[index].isRunning else {
                throw TimersFakeError.conflict("that timer is already running")
            }
            if let note = request.note { storedTimers[index].note = note }
            if request.billable { storedTimers[index].billable = true }
            return try resume(index, at: at, now: now)
        }
        let paused = pauseRunning(at: at, now: now)
        let timer = TimersFeature.Timer(
            id: makeID(), taskNumber: task?.number, taskTitle: task?.title, projectName: project,
            note: request.note ?? "", billable: request.billable, state: .running, startedAt: at, elapsedSeconds: 0,
            intervals: [TimerInterval(start: at)], estimateSeconds: task?.estimateSeconds, taskID: task?.id,
            projectID: projectID(project))
        storedTimers.append(timer)
        return TimerStartResult(timer: shown(timer, now: now), paused: paused)
    }

    public func pauseTimer(reference: String?, at: Date?) throws -> TimersFeature.Timer {
        let now = clock()
        let index = try reference.map(timerIndex) ?? storedTimers.firstIndex(where: \.isRunning)
        guard let index else { throw TimersFakeError.conflict("no timer is running") }
        guard let open = storedTimers[index].intervals.last, open.end == nil else {
            throw TimersFakeError.conflict("that timer is already paused")
        }
        let end = at ?? max(now, open.start)
        try Self.check(end, notBefore: open.start, now: now)
        storedTimers[index].intervals[storedTimers[index].intervals.count - 1].end = end
        return shown(storedTimers[index], now: now)
    }

    public func resumeTimer(reference: String?, at: Date?) throws -> TimerStartResult {
        let now = clock()
        let paused = storedTimers.indices.filter { !storedTimers[$0].isRunning }
        let latest = paused.max {
            (storedTimers[$0].pausedAt ?? .distantPast) < (storedTimers[$1].pausedAt ?? .distantPast)
        }
        guard let index = try reference.map(timerIndex) ?? latest else {
            throw TimersFakeError.conflict("no timer is paused")
        }
        guard let pausedAt = storedTimers[index].pausedAt else {
            throw TimersFakeError.conflict("that timer is running")
        }
        return try resume(index, at: at ?? max(now, pausedAt), now: now)
    }

    public func stopTimer(reference: String?, at: Date?, note: String?, force: Bool) throws -> TimerStopResult {
        let now = clock()
        let index = try endable(reference)
        var timer = storedTimers[index]
        if let open = timer.intervals.last, open.end == nil {
            let end = at ?? max(now, open.start)
            try Self.check(end, notBefore: open.start, now: now)
            timer.intervals[timer.intervals.count - 1].end = end
        } else if let at {
            try Self.check(at, notBefore: timer.pausedAt, now: now)
        }
        // One entry per stretch of at least a second, each at its own start; the limits apply to them together.
        let stretches = timer.intervals.compactMap { interval -> (start: Date, seconds: Int)? in
            let seconds = Self.worked([interval], until: .distantFuture)
            return seconds >= 1 ? (interval.start, seconds) : nil
        }
        let seconds = stretches.reduce(0) { $0 + $1.seconds }
        guard seconds >= 1 else { throw TimersFakeError.invalid("the timer holds no time: discard it") }
        try Self.checkLength(seconds, force: force)
        let entries = stretches.map { stretch in
            TimeEntry(
                id: makeID(), taskNumber: timer.taskNumber, taskTitle: timer.taskTitle, projectName: timer.projectName,
                start: stretch.start, durationSeconds: stretch.seconds, note: note ?? timer.note,
                billable: timer.billable, loggedBy: person, taskID: timer.taskID, projectID: timer.projectID)
        }
        storedTimers.remove(at: index)
        storedEntries += entries
        return TimerStopResult(entries: entries, timerID: timer.id)
    }

    public func discardTimer(reference: String?) throws -> TimersFeature.Timer {
        let now = clock()
        return shown(storedTimers.remove(at: try endable(reference)), now: now)
    }

    public func timers() throws -> [TimersFeature.Timer] {
        let now = clock()
        let paused = storedTimers.filter { !$0.isRunning }.sorted {
            ($0.pausedAt ?? .distantPast) > ($1.pausedAt ?? .distantPast)
        }
        return (storedTimers.filter(\.isRunning) + paused).map { shown($0, now: now) }
    }

    // MARK: Entries

    public func logTime(_ request: LogRequest) throws -> TimeEntry {
        let (task, project) = try target(task: request.task, project: request.project)
        try Self.checkLength(request.durationSeconds, force: request.force)
        try Self.check(
            request.start.addingTimeInterval(TimeInterval(request.durationSeconds)), notBefore: nil, now: clock())
        var entry = TimeEntry(
            id: makeID(), taskNumber: task?.number, taskTitle: task?.title, projectName: project, start: request.start,
            durationSeconds: request.durationSeconds, note: request.note ?? "", billable: request.billable,
            tags: Self.tags(request.tags), loggedBy: person, taskID: task?.id, projectID: projectID(project))
        entry.adjustedOverlaps = try makeRoom(for: entry, request.overlap)
        storedEntries.append(entry)
        return entry
    }

    /// The overlap rule as the App applies it: the same person's other entries sharing time with `entry` refuse
    /// it (a conflict), or are kept, or give up the shared part (trimmed, split in two, or removed).
    /// - Returns: how many entries `adjust` changed; nil for the other choices.
    private func makeRoom(for entry: TimeEntry, _ choice: OverlapChoice) throws -> Int? {
        guard choice != .allow else { return nil }
        let others = storedEntries.filter {
            $0.id != entry.id && $0.loggedBy == entry.loggedBy && $0.start < entry.end && $0.end > entry.start
        }
        .sorted { ($0.start, $0.id) < ($1.start, $1.id) }
        guard choice == .adjust else {
            if let first = others.first { throw TimersFakeError.conflict("the entry overlaps entry \(first.id)") }
            return nil
        }
        for other in others {
            storedEntries.removeAll { $0.id == other.id }
            if other.start < entry.start {
                var before = other
                before.durationSeconds = Int(entry.start.timeIntervalSince(other.start))
                storedEntries.append(before)
            }
            if other.end > entry.end {
                var after = other
                if other.start < entry.start { after.id = makeID() }
                after.start = entry.end
                after.durationSeconds = Int(other.end.timeIntervalSince(entry.end))
                storedEntries.append(after)
            }
        }
        return others.count
    }

    public func entries(matching query: EntryQuery) throws -> [TimeEntry] {
        receivedQueries.append(query)
        if let since = query.since, let until = query.until, since > until {
            throw TimersFakeError.invalid("the range starts after it ends")
        }
        let project = try query.project.map(projectName)
        let task = try query.task.map { try self.task($0).number }
        let from = query.since.map { SampleTimers.date($0, hour: 0, in: timeZone) } ?? .distantPast
        let to = query.until.map { SampleTimers.date($0.adding(days: 1), hour: 0, in: timeZone) } ?? .distantFuture
        let found = storedEntries.filter { entry in
            entry.start < to && entry.end > from && (project == nil || entry.projectName == project)
                && (task == nil || entry.taskNumber == task)
        }
        .sorted { ($0.start, $0.id) < ($1.start, $1.id) }
        return query.limit.map { Array(found.suffix(max(0, $0))) } ?? found
    }

    public func entry(reference: String) throws -> TimeEntry {
        storedEntries[try entryIndex(reference)]
    }

    public func editEntry(reference: String, changes: EntryChanges) throws -> TimeEntry {
        let index = try entryIndex(reference)
        var entry = storedEntries[index]
        if let start = changes.start { entry.start = start }
        if let seconds = changes.durationSeconds {
            try Self.checkLength(seconds, force: changes.force || seconds == entry.durationSeconds)
            entry.durationSeconds = seconds
        }
        if let note = changes.note { entry.note = note }
        if let billable = changes.billable { entry.billable = billable }
        if let tags = changes.tags { entry.tags = Self.tags(tags) }
        if changes.task != nil || changes.project != nil {
            let (task, project) = try target(task: changes.task, project: changes.project)
            (entry.taskNumber, entry.taskTitle, entry.projectName) = (task?.number, task?.title, project)
            (entry.taskID, entry.projectID) = (task?.id, projectID(project))
        }
        try Self.check(entry.end, notBefore: nil, now: clock())
        if entry.start != storedEntries[index].start || entry.end != storedEntries[index].end {
            entry.adjustedOverlaps = try makeRoom(for: entry, changes.overlap)
        }
        if let moved = storedEntries.firstIndex(where: { $0.id == entry.id }) { storedEntries[moved] = entry }
        return entry
    }

    public func deleteEntry(reference: String) throws -> TimeEntry {
        storedEntries.remove(at: try entryIndex(reference))
    }

    public func timeSpent() throws -> TimeSpent {
        let today = CalendarDay.from(clock(), in: timeZone)
        let monday = today.adding(days: 1 - today.weekday)
        var spent = TimeSpent(todaySeconds: 0, weekSeconds: 0)
        for entry in storedEntries {
            let day = CalendarDay.from(entry.start, in: timeZone)
            if day == today { spent.todaySeconds += entry.durationSeconds }
            if day >= monday, day < monday.adding(days: 7) { spent.weekSeconds += entry.durationSeconds }
        }
        // What timers hold of today and of this week counts too, apart as well.
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        let now = clock()
        let dayStart = calendar.startOfDay(for: now)
        let weekStart = calendar.date(byAdding: .day, value: 1 - today.weekday, to: dayStart) ?? dayStart
        func held(from start: Date) -> Int {
            storedTimers.flatMap(\.intervals).reduce(0) { sum, interval in
                let from = max(interval.start, start)
                let to = min(interval.end ?? now, now)
                return sum + max(0, Int(to.timeIntervalSince(from)))
            }
        }
        spent.todayOnTimersSeconds = held(from: dayStart)
        spent.weekOnTimersSeconds = held(from: weekStart)
        spent.todaySeconds += spent.todayOnTimersSeconds
        spent.weekSeconds += spent.weekOnTimersSeconds
        return spent
    }

    // MARK: Rules

    private func resume(_ index: Int, at: Date, now: Date) throws -> TimerStartResult {
        try Self.check(at, notBefore: storedTimers[index].pausedAt, now: now)
        let paused = pauseRunning(at: at, now: now)
        storedTimers[index].intervals.append(TimerInterval(start: at))
        return TimerStartResult(timer: shown(storedTimers[index], now: now), paused: paused, resumed: true)
    }

    /// Pauses whatever runs so another timer can start at `at`; never before the running timer's own last start.
    private func pauseRunning(at: Date, now: Date) -> [TimersFeature.Timer] {
        storedTimers.indices.filter { storedTimers[$0].isRunning }.map { index in
            let last = storedTimers[index].intervals.count - 1
            storedTimers[index].intervals[last].end = max(at, storedTimers[index].intervals[last].start)
            return shown(storedTimers[index], now: now)
        }
    }

    /// For stop and discard: the named timer, else the running one, else the only paused one.
    private func endable(_ reference: String?) throws -> Int {
        if let reference { return try timerIndex(reference) }
        if let running = storedTimers.firstIndex(where: \.isRunning) { return running }
        guard storedTimers.count == 1 else {
            throw TimersFakeError.conflict(
                storedTimers.isEmpty
                    ? "there is no timer" : "no timer runs and \(storedTimers.count) are paused: say which")
        }
        return 0
    }

    private static func check(_ instant: Date, notBefore earliest: Date?, now: Date) throws {
        guard instant <= now.addingTimeInterval(60) else { throw TimersFakeError.invalid("that is in the future") }
        if let earliest, instant < earliest { throw TimersFakeError.invalid("that is before the timer's last change") }
    }

    private static func checkLength(_ seconds: Int, force: Bool) throws {
        guard seconds >= 1, seconds <= 1_000 * 3_600 else { throw TimersFakeError.invalid("1s to 1000h, please") }
        guard seconds <= 24 * 3_600 || force else { throw TimersFakeError.conflict("more than 24 hours needs force") }
    }

    /// Lowercased, without leading "#" or "+", sorted and unique (the App also refuses malformed tags).
    private static func tags(_ raw: [String]) -> [String] {
        Array(Set(raw.map { String($0.lowercased().trimmingPrefix(/[\s#+]+/)) })).sorted()
    }

    private static func worked(_ intervals: [TimerInterval], until instant: Date) -> Int {
        Int(intervals.reduce(0) { $0 + max(0, min($1.end ?? instant, instant).timeIntervalSince($1.start)) })
    }

    private func shown(_ timer: TimersFeature.Timer, now: Date) -> TimersFeature.Timer {
        var shown = timer
        shown.state = timer.isRunning ? .running : .paused
        shown.startedAt = timer.intervals.first?.start ?? timer.startedAt
        shown.elapsedSeconds = Self.worked(timer.intervals, until: now)
        shown.loggedSeconds = timer.taskNumber.map { number in
            storedEntries.filter { $0.taskNumber == number }.reduce(0) { $0 + $1.durationSeconds }
        }
        // Seeded timers name their task and project by number and name only; the ids follow from those.
        if shown.taskID == nil { shown.taskID = tasks.first { $0.number == timer.taskNumber }?.id }
        if shown.projectID == nil { shown.projectID = projectID(timer.projectName) }
        return shown
    }

    // MARK: References

    /// A task wins; a project given with it must be the task's own.
    private func target(task reference: String?, project: String?) throws -> (TrackableTask?, String?) {
        let project = try project.map(projectName)
        guard let reference else {
            guard let project else { throw TimersFakeError.invalid("name a task or a project") }
            return (nil, project)
        }
        let task = try task(reference)
        guard project == nil || project == task.projectName else {
            throw TimersFakeError.invalid("task \(task.number) is not in project \(project ?? "")")
        }
        return (task, task.projectName)
    }

    private func task(_ reference: String) throws -> TrackableTask {
        guard let task = tasks.first(where: { String($0.number) == Self.key(reference) }) else {
            throw TimersFakeError.notFound(kind: "task", reference: reference)
        }
        return task
    }

    /// A made-up id per project name (the fake knows projects by name), stable for the fake's life.
    private func projectID(_ name: String?) -> String? {
        name.flatMap { name in projects.firstIndex(of: name).map { SampleTimers.identifier(for: 70_000 + $0) } }
    }

    private func projectName(_ reference: String) throws -> String {
        guard let name = projects.first(where: { Self.same($0, reference) }) else {
            throw TimersFakeError.notFound(kind: "project", reference: reference)
        }
        return name
    }

    /// The timer of the task with that number, else a timer by id prefix.
    private func timerIndex(_ reference: String) throws -> Int {
        let key = Self.key(reference)
        if let number = Int(key), tasks.contains(where: { $0.number == number }) {
            guard let index = storedTimers.firstIndex(where: { $0.taskNumber == number }) else {
                throw TimersFakeError.notFound(kind: "timer", reference: "task \(number)")
            }
            return index
        }
        let matches = storedTimers.indices.filter { Self.isPrefix(key) && storedTimers[$0].id.hasPrefix(key) }
        return try Self.single(matches, "timer", reference) { DisplayText.shortID(storedTimers[$0].id) }
    }

    private func entryIndex(_ reference: String) throws -> Int {
        let key = Self.key(reference)
        let matches = storedEntries.indices.filter { Self.isPrefix(key) && storedEntries[$0].id.hasPrefix(key) }
        return try Self.single(matches, "entry", reference) { DisplayText.shortID(storedEntries[$0].id) }
    }

    private static func single<T>(_ matches: [T], _ kind: String, _ reference: String, _ name: (T) -> String) throws
        -> T
    {
        guard matches.count < 2 else {
            throw TimersFakeError.ambiguous(kind: kind, reference: reference, candidates: matches.map(name).sorted())
        }
        guard let match = matches.first else { throw TimersFakeError.notFound(kind: kind, reference: reference) }
        return match
    }

    private static func key(_ reference: String) -> String {
        let key = reference.trimmingCharacters(in: .whitespaces).lowercased()
        return key.hasPrefix("#") ? String(key.dropFirst()) : key
    }

    private static func isPrefix(_ key: String) -> Bool {
        key.count >= 4 && key.allSatisfy { ($0.isASCII && $0.isHexDigit) || $0 == "-" }
    }

    private static func same(_ a: String, _ b: String) -> Bool {
        a.caseInsensitiveCompare(b.trimmingCharacters(in: .whitespaces)) == .orderedSame
    }

    private func makeID() -> String {
        nextSerial += 1
        return SampleTimers.identifier(for: nextSerial)
    }
}

extension TimersFeature.Timer {
    fileprivate var isRunning: Bool { intervals.last.map { $0.end == nil } ?? false }
    fileprivate var pausedAt: Date? { isRunning ? nil : intervals.last?.end }
}
