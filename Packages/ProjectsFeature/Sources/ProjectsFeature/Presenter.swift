import Foundation
import TerminalUI

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
        var fields = [
            DetailField(
                label: "Status", value: project.isArchived ? "archived" : "active",
                color: project.isArchived ? .dim : nil),
            DetailField(label: "Tasks", value: "\(project.openTasks) open, \(project.doneTasks) done"),
        ]
        if let time = detail.time { fields.append(DetailField(label: "Time", value: timeSummary(time))) }
        fields += [
            DetailField(label: "Lists", value: String(detail.lists.count)),
            DetailField(label: "Created", value: timestamp(project.createdAt)),
            DetailField(label: "Updated", value: timestamp(project.updatedAt)),
            DetailField(label: "ID", value: project.id.lowercased(), color: .gray),
        ]
        let lists: ProjectDetailViewModel.ListsSection
        if detail.lists.isEmpty {
            lists = .empty(
                "No lists yet. Add one with: stint list add \"name\" --project \(DisplayText.shellQuoted(project.name))"
            )
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
            return .message("Added project \(DisplayText.shellQuoted(project.name))")
        case .renamed(let oldName, let project):
            return .message(
                "Renamed project \(DisplayText.shellQuoted(oldName)) to \(DisplayText.shellQuoted(project.name))")
        case .archived(let project):
            return .message(
                "Archived project \(DisplayText.shellQuoted(project.name)); bring it back with: "
                    + "stint project unarchive \(DisplayText.shellQuoted(project.name))")
        case .unarchived(let project):
            return .message("Unarchived project \(DisplayText.shellQuoted(project.name))")
        case .deleted(let project):
            return .message("Deleted project \(DisplayText.shellQuoted(project.name))\(contents(of: project))")
        }
    }

    /// The yes/no question asked before deleting a project that still has tasks.
    func deletionQuestion(_ project: Project) -> String {
        "Delete project \(DisplayText.shellQuoted(project.name))\(contents(of: project))?"
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
                    "No lists in \(DisplayText.singleLine(project)). Add one with: stint list add \"name\" --project \(DisplayText.shellQuoted(project))"
                )
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
            return .message("Added list \(DisplayText.shellQuoted(list.name)) to \(list.projectName)")
        case .renamed(let oldName, let list):
            return .message(
                "Renamed list \(DisplayText.shellQuoted(oldName)) to \(DisplayText.shellQuoted(list.name)) in \(list.projectName)"
            )
        case .deleted(let list):
            let line = "Deleted list \(DisplayText.shellQuoted(list.name)) from \(list.projectName)"
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
        let minute = TimestampText.minute(date, in: timeZone)
        let relative = relativeDay(date)
        return minute.hasPrefix(relative) ? minute : "\(minute) (\(relative))"
    }

    private func noteLines(_ note: String) -> [String] {
        let trimmed = note.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !trimmed.isEmpty else { return [] }
        return trimmed.components(separatedBy: .newlines).map(DisplayText.singleLine)
    }

}
