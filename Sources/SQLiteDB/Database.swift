import Foundation

#if canImport(SQLite3)
    import SQLite3
#else
    import CSQLite
#endif

/// One connection to an SQLite database file (or an in-memory database), configured the way the
/// diary needs it: WAL journal, `foreign_keys=ON`, a busy timeout, full sync on commit, a page
/// cache sized for bulk writes and a cache of prepared statements.
///
/// Serves T2 (all information in a local database) and the "nothing lost" rule: every write the
/// store makes goes through ``transaction(_:)``, which rolls back on any thrown error.
///
/// A connection is not thread-safe; the store owns one per database and uses it from one place.
public final class Database {
    /// How a connection opens its file.
    public enum Mode: Sendable {
        /// Read and write; the file is created if missing.
        case readWrite
        /// Read only; writes fail with `SQLITE_READONLY`. The file must exist.
        case readOnly
    }

    /// The file path, or `":memory:"`.
    public let path: String
    let handle: OpaquePointer
    private var statements: [String: Statement] = [:]
    private var savepointDepth = 0
    private var functionBoxes: [FunctionBox] = []
    /// The tables written, for ``takeCommittedWrites()`` (WriteLog.swift).
    var writeLog = WriteLog()

    /// Opens (and for `.readWrite` creates) the database at `path`; `":memory:"` gives a private
    /// in-memory database.
    public init(path: String, mode: Mode = .readWrite, busyTimeoutMilliseconds: Int32 = 5_000) throws {
        var flags = SQLITE_OPEN_NOMUTEX | SQLITE_OPEN_URI
        flags |= (mode == .readOnly) ? SQLITE_OPEN_READONLY : (SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE)
        var db: OpaquePointer?
        let rc = sqlite3_open_v2(path, &db, flags, nil)
        guard rc == SQLITE_OK, let db else {
            let message = db.map { String(cString: sqlite3_errmsg($0)) } ?? String(cString: sqlite3_errstr(rc))
            sqlite3_close_v2(db)
            throw SQLiteError(code: rc, message: "cannot open \(path): \(message)", sql: nil)
        }
        self.path = path
        self.handle = db
        sqlite3_extended_result_codes(db, 1)
        installWriteLog()
        sqlite3_busy_timeout(db, busyTimeoutMilliseconds)
        try execute("PRAGMA foreign_keys = ON")
        if mode == .readWrite && path != ":memory:" && !path.isEmpty {
            try execute("PRAGMA journal_mode = WAL")
            try execute("PRAGMA synchronous = FULL")
            // Up to 32 MiB of page cache, used only as pages are read: random UUID keys make bulk
            // writes touch many pages, and a cache that spills mid-transaction halves their speed.
            try execute("PRAGMA cache_size = -32000")
        }
    }

    deinit {
        statements.removeAll()
        sqlite3_close_v2(handle)
    }

    // MARK: Running statements

    /// Runs one statement (cached) that returns no rows the caller needs.
    public func execute(_ sql: String, _ arguments: [SQLiteValue] = []) throws {
        let statement = try prepared(sql)
        defer { statement.reset() }
        try statement.bind(arguments)
        while try statement.step() {}
    }

    /// Runs a script of several `;`-separated statements without arguments (migrations, pragmas).
    public func executeScript(_ sql: String) throws {
        var message: UnsafeMutablePointer<CChar>?
        let rc = sqlite3_exec(handle, sql, nil, nil, &message)
        guard rc == SQLITE_OK else {
            let text = message.map { String(cString: $0) } ?? String(cString: sqlite3_errmsg(handle))
            sqlite3_free(message)
            throw SQLiteError(code: sqlite3_extended_errcode(handle), message: text, sql: sql)
        }
    }

    /// Runs a query and calls `body` for each row, without collecting them.
    public func forEachRow(_ sql: String, _ arguments: [SQLiteValue] = [], _ body: (Row) throws -> Void) throws {
        let statement = try prepared(sql)
        defer { statement.reset() }
        try statement.bind(arguments)
        while try statement.step() { try body(statement.currentRow()) }
    }

    /// Runs a query and calls `body` for each row until it returns false: the rows after that are
    /// never read.
    public func forEachRow(_ sql: String, _ arguments: [SQLiteValue] = [], while body: (Row) throws -> Bool) throws {
        let statement = try prepared(sql)
        defer { statement.reset() }
        try statement.bind(arguments)
        while try statement.step() {
            guard try body(statement.currentRow()) else { return }
        }
    }

    /// Runs a query and returns all its rows.
    public func query(_ sql: String, _ arguments: [SQLiteValue] = []) throws -> [Row] {
        var rows: [Row] = []
        try forEachRow(sql, arguments) { rows.append($0) }
        return rows
    }

    /// Runs a query and decodes each row with `decode`.
    public func query<T>(_ sql: String, _ arguments: [SQLiteValue] = [], as decode: (Row) throws -> T) throws -> [T] {
        var items: [T] = []
        try forEachRow(sql, arguments) { items.append(try decode($0)) }
        return items
    }

    /// The first row of a query, if any.
    public func queryFirst(_ sql: String, _ arguments: [SQLiteValue] = []) throws -> Row? {
        let statement = try prepared(sql)
        defer { statement.reset() }
        try statement.bind(arguments)
        return try statement.step() ? statement.currentRow() : nil
    }

    /// The first column of the first row, or `.null` when there is no row.
    public func scalar(_ sql: String, _ arguments: [SQLiteValue] = []) throws -> SQLiteValue {
        try queryFirst(sql, arguments)?[0] ?? .null
    }

    /// Rows changed by the last INSERT, UPDATE or DELETE.
    public var changes: Int { Int(sqlite3_changes(handle)) }

    /// True while a transaction is open on this connection.
    public var isInTransaction: Bool { sqlite3_get_autocommit(handle) == 0 }

    // MARK: Transactions

    /// Runs `body` in a transaction that commits when it returns and rolls back when it throws.
    ///
    /// The outermost call opens `BEGIN IMMEDIATE`, taking the write lock at once so a concurrent
    /// writer waits on the busy timeout instead of failing half way; nested calls use savepoints.
    public func transaction<T>(_ body: () throws -> T) throws -> T {
        try transaction(begin: "BEGIN IMMEDIATE", body)
    }

    /// Runs `body` in a read transaction (`BEGIN DEFERRED`): one consistent snapshot of the
    /// database for several queries, without taking the write lock.
    public func readTransaction<T>(_ body: () throws -> T) throws -> T {
        try transaction(begin: "BEGIN DEFERRED", body)
    }

    private func transaction<T>(begin: String, _ body: () throws -> T) throws -> T {
        if isInTransaction {
            savepointDepth += 1
            let name = "nested_\(savepointDepth)"
            defer { savepointDepth -= 1 }
            try executeScript("SAVEPOINT \(name)")
            do {
                let result = try body()
                try executeScript("RELEASE \(name)")
                return result
            } catch {
                try? executeScript("ROLLBACK TO \(name); RELEASE \(name)")
                throw error
            }
        }
        try executeScript(begin)
        do {
            let result = try body()
            try executeScript("COMMIT")
            return result
        } catch {
            if isInTransaction { try? executeScript("ROLLBACK") }
            throw error
        }
    }

    // MARK: Functions

    /// Registers a scalar SQL function implemented in Swift, visible to this connection only
    /// (schema triggers use one to know whether the directory-update path is active).
    public func createFunction(
        _ name: String, argumentCount: Int32, _ body: @escaping ([SQLiteValue]) -> SQLiteValue
    ) throws {
        let box = FunctionBox(body)
        functionBoxes.append(box)
        let rc = sqlite3_create_function_v2(
            handle, name, argumentCount, SQLITE_UTF8 | SQLITE_INNOCUOUS,
            Unmanaged.passUnretained(box).toOpaque(),
            { context, count, arguments in
                let box = Unmanaged<FunctionBox>.fromOpaque(sqlite3_user_data(context)).takeUnretainedValue()
                var values: [SQLiteValue] = []
                for i in 0..<Int(count) { values.append(FunctionBox.value(arguments![i])) }
                FunctionBox.setResult(box.body(values), context)
            }, nil, nil, nil)
        guard rc == SQLITE_OK else { throw error(rc, sql: nil) }
    }

    // MARK: Internals

    func prepared(_ sql: String) throws -> Statement {
        if let cached = statements[sql] { return cached }
        let statement = try Statement(database: self, sql: sql)
        statements[sql] = statement
        return statement
    }

    func error(_ rc: Int32, sql: String?) -> SQLiteError {
        let extended = sqlite3_extended_errcode(handle)
        return SQLiteError(
            code: extended != 0 ? extended : rc, message: String(cString: sqlite3_errmsg(handle)), sql: sql)
    }
}

/// Keeps a Swift function alive for as long as SQLite may call it.
private final class FunctionBox {
    let body: ([SQLiteValue]) -> SQLiteValue
    init(_ body: @escaping ([SQLiteValue]) -> SQLiteValue) { self.body = body }

    static func value(_ v: OpaquePointer?) -> SQLiteValue {
        switch sqlite3_value_type(v) {
        case SQLITE_INTEGER: .integer(sqlite3_value_int64(v))
        case SQLITE_FLOAT: .real(sqlite3_value_double(v))
        case SQLITE_TEXT: .text(String(cString: sqlite3_value_text(v)))
        default: .null
        }
    }

    static func setResult(_ value: SQLiteValue, _ context: OpaquePointer?) {
        switch value {
        case .integer(let v): sqlite3_result_int64(context, v)
        case .real(let v): sqlite3_result_double(context, v)
        case .text(let v): sqlite3_result_text(context, v, -1, sqliteTransient)
        case .blob(let v):
            v.withUnsafeBytes { sqlite3_result_blob(context, $0.baseAddress, Int32($0.count), sqliteTransient) }
        case .null: sqlite3_result_null(context)
        }
    }
}
