import Foundation

/// One step of a database's schema history.
public struct Migration: Sendable {
    public let version: Int
    public let name: String
    /// The script a migration runs, as shipped: literal text that never changes once released
    /// (tests hold each store's scripts to their recorded digests).
    public let sql: String?
    public let apply: @Sendable (Database) throws -> Void

    public init(version: Int, name: String, apply: @escaping @Sendable (Database) throws -> Void) {
        self.version = version
        self.name = name
        self.sql = nil
        self.apply = apply
    }

    /// A migration that runs an SQL script.
    public init(version: Int, name: String, sql: String) {
        self.version = version
        self.name = name
        self.sql = sql
        self.apply = { try $0.executeScript(sql) }
    }
}

/// Brings a database's schema up to date, one recorded migration at a time.
///
/// Each migration runs in its own immediate transaction together with the row that records it in
/// `schema_migrations`, so a crash mid-way leaves the schema at a known version. A database newer
/// than the app is refused rather than misread.
public struct Migrator: Sendable {
    public let migrations: [Migration]

    public init(_ migrations: [Migration]) {
        precondition(
            migrations.enumerated().allSatisfy { $0.offset + 1 == $0.element.version },
            "migrations must be numbered 1, 2, 3, … in order")
        self.migrations = migrations
    }

    /// The newest version this migrator knows.
    public var latestVersion: Int { migrations.last?.version ?? 0 }

    /// The version recorded in the database (0 for a new one).
    public func appliedVersion(of db: Database) throws -> Int {
        try ensureHistoryTable(db)
        return Int(try db.scalar("SELECT max(version) FROM schema_migrations").int64Value ?? 0)
    }

    /// Applies every migration after the recorded version, up to `target` (default: all).
    /// Returns the versions it applied.
    @discardableResult
    public func migrate(_ db: Database, upTo target: Int? = nil) throws -> [Int] {
        let current = try appliedVersion(of: db)
        guard current <= latestVersion else {
            throw SQLiteError(
                code: 0,
                message:
                    "the database is at schema version \(current), newer than this app knows (\(latestVersion)); update the app",
                sql: nil)
        }
        var applied: [Int] = []
        for migration in migrations where migration.version > current && migration.version <= (target ?? latestVersion)
        {
            try db.transaction {
                try migration.apply(db)
                try db.execute(
                    "INSERT INTO schema_migrations(version, name, applied_at) VALUES (?, ?, ?)",
                    [.integer(Int64(migration.version)), .text(migration.name), SQLiteValue(Date())])
                try db.executeScript("PRAGMA user_version = \(migration.version)")
            }
            applied.append(migration.version)
        }
        return applied
    }

    private func ensureHistoryTable(_ db: Database) throws {
        try db.executeScript(
            """
            CREATE TABLE IF NOT EXISTS schema_migrations (
                version    INTEGER PRIMARY KEY,
                name       TEXT    NOT NULL,
                applied_at INTEGER NOT NULL
            )
            """)
    }
}
