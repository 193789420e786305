import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// How output should look on the stream it is going to: whether it is a terminal, whether colour is wanted,
/// and how many columns there are to fit tables into.
///
/// Renderers take a style instead of probing the terminal themselves, so tests and piped output are deterministic.
public struct TerminalStyle: Sendable, Equatable {
    /// Whether standard output is an interactive terminal (progress lines and prompts only make sense then).
    public var isTTY: Bool
    /// Whether ANSI colour codes may be written.
    public var useColor: Bool
    /// Columns available for a table line; nil means do not fit (for example when output is piped).
    public var width: Int?

    public init(isTTY: Bool, useColor: Bool, width: Int?) {
        self.isTTY = isTTY
        self.useColor = useColor
        self.width = width
    }

    /// Not a terminal, no colour, no width limit: the style for pipes, files and most tests.
    public static let plain = TerminalStyle(isTTY: false, useColor: false, width: nil)

    /// Inspects standard output and the environment to decide the style for this process.
    ///
    /// Colour follows ``colors(isTTY:environment:choice:)``. The width comes from the terminal itself, else from
    /// `$COLUMNS`, else nil when not a terminal.
    public static func detect(environment: [String: String] = ProcessInfo.processInfo.environment) -> TerminalStyle {
        let isTTY = isatty(STDOUT_FILENO) == 1
        return resolve(isTTY: isTTY, terminalColumns: isTTY ? queryTerminalColumns() : nil, environment: environment)
    }

    /// The pure decision behind `detect`, separated so it can be tested without a real terminal.
    ///
    /// - Parameters:
    ///   - isTTY: whether standard output is a terminal.
    ///   - terminalColumns: the width the terminal reported, if any.
    ///   - environment: process environment (`NO_COLOR`, `FORCE_COLOR`, `TERM`, `COLUMNS` are read).
    ///   - color: what `--color` asked for; `.auto` when it was not given.
    public static func resolve(
        isTTY: Bool, terminalColumns: Int?, environment: [String: String], color: ColorChoice = .auto
    ) -> TerminalStyle {
        let useColor = colors(isTTY: isTTY, environment: environment, choice: color)
        var width: Int?
        if let columns = terminalColumns, columns > 0 {
            width = columns
        } else if let text = environment["COLUMNS"], let columns = Int(Self.trimmed(text)), columns > 0 {
            width = columns
        } else if isTTY {
            width = 80
        }
        return TerminalStyle(isTTY: isTTY, useColor: useColor, width: width)
    }

    /// `text` without the blanks around it: `trimmingCharacters(in:)` goes through `NSString` and cost a tenth of
    /// `stint timer` wherever `COLUMNS` is set.
    static func trimmed(_ text: String) -> Substring {
        guard let first = text.firstIndex(where: { !$0.isWhitespace }),
            let last = text.lastIndex(where: { !$0.isWhitespace })
        else { return "" }
        return text[first...last]
    }

    /// Whether to colour, the first that speaks deciding (ADR 0009): `--color always|never`; then `NO_COLOR` set
    /// and not empty (no-color.org) turns it off; then `FORCE_COLOR` set and not empty (force-color.org, whatever
    /// its value) turns it on; else colour only on a terminal whose `TERM` is not "dumb".
    public static func colors(isTTY: Bool, environment: [String: String], choice: ColorChoice) -> Bool {
        switch choice {
        case .always: return true
        case .never: return false
        case .auto: break
        }
        if !(environment["NO_COLOR"] ?? "").isEmpty { return false }
        if !(environment["FORCE_COLOR"] ?? "").isEmpty { return true }
        return isTTY && environment["TERM"] != "dumb"
    }

    /// This style with colour as `choice` says: `.auto` keeps the decision already made from the terminal and the
    /// environment, `.always` and `.never` override it (the `--color` flag beats every variable).
    public func coloring(_ choice: ColorChoice) -> TerminalStyle {
        var style = self
        switch choice {
        case .auto: break
        case .always: style.useColor = true
        case .never: style.useColor = false
        }
        return style
    }

    private static func queryTerminalColumns() -> Int? {
        var size = winsize()
        #if canImport(Glibc)
            let result = ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &size)
        #else
            let result = ioctl(STDOUT_FILENO, TIOCGWINSZ, &size)
        #endif
        guard result == 0, size.ws_col > 0 else { return nil }
        return Int(size.ws_col)
    }
}

/// What `--color` asks for: colour when the terminal and the environment allow it, always, or never.
public enum ColorChoice: String, Sendable, CaseIterable {
    case auto, always, never
}

/// Colours and emphasis a renderer may ask for; they are only turned into escape codes when colour is on.
public enum TextColor: Sendable {
    case red, green, yellow, blue, magenta, cyan, gray, bold, dim

    var sgrCode: String {
        switch self {
        case .red: "31"
        case .green: "32"
        case .yellow: "33"
        case .blue: "34"
        case .magenta: "35"
        case .cyan: "36"
        case .gray: "90"
        case .bold: "1"
        case .dim: "2"
        }
    }

    /// The escape sequence that turns this colour on.
    var start: String { "\u{1B}[" + sgrCode + "m" }

    /// The escape sequence that turns every colour and emphasis off again.
    static var reset: String { "\u{1B}[0m" }
}

extension TerminalStyle {
    /// Wraps `text` in an ANSI SGR colour code and a reset; returns `text` unchanged when colour is off,
    /// `color` is nil or the text is empty.
    public func paint(_ text: String, _ color: TextColor?) -> String {
        guard useColor, let color, !text.isEmpty else { return text }
        return color.start + text + TextColor.reset
    }
}
