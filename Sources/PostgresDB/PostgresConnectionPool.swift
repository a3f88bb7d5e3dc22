import Dispatch
import Synchronization

/// A bounded set of connections to the portal's PostgreSQL server, shared by the threads of the
/// portal server so that many requests at once (T3, T12) never open more than
/// `maximumConnections` connections.
///
/// Connections are opened on first need and kept for reuse. ``withConnection(_:)`` waits while
/// all of them are in use. A connection is checked before it is lent (one the server closed while
/// it sat idle is replaced) and when it comes back (a transaction left open or failed is rolled
/// back; a broken connection is closed, and a new one opened when next needed).
///
/// Waiting blocks the calling thread; the body runs synchronously on it and should not call
/// ``withConnection(_:)`` again, which could wait forever once the pool is exhausted.
public final class PostgresConnectionPool: Sendable {
    private struct State {
        var idle: [Parked] = []
        var isClosed = false
    }

    /// An idle connection. The compiler cannot see that a connection is used by one thread at a
    /// time, but the pool guarantees it: it lends each connection to one borrower and lends it
    /// again only after taking it back.
    private struct Parked: @unchecked Sendable {
        let connection: PostgresConnection
    }

    public let maximumConnections: Int
    private let url: String
    /// One permit per connection that may be lent at once: a borrower holds one while it has a
    /// connection, so idle and lent connections together never exceed the maximum.
    private let permits: DispatchSemaphore
    private let state = Mutex(State())

    /// A pool for the server at `url` (see ``PostgresConnection/init(url:)``); nothing is opened yet.
    public init(url: String, maximumConnections: Int) {
        precondition(maximumConnections > 0, "a pool needs room for at least one connection")
        self.url = url
        self.maximumConnections = maximumConnections
        self.permits = DispatchSemaphore(value: maximumConnections)
    }

    /// Lends a connection to `body` for the duration of the call, waiting while all are in use.
    /// Throws the body's error, or a ``PostgresError`` when no connection can be opened or the
    /// pool is closed.
    public func withConnection<T>(_ body: (PostgresConnection) throws -> T) throws -> T {
        permits.wait()
        defer { permits.signal() }
        let connection = try checkOut()
        defer { checkIn(connection) }
        return try body(connection)
    }

    /// Closes the idle connections and refuses further borrowing; lent connections are closed as
    /// they come back.
    public func close() {
        state.withLock {
            $0.isClosed = true
            $0.idle.removeAll()
        }
    }

    private func checkOut() throws(PostgresError) -> PostgresConnection {
        while true {
            let idle = try state.withLock { state throws(PostgresError) in
                guard !state.isClosed else {
                    throw PostgresError(kind: .usage, message: "the connection pool is closed")
                }
                return state.idle.popLast()
            }
            guard let idle = idle?.connection else { return try PostgresConnection(url: url) }
            if idle.checkIdleConnection() { return idle }
        }
    }

    private func checkIn(_ connection: PostgresConnection) {
        guard connection.prepareForReuse() else { return }
        let parked = Parked(connection: connection)
        state.withLock { state in
            if !state.isClosed { state.idle.append(parked) }
        }
    }
}
