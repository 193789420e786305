import Foundation

/// Something to do: the central entity of Stint.
///
/// Invariants kept by `create` and every mutating method (the memberwise initialiser is unchecked and
/// exists for loading stored data):
/// - `title` is trimmed, non-empty, one line, at most `titleLimit` characters; `note` at most `noteLimit`;
/// - `tags` are sorted, unique and at most `Tag.limitPerItem`;
/// - `completedAt` is set exactly when `status == .completed`;
/// - a task in a list also names a project (the list's; the caller resolves which one that is);
/// - `updatedAt` moves only when something actually changed.
public struct Task: Sendable, Hashable, Codable, Identifiable {
    /// The most characters a title may have.
    public static let titleLimit = 500
    /// The most characters a note may have.
    public static let noteLimit = 100_000
    /// The most tasks one task may come after: enough for any real plan, few enough to check for loops at once.
    public static let prerequisiteLimit = 100

    public let id: UUID
    /// The short per-device reference ("12") assigned by local storage; nil until first saved.
    public var number: Int?
    public private(set) var projectID: UUID?
    public private(set) var listID: UUID?
    public private(set) var title: String
    /// Free text; may span several lines.
    public private(set) var note: String
    public private(set) var status: TaskStatus
    public private(set) var priority: Priority
    public private(set) var due: Day?
    /// Sorted and unique.
    public private(set) var tags: [Tag]
    public private(set) var estimate: Estimate?
    /// When the task was completed; set exactly when `status == .completed`.
    public private(set) var completedAt: Date?
    /// The team member (a server user id) the task is assigned to; nil when nobody is.
    public private(set) var assigneeID: UUID?
    /// The task this one is a subtask of; nil for a top-level task. Never the task itself. A parent that is
    /// deleted, or missing on this device, makes the task top-level for reading (the link is kept, so an
    /// undo of the delete restores the tree).
    public private(set) var parentID: UUID?
    /// The tasks that must be done before this one can start (Taskwarrior's `depends`): sorted, unique,
    /// never the task itself, at most `prerequisiteLimit`. Deleted or missing ones do not block.
    public private(set) var prerequisiteIDs: [UUID]
    /// The series this task recurs in; nil for a one-off task.
    public private(set) var repetition: TaskRepetition?
    public let createdAt: Date
    public private(set) var updatedAt: Date

    /// Rebuilds a task exactly as stored; performs no validation beyond sorting and de-duplicating `tags`.
    public init(
        id: UUID, number: Int? = nil, projectID: UUID? = nil, listID: UUID? = nil, title: String,
        note: String = "", status: TaskStatus = .open, priority: Priority = .none, due: Day? = nil,
        tags: [Tag] = [], estimate: Estimate? = nil, completedAt: Date? = nil, assigneeID: UUID? = nil,
        parentID: UUID? = nil, prerequisiteIDs: [UUID] = [], repetition: TaskRepetition? = nil,
        createdAt: Date, updatedAt: Date
    ) {
        self.id = id
        self.number = number
        self.projectID = projectID
        self.listID = listID
        self.title = title
        self.note = note
        self.status = status
        self.priority = priority
        self.due = due
        self.tags = Self.normalized(tags)
        self.estimate = estimate
        self.completedAt = completedAt
        self.assigneeID = assigneeID
        self.parentID = parentID
        self.prerequisiteIDs = Self.normalized(prerequisiteIDs)
        self.repetition = repetition
        self.createdAt = createdAt
        self.updatedAt = updatedAt
    }

    /// A new open task.
    ///
    /// - Throws: `ValidationError` for an invalid title (field `title`), a note over `noteLimit`
    ///   (field `note`), a list without a project (field `list`, `.listWithoutProject`), or more than
    ///   `Tag.limitPerItem` tags (field `tags`, `.tooManyTags`), a parent or prerequisite that is the task itself
    ///   (`.linksToItself`) or too many prerequisites (field `after`, `.tooManyPrerequisites`).
    public static func create(
        id: UUID, title: String, projectID: UUID? = nil, listID: UUID? = nil, due: Day? = nil,
        priority: Priority = .none, tags: [Tag] = [], estimate: Estimate? = nil, note: String = "",
        assigneeID: UUID? = nil, parentID: UUID? = nil, prerequisiteIDs: [UUID] = [],
        repetition: TaskRepetition? = nil, now: Date
    ) throws(ValidationError) -> Task {
        try checkPlacement(projectID: projectID, listID: listID)
        try Tag.checkCount(Set(tags).count)
        try checkParent(parentID, of: id)
        let prerequisites = try checkedPrerequisites(prerequisiteIDs, of: id)
        return Task(
            id: id, projectID: projectID, listID: listID, title: try validatedTitle(title),
            note: try validatedNote(note), priority: priority, due: due, tags: tags, estimate: estimate,
            assigneeID: assigneeID, parentID: parentID, prerequisiteIDs: prerequisites, repetition: repetition,
            createdAt: now, updatedAt: now)
    }

    private static func checkParent(_ parentID: UUID?, of id: UUID) throws(ValidationError) {
        if parentID == id { throw ValidationError(field: "parent", reason: .linksToItself) }
    }

    private static func checkedPrerequisites(_ ids: [UUID], of id: UUID) throws(ValidationError) -> [UUID] {
        let unique = normalized(ids)
        if unique.contains(id) { throw ValidationError(field: "prerequisite", reason: .linksToItself) }
        if unique.count > prerequisiteLimit {
            throw ValidationError(
                field: "after", reason: .tooManyPrerequisites(count: unique.count, limit: prerequisiteLimit))
        }
        return unique
    }

    static func validatedTitle(_ raw: String) throws(ValidationError) -> String {
        try TextRules.singleLine(raw, field: "title", limit: titleLimit)
    }

    static func validatedNote(_ raw: String) throws(ValidationError) -> String {
        try TextRules.multiLine(raw, field: "note", limit: noteLimit)
    }

    private static func checkPlacement(projectID: UUID?, listID: UUID?) throws(ValidationError) {
        if listID != nil, projectID == nil {
            throw ValidationError(field: "list", reason: .listWithoutProject)
        }
    }

    private static func normalized(_ tags: [Tag]) -> [Tag] {
        tags.sortedUnique(by: <)
    }

    private static func normalized(_ ids: [UUID]) -> [UUID] {
        ids.sortedUnique(by: UUID.precedesInText)
    }

    /// Applies `change` and stamps `updatedAt` only if the task differs afterwards.
    private mutating func update(now: Date, _ change: (inout Task) -> Void) {
        var copy = self
        change(&copy)
        guard copy != self else { return }
        copy.updatedAt = now
        self = copy
    }

    // MARK: Editing

    /// - Throws: `ValidationError` (field `title`) with `.empty`, `.tooLong`, `.notSingleLine` or
    ///   `.controlCharacter`.
    public mutating func rename(to newTitle: String, now: Date) throws(ValidationError) {
        let validated = try Self.validatedTitle(newTitle)
        update(now: now) { $0.title = validated }
    }

    /// Replaces the whole note (trimmed; empty clears it).
    ///
    /// - Throws: `ValidationError` (field `note`, `.tooLong`) over `noteLimit`.
    public mutating func setNote(_ newNote: String, now: Date) throws(ValidationError) {
        let validated = try Self.validatedNote(newNote)
        update(now: now) { $0.note = validated }
    }

    /// Sets or clears (nil) the due date. Past dates are allowed: the task is then simply overdue.
    public mutating func setDue(_ newDue: Day?, now: Date) {
        update(now: now) { $0.due = newDue }
    }

    public mutating func setPriority(_ newPriority: Priority, now: Date) {
        update(now: now) { $0.priority = newPriority }
    }

    /// Replaces all tags.
    ///
    /// - Throws: `ValidationError` (field `tags`, `.tooManyTags`) for more than `Tag.limitPerItem` distinct tags.
    public mutating func setTags(_ newTags: [Tag], now: Date) throws(ValidationError) {
        let normalized = Self.normalized(newTags)
        try Tag.checkCount(normalized.count)
        update(now: now) { $0.tags = normalized }
    }

    /// Adds tags; ones already present are ignored.
    ///
    /// - Throws: `ValidationError` (field `tags`, `.tooManyTags`) when the task would then carry more than
    ///   `Tag.limitPerItem` tags.
    public mutating func addTags(_ added: [Tag], now: Date) throws(ValidationError) {
        let normalized = Self.normalized(tags + added)
        try Tag.checkCount(normalized.count)
        update(now: now) { $0.tags = normalized }
    }

    /// Removes tags; ones not present are ignored.
    public mutating func removeTags(_ removed: [Tag], now: Date) {
        let unwanted = Set(removed)
        update(now: now) { $0.tags.removeAll(where: unwanted.contains) }
    }

    /// Sets or clears (nil) the estimate.
    public mutating func setEstimate(_ newEstimate: Estimate?, now: Date) {
        update(now: now) { $0.estimate = newEstimate }
    }

    /// Assigns the task to a team member, or to nobody with nil. Who may be assigned is the caller's
    /// business (the team lives on the server); the task only keeps the id.
    public mutating func assign(to member: UUID?, now: Date) {
        update(now: now) { $0.assigneeID = member }
    }

    /// Makes the task a subtask of `parent`, or top-level with nil. Whether that would make a loop (the parent
    /// being one of this task's own subtasks) depends on other tasks: the caller checks it (`TaskGraph`).
    ///
    /// - Throws: `ValidationError` (field `parent`, `.linksToItself`) when `parent` is the task itself.
    public mutating func setParent(_ parent: UUID?, now: Date) throws(ValidationError) {
        try Self.checkParent(parent, of: id)
        update(now: now) { $0.parentID = parent }
    }

    /// Replaces the tasks this one comes after. Loops through other tasks are the caller's to check (`TaskGraph`).
    ///
    /// - Throws: `ValidationError` with `.linksToItself` (field `prerequisite`) when the task is among them, or
    ///   `.tooManyPrerequisites` (field `after`) over `prerequisiteLimit`.
    public mutating func setPrerequisites(_ ids: [UUID], now: Date) throws(ValidationError) {
        let checked = try Self.checkedPrerequisites(ids, of: id)
        update(now: now) { $0.prerequisiteIDs = checked }
    }

    /// Makes the task recur in `repetition`'s series, or a one-off task with nil.
    public mutating func setRepetition(_ repetition: TaskRepetition?, now: Date) {
        update(now: now) { $0.repetition = repetition }
    }

    /// The occurrence that follows this one once it is completed: the same task (title, note, place, priority,
    /// tags, estimate, assignee, parent and series) due on the series' next day after this one's due day, with
    /// the id that day derives, so every device makes the same one. Nil for a one-off task and when the next day
    /// lies after the series' `until`.
    ///
    /// Front ends give every recurring task a due day (today when none is typed); one that arrives without
    /// (from another client) continues from its series' first day.
    public func nextOccurrence(now: Date) -> Task? {
        guard let repetition else { return nil }
        // A due day moved earlier can put the series' next day on this very occurrence (its id is this task's):
        // the next one is the day after that.
        var after = due ?? repetition.start
        var found: Day?
        while let day = repetition.rule.next(after: after, start: repetition.start) {
            if repetition.occurrenceID(on: day) != id {
                found = day
                break
            }
            after = day
        }
        guard let nextDue = found else { return nil }
        if let until = repetition.until, nextDue > until { return nil }
        return Task(
            id: repetition.occurrenceID(on: nextDue), projectID: projectID, listID: listID, title: title, note: note,
            priority: priority, due: nextDue, tags: tags, estimate: estimate, assigneeID: assigneeID,
            parentID: parentID, repetition: repetition, createdAt: now, updatedAt: now)
    }

    /// Moves the task to a project and list, or to the inbox with both nil.
    ///
    /// - Throws: `ValidationError` (field `list`, `.listWithoutProject`) when `listID` is given without `projectID`.
    public mutating func move(projectID newProjectID: UUID?, listID newListID: UUID?, now: Date)
        throws(ValidationError)
    {
        try Self.checkPlacement(projectID: newProjectID, listID: newListID)
        update(now: now) {
            $0.projectID = newProjectID
            $0.listID = newListID
        }
    }

    /// Appends one entry, `YYYY-MM-DD HH:MM  text`, on a new line at the end of the note; the stamp is
    /// `at` on the wall clock of `timeZone`.
    ///
    /// - Throws: `ValidationError` (field `note`) with `.emptyNoteEntry` for blank text, `.nulCharacter` for text
    ///   holding U+0000, `.tooLong` when the note would exceed `noteLimit`.
    public mutating func appendNote(_ text: String, at date: Date, timeZone: any TimeZoneRules) throws(ValidationError)
    {
        let entryText = TextRules.trimmed(text)
        if entryText.isEmpty || TextRules.isBlank(entryText) {
            throw ValidationError(field: "note", reason: .emptyNoteEntry)
        }
        try TextRules.refuseNUL(entryText, field: "note")
        // The local clock time by arithmetic, as `Day.containing` finds the day: a Calendar here cost every
        // `task note` Foundation's calendar set-up and a scan of every protocol conformance.
        let local = (date.timeIntervalSince1970 + TimeInterval(timeZone.secondsFromGMT(for: date))).rounded(.down)
        let secondOfDay = local.isFinite ? Int(local.truncatingRemainder(dividingBy: 86_400) + 86_400) % 86_400 : 0
        let stamp =
            Day.containing(date, in: timeZone).iso + " " + Self.twoDigits(secondOfDay / 3600) + ":"
            + Self.twoDigits(secondOfDay % 3600 / 60)
        let separator = note.isEmpty || note.hasSuffix("\n") ? "" : "\n"
        let newNote = note + separator + stamp + "  " + String(entryText)
        if let count = TextRules.overflowCount(Substring(newNote), limit: Self.noteLimit) {
            throw TextRules.tooLong(field: "note", count: count, limit: Self.noteLimit)
        }
        note = newNote
        updatedAt = date
    }

    private static func twoDigits(_ value: Int?) -> String {
        let number = value ?? 0
        return number < 10 ? "0\(number)" : "\(number)"
    }

    // MARK: Status

    /// Marks an open task as being worked on.
    ///
    /// - Throws: `ValidationError` (field `status`, `.taskTransition(from:to: .inProgress)`) when the task
    ///   is already in progress, or done.
    public mutating func start(now: Date) throws(ValidationError) {
        switch status {
        case .open:
            status = .inProgress
            updatedAt = now
        case .inProgress, .completed:
            throw ValidationError(field: "status", reason: .taskTransition(from: status, to: .inProgress))
        }
    }

    /// Marks an open or in-progress task as done at `date`.
    ///
    /// - Throws: `ValidationError` (field `status`, `.taskTransition(from: .completed, to: .completed)`) when
    ///   it is already done.
    public mutating func complete(at date: Date) throws(ValidationError) {
        guard status != .completed else {
            throw ValidationError(field: "status", reason: .taskTransition(from: status, to: .completed))
        }
        status = .completed
        completedAt = date
        updatedAt = date
    }

    /// Puts a done task back to open and forgets when it was completed.
    ///
    /// - Throws: `ValidationError` (field `status`, `.taskTransition(from:to: .open)`) when the task is not done.
    public mutating func reopen(now: Date) throws(ValidationError) {
        guard status == .completed else {
            throw ValidationError(field: "status", reason: .taskTransition(from: status, to: .open))
        }
        status = .open
        completedAt = nil
        updatedAt = now
    }

    // MARK: Due dates

    /// Not done and due before `today`.
    public func isOverdue(on today: Day) -> Bool {
        guard status != .completed, let due else { return false }
        return due < today
    }

    /// Not done and due exactly on `day`.
    public func isDue(on day: Day) -> Bool {
        status != .completed && due == day
    }
}
