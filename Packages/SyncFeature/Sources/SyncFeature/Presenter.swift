import Foundation
import TerminalUI

/// Turns the interactor's results into screens: JSON payloads, or one-line confirmations, the status block and tables.
///
/// Pure: no I/O and no clock. The last sync is described relative to the instant the status was read; conflict times
/// are shown on the wall clock of `timeZone`, with their day unless it is `today`. Everything that came from a server
/// or another person (addresses, names, titles, values) is shown on one line with control characters escaped.
struct SyncPresenter: Sendable {
    static let notLoggedInStatus = "Not logged in: stint works offline. Log in with stint login URL."
    static let notLoggedInLogout = "Not logged in: nothing to log out of."
    static let noConflicts = "No conflicts."
    static let upToDate = "Already up to date."
    /// How many characters of a title or name the conflicts table shows in its "What" column.
    static let labelLimit = 40

    let format: OutputFormat
    let today: CalendarDay
    let timeZone: any DisplayTimeZone

    // MARK: Account

    func loggedIn(_ account: SyncAccount) -> SyncScreen {
        if format == .json { return .json(account) }
        return .lines([
            SyncLine(
                "Logged in to \(server(account.server)) as \(name(account.userName)) "
                    + "(device \(name(account.deviceName))). Run `stint sync` to share your work.")
        ])
    }

    func loggedOut(_ account: SyncAccount?) -> SyncScreen {
        if format == .json { return .json(LogoutPayload(account: account)) }
        guard let account else { return .lines([SyncLine(Self.notLoggedInLogout)]) }
        return .lines([SyncLine("Logged out of \(server(account.server)). Local data stays on this device.")])
    }

    // MARK: Sync

    /// The summary line, a hint when conflicts were made, one line per rejected change, and a note when the server
    /// had been reset.
    func synced(_ summary: SyncSummary) -> SyncScreen {
        if format == .json { return .json(summary) }
        var lines: [SyncLine] = []
        if summary.serverReset {
            lines.append(
                SyncLine(
                    "The server was reset or restored: pulled everything again and kept this device's changes.",
                    color: .yellow, essential: true))
        }
        if summary.isUpToDate {
            lines.append(SyncLine(Self.upToDate))
        } else {
            lines.append(
                SyncLine(
                    "Synced with \(server(summary.server)): \(pushedPhrase(summary)), "
                        + "pulled \(NumberText.grouped(summary.pulled))."))
        }
        lines += summary.rejected.map { rejected in
            SyncLine(
                "Rejected \(what(rejected.entity, rejected.label, rejected.recordID)): "
                    + DisplayText.singleLine(rejected.reason),
                color: .red, essential: true)
        }
        if summary.conflicts > 0 {
            let hint = "\(Plural.conflicts(summary.conflicts)): stint sync conflicts"
            lines.append(SyncLine(hint, color: .yellow, essential: true))
        }
        return .lines(lines)
    }

    /// "pushed 12 changes (1 conflict, 2 rejected)", "pushed 1 change", "pushed nothing".
    private func pushedPhrase(_ summary: SyncSummary) -> String {
        guard summary.pushed > 0 else { return "pushed nothing" }
        var notes: [String] = []
        if summary.conflicts > 0 { notes.append(Plural.conflicts(summary.conflicts)) }
        if !summary.rejected.isEmpty { notes.append("\(NumberText.grouped(summary.rejected.count)) rejected") }
        let base = "pushed \(Plural.changes(summary.pushed))"
        return notes.isEmpty ? base : "\(base) (\(notes.joined(with: ", ")))"
    }

    // MARK: Watch

    /// Said once when a watch starts; nothing with `--json`, whose output is only the summaries, a line each.
    func watching(_ account: SyncAccount, every interval: Duration) -> SyncScreen {
        if format == .json { return .lines([]) }
        return .lines([
            SyncLine(
                "Watching \(server(account.server)) as \(name(account.userName)): syncing every "
                    + "\(Self.seconds(interval)); Ctrl-C to stop.", color: .dim)
        ])
    }

    /// A sync of the watch that moved something: the same lines as `stint sync`, or one compact JSON object.
    func watched(_ summary: SyncSummary) -> SyncScreen {
        if format == .json { return .jsonLine(summary) }
        return synced(summary)
    }

    /// For the progress stream: the server cannot be used, the watch goes on.
    func watchFailed(_ error: any Error) -> String {
        "stint: \(DisplayText.singleLine(String(describing: error))); still watching, trying again"
    }

    func watchRecovered(_ account: SyncAccount) -> String {
        "stint: \(server(account.server)) answers again; back in sync"
    }

    /// "2 s", "1.5 s", "2 min".
    static func seconds(_ interval: Duration) -> String {
        let total = Double(interval.components.seconds) + Double(interval.components.attoseconds) / 1e18
        if total >= 60, total.truncatingRemainder(dividingBy: 60) == 0 { return "\(Int(total / 60)) min" }
        if total == total.rounded() { return "\(Int(total)) s" }
        return "\(String(format: "%.1f", total)) s"
    }

    // MARK: Settings

    func autoSyncSet(_ enabled: Bool, loggedIn: Bool) -> SyncScreen {
        if format == .json { return .json(SettingsPayload(autoSync: enabled)) }
        guard enabled else {
            return .lines([SyncLine("Auto-sync is off: changes wait for `stint sync`.")])
        }
        guard loggedIn else {
            return .lines([
                SyncLine("Auto-sync is on; it starts once this device is logged in (stint login URL).", color: .yellow)
            ])
        }
        return .lines([
            SyncLine("Auto-sync is on: every change is pushed, and everyone's pulled, in the background.")
        ])
    }

    func settings(_ status: SyncStatus, only setting: SyncSetting?) -> SyncScreen {
        if format == .json { return .json(SettingsPayload(autoSync: status.autoSync)) }
        let value = status.autoSync ? "on" : "off"
        if setting != nil { return .lines([SyncLine(value, essential: true)]) }
        return .lines([SyncLine("\(SyncSetting.autoSync.rawValue) = \(value)", essential: true)])
    }

    // MARK: Status

    func status(_ status: SyncStatus) -> SyncScreen {
        if format == .json { return .json(status) }
        guard let account = status.account else {
            return .lines([SyncLine(Self.notLoggedInStatus, essential: true)])
        }
        let lastSync = status.lastSyncAt.map {
            RelativeTimeText.describe($0, now: status.checkedAt, timeZone: timeZone)
        }
        var fields = [
            DetailField(label: "Server", value: server(account.server)),
            DetailField(label: "User", value: name(account.userName)),
            DetailField(label: "Device", value: name(account.deviceName)),
            DetailField(
                label: "Pending", value: status.pendingChanges == 0 ? "none" : Plural.changes(status.pendingChanges)),
            DetailField(label: "Last sync", value: lastSync ?? "never", color: lastSync == nil ? .yellow : nil),
            DetailField(
                label: "Conflicts", value: status.conflicts == 0 ? "none" : NumberText.grouped(status.conflicts),
                color: status.conflicts == 0 ? nil : .yellow),
        ]
        fields.append(DetailField(label: "Auto-sync", value: status.autoSync ? "on" : "off"))
        if let failure = status.autoSyncFailure {
            fields.append(DetailField(label: "Last failure", value: DisplayText.singleLine(failure), color: .yellow))
        }
        fields.append(DetailField(label: "Device ID", value: account.deviceID.lowercased(), color: .gray))
        var footer: [SyncLine] = []
        if status.conflicts > 0 {
            footer.append(SyncLine("\(Plural.conflicts(status.conflicts)): stint sync conflicts", color: .dim))
        }
        if status.pendingChanges > 0 || status.lastSyncAt == nil {
            footer.append(SyncLine("Share your work with: stint sync", color: .dim))
        }
        return .detail(SyncDetail(heading: "Sync", fields: fields, footer: footer))
    }

    // MARK: Conflicts

    func conflicts(_ conflicts: [SyncConflict], includeResolved: Bool) -> SyncScreen {
        if format == .json { return .json(conflicts) }
        guard !conflicts.isEmpty else { return .lines([SyncLine(Self.noConflicts)]) }
        var columns = [
            TableColumn("ID"),
            TableColumn("What", flexible: true),
            TableColumn("Field"),
            TableColumn("Yours", flexible: true),
            TableColumn("Theirs (kept)", flexible: true),
            TableColumn("When", dropRank: TableColumn.DropRank.context),
        ]
        if includeResolved { columns.append(TableColumn("Resolution", dropRank: TableColumn.DropRank.status)) }
        let rows = conflicts.map { conflict -> [TableCell] in
            // A resolved conflict is history, not a decision to make: the whole row recedes.
            let rowColor: TextColor? = conflict.isResolved ? .dim : nil
            var row = [
                TableCell(DisplayText.shortID(conflict.id), color: conflict.isResolved ? .dim : .gray),
                TableCell(
                    what(conflict.entity, conflict.label, conflict.recordID, limit: Self.labelLimit), color: rowColor),
                TableCell(DisplayText.singleLine(conflict.field), color: rowColor),
                TableCell(value(conflict.mine), color: conflict.isResolved ? .dim : .yellow),
                TableCell(value(conflict.theirs), color: rowColor),
                TableCell(when(conflict.createdAt), color: rowColor),
            ]
            if includeResolved { row.append(TableCell(resolution(conflict.resolution), color: rowColor)) }
            return row
        }
        let open = conflicts.filter { !$0.isResolved }
        let footer: [SyncLine] =
            open.isEmpty
            ? []
            : [SyncLine("Keep one side with: stint sync conflicts resolve ID --take mine|theirs", color: .dim)]
        return .table(Table(columns: columns, rows: rows), footer: footer)
    }

    /// One line saying what holds now.
    func resolved(_ conflict: SyncConflict) -> SyncScreen {
        if format == .json { return .json(conflict) }
        let subject = what(conflict.entity, conflict.label, conflict.recordID)
        let field = DisplayText.singleLine(conflict.field)
        let line =
            switch conflict.resolution ?? .theirs {
            case .mine:
                "Kept yours: \(subject) \(field) is now \(quotedValue(conflict.mine)); stint sync shares it."
            case .theirs:
                "Kept theirs: \(subject) \(field) stays \(quotedValue(conflict.theirs))."
            }
        return .lines([SyncLine(line)])
    }

    // MARK: Team

    func team(_ members: [TeamMember]) -> SyncScreen {
        if format == .json { return .json(members) }
        guard !members.isEmpty else { return .lines(["No team members."]) }
        let columns = [TableColumn("Name", flexible: true), TableColumn("ID"), TableColumn("")]
        let rows = members.map { member -> [TableCell] in
            [
                TableCell(name(member.name), color: member.isYou ? .bold : nil),
                TableCell(DisplayText.shortID(member.id), color: .gray),
                TableCell(member.isYou ? "you" : "", color: .green),
            ]
        }
        return .table(Table(columns: columns, rows: rows), footer: [])
    }

    // MARK: Formatting

    /// `task "Write report"`, or `timer 3f2a9c14` for a record without a title or name.
    func what(_ entity: String, _ label: String, _ recordID: String, limit: Int = DisplayText.quotedTitleLimit)
        -> String
    {
        let kind = DisplayText.singleLine(entity)
        let trimmed = label.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !trimmed.isEmpty else {
            return recordID.isEmpty ? kind : "\(kind) \(DisplayText.shortID(recordID))"
        }
        return "\(kind) \(DisplayText.quoted(trimmed, limit: limit))"
    }

    /// A conflict side in a table cell: the value on one line, or "(none)" for an empty value.
    func value(_ value: String?) -> String {
        guard let value, !value.isEmpty else { return "(none)" }
        return DisplayText.singleLine(value)
    }

    /// A conflict side in a sentence: quoted, or "empty".
    func quotedValue(_ value: String?) -> String {
        guard let value, !value.isEmpty else { return "empty" }
        return DisplayText.quoted(value)
    }

    /// "14:05" today, "2026-03-01 14:05" on any other day.
    func when(_ date: Date) -> String {
        CalendarDay.from(date, in: timeZone) == today
            ? TimestampText.timeOfDay(date, in: timeZone) : TimestampText.minute(date, in: timeZone)
    }

    func resolution(_ side: SyncConflict.Side?) -> String {
        switch side {
        case .mine: "kept yours"
        case .theirs: "kept theirs"
        case nil: "open"
        }
    }

    private func server(_ address: String) -> String { DisplayText.escaped(address) }

    private func name(_ text: String) -> String { DisplayText.singleLine(text) }
}
