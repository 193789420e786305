import Foundation

/// The three-way merge of one record's fields: base (what the device started from), mine (what the
/// device changed) and theirs (what the server holds now).
///
/// A field changed on one side only takes that side. A field changed on both sides follows one rule
/// per field: `tags` merge as sets, `note` keeps what both sides appended, `updated_at` takes the
/// later, `created_at` keeps the server's, and for everything else the server's value stands (the
/// first change to reach the server wins) and the device's value is reported as a conflict, so the
/// loser is never silently dropped. Pure: the push engine and every store use the same rules.
public enum FieldMerge {
    /// How one field was settled.
    public enum Resolution: Sendable, Hashable {
        /// Only the device changed it (or nothing to compare with): the device's value is taken.
        case takeMine(JSONValue)
        /// Nothing to do: both sides agree, or the device did not really change the field.
        case unchanged
        /// Both changed it and the server keeps its value without a loss worth reporting
        /// (`created_at`, or an `updated_at` older than the server's).
        case keepTheirs
        /// Both changed it and the values were combined without loss.
        case combined(JSONValue)
        /// Both changed it; the server's value stands and the device's is the loser.
        case conflict(FieldConflict)
    }

    /// The merged fields and how the merge went.
    public struct Result: Sendable, Hashable {
        /// The server's fields with the device's changes merged in.
        public var fields: Fields
        /// `.applied`, `.merged` or `.conflict`.
        public var outcome: Outcome
        /// The device's losing values, in field-name order.
        public var conflicts: [FieldConflict]

        public init(fields: Fields, outcome: Outcome, conflicts: [FieldConflict]) {
            self.fields = fields
            self.outcome = outcome
            self.conflicts = conflicts
        }
    }

    /// Merges `mine` into `theirs`.
    ///
    /// - Parameters:
    ///   - base: the device's before-image; nil or a missing field means "unknown", and a field whose
    ///     base is unknown counts as changed on both sides when the two values differ (an insert of
    ///     an id the server already has: equal fields apply, different ones conflict).
    ///   - mine: the fields the device changed, with their new values.
    ///   - theirs: the server's current fields; nil when the server has no such record.
    public static func merge(base: Fields?, mine: Fields, theirs: Fields?) -> Result {
        guard let theirs else {
            return Result(fields: (base ?? [:]).merging(mine) { $1 }, outcome: .applied, conflicts: [])
        }
        var fields = theirs
        var concurrent = false
        var conflicts: [FieldConflict] = []
        for name in mine.keys.sorted() {
            let resolution = resolve(
                field: name, base: base?[name], mine: mine[name, default: .null], theirs: theirs[name])
            switch resolution {
            case .takeMine(let value):
                fields[name] = value
            case .unchanged:
                break
            case .keepTheirs:
                concurrent = true
            case .combined(let value):
                fields[name] = value
                concurrent = true
            case .conflict(let conflict):
                conflicts.append(conflict)
            }
        }
        if let conflict = editOfDeleted(base: base, mine: mine, theirs: theirs) {
            conflicts.append(conflict)
        }
        let outcome: Outcome = !conflicts.isEmpty ? .conflict : concurrent ? .merged : .applied
        return Result(fields: fields, outcome: outcome, conflicts: conflicts)
    }

    /// Settles one field.
    ///
    /// - Parameters:
    ///   - base: the device's value before its change; nil when unknown.
    ///   - theirs: the server's value; nil when the server's record lacks the field.
    public static func resolve(field: String, base: JSONValue?, mine: JSONValue, theirs: JSONValue?) -> Resolution {
        guard let theirs else { return .takeMine(mine) }
        if theirs == mine { return .unchanged }
        if let base, theirs == base { return .takeMine(mine) }
        if let base, mine == base { return .unchanged }
        // Both sides changed the field, to different values.
        switch field {
        case "updated_at":
            return max(theirs, mine).map { $0 == theirs ? .keepTheirs : .combined($0) } ?? lost(field, mine, theirs)
        case "created_at":
            return .keepTheirs
        case "tags":
            if let base, let merged = mergeTags(base: base, mine: mine, theirs: theirs) { return .combined(merged) }
        case "note":
            if let base, let merged = mergeNote(base: base, mine: mine, theirs: theirs) { return .combined(merged) }
        default:
            break
        }
        return lost(field, mine, theirs)
    }

    /// An edit that reached a record deleted elsewhere: the edit is kept on the tombstone, and the
    /// device is told with a conflict on `deleted_at` (mine: what it believed, theirs: the deletion)
    /// so that taking "mine" restores the record.
    static func editOfDeleted(base: Fields?, mine: Fields, theirs: Fields) -> FieldConflict? {
        guard mine["deleted_at"] == nil, let deletedAt = theirs["deleted_at"], !deletedAt.isNull else { return nil }
        let believed = base?["deleted_at"] ?? .null
        // A device that knew the record was deleted and still edited it is not surprised.
        guard believed.isNull else { return nil }
        return FieldConflict(field: "deleted_at", mine: believed, theirs: deletedAt)
    }

    private static func lost(_ field: String, _ mine: JSONValue, _ theirs: JSONValue) -> Resolution {
        .conflict(FieldConflict(field: field, mine: mine, theirs: theirs))
    }

    /// The later of two instants; nil when either is not an integer (then the general rule applies).
    private static func max(_ theirs: JSONValue, _ mine: JSONValue) -> JSONValue? {
        guard let server = theirs.integerValue, let device = mine.integerValue else { return nil }
        return .integer(Swift.max(server, device))
    }

    /// theirs ∪ (mine − base) − (base − mine), in theirs' order followed by the device's additions in
    /// its order; nil when any side is not an array of strings.
    static func mergeTags(base: JSONValue, mine: JSONValue, theirs: JSONValue) -> JSONValue? {
        guard let baseTags = strings(base), let mineTags = strings(mine), let theirTags = strings(theirs) else {
            return nil
        }
        let baseSet = Set(baseTags)
        let mineSet = Set(mineTags)
        let removed = baseSet.subtracting(mineSet)
        var result: [String] = []
        var seen: Set<String> = []
        for tag in theirTags + mineTags.filter({ !baseSet.contains($0) }) where !removed.contains(tag) {
            if seen.insert(tag).inserted { result.append(tag) }
        }
        return .array(result.map(JSONValue.string))
    }

    /// base + theirs' appended part + mine's appended part, with a line break between the two parts
    /// when neither side supplies one; nil unless both sides only appended to the base.
    static func mergeNote(base: JSONValue, mine: JSONValue, theirs: JSONValue) -> JSONValue? {
        guard let baseText = base.stringValue, let mineText = mine.stringValue, let theirText = theirs.stringValue,
            mineText.hasPrefix(baseText), theirText.hasPrefix(baseText)
        else { return nil }
        // hasPrefix compares Characters; slice by the base's UTF-8 length so a base ending in a
        // combining sequence cannot be cut inside.
        let mineAdded = String(decoding: mineText.utf8.dropFirst(baseText.utf8.count), as: UTF8.self)
        guard !mineAdded.isEmpty else { return .string(theirText) }
        let needsBreak = !theirText.isEmpty && !theirText.hasSuffix("\n") && !mineAdded.hasPrefix("\n")
        return .string(theirText + (needsBreak ? "\n" : "") + mineAdded)
    }

    private static func strings(_ value: JSONValue) -> [String]? {
        guard let array = value.arrayValue else { return nil }
        var result: [String] = []
        result.reserveCapacity(array.count)
        for element in array {
            guard let text = element.stringValue else { return nil }
            result.append(text)
        }
        return result
    }
}
