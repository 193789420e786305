import Foundation
import TerminalUI

/// What the view is asked to draw. Every string, column and colour is already chosen; the view only lays it out.
enum ProjectsScreen: Sendable {
    /// One line (a confirmation or an empty-state hint).
    case message(String)
    case table(Table)
    case detail(ProjectDetailViewModel)
    /// Scripted output: the value is encoded as it is, with the models' stable keys.
    case json(any Encodable & Sendable)
}

/// The human `project show` screen.
struct ProjectDetailViewModel: Sendable {
    struct Field: Sendable {
        var label: String
        var value: TableCell
    }

    enum ListsSection: Sendable {
        case table(Table)
        case empty(String)
    }

    var title: TableCell
    /// A short marker printed after the title, e.g. "archived".
    var badge: TableCell?
    var fields: [Field]
    /// The note split into lines; empty when there is no note.
    var noteLines: [String]
    var lists: ListsSection
    /// Printed last, right before the host shows the project's open tasks below the detail.
    var tasksHeading: String
}

/// A project mutation, as the presenter needs it to word the confirmation.
enum ProjectChange: Sendable {
    case added(Project)
    case renamed(from: String, to: Project)
    case archived(Project)
    case unarchived(Project)
    case deleted(Project)

    var project: Project {
        switch self {
        case .added(let project), .renamed(_, let project), .archived(let project), .unarchived(let project),
            .deleted(let project):
            project
        }
    }
}

/// A task-list mutation, as the presenter needs it to word the confirmation.
enum ListChange: Sendable {
    case added(TaskList)
    case renamed(from: String, to: TaskList)
    case deleted(TaskList)

    var list: TaskList {
        switch self {
        case .added(let list), .renamed(_, let list), .deleted(let list): list
        }
    }
}

/// Turns the interactor's results into screens: JSON payloads, or tables, details and one-line messages.
///
/// Pure: no I/O and no clock (relative days are measured from `today`, timestamps shown in `timeZone`).
struct ProjectsPresenter: Sendable {
    let format: OutputFormat
    let today: CalendarDay
    let timeZone: TimeZone

    // MARK: Projects

    func projects(_ projects: [Project], includeArchived: Bool) -> ProjectsScreen {
        if format == .json { return .json(projects) }
        guard !projects.isEmpty else {
            return .message(
                includeArchived
                    ? "No projects yet. Add one with: stint project add \"name\""
                    : "No active projects. Add one with: stint project add \"name\" (archived ones: --all)")
        }
        let columns = [
            TableColumn("Name", flexible: true),
            TableColumn("Open", alignment: .right),
            TableColumn("Done", alignment: .right),
            TableColumn("Lists", alignment: .right),
            TableColumn("Status"),
            TableColumn("Created"),
        ]
        let rows = projects.map { project -> [TableCell] in
            // An archived project is context, not work: the whole row recedes.
            let rowColor: TextColor? = project.isArchived ? .dim : nil
            return [
                TableCell(project.name, color: rowColor),
                TableCell(String(project.openTasks), color: rowColor),
                TableCell(String(project.doneTasks), color: rowColor),
                TableCell(String(project.lists), color: rowColor),
                TableCell(project.isArchived ? "archived" : "active", color: rowColor),
                TableCell(relativeDay(project.createdAt), color: rowColor),
            ]
        }
        return .table(Table(columns: columns, rows: rows))
    }

    func detail(_ detail: ProjectDetail) -> ProjectsScreen {
        if format == .json { return .json(detail) }
        let project = detail.project
        var fields: [ProjectDetailViewModel.Field] = [
            .init(label: "Status", value: project.isArchived ? TableCell("archived", color: .dim) : "active"),
            .init(label: "Tasks", value: TableCell("\(project.openTasks) open, \(project.doneTasks) done")),
        ]
        if let time = detail.time { fields.append(.init(label: "Time", value: TableCell(timeSummary(time)))) }
        fields += [
            .init(label: "Lists", value: TableCell(String(detail.lists.count))),
            .init(label: "Created", value: TableCell(timestamp(project.createdAt))),
            .init(label: "Updated", value: TableCell(timestamp(project.updatedAt))),
            .init(label: "ID", value: TableCell(project.id.lowercased(), color: .gray)),
        ]
        let lists: ProjectDetailViewModel.ListsSection
        if detail.lists.isEmpty {
            lists = .empty("No lists yet. Add one with: stint list add \"name\" --project \(quoted(project.name))")
        } else {
            let columns = [
                TableColumn("Name", flexible: true),
                TableColumn("Open", alignment: .right),
                TableColumn("Done", alignment: .right),
            ]
            let rows = detail.lists.map { list -> [TableCell] in
                [TableCell(list.name), TableCell(String(list.openTasks)), TableCell(String(list.doneTasks))]
            }
            lists = .table(Table(columns: columns, rows: rows))
        }
        return .detail(
            ProjectDetailViewModel(
                title: TableCell(project.name, color: .bold),
                badge: project.isArchived ? TableCell("archived", color: .dim) : nil,
                fields: fields,
                noteLines: noteLines(project.note),
                lists: lists,
                tasksHeading: "Open tasks"))
    }

    func projectChange(_ change: ProjectChange) -> ProjectsScreen {
        if format == .json { return .json(change.project) }
        switch change {
        case .added(let project):
            return .message("Added project \(quoted(project.name))")
        case .renamed(let oldName, let project):
            return .message("Renamed project \(quoted(oldName)) to \(quoted(project.name))")
        case .archived(let project):
            return .message(
                "Archived project \(quoted(project.name)); bring it back with: "
                    + "stint project unarchive \(quoted(project.name))")
        case .unarchived(let project):
            return .message("Unarchived project \(quoted(project.name))")
        case .deleted(let project):
            return .message("Deleted project \(quoted(project.name))\(contents(of: project))")
        }
    }

    /// The yes/no question asked before deleting a project that still has tasks.
    func deletionQuestion(_ project: Project) -> String {
        "Delete project \(quoted(project.name))\(contents(of: project))?"
    }

    /// " with its 2 lists and 12 tasks", leaving out what the project does not have ("" when it is empty).
    private func contents(of project: Project) -> String {
        var parts: [String] = []
        if project.lists > 0 { parts.append(Plural.lists(project.lists)) }
        if project.totalTasks > 0 { parts.append(Plural.tasks(project.totalTasks)) }
        return parts.isEmpty ? "" : " with its " + parts.joined(separator: " and ")
    }

    // MARK: Task lists

    /// - Parameter project: the project reference the user asked for, or `nil` when every list was listed.
    func lists(_ lists: [TaskList], project: String?) -> ProjectsScreen {
        if format == .json { return .json(lists) }
        guard !lists.isEmpty else {
            if let project {
                return .message(
                    "No lists in \(project). Add one with: stint list add \"name\" --project \(quoted(project))")
            }
            return .message("No lists yet. Add one with: stint list add \"name\" --project \"project\"")
        }
        // With one project asked for, a Project column would repeat the same name on every row.
        let showProject = project == nil
        var columns = [TableColumn("Name", flexible: true)]
        if showProject { columns.append(TableColumn("Project", flexible: true)) }
        columns += [
            TableColumn("Open", alignment: .right),
            TableColumn("Done", alignment: .right),
            TableColumn("Created"),
        ]
        let rows = lists.map { list -> [TableCell] in
            var row = [TableCell(list.name)]
            if showProject { row.append(TableCell(list.projectName)) }
            row += [
                TableCell(String(list.openTasks)),
                TableCell(String(list.doneTasks)),
                TableCell(relativeDay(list.createdAt)),
            ]
            return row
        }
        return .table(Table(columns: columns, rows: rows))
    }

    func listChange(_ change: ListChange) -> ProjectsScreen {
        if format == .json { return .json(change.list) }
        switch change {
        case .added(let list):
            return .message("Added list \(quoted(list.name)) to \(list.projectName)")
        case .renamed(let oldName, let list):
            return .message("Renamed list \(quoted(oldName)) to \(quoted(list.name)) in \(list.projectName)")
        case .deleted(let list):
            let line = "Deleted list \(quoted(list.name)) from \(list.projectName)"
            let kept = list.totalTasks
            guard kept > 0 else { return .message(line) }
            let verb = kept == 1 ? "stays" : "stay"
            return .message("\(line); its \(Plural.tasks(kept)) \(verb) in \(list.projectName) without a list")
        }
    }

    // MARK: Formatting

    /// "32h 10m logged · 12h billable · 4h 30m this week", or "none logged yet" for a project without time.
    func timeSummary(_ time: ProjectTime) -> String {
        guard time.totalSeconds > 0 else { return "none logged yet" }
        return [
            "\(DurationText.format(seconds: time.totalSeconds)) logged",
            "\(DurationText.format(seconds: time.billableSeconds)) billable",
            "\(DurationText.format(seconds: time.thisWeekSeconds)) this week",
        ].joined(separator: " · ")
    }

    func relativeDay(_ date: Date) -> String {
        RelativeDayText.describe(CalendarDay.from(date, in: timeZone), today: today)
    }

    /// "2026-02-27 14:05 (3 days ago)" in the caller's time zone; the relative part only while it adds something.
    func timestamp(_ date: Date) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        let parts = calendar.dateComponents([.year, .month, .day, .hour, .minute], from: date)
        let day = "\(padded(parts.year, 4))-\(padded(parts.month, 2))-\(padded(parts.day, 2))"
        let time = "\(padded(parts.hour, 2)):\(padded(parts.minute, 2))"
        let relative = relativeDay(date)
        return relative == day ? "\(day) \(time)" : "\(day) \(time) (\(relative))"
    }

    private func padded(_ value: Int?, _ width: Int) -> String {
        let digits = String(value ?? 0)
        return String(repeating: "0", count: max(0, width - digits.count)) + digits
    }

    private func noteLines(_ note: String) -> [String] {
        let trimmed = note.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !trimmed.isEmpty else { return [] }
        return trimmed.components(separatedBy: .newlines)
    }

    /// A name in double quotes, ready to paste back into a shell command.
    func quoted(_ name: String) -> String {
        let escaped = name.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"")
        return "\"\(escaped)\""
    }
}
