import Diagnostics
import Foundation
import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The rules for slow and greedy clients that libmicrohttpd 0.9.75 does not enforce (its timeout
/// counts idle time only, so a client sending one byte a second is never cut): a deadline for a
/// request's whole header block, a minimum rate for request bodies, and a cap on the connections
/// one client address holds. Serves the portal (T3) against hostile clients.
///
/// A connection breaking a rule has its socket shut down; MHD sees the hang-up on its next poll,
/// closes the connection and reports it closed, which is when it leaves the registry. The
/// registry's lock is held while shutting a socket down and while a connection leaves it (MHD
/// reports the close before it closes the descriptor), so a reused descriptor is never touched.
final class ConnectionSupervisor: Sendable {
    /// The limits, from ``HTTPServer/Configuration``.
    struct Policy: Sendable {
        var headerTimeout: Duration
        var keepAliveTimeout: Duration
        var minimumBodyBytesPerSecond: Int
        var bodyRateWindow: Duration
        var perClientConnectionLimit: Int
        var unlimitedAddresses: Set<String>
    }

    private struct Registry {
        var connections: [ObjectIdentifier: SupervisedConnection] = [:]
        var perAddress: [String: Int] = [:]
    }

    let policy: Policy
    private let registry = Mutex(Registry())
    private let stopping = Atomic<Bool>(false)
    private let stopped = DispatchSemaphore(value: 0)
    private let logger: Logger

    init(policy: Policy, logger: Logger) {
        self.policy = policy
        self.logger = logger
        let interval = min(policy.headerTimeout, policy.bodyRateWindow, .milliseconds(500)) / 4
        let thread = Thread { [self] in
            while !stopping.load(ordering: .acquiring) {
                Thread.sleep(forTimeInterval: max(0.01, interval.seconds))
                sweep(now: .now)
            }
            stopped.signal()
        }
        thread.name = "http-connection-supervisor"
        thread.start()
    }

    /// Ends the sweeping thread (before the daemon stops).
    func stop() {
        guard !stopping.exchange(true, ordering: .acquiringAndReleasing) else { return }
        stopped.wait()
    }

    /// Registers a new connection. Past the per-address cap it is returned refused: the caller
    /// answers 429 and the connection is closed.
    func opened(descriptor: Int32, address: String) -> SupervisedConnection {
        registry.withLock { registry in
            let limit = policy.perClientConnectionLimit
            let counted = limit > 0 && !policy.unlimitedAddresses.contains(address)
            let refused = counted && registry.perAddress[address, default: 0] >= limit
            let connection = SupervisedConnection(
                descriptor: descriptor, address: address, counted: counted && !refused,
                deadline: .now + (refused ? .seconds(1) : policy.headerTimeout), refused: refused)
            if connection.counted { registry.perAddress[address, default: 0] += 1 }
            registry.connections[ObjectIdentifier(connection)] = connection
            return connection
        }
    }

    /// MHD is closing the connection (its descriptor is still open).
    func closed(_ connection: SupervisedConnection) {
        registry.withLock { registry in
            registry.connections.removeValue(forKey: ObjectIdentifier(connection))
            guard connection.counted else { return }
            let left = registry.perAddress[connection.address, default: 1] - 1
            registry.perAddress[connection.address] = left > 0 ? left : nil
        }
    }

    /// Connections open now.
    var openCount: Int { registry.withLock { $0.connections.count } }

    /// Shuts down every connection that broke a rule by `now`.
    func sweep(now: ContinuousClock.Instant) {
        var cut: [(String, String)] = []
        registry.withLock { registry in
            for connection in registry.connections.values {
                guard let reason = connection.verdict(at: now, policy: policy) else { continue }
                shutdown(connection.descriptor, Int32(SHUT_RDWR))
                cut.append((connection.address, reason))
            }
        }
        for (address, reason) in cut {
            logger.warning("Closed a connection", ["remoteAddress": address, "reason": reason])
        }
    }
}

/// One client connection as the ``ConnectionSupervisor`` sees it: where it is in its exchange
/// and what it owes by when. Updated from libmicrohttpd's thread for the connection; read by the
/// supervisor's sweep.
final class SupervisedConnection: Sendable {
    private enum Phase {
        /// Waiting for a request's header block, due by the deadline.
        case awaitingHeaders(deadline: ContinuousClock.Instant)
        /// A request is being handled or answered; the client owes nothing.
        case busy
        /// The handler reads the body: at least the minimum rate over each window, except while
        /// the server itself has stopped reading (back-pressure).
        case receivingBody(windowStart: ContinuousClock.Instant, bytes: Int, paused: Bool)
        /// Over the per-address cap: answered 429, closed soon in any case.
        case refused(deadline: ContinuousClock.Instant)
    }

    let descriptor: Int32
    let address: String
    /// Whether it counts against its address's cap.
    let counted: Bool
    private let phase: Mutex<Phase>

    init(descriptor: Int32, address: String, counted: Bool, deadline: ContinuousClock.Instant, refused: Bool) {
        self.descriptor = descriptor
        self.address = address
        self.counted = counted
        phase = Mutex(refused ? .refused(deadline: deadline) : .awaitingHeaders(deadline: deadline))
    }

    var isRefused: Bool {
        phase.withLock {
            if case .refused = $0 { return true }
            return false
        }
    }

    /// The header block is complete (the access handler's first call for a request).
    func headersArrived() {
        phase.withLock { phase in
            if case .refused = phase { return }
            phase = .busy
        }
    }

    /// The handler asked for the body: from now the client must keep it coming.
    func bodyDemanded() {
        phase.withLock { phase in
            if case .busy = phase { phase = .receivingBody(windowStart: .now, bytes: 0, paused: false) }
        }
    }

    func bodyReceived(_ count: Int) {
        phase.withLock { phase in
            if case .receivingBody(let start, let bytes, let paused) = phase {
                phase = .receivingBody(windowStart: start, bytes: bytes + count, paused: paused)
            }
        }
    }

    /// The server stopped (true) or resumed (false) reading; the rate window restarts on resuming.
    func bodyPaused(_ paused: Bool) {
        phase.withLock { phase in
            guard case .receivingBody(let start, let bytes, let wasPaused) = phase, paused != wasPaused else { return }
            phase =
                paused
                ? .receivingBody(windowStart: start, bytes: bytes, paused: true)
                : .receivingBody(
                    windowStart: .now, bytes: 0, paused: false)
        }
    }

    func bodyEnded() {
        phase.withLock { phase in
            if case .receivingBody = phase { phase = .busy }
        }
    }

    /// A request is finished: the next one's header block is due within `keepAlive`.
    func requestCompleted(keepAlive: Duration) {
        phase.withLock { phase in
            if case .refused = phase { return }
            phase = .awaitingHeaders(deadline: .now + keepAlive)
        }
    }

    /// Why the connection must be cut at `now`, or nil. Moves a rate window on when it passes.
    func verdict(at now: ContinuousClock.Instant, policy: ConnectionSupervisor.Policy) -> String? {
        phase.withLock { phase in
            switch phase {
            case .awaitingHeaders(let deadline):
                return now >= deadline ? "request headers not complete in time" : nil
            case .refused(let deadline):
                return now >= deadline ? "over the per-address connection limit" : nil
            case .busy:
                return nil
            case .receivingBody(let start, let bytes, let paused):
                guard !paused, now - start >= policy.bodyRateWindow else { return nil }
                let required = Double(policy.minimumBodyBytesPerSecond) * policy.bodyRateWindow.seconds
                if Double(bytes) < required {
                    return "request body slower than \(policy.minimumBodyBytesPerSecond) bytes/s"
                }
                phase = .receivingBody(windowStart: now, bytes: 0, paused: false)
                return nil
            }
        }
    }
}

extension Duration {
    /// The duration in seconds, as a floating-point number (the server's and the portal's).
    package var seconds: Double { Double(components.seconds) + Double(components.attoseconds) / 1e18 }
}
