import SQLiteDB

/// The directory-update path (T5): the only way a write reaches a directory table.
///
/// Each connection the store opens gets its own gate, exposed to SQL as `directory_writes_allowed()`;
/// the schema's triggers refuse directory writes unless it answers 1, which it does only inside
/// ``write(_:)``.
final class DirectoryWriteGate {
    /// Shared with the SQL function, which may outlive the gate as long as the connection lives.
    private final class State { var isOpen = false }

    private let state = State()
    let database: Database

    init(database: Database) throws {
        self.database = database
        let state = state
        try database.createFunction("directory_writes_allowed", argumentCount: 0) { _ in
            .integer(state.isOpen ? 1 : 0)
        }
    }

    /// Runs `body` in one transaction with directory writes allowed.
    func write<T>(_ body: () throws -> T) throws -> T {
        try database.transaction {
            state.isOpen = true
            defer { state.isOpen = false }
            return try body()
        }
    }
}
