import Foundation

/// One value bound to or read from the portal's SQL, the same for SQLite and PostgreSQL.
public enum PortalValue: Sendable, Hashable {
    case null
    case integer(Int64)
    case real(Double)
    case text(String)

    public init(_ value: String?) { self = value.map { .text($0) } ?? .null }
    public init(_ value: Int64?) { self = value.map { .integer($0) } ?? .null }
    public init(_ value: Bool) { self = .integer(value ? 1 : 0) }
    /// An id as the portal stores it: lowercase 8-4-4-4-12.
    public init(_ value: UUID?) { self = value.map { .text($0.uuidString.lowercased()) } ?? .null }
}

/// One result row.
public struct PortalRow: Sendable {
    public let values: [PortalValue]

    public init(_ values: [PortalValue]) { self.values = values }

    public func int64(_ index: Int) throws(PortalStoreError) -> Int64 {
        switch values[index] {
        case .integer(let value): return value
        case .real(let value) where value == value.rounded(): return Int64(value)
        case .text(let text): if let value = Int64(text) { return value }
        default: break
        }
        throw .corrupt("column \(index) holds \(values[index]), not an integer")
    }

    public func optionalInt64(_ index: Int) throws(PortalStoreError) -> Int64? {
        values[index] == .null ? nil : try int64(index)
    }

    public func text(_ index: Int) throws(PortalStoreError) -> String {
        guard case .text(let value) = values[index] else {
            throw .corrupt("column \(index) holds \(values[index]), not text")
        }
        return value
    }

    public func optionalText(_ index: Int) throws(PortalStoreError) -> String? {
        values[index] == .null ? nil : try text(index)
    }

    public func uuid(_ index: Int) throws(PortalStoreError) -> UUID {
        let value = try text(index)
        guard let id = UUID(uuidString: value) else { throw .corrupt("column \(index) holds \(value), not an id") }
        return id
    }

    public func bool(_ index: Int) throws(PortalStoreError) -> Bool { try int64(index) != 0 }
}

/// A connection inside a transaction, as the portal's store uses it: `?` placeholders, one
/// statement per call. Implemented over SQLite and over PostgreSQL.
public protocol PortalSQL: AnyObject {
    /// Runs one statement; returns the number of rows it changed.
    @discardableResult
    func execute(_ sql: String, _ arguments: [PortalValue]) throws -> Int
    func query(_ sql: String, _ arguments: [PortalValue]) throws -> [PortalRow]
    /// Calls `body` with each row until it returns false; a backend that reads lazily (see
    /// ``PortalDatabase/readsRowsLazily``) then never reads the rest.
    func forEachRow(_ sql: String, _ arguments: [PortalValue], while body: (PortalRow) throws -> Bool) throws
}

extension PortalSQL {
    public func forEachRow(_ sql: String, _ arguments: [PortalValue], while body: (PortalRow) throws -> Bool) throws {
        for row in try query(sql, arguments) {
            guard try body(row) else { return }
        }
    }

    func queryFirst(_ sql: String, _ arguments: [PortalValue]) throws -> PortalRow? {
        try query(sql, arguments).first
    }
}

/// The portal's database (T3, T12): one of two backends behind the same SQL.
///
/// Writes run in ``write(_:)``, a transaction that either commits whole or leaves nothing;
/// reads in ``read(_:)``. The store serialises the writes of one account by locking its row
/// first (``lockAccountSuffix``): with PostgreSQL this keeps sequence numbers in commit order
/// (a pull can never pass a change that commits later); SQLite serialises all writes anyway.
public protocol PortalDatabase: Sendable {
    /// `sqlite` or `postgresql`, for logs, metrics and `/health`.
    var backend: String { get }
    /// Appended to the `SELECT` that reads an account's row at the start of a write: `FOR UPDATE`
    /// where row locks exist.
    var lockAccountSuffix: String { get }
    /// The SQL expression for the size in bytes of the text in `column`.
    func byteLength(of column: String) -> String
    /// True when a query's rows are read one at a time as they are asked for (SQLite), false when
    /// the whole result arrives at once (libpq): a bound on what is read must then be in the SQL.
    var readsRowsLazily: Bool { get }
    func write<T>(_ body: (any PortalSQL) throws -> T) throws -> T
    func read<T>(_ body: (any PortalSQL) throws -> T) throws -> T
    /// Runs the versioned migrations (each in its own transaction, guarded against a second
    /// portal migrating at the same moment).
    func migrate() throws
}
