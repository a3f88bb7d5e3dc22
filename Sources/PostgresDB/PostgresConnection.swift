import CPostgreSQL

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// One connection to the portal's PostgreSQL server (the shared store that lets the portal serve
/// many anglers at once, requirements T3 and T12).
///
/// Every statement goes through `PQexecParams` with its values as separate parameters, never
/// spliced into the SQL, and one statement per call; only ``executeScript(_:)`` (for migrations)
/// runs several. Writes that belong together go through ``transaction(isolation:_:)``, which rolls
/// back on any thrown error. Server notices are dropped rather than printed.
///
/// A connection is not thread-safe: use it from one thread at a time. A multi-threaded server
/// shares connections through a ``PostgresConnectionPool``.
public final class PostgresConnection {
    /// The isolation level of a transaction; see the PostgreSQL manual, "Transaction Isolation".
    public enum IsolationLevel: String, Sendable {
        case readCommitted = "READ COMMITTED"
        case repeatableRead = "REPEATABLE READ"
        /// Transactions behave as if run one after another; a conflict fails one of them with
        /// ``PostgresError/isSerializationFailure``, and the caller retries it.
        case serializable = "SERIALIZABLE"
    }

    private let handle: OpaquePointer
    private var savepointDepth = 0

    /// Connects to the server named by `url`: a `postgres://` or `postgresql://` URL, or a
    /// `key=value` conninfo string. Without a `connect_timeout` the attempt gives up after 10 s.
    /// Errors never show the password.
    public init(url: String) throws(PostgresError) {
        // Later settings override earlier ones, and `dbname` expands into whatever the URL holds:
        // so connect_timeout is only a default, while text is always exchanged as UTF-8.
        let handle = withCStringArray(["connect_timeout", "dbname", "client_encoding"]) { keywords in
            withCStringArray(["10", url, "UTF8"]) { values in PQconnectdbParams(keywords, values, 1) }
        }
        guard let handle, PQstatus(handle) == CONNECTION_OK else {
            let reason = handle.map { readable(PQerrorMessage($0)) } ?? "out of memory"
            PQfinish(handle)
            throw PostgresError(
                kind: .connection, message: redactingPasswords(of: url, in: "cannot connect to \(url): \(reason)"))
        }
        self.handle = handle
        PQsetNoticeProcessor(handle, { _, _ in }, nil)
    }

    deinit { PQfinish(handle) }

    /// True while the connection is usable. It turns false once a statement finds the server gone.
    public var isHealthy: Bool { PQstatus(handle) == CONNECTION_OK }

    // MARK: Running statements

    /// Runs one statement and returns the number of rows it inserted, updated, deleted or
    /// selected (0 for statements without a count, such as `CREATE TABLE`).
    @discardableResult
    public func execute(_ sql: String, _ parameters: [PostgresValue] = []) throws(PostgresError) -> Int {
        try run(sql, parameters) { result throws(PostgresError) in Int(String(cString: PQcmdTuples(result))) ?? 0 }
    }

    /// Runs one statement and returns all the rows it produced. Parameters are written `$1`, `$2`, …
    public func query(_ sql: String, _ parameters: [PostgresValue] = []) throws(PostgresError) -> [PostgresRow] {
        try run(sql, parameters) { result throws(PostgresError) in try rows(of: result, sql: sql) }
    }

    /// Runs a script of several `;`-separated statements without parameters (migrations). Unless
    /// the script has its own `BEGIN`/`COMMIT`, the server runs it as one transaction.
    public func executeScript(_ sql: String) throws(PostgresError) {
        let result = PQexec(handle, sql)
        defer { PQclear(result) }
        try check(result, sql: sql)
    }

    // MARK: Transactions

    /// Runs `body` in a transaction that commits when it returns and rolls back when it throws.
    ///
    /// Called inside another transaction it uses a savepoint instead, so a failing inner part
    /// can be caught and the outer transaction carried on; `isolation` then has no effect. A body
    /// that catches a failed statement and returns normally still gets its transaction rolled
    /// back, and an error, because PostgreSQL cannot commit after a failed statement.
    @discardableResult
    public func transaction<T>(isolation: IsolationLevel = .readCommitted, _ body: () throws -> T) throws -> T {
        if PQtransactionStatus(handle) != PQTRANS_IDLE {
            savepointDepth += 1
            defer { savepointDepth -= 1 }
            let name = "hobbystory_savepoint_\(savepointDepth)"
            try executeScript("SAVEPOINT \(name)")
            do {
                let result = try body()
                try checkNotAborted()
                try executeScript("RELEASE SAVEPOINT \(name)")
                return result
            } catch {
                try? executeScript("ROLLBACK TO SAVEPOINT \(name); RELEASE SAVEPOINT \(name)")
                throw error
            }
        }
        try executeScript("BEGIN ISOLATION LEVEL \(isolation.rawValue)")
        do {
            let result = try body()
            try checkNotAborted()
            try executeScript("COMMIT")
            return result
        } catch {
            if PQtransactionStatus(handle) != PQTRANS_IDLE { try? executeScript("ROLLBACK") }
            throw error
        }
    }

    private func checkNotAborted() throws(PostgresError) {
        guard PQtransactionStatus(handle) != PQTRANS_INERROR else {
            throw PostgresError(
                kind: .usage,
                message: "a statement in the transaction failed and its error was caught inside the transaction; "
                    + "the transaction was rolled back")
        }
    }

    // MARK: For the pool

    /// Reads what the server sent while the connection sat idle and says whether it is still
    /// usable. A terminated backend leaves a farewell message and then end-of-file on the socket;
    /// reading them turns the connection bad, so the pool can replace it before handing it out.
    func checkIdleConnection() -> Bool {
        var socket = pollfd(fd: PQsocket(handle), events: Int16(POLLIN), revents: 0)
        // Each read takes what has arrived; a handful covers a message followed by end-of-file.
        var reads = 0
        while isHealthy, reads < 4, poll(&socket, 1, 0) > 0 {
            PQconsumeInput(handle)
            reads += 1
        }
        return isHealthy
    }

    /// Brings a connection handed back to the pool to a clean state: rolls back a transaction the
    /// borrower left open or failed. Returns false when the connection should be closed instead.
    func prepareForReuse() -> Bool {
        guard isHealthy else { return false }
        switch PQtransactionStatus(handle) {
        case PQTRANS_IDLE: return true
        case PQTRANS_INTRANS, PQTRANS_INERROR: return (try? executeScript("ROLLBACK")) != nil
        default: return false  // a command still in progress, or the state is unknown
        }
    }

    // MARK: Internals

    /// Runs one statement, checks its outcome, and hands the result to `read` before freeing it.
    private func run<T>(
        _ sql: String, _ parameters: [PostgresValue], _ read: (OpaquePointer) throws(PostgresError) -> T
    ) throws(PostgresError) -> T {
        let encoded = try EncodedParameters(parameters, sql: sql)
        let result = encoded.withValuePointers { values in
            PQexecParams(
                handle, sql, Int32(parameters.count), encoded.types, values, encoded.lengths, encoded.formats, 0)
        }
        defer { PQclear(result) }
        try check(result, sql: sql)
        return try read(result!)
    }

    private func check(_ result: OpaquePointer?, sql: String) throws(PostgresError) {
        guard let result else {
            throw PostgresError(
                kind: isHealthy ? .server : .connection, message: readable(PQerrorMessage(handle)), sql: sql)
        }
        switch PQresultStatus(result) {
        case PGRES_COMMAND_OK, PGRES_TUPLES_OK, PGRES_EMPTY_QUERY:
            return
        case PGRES_FATAL_ERROR, PGRES_NONFATAL_ERROR, PGRES_BAD_RESPONSE:
            func field(_ code: Int32) -> String? { PQresultErrorField(result, code).map { String(cString: $0) } }
            throw PostgresError(
                kind: isHealthy ? .server : .connection,
                sqlState: field(hobbystory_pg_diag_sqlstate),
                message: field(hobbystory_pg_diag_message_primary) ?? readable(PQresultErrorMessage(result)),
                detail: field(hobbystory_pg_diag_message_detail),
                hint: field(hobbystory_pg_diag_message_hint),
                sql: sql)
        case let status:
            throw PostgresError(
                kind: .usage,
                message: "unsupported result \(String(cString: PQresStatus(status))) (COPY needs its own API)",
                sql: sql)
        }
    }

    private func rows(of result: OpaquePointer, sql: String) throws(PostgresError) -> [PostgresRow] {
        let columnCount = PQnfields(result)
        let columns = ColumnNames((0..<columnCount).map { String(cString: PQfname(result, $0)) })
        let types = (0..<columnCount).map { PQftype(result, $0) }
        var rows: [PostgresRow] = []
        rows.reserveCapacity(Int(PQntuples(result)))
        for row in 0..<PQntuples(result) {
            var values: [PostgresValue] = []
            values.reserveCapacity(Int(columnCount))
            for column in 0..<columnCount {
                if PQgetisnull(result, row, column) == 1 {
                    values.append(.null)
                    continue
                }
                let raw = UnsafeRawBufferPointer(
                    start: PQgetvalue(result, row, column), count: Int(PQgetlength(result, row, column)))
                guard let value = decodeColumn(raw, type: types[Int(column)]) else {
                    throw PostgresError(
                        kind: .decoding,
                        message: "column \(columns.names[Int(column)]) (type OID \(types[Int(column)])) holds "
                            + "'\(String(decoding: raw.prefix(40), as: UTF8.self))', which cannot be read as that type",
                        sql: sql)
                }
                values.append(value)
            }
            rows.append(PostgresRow(values: values, columns: columns))
        }
        return rows
    }
}

/// Calls `body` with the strings as the NULL-terminated array of C strings libpq takes.
private func withCStringArray<R>(_ strings: [String], _ body: ([UnsafePointer<CChar>?]) -> R) -> R {
    let copies = strings.map { (string: String) in strdup(string) }
    defer { for copy in copies { free(copy) } }
    return body(copies.map { UnsafePointer($0) } + [nil])
}

/// A libpq message as one line: libpq ends them with a newline and indents continuation lines.
private func readable(_ message: UnsafePointer<CChar>?) -> String {
    guard let message else { return "unknown error" }
    return String(cString: message).split(whereSeparator: \.isNewline)
        .map { $0.drop(while: \.isWhitespace) }
        .joined(separator: " ")
}
