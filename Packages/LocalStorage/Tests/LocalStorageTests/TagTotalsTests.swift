import Foundation
import Testing

@testable import LocalStorage

/// `report --by tag` (issue 10): time logged on a tagged task without tags of its own counts under the task's tags.
@Suite("Totals by tag")
struct TagTotalsTests {
    func entry(_ number: Int, task: String? = nil, project: String? = nil, minutes: Int, tags: [String] = [])
        -> TimeEntryRecord
    {
        TimeEntryRecord(
            id: makeID(number), taskID: task, projectID: project, start: at(number), durationSeconds: minutes * 60,
            billable: false, tags: tags, loggedBy: makeID(900), createdAt: at(number), updatedAt: at(number))
    }

    @Test("an untagged entry takes its task's tags; its own tags win; time on a project or an untagged task has none")
    func entriesFallBackToTheirTasksTags() async throws {
        try await withStore { store in
            try await store.write(summary: "seed", at: day0) { writer in
                try writer.insert(project(1, "Work"))
                try writer.insert(task(10, "Essay", tags: ["writing", "school"]))
                try writer.insert(task(11, "Errand"))
                try writer.insert(entry(20, task: makeID(10), minutes: 60))
                try writer.insert(entry(21, task: makeID(10), minutes: 30, tags: ["editing"]))
                try writer.insert(entry(22, task: makeID(11), minutes: 10))
                try writer.insert(entry(23, project: makeID(1), minutes: 5))
                try writer.insert(entry(24, task: makeID(10), minutes: 15))
            }

            let totals = try await store.timeTotals(TimeEntryFilter(), groupedBy: .tag)

            #expect(totals.map(\.key) == [nil, "editing", "school", "writing"])
            #expect(totals.map(\.seconds) == [15 * 60, 30 * 60, 75 * 60, 75 * 60])
            #expect(totals.map(\.entries) == [2, 1, 2, 2])
        }
    }
}
