import Foundation
import PostgresDB

/// The portal's backend for many users: PostgreSQL through libpq (`--database-url` or
/// `DATABASE_URL`, T3/T12).
///
/// A pool of connections serves concurrent requests; writes lock the account's row
/// (`SELECT … FOR UPDATE`), so one account's writes take turns and its sequence numbers are
/// handed out in commit order, while different accounts write in parallel.
public final class PostgresPortalDatabase: PortalDatabase {
    public let backend = "postgresql"
    public let lockAccountSuffix = " FOR UPDATE"

    public func byteLength(of column: String) -> String { "octet_length(\(column))" }
    public let readsRowsLazily = false
    private let pool: PostgresConnectionPool

    /// Connects lazily; `connections` bounds the pool.
    public init(url: String, connections: Int = 16) {
        pool = PostgresConnectionPool(url: url, maximumConnections: connections)
    }

    public func write<T>(_ body: (any PortalSQL) throws -> T) throws -> T {
        try run { connection in try connection.transaction { try body(PostgresSQL(connection)) } }
    }

    /// Reads run statement by statement, without a transaction around them: no read needs a
    /// snapshot across statements (sequence numbers are handed out under the account's lock and
    /// committed in order), and a no-change pull then costs two round trips instead of four.
    public func read<T>(_ body: (any PortalSQL) throws -> T) throws -> T {
        try run { connection in try body(PostgresSQL(connection)) }
    }

    public func migrate() throws {
        try PortalSchema.migrate(self, lock: "SELECT pg_advisory_xact_lock(7246110)")
    }

    public func close() { pool.close() }

    private func run<T>(_ body: (PostgresConnection) throws -> T) throws -> T {
        do {
            return try pool.withConnection(body)
        } catch let error as PostgresError where error.sqlState?.hasPrefix("23") == true || error.kind == .usage {
            // An integrity constraint the input broke, or a value libpq cannot send (a NUL).
            throw PortalStoreError.invalid(field: "request", message: "refused by the database: \(error.message)")
        } catch let error as PostgresError {
            throw PortalStoreError.unavailable(error.description)
        }
    }
}

/// A PostgreSQL connection speaking ``PortalSQL``: `?` placeholders become `$1`, `$2`…
final class PostgresSQL: PortalSQL {
    private let connection: PostgresConnection

    init(_ connection: PostgresConnection) { self.connection = connection }

    func execute(_ sql: String, _ arguments: [PortalValue]) throws -> Int {
        try connection.execute(Self.numbered(sql), arguments.map(Self.postgres))
    }

    func query(_ sql: String, _ arguments: [PortalValue]) throws -> [PortalRow] {
        try connection.query(Self.numbered(sql), arguments.map(Self.postgres)).map { row in
            PortalRow(
                row.values.map { value in
                    switch value {
                    case .integer(let v): .integer(v)
                    case .real(let v): .real(v)
                    case .text(let v): .text(v)
                    case .bool(let v): .integer(v ? 1 : 0)
                    case .bytes(let bytes): .text(String(decoding: bytes, as: UTF8.self))
                    case .null: .null
                    }
                })
        }
    }

    /// The store's SQL never has `?` inside a literal, so every `?` is a placeholder.
    static func numbered(_ sql: String) -> String {
        var result = ""
        result.reserveCapacity(sql.utf8.count + 8)
        var index = 0
        for character in sql {
            if character == "?" {
                index += 1
                result += "$\(index)"
            } else {
                result.append(character)
            }
        }
        return result
    }

    private static func postgres(_ value: PortalValue) -> PostgresValue {
        switch value {
        case .null: .null
        case .integer(let v): .integer(v)
        case .real(let v): .real(v)
        case .text(let v): .text(v)
        }
    }
}
