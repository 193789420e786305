import Foundation
import TerminalUI
import TimersFeature

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

/// A working, in-memory implementation of ``TimersServices`` for tests and the demo.
///
/// It keeps the rules the real Services keep where the feature can tell: one person, at most one running timer
/// (starting or resuming one pauses the running one at the new start, or at its own last start if that is later);
/// one timer per task or project, so starting a task whose timer is paused resumes it; `at` may not be more than
/// 60 seconds in the future, nor before the timer last started or was paused; stopping turns the worked time (pauses
/// excluded) into an entry starting at the timer's first start, refusing 0 seconds and, without `force`, more than
/// 24 hours; entries are filtered by the day they start on in `timeZone`, by project (a task's current project) and
/// by task. References resolve as ``TimersServices`` describes: timers by task number, task id prefix or timer id
/// prefix; tasks by number or id prefix; projects by case-insensitive name; entries by id prefix (at least four
/// characters). It throws ``TimersFakeError``.
///
/// Time comes from an injected clock, read once per call, so tests move time with a ``ManualClock``.
public actor InMemoryTimersServices: TimersServices {
    /// The tasks timers and entries may point at.
    public let tasks: [TrackableTask]
    /// Known project names (the tasks' projects included).
    public let projects: [String]
    /// Every query received by `entries(matching:)`, oldest first.
    public private(set) var receivedQueries: [EntryQuery] = []
    private var storedTimers: [StoredTimer]
    private var storedEntries: [StoredEntry]
    private var nextSerial = 10_000
    private let person: String
    private let timeZone: TimeZone
    private let clock: @Sendable () -> Date

    static let futureTolerance: TimeInterval = 60
    static let unforcedLimit = 24 * 3_600
    static let hardLimit = 1_000 * 3_600
    static let noteLimit = 2_000

    /// - Parameters:
    ///   - tasks: the tasks that can be timed.
    ///   - projects: further project names (those of `tasks` are added).
    ///   - timers: initial timers; each needs a `taskNumber` of a known task or a `projectName`. Only the target,
    ///     note, billable flag and intervals are kept: everything else is derived again.
    ///   - entries: initial entries, kept the same way (target, start, duration, note, billable, tags, logged by).
    ///   - person: the name put in `loggedBy`.
    ///   - timeZone: the zone in which an entry's day is decided.
    ///   - clock: the current instant; read once per call.
    public init(
        tasks: [TrackableTask] = [],
        projects: [String] = [],
        timers: [TimersFeature.Timer] = [],
        entries: [TimeEntry] = [],
        person: String = "me",
        timeZone: TimeZone = TimeZone(identifier: "UTC") ?? .current,
        clock: @escaping @Sendable () -> Date
    ) {
        var known = projects
        for name in tasks.compactMap(\.projectName) + timers.compactMap(\.projectName)
        where !known.contains(where: { Self.same($0, name) }) {
            known.append(name)
        }
        func target(taskNumber: Int?, projectName: String?) -> Target? {
            if let taskNumber, tasks.contains(where: { $0.number == taskNumber }) { return .task(taskNumber) }
            if taskNumber == nil, let projectName { return .project(projectName) }
            return nil
        }
        self.tasks = tasks
        self.projects = known
        self.storedTimers = timers.compactMap { timer in
            target(taskNumber: timer.taskNumber, projectName: timer.projectName).map {
                StoredTimer(
                    id: timer.id.lowercased(), target: $0, note: timer.note, billable: timer.billable,
                    intervals: timer.intervals)
            }
        }
        self.storedEntries = entries.compactMap { entry in
            target(taskNumber: entry.taskNumber, projectName: entry.projectName).map {
                StoredEntry(
                    id: entry.id.lowercased(), target: $0, start: entry.start, durationSeconds: entry.durationSeconds,
                    note: entry.note, billable: entry.billable, tags: entry.tags, loggedBy: entry.loggedBy)
            }
        }
        self.person = person
        self.timeZone = timeZone
        self.clock = clock
    }

    /// The sample data of ``SampleTimers``, placed around the clock's current instant.
    public static func sample(
        timeZone: TimeZone = TimeZone(identifier: "UTC") ?? .current, clock: @escaping @Sendable () -> Date
    ) -> InMemoryTimersServices {
        let now = clock()
        return InMemoryTimersServices(
            tasks: SampleTimers.tasks,
            projects: SampleTimers.projects,
            timers: SampleTimers.timers(now: now),
            entries: SampleTimers.entries(now: now, timeZone: timeZone),
            timeZone: timeZone,
            clock: clock
        )
    }

    // MARK: Timers

    public func startTimer(_ request: TimerStartRequest) async throws -> TimerStartResult {
        let now = clock()
        let at = request.at ?? now
        try Self.notInFuture(at, now: now, what: "the start time")
        let target = try resolveTarget(task: request.task, project: request.project)
        let note = try request.note.map(Self.validNote)
        if let index = storedTimers.firstIndex(where: { $0.target == target }) {
            guard !storedTimers[index].isRunning else {
                throw TimersFakeError.conflict("the timer on \(describe(target)) is already running")
            }
            return try resume(at: index, from: at, note: note, billable: request.billable, now: now)
        }
        let paused = pauseRunning(at: at, now: now)
        let timer = StoredTimer(
            id: makeIdentifier(), target: target, note: note ?? "", billable: request.billable,
            intervals: [TimerInterval(start: at)])
        storedTimers.append(timer)
        return TimerStartResult(timer: model(timer, now: now), paused: paused, resumed: false)
    }

    public func pauseTimer(reference: String?, at: Date?) async throws -> TimersFeature.Timer {
        let now = clock()
        let index = try timerIndex(reference, whenOmitted: .running)
        guard storedTimers[index].isRunning, let open = storedTimers[index].intervals.last else {
            throw TimersFakeError.invalid("the timer on \(describe(storedTimers[index].target)) is not running")
        }
        let at = at ?? now
        try Self.notInFuture(at, now: now, what: "the pause time")
        guard at >= open.start else {
            throw TimersFakeError.invalid("the pause time is before the timer started or was resumed")
        }
        storedTimers[index].intervals[storedTimers[index].intervals.count - 1].end = at
        return model(storedTimers[index], now: now)
    }

    public func resumeTimer(reference: String?, at: Date?) async throws -> TimerStartResult {
        let now = clock()
        let index = try timerIndex(reference, whenOmitted: .latestPaused)
        guard !storedTimers[index].isRunning else {
            throw TimersFakeError.conflict("the timer on \(describe(storedTimers[index].target)) is already running")
        }
        let at = at ?? now
        try Self.notInFuture(at, now: now, what: "the resume time")
        return try resume(at: index, from: at, note: nil, billable: false, now: now)
    }

    public func stopTimer(reference: String?, at: Date?, note: String?, force: Bool) async throws -> TimerStopResult {
        let now = clock()
        let index = try timerIndex(reference, whenOmitted: .running)
        var timer = storedTimers[index]
        if timer.isRunning, let open = timer.intervals.last {
            let end = at ?? now
            try Self.notInFuture(end, now: now, what: "the stop time")
            guard end >= open.start else {
                throw TimersFakeError.invalid("the stop time is before the timer started or was resumed")
            }
            timer.intervals[timer.intervals.count - 1].end = end
        } else if let at, let pausedAt = timer.lastEnd, at < pausedAt {
            throw TimersFakeError.invalid("the timer was paused later than the stop time")
        }
        let duration = timer.workedSeconds(until: .distantFuture)
        guard duration > 0 else {
            throw TimersFakeError.invalid("nothing to record: the timer holds no time; use `stint timer discard`")
        }
        try Self.checkLength(duration, force: force)
        let entry = StoredEntry(
            id: makeIdentifier(), target: timer.target, start: timer.startedAt, durationSeconds: duration,
            note: try note.map(Self.validNote) ?? timer.note, billable: timer.billable, tags: [], loggedBy: person)
        storedTimers.remove(at: index)
        storedEntries.append(entry)
        return TimerStopResult(entry: model(entry))
    }

    public func discardTimer(reference: String?) async throws -> TimersFeature.Timer {
        let now = clock()
        let index = try timerIndex(reference, whenOmitted: .running)
        return model(storedTimers.remove(at: index), now: now)
    }

    public func timers() async throws -> [TimersFeature.Timer] {
        let now = clock()
        let running = storedTimers.filter(\.isRunning)
        let paused = storedTimers.filter { !$0.isRunning }.sorted {
            ($0.lastEnd ?? .distantPast) > ($1.lastEnd ?? .distantPast)
        }
        return (running + paused).map { model($0, now: now) }
    }

    // MARK: Entries

    public func logTime(_ request: LogRequest) async throws -> TimeEntry {
        let now = clock()
        let target = try resolveTarget(task: request.task, project: request.project)
        guard request.durationSeconds > 0 else { throw TimersFakeError.invalid("the duration must be positive") }
        try Self.checkLength(request.durationSeconds, force: request.force)
        try Self.notInFuture(
            request.start.addingTimeInterval(TimeInterval(request.durationSeconds)), now: now, what: "the entry's end")
        let entry = StoredEntry(
            id: makeIdentifier(), target: target, start: request.start, durationSeconds: request.durationSeconds,
            note: try Self.validNote(request.note ?? ""), billable: request.billable,
            tags: try Self.normalised(request.tags), loggedBy: person)
        storedEntries.append(entry)
        return model(entry)
    }

    public func entries(matching query: EntryQuery) async throws -> [TimeEntry] {
        receivedQueries.append(query)
        let project = try query.project.map(projectName(matching:))
        let task = try query.task.map { try self.task(matching: $0).number }
        let matching = storedEntries.filter { entry in
            let day = CalendarDay.from(entry.start, in: timeZone)
            if let since = query.since, day < since { return false }
            if let until = query.until, day > until { return false }
            if let project, !Self.same(projectName(of: entry.target) ?? "", project) { return false }
            if let task, entry.target != .task(task) { return false }
            return true
        }
        .sorted { ($0.start, $0.id) < ($1.start, $1.id) }
        let limited = query.limit.map { Array(matching.suffix(max(0, $0))) } ?? matching
        return limited.map(model)
    }

    public func timeSpent() async throws -> TimeSpent {
        let today = CalendarDay.from(clock(), in: timeZone)
        let weekStart = today.adding(days: 1 - today.weekday)
        var spent = TimeSpent(todaySeconds: 0, weekSeconds: 0)
        for entry in storedEntries {
            let day = CalendarDay.from(entry.start, in: timeZone)
            if day == today { spent.todaySeconds += entry.durationSeconds }
            if day >= weekStart, day < weekStart.adding(days: 7) { spent.weekSeconds += entry.durationSeconds }
        }
        return spent
    }

    public func entry(reference: String) async throws -> TimeEntry {
        model(storedEntries[try entryIndex(reference)])
    }

    public func editEntry(reference: String, changes: EntryChanges) async throws -> TimeEntry {
        let now = clock()
        let index = try entryIndex(reference)
        var entry = storedEntries[index]
        if let start = changes.start { entry.start = start }
        if let duration = changes.durationSeconds {
            guard duration > 0 else { throw TimersFakeError.invalid("the duration must be positive") }
            try Self.checkLength(duration, force: changes.force)
            entry.durationSeconds = duration
        }
        if let note = changes.note { entry.note = try Self.validNote(note) }
        if let billable = changes.billable { entry.billable = billable }
        if let tags = changes.tags { entry.tags = try Self.normalised(tags) }
        if changes.task != nil || changes.project != nil {
            entry.target = try resolveTarget(task: changes.task, project: changes.project)
        }
        try Self.notInFuture(entry.end, now: now, what: "the entry's end")
        storedEntries[index] = entry
        return model(entry)
    }

    public func deleteEntry(reference: String) async throws -> TimeEntry {
        model(storedEntries.remove(at: try entryIndex(reference)))
    }

    // MARK: Rules

    private func resume(at index: Int, from at: Date, note: String?, billable: Bool, now: Date) throws
        -> TimerStartResult
    {
        if let pausedAt = storedTimers[index].lastEnd, at < pausedAt {
            throw TimersFakeError.invalid("the resume time is before the timer was paused")
        }
        let paused = pauseRunning(at: at, now: now)
        storedTimers[index].intervals.append(TimerInterval(start: at))
        if let note { storedTimers[index].note = note }
        if billable { storedTimers[index].billable = true }
        return TimerStartResult(timer: model(storedTimers[index], now: now), paused: paused, resumed: true)
    }

    /// Pauses whatever runs so another timer can start at `at`; never before the running timer's own last start.
    private func pauseRunning(at: Date, now: Date) -> [TimersFeature.Timer] {
        var paused: [TimersFeature.Timer] = []
        for index in storedTimers.indices where storedTimers[index].isRunning {
            let last = storedTimers[index].intervals.count - 1
            storedTimers[index].intervals[last].end = max(at, storedTimers[index].intervals[last].start)
            paused.append(model(storedTimers[index], now: now))
        }
        return paused
    }

    private static func notInFuture(_ instant: Date, now: Date, what: String) throws {
        guard instant <= now.addingTimeInterval(futureTolerance) else {
            throw TimersFakeError.invalid("\(what) is in the future")
        }
    }

    private static func checkLength(_ seconds: Int, force: Bool) throws {
        guard seconds <= hardLimit else { throw TimersFakeError.invalid("an entry cannot be longer than 1000 hours") }
        guard seconds <= unforcedLimit || force else {
            throw TimersFakeError.invalid(
                "that is more than 24 hours: pass --force to record it all, or give the end with --at")
        }
    }

    private static func validNote(_ raw: String) throws -> String {
        let note = raw.trimmingCharacters(in: .whitespacesAndNewlines)
        guard note.count <= noteLimit else {
            throw TimersFakeError.invalid("the note is too long (the limit is \(noteLimit))")
        }
        return note
    }

    private static func normalised(_ tags: [String]) throws -> [String] {
        let names = tags.map { raw in
            var name = raw.trimmingCharacters(in: .whitespaces).lowercased()
            if name.hasPrefix("#") || name.hasPrefix("+") { name.removeFirst() }
            return name
        }
        if let bad = names.first(where: { $0.isEmpty || $0.contains(where: { $0.isWhitespace || $0 == "," }) }) {
            throw TimersFakeError.invalid("'\(bad)' is not a valid tag")
        }
        return Array(Set(names)).sorted()
    }

    // MARK: References

    private enum OmittedTimer {
        case running
        case latestPaused
    }

    private func timerIndex(_ reference: String?, whenOmitted omitted: OmittedTimer) throws -> Int {
        guard let reference else {
            switch omitted {
            case .running:
                guard let index = storedTimers.firstIndex(where: \.isRunning) else {
                    throw TimersFakeError.nothingRunning
                }
                return index
            case .latestPaused:
                let paused = storedTimers.indices.filter { !storedTimers[$0].isRunning }
                guard
                    let index = paused.max(by: {
                        (storedTimers[$0].lastEnd ?? .distantPast) < (storedTimers[$1].lastEnd ?? .distantPast)
                    })
                else { throw TimersFakeError.nothingPaused }
                return index
            }
        }
        let key = Self.key(reference)
        if let number = Self.number(key),
            let index = storedTimers.firstIndex(where: { $0.target == .task(number) })
        {
            return index
        }
        // Ids whose first characters are all digits are still reachable by prefix once no task number matches.
        let matches =
            Self.isPrefix(key)
            ? storedTimers.indices.filter { index in
                let timer = storedTimers[index]
                guard !timer.id.hasPrefix(key) else { return true }
                guard case .task(let number) = timer.target else { return false }
                return tasks.first { $0.number == number }?.id.lowercased().hasPrefix(key) ?? false
            }
            : []
        switch matches.count {
        case 0: throw TimersFakeError.notFound(kind: "timer", reference: reference)
        case 1: return matches[0]
        default:
            throw TimersFakeError.ambiguous(
                reference: reference, candidates: matches.map { String(storedTimers[$0].id.prefix(8)) }.sorted())
        }
    }

    private func task(matching reference: String) throws -> TrackableTask {
        let key = Self.key(reference)
        if let number = Self.number(key) {
            guard let task = tasks.first(where: { $0.number == number }) else {
                throw TimersFakeError.notFound(kind: "task", reference: reference)
            }
            return task
        }
        let matches = Self.isPrefix(key) ? tasks.filter { $0.id.lowercased().hasPrefix(key) } : []
        switch matches.count {
        case 0: throw TimersFakeError.notFound(kind: "task", reference: reference)
        case 1: return matches[0]
        default:
            throw TimersFakeError.ambiguous(
                reference: reference, candidates: matches.map(\.number).sorted().map(String.init))
        }
    }

    private func projectName(matching reference: String) throws -> String {
        let name = reference.trimmingCharacters(in: .whitespaces)
        guard let known = projects.first(where: { Self.same($0, name) }) else {
            throw TimersFakeError.notFound(kind: "project", reference: reference)
        }
        return known
    }

    /// A task wins; a project given with it must be the task's own.
    private func resolveTarget(task reference: String?, project: String?) throws -> Target {
        let project = try project.map(projectName(matching:))
        if let reference {
            let task = try task(matching: reference)
            if let project, !Self.same(task.projectName ?? "", project) {
                throw TimersFakeError.invalid("task \(task.number) is not in project \(project)")
            }
            return .task(task.number)
        }
        guard let project else { throw TimersFakeError.invalid("name a task or a project") }
        return .project(project)
    }

    private func entryIndex(_ reference: String) throws -> Int {
        let key = Self.key(reference)
        guard Self.isPrefix(key) else {
            throw TimersFakeError.invalid("an entry reference needs at least 4 characters of its id")
        }
        let matches = storedEntries.indices.filter { storedEntries[$0].id.hasPrefix(key) }
        switch matches.count {
        case 0: throw TimersFakeError.notFound(kind: "entry", reference: reference)
        case 1: return matches[0]
        default:
            throw TimersFakeError.ambiguous(
                reference: reference, candidates: matches.map { String(storedEntries[$0].id.prefix(8)) }.sorted())
        }
    }

    private static func key(_ reference: String) -> String {
        var key = reference.trimmingCharacters(in: .whitespaces).lowercased()
        if key.hasPrefix("#") { key.removeFirst() }
        return key
    }

    private static func number(_ key: String) -> Int? {
        guard !key.isEmpty, key.allSatisfy({ $0.isASCII && $0.isNumber }) else { return nil }
        return Int(key)
    }

    private static func isPrefix(_ key: String) -> Bool {
        key.count >= 4 && key.allSatisfy { ($0.isASCII && $0.isHexDigit) || $0 == "-" }
    }

    // MARK: Mapping

    private func model(_ timer: StoredTimer, now: Date) -> TimersFeature.Timer {
        let task = task(of: timer.target)
        return TimersFeature.Timer(
            id: timer.id,
            taskNumber: task?.number,
            taskTitle: task?.title,
            projectName: projectName(of: timer.target),
            note: timer.note,
            billable: timer.billable,
            state: timer.isRunning ? .running : .paused,
            startedAt: timer.startedAt,
            elapsedSeconds: timer.workedSeconds(until: now),
            intervals: timer.intervals,
            estimateSeconds: task?.estimateSeconds,
            loggedSeconds: task.map { task in
                storedEntries.filter { $0.target == .task(task.number) }.reduce(0) { $0 + $1.durationSeconds }
            }
        )
    }

    private func model(_ entry: StoredEntry) -> TimeEntry {
        let task = task(of: entry.target)
        return TimeEntry(
            id: entry.id,
            taskNumber: task?.number,
            taskTitle: task?.title,
            projectName: projectName(of: entry.target),
            start: entry.start,
            durationSeconds: entry.durationSeconds,
            note: entry.note,
            billable: entry.billable,
            tags: entry.tags,
            loggedBy: entry.loggedBy
        )
    }

    private func task(of target: Target) -> TrackableTask? {
        guard case .task(let number) = target else { return nil }
        return tasks.first { $0.number == number }
    }

    /// A task's current project, so time follows a moved task.
    private func projectName(of target: Target) -> String? {
        switch target {
        case .task(let number): tasks.first { $0.number == number }?.projectName
        case .project(let name): name
        }
    }

    private func describe(_ target: Target) -> String {
        switch target {
        case .task(let number): "task \(number)"
        case .project(let name): "project \(name)"
        }
    }

    private func makeIdentifier() -> String {
        nextSerial += 1
        return Self.identifier(for: nextSerial)
    }

    private static func same(_ a: String, _ b: String) -> Bool {
        a.compare(b, options: .caseInsensitive) == .orderedSame
    }

    /// A stable, well-spread UUID-shaped id for a serial number, so fake data is reproducible and prefixes differ.
    public static func identifier(for serial: Int) -> String {
        let bits = UInt64(truncatingIfNeeded: serial)
        let mixed = bits &* 0x9E37_79B9_7F4A_7C15
        func hex(_ value: UInt64, _ digits: Int) -> String {
            let text = String(value, radix: 16)
            return String(repeating: "0", count: max(0, digits - text.count)) + text
        }
        return "\(hex(mixed >> 32, 8))-\(hex((mixed >> 16) & 0xFFFF, 4))-4\(hex(mixed & 0xFFF, 3))-"
            + "8\(hex(bits & 0xFFF, 3))-\(hex(bits & 0xFFFF_FFFF_FFFF, 12))"
    }
}

/// What time is spent on: a task (by number; its project is looked up when shown) or a project alone.
private enum Target: Sendable, Hashable {
    case task(Int)
    case project(String)
}

private struct StoredTimer: Sendable {
    var id: String
    var target: Target
    var note: String
    var billable: Bool
    var intervals: [TimerInterval]

    var isRunning: Bool { intervals.last.map { $0.end == nil } ?? false }
    var startedAt: Date { intervals.first?.start ?? .distantPast }
    var lastEnd: Date? { intervals.last?.end }

    /// Worked seconds up to `instant` (open intervals run to it), rounded down.
    func workedSeconds(until instant: Date) -> Int {
        let seconds = intervals.reduce(0.0) { total, interval in
            let end = min(interval.end ?? instant, instant)
            return total + max(0, end.timeIntervalSince(interval.start))
        }
        return Int(seconds.rounded(.down))
    }
}

private struct StoredEntry: Sendable {
    var id: String
    var target: Target
    var start: Date
    var durationSeconds: Int
    var note: String
    var billable: Bool
    var tags: [String]
    var loggedBy: String

    var end: Date { start.addingTimeInterval(TimeInterval(durationSeconds)) }
}
