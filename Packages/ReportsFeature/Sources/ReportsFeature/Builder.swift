import Foundation
import TerminalUI

/// The operations the Reports feature offers its host. Each call performs one user command: it talks to the
/// ``ReportsServices``, then writes the report to the output the feature was built with.
///
/// Every method rethrows Services errors unchanged and also throws ``ReportsFeatureError``.
public protocol ReportsFeatureInterface: Sendable {
    /// Prints where the time went in `query`'s period: a header line, a table with a total (and, on a terminal, a
    /// bar chart per day or week), or CSV, or JSON. An empty period prints a helpful line instead of a table.
    /// - Throws: ``ReportsFeatureError/emptyRange(since:until:)`` before asking the Services when a custom period
    ///   ends before it starts; any Services error unchanged.
    func report(_ query: ReportQuery) async throws
}

/// Assembles the Reports feature. This is the only public way to obtain a ``ReportsFeatureInterface``; the
/// interactor, presenter and view behind it are internal so the host depends on nothing but the protocols.
///
/// Reports never ask the user anything, so unlike the other features this one has no coordinator.
public enum ReportsBuilder {
    /// Builds the feature for one command.
    /// - Parameters:
    ///   - services: adds up logged time (the App's adapter, or a fake).
    ///   - analytics: receives usage events.
    ///   - output: where the report is written (stdout in the App, `CapturedOutput` in tests).
    ///   - style: whether to colour, whether to draw the chart (terminals only), and how wide to fit it.
    ///   - format: table, CSV or JSON.
    ///   - today: the user's calendar day, which periods are resolved against (the feature never reads the clock).
    ///   - timeZone: the zone the Services split days in; named in the JSON output.
    public static func build(
        services: any ReportsServices,
        analytics: any ReportsAnalytics,
        output: any TextOutput,
        style: TerminalStyle,
        format: ReportFormat,
        today: CalendarDay,
        timeZone: TimeZone
    ) -> any ReportsFeatureInterface {
        ReportsInteractor(
            services: services,
            analytics: analytics,
            presenter: ReportsPresenter(format: format, showsChart: style.isTTY, today: today, timeZone: timeZone),
            view: ReportsView(output: output, style: style),
            format: format,
            today: today
        )
    }
}
