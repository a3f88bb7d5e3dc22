import Foundation

// A stand-in for Apple's MetricKit on Linux (issue 18), written from its public documentation:
// only what the app's crash-report subscriber uses, so its unchanged source type-checks here.

/// A payload of diagnostics (crashes, hangs…) the system delivers about earlier runs.
open class MXDiagnosticPayload: NSObject {
    private let json: Data

    /// The system makes payloads (Apple has no public initialiser).
    init(json: Data) { self.json = json }

    /// The payload as JSON, in the shape Apple documents.
    open func jsonRepresentation() -> Data { json }
}

/// Something that receives MetricKit's payloads.
public protocol MXMetricManagerSubscriber: NSObjectProtocol {
    func didReceive(_ payloads: [MXDiagnosticPayload])
}

/// The registry of subscribers; payloads arrive at most daily, and right after a crash on launch.
open class MXMetricManager: NSObject {
    /// The one manager (Apple: a class property; the class is not `Sendable`).
    nonisolated(unsafe) private static let sharedManager = MXMetricManager()
    open class var shared: MXMetricManager { sharedManager }
    private var subscribers: [any MXMetricManagerSubscriber] = []

    /// Payloads the system delivered before a subscriber was added.
    open var pastDiagnosticPayloads: [MXDiagnosticPayload] { [] }

    open func add(_ subscriber: any MXMetricManagerSubscriber) { subscribers.append(subscriber) }

    open func remove(_ subscriber: any MXMetricManagerSubscriber) {
        subscribers.removeAll { $0 === subscriber }
    }
}
