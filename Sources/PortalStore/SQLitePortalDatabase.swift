import Foundation
import SQLiteDB

/// The portal's embedded default backend: one SQLite file under `--data DIR` (T3).
///
/// One writer connection (writes are serialised, as SQLite does anyway) and a few reader
/// connections that read concurrently from the WAL, each used by one thread at a time.
public final class SQLitePortalDatabase: PortalDatabase, @unchecked Sendable {
    public let backend = "sqlite"
    public let lockAccountSuffix = ""

    public func byteLength(of column: String) -> String { "length(CAST(\(column) AS BLOB))" }
    public let readsRowsLazily = true
    public let path: String
    private let writer: SQLiteConnection
    private let writerLock = NSLock()
    private let readers: ConnectionPool<SQLiteConnection>

    /// Opens (creating if needed) `portal.sqlite` in `folder`.
    public init(folder: URL, readers readerCount: Int = 4) throws {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        path = folder.appendingPathComponent("portal.sqlite").path
        writer = SQLiteConnection(try Database(path: path))
        let path = path
        readers = ConnectionPool(maximum: readerCount) { SQLiteConnection(try Database(path: path, mode: .readOnly)) }
    }

    public func write<T>(_ body: (any PortalSQL) throws -> T) throws -> T {
        try writerLock.withLock {
            try Self.mapping { try writer.database.transaction { try body(writer) } }
        }
    }

    public func read<T>(_ body: (any PortalSQL) throws -> T) throws -> T {
        try readers.withConnection { connection in
            try Self.mapping { try connection.database.readTransaction { try body(connection) } }
        }
    }

    public func migrate() throws {
        try PortalSchema.migrate(self, lock: nil)
    }

    /// Turns SQLite's errors into the store's: a constraint the input broke is the caller's
    /// mistake (400), anything else is the database being unavailable (503).
    private static func mapping<T>(_ body: () throws -> T) throws -> T {
        do {
            return try body()
        } catch let error as SQLiteError where error.isConstraintViolation {
            throw PortalStoreError.invalid(field: "request", message: "refused by the database: \(error.message)")
        } catch let error as SQLiteError {
            throw PortalStoreError.unavailable(error.description)
        }
    }
}

/// An SQLite connection speaking ``PortalSQL``.
final class SQLiteConnection: PortalSQL {
    let database: Database

    init(_ database: Database) { self.database = database }

    func execute(_ sql: String, _ arguments: [PortalValue]) throws -> Int {
        try database.execute(sql, arguments.map(Self.sqlite))
        return database.changes
    }

    func query(_ sql: String, _ arguments: [PortalValue]) throws -> [PortalRow] {
        try database.query(sql, arguments.map(Self.sqlite), as: Self.portalRow)
    }

    func forEachRow(_ sql: String, _ arguments: [PortalValue], while body: (PortalRow) throws -> Bool) throws {
        try database.forEachRow(sql, arguments.map(Self.sqlite), while: { try body(Self.portalRow($0)) })
    }

    private static func portalRow(_ row: Row) -> PortalRow {
        PortalRow(
            row.values.map { value in
                switch value {
                case .integer(let v): .integer(v)
                case .real(let v): .real(v)
                case .text(let v): .text(v)
                case .blob(let bytes): .text(String(decoding: bytes, as: UTF8.self))
                case .null: .null
                }
            })
    }

    private static func sqlite(_ value: PortalValue) -> SQLiteValue {
        switch value {
        case .null: .null
        case .integer(let v): .integer(v)
        case .real(let v): .real(v)
        case .text(let v): .text(v)
        }
    }
}

/// A bounded set of connections handed to one caller at a time; created on first need.
final class ConnectionPool<Connection>: @unchecked Sendable {
    private let maximum: Int
    private let make: () throws -> Connection
    private let condition = NSCondition()
    private var idle: [Connection] = []
    private var open = 0

    init(maximum: Int, make: @escaping () throws -> Connection) {
        self.maximum = max(1, maximum)
        self.make = make
    }

    func withConnection<T>(_ body: (Connection) throws -> T) throws -> T {
        let connection = try checkOut()
        defer { checkIn(connection) }
        return try body(connection)
    }

    private func checkOut() throws -> Connection {
        condition.lock()
        defer { condition.unlock() }
        while idle.isEmpty && open >= maximum { condition.wait() }
        if let connection = idle.popLast() { return connection }
        open += 1
        do {
            return try make()
        } catch {
            open -= 1
            throw error
        }
    }

    private func checkIn(_ connection: Connection) {
        condition.lock()
        idle.append(connection)
        condition.signal()
        condition.unlock()
    }
}
