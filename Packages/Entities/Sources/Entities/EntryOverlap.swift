import Foundation

/// What to do when an entry being logged or moved overlaps other entries of the same person.
///
/// One person cannot work two blocks of time at once, so overlapping entries count the same minutes twice
/// in every total. They are almost always a mistake (a log typed twice, a log over a timer's time), hence
/// refused by default; the other two choices are for the cases a person means it.
public enum OverlapPolicy: Sendable, Hashable {
    /// Refuse the entry when it overlaps another.
    case refuse
    /// Keep both entries as they are (two things really were done at once).
    case allow
    /// Make room for the entry: the entries it overlaps give up the overlapping part.
    case adjust
}

/// The rule for overlapping entries: which ones collide with an entry and how `adjust` makes room.
public enum EntryOverlap {
    /// What making room does to one overlapping entry.
    public enum Change: Sendable, Hashable {
        /// The entry keeps the part outside the new one (it is shown with its new start and duration).
        case trimmed(TimeEntry)
        /// The entry lies wholly inside the new one and goes.
        case removed(TimeEntry)
        /// The new entry lies inside this one: it keeps the part before (`before`, same id) and a new entry
        /// `after` carries the part after, with the same target, note, billable flag and tags.
        case split(before: TimeEntry, after: TimeEntry)
    }

    /// The entries among `others` that share time with `entry`: the same person, another id, and an open
    /// intersection (an entry ending exactly when another starts does not overlap it). Earliest first.
    public static func overlapping(_ entry: TimeEntry, in others: [TimeEntry]) -> [TimeEntry] {
        others.filter {
            $0.id != entry.id && $0.loggedBy == entry.loggedBy && $0.start < entry.end && $0.end > entry.start
        }
        .sorted { ($0.start, $0.id.uuidString) < ($1.start, $1.id.uuidString) }
    }

    /// Applies `policy` to `entry` among `others`.
    ///
    /// - Parameters:
    ///   - now: the instant of the change (`updatedAt` of trimmed entries, `createdAt` of a split's second part).
    ///   - newID: an id for the second part of a split.
    /// - Returns: the changes `adjust` makes to other entries (empty for `allow` and when nothing overlaps).
    /// - Throws: `ValidationError` (field `start`, `.overlapsEntry`) naming the earliest overlapping entry when
    ///   `policy` is `refuse`.
    public static func resolve(
        _ entry: TimeEntry, among others: [TimeEntry], policy: OverlapPolicy, now: Date, newID: () -> UUID
    ) throws(ValidationError) -> [Change] {
        guard policy != .allow else { return [] }
        let colliding = overlapping(entry, in: others)
        guard let first = colliding.first else { return [] }
        if policy == .refuse {
            throw ValidationError(
                field: "start",
                reason: .overlapsEntry(id: first.id, start: first.start, end: first.end, count: colliding.count))
        }
        return colliding.map { other in
            let startsBefore = other.start < entry.start
            let endsAfter = other.end > entry.end
            switch (startsBefore, endsAfter) {
            case (true, true):
                let after = TimeEntry(
                    id: newID(), target: other.target, start: entry.end,
                    durationSeconds: seconds(from: entry.end, to: other.end), note: other.note,
                    billable: other.billable, tags: other.tags, loggedBy: other.loggedBy, createdAt: now,
                    updatedAt: now)
                return .split(before: other.shortened(start: other.start, end: entry.start, now: now), after: after)
            case (true, false):
                return .trimmed(other.shortened(start: other.start, end: entry.start, now: now))
            case (false, true):
                return .trimmed(other.shortened(start: entry.end, end: other.end, now: now))
            case (false, false):
                return .removed(other)
            }
        }
    }

    /// Whole seconds between two instants (entries are stored in whole seconds).
    static func seconds(from start: Date, to end: Date) -> Int {
        Int(end.timeIntervalSince(start).rounded())
    }
}

extension TimeEntry {
    /// The same entry over a part of its own span: no limit can be broken by shrinking, so nothing is checked.
    fileprivate func shortened(start newStart: Date, end newEnd: Date, now: Date) -> TimeEntry {
        TimeEntry(
            id: id, target: target, start: newStart, durationSeconds: EntryOverlap.seconds(from: newStart, to: newEnd),
            note: note, billable: billable, tags: tags, loggedBy: loggedBy, createdAt: createdAt, updatedAt: now)
    }
}
