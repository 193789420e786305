import Foundation
import TerminalUI

// What the presenter hands the view. Every string, column and colour is already chosen; the view only lays it out.

/// One screen to draw.
enum SyncScreen: Sendable {
    /// Plain lines (confirmations, summaries, empty states). An empty array prints nothing. Under `--quiet` only
    /// the essential ones are printed.
    case lines([SyncLine])
    /// A table, then lines below it (hints, left out under `--quiet`).
    case table(Table, footer: [SyncLine])
    case detail(SyncDetail)
    /// Scripted output: the value is encoded as it is, with the models' stable keys.
    case json(any Encodable & Sendable)
    /// One JSON object on one line: a stream a script reads line by line (`stint sync --watch --json`).
    case jsonLine(any Encodable & Sendable)
}

/// One line of text and the colour it is painted in on a colour terminal.
struct SyncLine: Sendable, Equatable, ExpressibleByStringLiteral {
    var text: String
    var color: TextColor?
    /// Printed even under `--quiet`: the answer asked for (a setting, whether logged in) or something that went
    /// wrong or needs a decision (a rejected change, a new conflict, a server reset). Confirmations and hints are not.
    var essential: Bool

    init(_ text: String, color: TextColor? = nil, essential: Bool = false) {
        self.text = text
        self.color = color
        self.essential = essential
    }

    init(stringLiteral value: String) {
        self.init(value)
    }
}

/// The `sync status` block: a heading, labelled fields, then hints.
struct SyncDetail: Sendable, Equatable {
    var heading: String
    var fields: [DetailField]
    /// Lines after the fields (what to do next; left out under `--quiet`).
    var footer: [SyncLine]

    func field(_ label: String) -> DetailField? { fields.first { $0.label == label } }
}

/// The JSON of `logout`: whether there was an account, and which server it was on.
struct LogoutPayload: Encodable, Sendable {
    var account: SyncAccount?

    enum CodingKeys: String, CodingKey {
        case loggedOut = "logged_out"
        case server
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(account != nil, forKey: .loggedOut)
        try container.encode(account?.server, forKey: .server)
    }
}

/// The JSON of `stint config` and `stint config get auto-sync`.
struct SettingsPayload: Encodable, Sendable {
    var autoSync: Bool

    enum CodingKeys: String, CodingKey {
        case autoSync = "auto_sync"
    }
}
