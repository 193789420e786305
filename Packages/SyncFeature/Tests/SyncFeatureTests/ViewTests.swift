import Foundation
import SyncFeatureFakes
import TerminalUI
import Testing

@testable import SyncFeature

@Suite("View")
struct ViewTests {
    private func render(_ screen: SyncScreen, style: TerminalStyle = .plain) throws -> CapturedOutput {
        let output = CapturedOutput()
        try SyncView(output: output, style: style).render(screen)
        return output
    }

    @Test func statusJSONHasStableKeysAndTheAccountsIDs() throws {
        let status = Fixture.status(pending: 3, lastSyncAt: Fixture.now - 300, conflicts: 1)
        let object = try #require(
            try jsonObject(render(Fixture.presenter(.json).status(status)).text) as? [String: Any])

        #expect(
            Set(object.keys) == [
                "logged_in", "account", "pending_changes", "last_sync_at", "conflicts", "auto_sync",
                "auto_sync_failure",
            ])
        #expect(object["auto_sync"] as? Bool == false)
        #expect(object["auto_sync_failure"] is NSNull)
        #expect(object["logged_in"] as? Bool == true)
        #expect(object["pending_changes"] as? Int == 3)
        #expect(object["last_sync_at"] as? String == "2026-03-02T08:55:00Z")
        let account = try #require(object["account"] as? [String: Any])
        #expect(account["device_id"] as? String == SampleSync.IDs.laptop)
        #expect(account["user_id"] as? String == SampleSync.IDs.ana)
    }

    @Test func loggedOutStatusJSONHasExplicitNulls() throws {
        let status = Fixture.status(account: nil, pending: 2)
        let object = try #require(
            try jsonObject(render(Fixture.presenter(.json).status(status)).text) as? [String: Any])

        #expect(object["logged_in"] as? Bool == false)
        #expect(object["account"] is NSNull)
        #expect(object["last_sync_at"] is NSNull)
        #expect(object["pending_changes"] as? Int == 2)
    }

    @Test func conflictJSONHasLowercaseIDsAndNullsForEmptySides() throws {
        let conflict = Fixture.conflict(mine: nil)
        let output = try render(Fixture.presenter(.json).conflicts([conflict], includeResolved: false))
        let object = try #require((try jsonObject(output.text) as? [[String: Any]])?.first)

        #expect(
            Set(object.keys) == [
                "id", "entity", "record_id", "label", "field", "mine", "theirs", "created_at", "resolved_at",
                "resolution",
            ])
        #expect(object["id"] as? String == "7c1e5a39-91b4-4f2e-8d6a-2b1c3d4e5f03")
        #expect(object["record_id"] as? String == "3f2a9c14-6b0e-4d5a-9a61-0c7e2b5d8e01")
        #expect(object["mine"] is NSNull)
        #expect(object["resolution"] is NSNull)
        #expect(object["resolved_at"] is NSNull)
        #expect(object["created_at"] as? String == "2026-03-02T08:35:00Z")
    }

    @Test func aResolvedConflictSaysWhichSideInJSON() throws {
        let output = try render(Fixture.presenter(.json).resolved(Fixture.conflict(resolution: .theirs)))
        let object = try #require(try jsonObject(output.text) as? [String: Any])
        #expect(object["resolution"] as? String == "theirs")
        #expect(object["resolved_at"] as? String == "2026-03-02T09:00:00Z")
    }

    @Test func conflictJSONRoundTrips() throws {
        let conflict = Fixture.conflict(resolution: .mine)
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        let back = try decoder.decode(SyncConflict.self, from: Data(try JSONText.encode(conflict).utf8))
        #expect(back.id == conflict.id.lowercased())
        #expect(back.resolution == .mine)
        #expect(back.mine == conflict.mine)
    }

    @Test func emptyConflictsInJSONAreAnEmptyArray() throws {
        let output = try render(Fixture.presenter(.json).conflicts([], includeResolved: false))
        #expect(output.text == "[]\n")
    }

    @Test func summaryJSONHasStableKeys() throws {
        let summary = SyncSummary(
            server: Fixture.server, pushed: 12, conflicts: 1,
            rejected: [RejectedChange(entity: "task", recordID: "3f2a", label: "Write report", reason: "too long")],
            pulled: 30)
        let object = try #require(
            try jsonObject(render(Fixture.presenter(.json).synced(summary)).text) as? [String: Any])

        #expect(
            Set(object.keys) == ["server", "pushed", "conflicts", "rejected", "pulled", "server_reset", "up_to_date"])
        #expect(object["up_to_date"] as? Bool == false)
        let rejected = try #require((object["rejected"] as? [[String: Any]])?.first)
        #expect(Set(rejected.keys) == ["entity", "record_id", "label", "reason"])
    }

    @Test func teamJSONCarriesIDsAndTheYouFlag() throws {
        let members = [TeamMember(id: SampleSync.IDs.ana, name: "Ana", isYou: true)]
        let output = try render(Fixture.presenter(.json).team(members))
        let object = try #require((try jsonObject(output.text) as? [[String: Any]])?.first)
        #expect(Set(object.keys) == ["id", "name", "is_you"])
        #expect(object["is_you"] as? Bool == true)
    }

    @Test func logoutJSONSaysWhetherThereWasAnAccount() throws {
        let out = try #require(
            try jsonObject(render(Fixture.presenter(.json).loggedOut(SampleSync.account)).text) as? [String: Any])
        #expect(out["logged_out"] as? Bool == true)
        #expect(out["server"] as? String == Fixture.server)
        let none = try #require(try jsonObject(render(Fixture.presenter(.json).loggedOut(nil)).text) as? [String: Any])
        #expect(none["logged_out"] as? Bool == false)
        #expect(none["server"] is NSNull)
    }

    @Test func theConflictTableFitsANarrowTerminalByShorteningValues() throws {
        let conflict = Fixture.conflict(
            mine: String(repeating: "mine ", count: 20), theirs: String(repeating: "theirs ", count: 20))
        let style = TerminalStyle(isTTY: true, useColor: false, width: 100)
        let output = try render(Fixture.presenter().conflicts([conflict], includeResolved: false), style: style)

        #expect(output.lines.count == 3)
        #expect(output.lines.allSatisfy { DisplayWidth.of($0) <= 100 })
        #expect(output.lines[1].contains("…"))
    }

    @Test(arguments: [60, 80, 120])
    func onANarrowTerminalTheConflictTableLeavesOutResolutionThenWhen(width: Int) throws {
        let conflict = Fixture.conflict(
            mine: String(repeating: "mine ", count: 20), theirs: String(repeating: "theirs ", count: 20))
        let style = TerminalStyle(isTTY: true, useColor: false, width: width)
        let output = try render(Fixture.presenter().conflicts([conflict], includeResolved: true), style: style)

        #expect(output.lines.allSatisfy { DisplayWidth.of($0) <= width }, "\(output.lines)")
        let header = try #require(output.lines.first)
        #expect(header.contains("Resolution") == (width == 120))
        #expect(header.contains("When") == (width == 120))
        #expect(header.contains("Yours") && header.contains("Theirs (kept)"))
    }

    @Test func quietKeepsWhatWentWrongAndTheAnswerButNotConfirmationsOrHints() throws {
        let output = CapturedOutput()
        let view = SyncView(output: output, style: .plain, quiet: true)
        let summary = SyncSummary(server: Fixture.server, pushed: 12_000, conflicts: 1, pulled: 3_456)

        try view.render(Fixture.presenter().synced(summary))
        try view.render(Fixture.presenter().settings(Fixture.status(), only: .autoSync))
        try view.render(Fixture.presenter().conflicts([], includeResolved: false))
        try view.render(Fixture.presenter().conflicts([Fixture.conflict()], includeResolved: false))

        #expect(output.lines.first == "1 conflict: stint sync conflicts")
        #expect(output.lines[1] == "off")
        #expect(output.lines[2].hasPrefix("ID"))
        #expect(output.lines.count == 4)
        #expect(!output.text.contains("Keep one side"))
    }

    @Test func countsInASummaryAreGroupedLikeTheProgressLine() throws {
        let summary = SyncSummary(server: Fixture.server, pushed: 12_000, conflicts: 0, pulled: 3_456)
        #expect(
            try render(Fixture.presenter().synced(summary)).lines == [
                "Synced with \(Fixture.server): pushed 12,000 changes, pulled 3,456."
            ])
    }

    @Test func colourOnlyWhenTheStyleAllowsIt() throws {
        let summary = SyncSummary(server: Fixture.server, pushed: 1, conflicts: 1, pulled: 0)
        let plain = try render(Fixture.presenter().synced(summary))
        #expect(!plain.text.contains("\u{1B}["))

        let colour = TerminalStyle(isTTY: true, useColor: true, width: 80)
        let painted = try render(Fixture.presenter().synced(summary), style: colour)
        #expect(painted.lines.last == colour.paint("1 conflict: stint sync conflicts", .yellow))
    }

    @Test func theStatusBlockIsAHeadingFieldsAndHints() throws {
        let output = try render(Fixture.presenter().status(Fixture.status(lastSyncAt: Fixture.now - 300)))
        #expect(
            output.lines == [
                "Sync",
                "  Server     https://stint.example.com",
                "  User       Ana",
                "  Device     laptop",
                "  Pending    none",
                "  Last sync  5 min ago",
                "  Conflicts  none",
                "  Auto-sync  off",
                "  Device ID  1a7b0900-0000-4000-8000-00000000000a",
            ])
    }
}
