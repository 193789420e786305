import TerminalUI

/// Builds TerminalUI days in tests without importing TerminalUI into every test file.
enum CalendarDayBox {
    static func make(_ iso: String) -> CalendarDay? { CalendarDay(iso: iso) }
}
