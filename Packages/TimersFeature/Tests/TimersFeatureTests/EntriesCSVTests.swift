import Foundation
import TerminalUI
import Testing
import TimersFeatureFakes

@testable import TimersFeature

@Suite("Entries as CSV")
struct EntriesCSVTests {
    static let header =
        "id,date,start,end,duration_seconds,hours,task_number,task,project,note,billable,tags,task_id,project_id,"
        + "logged_by"

    @Test func oneLinePerEntryUnderAFixedHeaderAndNoTotal() throws {
        var onTask = Fixture.entry(
            1, start: Fixture.at(0, 9), seconds: 5_430, note: "draft, then \"review\"", billable: true,
            tags: ["writing", "client"])
        onTask.taskID = SampleTimers.taskID(1)
        onTask.projectID = SampleTimers.identifier(for: 70_000)
        let onProject = Fixture.entry(2, task: nil, project: "Home", start: Fixture.at(0, 23, 30), seconds: 3_600)
        let screen = Fixture.presenter().entries([onTask, onProject], layout: .csv)
        guard case .text(let text) = screen else {
            Issue.record("CSV is text written as it is, not \(screen)")
            return
        }
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        #expect(lines.count == 4, "header, two entries and the empty rest after the last line end")
        #expect(lines[0] == Self.header)
        #expect(
            lines[1]
                == "\(onTask.id),2026-03-04,2026-03-04T09:00:00+00:00,2026-03-04T10:30:30+00:00,5430,1:30:30,1,"
                + "Write report,Work,\"draft, then \"\"review\"\"\",true,writing client,\(SampleTimers.taskID(1)),"
                + "\(SampleTimers.identifier(for: 70_000)),me")
        // An entry past midnight keeps its own day and ends on the next one.
        #expect(
            lines[2]
                == "\(onProject.id),2026-03-04,2026-03-04T23:30:00+00:00,2026-03-05T00:30:00+00:00,3600,1:00:00,,,"
                + "Home,,false,,,,me")
        #expect(lines[3] == "")
    }

    @Test func localTimesCarryTheZonesOffset() throws {
        let berlin = try #require(TimeZone(identifier: "Europe/Berlin"))
        let entry = Fixture.entry(1, start: Fixture.at(0, 23, 30), seconds: 60)
        guard case .text(let text) = Fixture.presenter(timeZone: berlin).entries([entry], layout: .csv) else {
            Issue.record("CSV is text")
            return
        }
        // 23:30 UTC is 00:30 the next day in Berlin: the date is the local one.
        #expect(text.contains(",2026-03-05,2026-03-05T00:30:00+01:00,2026-03-05T00:31:00+01:00,"))
    }

    @Test func typedTextCannotTurnIntoAFormula() throws {
        let entry = Fixture.entry(1, start: Fixture.at(0, 9), seconds: 60, note: "=HYPERLINK(\"http://x\")")
        guard case .text(let text) = Fixture.presenter().entries([entry], layout: .csv) else {
            Issue.record("CSV is text")
            return
        }
        #expect(text.contains(",\"'=HYPERLINK(\"\"http://x\"\")\","))
    }

    @Test func noEntriesIsTheHeaderAlone() {
        guard case .text(let text) = Fixture.presenter().entries([], layout: .csv) else {
            Issue.record("CSV is text, even when empty")
            return
        }
        #expect(text == Self.header + "\n")
    }

    @Test func jsonWinsOverTheLayout() {
        guard case .entriesJSON = Fixture.presenter(.json).entries([], layout: .csv) else {
            Issue.record("the context's JSON wins, as for reports")
            return
        }
    }

    @Test func theFeatureWritesTheCSVAndTheServicesSeeTheLayout() async throws {
        let services = Fixture.sampleServices()
        let harness = Harness(services: services)

        try await harness.feature.entries(EntryQuery(all: true, layout: .csv))

        #expect(harness.output.text.hasPrefix(Self.header + "\n"))
        #expect(harness.output.text.hasSuffix("\n"))
        #expect(!harness.output.text.contains("Total"))
        #expect(await services.receivedQueries.last?.layout == .csv)
    }
}
