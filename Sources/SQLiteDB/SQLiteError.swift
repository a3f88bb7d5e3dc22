/// A failure reported by SQLite, or a row that did not hold what the caller expected.
///
/// It carries SQLite's extended result code, its message and the SQL that failed, so a captured
/// error in a diagnostics bundle (T6) says exactly what went wrong.
public struct SQLiteError: Error, Sendable, Equatable, CustomStringConvertible {
    /// SQLite's extended result code (`SQLITE_CONSTRAINT_CHECK`, `SQLITE_BUSY`, …); 0 for decoding errors.
    public let code: Int32
    public let message: String
    public let sql: String?

    public init(code: Int32, message: String, sql: String?) {
        self.code = code
        self.message = message
        self.sql = sql
    }

    /// The primary result code (the low byte of the extended code).
    public var primaryCode: Int32 { code & 0xFF }

    /// True for NOT NULL, CHECK, FOREIGN KEY, UNIQUE and trigger `RAISE(ABORT)` refusals.
    public var isConstraintViolation: Bool { primaryCode == 19 }

    public var description: String {
        var text = "SQLite error \(code): \(message)"
        if let sql { text += " — in: \(sql)" }
        return text
    }

    static func decoding(_ message: String, sql: String?) -> SQLiteError {
        SQLiteError(code: 0, message: message, sql: sql)
    }
}
