import FishingModel
import Foundation
import SQLiteDB
import SyncProtocol

/// The SQL that reads, inserts and updates one kind of user record, made once from the kind's
/// column definitions (``RecordColumns``), which also turn records into rows and rows back.
///
/// Columns start with `id` and include `created_at` and `updated_at`; an insert and an update
/// set the synced columns — all but the Trash's `deleted_at` (a new or edited record is live),
/// which a kind's definition names when its type holds it (a saved report's Trash state is the
/// table's alone).
struct RecordSQL<Record: Sendable>: Sendable {
    let type: RecordKind
    let definition: RecordColumns<Record>
    /// The columns, comma-separated, in the order rows are decoded.
    let columns: String
    /// `SELECT <columns> FROM <table>`, to be followed by a WHERE clause.
    let select: String
    let selectById: String
    let insert: String
    /// Sets every column but `id` and `created_at` from the same numbered arguments as `insert`.
    let update: String

    init(_ definition: RecordColumns<Record>) {
        let names = definition.names
        precondition(names.first == "id" && names.contains("created_at") && names.contains("updated_at"))
        type = definition.kind
        self.definition = definition
        let written = definition.syncedNames
        columns = names.joined(separator: ", ")
        select = "SELECT \(columns) FROM \(type.table)"
        selectById = select + " WHERE id = ?"
        insert =
            "INSERT INTO \(type.table) (\(written.joined(separator: ", "))) VALUES (\(written.map { _ in "?" }.joined(separator: ", ")))"
        let assignments = written.enumerated().filter { !["id", "created_at"].contains($0.element) }
            .map { "\($0.element) = ?\($0.offset + 1)" }
        update = "UPDATE \(type.table) SET \(assignments.joined(separator: ", ")) WHERE id = ?1"
    }

    /// The values `insert` and `update` bind.
    func values(_ record: Record) -> [SQLiteValue] {
        definition.syncedValues(of: record).map(Diary.sqliteValue)
    }

    /// A record from a row of `select`.
    func record(_ row: Row) throws -> Record {
        try definition.record { Diary.fieldValue(row[$0]) }
    }
}

extension Diary {
    /// Inserts a new record and its outbox entry (call inside a transaction).
    func insertRecord<Record>(_ sql: RecordSQL<Record>, _ record: Record, id: UUID, at time: Date) throws {
        try database.execute(sql.insert, sql.values(record))
        try recordChange(sql.type, id, .upsert, at: time)
    }

    /// Rewrites an edited record and records the change (call inside a transaction).
    func updateRecord<Record>(_ sql: RecordSQL<Record>, _ record: Record, id: UUID, at time: Date) throws {
        try database.execute(sql.update, sql.values(record))
        try recordChange(sql.type, id, .upsert, at: time)
    }

    /// The record with this id, live or in the Trash.
    func fetchRecord<Record>(_ sql: RecordSQL<Record>, _ id: UUID) throws -> Record {
        guard let row = try database.queryFirst(sql.selectById, [SQLiteValue(id)]) else {
            throw StoreError.notFound(entity: sql.type.rawValue, id: id.canonicalText)
        }
        return try sql.record(row)
    }
}
