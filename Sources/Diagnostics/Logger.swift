import Foundation
import Synchronization

/// Where log records and captured errors go. The app installs a ``FileLogSink`` per profile; tests
/// install a ``MemoryLogSink``.
public protocol LogSink: Sendable {
    func write(_ record: LogRecord)
    func capture(_ error: CapturedError)
}

/// The one logging facade every module uses (T6): `Logger(category: "store").info("saved", ["id": …])`.
///
/// A logger made with a sink writes there; one made without writes to the process's sink,
/// installed once at start-up with ``Diagnostics/install(_:)`` (before that, nowhere). Servers
/// take their logger as a parameter (swift-log's model), so the portal's JSON-lines sink and a
/// test's memory sink each get exactly the records of the server they were given to.
public struct Logger: Sendable {
    public let category: String
    private let sink: (any LogSink)?

    public init(category: String) {
        self.category = category
        self.sink = nil
    }

    public init(category: String, sink: any LogSink) {
        self.category = category
        self.sink = sink
    }

    /// The same destination under another category.
    public func category(_ category: String) -> Logger {
        if let sink { Logger(category: category, sink: sink) } else { Logger(category: category) }
    }

    private var destination: (any LogSink)? { sink ?? Diagnostics.currentSink }

    public func debug(_ message: String, _ metadata: [String: String] = [:]) { log(.debug, message, metadata) }
    public func info(_ message: String, _ metadata: [String: String] = [:]) { log(.info, message, metadata) }
    public func notice(_ message: String, _ metadata: [String: String] = [:]) { log(.notice, message, metadata) }
    public func warning(_ message: String, _ metadata: [String: String] = [:]) { log(.warning, message, metadata) }
    public func error(_ message: String, _ metadata: [String: String] = [:]) { log(.error, message, metadata) }

    public func log(_ level: LogLevel, _ message: String, _ metadata: [String: String] = [:]) {
        destination?.write(
            LogRecord(time: Date(), level: level, category: category, message: message, metadata: metadata))
    }

    /// Keeps `error` with its context for the diagnostics bundle and the error reports, and logs
    /// it at error level. The context's `command` or `screen` names the operation; the calling
    /// file and function name the site (issue 18's fingerprint).
    public func capture(
        _ error: any Error, context: [String: String] = [:], file: StaticString = #fileID,
        function: StaticString = #function
    ) {
        let identity = ErrorIdentity(
            of: error, site: "\(file) \(function)", operation: context["command"] ?? context["screen"] ?? "")
        let captured = CapturedError(
            time: Date(), category: category, type: String(describing: type(of: error)),
            message: String(describing: error), context: context, identity: identity)
        destination?.capture(captured)
        log(.error, captured.message, context.merging(["errorType": captured.type]) { a, _ in a })
    }
}

/// Installs the process-wide log sink.
public enum Diagnostics {
    private static let sink = Mutex<(any LogSink)?>(nil)
    /// Whether a sink is installed, read without the lock: a process that never installs one
    /// (a server whose loggers all carry their own sink, a benchmark) pays nothing per record.
    private static let installed = Atomic<Bool>(false)

    /// Sends every later record to `sink` (nil to stop logging).
    public static func install(_ newSink: (any LogSink)?) {
        sink.withLock { current in
            current = newSink
            installed.store(newSink != nil, ordering: .releasing)
        }
    }

    static var currentSink: (any LogSink)? {
        guard installed.load(ordering: .acquiring) else { return nil }
        return sink.withLock { $0 }
    }
}

/// Keeps records in memory: for tests and for the app's in-session error screen.
public final class MemoryLogSink: LogSink {
    private let state = Mutex<(records: [LogRecord], errors: [CapturedError])>(([], []))

    public init() {}

    public func write(_ record: LogRecord) { state.withLock { $0.records.append(record) } }
    public func capture(_ error: CapturedError) { state.withLock { $0.errors.append(error) } }

    public var records: [LogRecord] { state.withLock { $0.records } }
    public var errors: [CapturedError] { state.withLock { $0.errors } }
}
