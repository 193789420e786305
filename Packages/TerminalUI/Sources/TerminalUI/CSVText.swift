import Foundation

/// CSV as every `--format csv` writes it (RFC 4180): a header line, one line per record, `\n` line ends, a field
/// quoted only when it holds a comma, a double quote or a line break, and quotes doubled inside.
///
/// Text a person typed (titles, notes, names, tags) goes through ``text(_:)``: a spreadsheet runs a cell that starts
/// with `=`, `+`, `-`, `@`, a tab or a carriage return as a formula, so a task titled `=HYPERLINK(…)` could act when
/// the report is opened. Such a field gets a leading `'` (OWASP's advice for CSV injection), which spreadsheets show
/// as text and scripts can strip. Numbers Stint computes are written as they are.
public enum CSVText {
    /// One line (without its line end) of already protected fields.
    public static func line(_ fields: [String]) -> String {
        fields.map(quoted).joined(with: ",")
    }

    /// The whole document: the header, then each record; it ends with a line end.
    public static func document(header: [String], records: [[String]]) -> String {
        var text = line(header) + "\n"
        for record in records { text += line(record) + "\n" }
        return text
    }

    /// A field a person typed, made inert for spreadsheets (see ``CSVText``).
    public static func text(_ value: String) -> String {
        guard let first = value.unicodeScalars.first, formulaStarts.contains(first) else { return value }
        return "'" + value
    }

    /// RFC 4180 quoting: a field with a comma, a double quote or a line break is quoted, with its quotes doubled.
    public static func quoted(_ field: String) -> String {
        guard field.contains(where: { $0 == "," || $0 == "\"" || $0.isNewline }) else { return field }
        return "\"" + field.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }

    /// "32:10:07": a duration exact to the second, hours first, the way timesheets write them.
    public static func clock(seconds: Int) -> String {
        let seconds = max(0, seconds)
        let minute = (seconds % 3_600) / 60
        let second = seconds % 60
        return "\(seconds / 3_600):" + (minute < 10 ? "0" : "") + String(minute) + ":"
            + (second < 10 ? "0" : "") + String(second)
    }

    /// "2026-11-21T09:15:00+01:00": an instant on the wall clock of `timeZone`, with that zone's offset, so a
    /// spreadsheet shows the local time and nothing is lost. Computed from the zone's offset at that instant (no
    /// formatter), exact across daylight-saving changes.
    public static func localTimestamp(_ date: Date, in timeZone: any DisplayTimeZone) -> String {
        let offset = timeZone.secondsFromGMT(for: date)
        let seconds = date.timeIntervalSince1970.rounded(.down) + Double(offset)
        guard seconds.isFinite, abs(seconds) < 1e15 else { return "" }
        var ofDay = Int(seconds) % 86_400
        if ofDay < 0 { ofDay += 86_400 }
        let day = CalendarDay.from(date, in: timeZone)
        let sign = offset < 0 ? "-" : "+"
        let zone = abs(offset)
        return day.iso + "T" + twoDigits(ofDay / 3_600) + ":" + twoDigits(ofDay % 3_600 / 60) + ":"
            + twoDigits(ofDay % 60) + sign + twoDigits(zone / 3_600) + ":" + twoDigits(zone % 3_600 / 60)
    }

    private static let formulaStarts: Set<Unicode.Scalar> = ["=", "+", "-", "@", "\t", "\r"]

    private static func twoDigits(_ value: Int) -> String {
        value < 10 ? "0\(value)" : String(value)
    }
}
