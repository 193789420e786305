import Foundation
import TerminalUI

// `stint entries --format csv`: the entries as a spreadsheet reads them. The columns are documented on
// ``EntriesLayout``; they are part of the CLI's contract like the JSON keys.

extension TimersPresenter {
    static let entriesCSVHeader = [
        "id", "date", "start", "end", "duration_seconds", "hours", "task_number", "task", "project", "note", "billable",
        "tags", "task_id", "project_id", "logged_by",
    ]

    /// One line per entry, in the listing's order, and no total line (a column sum is the total). No entries is
    /// the header alone, so a script always gets the same first line.
    func entriesCSV(_ entries: [TimeEntry]) -> String {
        CSVText.document(
            header: Self.entriesCSVHeader,
            records: entries.map { entry in
                [
                    entry.id, day(of: entry.start).iso, CSVText.localTimestamp(entry.start, in: timeZone),
                    CSVText.localTimestamp(entry.end, in: timeZone), String(entry.durationSeconds),
                    CSVText.clock(seconds: entry.durationSeconds), entry.taskNumber.map(String.init) ?? "",
                    CSVText.text(entry.taskTitle ?? ""), CSVText.text(entry.projectName ?? ""),
                    CSVText.text(entry.note),
                    entry.billable ? "true" : "false", CSVText.text(entry.tags.joined(with: " ")),
                    entry.taskID ?? "", entry.projectID ?? "", entry.loggedBy,
                ]
            })
    }
}
