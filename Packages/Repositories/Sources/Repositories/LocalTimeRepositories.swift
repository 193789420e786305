import Entities
import Foundation

/// ``TimerRepository`` over a ``TimeDatastore``: each change is one transaction that reads the
/// person's timers, chooses with `TimerRules.choose`, applies the `Timer` rule and writes.
struct LocalTimerRepository: TimerRepository {
    let datastore: any TimeDatastore
    let clock: any DateProvider
    let ids: any IdentifierProvider

    func timers() async throws -> [Entities.Timer] {
        try await datastore.localTimers()
    }

    func runningTimer() async throws -> Entities.Timer? {
        try await datastore.localTimers().first(where: \.isRunning)
    }

    func selector(reference: String) async throws -> TimerSelector {
        let number = Reference.number(reference)
        let prefix = Reference.idPrefix(reference)
        guard number != nil || prefix != nil else {
            throw RepositoryError.notFound(kind: .timer, reference: reference)
        }
        let found = try await datastore.timerReference(number: number, idPrefix: prefix)
        if let task = found.taskWithNumber {
            guard found.timers.contains(where: { $0.target == .task(task.id) }) else {
                throw RepositoryError.notFound(kind: .timer, reference: reference)
            }
            return .target(.task(task.id))
        }
        // "1234" is no task number here, but it can still be the start of an id.
        guard let prefix else { throw RepositoryError.notFound(kind: .timer, reference: reference) }
        let byTimerID = found.timers.filter { $0.id.storageID.hasPrefix(prefix) }
        if !byTimerID.isEmpty {
            return .id(try single(byTimerID, kind: .timer, reference: reference, candidate: Self.candidate).id)
        }
        let taskIDs = Set(found.tasksWithPrefix.map(\.id))
        let byTask = found.timers.filter { $0.target.taskID.map(taskIDs.contains) ?? false }
        return .target(try single(byTask, kind: .timer, reference: reference, candidate: Self.candidate).target)
    }

    private static func candidate(_ timer: Entities.Timer) -> ReferenceCandidate {
        ReferenceCandidate(reference: Reference.short(timer.id), label: timer.state.rawValue)
    }

    func start(target: TimeTarget, note: String?, billable: Bool, tags: [Entities.Tag], at: Date?) async throws
        -> TimerStart
    {
        let now = clock.now()
        let instant = at ?? now
        let person = ids.makeIdentifier()
        let newID = ids.makeIdentifier()
        return try await datastore.changeTimers(personCandidate: person, at: now) { context in
            let summary = "started timer on \(try targetLabel(target, context.lookup))"
            let owner = context.ownerID
            if var existing = context.timers.first(where: { $0.target == target }) {
                guard !existing.isRunning else { throw RepositoryError.conflict(.timerAlreadyRunning(target)) }
                try existing.resume(at: instant, now: now)
                if at != nil {
                    try TimerRules.checkStart(
                        at: instant, among: context.timers, ownerID: owner, except: existing.id, action: .start)
                }
                if let note { try existing.setNote(note, now: now) }
                if billable { existing.setBillable(true, now: now) }
                try existing.addTags(tags, now: now)
                let paused = TimerRules.pausing(
                    context.timers, forStartAt: instant, ownerID: owner, except: existing.id, now: now)
                return (
                    TimerPlan(summary: summary, updated: paused + [existing], startsWorkOn: target),
                    TimerStart(timer: existing, paused: paused, resumedExisting: true)
                )
            }
            let timer = try Entities.Timer.start(
                id: newID, ownerID: owner, target: target, note: note ?? "", billable: billable, tags: tags,
                at: instant, now: now)
            if at != nil {
                try TimerRules.checkStart(
                    at: instant, among: context.timers, ownerID: owner, except: nil, action: .start)
            }
            let paused = TimerRules.pausing(context.timers, forStartAt: instant, ownerID: owner, except: nil, now: now)
            return (
                TimerPlan(summary: summary, inserted: [timer], updated: paused, startsWorkOn: target),
                TimerStart(timer: timer, paused: paused, resumedExisting: false)
            )
        }
    }

    func pause(_ selector: TimerSelector, at: Date?) async throws -> Entities.Timer {
        let now = clock.now()
        return try await datastore.changeTimers(personCandidate: ids.makeIdentifier(), at: now) { context in
            var timer = try TimerRules.choose(selector, among: context.timers)
            if at == nil, timer.isRunning, let start = timer.intervals.last?.start {
                try Entities.Timer.checkStartNotAhead(start, now: now, action: .pause)
            }
            // "Now", or the running interval's start if that lies (within tolerance) ahead of now.
            try timer.pause(at: at ?? max(now, timer.intervals.last?.start ?? now), now: now)
            let summary = "paused timer on \(try targetLabel(timer.target, context.lookup))"
            return (TimerPlan(summary: summary, updated: [timer]), timer)
        }
    }

    func resume(_ selector: TimerSelector, at: Date?) async throws -> TimerStart {
        let now = clock.now()
        return try await datastore.changeTimers(personCandidate: ids.makeIdentifier(), at: now) { context in
            var timer = try TimerRules.choose(selector, among: context.timers)
            // "Now", or the pause if that lies (within tolerance) ahead of now.
            let instant = at ?? max(now, timer.pausedAt ?? now)
            try timer.resume(at: instant, now: now)
            if at != nil {
                try TimerRules.checkStart(
                    at: instant, among: context.timers, ownerID: context.ownerID, except: timer.id, action: .resume)
            }
            let paused = TimerRules.pausing(
                context.timers, forStartAt: instant, ownerID: context.ownerID, except: timer.id, now: now)
            let summary = "resumed timer on \(try targetLabel(timer.target, context.lookup))"
            return (
                TimerPlan(summary: summary, updated: paused + [timer], startsWorkOn: timer.target),
                TimerStart(timer: timer, paused: paused, resumedExisting: true)
            )
        }
    }

    func stop(_ selector: TimerSelector, at: Date?, note: String?, force: Bool) async throws -> [TimeEntry] {
        let now = clock.now()
        return try await datastore.changeTimers(personCandidate: ids.makeIdentifier(), at: now) { context in
            let timer = try TimerRules.choose(selector, among: context.timers)
            // The first entry takes the timer's id and the later ones ids derived from it: two devices stopping
            // the same timer make the same entries, which the server then meets as the same records (the first
            // stop stands).
            let entries = try timer.stop(at: at, now: now, entryID: timer.id, note: note, force: force)
            let summary = "stopped timer on \(try targetLabel(timer.target, context.lookup))"
            return (TimerPlan(summary: summary, deleted: [timer], entries: entries), entries)
        }
    }

    func discard(_ selector: TimerSelector) async throws -> Entities.Timer {
        try await datastore.changeTimers(personCandidate: ids.makeIdentifier(), at: clock.now()) { context in
            let timer = try TimerRules.choose(selector, among: context.timers)
            let summary = "discarded timer on \(try targetLabel(timer.target, context.lookup))"
            return (TimerPlan(summary: summary, deleted: [timer]), timer)
        }
    }
}

/// ``TimeEntryRepository`` over a ``TimeDatastore``.
struct LocalTimeEntryRepository: TimeEntryRepository {
    let datastore: any TimeDatastore
    let clock: any DateProvider
    let ids: any IdentifierProvider

    func entries(matching query: TimeEntryQuery) async throws -> [TimeEntry] {
        try await datastore.entries(matching: query)
    }

    func entry(reference: String) async throws -> TimeEntry {
        guard let prefix = Reference.idPrefix(reference) else {
            throw RepositoryError.notFound(kind: .timeEntry, reference: reference)
        }
        let matches = try await datastore.entries(idPrefix: prefix)
        return try single(matches, kind: .timeEntry, reference: reference) {
            ReferenceCandidate(
                reference: String($0.id.lowercasedString.prefix(12)),
                label: "\($0.durationSeconds / 60) min")
        }
    }

    func log(_ draft: NewTimeEntry) async throws -> TimeEntry {
        let now = clock.now()
        let entryID = ids.makeIdentifier()
        let candidate = ids.makeIdentifier()
        let make = { @Sendable (person: UUID) throws(ValidationError) -> TimeEntry in
            try TimeEntry.create(
                id: entryID, target: draft.target, start: draft.start, durationSeconds: draft.durationSeconds,
                note: draft.note, billable: draft.billable, tags: draft.tags, loggedBy: person, now: now,
                force: draft.force)
        }
        // Checked before the write lock is taken, then made again inside with the person as stored.
        _ = try validating { try make(candidate) }
        return try await datastore.insertEntry(
            personCandidate: candidate, at: now,
            { person, lookup in
                let entry = try make(person)
                return (
                    entry, "logged \(Self.minutes(entry.durationSeconds)) on \(try targetLabel(entry.target, lookup))"
                )
            }, overlaps: overlapRule(draft.overlap, now: now))
    }

    func change(
        _ id: UUID, summary: String, overlap: OverlapPolicy,
        _ change: @escaping @Sendable (inout TimeEntry, Date) throws -> Void
    ) async throws -> TimeEntry {
        let now = clock.now()
        return try await datastore.updateEntry(
            id: id, summary: summary, at: now, { try change(&$0, now) }, overlaps: overlapRule(overlap, now: now))
    }

    /// `EntryOverlap`'s rule for the datastore to run inside its transaction; a split's second part gets a
    /// fresh id from the provider.
    private func overlapRule(_ policy: OverlapPolicy, now: Date)
        -> @Sendable (TimeEntry, [TimeEntry]) throws -> [EntryOverlap.Change]
    {
        let ids = ids
        return { entry, others in
            try EntryOverlap.resolve(entry, among: others, policy: policy, now: now, newID: ids.makeIdentifier)
        }
    }

    func delete(_ id: UUID) async throws -> TimeEntry {
        try await datastore.deleteEntry(id: id, at: clock.now()) { entry in
            "deleted entry \(Reference.short(entry.id)) (\(Self.minutes(entry.durationSeconds)))"
        }
    }

    private static func minutes(_ seconds: Int) -> String {
        // Written as every duration is for people (ADR 0009): "1h 05m", "45m".
        let minutes = seconds % 3600 / 60
        return seconds >= 3600
            ? "\(seconds / 3600)h " + (minutes < 10 ? "0" : "") + "\(minutes)m" : "\(max(1, seconds / 60))m"
    }
}

/// ``TimeReportRepository`` over a ``TimeDatastore``.
struct LocalTimeReportRepository: TimeReportRepository {
    let datastore: any TimeDatastore

    func sums(_ requests: [TimeSumRequest]) async throws -> [[TimeSum]] {
        try await datastore.sums(requests)
    }
}

/// `task 12 "Title"` or `project "Work"` for undo summaries, read in the change's transaction. A
/// target that is gone is named by its short id (the datastore refuses to record time on it).
private func targetLabel(_ target: TimeTarget, _ lookup: TargetLookup) throws -> String {
    switch target {
    case .task(let id):
        let task = try lookup.task(id)
        let number = task?.number.map(String.init) ?? Reference.short(id)
        return task.map { "task \(number) \"\($0.title)\"" } ?? "task \(number)"
    case .project(let id):
        return try lookup.project(id).map { "project \"\($0.name)\"" } ?? "project \(Reference.short(id))"
    }
}
