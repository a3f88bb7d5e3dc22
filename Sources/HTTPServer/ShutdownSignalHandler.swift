import Diagnostics
import Dispatch
import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Stops an ``HTTPServer`` gracefully when the process receives SIGINT or SIGTERM.
///
/// For the portal executable (T3) under systemd or a container runtime, which send SIGTERM and
/// wait before SIGKILL: keep `gracePeriod` below that wait. The signals' default action (ending
/// the process at once) is replaced while the handler is installed; ``cancel()`` restores it.
public final class ShutdownSignalHandler: Sendable {
    private let sources: Mutex<[any DispatchSourceSignal]>
    private let signals: [Int32]

    private init(sources: sending [any DispatchSourceSignal], signals: [Int32]) {
        self.sources = Mutex(sources)
        self.signals = signals
    }

    /// Installs handlers for `signals` that call `server.stop(gracePeriod:)`, returning once
    /// libdispatch has registered them (registration is asynchronous; a signal arriving before it
    /// would be ignored rather than handled).
    public static func install(
        for server: HTTPServer, signals: [Int32] = [SIGINT, SIGTERM], gracePeriod: Duration = .seconds(10)
    ) async -> ShutdownSignalHandler {
        let sources = signals.map { number -> any DispatchSourceSignal in
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
            source.setEventHandler {
                server.logger.notice("Stopping on signal", ["signal": String(number)])
                Task { await server.stop(gracePeriod: gracePeriod) }
            }
            return source
        }
        let pending = Mutex(sources.count)
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            guard !sources.isEmpty else { return continuation.resume() }
            for source in sources {
                source.setRegistrationHandler {
                    let remaining = pending.withLock { count in
                        count -= 1
                        return count
                    }
                    if remaining == 0 { continuation.resume() }
                }
                source.resume()
            }
        }
        return ShutdownSignalHandler(sources: sources, signals: signals)
    }

    /// Removes the handlers and restores the signals' default action.
    public func cancel() {
        let active = sources.withLock { sources in
            defer { sources = [] }
            return sources
        }
        guard !active.isEmpty else { return }
        for source in active { source.cancel() }
        for number in signals { signal(number, SIG_DFL) }
    }
}
