import Foundation
import TerminalUI

/// Turns feature models into screens. Pure: no I/O, no clock (relative dates use the `today` it was given).
struct TasksPresenter: Sendable {
    static let emptyListMessage = "No tasks match. Add one with: stint task add \"title\""

    let format: OutputFormat
    let today: CalendarDay
    let timeZone: any DisplayTimeZone

    // MARK: Reads

    func list(_ tasks: [Task], query: TaskQuery) -> TasksScreen {
        if format == .json { return .json(tasks) }
        guard !tasks.isEmpty else { return .lines([Self.emptyListMessage]) }
        return .table(table(for: tasks, showStatus: query.status.includesDone))
    }

    func count(_ count: Int) -> TasksScreen {
        format == .json ? .json(CountPayload(count: count)) : .essential(["\(count)"])
    }

    func detail(_ task: Task) -> TasksScreen {
        if format == .json { return .json(task) }
        return .detail(taskDetail(task))
    }

    func dashboard(_ dashboard: Dashboard) -> TasksScreen {
        if format == .json { return .json(dashboard) }
        let groups: [(String, TextColor?, [Task], Int, String)] = [
            ("Overdue", .red, dashboard.overdue, dashboard.overdueCount, "stint task list --due overdue"),
            ("Due today", .yellow, dashboard.dueToday, dashboard.dueTodayCount, "stint task list --due today"),
            (
                "In progress", .cyan, dashboard.inProgress, dashboard.inProgressCount,
                "stint task list --status in-progress"
            ),
        ]
        let sections = groups.filter { !$0.2.isEmpty }.map { title, color, tasks, total, command in
            DashboardSection(
                title: "\(title) (\(NumberText.grouped(total)))",
                color: color,
                table: table(for: tasks, showStatus: false, compact: true),
                more: total > tasks.count ? "… and \(NumberText.grouped(total - tasks.count)) more: \(command)" : nil
            )
        }
        let open = dashboard.openCount == 1 ? "1 open task" : "\(NumberText.grouped(dashboard.openCount)) open tasks"
        let summary =
            sections.isEmpty
            ? "Nothing overdue, due today or in progress. \(open)."
            : "\(open) in total."
        return .dashboard(DashboardScreen(sections: sections, summary: summary))
    }

    // MARK: Mutations

    func confirmation(_ kind: Confirmation, task: Task) -> TasksScreen {
        if format == .json { return .json(task) }
        return .lines([confirmationLine(kind, task: task)] + followUpLines(task))
    }

    /// A command on several tasks: one line per task, or the array of them in JSON.
    func confirmations(_ kind: Confirmation, tasks: [Task]) -> TasksScreen {
        if format == .json { return .json(tasks) }
        // What they led to comes after all of them (a task two of them unblocked is named once).
        var named = Set<String>()
        let followUps = tasks.flatMap { task in
            var once = task
            once.unblocked = task.unblocked.filter { named.insert($0.id).inserted }
            return followUpLines(once)
        }
        return .lines(tasks.map { confirmationLine(kind, task: $0) } + followUps)
    }

    /// What a completion led to: the tasks it unblocked, and a recurring task's next occurrence.
    private func followUpLines(_ task: Task) -> [String] {
        var lines = task.unblocked.map { "Unblocked task \($0.number) \(DisplayText.quoted($0.title))" }
        if let next = task.nextOccurrence {
            let due = task.repeatRule.map { " (\($0))" } ?? ""
            lines.append("Next: task \(next.number) \(DisplayText.quoted(next.title))\(due)")
        }
        return lines
    }

    /// An edit in a form that changed nothing: say so (JSON: the task as it is).
    func unchanged(_ task: Task) -> TasksScreen {
        if format == .json { return .json(task) }
        return .lines(["Nothing changed: task \(task.number) \(DisplayText.quoted(task.title)) is as it was."])
    }

    private func confirmationLine(_ kind: Confirmation, task: Task) -> String {
        let name = "task \(task.number) \(DisplayText.quoted(task.title))"
        switch kind {
        case .added: return "Added \(name) to \(Self.destination(of: task))"
        case .edited(let fields): return "Updated \(name): \(fields.joined(with: ", "))"
        case .completed: return "Completed \(name)"
        case .reopened: return "Reopened \(name)"
        case .started: return "Started \(name)"
        case .deleted: return "Deleted \(name)" + Self.loggedTimeSuffix(task)
        case .moved: return "Moved \(name) to \(Self.destination(of: task))"
        case .noteAppended: return "Added a note to \(name)"
        }
    }

    func deletionQuestion(for task: Task) -> String {
        "Delete task \(task.number) \(DisplayText.quoted(task.title))\(Self.loggedTimeSuffix(task))?"
    }

    /// One task: the one-line question. Several: one line per task, then the question with their total time.
    func deletionQuestion(for tasks: [Task]) -> String {
        guard tasks.count > 1 else { return tasks.first.map { deletionQuestion(for: $0) } ?? "" }
        let lines = tasks.map { task in
            let logged = task.loggedSeconds.flatMap { $0 > 0 ? " · \(DurationText.format(seconds: $0)) logged" : nil }
            return "  \(task.number) \(DisplayText.quoted(task.title))\(logged ?? "")"
        }
        return (lines + ["Delete these \(deletionSubject(tasks, listed: true))?"]).joined(with: "\n")
    }

    /// What a delete takes: `task 7 "x" and its 2h of logged time`, `3 tasks (7, 8 and 9) and their 2h of logged
    /// time` (`these 3 tasks…` under a list of them).
    func deletionSubject(_ tasks: [Task], listed: Bool = false) -> String {
        guard tasks.count > 1 else {
            return tasks.first.map { "task \($0.number) \(DisplayText.quoted($0.title))\(Self.loggedTimeSuffix($0))" }
                ?? "no task"
        }
        let numbers = tasks.map { String($0.number) }
        let named = listed ? "" : " (\(numbers.dropLast().joined(with: ", ")) and \(numbers[numbers.count - 1]))"
        let seconds = tasks.reduce(0) { $0 + max(0, $1.loggedSeconds ?? 0) }
        let time = seconds > 0 ? " and their \(DurationText.format(seconds: seconds)) of logged time" : ""
        return "\(tasks.count) tasks\(named)\(time)"
    }

    /// Several tasks kept: one line (JSON: nothing, as for one).
    func deletionDeclined(_ tasks: [Task]) -> TasksScreen {
        guard tasks.count > 1 else { return tasks.first.map(deletionDeclined) ?? .lines([]) }
        if format == .json { return .lines([]) }
        return .lines(["Kept \(tasks.count) tasks; nothing was deleted."])
    }

    /// Deleting a task takes the time logged on it along; saying so avoids a surprise in the next report.
    static func loggedTimeSuffix(_ task: Task) -> String {
        guard let seconds = task.loggedSeconds, seconds > 0 else { return "" }
        return " and its \(DurationText.format(seconds: seconds)) of logged time"
    }

    /// JSON mode prints nothing: no item was changed, and a declined prompt only happens with a person watching.
    func deletionDeclined(_ task: Task) -> TasksScreen {
        if format == .json { return .lines([]) }
        return .lines(["Kept task \(task.number) \(DisplayText.quoted(task.title)); nothing was deleted."])
    }

    // MARK: Picker (human text in every format: it only runs with someone at the terminal)

    static let pickerPrompt = "Task number, or words to search (empty to cancel): "
    static let nothingToPickMessage = "No open tasks to pick from. Add one with: stint task add \"title\""
    /// More rows than this no longer fit on one screen next to the prompt; searching narrows the rest.
    static let pickerPageSize = 15
    /// After this many unanswerable replies the picker stops, so a confused user is never stuck in a loop.
    static let pickerRounds = 5

    /// The candidates as a compact table, with a hint when only the first few of `total` are shown.
    func pickerCandidates(_ tasks: [Task], total: Int) -> [TasksScreen] {
        var screens = [TasksScreen.table(table(for: tasks, showStatus: false, compact: true))]
        if total > tasks.count {
            screens.append(
                .essential([
                    "Showing \(tasks.count) of \(NumberText.grouped(total)) tasks; type words to narrow the list."
                ]))
        }
        return screens
    }

    func nothingToPick() -> TasksScreen {
        .essential([Self.nothingToPickMessage])
    }

    func pickerNoMatch(_ words: String) -> TasksScreen {
        .essential(["No open task matches \(DisplayText.quoted(words)); try other words or a number from the list."])
    }

    func pickerNotOffered(_ number: Int) -> TasksScreen {
        .essential(["Task \(number) is not in the list; type a number from the # column."])
    }

    func pickerGaveUp() -> TasksScreen {
        .essential(["No task picked after \(Self.pickerRounds) tries."])
    }

    // MARK: Pieces

    func table(for tasks: [Task], showStatus: Bool, compact: Bool = false) -> TaskTable {
        var columns = [
            TableColumn("#", alignment: .right),
            TableColumn("Title", flexible: true),
            TableColumn("Project", flexible: true),
            TableColumn("Due"),
            TableColumn("Pri"),
        ]
        // On a narrow terminal these go first, in this order (TableColumn.DropRank).
        if !compact {
            columns.append(TableColumn("Tags", dropRank: TableColumn.DropRank.tags))
            columns.append(TableColumn("Est", alignment: .right, dropRank: TableColumn.DropRank.estimate))
        }
        if showStatus { columns.append(TableColumn("Status", dropRank: TableColumn.DropRank.status)) }

        let rows = tasks.map { task in
            // Room for every column at once: a row that grew past its first five cells was copied (7,500 rows).
            var row: [TableCell] = []
            row.reserveCapacity(columns.count)
            row.append(TableCell(String(task.number)))
            row.append(TableCell(Self.listedTitle(task), color: task.isBlocked ? .dim : nil))
            // Raw: the table escapes what could make a row read backwards, in the cells that are not plain ASCII.
            row.append(TableCell(Self.rawLocation(of: task) ?? ""))
            row.append(dueCell(task))
            row.append(priorityCell(task.priority))
            if !compact {
                row.append(TableCell(task.tags.joined(with: ", ")))
                row.append(TableCell(task.estimateSeconds.map { DurationText.format(seconds: $0) } ?? ""))
            }
            if showStatus { row.append(statusCell(task.status)) }
            return row
        }
        return TaskTable(columns: columns, rows: rows)
    }

    /// The title as a listing shows it: a parent's subtask progress ("[2/5]"), the open tasks a blocked task waits
    /// on ("(after 12, 14)"), and "↻" on a recurring task, so a list says what can be done now.
    static func listedTitle(_ task: Task) -> String {
        var title = DisplayText.singleLine(task.title)
        if task.repeatRule != nil { title += " ↻" }
        if !task.subtasks.isEmpty {
            title += " [\(task.subtasks.filter { $0.status == .done }.count)/\(task.subtasks.count)]"
        }
        let waitingOn = task.after.filter { $0.status != .done }.map { String($0.number) }
        if !waitingOn.isEmpty { title += " (after \(waitingOn.joined(with: ", ")))" }
        return title
    }

    func dueCell(_ task: Task) -> TableCell {
        guard let due = task.due else { return TableCell("") }
        return TableCell(RelativeDayText.describe(due, today: today), color: dueColor(task))
    }

    func dueColor(_ task: Task) -> TextColor? {
        if task.isOverdue(on: today) { return .red }
        if task.isDue(on: today) { return .yellow }
        return nil
    }

    func priorityCell(_ priority: Priority) -> TableCell {
        TableCell(priority == .none ? "" : priority.rawValue, color: Self.color(of: priority))
    }

    func statusCell(_ status: TaskStatus) -> TableCell {
        TableCell(Self.label(of: status), color: Self.color(of: status))
    }

    func taskDetail(_ task: Task) -> TaskDetail {
        var fields = [
            DetailField(label: "Status", value: Self.label(of: task.status), color: Self.color(of: task.status)),
            DetailField(label: "Priority", value: task.priority.rawValue, color: Self.color(of: task.priority)),
            DetailField(label: "Due", value: dueDescription(task), color: dueColor(task)),
            DetailField(label: "Project", value: task.projectName.map(DisplayText.singleLine) ?? "none (inbox)"),
            DetailField(label: "List", value: task.listName.map(DisplayText.singleLine) ?? "none"),
        ]
        if let parent = task.parent {
            fields.append(DetailField(label: "Parent", value: "\(parent.number) \(DisplayText.quoted(parent.title))"))
        }
        if !task.after.isEmpty {
            let links = task.after.map { "\($0.number) \(DisplayText.quoted($0.title)) (\(Self.label(of: $0.status)))" }
            let open = task.after.filter { $0.status != .done }.count
            fields.append(
                DetailField(
                    label: "After", value: links.joined(with: ", "), color: open > 0 ? .yellow : nil))
            fields.append(
                DetailField(
                    label: "Blocked",
                    value: open == 0 ? "no" : open == 1 ? "yes, by 1 open task" : "yes, by \(open) open tasks",
                    color: open > 0 ? .yellow : nil))
        }
        if !task.subtasks.isEmpty {
            let done = task.subtasks.filter { $0.status == .done }.count
            fields.append(DetailField(label: "Subtasks", value: "\(done) of \(task.subtasks.count) done"))
        }
        if let rule = task.repeatRule {
            let until = task.repeatUntil.map { " until \($0.iso)" } ?? ""
            fields.append(DetailField(label: "Repeats", value: rule + until))
        }
        fields += [
            DetailField(label: "Assignee", value: task.assignee.map(DisplayText.singleLine) ?? "nobody"),
            DetailField(label: "Tags", value: task.tags.isEmpty ? "none" : Self.tagList(task.tags)),
            DetailField(
                label: "Estimate",
                value: task.estimateSeconds.map { DurationText.format(seconds: $0) } ?? "none"
            ),
        ]
        if let logged = loggedField(task) { fields.append(logged) }
        fields += [
            DetailField(label: "Created", value: timestamp(task.createdAt)),
            DetailField(label: "Updated", value: timestamp(task.updatedAt)),
        ]
        if let completedAt = task.completedAt {
            fields.append(DetailField(label: "Completed", value: timestamp(completedAt)))
        }
        fields.append(DetailField(label: "ID", value: task.id))
        let noteLines =
            task.note.isEmpty
            ? []
            : task.note.split(separator: "\n", omittingEmptySubsequences: false).map {
                DisplayText.singleLine(String($0))
            }
        return TaskDetail(
            heading: "Task \(task.number): \(DisplayText.singleLine(task.title))",
            fields: fields,
            noteLines: noteLines,
            subtaskLines: task.subtasks.map { link in
                let mark = link.status == .done ? "✓" : link.status == .inProgress ? "▸" : "·"
                return "\(mark) \(link.number) \(DisplayText.singleLine(link.title))"
            }
        )
    }

    /// Going over by more than this fraction of the estimate turns the Logged line from yellow to red: a little
    /// over is normal, far over means the estimate (or the task) needs another look.
    static let badlyOverFraction = 0.25

    /// "2h 10m of 3h estimate (72%)", "2h 10m", "nothing yet", with " — 40m over" past the estimate; `nil` (no
    /// line at all) when the logged time was not loaded, since "nothing yet" would then be a guess.
    func loggedField(_ task: Task) -> DetailField? {
        guard let own = task.loggedSeconds else { return nil }
        // Time on subtasks counts towards the parent (and its estimate); the split says where it went.
        let onSubtasks = max(0, task.subtasksLoggedSeconds ?? 0)
        let logged = own + onSubtasks
        guard logged > 0 else { return DetailField(label: "Logged", value: "nothing yet") }
        var spent = DurationText.format(seconds: logged)
        if onSubtasks > 0 {
            spent +=
                " (\(DurationText.format(seconds: own)) here, \(DurationText.format(seconds: onSubtasks)) on subtasks)"
        }
        guard let estimate = task.estimateSeconds, estimate > 0 else {
            return DetailField(label: "Logged", value: spent)
        }
        // Rounded down, so "100%" is only shown once the estimate is actually used up. The cap keeps absurd
        // stored values from overflowing the conversion back to Int.
        let ratio = (Double(logged) / Double(estimate) * 100).rounded(.down)
        let percent = ratio < Double(Int.max) ? Int(ratio) : Int.max
        var value = "\(spent) of \(DurationText.format(seconds: estimate)) estimate (\(percent)%)"
        guard logged > estimate else { return DetailField(label: "Logged", value: value) }
        let over = logged - estimate
        value += " — \(DurationText.format(seconds: over)) over"
        let color: TextColor = Double(over) > Double(estimate) * Self.badlyOverFraction ? .red : .yellow
        return DetailField(label: "Logged", value: value, color: color)
    }

    func dueDescription(_ task: Task) -> String {
        guard let due = task.due else { return "none" }
        let relative = RelativeDayText.describe(due, today: today)
        var text = relative == due.iso ? due.iso : "\(relative) (\(due.iso))"
        if task.isOverdue(on: today) { text += ", overdue" }
        return text
    }

    /// "2026-03-01 14:05" in the presenter's time zone (minute precision is what people read).
    func timestamp(_ date: Date) -> String {
        TimestampText.minute(date, in: timeZone)
    }

    static func label(of status: TaskStatus) -> String {
        switch status {
        case .open: "open"
        case .inProgress: "in progress"
        case .done: "done"
        }
    }

    static func color(of status: TaskStatus) -> TextColor? {
        switch status {
        case .open: nil
        case .inProgress: .cyan
        case .done: .green
        }
    }

    static func color(of priority: Priority) -> TextColor? {
        switch priority {
        case .high: .red
        case .medium: .yellow
        case .low, .none: nil
        }
    }

    /// "Work/Backlog", "Work", or nil for the inbox; shown as titles are (``DisplayText/singleLine(_:)``), so a
    /// bidirectional control in a name cannot make the row read differently. Checked once, on the joined text.
    static func location(of task: Task) -> String? {
        rawLocation(of: task).map(DisplayText.singleLine)
    }

    /// "Work/Backlog" as stored, for a table cell (the table does the escaping).
    static func rawLocation(of task: Task) -> String? {
        guard let project = task.projectName else { return task.listName }
        guard let list = task.listName else { return project }
        return "\(project)/\(list)"
    }

    /// "errands, home": the tags as a table cell or detail value shows them, escaped as titles are. Stored tags are
    /// nearly always plain ASCII, which the escape check hands back untouched after one look at the bytes.
    static func tagList(_ tags: [String]) -> String {
        DisplayText.singleLine(tags.joined(with: ", "))
    }

    static func destination(of task: Task) -> String {
        location(of: task) ?? "the inbox"
    }

}
