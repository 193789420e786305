import Foundation
import SyncFeature

extension SyncContract {
    /// Every scenario, in a fixed order. Each expects a fresh subject.
    public static let scenarios: [Scenario] = [
        aFreshDeviceWorksOffline, loginThenStatusShowsTheAccount, aRefusedTokenKeepsNothing,
        logoutForgetsTheAccountButKeepsTheWork, syncAndTeamNeedALogin, syncPushesThenIsUpToDate,
        syncPullsWhatOthersChanged, aFailedSyncLosesNothing, aLostFieldBecomesAConflict,
        takingMineMakesAChangeToPush, takingTheirsChangesNothingElse, resolvingAnUnknownConflictIsNotFound,
        conflictsOutliveALogout, teamListsEveryMemberAndMarksYou, aTeamRefreshWithTheServerAwayFails,
        autoSyncIsAPreferenceThatOutlivesALogout,
    ]

    static let autoSyncIsAPreferenceThatOutlivesALogout = Scenario(
        "auto-sync is off at first, set without a login, and kept across logout and login"
    ) { probe in
        try probe.check(try await !probe.services.status().autoSync, "auto-sync is off on a fresh device")
        try await probe.services.setAutoSync(true)
        try probe.check(try await probe.services.status().autoSync, "auto-sync set while logged out")
        _ = try await probe.logIn(as: "Ana")
        try probe.check(try await probe.services.status().autoSync, "auto-sync kept by a login")
        _ = try await probe.services.logout()
        try probe.check(try await probe.services.status().autoSync, "auto-sync kept by a logout")
        try await probe.services.setAutoSync(false)
        try probe.check(try await !probe.services.status().autoSync, "auto-sync turned off")
    }

    static let aFreshDeviceWorksOffline = Scenario("a device that never logged in works offline and counts its changes")
    { probe in
        try probe.check(try await probe.services.account() == nil, "no account")
        let fresh = try await probe.services.status()
        try probe.check(fresh.account == nil, "the status has no account")
        try probe.equal(fresh.pendingChanges, 0, "pending changes of a fresh device")
        try probe.check(fresh.lastSyncAt == nil, "a fresh device never synced")
        try probe.equal(fresh.conflicts, 0, "conflicts of a fresh device")
        try probe.check(try await probe.services.conflicts(includeResolved: true).isEmpty, "no conflict records")
        try await probe.subject.makeLocalChanges(3)
        try probe.equal(try await probe.services.status().pendingChanges, 3, "changes made logged out are pending")
    }

    static let loginThenStatusShowsTheAccount = Scenario("after a login, the account is the status's") { probe in
        let account = try await probe.logIn(as: "Ana")
        try probe.equal(account.userName, "Ana", "the user")
        try probe.equal(account.deviceName, "laptop", "the device")
        try probe.check(!account.userID.isEmpty && !account.deviceID.isEmpty, "the account carries ids")
        try probe.equal(try await probe.services.account(), account, "the account kept")
        let status = try await probe.services.status()
        try probe.equal(status.account, account, "the status's account")
        try probe.check(status.lastSyncAt == nil, "logged in is not synced")
    }

    static let aRefusedTokenKeepsNothing = Scenario("a token the server refuses is a remote failure and keeps nothing")
    { probe in
        _ = try await probe.subject.addUser(named: "Ana")
        try await probe.failsRemotely("logging in with a wrong token") {
            try await probe.services.login(
                server: probe.subject.server, token: "stint_not-a-real-token", deviceName: "laptop")
        }
        try probe.check(try await probe.services.account() == nil, "no account after a refused login")
    }

    static let logoutForgetsTheAccountButKeepsTheWork = Scenario("logout forgets the account, not the work") { probe in
        let account = try await probe.logIn(as: "Ana")
        try await probe.subject.makeLocalChanges(2)
        try probe.equal(try await probe.services.logout(), account, "logout returns the account it left")
        try probe.check(try await probe.services.account() == nil, "no account after logout")
        let status = try await probe.services.status()
        try probe.check(status.account == nil, "the status has no account")
        try probe.equal(status.pendingChanges, 2, "pending changes stay")
        try probe.check(try await probe.services.logout() == nil, "logging out again is not an error, and says so")
    }

    static let syncAndTeamNeedALogin = Scenario("sync and team need a login") { probe in
        try await probe.failsNotLoggedIn("syncing logged out") { try await probe.sync() }
        try await probe.failsNotLoggedIn("the team, logged out") { try await probe.services.team(refresh: false) }
        try await probe.logIn(as: "Ana")
        _ = try await probe.services.logout()
        try await probe.failsNotLoggedIn("syncing after logout") { try await probe.sync() }
    }

    static let syncPushesThenIsUpToDate = Scenario("a sync pushes what is pending; the next one has nothing to do") {
        probe in
        try await probe.logIn(as: "Ana")
        try await probe.subject.makeLocalChanges(3)
        let first = try await probe.sync()
        try probe.equal(first.pushed, 3, "pushed")
        try probe.equal(first.pulled, 0, "pulled: this device's own changes do not count")
        try probe.check(first.conflicts == 0 && first.rejected.isEmpty, "no conflict, nothing rejected")
        let status = try await probe.services.status()
        try probe.equal(status.pendingChanges, 0, "nothing pending after the sync")
        try probe.check(status.lastSyncAt != nil, "the sync is remembered")
        let second = try await probe.sync()
        try probe.check(second.isUpToDate, "the second sync is up to date, got \(second)")
    }

    static let syncPullsWhatOthersChanged = Scenario("a sync pulls what other devices changed") { probe in
        try await probe.logIn(as: "Ana")
        try await probe.subject.makeRemoteChanges(4)
        let summary = try await probe.sync()
        try probe.equal(summary.pulled, 4, "pulled")
        try probe.equal(summary.pushed, 0, "pushed")
        try probe.check(try await probe.sync().isUpToDate, "nothing left to pull")
    }

    static let aFailedSyncLosesNothing = Scenario("a sync that cannot reach the server keeps every pending change") {
        probe in
        let account = try await probe.logIn(as: "Ana")
        try await probe.subject.makeLocalChanges(2)
        try await probe.subject.takeServerOffline()
        try await probe.failsRemotely("syncing with the server down") { try await probe.sync() }
        let status = try await probe.services.status()
        try probe.equal(status.pendingChanges, 2, "pending changes after the failed sync")
        try probe.equal(status.account, account, "still logged in, and the status needs no network")
        try probe.check(status.lastSyncAt == nil, "a failed sync is not a sync")
    }

    static let aLostFieldBecomesAConflict = Scenario("a field changed on both sides: theirs holds, mine is kept") {
        probe in
        try await probe.logIn(as: "Ana")
        try await probe.subject.makeConflict(mine: "Final report", theirs: "Draft report")
        let summary = try await probe.sync()
        try probe.equal(summary.conflicts, 1, "conflicts made by the sync")
        let open = try await probe.services.conflicts(includeResolved: false)
        try probe.equal(open.count, 1, "open conflicts")
        let conflict = open[0]
        try probe.equal(conflict.entity, "task", "the conflict's record kind")
        try probe.equal(conflict.field, "title", "the field")
        try probe.equal(conflict.mine, "Final report", "my value")
        try probe.equal(conflict.theirs, "Draft report", "their value, which holds")
        try probe.check(!conflict.isResolved && conflict.resolvedAt == nil, "the conflict is open")
        try probe.equal(try await probe.services.status().conflicts, 1, "the status counts it")
    }

    static let takingMineMakesAChangeToPush = Scenario("taking mine resolves the conflict and makes a change to push") {
        probe in
        try await probe.logIn(as: "Ana")
        try await probe.subject.makeConflict(mine: "Final report", theirs: "Draft report")
        _ = try await probe.sync()
        let conflict = try await probe.services.conflicts(includeResolved: false)[0]
        let resolved = try await probe.services.resolve(id: String(conflict.id.prefix(8)).uppercased(), take: .mine)
        try probe.equal(resolved.id, conflict.id, "the conflict resolved, by a prefix in any case")
        try probe.equal(resolved.resolution, .mine, "the resolution")
        try probe.check(resolved.resolvedAt != nil, "the time it was resolved")
        try probe.check(try await probe.services.conflicts(includeResolved: false).isEmpty, "no open conflict left")
        let all = try await probe.services.conflicts(includeResolved: true)
        try probe.equal(all.map(\.resolution), [.mine], "the resolved one is still listed on request")
        let status = try await probe.services.status()
        try probe.equal(status.conflicts, 0, "the status's conflicts")
        try probe.equal(status.pendingChanges, 1, "my value is a change waiting for the next sync")
        try await probe.fails(.conflict, "resolving it again") {
            try await probe.services.resolve(id: conflict.id, take: .theirs)
        }
    }

    static let takingTheirsChangesNothingElse = Scenario("taking theirs resolves the conflict and changes nothing else")
    { probe in
        try await probe.logIn(as: "Ana")
        try await probe.subject.makeConflict(mine: "Final report", theirs: "Draft report")
        _ = try await probe.sync()
        let conflict = try await probe.services.conflicts(includeResolved: false)[0]
        let resolved = try await probe.services.resolve(id: conflict.id, take: .theirs)
        try probe.equal(resolved.resolution, .theirs, "the resolution")
        try probe.check(try await probe.services.conflicts(includeResolved: false).isEmpty, "no open conflict left")
        try probe.equal(try await probe.services.status().pendingChanges, 0, "nothing to push")
    }

    static let resolvingAnUnknownConflictIsNotFound = Scenario("resolving an unknown conflict is not found") { probe in
        try await probe.fails(.notFound, "resolving with no conflict at all") {
            try await probe.services.resolve(id: "ffffffff", take: .mine)
        }
        try await probe.logIn(as: "Ana")
        try await probe.subject.makeConflict(mine: "Final report", theirs: "Draft report")
        _ = try await probe.sync()
        let conflict = try await probe.services.conflicts(includeResolved: false)[0]
        let unknown = conflict.id.hasPrefix("ffff") ? "eeeeeeee" : "ffffffff"
        try await probe.fails(.notFound, "resolving an id no conflict has") {
            try await probe.services.resolve(id: unknown, take: .theirs)
        }
        try probe.equal(try await probe.services.conflicts(includeResolved: false).count, 1, "the conflict stays open")
    }

    static let conflictsOutliveALogout = Scenario("conflicts stay on the device after a logout") { probe in
        try await probe.logIn(as: "Ana")
        try await probe.subject.makeConflict(mine: "Final report", theirs: "Draft report")
        _ = try await probe.sync()
        _ = try await probe.services.logout()
        try probe.equal(try await probe.services.conflicts(includeResolved: false).count, 1, "open conflicts")
        try probe.equal(try await probe.services.status().conflicts, 1, "the status still counts them")
    }

    static let aTeamRefreshWithTheServerAwayFails = Scenario(
        "a team refresh asked for the server's list: with the server away it fails, never answers from the cache"
    ) { probe in
        _ = try await probe.subject.addUser(named: "ben")
        _ = try await probe.logIn(as: "Ana")
        let team = try await probe.services.team(refresh: false)
        try await probe.subject.takeServerOffline()
        try await probe.failsRemotely("a refresh with the server down") { try await probe.services.team(refresh: true) }
        try probe.equal(try await probe.services.team(refresh: false), team, "without a refresh the kept team answers")
    }

    static let teamListsEveryMemberAndMarksYou = Scenario("the team lists everyone by name and marks you") { probe in
        _ = try await probe.subject.addUser(named: "ben")
        _ = try await probe.subject.addUser(named: "Chloé")
        let account = try await probe.logIn(as: "Ana")
        let team = try await probe.services.team(refresh: false)
        try probe.equal(team.map(\.name), ["Ana", "ben", "Chloé"], "members by name, ignoring case")
        try probe.equal(team.filter(\.isYou).map(\.id), [account.userID], "you, and only you, marked")
        try probe.equal(Set(team.map(\.id)).count, 3, "distinct ids")
        try probe.equal(try await probe.services.team(refresh: true), team, "a refresh finds the same team")
    }
}
