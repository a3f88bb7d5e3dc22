import Foundation
import SQLiteDB

/// The SQL that reads, inserts and updates one kind of user record, made once from its columns.
///
/// Columns start with `id` and end with `created_at, updated_at, deleted_at`; values bound for
/// insert and update follow the same order without `deleted_at` (a new or edited record is live).
struct RecordSQL: Sendable {
    let type: EntityType
    /// The columns, comma-separated, in the order rows are decoded.
    let columns: String
    /// `SELECT <columns> FROM <table>`, to be followed by a WHERE clause.
    let select: String
    let selectById: String
    let insert: String
    /// Sets every column but `id` and `created_at` from the same numbered arguments as `insert`.
    let update: String

    init(_ type: EntityType, columns: [String]) {
        precondition(columns.first == "id" && columns.suffix(3) == ["created_at", "updated_at", "deleted_at"])
        self.type = type
        let written = columns.dropLast()
        self.columns = columns.joined(separator: ", ")
        select = "SELECT \(self.columns) FROM \(type.table)"
        selectById = select + " WHERE id = ?"
        insert =
            "INSERT INTO \(type.table) (\(written.joined(separator: ", "))) VALUES (\(written.map { _ in "?" }.joined(separator: ", ")))"
        let assignments = written.enumerated().filter { !["id", "created_at"].contains($0.element) }
            .map { "\($0.element) = ?\($0.offset + 1)" }
        update = "UPDATE \(type.table) SET \(assignments.joined(separator: ", ")) WHERE id = ?1"
    }
}

extension Diary {
    /// Inserts a new record and its outbox entry (call inside a transaction).
    func insertRecord(_ sql: RecordSQL, _ values: [SQLiteValue], id: UUID, at time: Date) throws {
        try database.execute(sql.insert, values)
        try recordChange(sql.type, id, .upsert, at: time)
    }

    /// Rewrites an edited record and records the change (call inside a transaction).
    func updateRecord(_ sql: RecordSQL, _ values: [SQLiteValue], id: UUID, at time: Date) throws {
        try database.execute(sql.update, values)
        try recordChange(sql.type, id, .upsert, at: time)
    }

    /// The record with this id, live or in the Trash.
    func fetchRecord<T>(_ sql: RecordSQL, _ id: UUID, _ decode: (Row) throws -> T) throws -> T {
        guard let row = try database.queryFirst(sql.selectById, [SQLiteValue(id)]) else {
            throw StoreError.notFound(entity: sql.type.rawValue, id: SQLiteValue.lowercaseText(id))
        }
        return try decode(row)
    }
}
