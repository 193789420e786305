import Entities
import Foundation
import Testing

@testable import Repositories

@Suite("Time per task through the repositories")
struct TaskTimeSumsTests {
    @Test("a listing's logged time agrees with each task's own sum")
    func agreesWithTheSingleTaskSums() async throws {
        let fixture = try Fixture()
        defer { fixture.remove() }
        let work = try await fixture.projects.create(name: "Work", note: "")
        let report = try await fixture.tasks.create(NewTask(title: "Report", projectID: work.id))
        let email = try await fixture.tasks.create(NewTask(title: "Email"))
        let idle = try await fixture.tasks.create(NewTask(title: "Idle"))
        let start = fixture.clock.now().addingTimeInterval(-20 * 3600)
        _ = try await fixture.entries.log(NewTimeEntry(target: .task(report.id), start: start, durationSeconds: 3_600))
        _ = try await fixture.entries.log(
            NewTimeEntry(target: .task(report.id), start: start.addingTimeInterval(7_200), durationSeconds: 1_801))
        _ = try await fixture.entries.log(
            NewTimeEntry(target: .task(email.id), start: start.addingTimeInterval(14_400), durationSeconds: 59))
        _ = try await fixture.entries.log(
            NewTimeEntry(target: .project(work.id), start: start.addingTimeInterval(18_000), durationSeconds: 600))

        let sums = try await fixture.reports.loggedSeconds(onTasks: [report.id, email.id, idle.id])

        #expect(sums == [report.id: 5_401, email.id: 59], "a task without time has no key")
        for task in [report, email] {
            let single = try await fixture.reports.sums([
                TimeSumRequest(query: TimeEntryQuery(taskID: task.id), breakdown: .total)
            ])
            #expect(sums[task.id] == single[0].first?.seconds, "\(task.title) as `task show` sums it")
        }
        #expect(try await fixture.reports.loggedSeconds(onTasks: []) == [:])
    }
}
