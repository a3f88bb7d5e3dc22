/// A failure of the portal's PostgreSQL backend: an error the server reported, a connection that
/// could not be opened or was lost, a request this layer refuses, or a row that did not hold what
/// the caller asked for.
///
/// It carries the server's SQLSTATE, message, detail and hint and the SQL that failed (never the
/// parameters, which may hold personal data, and never a password), so a logged error says
/// exactly what went wrong. The `is…` helpers name the conditions the portal retries or reports
/// specially (T3/T12: many anglers writing at once).
public struct PostgresError: Error, Sendable, Equatable, CustomStringConvertible {
    /// Where the failure came from.
    public enum Kind: Sendable, Equatable {
        /// The server refused or failed a statement; ``PostgresError/sqlState`` says why.
        case server
        /// No connection could be opened, or the one in use broke; it cannot be used again.
        case connection
        /// The caller asked for something this layer cannot do (a NUL in text, a closed pool).
        case usage
        /// A row's value was missing or of another type than the caller asked for.
        case decoding
    }

    public let kind: Kind
    /// The five-character SQLSTATE code (`23505`, `40001`, …) when the server sent one.
    public let sqlState: String?
    public let message: String
    public let detail: String?
    public let hint: String?
    /// The statement that failed, when there was one.
    public let sql: String?

    public init(
        kind: Kind, sqlState: String? = nil, message: String, detail: String? = nil, hint: String? = nil,
        sql: String? = nil
    ) {
        self.kind = kind
        self.sqlState = sqlState
        self.message = message
        self.detail = detail
        self.hint = hint
        self.sql = sql
    }

    /// A UNIQUE or PRIMARY KEY constraint refused the row (23505).
    public var isUniqueViolation: Bool { sqlState == "23505" }

    /// A serializable or repeatable-read transaction lost to a concurrent one (40001); retry it.
    public var isSerializationFailure: Bool { sqlState == "40001" }

    /// The server broke a deadlock by cancelling this transaction (40P01); retry it.
    public var isDeadlock: Bool { sqlState == "40P01" }

    /// The connection could not be opened or is gone (server shut down, backend terminated,
    /// network lost): the statement may or may not have run, and the connection is unusable.
    public var isConnectionFailure: Bool { kind == .connection }

    public var description: String {
        var text = "PostgreSQL error"
        if let sqlState { text += " \(sqlState)" }
        text += ": \(message)"
        if let detail { text += " — \(detail)" }
        if let hint { text += " (hint: \(hint))" }
        if let sql { text += " — in: \(sql)" }
        return text
    }
}
