import DiaryServices
import Foundation
import MetricKit

/// Feeds MetricKit's crash and hang diagnostics into the diary's error-report queue (T6, issue
/// 18): the app shell adds one to `MXMetricManager.shared` at launch; everything about the
/// payload is decided by ``DiagnosticsService/receive(metricKitPayload:appBinary:)``.
public final class CrashReportSubscriber: NSObject, MXMetricManagerSubscriber, Sendable {
    private let service: DiagnosticsService
    private let appBinary: String

    public init(service: DiagnosticsService, appBinary: String) {
        self.service = service
        self.appBinary = appBinary
    }

    public func didReceive(_ payloads: [MXDiagnosticPayload]) {
        let (service, binary) = (service, appBinary)
        let documents = payloads.map { $0.jsonRepresentation() }
        Task {
            for json in documents { _ = try? await service.receive(metricKitPayload: json, appBinary: binary) }
        }
    }
}
