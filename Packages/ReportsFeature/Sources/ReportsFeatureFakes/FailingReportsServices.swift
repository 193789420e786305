import Foundation
import ReportsFeature

/// Services whose every call throws the same error, for checking that the feature reports failures unchanged
/// and writes nothing when its Services fail.
public struct FailingReportsServices: ReportsServices {
    public let error: any Error

    public init(error: any Error = ReportsFakeError.unavailable) {
        self.error = error
    }

    public func report(for request: ReportRequest) async throws -> ReportData { throw error }
}
