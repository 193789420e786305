import Foundation
import ReportsFeature
import TerminalUI

extension ReportsContract {
    /// Every scenario, in a fixed order. Each expects a fresh subject.
    public static let scenarios: [Scenario] = [
        totalsAddUpByProject, rowsByTask, rowsByDay, rowsByWeek, rowsByTag, projectFilter, billableOnly,
        timeIsClippedToTheRange, aRangeThatEndsBeforeItStartsIsInvalid, anEmptyPeriodHasNoRows,
        rowsNameTheirProject,
    ]

    /// The CSV's project column and the JSON's `project_id`: a project row names itself, a task row its task's
    /// project; rows grouped by something else name none.
    static let rowsNameTheirProject = Scenario("project and task rows name their project, by name and id") { probe in
        try await seedWeek(probe)
        let projects = try await probe.report("2026-03-02", "2026-03-04")
        try probe.equal(projects.rows.map(\.projectName), ["Work", nil, "Home"], "a project row names itself")
        try probe.check(projects.rows.first?.projectID != nil, "with its id")
        try probe.equal(projects.rows[1].projectID, nil, "time on no project has no project id")
        let tasks = try await probe.report("2026-03-02", "2026-03-04", by: .task)
        try probe.equal(tasks.rows.map(\.projectName), tasks.rows.map(\.detail), "a task row names its task's project")
        let work = tasks.rows.filter { $0.projectName == "Work" }.map(\.projectID)
        try probe.equal(work, Array(repeating: projects.rows.first?.projectID, count: 3), "the project's id")
        let days = try await probe.report("2026-03-02", "2026-03-04", by: .day)
        try probe.check(days.rows.allSatisfy { $0.projectID == nil && $0.projectName == nil }, "a day has no project")
    }

    /// Five entries between Monday 2026-03-02 and Tuesday 2026-03-03, used by several scenarios.
    static func seedWeek(_ probe: Probe) async throws {
        try await probe.log(probe.at("2026-03-02", 9), minutes: 120, project: "Work", task: "Report", billable: true)
        try await probe.log(probe.at("2026-03-02", 14), minutes: 15, project: "Work")
        try await probe.log(probe.at("2026-03-03", 10), minutes: 60, project: "Work", task: "Review")
        try await probe.log(probe.at("2026-03-03", 12), minutes: 45, project: nil, task: "Call the bank")
        try await probe.log(probe.at("2026-03-03", 18), minutes: 30, project: "Home", task: "Errands")
    }

    static let totalsAddUpByProject = Scenario("by project: rows add up to the total, largest first") { probe in
        try await seedWeek(probe)
        let data = try await probe.report("2026-03-02", "2026-03-04")
        try probe.equal(data.rows.map(\.label), ["Work", "(no project)", "Home"], "rows by time, largest first")
        try probe.equal(data.rows.map(\.seconds), [11_700, 2_700, 1_800], "each project's time")
        try probe.equal(data.rows.map(\.entries), [3, 1, 1], "each project's entries")
        try probe.equal(data.rows.first?.billableSeconds, 7_200, "Work's billable time")
        try probe.equal(data.rows[1].key, "", "time on no project has an empty key")
        try probe.equal(data.totalSeconds, 16_200, "the total")
        try probe.equal(data.rows.reduce(0) { $0 + $1.seconds }, data.totalSeconds, "rows add up to the total")
        try probe.equal(data.billableSeconds, 7_200, "the billable total")
        try probe.equal(data.entryCount, 5, "entries")
        try probe.equal(data.daily.values.reduce(0, +), data.totalSeconds, "the daily series adds up to the total")
        try probe.equal(data.daily[probe.day("2026-03-02")], 8_100, "Monday")
    }

    static let rowsByTask = Scenario("by task: a row per task with its project, time on projects alone apart") {
        probe in
        try await seedWeek(probe)
        let data = try await probe.report("2026-03-02", "2026-03-04", by: .task)
        // The App puts the task's number before its title; only the title is the same everywhere.
        let titles = ["Report", "Review", "Call the bank", "Errands"]
        let rows = data.rows.map { row in
            "\(titles.first { row.label.hasSuffix($0) } ?? row.label)|\(row.detail ?? "-")|\(row.seconds)"
        }
        try probe.equal(
            rows,
            [
                "Report|Work|7200", "Review|Work|3600", "Call the bank|-|2700", "Errands|Home|1800",
                "(no task)|Work|900",
            ],
            "task rows (label ending in the title), their project and time, largest first")
        try probe.equal(data.rows.last?.key, "", "time on no task has an empty key")
        try probe.equal(data.totalSeconds, 16_200, "the total")
    }

    static let rowsByDay = Scenario("by day: time is split at midnight, days oldest first") { probe in
        try await probe.log(probe.at("2026-03-02", 23), minutes: 120, project: "Work")
        try await probe.log(probe.at("2026-03-03", 9), minutes: 30, project: "Home")
        let data = try await probe.report("2026-03-01", "2026-03-03", by: .day)
        try probe.equal(data.rows.map(\.key), ["2026-03-02", "2026-03-03"], "days with time, oldest first")
        try probe.equal(data.rows.map(\.seconds), [3_600, 5_400], "each day's time")
        try probe.equal(data.rows.map(\.entries), [1, 2], "the entry over midnight counts on both days")
        try probe.equal(data.totalSeconds, 9_000, "the total")
        try probe.equal(data.entryCount, 2, "but once in the entry count")
        try probe.equal(data.daily[probe.day("2026-03-03")], 5_400, "the daily series")
    }

    static let rowsByWeek = Scenario("by week: weeks start on Monday, the first at the range's first day") { probe in
        try await probe.log(probe.at("2026-02-26", 9), minutes: 60, project: "Work")
        try await probe.log(probe.at("2026-03-02", 9), minutes: 120, project: "Work")
        try await probe.log(probe.at("2026-03-04", 8), minutes: 30, project: "Work")
        let data = try await probe.report("2026-02-25", "2026-03-04", by: .week)
        try probe.equal(data.rows.map(\.key), ["2026-02-25", "2026-03-02"], "each week's first day in the range")
        try probe.equal(data.rows.map(\.seconds), [3_600, 9_000], "each week's time")
        try probe.equal(data.totalSeconds, 12_600, "the total")
    }

    static let rowsByTag = Scenario("by tag: an entry counts under each of its tags, the total once") { probe in
        try await probe.log(probe.at("2026-03-02", 9), minutes: 60, project: "Work", tags: ["client", "meeting"])
        try await probe.log(probe.at("2026-03-02", 11), minutes: 30, project: "Work", tags: ["client"])
        try await probe.log(probe.at("2026-03-02", 13), minutes: 15, project: "Work")
        let data = try await probe.report("2026-03-02", "2026-03-02", by: .tag)
        try probe.equal(data.rows.map(\.label), ["client", "meeting", "(no tag)"], "tags, largest first")
        try probe.equal(data.rows.map(\.seconds), [5_400, 3_600, 900], "each tag's time")
        try probe.equal(data.rows.last?.key, "", "untagged time has an empty key")
        try probe.equal(data.totalSeconds, 6_300, "the total counts each entry once")
        try probe.equal(data.entryCount, 3, "entries")
    }

    static let projectFilter = Scenario("a project filter keeps the project's time and its tasks'") { probe in
        try await seedWeek(probe)
        let work = try await probe.report("2026-03-02", "2026-03-04", project: "work")
        try probe.equal(work.totalSeconds, 11_700, "Work's time, its tasks included")
        try probe.equal(work.entryCount, 3, "Work's entries")
        let byTask = try await probe.report("2026-03-02", "2026-03-04", by: .task, project: "Work")
        try probe.equal(byTask.rows.count, 3, "Report, Review and the time on Work itself")
        try await probe.fails(.notFound, "an unknown project") {
            try await probe.report("2026-03-02", "2026-03-04", project: "Garden")
        }
    }

    static let billableOnly = Scenario("billable only keeps billable time") { probe in
        try await seedWeek(probe)
        let data = try await probe.report("2026-03-02", "2026-03-04", billableOnly: true)
        try probe.equal(data.rows.map(\.label), ["Work"], "only Work has billable time")
        try probe.check(
            data.totalSeconds == 7_200 && data.billableSeconds == 7_200 && data.entryCount == 1,
            "the billable entry alone")
    }

    static let timeIsClippedToTheRange = Scenario("time outside the range is left out, even of an entry inside it") {
        probe in
        try await probe.log(probe.at("2026-03-01", 23), minutes: 180, project: "Work")
        try await probe.log(probe.at("2026-03-03", 23, 30), minutes: 60, project: "Work")
        try await probe.log(probe.at("2026-02-20", 9), minutes: 60, project: "Work")
        let data = try await probe.report("2026-03-02", "2026-03-03")
        try probe.equal(data.totalSeconds, 2 * 3_600 + 1_800, "2h after Sunday's midnight and 30m before Wednesday's")
        try probe.equal(data.entryCount, 2, "the entry wholly outside is not counted")
        try probe.equal(probe.seconds(data), ["Work": 9_000], "the row")
    }

    static let aRangeThatEndsBeforeItStartsIsInvalid = Scenario("a range whose last day is before its first is refused")
    { probe in
        try await seedWeek(probe)
        try await probe.fails(.invalidInput, "Wednesday to Monday") {
            try await probe.report("2026-03-04", "2026-03-02")
        }
        let oneDay = try await probe.report("2026-03-03", "2026-03-03")
        try probe.equal(oneDay.totalSeconds, 8_100, "a one-day range is fine")
    }

    static let anEmptyPeriodHasNoRows = Scenario("a period without time has no rows and zero totals") { probe in
        try await seedWeek(probe)
        let data = try await probe.report("2026-01-05", "2026-01-11", by: .day)
        try probe.check(
            data.rows.isEmpty && data.totalSeconds == 0 && data.entryCount == 0
                && data.daily.values.allSatisfy { $0 == 0 },
            "nothing in January")
    }
}
