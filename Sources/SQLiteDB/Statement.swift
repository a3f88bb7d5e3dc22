#if canImport(SQLite3)
    import SQLite3
#else
    import CSQLite
#endif

/// A prepared statement owned by a ``Database``; reused through the database's statement cache.
final class Statement {
    let handle: OpaquePointer
    let sql: String
    private unowned let database: Database
    /// The tables a run of this statement may change (its triggers' included).
    private let writtenTables: Set<String>
    /// The connection's total of changed rows when the current run began.
    private var changesAtStart: Int64 = 0
    private(set) lazy var columns: ColumnNames = ColumnNames(
        (0..<sqlite3_column_count(handle)).map { String(cString: sqlite3_column_name(handle, $0)) })

    init(database: Database, sql: String) throws {
        var statement: OpaquePointer?
        database.writeLog.preparing = []
        let rc = sqlite3_prepare_v3(
            database.handle, sql, -1, UInt32(SQLITE_PREPARE_PERSISTENT), &statement, nil)
        writtenTables = database.writeLog.preparing ?? []
        database.writeLog.preparing = nil
        guard rc == SQLITE_OK, let statement else {
            throw database.error(rc, sql: sql)
        }
        self.handle = statement
        self.sql = sql
        self.database = database
    }

    deinit { sqlite3_finalize(handle) }

    func bind(_ arguments: [SQLiteValue]) throws {
        if !writtenTables.isEmpty { changesAtStart = sqlite3_total_changes64(database.handle) }
        let expected = Int(sqlite3_bind_parameter_count(handle))
        guard arguments.count == expected else {
            throw SQLiteError(
                code: SQLITE_RANGE, message: "expected \(expected) arguments, got \(arguments.count)", sql: sql)
        }
        for (offset, value) in arguments.enumerated() {
            let index = Int32(offset + 1)
            let rc: Int32
            switch value {
            case .integer(let v): rc = sqlite3_bind_int64(handle, index, v)
            case .real(let v): rc = sqlite3_bind_double(handle, index, v)
            case .text(let v):
                // Bound with its byte length, so a NUL inside the text is kept rather than ending it.
                var text = v
                rc = text.withUTF8 { bytes in
                    guard let base = bytes.baseAddress, !bytes.isEmpty else {
                        return sqlite3_bind_text(handle, index, "", 0, sqliteTransient)
                    }
                    return base.withMemoryRebound(to: CChar.self, capacity: bytes.count) {
                        sqlite3_bind_text64(handle, index, $0, UInt64(bytes.count), sqliteTransient, UInt8(SQLITE_UTF8))
                    }
                }
            case .blob(let v):
                rc = v.withUnsafeBytes {
                    sqlite3_bind_blob(handle, index, $0.baseAddress, Int32($0.count), sqliteTransient)
                }
            case .null: rc = sqlite3_bind_null(handle, index)
            }
            guard rc == SQLITE_OK else { throw database.error(rc, sql: sql) }
        }
    }

    /// Advances one row; returns false when the statement is done.
    func step() throws -> Bool {
        switch sqlite3_step(handle) {
        case SQLITE_ROW: return true
        case SQLITE_DONE: return false
        case let rc: throw database.error(rc, sql: sql)
        }
    }

    func currentRow() -> Row {
        let count = sqlite3_column_count(handle)
        var values: [SQLiteValue] = []
        values.reserveCapacity(Int(count))
        for i in 0..<count {
            switch sqlite3_column_type(handle, i) {
            case SQLITE_INTEGER: values.append(.integer(sqlite3_column_int64(handle, i)))
            case SQLITE_FLOAT: values.append(.real(sqlite3_column_double(handle, i)))
            case SQLITE_TEXT:
                // The text first, then its size in bytes (the order SQLite documents).
                let text = sqlite3_column_text(handle, i)
                let bytes = UnsafeRawBufferPointer(start: text, count: Int(sqlite3_column_bytes(handle, i)))
                values.append(.text(String(decoding: bytes, as: UTF8.self)))
            case SQLITE_BLOB:
                let size = Int(sqlite3_column_bytes(handle, i))
                if let base = sqlite3_column_blob(handle, i), size > 0 {
                    values.append(.blob(Array(UnsafeRawBufferPointer(start: base, count: size))))
                } else {
                    values.append(.blob([]))
                }
            default: values.append(.null)
            }
        }
        return Row(values: values, columns: columns)
    }

    /// Makes the statement ready for its next use and drops references to bound values.
    func reset() {
        let changed = !writtenTables.isEmpty && sqlite3_total_changes64(database.handle) != changesAtStart
        sqlite3_reset(handle)
        // After the reset, so that a statement's own implicit transaction has ended.
        if changed { database.writeLog.note(writtenTables, inTransaction: database.isInTransaction) }
        sqlite3_clear_bindings(handle)
    }
}
