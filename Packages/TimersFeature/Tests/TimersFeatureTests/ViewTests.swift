import Foundation
import TerminalUI
import Testing
import TimersFeatureFakes

@testable import TimersFeature

@Suite("View")
struct ViewTests {
    static let timerKeys: Set<String> = [
        "id", "task_id", "task_number", "task_title", "project_id", "project_name", "note", "billable", "state",
        "started_at", "elapsed_seconds", "intervals", "estimate_seconds", "logged_seconds", "tags",
    ]
    static let entryKeys: Set<String> = [
        "id", "task_id", "task_number", "task_title", "project_id", "project_name", "start", "end",
        "duration_seconds", "note", "billable", "tags", "logged_by",
    ]

    @Test func projectTimerJSONHasStableKeysAndExplicitNulls() async throws {
        let harness = Harness(format: .json)

        try await harness.feature.start(TimerStartRequest(project: "Admin", at: Fixture.at(0, 11, 30)))

        let object = try #require(try harness.json() as? [String: Any])
        #expect(Set(object.keys) == ["timer", "paused", "resumed"])
        #expect(object["resumed"] as? Bool == false)
        let timer = try #require(object["timer"] as? [String: Any])
        #expect(Set(timer.keys) == Self.timerKeys)
        for key in ["task_id", "task_number", "task_title", "estimate_seconds", "logged_seconds"] {
            #expect(timer[key] is NSNull, "\(key) should be null")
        }
        #expect(timer["project_name"] as? String == "Admin")
        #expect((timer["project_id"] as? String)?.count == 36)
        #expect(timer["state"] as? String == "running")
        #expect(timer["elapsed_seconds"] as? Int == 30 * 60)
        #expect(timer["started_at"] as? String == "2026-03-04T11:30:00Z")
        let intervals = try #require(timer["intervals"] as? [[String: Any]])
        #expect(intervals.count == 1)
        #expect(intervals.first?["end"] is NSNull)
        // The running timer was paused when this one started at 11:30.
        let paused = try #require(object["paused"] as? [[String: Any]])
        #expect(paused.map { $0["task_number"] as? Int } == [1])
        #expect(paused.first?["state"] as? String == "paused")
    }

    @Test func stopJSONWrapsTheEntries() async throws {
        let harness = Harness(format: .json)

        try await harness.feature.stop(timer: nil, at: nil, note: "done for today", force: false)

        let object = try #require(try harness.json() as? [String: Any])
        #expect(Set(object.keys) == ["entry", "entries", "timer_id"])
        #expect((object["timer_id"] as? String)?.count == 36)
        // The sample timer ran 08:50–09:40, was paused, and ran again until noon: two stretches, two entries.
        let entries = try #require(object["entries"] as? [[String: Any]])
        #expect(entries.map { Set($0.keys) } == [Self.entryKeys, Self.entryKeys])
        #expect(entries.map { $0["duration_seconds"] as? Int } == [50 * 60, 85 * 60])
        #expect(entries.map { $0["start"] as? String } == ["2026-03-04T08:50:00Z", "2026-03-04T10:35:00Z"])
        #expect(entries.map { $0["end"] as? String } == ["2026-03-04T09:40:00Z", "2026-03-04T12:00:00Z"])
        #expect(entries.allSatisfy { $0["note"] as? String == "done for today" })
        #expect(entries.allSatisfy { $0["logged_by"] as? String == "me" && $0["billable"] as? Bool == true })
        let entry = try #require(object["entry"] as? [String: Any])
        #expect(entry["id"] as? String == entries.first?["id"] as? String, "entry is the first stretch")
    }

    @Test func entryJSONValuesAndNulls() async throws {
        let harness = Harness(format: .json)

        try await harness.feature.log(
            LogRequest(durationSeconds: 1_800, project: "meetings", start: Fixture.at(0, 7), tags: ["Sync", "a"]))

        let entry = try #require(try harness.json() as? [String: Any])
        #expect(Set(entry.keys) == Self.entryKeys)
        #expect(entry["task_number"] is NSNull)
        #expect(entry["task_title"] is NSNull)
        #expect(entry["task_id"] is NSNull)
        #expect(entry["project_name"] as? String == "Meetings")
        #expect((entry["project_id"] as? String)?.count == 36)
        #expect(entry["tags"] as? [String] == ["a", "sync"])
        #expect(entry["end"] as? String == "2026-03-04T07:30:00Z")
        #expect((entry["id"] as? String)?.count == 36)
    }

    @Test func statusJSONHasRunningAndPaused() async throws {
        let running = Harness(format: .json)
        try await running.feature.status()
        let object = try #require(try running.json() as? [String: Any])
        #expect(Set(object.keys) == ["running", "paused"])
        #expect((object["running"] as? [String: Any])?["logged_seconds"] as? Int == 210 * 60)
        #expect((object["paused"] as? [[String: Any]])?.count == 2)

        let idle = Harness(services: Fixture.emptyServices(clock: ManualClock(Fixture.noon)), format: .json)
        try await idle.feature.status()
        let empty = try #require(try idle.json() as? [String: Any])
        #expect(empty["running"] is NSNull)
        #expect(empty["paused"] as? [Any] != nil)
    }

    @Test func entriesTotalLinesUpUnderTheDurations() async throws {
        let harness = Harness()

        try await harness.feature.entries(EntryQuery(since: Fixture.today.adding(days: -1)))

        let lines = harness.output.lines
        let header = try #require(lines.first)
        let total = try #require(lines.last)
        // The Duration column is right-aligned, so its right edge is where the header's title ends.
        let headerEnd = try #require(header.range(of: "Duration")).upperBound
        // Today is in the range, so the three sample timers are rows too and their time is in the total.
        #expect(lines.filter { $0.hasPrefix("running") || $0.hasPrefix("paused") }.count == 3)
        let totalEnd = try #require(total.range(of: "9h 05m")).upperBound
        #expect(
            header.distance(from: header.startIndex, to: headerEnd)
                == total.distance(from: total.startIndex, to: totalEnd))
        #expect(total.hasPrefix("Total     4 entries"))
    }

    @Test func plainStyleWritesNoEscapeCodes() async throws {
        let harness = Harness()

        try await harness.feature.list()
        try await harness.feature.status()
        try await harness.feature.entries(EntryQuery())

        #expect(!harness.output.text.contains("\u{1B}"))
    }

    @Test func colourStylePaintsTheStates() async throws {
        let style = TerminalStyle(isTTY: true, useColor: true, width: nil)
        let harness = Harness(style: style)

        try await harness.feature.list()

        #expect(harness.output.text.contains(style.paint("running", .green)))
        #expect(harness.output.text.contains(style.paint("paused", .yellow)))
    }

    @Test func tablesFitANarrowTerminal() async throws {
        let harness = Harness(style: TerminalStyle(isTTY: true, useColor: false, width: 76))

        try await harness.feature.list()

        #expect(harness.output.lines.allSatisfy { DisplayWidth.of($0) <= 76 })
        #expect(harness.output.lines.contains { $0.contains("…") })
    }

    @Test func statusBlockAlignsLabelsAndDimsTheFooter() throws {
        let output = CapturedOutput()
        let detail = TimerDetail(
            heading: "Running: x",
            fields: [DetailField(label: "Elapsed", value: "1h"), DetailField(label: "Estimate", value: "2h")],
            footer: ["hint"])

        try TimersView(output: output, style: .plain).render(.detail(detail))

        #expect(output.lines == ["Running: x", "  Elapsed   1h", "  Estimate  2h", "", "hint"])
    }

    @Test func entriesFitSixtyColumnsByLeavingOutTheLeastUsefulColumns() async throws {
        let harness = Harness(style: TerminalStyle(isTTY: true, useColor: false, width: 60))

        try await harness.feature.entries(EntryQuery(since: Fixture.today.adding(days: -1)))

        let lines = harness.output.lines
        #expect(lines.allSatisfy { DisplayWidth.of($0) <= 60 }, "\(lines)")
        let header = try #require(lines.first)
        #expect(header.hasPrefix("Entry     Date        Time"))
        for gone in ["Tags", "Note", "$"] { #expect(!header.contains(gone), "\(header)") }
        #expect(header.contains("Duration") && header.contains("Task"))
        #expect(lines.last?.hasSuffix("9h 05m") == true)
    }

    @Test func quietLeavesOutConfirmationsAndHintsButNotTheAnswer() throws {
        let output = CapturedOutput()
        let view = TimersView(output: output, style: .plain, quiet: true)
        let detail = TimerDetail(
            heading: "Running: x", fields: [DetailField(label: "Elapsed", value: "1h 00m")], footer: ["hint"])

        try view.render(.lines(["Logged 45m on 1 \"A\""]))
        try view.render(.essential(["No timer running.", "1 paused timer"]))
        try view.render(.detail(detail))

        #expect(output.lines == ["No timer running.", "1 paused timer", "Running: x", "  Elapsed  1h 00m"])
    }

    @Test func emptyLinesWriteNothing() throws {
        let output = CapturedOutput()

        try TimersView(output: output, style: .plain).render(.lines([]))

        #expect(output.text.isEmpty)
    }
}
