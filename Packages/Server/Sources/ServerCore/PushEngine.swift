import Foundation

/// What the server does with one pushed mutation, without knowing how records are stored.
///
/// Every store (SQLite here, PostgreSQL next) reads the current record inside its write
/// transaction, asks the engine, and writes what the engine says; so permissions, validation, the
/// merge and the one-running-timer rule are the same whatever the database, and are tested without one.
public enum PushEngine {
    /// The engine's answer for one mutation.
    public struct Decision: Sendable, Hashable {
        public var outcome: Outcome
        public var reason: String?
        public var conflicts: [FieldConflict]
        /// The record after the mutation, as the device should hold it; nil when there is none or the
        /// user may not see it. When `writes` is true its version is already the next one, and the
        /// store gives it a new sequence.
        public var record: StoredRecord?
        /// Whether `record` must be written: some field other than `updated_at` changed.
        public var writes: Bool

        public init(
            outcome: Outcome, reason: String? = nil, conflicts: [FieldConflict] = [], record: StoredRecord?,
            writes: Bool
        ) {
            self.outcome = outcome
            self.reason = reason
            self.conflicts = conflicts
            self.record = record
            self.writes = writes
        }

        static func rejected(_ reason: String, record: StoredRecord?) -> Decision {
            Decision(outcome: .rejected, reason: reason, record: record, writes: false)
        }

        /// Whether the one-running-timer rule must look at the user's other timers.
        public var leavesTimerRunning: Bool {
            guard writes, let record, record.entity == .timer, !record.deleted else { return false }
            return record.fields["state"] == .string("running")
        }
    }

    /// Applies `mutation` from `user` to `current`, the record as the server holds it (nil when absent).
    ///
    /// - Parameter now: when the server applies it; stamped on records the server itself changes.
    public static func apply(_ mutation: MutationInput, to current: StoredRecord?, by user: UUID, at now: Date)
        -> Decision
    {
        let entity = mutation.entity
        let ownerField = FieldRules.ownerField(of: entity)
        // Timers are private: another user's timer is invisible, even in a rejection.
        let visible = current.flatMap { record in
            record.entity == .timer && record.ownerID != user ? nil : record
        }
        if let current, ownerField != nil, current.ownerID != user {
            return .rejected("this \(entity.rawValue) belongs to another user", record: visible)
        }
        // The owner is the pushing user whatever the device says; devices never move ownership.
        var changes = mutation.changes
        var base = mutation.base
        if let ownerField {
            changes[ownerField] = nil
            base?[ownerField] = nil
        }
        if let problem = FieldRules.shapeProblem(of: changes, entity: entity) {
            return .rejected(problem, record: visible)
        }

        // A record stored before one of its fields existed (a timer's `tags`, issue 10) reads as holding that field's
        // fallback; only optional fields are ever added, so nothing required can be missing from a stored record.
        var stored = current?.fields
        if var completed = stored {
            _ = FieldRules.complete(&completed, entity: entity)
            stored = completed
        }
        var merge = FieldMerge.merge(base: base, mine: changes, theirs: stored)
        if entity == .timer { settleTimerState(&merge, mine: changes) }
        var fields = merge.fields
        if current == nil {
            if let ownerField { fields[ownerField] = .string(user.text) }
            // Keep only known fields: a base (used when the server lost the record) may carry others.
            fields = fields.filter { FieldRules.field($0.key, of: entity) != nil }
            if let missing = FieldRules.complete(&fields, entity: entity) {
                return .rejected("\(missing): required for a new \(entity.rawValue)", record: nil)
            }
        }
        if let problem = FieldRules.problem(in: fields, entity: entity, id: mutation.id.lowercasedString) {
            return .rejected(problem, record: visible)
        }

        var changed = true
        if let current, let stored {
            changed =
                differs(fields, from: stored)
                || movesOwnStamp(base: base, mine: changes, theirs: current.fields)
        }
        let record = StoredRecord(
            entity: entity, id: mutation.id,
            version: current.map { changed ? $0.version + 1 : $0.version } ?? 1,
            sequence: current?.sequence ?? 0,
            deleted: !(fields["deleted_at"] ?? .null).isNull,
            ownerID: ownerField == nil ? nil : (current?.ownerID ?? user),
            fields: changed ? fields : current?.fields ?? fields)
        return Decision(outcome: merge.outcome, conflicts: merge.conflicts, record: record, writes: changed)
    }

    /// A timer's `state` says whether its last interval is open, so it cannot be merged on its own: a device that
    /// paused offline (state and intervals changed) meeting a server that resumed the timer (intervals changed too)
    /// would otherwise get its `state` (no one else changed it) over the server's `intervals` (first change wins),
    /// a record that says "paused" with an open interval. The merged intervals decide, and a device whose state lost
    /// is told so with a conflict on `state` beside the one on `intervals`. Only then: a device that sends a state
    /// contradicting its own intervals is still refused by the field rules.
    static func settleTimerState(_ merge: inout FieldMerge.Result, mine: Fields) {
        guard merge.conflicts.contains(where: { $0.field == "intervals" }), let state = merge.fields["state"],
            let intervals = merge.fields["intervals"].flatMap(TimerIntervals.init)
        else { return }
        let derived = JSONValue.string(intervals.isRunning ? "running" : "paused")
        guard state != derived else { return }
        merge.fields["state"] = derived
        guard let wanted = mine["state"], wanted != derived, !merge.conflicts.contains(where: { $0.field == "state" })
        else { return }
        merge.conflicts.append(FieldConflict(field: "state", mine: wanted, theirs: derived))
        merge.conflicts.sort { $0.field < $1.field }
        merge.outcome = .conflict
    }

    /// Whether the merged fields differ from the stored ones in anything but `updated_at`: a stamp alone
    /// is not worth a version when it merely meets the stored record (two identical stops, say); see
    /// ``movesOwnStamp(base:mine:theirs:)`` for when it is.
    static func differs(_ fields: Fields, from stored: Fields) -> Bool {
        for (name, value) in fields where name != "updated_at" && stored[name] != value {
            return true
        }
        for name in stored.keys where fields[name] == nil {
            return true
        }
        return false
    }

    /// Whether the device moved the `updated_at` of a record whose stamp no one else has moved since the device's
    /// base: then the stamp is written, alone if need be, as a new version every device pulls. A record changed and
    /// changed back (a delete and its undo in one push) is such a change. Answered without a write, a device whose
    /// answer was lost would keep its own stamp for good: its retry goes through a gap and its pull starts at its
    /// cursor, so nothing would ever bring it the server's (ADR 0024).
    static func movesOwnStamp(base: Fields?, mine: Fields, theirs: Fields) -> Bool {
        guard let stamp = mine["updated_at"], let before = base?["updated_at"] else { return false }
        return theirs["updated_at"] == before && stamp != before
    }

    /// Restores "one running timer per person" after `decision` left a timer running.
    ///
    /// Of all the user's running timers, the one whose open interval started latest keeps running;
    /// each other one is paused at the start of the next later one, so no time is lost and none is
    /// counted twice. On equal starts the pushed timer keeps running (it is the newest news).
    ///
    /// - Parameters:
    ///   - others: the user's other running, not deleted timers, as stored.
    ///   - now: stamped as `updated_at` (never moving it backwards) on every paused timer.
    /// - Returns: the decision (its record paused when it was not the latest, then `merged`) and the
    ///   other timers to write, with their next versions.
    public static func oneRunningTimer(after decision: Decision, others: [StoredRecord], at now: Date)
        -> (decision: Decision, paused: [StoredRecord])
    {
        guard decision.leavesTimerRunning, let pushed = decision.record else { return (decision, []) }
        struct Running {
            var record: StoredRecord
            var intervals: TimerIntervals
            var since: Int64
            var isPushed: Bool
        }
        func running(_ record: StoredRecord, isPushed: Bool) -> Running? {
            guard record.entity == .timer, !record.deleted, let value = record.fields["intervals"],
                let intervals = TimerIntervals(value), let since = intervals.runningSince
            else { return nil }
            return Running(record: record, intervals: intervals, since: since, isPushed: isPushed)
        }
        var all = others.filter { $0.id != pushed.id }.compactMap { running($0, isPushed: false) }
        guard !all.isEmpty, let mine = running(pushed, isPushed: true) else { return (decision, []) }
        all.append(mine)
        all.sort {
            ($0.since, $0.isPushed ? 1 : 0, $0.record.id.uuidString) < (
                $1.since, $1.isPushed ? 1 : 0, $1.record.id.uuidString
            )
        }

        let nowMilliseconds = Int64((now.timeIntervalSince1970 * 1000).rounded(.down))
        var result = decision
        var paused: [StoredRecord] = []
        for index in all.indices.dropLast() {
            var timer = all[index]
            timer.intervals.pause(at: all[index + 1].since)
            var record = timer.record
            record.fields["intervals"] = timer.intervals.json
            record.fields["state"] = .string("paused")
            let updatedAt = record.fields["updated_at"]?.integerValue ?? nowMilliseconds
            record.fields["updated_at"] = .integer(max(updatedAt, nowMilliseconds))
            if timer.isPushed {
                result.record = record
                if result.outcome == .applied { result.outcome = .merged }
            } else {
                record.version += 1
                paused.append(record)
            }
        }
        return (result, paused)
    }
}
