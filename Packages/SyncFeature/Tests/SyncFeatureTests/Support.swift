import Foundation
import SyncFeatureFakes
import TerminalUI

@testable import SyncFeature

/// An error no layer of the feature knows about, to prove errors pass through untouched.
struct UnexpectedServiceError: Error, Equatable {
    let code: Int
}

enum Fixture {
    static let timeZone = TimeZone.gmt
    static let now = SampleSync.referenceDate
    static let today = CalendarDay.from(SampleSync.referenceDate, in: timeZone)
    static let server = SampleSync.server

    static func presenter(_ format: OutputFormat = .human) -> SyncPresenter {
        SyncPresenter(format: format, today: today, timeZone: timeZone)
    }

    static func status(
        account: SyncAccount? = SampleSync.account, pending: Int = 0, lastSyncAt: Date? = nil, conflicts: Int = 0
    ) -> SyncStatus {
        SyncStatus(
            account: account, pendingChanges: pending, lastSyncAt: lastSyncAt, conflicts: conflicts, checkedAt: now)
    }

    static func conflict(
        label: String = "Write report", field: String = "title", mine: String? = "Final report",
        theirs: String? = "Draft report", minutesAgo: Double = 25, resolution: SyncConflict.Side? = nil
    ) -> SyncConflict {
        SyncConflict(
            id: "7C1E5A39-91B4-4F2E-8D6A-2B1C3D4E5F03", entity: "task",
            recordID: "3F2A9C14-6B0E-4D5A-9A61-0C7E2B5D8E01", label: label, field: field, mine: mine,
            theirs: theirs, createdAt: now - minutesAgo * 60, resolvedAt: resolution == nil ? nil : now,
            resolution: resolution)
    }
}

/// The feature wired to fakes, with every collaborator kept for assertions.
struct Harness {
    let services: any SyncServices
    let analytics = RecordingSyncAnalytics()
    let output = CapturedOutput()
    /// Where progress goes: a separate stream, as standard error is in the App.
    let progressOutput = CapturedOutput()
    /// The clock progress is throttled by; it stands still unless a test moves it.
    let clock = HandSetClock()
    let feature: SyncInteractor

    init(
        services: any SyncServices, format: OutputFormat = .human, style: TerminalStyle = .plain,
        progressStyle: TerminalStyle = .plain
    ) {
        self.services = services
        feature = SyncInteractor(
            services: services, analytics: analytics, presenter: Fixture.presenter(format),
            view: SyncView(output: output, style: style), progressOutput: progressOutput, progressStyle: progressStyle,
            progressNow: clock.now)
    }

    /// A harness over the sample server, returning the fake too so tests can inspect and steer it.
    static func sample(
        format: OutputFormat = .human, loggedIn: Bool = true, progressStyle: TerminalStyle = .plain
    ) async -> (Harness, InMemorySyncServices) {
        let store = await SampleSync.makeServices(loggedIn: loggedIn)
        return (Harness(services: store, format: format, progressStyle: progressStyle), store)
    }
}

/// A clock that moves only when told, so throttled progress is tested without sleeping.
final class HandSetClock: @unchecked Sendable {
    private let lock = NSLock()
    private var instant = ContinuousClock.now

    func now() -> ContinuousClock.Instant {
        lock.withLock { instant }
    }

    func advance(by duration: Duration) {
        lock.withLock { instant = instant.advanced(by: duration) }
    }
}

extension SyncScreen {
    /// The texts of a `.lines` screen, or `nil`.
    var lineTexts: [String]? {
        if case .lines(let lines) = self { return lines.map(\.text) }
        return nil
    }

    var table: Table? {
        if case .table(let table, _) = self { return table }
        return nil
    }

    var footer: [String]? {
        if case .table(_, let footer) = self { return footer.map(\.text) }
        return nil
    }

    var detail: SyncDetail? {
        if case .detail(let detail) = self { return detail }
        return nil
    }
}

/// Parses JSON output into plain Foundation values for key-level assertions.
func jsonObject(_ text: String) throws -> Any {
    try JSONSerialization.jsonObject(with: Data(text.utf8), options: [.fragmentsAllowed])
}
