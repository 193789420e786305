import Foundation
import Testing

/// When a command asks for a background sync (ADR 0026): only after it changed local data, only with auto-sync on,
/// only when logged in. The launcher is the harness's recorder, so nothing is spawned.
@Suite("Auto-sync routes")
struct AutoSyncRouteTests {
    @Test("a change asks for one background sync when auto-sync is on and the device logged in; reads never do")
    func onlyChangesAsk() async throws {
        let stint = try Harness()
        try await stint.logIn(as: "Ada", team: [])
        try await stint.given([["task", "add", "Before auto-sync"]])
        #expect(stint.backgroundSyncs.launches.isEmpty, "auto-sync is off by default")

        let set = await stint.run("config", "set", "auto-sync", "on")
        #expect(set.stdout == "Auto-sync is on: every change is pushed, and everyone's pulled, in the background.\n")
        #expect(stint.backgroundSyncs.launches.isEmpty, "a setting is not a change to push")

        let added = await stint.run("task", "add", "After")
        #expect(added.status == 0)
        #expect(added.stderr.isEmpty, "\(added)")
        #expect(stint.backgroundSyncs.launches == [stint.home])

        try await stint.given([["task", "list"], ["timer"], ["report"], ["sync", "status"], ["config"]])
        #expect(stint.backgroundSyncs.launches.count == 1, "reads start nothing")

        try await stint.given([["task", "done", "2"], ["undo"], ["project", "add", "Home"]])
        #expect(stint.backgroundSyncs.launches.count == 4, "an edit, an undo and an add each ask")

        let failed = await stint.run("task", "edit", "99", "--title", "Nothing")
        #expect(failed.status == 2)
        #expect(stint.backgroundSyncs.launches.count == 4, "a command that changed nothing asks nothing")
    }

    @Test("logged out or with auto-sync off, a change stays pending and nothing is asked")
    func offOrLoggedOut() async throws {
        let stint = try Harness()
        try await stint.given([["config", "set", "auto-sync", "on"], ["task", "add", "Logged out"]])
        #expect(stint.backgroundSyncs.launches.isEmpty)

        try await stint.logIn(as: "Ada", team: [])
        try await stint.given([["config", "set", "auto-sync", "off"], ["task", "add", "Turned off"]])
        #expect(stint.backgroundSyncs.launches.isEmpty)
        let status = try await stint.json("sync", "status") as? [String: Any]
        #expect(status?["pending_changes"] as? Int == 2)
        #expect(status?["auto_sync"] as? Bool == false)
    }
}
