import SQLiteDB

/// The directory-update path (T5): the only way a write reaches a directory table.
///
/// Each connection the store opens gets its own gate, exposed to SQL as `directory_writes_allowed()`;
/// the schema's triggers refuse directory writes unless it answers 1, which it does only inside
/// ``write(_:)``.
final class DirectoryWriteGate {
    private var isOpen = false
    let database: Database

    init(database: Database) throws {
        self.database = database
        try database.createFunction("directory_writes_allowed", argumentCount: 0) { [unowned self] _ in
            .integer(self.isOpen ? 1 : 0)
        }
    }

    /// Runs `body` in one transaction with directory writes allowed.
    func write<T>(_ body: () throws -> T) throws -> T {
        try database.transaction {
            isOpen = true
            defer { isOpen = false }
            return try body()
        }
    }
}
