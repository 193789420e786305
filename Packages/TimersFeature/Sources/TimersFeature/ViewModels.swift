import Foundation
import TerminalUI

// What the presenter hands the view. Every string, column and colour is chosen by the presenter; the view only lays
// them out for the terminal (or encodes the JSON payload).

/// One screen to draw.
enum TimersScreen: Sendable {
    /// Plain lines about the work (confirmations, empty states), left out under `--quiet`. An empty array prints
    /// nothing.
    case lines([String])
    /// Lines printed even under `--quiet`: the answer asked for (which timers are paused).
    case essential([String])
    case table(TimerTable)
    case detail(TimerDetail)
    /// The machine-readable form, printed as pretty JSON.
    case json(any Encodable & Sendable)
    /// A list of entries as JSON: the same text `json` would print for them, written member by member.
    case entriesJSON([TimeEntry])
    /// Text written exactly as given (CSV); it already ends with a newline. Data, so `--quiet` never hides it.
    case text(String)
}

struct TimerTable: Sendable {
    var columns: [TableColumn]
    var rows: [[TableCell]]
    /// A last row drawn in the same columns, such as the entries' total.
    var totalRow: [TableCell]? = nil

    var columnTitles: [String] { columns.map(\.title) }

    /// The cells of one column, top to bottom, without the total row (`nil` if there is no such column).
    func cells(inColumn title: String) -> [TableCell]? {
        guard let index = columns.firstIndex(where: { $0.title == title }) else { return nil }
        return rows.map { $0[index] }
    }

    /// The total row's cell in one column (`nil` if there is no such column or no total row).
    func total(inColumn title: String) -> TableCell? {
        guard let index = columns.firstIndex(where: { $0.title == title }), let totalRow else { return nil }
        return totalRow[index]
    }
}

/// The status block and the dashboard's time block: a heading, labelled fields, then dimmed hints.
struct TimerDetail: Sendable, Equatable {
    var heading: String
    var fields: [DetailField]
    /// Lines after the fields (hints about other timers; left out under `--quiet`).
    var footer: [String]

    func field(_ label: String) -> DetailField? { fields.first { $0.label == label } }
}

/// The JSON form of `status`: the running timer (or `null`) and the paused ones.
struct StatusPayload: Encodable, Sendable {
    var running: Timer?
    var paused: [Timer]

    enum CodingKeys: String, CodingKey {
        case running, paused
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(running, forKey: .running)
        try container.encode(paused, forKey: .paused)
    }
}

/// The JSON form of `overview`.
struct OverviewPayload: Encodable, Sendable {
    var running: Timer?
    var pausedCount: Int
    var todaySeconds: Int
    var weekSeconds: Int
    var todayOnTimersSeconds: Int
    var weekOnTimersSeconds: Int

    enum CodingKeys: String, CodingKey {
        case running
        case pausedCount = "paused_count"
        case todaySeconds = "today_seconds"
        case weekSeconds = "week_seconds"
        case todayOnTimersSeconds = "today_on_timers_seconds"
        case weekOnTimersSeconds = "week_on_timers_seconds"
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(running, forKey: .running)
        try container.encode(pausedCount, forKey: .pausedCount)
        try container.encode(todaySeconds, forKey: .todaySeconds)
        try container.encode(weekSeconds, forKey: .weekSeconds)
        try container.encode(todayOnTimersSeconds, forKey: .todayOnTimersSeconds)
        try container.encode(weekOnTimersSeconds, forKey: .weekOnTimersSeconds)
    }
}
