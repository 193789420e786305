import Entities
import Foundation
import Repositories

/// One stretch of time from another tool, before it is matched with what Stint stores.
struct ForeignInterval {
    /// How messages name it: `interval 3 of the Timewarrior file`.
    var what: String
    var start: Date
    /// Nil while the other tool is tracking it.
    var end: Date?
    var tags: [String]
    /// The project it names itself (Watson), or nil to take one from the tags (Timewarrior).
    var project: String?
    var note: String
    var id: UUID
    /// When the other tool last changed it; nil when it does not say (then its end, or its start).
    var changedAt: Date?
    /// The id it had while it was open, when another: Watson names a frame only once it stops, and the timer an
    /// earlier import made of it while tracked was named after its start.
    var openID: UUID? = nil
}

extension TransferWorker {
    /// The project an interval without one goes to.
    static let untaggedProject = "Timewarrior"

    /// Imports Timewarrior's intervals (`timew export`, or its data files): closed ones become time entries of
    /// the local person, the open one a running timer. Checked whole first, then one transaction (ADR 0029).
    /// - Parameters:
    ///   - projectTags: the tags that name projects (`--project-tags`); nil: the first tag that names a project
    ///     Stint has (or this import makes), else the first tag.
    ///   - dryRun: work out what would happen and write nothing.
    public func importTimewarrior(
        _ data: Data, projectTags: [String]?, dryRun: Bool,
        checking: @escaping @Sendable (Int, Int) -> Void = { _, _ in },
        progress: @escaping @Sendable (Int, Int) -> Void = { _, _ in }
    ) async throws(WorkerError) -> ForeignImportResult {
        let total = Self.occurrences(of: #""start""#, in: data) + Self.occurrences(of: "inc ", in: data)
        var read = 0
        let file = try TimewarriorFile.read(data) {
            read += 1
            checking(read, total)
        }
        let intervals = file.intervals.map { interval in
            ForeignInterval(
                what: "interval \(interval.position) of the Timewarrior file", start: interval.start,
                end: interval.end, tags: interval.tags, project: nil, note: interval.annotation,
                id: UUID(named: ForeignTime.compact(interval.start), in: UUID.Namespace.timewarriorInterval),
                changedAt: nil)
        }
        return try await importIntervals(intervals, projectTags: projectTags, dryRun: dryRun, progress: progress)
    }

    /// Imports Watson's frames (its `frames` file) and, given its `state` file, the frame it is tracking now.
    public func importWatson(
        frames: Data, state: Data?, dryRun: Bool, checking: @escaping @Sendable (Int, Int) -> Void = { _, _ in },
        progress: @escaping @Sendable (Int, Int) -> Void = { _, _ in }
    ) async throws(WorkerError) -> ForeignImportResult {
        let file = try WatsonFile.read(frames: frames, state: state)
        checking(file.intervals.count, file.intervals.count)
        return try await importIntervals(file.intervals, projectTags: nil, dryRun: dryRun, progress: progress)
    }

    /// Closed intervals become the local person's entries, an open one the running timer; what is equal to the
    /// stored row is left alone and a row changed in Stint since the other tool changed it is kept.
    private func importIntervals(
        _ intervals: [ForeignInterval], projectTags: [String]?, dryRun: Bool,
        progress: @escaping @Sendable (Int, Int) -> Void
    ) async throws(WorkerError) -> ForeignImportResult {
        let now = calendar.now
        let (person, storedTimers) = try await working {
            (try await transfer.localPersonID(), try await timers.timers())
        }
        let running = storedTimers.first { $0.isRunning }
        let owner = person ?? ids.makeIdentifier()
        var placement = try await Placement(projects: projects, lists: lists)
        let chosen = projectTags.map { Set($0.map { $0.lowercased() }) }
        var lines: [ForeignImportResult.Line] = []
        var incoming: [(entry: TimeEntry, title: String, detail: String, openID: UUID)] = []
        var timer: (Entities.Timer, String, String)?
        for interval in intervals {
            let what = interval.what
            var tags = interval.tags
            let projectName: String
            let named: Int?
            if interval.project != nil {
                named = nil
            } else if let chosen {
                named = tags.firstIndex { chosen.contains($0.lowercased()) }
            } else {
                named = tags.firstIndex { placement.knowsProject(named: $0) } ?? (tags.isEmpty ? nil : 0)
            }
            if let project = interval.project {
                projectName = project
            } else if let named {
                projectName = tags.remove(at: named)
            } else {
                projectName = Self.untaggedProject
            }
            let project = try placement.project(named: projectName, now: interval.start, for: what)
            // Timewarrior and Watson tags are free text; a Stint tag is one word, so "Client meeting" and "x,y" come
            // in as client-meeting and x-y rather than refusing the whole history over one tag.
            // A tag longer than a Stint tag may be (free text such as "Call with the marketing team about Q3"), or
            // one past the fifty an item may carry, goes into the note instead: refusing it refused the whole file.
            let (stintTags, leftOver) = try validating(what) { () throws(ValidationError) -> ([Tag], [String]) in
                var words: [Tag] = []
                var leftOver: [String] = []
                for tag in tags {
                    let word = tag.split { $0.isWhitespace || $0 == "," }.joined(separator: "-")
                    guard !word.isEmpty else { continue }
                    let made: Tag
                    do throws(ValidationError) {
                        made = try Tag(word)
                    } catch {
                        guard case .tooLong = error.reason else { throw error }
                        leftOver.append(tag)
                        continue
                    }
                    if words.contains(made) { continue }
                    guard words.count < Tag.limitPerItem else {
                        leftOver.append(tag)
                        continue
                    }
                    words.append(made)
                }
                return (words, leftOver)
            }
            let note =
                leftOver.isEmpty
                ? interval.note
                : (interval.note.isEmpty ? "" : interval.note + "\n") + "tags: " + leftOver.joined(separator: ", ")
            let id = interval.id
            let title = ForeignTime.stamp(interval.start, in: calendar.timeZone)
            let detail = ([project.name] + stintTags.map { "+" + $0.description }).joined(separator: " ")
            guard let end = interval.end else {
                let started = try validating(what) { () throws(ValidationError) in
                    try Entities.Timer.start(
                        id: id, ownerID: owner, target: .project(project.id), note: note,
                        tags: stintTags, at: interval.start, now: now)
                }
                timer = (
                    Entities.Timer(
                        id: id, ownerID: owner, target: .project(project.id), note: started.note,
                        tags: started.tags, intervals: started.intervals, createdAt: interval.start,
                        updatedAt: interval.changedAt ?? interval.start),
                    title + " (running)", detail
                )
                continue
            }
            let seconds = Int(end.timeIntervalSince(interval.start).rounded())
            guard seconds > 0 else {
                lines.append(.init(action: .skip, kind: "entry", title: title, detail: "it lasts no time"))
                continue
            }
            let entry = try validating(what) { () throws(ValidationError) in
                try TimeEntry.create(
                    id: id, target: .project(project.id), start: interval.start, durationSeconds: seconds,
                    note: note, tags: stintTags, loggedBy: owner, now: now, force: true)
            }
            incoming.append(
                (
                    TimeEntry(
                        id: id, target: entry.target, start: entry.start, durationSeconds: entry.durationSeconds,
                        note: entry.note, tags: entry.tags, loggedBy: owner, createdAt: end,
                        updatedAt: max(interval.changedAt ?? end, end)),
                    title + " " + Self.duration(seconds), detail, interval.openID ?? id
                ))
        }
        lines = placement.created + lines

        var stored: [UUID: TimeEntry] = [:]
        if let first = incoming.map(\.entry.start).min(), let last = incoming.map(\.entry.end).max() {
            let existing = try await working {
                try await entries.entries(
                    matching: TimeEntryQuery(from: first, to: last.addingTimeInterval(1), author: .everyone))
            }
            stored = Dictionary(existing.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        }
        var changed: [TimeEntry] = []
        var stopped: [UUID] = []
        for (entry, title, detail, openID) in incoming {
            let (line, write) = ForeignImportResult.decide(
                entry, stored: stored[entry.id], changedAt: \.updatedAt, kind: "entry", title: { _ in title },
                detail: detail)
            lines.append(line)
            if write { changed.append(entry) }
            // The timer an earlier import made of this interval while it was open: stopped in the other tool since,
            // its time is this entry now (Stint names the entry of a stopped timer after the timer too).
            if write, let timer = storedTimers.first(where: { $0.id == entry.id || $0.id == openID }) {
                lines.append(
                    .init(
                        action: .delete, kind: "timer", title: title,
                        detail: "stopped in the other tool; its time is the entry above"))
                stopped.append(timer.id)
            }
        }
        var newTimers: [Entities.Timer] = []
        if let (candidate, title, detail) = timer {
            if try await hasStopped(candidate, owner: owner, closing: incoming.map(\.entry)) {
                // An older file read again: the interval closed since (in the other tool, its entry imported, or
                // its timer stopped here). Running it again would count its time twice.
                lines.append(
                    .init(action: .skip, kind: "timer", title: title, detail: "stopped since; its time is an entry"))
            } else if let running, running.id != candidate.id {
                lines.append(
                    .init(
                        action: .skip, kind: "timer", title: title,
                        detail: "a timer is already running in Stint; stop it and import again"))
            } else {
                // The same timer imported before, perhaps paused or changed in Stint since.
                let (line, write) = ForeignImportResult.decide(
                    candidate, stored: storedTimers.first { $0.id == candidate.id }, changedAt: \.updatedAt,
                    kind: "timer", title: { _ in title }, detail: detail)
                lines.append(line)
                if write { newTimers.append(candidate) }
            }
        }
        var snapshot = Snapshot(
            projects: placement.newProjects, taskLists: [], tasks: [], timers: newTimers, timeEntries: changed,
            personID: person == nil && !(changed.isEmpty && newTimers.isEmpty) ? owner : nil)
        snapshot.deletedTimerIDs = stopped
        let count = snapshot.projects.count + snapshot.timers.count + snapshot.timeEntries.count + stopped.count
        if !dryRun, count > 0 {
            _ = try await working { try await transfer.merge(snapshot) { progress($0, count) } }
        }
        return ForeignImportResult(lines: lines, dryRun: dryRun)
    }

    /// Whether the open interval `candidate` was stopped since: an entry of the owner's starts when it started, on
    /// its project, stored or in this import (a timer stops into an entry of its own id; an interval closed in the
    /// other tool comes as an entry of that start).
    private func hasStopped(
        _ candidate: Entities.Timer, owner: UUID, closing incoming: [TimeEntry]
    ) async throws(WorkerError) -> Bool {
        guard let start = candidate.intervals.first?.start else { return false }
        func closes(_ entry: TimeEntry) -> Bool {
            entry.id == candidate.id
                || (entry.start == start && entry.loggedBy == owner
                    && entry.target.projectID == candidate.target.projectID)
        }
        if incoming.contains(where: closes) { return true }
        let stored = try await working {
            try await entries.entries(matching: TimeEntryQuery(from: start, to: start.addingTimeInterval(1)))
        }
        return stored.contains(where: closes)
    }

    /// `1h30m`, `45m`, `20s`.
    static func duration(_ seconds: Int) -> String {
        let hours = seconds / 3_600
        let minutes = seconds % 3_600 / 60
        if hours > 0 { return minutes > 0 ? "\(hours)h\(minutes)m" : "\(hours)h" }
        return minutes > 0 ? "\(minutes)m" : "\(seconds)s"
    }
}
