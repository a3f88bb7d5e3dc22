import PostgresDB
import Testing

@Suite("PostgreSQL transactions", .enabled(if: TestDatabase.isEnabled, TestDatabase.skipReason))
struct TransactionTests {
    struct Boom: Error {}

    func numbers(_ db: PostgresConnection) throws -> [Int64] {
        try db.query("SELECT n FROM t ORDER BY n").map { try $0.int64(0) }
    }

    @Test("Given a transaction that returns, when it ends, then its writes are committed and its result returned")
    func commits() throws {
        try TestDatabase.withSchema { db, schema in
            try db.executeScript("CREATE TABLE t (n int)")
            let result = try db.transaction {
                try db.execute("INSERT INTO t VALUES (1), (2)")
            }
            #expect(result == 2)
            let other = try TestDatabase.connect()
            #expect(try other.query("SELECT count(*) FROM \(schema).t")[0].int64(0) == 2)
        }
    }

    @Test("Given a transaction that throws, when it ends, then nothing it wrote remains and the error is rethrown")
    func rollsBackOnThrow() throws {
        try TestDatabase.withSchema { db, _ in
            try db.executeScript("CREATE TABLE t (n int)")
            #expect(throws: Boom.self) {
                try db.transaction {
                    try db.execute("INSERT INTO t VALUES (1)")
                    throw Boom()
                }
            }
            #expect(try numbers(db).isEmpty)
            #expect(try db.query("SELECT 1")[0].int64(0) == 1)
        }
    }

    @Test("Given nested transactions, when an inner one throws, then only its writes are undone by its savepoint")
    func savepoints() throws {
        try TestDatabase.withSchema { db, _ in
            try db.executeScript("CREATE TABLE t (n int PRIMARY KEY)")
            try db.transaction {
                try db.execute("INSERT INTO t VALUES (1)")
                #expect(throws: Boom.self) {
                    try db.transaction {
                        try db.execute("INSERT INTO t VALUES (2)")
                        try db.transaction { try db.execute("INSERT INTO t VALUES (3)") }
                        throw Boom()
                    }
                }
                let duplicate = #expect(throws: PostgresError.self) {
                    try db.transaction { try db.execute("INSERT INTO t VALUES (1)") }
                }
                #expect(duplicate?.isUniqueViolation == true)
                try db.transaction { try db.execute("INSERT INTO t VALUES (4)") }
            }
            #expect(try numbers(db) == [1, 4])
        }
    }

    @Test("Given a body that swallows a failed statement, when it returns, then the transaction rolls back and throws")
    func swallowedFailureRollsBack() throws {
        try TestDatabase.withSchema { db, _ in
            try db.executeScript("CREATE TABLE t (n int PRIMARY KEY)")
            let error = #expect(throws: PostgresError.self) {
                try db.transaction {
                    try db.execute("INSERT INTO t VALUES (1)")
                    _ = try? db.execute("INSERT INTO t VALUES (1)")
                }
            }
            #expect(error?.kind == .usage)
            #expect(try numbers(db).isEmpty)
        }
    }

    @Test("Given an isolation level, when a transaction runs, then the server uses it")
    func isolationLevels() throws {
        let db = try TestDatabase.connect()
        let levels: [(PostgresConnection.IsolationLevel, String)] = [
            (.readCommitted, "read committed"), (.repeatableRead, "repeatable read"), (.serializable, "serializable"),
        ]
        for (level, name) in levels {
            let shown = try db.transaction(isolation: level) { try db.query("SHOW transaction_isolation")[0].text(0) }
            #expect(shown == name)
        }
    }
}
