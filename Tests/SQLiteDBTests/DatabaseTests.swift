import Foundation
import SQLiteDB
import TestSupport
import Testing

@Suite("SQLite layer")
struct DatabaseTests {
    let folder: URL

    init() throws { folder = try temporaryFolder("sqlitedb") }

    func fileDatabase() throws -> Database { try Database(path: folder.appendingPathComponent("test.sqlite").path) }

    @Test("Given every storage class, when bound and read back, then values round-trip exactly")
    func bindingsRoundTrip() throws {
        let db = try Database(path: ":memory:")
        try db.executeScript("CREATE TABLE t (i INTEGER, r REAL, s TEXT, b BLOB, n)")
        let values: [SQLiteValue] = [
            .integer(Int64.min), .real(-0.125), .text("щука 🐟 'quoted'"), .blob([0, 1, 255]), .null,
        ]
        try db.execute("INSERT INTO t VALUES (?, ?, ?, ?, ?)", values)
        let row = try #require(try db.queryFirst("SELECT i, r, s, b, n FROM t"))
        #expect(row.values == values)
        #expect(try row.int64(0) == Int64.min)
        #expect(try row.optionalText(4) == nil)
        #expect(row["s"] == .text("щука 🐟 'quoted'"))
    }

    @Test("Given a wrong argument count, when executing, then the error names the SQL")
    func argumentCountChecked() throws {
        let db = try Database(path: ":memory:")
        let error = #expect(throws: SQLiteError.self) { try db.execute("SELECT ?, ?", [1]) }
        #expect(error?.sql == "SELECT ?, ?")
    }

    @Test("Given a typed accessor, when the column is NULL or text, then it throws naming the column")
    func typedAccessorsThrow() throws {
        let db = try Database(path: ":memory:")
        let row = try #require(try db.queryFirst("SELECT NULL AS missing, 'x' AS word"))
        #expect(throws: SQLiteError.self) { try row.int64(0) }
        let error = #expect(throws: SQLiteError.self) { try row.double(1) }
        #expect(error?.message.contains("word") == true)
    }

    @Test("Given a file database, when opened, then WAL, foreign keys and full sync are on")
    func pragmas() throws {
        let db = try fileDatabase()
        #expect(try db.scalar("PRAGMA journal_mode") == .text("wal"))
        #expect(try db.scalar("PRAGMA foreign_keys") == .integer(1))
        #expect(try db.scalar("PRAGMA synchronous") == .integer(2))
    }

    @Test("Given a transaction that throws, when it ends, then nothing it wrote remains")
    func rollbackOnThrow() throws {
        let db = try fileDatabase()
        try db.executeScript("CREATE TABLE t (x INTEGER NOT NULL)")
        struct Boom: Error {}
        #expect(throws: Boom.self) {
            try db.transaction {
                try db.execute("INSERT INTO t VALUES (1)")
                throw Boom()
            }
        }
        #expect(try db.scalar("SELECT count(*) FROM t") == .integer(0))
        #expect(!db.isInTransaction)
    }

    @Test("Given a nested transaction that throws, when the outer one commits, then only the inner writes are undone")
    func nestedSavepoint() throws {
        let db = try Database(path: ":memory:")
        try db.executeScript("CREATE TABLE t (x INTEGER)")
        try db.transaction {
            try db.execute("INSERT INTO t VALUES (1)")
            try? db.transaction {
                try db.execute("INSERT INTO t VALUES (2)")
                throw CancellationError()
            }
        }
        #expect(try db.query("SELECT x FROM t").map { $0[0] } == [.integer(1)])
    }

    @Test("Given a constraint violation, when inserting, then the error carries the extended code and message")
    func constraintError() throws {
        let db = try Database(path: ":memory:")
        try db.executeScript("CREATE TABLE t (x INTEGER NOT NULL CHECK (x > 0))")
        let error = #expect(throws: SQLiteError.self) { try db.execute("INSERT INTO t VALUES (?)", [-1]) }
        #expect(error?.isConstraintViolation == true)
        #expect(error?.code == 275)  // SQLITE_CONSTRAINT_CHECK
        #expect(error?.description.contains("INSERT INTO t") == true)
    }

    @Test(
        "Given a second connection holding the write lock, when writing, then the busy timeout is honoured and an error returned"
    )
    func busyTimeout() throws {
        let path = folder.appendingPathComponent("busy.sqlite").path
        let a = try Database(path: path)
        let b = try Database(path: path, busyTimeoutMilliseconds: 50)
        try a.executeScript("CREATE TABLE t (x INTEGER)")
        try a.executeScript("BEGIN IMMEDIATE")
        let error = #expect(throws: SQLiteError.self) {
            try b.transaction { try b.execute("INSERT INTO t VALUES (1)") }
        }
        #expect(error?.primaryCode == 5)  // SQLITE_BUSY
        try a.executeScript("ROLLBACK")
        try b.transaction { try b.execute("INSERT INTO t VALUES (1)") }
        #expect(try a.scalar("SELECT count(*) FROM t") == .integer(1))
    }

    @Test("Given a read-only connection, when writing, then SQLite refuses")
    func readOnly() throws {
        let path = folder.appendingPathComponent("ro.sqlite").path
        try Database(path: path).executeScript("CREATE TABLE t (x INTEGER)")
        let db = try Database(path: path, mode: .readOnly)
        let error = #expect(throws: SQLiteError.self) { try db.execute("INSERT INTO t VALUES (1)") }
        #expect(error?.primaryCode == 8)  // SQLITE_READONLY
    }

    @Test("Given a Swift function, when SQL calls it, then it sees the arguments and its result is used")
    func customFunction() throws {
        let db = try Database(path: ":memory:")
        try db.createFunction("twice", argumentCount: 1) { args in .integer((args[0].int64Value ?? 0) * 2) }
        #expect(try db.scalar("SELECT twice(21)") == .integer(42))
    }

    @Test("Given a migrator, when run from empty and then again, then each migration applies once and is recorded")
    func migrator() throws {
        let db = try fileDatabase()
        let migrator = Migrator([
            Migration(version: 1, name: "one", sql: "CREATE TABLE a (x INTEGER)"),
            Migration(version: 2, name: "two", sql: "ALTER TABLE a ADD COLUMN y TEXT"),
        ])
        #expect(try migrator.migrate(db, upTo: 1) == [1])
        #expect(try migrator.appliedVersion(of: db) == 1)
        #expect(try migrator.migrate(db) == [2])
        #expect(try migrator.migrate(db) == [])
        #expect(try db.scalar("PRAGMA user_version") == .integer(2))
        #expect(
            try db.query("SELECT name FROM schema_migrations ORDER BY version").map { $0[0] } == [
                .text("one"), .text("two"),
            ])
    }

    @Test("Given a failing migration, when migrating, then the schema stays at the previous version")
    func failingMigrationRollsBack() throws {
        let db = try fileDatabase()
        let migrator = Migrator([
            Migration(version: 1, name: "one", sql: "CREATE TABLE a (x INTEGER)"),
            Migration(version: 2, name: "broken", sql: "CREATE TABLE b (y INTEGER); CREATE TABLE a (x INTEGER)"),
        ])
        #expect(throws: SQLiteError.self) { try migrator.migrate(db) }
        #expect(try migrator.appliedVersion(of: db) == 1)
        #expect(try db.scalar("SELECT count(*) FROM sqlite_master WHERE name = 'b'") == .integer(0))
    }

    @Test("Given a database newer than the app, when migrating, then it is refused")
    func newerDatabaseRefused() throws {
        let db = try fileDatabase()
        try Migrator([
            Migration(version: 1, name: "one", sql: "CREATE TABLE a (x)"),
            Migration(version: 2, name: "two", sql: "CREATE TABLE b (x)"),
        ]).migrate(db)
        let error = #expect(throws: SQLiteError.self) {
            try Migrator([Migration(version: 1, name: "one", sql: "CREATE TABLE a (x)")]).migrate(db)
        }
        #expect(error?.message.contains("newer") == true)
    }

    @Test("Given a cached statement, when reused many times, then results stay correct")
    func statementReuse() throws {
        let db = try Database(path: ":memory:")
        try db.executeScript("CREATE TABLE t (x INTEGER)")
        try db.transaction {
            for i in 0..<1000 { try db.execute("INSERT INTO t VALUES (?)", [.integer(Int64(i))]) }
        }
        #expect(try db.scalar("SELECT sum(x) FROM t") == .integer(499_500))
        var seen = 0
        try db.forEachRow("SELECT x FROM t WHERE x < ?", [10]) { _ in seen += 1 }
        #expect(seen == 10)
    }
}
