import Foundation

/// Everything about the command's surroundings that a feature needs besides its dependencies: where to write, how it
/// should look, in which format, what day it is and where the user is. Every feature builder takes one, so the host
/// decides these once per process and a test sets them in one place.
///
/// A feature never reads the clock, the environment or standard input itself: "today", the time zone and the input
/// come from here.
public struct FeatureContext: Sendable {
    /// Where results are written (standard output in the App, `CapturedOutput` in tests).
    public var output: any TextOutput
    /// Whether to colour and how wide to fit tables.
    public var style: TerminalStyle
    /// Human text or JSON.
    public var format: OutputFormat
    /// The user's calendar day, for relative dates and default periods.
    public var today: CalendarDay
    /// The zone times of day and days are shown in.
    public var timeZone: any DisplayTimeZone
    /// Where interactive answers are read (standard input by default; a `ScriptedLineReader` in tests). Only a
    /// feature operation documented as interactive reads it, and only when the host calls that operation.
    public var input: any LineReader
    /// `--quiet`: leave out what only talks about the work (confirmations, empty-state hints, the hints under a
    /// table or detail block) and print only what was asked for (tables, details, counts, values, JSON). Errors
    /// are not the feature's to print, so they are never affected.
    public var quiet: Bool

    public init(
        output: any TextOutput,
        style: TerminalStyle,
        format: OutputFormat,
        today: CalendarDay,
        timeZone: any DisplayTimeZone,
        input: any LineReader = StandardLineReader(),
        quiet: Bool = false
    ) {
        self.output = output
        self.style = style
        self.format = format
        self.today = today
        self.timeZone = timeZone
        self.input = input
        self.quiet = quiet
    }
}
