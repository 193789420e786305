import Foundation

/// A small, seeded random number generator, so every bench run imports exactly the same data and
/// numbers from two machines (or two commits) compare like with like.
struct SplitMix64: RandomNumberGenerator {
    private var state: UInt64

    init(seed: UInt64) {
        state = seed
    }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

/// Writes a `stint export` file (format "stint-export", version 2) that looks like a busy person's data:
/// 20 projects with 3 lists each, and tasks with realistic titles, tags, due dates spread around "now",
/// priorities, estimates, notes, and a quarter of them done; then time entries spread over the two years
/// before "now" (working days busier than weekends, some across midnight, a third billable).
struct ExportGenerator {
    let taskCount: Int
    let entryCount: Int
    let now: Date
    private var random = SplitMix64(seed: 20_261_121)
    /// Lays the time entries end to end instead (see `laidEndToEnd`): `stint-bench peers` sets it, because
    /// Timewarrior assumes intervals never overlap and reads wrong totals from data where they do.
    var endToEnd = false
    /// The person every generated entry is logged by (with `people` above one: the first person, whom the
    /// export names as this device's person).
    static let personID = "0b0b0b0b-0000-4000-8000-000000000001"
    /// How many people's data this is: each brings their own 20 projects ("Website relaunch", "Website
    /// relaunch 2", …) and works on their own tasks, which share out `taskCount` and `entryCount` evenly. The
    /// scale run (`--people 10 --tasks 100000 --entries 1000000`) is ten standard sets in one team database,
    /// so a command about one project or one person answers about as much as on the standard set.
    let people: Int

    init(taskCount: Int, entryCount: Int, now: Date, people: Int = 1) {
        self.taskCount = taskCount
        self.entryCount = entryCount
        self.now = now
        self.people = max(1, people)
    }

    static func personID(_ person: Int) -> String {
        person == 0 ? personID : "0b0b0b0b-0000-4000-8000-" + String(person + 1).leftPadded(to: 12)
    }

    static let projectNames = [
        "Website relaunch", "Q4 planning", "Home renovation", "Garden", "Tax return 2026", "Mobile app",
        "Customer onboarding", "Hiring", "Conference talk", "Book club", "Marathon training", "Kitchen remodel",
        "Data migration", "Security audit", "Podcast", "Wedding", "Team handbook", "Budget 2027", "Open source",
        "Side project",
    ]
    static let listNames = [
        "Backlog", "Next up", "Waiting for", "Ideas", "In review", "Errands", "Someday", "This week",
    ]
    static let verbs = [
        "Write", "Review", "Update", "Fix", "Call", "Email", "Plan", "Draft", "Schedule", "Prepare", "Clean up",
        "Research", "Buy", "Book", "Refactor", "Test", "Document", "Order", "Send", "Check",
    ]
    static let objects = [
        "the quarterly report", "invoice", "onboarding checklist", "landing page copy", "flight to Berlin",
        "dentist appointment", "API rate limits", "database backup", "team offsite agenda", "budget spreadsheet",
        "release notes", "pull request", "garden hose", "birthday present for Sam", "insurance renewal",
        "conference slides", "customer feedback", "hiring rubric", "tax documents", "kitchen tiles",
    ]
    static let qualifiers = ["", "", "", "", " before Friday", " (follow-up)", " v2", " with Ana", " for the board"]
    static let tags = [
        "urgent", "errand", "writing", "call", "email", "review", "waiting", "q4", "finance", "health", "home",
        "deep-work", "meeting", "research", "admin",
    ]
    static let noteLines = [
        "Ask Ana for the latest numbers first.", "Blocked until the contract is signed.",
        "See the thread from last Tuesday.", "Keep it under two pages.", "Budget: 400 EUR.",
        "Link: https://example.com/spec", "Remember the receipts.",
    ]
    static let estimates = [900, 1_800, 2_700, 3_600, 5_400, 7_200, 14_400]

    /// The whole document, ready for JSONSerialization.
    mutating func document() -> [String: Any] {
        var projects: [[String: Any]] = []
        var lists: [[String: Any]] = []
        var listsByProject: [String: [String]] = [:]
        var projectIDs = Array(repeating: [String](), count: people)
        for person in 0..<people {
            for name in Self.projectNames {
                let id = uuid()
                projectIDs[person].append(id)
                project(id: id, name: person == 0 ? name : "\(name) \(person + 1)", into: &projects, &lists)
            }
        }
        for list in lists {
            if let project = list["project_id"] as? String, let id = list["id"] as? String {
                listsByProject[project, default: []].append(id)
            }
        }
        // Task n is person (n - 1) % people's; entry k is person k % people's (with one person: everything).
        let tasks = (1...max(1, taskCount)).map { index in
            task(index: index, projectIDs: projectIDs[(index - 1) % people], listsByProject: listsByProject)
        }
        var taskIDs = Array(repeating: [String](), count: people)
        for (index, task) in tasks.enumerated() {
            if let id = task["id"] as? String { taskIDs[index % people].append(id) }
        }
        var entries = (0..<entryCount).map { index in
            entry(taskIDs: taskIDs[index % people], projectIDs: projectIDs[index % people], person: index % people)
        }
        if endToEnd { entries = laidEndToEnd(entries) }
        return [
            "format": "stint-export", "version": 2, "exported_at": stamp(now), "projects": projects, "lists": lists,
            "tasks": tasks, "timers": [], "time_entries": entries, "person_id": Self.personID,
        ]
    }

    /// A project and its three lists (drawn in the order the generator always drew them, so one person's data
    /// is the same as before there could be several).
    private mutating func project(
        id: String, name: String, into projects: inout [[String: Any]], _ lists: inout [[String: Any]]
    ) {
        let created = past(days: 200...400)
        projects.append([
            "id": id, "name": name, "note": chance(0.3) ? pick(Self.noteLines) : "", "archived_at": NSNull(),
            "created_at": stamp(created), "updated_at": stamp(created),
        ])
        for listName in Self.listNames.shuffled(using: &random).prefix(3) {
            let listID = uuid()
            let listCreated = created.addingTimeInterval(Double(int(0...86_400 * 30)))
            lists.append([
                "id": listID, "project_id": id, "name": listName, "created_at": stamp(listCreated),
                "updated_at": stamp(listCreated),
            ])
        }
    }

    /// One entry in the 730 days before now: 85% on a task, the rest on a project; 5 minutes to 3 hours,
    /// starting between 07:00 and 23:00 UTC so some run past midnight.
    private mutating func entry(taskIDs: [String], projectIDs: [String], person: Int) -> [String: Any] {
        let onTask = chance(0.85)
        let day = now.timeIntervalSince1970 - Double(int(1...730) * 86_400)
        let dayStart = (day / 86_400).rounded(.down) * 86_400
        let start = Date(timeIntervalSince1970: dayStart + Double(int(7 * 3_600...23 * 3_600)))
        let duration = int(1...36) * 300
        let tags = chance(0.3) ? [pick(Self.tags)] : []
        let created = stamp(start.addingTimeInterval(Double(duration)))
        return [
            "id": uuid(), "task_id": onTask ? pick(taskIDs) : NSNull(),
            "project_id": onTask ? NSNull() : pick(projectIDs), "start": stamp(start), "duration_seconds": duration,
            "note": chance(0.2) ? pick(Self.noteLines) : "", "billable": chance(0.33), "tags": tags,
            "logged_by": Self.personID(person), "created_at": created, "updated_at": created,
        ]
    }

    /// The same entries (same targets, notes, tags, in the same order of start), moved so none overlaps
    /// another: the two years before now are cut into one slot per entry, and each entry sits inside its
    /// slot, as long as its drawn duration says (5 minutes: a seventh of the slot, 3 hours: three quarters),
    /// cut at midnight UTC so no entry spans two days.
    private func laidEndToEnd(_ entries: [[String: Any]]) -> [[String: Any]] {
        let end = Int(now.timeIntervalSince1970)
        let span = 730 * 86_400
        let ordered = entries.sorted { ($0["start"] as? String ?? "") < ($1["start"] as? String ?? "") }
        return ordered.enumerated().map { index, entry in
            let slotStart = end - span + index * span / max(1, ordered.count)
            let slot = (end - span + (index + 1) * span / max(1, ordered.count)) - slotStart
            let drawn = entry["duration_seconds"] as? Int ?? 300
            let start = slotStart + slot / 8
            let midnight = (start / 86_400 + 1) * 86_400
            let duration = max(1, min(slot / 8 + slot * 5 / 8 * drawn / 10_800, midnight - start))
            var moved = entry
            let created = stamp(Date(timeIntervalSince1970: Double(start + duration)))
            moved["start"] = stamp(Date(timeIntervalSince1970: Double(start)))
            moved["duration_seconds"] = duration
            moved["created_at"] = created
            moved["updated_at"] = created
            return moved
        }
    }

    private mutating func task(index: Int, projectIDs: [String], listsByProject: [String: [String]]) -> [String: Any] {
        let projectID: String? = chance(0.9) ? pick(projectIDs) : nil
        let listID: String? = projectID.flatMap { chance(0.7) ? listsByProject[$0].map { pick($0) } : nil }
        var title = "\(pick(Self.verbs)) \(pick(Self.objects))\(pick(Self.qualifiers))"
        if chance(0.15) { title += " #\(index)" }
        let tags = Array(Set((0..<int(0...3)).map { _ in pick(Self.tags) })).sorted()
        let due: Any = chance(0.6) ? day(now.addingTimeInterval(Double(int(-30...60)) * 86_400)) : NSNull()
        let roll = int(0...99)
        let priority = roll < 40 ? "none" : roll < 65 ? "low" : roll < 90 ? "medium" : "high"
        let created = past(days: 1...180)
        let updated = min(now, created.addingTimeInterval(Double(int(0...86_400 * 20))))
        let statusRoll = int(0...99)
        let status = statusRoll < 70 ? "open" : statusRoll < 75 ? "in-progress" : "done"
        let note = chance(0.2) ? (0..<int(1...3)).map { _ in pick(Self.noteLines) }.joined(separator: "\n") : ""
        return [
            "id": uuid(), "project_id": projectID ?? NSNull(), "list_id": listID ?? NSNull(), "title": title,
            "note": note, "status": status, "priority": priority, "due": due, "tags": tags,
            "estimate_seconds": chance(0.4) ? pick(Self.estimates) : NSNull(),
            "completed_at": status == "done" ? stamp(updated) : NSNull(), "created_at": stamp(created),
            "updated_at": stamp(updated),
        ]
    }

    // MARK: Random pieces

    private mutating func chance(_ probability: Double) -> Bool {
        Double.random(in: 0..<1, using: &random) < probability
    }

    private mutating func int(_ range: ClosedRange<Int>) -> Int {
        Int.random(in: range, using: &random)
    }

    private mutating func pick<T>(_ values: [T]) -> T {
        values[Int.random(in: 0..<values.count, using: &random)]
    }

    /// A version-4 UUID drawn from the seeded generator.
    private mutating func uuid() -> String {
        var bytes = (0..<16).map { _ in UInt8.random(in: 0...255, using: &random) }
        bytes[6] = (bytes[6] & 0x0F) | 0x40
        bytes[8] = (bytes[8] & 0x3F) | 0x80
        let hex = bytes.map { String($0, radix: 16).leftPadded(to: 2) }.joined()
        let parts = [
            hex.prefix(8), hex.dropFirst(8).prefix(4), hex.dropFirst(12).prefix(4),
            hex.dropFirst(16).prefix(4), hex.dropFirst(20),
        ]
        return parts.joined(separator: "-")
    }

    /// A whole-second instant some days before `now`.
    private mutating func past(days: ClosedRange<Int>) -> Date {
        let seconds = Double(int(days) * 86_400 + int(0...86_399))
        return Date(timeIntervalSince1970: (now.timeIntervalSince1970 - seconds).rounded(.down))
    }

    private func stamp(_ date: Date) -> String {
        date.formatted(Date.ISO8601FormatStyle(includingFractionalSeconds: true))
    }

    private func day(_ date: Date) -> String {
        String(stamp(date).prefix(10))
    }
}

extension String {
    func leftPadded(to width: Int) -> String {
        count >= width ? self : String(repeating: "0", count: width - count) + self
    }
}
