import Entities
import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Reads an export file as Stint writes it, several times faster than `JSONDecoder`, or gives up.
///
/// `JSONDecoder` builds a map of the whole document, then a dictionary of keys and a coding path for every
/// record: most of the time an import of a million entries spent before writing anything (7 of its 43 seconds,
/// profiled). This reader walks the bytes once and fills the file's records directly. It accepts a document
/// only when it is certain `JSONDecoder` would read it to the same values: strict JSON, the format's keys each
/// at most once and nothing else, values of the declared types (integers as plain digits), ids and instants
/// that ``ExportFile/id(_:)`` and ``ExportFile/instant(_:)`` accept. Anything else (a syntax error, a missing or
/// unknown key, a wrong type, a key written with escapes) answers nil, and the caller decodes the file with
/// `JSONDecoder` as before, which then reads the unusual file or names what is wrong with it.
struct ExportFileReader {
    /// Why the reader gave up; never shown, the caller decodes again instead.
    private struct GiveUp: Error {}

    private let bytes: UnsafeBufferPointer<UInt8>
    private var at = 0
    private let recordRead: () -> Void

    private init(bytes: UnsafeBufferPointer<UInt8>, recordRead: @escaping () -> Void) {
        self.bytes = bytes
        self.recordRead = recordRead
    }

    /// The file's content, or nil when it is not certain to read it as `JSONDecoder` would. `recordRead` is
    /// called once per record read (project, list, task, timer or entry), as the decoder's counting does.
    static func read(_ data: Data, recordRead: @escaping () -> Void) -> ExportFile? {
        guard !data.isEmpty else { return nil }
        return data.withUnsafeBytes { raw -> ExportFile? in
            var reader = ExportFileReader(bytes: raw.bindMemory(to: UInt8.self), recordRead: recordRead)
            return try? reader.document()
        }
    }

    // MARK: The format

    private mutating func document() throws(GiveUp) -> ExportFile {
        var format: String?
        var version: Int?
        var exportedAt: Date?
        var projects: [ExportFile.ProjectEntry]?
        var lists: [ExportFile.ListEntry]?
        var tasks: [ExportFile.TaskEntry]?
        var timers: [ExportFile.TimerEntry]?
        var timeEntries: [ExportFile.TimeEntryEntry]?
        var personId: UUID?
        var seen = Seen()
        var more = try objectStart()
        while more {
            let key = try key()
            if matches(key, "format") {
                try seen.mark(0)
                format = try string()
            } else if matches(key, "version") {
                try seen.mark(1)
                version = try integer()
            } else if matches(key, "exported_at") {
                try seen.mark(2)
                exportedAt = try instant()
            } else if matches(key, "projects") {
                try seen.mark(3)
                projects = try array { reader throws(GiveUp) in try reader.project() }
            } else if matches(key, "lists") {
                try seen.mark(4)
                lists = try array { reader throws(GiveUp) in try reader.list() }
            } else if matches(key, "tasks") {
                try seen.mark(5)
                tasks = try array { reader throws(GiveUp) in try reader.task() }
            } else if matches(key, "timers") {
                try seen.mark(6)
                timers = try null() ? nil : array { reader throws(GiveUp) in try reader.timer() }
            } else if matches(key, "time_entries") {
                try seen.mark(7)
                timeEntries = try null() ? nil : array { reader throws(GiveUp) in try reader.timeEntry() }
            } else if matches(key, "person_id") {
                try seen.mark(8)
                personId = try null() ? nil : id()
            } else {
                throw GiveUp()
            }
            more = try objectNext()
        }
        skipSpace()
        guard at == bytes.count, let format, let version, let exportedAt, let projects, let lists, let tasks else {
            throw GiveUp()
        }
        return ExportFile(
            format: format, version: version, exportedAt: exportedAt, projects: projects, lists: lists, tasks: tasks,
            timers: timers, timeEntries: timeEntries, personId: personId)
    }

    private mutating func project() throws(GiveUp) -> ExportFile.ProjectEntry {
        var id: UUID?
        var name: String?
        var note: String?
        var archivedAt: Date?
        var createdAt: Date?
        var updatedAt: Date?
        var seen = Seen()
        var more = try objectStart()
        while more {
            let key = try key()
            if matches(key, "id") {
                try seen.mark(0)
                id = try self.id()
            } else if matches(key, "name") {
                try seen.mark(1)
                name = try string()
            } else if matches(key, "note") {
                try seen.mark(2)
                note = try string()
            } else if matches(key, "archived_at") {
                try seen.mark(3)
                archivedAt = try null() ? nil : instant()
            } else if matches(key, "created_at") {
                try seen.mark(4)
                createdAt = try instant()
            } else if matches(key, "updated_at") {
                try seen.mark(5)
                updatedAt = try instant()
            } else {
                throw GiveUp()
            }
            more = try objectNext()
        }
        guard let id, let name, let note, let createdAt, let updatedAt else { throw GiveUp() }
        recordRead()
        return ExportFile.ProjectEntry(
            id: id, name: name, note: note, archivedAt: archivedAt, createdAt: createdAt, updatedAt: updatedAt)
    }

    private mutating func list() throws(GiveUp) -> ExportFile.ListEntry {
        var id: UUID?
        var projectId: UUID?
        var name: String?
        var createdAt: Date?
        var updatedAt: Date?
        var seen = Seen()
        var more = try objectStart()
        while more {
            let key = try key()
            if matches(key, "id") {
                try seen.mark(0)
                id = try self.id()
            } else if matches(key, "project_id") {
                try seen.mark(1)
                projectId = try self.id()
            } else if matches(key, "name") {
                try seen.mark(2)
                name = try string()
            } else if matches(key, "created_at") {
                try seen.mark(3)
                createdAt = try instant()
            } else if matches(key, "updated_at") {
                try seen.mark(4)
                updatedAt = try instant()
            } else {
                throw GiveUp()
            }
            more = try objectNext()
        }
        guard let id, let projectId, let name, let createdAt, let updatedAt else { throw GiveUp() }
        recordRead()
        return ExportFile.ListEntry(
            id: id, projectId: projectId, name: name, createdAt: createdAt, updatedAt: updatedAt)
    }

    private mutating func task() throws(GiveUp) -> ExportFile.TaskEntry {
        var id: UUID?
        var projectId: UUID?
        var listId: UUID?
        var title: String?
        var note: String?
        var status: String?
        var priority: String?
        var due: String?
        var tags: [String]?
        var estimateSeconds: Int?
        var completedAt: Date?
        var assigneeId: UUID?
        var createdAt: Date?
        var updatedAt: Date?
        var parentId: UUID?
        var prerequisiteIds: [UUID]?
        var repeatRule: String?
        var repeatUntil: String?
        var seriesId: UUID?
        var seriesStart: String?
        var seen = Seen()
        var more = try objectStart()
        while more {
            let key = try key()
            if matches(key, "id") {
                try seen.mark(0)
                id = try self.id()
            } else if matches(key, "project_id") {
                try seen.mark(1)
                projectId = try null() ? nil : self.id()
            } else if matches(key, "parent_id") {
                try seen.mark(14)
                parentId = try null() ? nil : self.id()
            } else if matches(key, "prerequisite_ids") {
                try seen.mark(15)
                prerequisiteIds = try array { reader throws(GiveUp) in try reader.id() }
            } else if matches(key, "repeat_rule") {
                try seen.mark(16)
                repeatRule = try null() ? nil : string()
            } else if matches(key, "repeat_until") {
                try seen.mark(17)
                repeatUntil = try null() ? nil : string()
            } else if matches(key, "series_id") {
                try seen.mark(18)
                seriesId = try null() ? nil : self.id()
            } else if matches(key, "series_start") {
                try seen.mark(19)
                seriesStart = try null() ? nil : string()
            } else if matches(key, "list_id") {
                try seen.mark(2)
                listId = try null() ? nil : self.id()
            } else if matches(key, "title") {
                try seen.mark(3)
                title = try string()
            } else if matches(key, "note") {
                try seen.mark(4)
                note = try string()
            } else if matches(key, "status") {
                try seen.mark(5)
                status = try string()
            } else if matches(key, "priority") {
                try seen.mark(6)
                priority = try string()
            } else if matches(key, "due") {
                try seen.mark(7)
                due = try null() ? nil : string()
            } else if matches(key, "tags") {
                try seen.mark(8)
                tags = try array { reader throws(GiveUp) in try reader.string() }
            } else if matches(key, "estimate_seconds") {
                try seen.mark(9)
                estimateSeconds = try null() ? nil : integer()
            } else if matches(key, "completed_at") {
                try seen.mark(10)
                completedAt = try null() ? nil : instant()
            } else if matches(key, "assignee_id") {
                try seen.mark(11)
                assigneeId = try null() ? nil : self.id()
            } else if matches(key, "created_at") {
                try seen.mark(12)
                createdAt = try instant()
            } else if matches(key, "updated_at") {
                try seen.mark(13)
                updatedAt = try instant()
            } else {
                throw GiveUp()
            }
            more = try objectNext()
        }
        guard let id, let title, let note, let status, let priority, let tags, let createdAt, let updatedAt else {
            throw GiveUp()
        }
        recordRead()
        return ExportFile.TaskEntry(
            id: id, projectId: projectId, listId: listId, title: title, note: note, status: status,
            priority: priority, due: due, tags: tags, estimateSeconds: estimateSeconds, completedAt: completedAt,
            assigneeId: assigneeId, createdAt: createdAt, updatedAt: updatedAt, parentId: parentId,
            prerequisiteIds: prerequisiteIds, repeatRule: repeatRule, repeatUntil: repeatUntil, seriesId: seriesId,
            seriesStart: seriesStart)
    }

    private mutating func timer() throws(GiveUp) -> ExportFile.TimerEntry {
        var id: UUID?
        var ownerId: UUID?
        var taskId: UUID?
        var projectId: UUID?
        var note: String?
        var billable: Bool?
        var tags: [String]?
        var intervals: [ExportFile.TimerEntry.Interval]?
        var createdAt: Date?
        var updatedAt: Date?
        var seen = Seen()
        var more = try objectStart()
        while more {
            let key = try key()
            if matches(key, "id") {
                try seen.mark(0)
                id = try self.id()
            } else if matches(key, "owner_id") {
                try seen.mark(1)
                ownerId = try self.id()
            } else if matches(key, "task_id") {
                try seen.mark(2)
                taskId = try null() ? nil : self.id()
            } else if matches(key, "project_id") {
                try seen.mark(3)
                projectId = try null() ? nil : self.id()
            } else if matches(key, "note") {
                try seen.mark(4)
                note = try string()
            } else if matches(key, "billable") {
                try seen.mark(5)
                billable = try bool()
            } else if matches(key, "tags") {
                try seen.mark(6)
                tags = try null() ? nil : array { reader throws(GiveUp) in try reader.string() }
            } else if matches(key, "intervals") {
                try seen.mark(7)
                intervals = try array { reader throws(GiveUp) in try reader.interval() }
            } else if matches(key, "created_at") {
                try seen.mark(8)
                createdAt = try instant()
            } else if matches(key, "updated_at") {
                try seen.mark(9)
                updatedAt = try instant()
            } else {
                throw GiveUp()
            }
            more = try objectNext()
        }
        guard let id, let ownerId, let note, let billable, let intervals, let createdAt, let updatedAt else {
            throw GiveUp()
        }
        recordRead()
        return ExportFile.TimerEntry(
            id: id, ownerId: ownerId, taskId: taskId, projectId: projectId, note: note, billable: billable, tags: tags,
            intervals: intervals, createdAt: createdAt, updatedAt: updatedAt)
    }

    private mutating func interval() throws(GiveUp) -> ExportFile.TimerEntry.Interval {
        var start: Date?
        var end: Date?
        var seen = Seen()
        var more = try objectStart()
        while more {
            let key = try key()
            if matches(key, "start") {
                try seen.mark(0)
                start = try instant()
            } else if matches(key, "end") {
                try seen.mark(1)
                end = try null() ? nil : instant()
            } else {
                throw GiveUp()
            }
            more = try objectNext()
        }
        guard let start else { throw GiveUp() }
        return ExportFile.TimerEntry.Interval(start: start, end: end)
    }

    private mutating func timeEntry() throws(GiveUp) -> ExportFile.TimeEntryEntry {
        var id: UUID?
        var taskId: UUID?
        var projectId: UUID?
        var start: Date?
        var durationSeconds: Int?
        var note: String?
        var billable: Bool?
        var tags: [String]?
        var loggedBy: UUID?
        var createdAt: Date?
        var updatedAt: Date?
        var seen = Seen()
        var more = try objectStart()
        while more {
            let key = try key()
            if matches(key, "id") {
                try seen.mark(0)
                id = try self.id()
            } else if matches(key, "task_id") {
                try seen.mark(1)
                taskId = try null() ? nil : self.id()
            } else if matches(key, "project_id") {
                try seen.mark(2)
                projectId = try null() ? nil : self.id()
            } else if matches(key, "start") {
                try seen.mark(3)
                start = try instant()
            } else if matches(key, "duration_seconds") {
                try seen.mark(4)
                durationSeconds = try integer()
            } else if matches(key, "note") {
                try seen.mark(5)
                note = try string()
            } else if matches(key, "billable") {
                try seen.mark(6)
                billable = try bool()
            } else if matches(key, "tags") {
                try seen.mark(7)
                tags = try array { reader throws(GiveUp) in try reader.string() }
            } else if matches(key, "logged_by") {
                try seen.mark(8)
                loggedBy = try self.id()
            } else if matches(key, "created_at") {
                try seen.mark(9)
                createdAt = try instant()
            } else if matches(key, "updated_at") {
                try seen.mark(10)
                updatedAt = try instant()
            } else {
                throw GiveUp()
            }
            more = try objectNext()
        }
        guard let id, let start, let durationSeconds, let note, let billable, let tags, let loggedBy, let createdAt,
            let updatedAt
        else { throw GiveUp() }
        recordRead()
        return ExportFile.TimeEntryEntry(
            id: id, taskId: taskId, projectId: projectId, start: start, durationSeconds: durationSeconds, note: note,
            billable: billable, tags: tags, loggedBy: loggedBy, createdAt: createdAt, updatedAt: updatedAt)
    }

    /// The keys of one object read so far: a key twice gives up (which one `JSONDecoder` keeps is its business).
    private struct Seen {
        private var bits: UInt32 = 0

        mutating func mark(_ bit: UInt32) throws(GiveUp) {
            guard bits & (1 << bit) == 0 else { throw GiveUp() }
            bits |= 1 << bit
        }
    }

    // MARK: Values

    private mutating func id() throws(GiveUp) -> UUID {
        if let raw = try rawString(), let id = ExportText.id(utf8: raw) { return id }
        guard let id = ExportFile.id(try string()) else { throw GiveUp() }
        return id
    }

    private mutating func instant() throws(GiveUp) -> Date {
        if let raw = try rawString(), let date = ExportText.instant(utf8: raw),
            AcceptedRange.instants.contains(date)
        {
            return date
        }
        guard let date = ExportFile.instant(try string()) else { throw GiveUp() }
        return date
    }

    /// The bytes of the string value here when it holds no escape and no control character, the reader moved
    /// past it; nil (and the reader not moved) otherwise, for ``string()`` to read.
    private mutating func rawString() throws(GiveUp) -> UnsafeBufferPointer<UInt8>? {
        skipSpace()
        guard peek() == UInt8(ascii: "\"") else { throw GiveUp() }
        var end = at + 1
        while end < bytes.count {
            let byte = bytes[end]
            if byte == UInt8(ascii: "\"") {
                let raw = UnsafeBufferPointer(rebasing: bytes[at + 1..<end])
                at = end + 1
                return raw
            }
            if byte == UInt8(ascii: "\\") || byte < 0x20 { return nil }
            end += 1
        }
        throw GiveUp()
    }

    private mutating func string() throws(GiveUp) -> String {
        if let raw = try rawString() {
            guard let text = String(validating: raw, as: UTF8.self) else { throw GiveUp() }
            return text
        }
        // With escapes: the bytes are copied and the escapes replaced as JSON defines them.
        at += 1
        var utf8: [UInt8] = []
        while at < bytes.count {
            let byte = bytes[at]
            at += 1
            switch byte {
            case UInt8(ascii: "\""):
                guard let text = String(validating: utf8, as: UTF8.self) else { throw GiveUp() }
                return text
            case UInt8(ascii: "\\"):
                try escape(into: &utf8)
            case 0..<0x20:
                throw GiveUp()
            default:
                utf8.append(byte)
            }
        }
        throw GiveUp()
    }

    private mutating func escape(into utf8: inout [UInt8]) throws(GiveUp) {
        guard at < bytes.count else { throw GiveUp() }
        let byte = bytes[at]
        at += 1
        switch byte {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): utf8.append(byte)
        case UInt8(ascii: "b"): utf8.append(0x08)
        case UInt8(ascii: "f"): utf8.append(0x0C)
        case UInt8(ascii: "n"): utf8.append(0x0A)
        case UInt8(ascii: "r"): utf8.append(0x0D)
        case UInt8(ascii: "t"): utf8.append(0x09)
        case UInt8(ascii: "u"):
            var value = try hex4()
            if (0xD800..<0xDC00).contains(value) {
                // A high surrogate counts only followed by an escaped low one.
                guard at + 1 < bytes.count, bytes[at] == UInt8(ascii: "\\"), bytes[at + 1] == UInt8(ascii: "u") else {
                    throw GiveUp()
                }
                at += 2
                let low = try hex4()
                guard (0xDC00..<0xE000).contains(low) else { throw GiveUp() }
                value = 0x10000 + ((value - 0xD800) << 10) + (low - 0xDC00)
            }
            guard let scalar = Unicode.Scalar(value) else { throw GiveUp() }
            utf8.append(contentsOf: String(scalar).utf8)
        default:
            throw GiveUp()
        }
    }

    private mutating func hex4() throws(GiveUp) -> UInt32 {
        guard at + 4 <= bytes.count else { throw GiveUp() }
        var value: UInt32 = 0
        for _ in 0..<4 {
            let byte = bytes[at]
            at += 1
            let digit: UInt8
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
            default: throw GiveUp()
            }
            value = value << 4 | UInt32(digit)
        }
        return value
    }

    /// An integer written as plain digits (a leading minus allowed); a fraction, an exponent, a leading zero
    /// or a value beyond `Int` gives up.
    private mutating func integer() throws(GiveUp) -> Int {
        skipSpace()
        let negative = peek() == UInt8(ascii: "-")
        if negative { at += 1 }
        guard isDigit(peek()) else { throw GiveUp() }
        if peek() == UInt8(ascii: "0"), at + 1 < bytes.count, isDigit(bytes[at + 1]) { throw GiveUp() }
        var value = 0
        while isDigit(peek()) {
            let (times, overflowed) = value.multipliedReportingOverflow(by: 10)
            let (sum, overflowedAgain) = times.addingReportingOverflow(Int(bytes[at] - UInt8(ascii: "0")))
            guard !overflowed, !overflowedAgain else { throw GiveUp() }
            value = sum
            at += 1
        }
        let next = peek()
        guard next != UInt8(ascii: "."), next != UInt8(ascii: "e"), next != UInt8(ascii: "E") else { throw GiveUp() }
        return negative ? -value : value
    }

    private mutating func bool() throws(GiveUp) -> Bool {
        if literal("true") { return true }
        if literal("false") { return false }
        throw GiveUp()
    }

    /// Whether a `null` is here, moving past it if so.
    private mutating func null() -> Bool {
        literal("null")
    }

    private mutating func literal(_ word: StaticString) -> Bool {
        skipSpace()
        let count = word.utf8CodeUnitCount
        guard let base = bytes.baseAddress, at + count <= bytes.count, memcmp(base + at, word.utf8Start, count) == 0
        else { return false }
        at += count
        return true
    }

    // MARK: Structure

    private mutating func array<Element>(_ element: (inout ExportFileReader) throws(GiveUp) -> Element)
        throws(GiveUp) -> [Element]
    {
        skipSpace()
        guard peek() == UInt8(ascii: "[") else { throw GiveUp() }
        at += 1
        var elements: [Element] = []
        skipSpace()
        if peek() == UInt8(ascii: "]") {
            at += 1
            return elements
        }
        while true {
            elements.append(try element(&self))
            skipSpace()
            let next = peek()
            at += 1
            if next == UInt8(ascii: "]") { return elements }
            guard next == UInt8(ascii: ",") else { throw GiveUp() }
        }
    }

    /// Moves past `{`; whether a member follows (false: the object was empty and is read).
    private mutating func objectStart() throws(GiveUp) -> Bool {
        skipSpace()
        guard peek() == UInt8(ascii: "{") else { throw GiveUp() }
        at += 1
        skipSpace()
        if peek() == UInt8(ascii: "}") {
            at += 1
            return false
        }
        return true
    }

    /// Moves past the `,` before another member (true) or the closing `}` (false).
    private mutating func objectNext() throws(GiveUp) -> Bool {
        skipSpace()
        let next = peek()
        at += 1
        if next == UInt8(ascii: ",") { return true }
        guard next == UInt8(ascii: "}") else { throw GiveUp() }
        return false
    }

    /// A member's key and the `:` after it. A key written with escapes gives up.
    private mutating func key() throws(GiveUp) -> UnsafeBufferPointer<UInt8> {
        guard let key = try rawString() else { throw GiveUp() }
        skipSpace()
        guard peek() == UInt8(ascii: ":") else { throw GiveUp() }
        at += 1
        return key
    }

    private func matches(_ key: UnsafeBufferPointer<UInt8>, _ name: StaticString) -> Bool {
        guard let base = key.baseAddress, key.count == name.utf8CodeUnitCount else { return false }
        return memcmp(base, name.utf8Start, key.count) == 0
    }

    private mutating func skipSpace() {
        while at < bytes.count {
            switch bytes[at] {
            case 0x20, 0x0A, 0x0D, 0x09: at += 1
            default: return
            }
        }
    }

    /// The byte here, or 0 at the end (a byte no valid document has outside strings).
    private func peek() -> UInt8 {
        at < bytes.count ? bytes[at] : 0
    }

    private func isDigit(_ byte: UInt8) -> Bool {
        byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
    }
}

// The records' own initializers take entities (for export); these take the fields, as the reader finds them.

extension ExportFile.ProjectEntry {
    fileprivate init(id: UUID, name: String, note: String, archivedAt: Date?, createdAt: Date, updatedAt: Date) {
        self.id = id
        self.name = name
        self.note = note
        self.archivedAt = archivedAt
        self.createdAt = createdAt
        self.updatedAt = updatedAt
    }
}

extension ExportFile.ListEntry {
    fileprivate init(id: UUID, projectId: UUID, name: String, createdAt: Date, updatedAt: Date) {
        self.id = id
        self.projectId = projectId
        self.name = name
        self.createdAt = createdAt
        self.updatedAt = updatedAt
    }
}

extension ExportFile.TaskEntry {
    fileprivate init(
        id: UUID, projectId: UUID?, listId: UUID?, title: String, note: String, status: String, priority: String,
        due: String?, tags: [String], estimateSeconds: Int?, completedAt: Date?, assigneeId: UUID?, createdAt: Date,
        updatedAt: Date, parentId: UUID?, prerequisiteIds: [UUID]?, repeatRule: String?, repeatUntil: String?,
        seriesId: UUID?, seriesStart: String?
    ) {
        self.parentId = parentId
        self.prerequisiteIds = prerequisiteIds
        self.repeatRule = repeatRule
        self.repeatUntil = repeatUntil
        self.seriesId = seriesId
        self.seriesStart = seriesStart
        self.id = id
        self.projectId = projectId
        self.listId = listId
        self.title = title
        self.note = note
        self.status = status
        self.priority = priority
        self.due = due
        self.tags = tags
        self.estimateSeconds = estimateSeconds
        self.completedAt = completedAt
        self.assigneeId = assigneeId
        self.createdAt = createdAt
        self.updatedAt = updatedAt
    }
}

extension ExportFile.TimerEntry {
    fileprivate init(
        id: UUID, ownerId: UUID, taskId: UUID?, projectId: UUID?, note: String, billable: Bool, tags: [String]?,
        intervals: [Interval], createdAt: Date, updatedAt: Date
    ) {
        self.id = id
        self.ownerId = ownerId
        self.taskId = taskId
        self.projectId = projectId
        self.note = note
        self.billable = billable
        self.tags = tags
        self.intervals = intervals
        self.createdAt = createdAt
        self.updatedAt = updatedAt
    }
}

extension ExportFile.TimeEntryEntry {
    fileprivate init(
        id: UUID, taskId: UUID?, projectId: UUID?, start: Date, durationSeconds: Int, note: String, billable: Bool,
        tags: [String], loggedBy: UUID, createdAt: Date, updatedAt: Date
    ) {
        self.id = id
        self.taskId = taskId
        self.projectId = projectId
        self.start = start
        self.durationSeconds = durationSeconds
        self.note = note
        self.billable = billable
        self.tags = tags
        self.loggedBy = loggedBy
        self.createdAt = createdAt
        self.updatedAt = updatedAt
    }
}
