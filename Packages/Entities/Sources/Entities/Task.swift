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
    public let createdAt: Date
    public private(set) var updatedAt: Date

    /// Rebuilds a task exactly as stored; performs no validation beyond sorting and de-duplicating `tags`.
    public init(
        id: UUID, number: Int? = nil, projectID: UUID? = nil, listID: UUID? = nil, title: String,
        note: String = "", status: TaskStatus = .open, priority: Priority = .none, due: Day? = nil,
        tags: [Tag] = [], estimate: Estimate? = nil, completedAt: Date? = nil, assigneeID: UUID? = nil,
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
        self.createdAt = createdAt
        self.updatedAt = updatedAt
    }

    /// A new open task.
    ///
    /// - Throws: `ValidationError` for an invalid title (field `title`), a note over `noteLimit`
    ///   (field `note`), a list without a project (field `list`, `.listWithoutProject`), or more than
    ///   `Tag.limitPerItem` tags (field `tags`, `.tooManyTags`).
    public static func create(
        id: UUID, title: String, projectID: UUID? = nil, listID: UUID? = nil, due: Day? = nil,
        priority: Priority = .none, tags: [Tag] = [], estimate: Estimate? = nil, note: String = "",
        assigneeID: UUID? = nil, now: Date
    ) throws(ValidationError) -> Task {
        try checkPlacement(projectID: projectID, listID: listID)
        try Tag.checkCount(Set(tags).count)
        return Task(
            id: id, projectID: projectID, listID: listID, title: try validatedTitle(title),
            note: try validatedNote(note), priority: priority, due: due, tags: tags, estimate: estimate,
            assigneeID: assigneeID, createdAt: now, updatedAt: now)
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
        Array(Set(tags)).sorted()
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
    /// - Throws: `ValidationError` (field `note`) with `.emptyNoteEntry` for blank text, `.tooLong` when the
    ///   note would exceed `noteLimit`.
    public mutating func appendNote(_ text: String, at date: Date, timeZone: TimeZone) throws(ValidationError) {
        let entryText = TextRules.trimmed(text)
        if entryText.isEmpty || TextRules.isBlank(entryText) {
            throw ValidationError(field: "note", reason: .emptyNoteEntry)
        }
        let time = GregorianCalendar.in(timeZone).dateComponents([.hour, .minute], from: date)
        let stamp =
            Day.containing(date, in: timeZone).iso + " " + Self.twoDigits(time.hour) + ":"
            + Self.twoDigits(time.minute)
        let separator = note.isEmpty || note.hasSuffix("\n") ? "" : "\n"
        let newNote = note + separator + stamp + "  " + entryText
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
