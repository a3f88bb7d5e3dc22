import Foundation
import Synchronization

/// A log sink that also turns every captured error into an ``ErrorReport`` (T6, issue 18): it
/// passes records and errors on to `inner` (the profile's log files), remembers the last records
/// of this run as breadcrumbs, and hands each report — scrubbed, fingerprinted — to `enqueue`,
/// which keeps it in the diary's queue. Enqueueing must not throw back into the code that failed:
/// a report that cannot be queued is still in `inner`'s error file.
public final class ReportingLogSink: LogSink {
    private let inner: any LogSink
    private let device: DeviceDescription
    private let enqueue: @Sendable (ErrorReport) -> Void
    private let recent = Mutex<[LogRecord]>([])

    public init(inner: any LogSink, device: DeviceDescription, enqueue: @escaping @Sendable (ErrorReport) -> Void) {
        self.inner = inner
        self.device = device
        self.enqueue = enqueue
    }

    public func write(_ record: LogRecord) {
        inner.write(record)
        recent.withLock { recent in
            recent.append(record)
            if recent.count > 2 * DiagnosticsLimits.breadcrumbs {
                recent.removeFirst(recent.count - DiagnosticsLimits.breadcrumbs)
            }
        }
    }

    public func capture(_ error: CapturedError) {
        inner.capture(error)
        guard let identity = error.identity else { return }
        enqueue(ErrorReport(captured: error, identity: identity, recent: recent.withLock { $0 }, device: device))
    }
}
