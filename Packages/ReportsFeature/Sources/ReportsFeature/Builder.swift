import Foundation
import TerminalUI

/// The operations the Reports feature offers its host. Each call performs one user command: it talks to the
/// ``ReportsServices``, then writes the report to the output the feature was built with.
///
/// Every method rethrows Services errors unchanged and also throws ``ReportsFeatureError``.
public protocol ReportsFeatureInterface: Sendable {
    /// Prints where the time went in `query`'s period: JSON when the context's format is JSON, else a header line
    /// and a table with a total (and, on a terminal, a bar chart per day or week), or CSV, as `query.layout` says.
    /// An empty period prints a helpful line instead of a table.
    /// - Throws: ``ReportsFeatureError/untilWithoutSince(until:)`` before asking the Services when a range has an
    ///   end but no start; any Services error unchanged (including the one for a range that ends before it starts).
    func report(_ query: ReportQuery) async throws
}

/// What the Reports feature needs from its host besides the ``FeatureContext``. Reports never ask the user anything,
/// so unlike the other features there is no coordinator: just the Services and the Analytics.
public struct ReportsDependencies: Sendable {
    /// Adds up logged time (the App's adapter, or a fake).
    public var services: any ReportsServices
    /// Receives usage events.
    public var analytics: any ReportsAnalytics

    public init(services: any ReportsServices, analytics: any ReportsAnalytics) {
        self.services = services
        self.analytics = analytics
    }
}

/// Assembles the Reports feature. This is the only public way to obtain a ``ReportsFeatureInterface``; the
/// interactor, presenter and view behind it are internal so the host depends on nothing but the protocols.
public enum ReportsBuilder {
    /// Builds the feature for one command.
    /// - Parameters:
    ///   - dependencies: the Services and Analytics implementations.
    ///   - context: output; style (whether to colour, whether to draw the chart, terminals only, and how wide);
    ///     format (JSON, or human text laid out as each query's ``ReportLayout`` says); today, which periods are
    ///     resolved against (the feature never reads the clock); and the time zone the Services split days in,
    ///     named in the JSON output. The feature reads no input.
    public static func build(_ dependencies: ReportsDependencies, context: FeatureContext)
        -> any ReportsFeatureInterface
    {
        ReportsInteractor(
            services: dependencies.services,
            analytics: dependencies.analytics,
            presenter: ReportsPresenter(
                showsChart: context.style.isTTY, today: context.today, timeZone: context.timeZone),
            view: ReportsView(output: context.output, style: context.style, quiet: context.quiet),
            format: context.format,
            today: context.today
        )
    }
}
