import Foundation
import TerminalUI

/// Turns the interactor's results into screens: JSON payloads, or tables, details and one-line messages.
///
/// Pure: no I/O and no clock (relative days are measured from `today`, timestamps shown in `timeZone`).
struct ProjectsPresenter: Sendable {
    let format: OutputFormat
    let today: CalendarDay
    let timeZone: any DisplayTimeZone

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
            TableColumn("Status", dropRank: TableColumn.DropRank.status),
            TableColumn("Created", dropRank: TableColumn.DropRank.context),
        ]
        let rows = projects.map { project -> [TableCell] in
            // An archived project is context, not work: the whole row recedes.
            let rowColor: TextColor? = project.isArchived ? .dim : nil
            return [
                TableCell(DisplayText.singleLine(project.name), color: rowColor),
                TableCell(NumberText.grouped(project.openTasks), color: rowColor),
                TableCell(NumberText.grouped(project.doneTasks), color: rowColor),
                TableCell(NumberText.grouped(project.lists), color: rowColor),
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
            DetailField(
                label: "Tasks",
                value: "\(NumberText.grouped(project.openTasks)) open, \(NumberText.grouped(project.doneTasks)) done"),
        ]
        if let time = detail.time { fields.append(DetailField(label: "Time", value: timeSummary(time))) }
        fields += [
            DetailField(label: "Lists", value: NumberText.grouped(detail.lists.count)),
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
                [
                    TableCell(DisplayText.singleLine(list.name)), TableCell(NumberText.grouped(list.openTasks)),
                    TableCell(NumberText.grouped(list.doneTasks)),
                ]
            }
            lists = .table(Table(columns: columns, rows: rows))
        }
        return .detail(
            ProjectDetailViewModel(
                title: TableCell(DisplayText.singleLine(project.name), color: .bold),
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
        case .deleted(let project, let logged):
            return .message(
                "Deleted project \(DisplayText.shellQuoted(project.name))\(contents(of: project, loggedSeconds: logged))"
            )
        }
    }

    /// The yes/no question asked before deleting a project that still has tasks or logged time.
    func deletionQuestion(_ project: Project, loggedSeconds: Int = 0) -> String {
        "Delete \(deletionSubject(project, loggedSeconds: loggedSeconds))?"
    }

    /// `project "Garden" with its 2 lists, 12 tasks and 5h of logged time`: what a deletion takes along.
    func deletionSubject(_ project: Project, loggedSeconds: Int = 0) -> String {
        "project \(DisplayText.shellQuoted(project.name))\(contents(of: project, loggedSeconds: loggedSeconds))"
    }

    /// A declined deletion says that nothing changed; JSON prints nothing (no item was changed).
    func deletionDeclined(_ project: Project) -> ProjectsScreen? {
        format == .json ? nil : .message("Kept project \(DisplayText.shellQuoted(project.name)); nothing was deleted.")
    }

    /// " with its 2 lists, 12 tasks and 5h of logged time", leaving out what the project does not have ("" when it
    /// is empty).
    private func contents(of project: Project, loggedSeconds: Int = 0) -> String {
        var parts: [String] = []
        if project.lists > 0 { parts.append(Plural.lists(project.lists)) }
        if project.totalTasks > 0 { parts.append(Plural.tasks(project.totalTasks)) }
        if loggedSeconds > 0 { parts.append("\(DurationText.format(seconds: loggedSeconds)) of logged time") }
        guard let last = parts.popLast() else { return "" }
        return " with its " + (parts.isEmpty ? last : parts.joined(with: ", ") + " and " + last)
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
            TableColumn("Created", dropRank: TableColumn.DropRank.context),
        ]
        let rows = lists.map { list -> [TableCell] in
            var row = [TableCell(DisplayText.singleLine(list.name))]
            if showProject { row.append(TableCell(DisplayText.singleLine(list.projectName))) }
            row += [
                TableCell(NumberText.grouped(list.openTasks)),
                TableCell(NumberText.grouped(list.doneTasks)),
                TableCell(relativeDay(list.createdAt)),
            ]
            return row
        }
        return .table(Table(columns: columns, rows: rows))
    }

    func listChange(_ change: ListChange) -> ProjectsScreen {
        if format == .json { return .json(change.list) }
        let project = DisplayText.singleLine(change.list.projectName)
        switch change {
        case .added(let list):
            return .message("Added list \(DisplayText.shellQuoted(list.name)) to \(project)")
        case .renamed(let oldName, let list):
            return .message(
                "Renamed list \(DisplayText.shellQuoted(oldName)) to \(DisplayText.shellQuoted(list.name)) in \(project)"
            )
        case .deleted(let list):
            let line = "Deleted list \(DisplayText.shellQuoted(list.name)) from \(project)"
            let kept = list.totalTasks
            guard kept > 0 else { return .message(line) }
            let verb = kept == 1 ? "stays" : "stay"
            return .message("\(line); its \(Plural.tasks(kept)) \(verb) in \(project) without a list")
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
        ].joined(with: " · ")
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
