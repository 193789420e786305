import Foundation
import SyncFeatureFakes
import TerminalUI
import Testing

@testable import SyncFeature

@Suite("Presenter")
struct PresenterTests {
    let presenter = Fixture.presenter()

    // MARK: sync summary

    @Test func aSyncThatMovedNothingIsUpToDate() {
        let summary = SyncSummary(server: Fixture.server, pushed: 0, pulled: 0)
        #expect(presenter.synced(summary).lineTexts == ["Already up to date."])
    }

    @Test func theSummarySaysWhatWentEachWayAndHintsAtConflicts() {
        let summary = SyncSummary(server: Fixture.server, pushed: 12, conflicts: 1, pulled: 30)
        #expect(
            presenter.synced(summary).lineTexts == [
                "Synced with https://stint.example.com: pushed 12 changes (1 conflict), pulled 30.",
                "1 conflict: stint sync conflicts",
            ])
    }

    @Test(arguments: [
        (1, 0, 0, "pushed 1 change, pulled 0."),
        (0, 0, 5, "pushed nothing, pulled 5."),
        (3, 2, 1, "pushed 3 changes (2 conflicts), pulled 1."),
    ])
    func theSummaryCountsInWords(pushed: Int, conflicts: Int, pulled: Int, expected: String) throws {
        let summary = SyncSummary(server: Fixture.server, pushed: pushed, conflicts: conflicts, pulled: pulled)
        let first = try #require(presenter.synced(summary).lineTexts?.first)
        #expect(first == "Synced with https://stint.example.com: " + expected)
    }

    @Test func everyRejectedChangeGetsALineWithItsReason() {
        let summary = SyncSummary(
            server: Fixture.server, pushed: 2,
            rejected: [
                RejectedChange(
                    entity: "task", recordID: "3f2a9c14-6b0e", label: "Write report", reason: "title is too long"),
                RejectedChange(
                    entity: "timer", recordID: "5E6F7A8B-9C0D", label: "", reason: "belongs to another user\nreally"),
            ], pulled: 0)
        #expect(
            presenter.synced(summary).lineTexts == [
                "Synced with https://stint.example.com: pushed 2 changes (2 rejected), pulled 0.",
                "Rejected task \"Write report\": title is too long",
                "Rejected timer 5e6f7a8b: belongs to another user really",
            ])
    }

    @Test func aResetServerIsExplainedFirst() {
        let summary = SyncSummary(server: Fixture.server, pushed: 3, pulled: 40, serverReset: true)
        #expect(
            presenter.synced(summary).lineTexts == [
                "The server was reset or restored: pulled everything again and kept this device's changes.",
                "Synced with https://stint.example.com: pushed 3 changes, pulled 40.",
            ])
    }

    // MARK: status

    @Test func statusFieldsInWords() throws {
        let detail = try #require(
            presenter.status(Fixture.status(pending: 1, lastSyncAt: Fixture.now - 3 * 3_600, conflicts: 2)).detail)
        #expect(detail.heading == "Sync")
        #expect(
            detail.fields.map(\.label) == [
                "Server", "User", "Device", "Pending", "Last sync", "Conflicts", "Auto-sync", "Device ID",
            ])
        #expect(detail.field("Pending")?.value == "1 change")
        #expect(detail.field("Last sync")?.value == "3 h ago")
        #expect(detail.field("Conflicts")?.value == "2")
        #expect(detail.field("Conflicts")?.color == .yellow)
        #expect(detail.footer.map(\.text) == ["2 conflicts: stint sync conflicts", "Share your work with: stint sync"])
    }

    @Test func aDeviceThatNeverSyncedSaysNever() throws {
        let detail = try #require(presenter.status(Fixture.status()).detail)
        #expect(detail.field("Pending")?.value == "none")
        #expect(detail.field("Last sync")?.value == "never")
        #expect(detail.field("Conflicts")?.value == "none")
        #expect(detail.footer.map(\.text) == ["Share your work with: stint sync"])
    }

    @Test func aSyncedDeviceWithNothingPendingHasNoHints() throws {
        let detail = try #require(presenter.status(Fixture.status(lastSyncAt: Fixture.now - 30)).detail)
        #expect(detail.field("Last sync")?.value == "just now")
        #expect(detail.footer.isEmpty)
    }

    @Test func namesFromTheServerCannotReachTheTerminalRaw() throws {
        var account = SampleSync.account
        account.userName = "Ana\u{1B}[31m"
        account.deviceName = "lap\ntop"
        account.server = "https://evil.example.com/\u{1B}[2J"
        let detail = try #require(presenter.status(Fixture.status(account: account)).detail)
        #expect(detail.field("User")?.value == "Ana\\e[31m")
        #expect(detail.field("Device")?.value == "lap top")
        #expect(detail.field("Server")?.value == "https://evil.example.com/\\e[2J")
        #expect(
            presenter.loggedIn(account).lineTexts == [
                "Logged in to https://evil.example.com/\\e[2J as Ana\\e[31m (device lap top). "
                    + "Run `stint sync` to share your work."
            ])
    }

    // MARK: conflicts

    @Test func conflictTableHasTheAgreedColumns() throws {
        let table = try #require(presenter.conflicts([Fixture.conflict()], includeResolved: false).table)
        #expect(table.columns.map(\.title) == ["ID", "What", "Field", "Yours", "Theirs (kept)", "When"])
        #expect(table.columns.map(\.flexible) == [false, true, false, true, true, false])
        #expect(
            table.rows.map { $0.map(\.text) } == [
                ["7c1e5a39", "task \"Write report\"", "title", "Final report", "Draft report", "08:35"]
            ])
    }

    @Test func resolvedConflictsAreDimAndSayHowTheyEnded() throws {
        let conflicts = [Fixture.conflict(), Fixture.conflict(minutesAgo: 3 * 1_440, resolution: .mine)]
        let screen = presenter.conflicts(conflicts, includeResolved: true)
        let table = try #require(screen.table)
        #expect(table.columns.last?.title == "Resolution")
        #expect(table.rows.map { $0.last?.text } == ["open", "kept yours"])
        #expect(table.rows[1][5].text == "2026-02-27 09:00")
        #expect(table.rows[1].allSatisfy { $0.color == .dim })
        #expect(screen.footer == ["Keep one side with: stint sync conflicts resolve ID --take mine|theirs"])
    }

    @Test func onlyResolvedConflictsNeedNoHint() {
        let screen = presenter.conflicts([Fixture.conflict(resolution: .theirs)], includeResolved: true)
        #expect(screen.footer == [])
    }

    @Test func noConflictsIsOneLine() {
        #expect(presenter.conflicts([], includeResolved: false).lineTexts == ["No conflicts."])
        #expect(presenter.conflicts([], includeResolved: true).lineTexts == ["No conflicts."])
    }

    @Test func whatNamesTheRecordOrItsShortIDAndEmptyValuesSayNone() {
        #expect(presenter.what("task", "Write report", "3f2a") == "task \"Write report\"")
        #expect(presenter.what("time entry", "  ", "5E6F7A8B-9C0D") == "time entry 5e6f7a8b")
        #expect(presenter.what("task", String(repeating: "x", count: 50), "3f2a", limit: 10) == "task \"xxxxxxxxx…\"")
        #expect(presenter.value(nil) == "(none)")
        #expect(presenter.value("") == "(none)")
        #expect(presenter.value("two\nlines") == "two lines")
    }

    @Test func resolvingSaysWhatHoldsNow() {
        #expect(
            presenter.resolved(Fixture.conflict(resolution: .mine)).lineTexts == [
                "Kept yours: task \"Write report\" title is now \"Final report\"; stint sync shares it."
            ])
        #expect(
            presenter.resolved(Fixture.conflict(resolution: .theirs)).lineTexts == [
                "Kept theirs: task \"Write report\" title stays \"Draft report\"."
            ])
        #expect(
            presenter.resolved(Fixture.conflict(field: "due", mine: nil, resolution: .mine)).lineTexts == [
                "Kept yours: task \"Write report\" due is now empty; stint sync shares it."
            ])
    }

    // MARK: team and errors

    @Test func theTeamTableMarksYou() throws {
        let members = [
            TeamMember(id: SampleSync.IDs.ana, name: "Ana", isYou: true),
            TeamMember(id: SampleSync.IDs.ben, name: "Ben", isYou: false),
        ]
        let table = try #require(presenter.team(members).table)
        #expect(table.rows.map { $0.map(\.text) } == [["Ana", "a11ce000", "you"], ["Ben", "b0b00000", ""]])
        #expect(presenter.team([]).lineTexts == ["No team members."])
    }

    @Test(arguments: [
        (SyncFeatureError.notLoggedIn, "not logged in: log in with stint login URL", SyncFeatureError.Kind.notLoggedIn),
        (
            .missingToken, "no token given: pass --token TOKEN, or --token - and the token on standard input",
            .invalidInput
        ),
        (
            .invalidToken(.spaceOrControlCharacter),
            "the token contains a space or control character: copy it again from stint-server user add", .invalidInput
        ),
        (
            .invalidToken(.notASCII),
            "the token contains a character that is not plain ASCII: copy it again from stint-server user add",
            .invalidInput
        ),
        (
            .invalidPort(server: "http://127.0.0.1:99999", port: 99999),
            "'http://127.0.0.1:99999' is not a server URL: 99999 is not a valid port (use 1 to 65535)", .invalidInput
        ),
        (
            .invalidServer("https://" + String(repeating: "a", count: 10_240) + ".com"),
            "'https://" + String(repeating: "a", count: 71) + "…' is not a server URL: use one like "
                + "https://stint.example.com",
            .invalidInput
        ),
        (
            .remote(server: "http://127.0.0.1:8420/" + String(repeating: "a", count: 10_240), message: "refused"),
            "cannot sync with http://127.0.0.1:8420/" + String(repeating: "a", count: 57) + "…: refused", .remote
        ),
        (
            .alreadyLoggedIn(server: "https://a.example.com", userName: "Ana"),
            "already logged in to https://a.example.com as Ana: run stint logout first", .conflict
        ),
        (
            .invalidServer("stint.example.com"),
            "'stint.example.com' is not a server URL: use one like https://stint.example.com", .invalidInput
        ),
        (.conflictNotFound(reference: "ff\u{1B}"), "no conflict matches 'ff\\e': see stint sync conflicts", .notFound),
        (
            .ambiguousConflict(reference: "7c", candidates: ["7c1e5a39", "7c1e0000"]),
            "'7c' matches several conflicts: 7c1e5a39, 7c1e0000; use a longer id", .ambiguous
        ),
        (
            .alreadyResolved(id: "7C1E5A39-91B4", side: .mine), "conflict 7c1e5a39 was already resolved (kept yours)",
            .conflict
        ),
        (
            .remote(server: "https://a.example.com", message: "timed out after 15 s"),
            "cannot sync with https://a.example.com: timed out after 15 s", .remote
        ),
    ])
    func everyErrorIsOneLineOfItsKind(error: SyncFeatureError, message: String, kind: SyncFeatureError.Kind) {
        #expect(error.localizedDescription == message)
        #expect(error.kind == kind)
    }
}
