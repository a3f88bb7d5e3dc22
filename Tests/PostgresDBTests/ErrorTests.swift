import PostgresDB
import Testing

@Suite("PostgreSQL errors", .enabled(if: TestDatabase.isEnabled, TestDatabase.skipReason))
struct ErrorTests {
    @Test("Given a duplicate primary key, when inserted, then the error is a unique violation with detail and SQL")
    func uniqueViolation() throws {
        try TestDatabase.withSchema { db, _ in
            try db.executeScript("CREATE TABLE spots (id int PRIMARY KEY)")
            let sql = "INSERT INTO spots VALUES ($1)"
            try db.execute(sql, [1])
            let error = try #require(#expect(throws: PostgresError.self) { try db.execute(sql, [1]) })
            #expect(error.sqlState == "23505")
            #expect(error.isUniqueViolation)
            #expect(!error.isConnectionFailure && !error.isSerializationFailure && !error.isDeadlock)
            #expect(error.kind == .server)
            #expect(error.message.contains("spots_pkey"))
            #expect(error.detail?.contains("already exists") == true)
            #expect(error.sql == sql)
            #expect(error.description.contains("23505") && error.description.contains(sql))
            #expect(db.isHealthy)
        }
    }

    @Test("Given a misspelt statement, when run, then the error is a syntax error whose message says so")
    func syntaxError() throws {
        let db = try TestDatabase.connect()
        let error = try #require(#expect(throws: PostgresError.self) { try db.query("SELEC 1") })
        #expect(error.sqlState == "42601")
        #expect(error.message.contains("syntax error"))
        #expect(error.sql == "SELEC 1")
        #expect(try db.query("SELECT 1")[0].int64(0) == 1)
    }

    @Test("Given a call with no matching function, when run, then the error carries the server's hint")
    func hint() throws {
        let db = try TestDatabase.connect()
        let error = try #require(#expect(throws: PostgresError.self) { try db.query("SELECT lower(1)") })
        #expect(error.sqlState == "42883")
        #expect(error.hint?.contains("explicit type casts") == true)
        #expect(error.description.contains("hint: "))
    }

    @Test("Given the wrong number of parameters, when run, then the server refuses and the connection stays usable")
    func parameterCount() throws {
        let db = try TestDatabase.connect()
        let error = try #require(#expect(throws: PostgresError.self) { try db.query("SELECT $1, $2", [1]) })
        #expect(error.kind == .server)
        #expect(!error.isConnectionFailure)
        #expect(db.isHealthy)
    }

    @Test("Given two serializable transactions with write skew, when both commit, then the second fails with 40001")
    func serializationFailure() throws {
        try TestDatabase.withSchema { first, schema in
            try first.executeScript(
                """
                CREATE TABLE anglers (id int PRIMARY KEY, on_duty bool);
                INSERT INTO anglers VALUES (1, true), (2, true);
                """
            )
            let second = try TestDatabase.connect()
            try second.executeScript("SET search_path TO \(schema)")
            let error = try #require(
                #expect(throws: PostgresError.self) {
                    try first.transaction(isolation: .serializable) {
                        _ = try first.query("SELECT count(*) FROM anglers WHERE on_duty")
                        try second.transaction(isolation: .serializable) {
                            _ = try second.query("SELECT count(*) FROM anglers WHERE on_duty")
                            try first.execute("UPDATE anglers SET on_duty = false WHERE id = 1")
                            try second.execute("UPDATE anglers SET on_duty = false WHERE id = 2")
                        }
                    }
                })
            #expect(error.isSerializationFailure)
            #expect(try first.query("SELECT count(*) FROM anglers WHERE on_duty")[0].int64(0) == 1)
        }
    }

    @Test("Given a backend terminated by the server, when the connection is used, then it reports a connection failure")
    func terminatedBackend() throws {
        let db = try TestDatabase.connect()
        let pid = try db.query("SELECT pg_backend_pid()")[0].int64(0)
        let admin = try TestDatabase.connect()
        #expect(try admin.query("SELECT pg_terminate_backend($1::int, 5000)", [.integer(pid)])[0].bool(0))
        let error = try #require(#expect(throws: PostgresError.self) { try db.query("SELECT 1") })
        #expect(error.isConnectionFailure)
        #expect(!db.isHealthy)
    }
}
