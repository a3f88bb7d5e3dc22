import CMicroHTTPD
import Diagnostics
import Foundation
import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Serves an ``HTTPApplication`` over HTTP/1.1 with libmicrohttpd.
///
/// The portal executable runs one (T3: sync, media uploads, directories, web pages); weather tests
/// run small fixture servers on `127.0.0.1` with port 0. Start it with ``start(_:configuration:)``,
/// read the bound ``port``, and call ``stop(gracePeriod:)`` (or install ``ShutdownSignalHandler``)
/// to stop accepting, let requests in flight finish, and release the socket.
///
/// Threading: libmicrohttpd's internal thread pool (poll-based) does all socket I/O; handlers
/// run as Swift tasks. A connection waiting for its handler is *suspended* in MHD, so no thread
/// blocks on a handler and slow handlers or slow clients never tie up MHD's threads.
public final class HTTPServer: Sendable {
    /// Where and how the server listens, and its per-connection limits.
    public struct Configuration: Sendable {
        /// A numeric IPv4 or IPv6 address; the loopback address unless the portal is meant to be
        /// reachable from elsewhere.
        public var host: String
        /// The TCP port; 0 picks a free one (read it back from ``HTTPServer/port``).
        public var port: Int
        /// libmicrohttpd worker threads doing socket I/O (not handler work).
        public var threadPoolSize: Int
        /// Connections open at once; further clients wait in the listen backlog.
        public var connectionLimit: Int
        /// Connections one client address may hold (0 for no limit); more are answered 429 and
        /// closed. Behind a reverse proxy every client shares the proxy's address: list the
        /// proxies in ``unlimitedAddresses`` and cap clients at the proxy (nginx `limit_conn`).
        public var perClientConnectionLimit: Int
        /// Addresses the per-client cap does not apply to (trusted reverse proxies).
        public var unlimitedAddresses: Set<String>
        /// A connection idle this long (nothing arriving or leaving) is closed. libmicrohttpd
        /// counts whole seconds, so the effective limit lies up to a second below this; 0
        /// disables. It also bounds how long a kept-alive connection waits for its next request.
        public var connectionTimeout: Duration
        /// A request's whole header block must arrive within this of the connection opening —
        /// what ends slowloris clients, which keep a connection busy with one byte at a time.
        public var headerTimeout: Duration
        /// While a handler reads a request body, at least this many bytes per second must arrive,
        /// measured over ``bodyRateWindow`` (time the server itself stops reading is not counted).
        public var minimumBodyBytesPerSecond: Int
        public var bodyRateWindow: Duration
        /// libmicrohttpd's memory per connection: it bounds the request line plus headers
        /// (longer ones are refused by MHD) and the size of each upload chunk.
        public var connectionMemoryLimit: Int
        /// Upload bytes buffered per request before the connection stops reading from the socket.
        public var uploadBufferBytes: Int
        /// Streamed response bytes buffered per request before the producer's `write` waits.
        public var downloadBufferBytes: Int
        /// Pending connections the kernel queues while the server is at its connection limit.
        public var listenBacklog: Int

        public init(
            host: String = "127.0.0.1", port: Int = 0,
            threadPoolSize: Int = max(2, ProcessInfo.processInfo.activeProcessorCount),
            connectionLimit: Int = 1_024, perClientConnectionLimit: Int = 0, unlimitedAddresses: Set<String> = [],
            connectionTimeout: Duration = .seconds(30), headerTimeout: Duration = .seconds(10),
            minimumBodyBytesPerSecond: Int = 1_024, bodyRateWindow: Duration = .seconds(20),
            connectionMemoryLimit: Int = 64 * 1024,
            uploadBufferBytes: Int = 256 * 1024, downloadBufferBytes: Int = 256 * 1024, listenBacklog: Int = 511
        ) {
            self.host = host
            self.port = port
            self.threadPoolSize = threadPoolSize
            self.connectionLimit = connectionLimit
            self.perClientConnectionLimit = perClientConnectionLimit
            self.unlimitedAddresses = unlimitedAddresses
            self.connectionTimeout = connectionTimeout
            self.headerTimeout = headerTimeout
            self.minimumBodyBytesPerSecond = minimumBodyBytesPerSecond
            self.bodyRateWindow = bodyRateWindow
            self.connectionMemoryLimit = connectionMemoryLimit
            self.uploadBufferBytes = uploadBufferBytes
            self.downloadBufferBytes = downloadBufferBytes
            self.listenBacklog = listenBacklog
        }

        func validate() throws(HTTPServerError) {
            guard (0...65_535).contains(port) else { throw .invalidConfiguration("port \(port) is not 0–65535") }
            guard (1...256).contains(threadPoolSize) else {
                throw .invalidConfiguration("threadPoolSize must be 1–256, not \(threadPoolSize)")
            }
            guard connectionLimit >= 1 else { throw .invalidConfiguration("connectionLimit must be at least 1") }
            guard perClientConnectionLimit >= 0 else {
                throw .invalidConfiguration("perClientConnectionLimit must not be negative")
            }
            guard connectionTimeout >= .zero else {
                throw .invalidConfiguration("connectionTimeout must not be negative")
            }
            guard headerTimeout > .zero, bodyRateWindow > .zero, minimumBodyBytesPerSecond >= 0 else {
                throw .invalidConfiguration(
                    "headerTimeout and bodyRateWindow must be positive, minimumBodyBytesPerSecond not negative")
            }
            guard connectionMemoryLimit >= 8 * 1024 else {
                throw .invalidConfiguration("connectionMemoryLimit must be at least 8 KiB")
            }
            guard uploadBufferBytes >= 1, downloadBufferBytes >= 1, listenBacklog >= 1 else {
                throw .invalidConfiguration("buffer sizes and listenBacklog must be positive")
            }
        }
    }

    private enum Phase {
        case running
        case stopping
        case stopped
    }

    public let configuration: Configuration
    /// The port the server listens on (the one chosen when the configuration said 0).
    public let port: Int
    private let core: ServerCore
    private let daemon: DaemonHandle
    private let lifecycle = Mutex((phase: Phase.running, waiters: [CheckedContinuation<Void, Never>]()))
    var logger: Logger { core.logger }

    private init(configuration: Configuration, port: Int, core: ServerCore, daemon: DaemonHandle) {
        self.configuration = configuration
        self.port = port
        self.core = core
        self.daemon = daemon
    }

    /// Binds and starts serving `application`; throws if the address is invalid or cannot be bound.
    public static func start(_ application: HTTPApplication, configuration: Configuration = Configuration())
        throws(HTTPServerError) -> HTTPServer
    {
        try configuration.validate()
        let address = try SocketAddress(host: configuration.host, port: configuration.port)
        let supervisor = ConnectionSupervisor(
            policy: .init(
                headerTimeout: configuration.headerTimeout, keepAliveTimeout: configuration.connectionTimeout,
                minimumBodyBytesPerSecond: configuration.minimumBodyBytesPerSecond,
                bodyRateWindow: configuration.bodyRateWindow,
                perClientConnectionLimit: configuration.perClientConnectionLimit,
                unlimitedAddresses: Set(configuration.unlimitedAddresses.map { IPAddress.canonical($0) ?? $0 })),
            logger: application.logger)
        let core = ServerCore(
            application: application, supervisor: supervisor, uploadBufferBytes: configuration.uploadBufferBytes,
            downloadBufferBytes: configuration.downloadBufferBytes)
        let context = Unmanaged.passRetained(core)
        errno = 0
        let started = address.withSockaddr { sockaddr, isIPv6 in
            let timeout = configuration.connectionTimeout.components
            var settings = hobbystory_mhd_settings(
                address: sockaddr, ipv6: isIPv6 ? 1 : 0, port: UInt16(configuration.port),
                thread_pool_size: UInt32(configuration.threadPoolSize),
                connection_limit: UInt32(configuration.connectionLimit),
                per_ip_connection_limit: 0,
                connection_timeout_seconds: UInt32(timeout.seconds + (timeout.attoseconds > 0 ? 1 : 0)),
                connection_memory_limit: configuration.connectionMemoryLimit,
                listen_backlog: UInt32(configuration.listenBacklog))
            return hobbystory_mhd_start(
                &settings, MHDCallbacks.access, MHDCallbacks.completed, MHDCallbacks.uriReceived,
                MHDCallbacks.log, MHDCallbacks.connection, context.toOpaque())
        }
        guard let started else {
            let reason = errno == 0 ? "libmicrohttpd refused to start" : String(cString: strerror(errno))
            supervisor.stop()
            context.release()
            throw .cannotListen(host: configuration.host, port: configuration.port, reason: reason)
        }
        let port = Int(hobbystory_mhd_bound_port(started))
        application.logger.notice(
            "Listening",
            ["host": configuration.host, "port": String(port), "threads": String(configuration.threadPoolSize)])
        return HTTPServer(configuration: configuration, port: port, core: core, daemon: DaemonHandle(pointer: started))
    }

    /// Requests whose headers have arrived and whose response has not been fully sent yet.
    public var inFlightRequests: Int { core.inFlightCount }

    /// Client connections open now.
    public var openConnections: Int { core.supervisor.openCount }

    /// True once ``stop(gracePeriod:)`` has begun: new requests get 503.
    public var isDraining: Bool { core.isDraining }

    /// Stops the server gracefully: stops accepting connections, answers new requests on open
    /// connections with 503, waits up to `gracePeriod` for requests in flight to finish, then
    /// cancels what is left, closes every connection and releases the port. Calling it again (or
    /// concurrently) waits for the same shutdown.
    public func stop(gracePeriod: Duration = .seconds(10)) async {
        let first = lifecycle.withLock { state in
            guard case .running = state.phase else { return false }
            state.phase = .stopping
            return true
        }
        guard first else {
            await waitUntilStopped()
            return
        }
        core.beginDraining()
        let listenSocket = MHD_quiesce_daemon(daemon.pointer)
        let deadline = ContinuousClock.now + gracePeriod
        while core.inFlightCount > 0, ContinuousClock.now < deadline {
            do { try await Task.sleep(for: .milliseconds(5)) } catch { break }
        }
        let abandoned = core.abandonAll()
        if abandoned > 0 {
            logger.warning("Cut requests still running at the shutdown deadline", ["requests": String(abandoned)])
        }
        let daemon = daemon
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            DispatchQueue.global().async {
                MHD_stop_daemon(daemon.pointer)
                continuation.resume()
            }
        }
        if listenSocket != MHD_INVALID_SOCKET { close(listenSocket) }
        core.supervisor.stop()
        Unmanaged.passUnretained(core).release()
        logger.notice("Stopped", ["port": String(port)])
        let waiters = lifecycle.withLock { state in
            state.phase = .stopped
            defer { state.waiters = [] }
            return state.waiters
        }
        for waiter in waiters { waiter.resume() }
    }

    /// Returns once the server has stopped (for an executable's main task).
    public func waitUntilStopped() async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let stopped = lifecycle.withLock { state in
                if case .stopped = state.phase { return true }
                state.waiters.append(continuation)
                return false
            }
            if stopped { continuation.resume() }
        }
    }
}

/// A running libmicrohttpd daemon; used only by ``HTTPServer``, which stops it exactly once.
private struct DaemonHandle: @unchecked Sendable {
    let pointer: OpaquePointer
}

/// libmicrohttpd's callbacks. Each gets the ``ServerCore`` as `cls`; the per-request
/// ``Exchange`` is created by `uriReceived` (retained in MHD's request context) and released by
/// `completed`, which MHD calls for every request it has shown to the application.
private enum MHDCallbacks {
    static let access: MHD_AccessHandlerCallback = {
        context, connection, _, method, _, uploadData, uploadSize, requestContext in
        guard let context, let connection, let method, let uploadSize, let exchangePointer = requestContext?.pointee
        else { return .NO }
        let core = Unmanaged<ServerCore>.fromOpaque(context).takeUnretainedValue()
        let exchange = Unmanaged<Exchange>.fromOpaque(exchangePointer).takeUnretainedValue()
        return core.handle(
            exchange, connection: connection, method: method, uploadData: uploadData, uploadSize: uploadSize)
    }

    static let completed: MHD_RequestCompletedCallback = { context, connection, requestContext, _ in
        guard let context, let requestContext, let exchangePointer = requestContext.pointee else { return }
        requestContext.pointee = nil
        let core = Unmanaged<ServerCore>.fromOpaque(context).takeUnretainedValue()
        let exchange = Unmanaged<Exchange>.fromOpaque(exchangePointer).takeRetainedValue()
        exchange.completed()
        core.unregister(exchange)
        if let connection {
            ServerCore.supervised(connection)?.requestCompleted(keepAlive: core.supervisor.policy.keepAliveTimeout)
        }
    }

    static let connection: MHD_NotifyConnectionCallback = { context, connection, socketContext, code in
        guard let context, let connection, let socketContext else { return }
        let core = Unmanaged<ServerCore>.fromOpaque(context).takeUnretainedValue()
        // MHD_CONNECTION_NOTIFY_STARTED (0) and MHD_CONNECTION_NOTIFY_CLOSED (1).
        switch code.rawValue {
        case 0:
            socketContext.pointee = Unmanaged.passRetained(core.opened(connection)).toOpaque()
        case 1:
            guard let pointer = socketContext.pointee else { return }
            socketContext.pointee = nil
            core.supervisor.closed(Unmanaged<SupervisedConnection>.fromOpaque(pointer).takeRetainedValue())
        default:
            return
        }
    }

    static let uriReceived: hobbystory_mhd_uri_callback = { context, uri, _ in
        guard let context, let uri else { return nil }
        let core = Unmanaged<ServerCore>.fromOpaque(context).takeUnretainedValue()
        let exchange = Exchange(target: String(cString: uri), uploadBufferBytes: core.uploadBufferBytes)
        return Unmanaged.passRetained(exchange).toOpaque()
    }

    static let log: MHD_LogCallback = { context, format, arguments in
        guard let context, let format, let arguments else { return }
        let core = Unmanaged<ServerCore>.fromOpaque(context).takeUnretainedValue()
        var buffer = [CChar](repeating: 0, count: 512)
        _ = vsnprintf(&buffer, buffer.count, format, arguments)
        let bytes = buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }
        let message = String(decoding: bytes, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        core.logger.warning(message, ["source": "libmicrohttpd"])
    }
}
