import Foundation
import PostgresDB
import Synchronization
import Testing

@Suite("PostgreSQL connection pool", .enabled(if: TestDatabase.isEnabled, TestDatabase.skipReason))
struct PoolTests {
    struct Boom: Error {}

    /// What the borrowing threads report, shared between them.
    final class Tally: Sendable {
        let peakConnections = Mutex(0)
        let failures = Mutex<[String]>([])
    }

    func backendID(_ pool: PostgresConnectionPool) throws -> Int64 {
        try pool.withConnection { try $0.query("SELECT pg_backend_pid()")[0].int64(0) }
    }

    func terminate(_ pid: Int64) throws {
        let admin = try TestDatabase.connect()
        _ = try admin.query("SELECT pg_terminate_backend($1::int, 5000)", [.integer(pid)])
    }

    @Test(
        "Given 32 concurrent borrowers and room for 4, when all run, then each finishes and at most 4 connections exist"
    )
    func boundedUnderLoad() throws {
        let applicationName = TestDatabase.uniqueName("pool")
        let pool = PostgresConnectionPool(
            url: try TestDatabase.url(applicationName: applicationName), maximumConnections: 4)
        defer { pool.close() }
        let admin = try TestDatabase.connect()
        let schema = TestDatabase.uniqueName("test")
        try admin.executeScript("CREATE SCHEMA \(schema); CREATE TABLE \(schema).visits (worker int, backend int)")
        defer { try? admin.executeScript("DROP SCHEMA \(schema) CASCADE") }

        let tally = Tally()
        let finished = DispatchGroup()
        for worker in 0..<32 {
            finished.enter()
            Thread {
                defer { finished.leave() }
                do {
                    try pool.withConnection { db in
                        let open = try db.query(
                            "SELECT count(*) FROM pg_stat_activity WHERE application_name = $1",
                            [.text(applicationName)]
                        )[0].int64(0)
                        tally.peakConnections.withLock { $0 = max($0, Int(open)) }
                        try db.execute(
                            "INSERT INTO \(schema).visits SELECT $1, pg_backend_pid() FROM pg_sleep(0.02)",
                            [PostgresValue(worker)])
                    }
                } catch {
                    tally.failures.withLock { $0.append("\(error)") }
                }
            }.start()
        }
        #expect(finished.wait(timeout: .now() + 120) == .success)
        #expect(tally.failures.withLock { $0 }.isEmpty)
        let peak = tally.peakConnections.withLock { $0 }
        #expect(peak <= 4)
        #expect(peak > 1)
        let visits = try #require(
            try admin.query("SELECT count(*), count(DISTINCT worker), count(DISTINCT backend) FROM \(schema).visits")
                .first)
        #expect(try visits.int64(0) == 32)
        #expect(try visits.int64(1) == 32)
        #expect(try visits.int64(2) <= 4)
    }

    @Test("Given an idle pooled connection killed by pg_terminate_backend, when borrowed, then a new one replaces it")
    func replacesTerminatedIdleConnection() throws {
        let pool = PostgresConnectionPool(url: try TestDatabase.requireURL(), maximumConnections: 1)
        defer { pool.close() }
        let first = try backendID(pool)
        #expect(try backendID(pool) == first)
        try terminate(first)
        let second = try backendID(pool)
        #expect(second != first)
    }

    @Test("Given a connection killed while lent, when the borrower fails, then the pool discards it and opens another")
    func discardsConnectionBrokenWhileLent() throws {
        let pool = PostgresConnectionPool(url: try TestDatabase.requireURL(), maximumConnections: 1)
        defer { pool.close() }
        let first = try backendID(pool)
        let error = #expect(throws: PostgresError.self) {
            try pool.withConnection { db in
                try terminate(first)
                _ = try db.query("SELECT 1")
            }
        }
        #expect(error?.isConnectionFailure == true)
        #expect(try backendID(pool) != first)
    }

    @Test("Given a borrower that leaves a transaction open or failed, when the next borrows, then it starts clean")
    func rollsBackLeftoverTransactions() throws {
        let pool = PostgresConnectionPool(url: try TestDatabase.requireURL(), maximumConnections: 1)
        defer { pool.close() }
        let admin = try TestDatabase.connect()
        let schema = TestDatabase.uniqueName("test")
        try admin.executeScript("CREATE SCHEMA \(schema); CREATE TABLE \(schema).t (n int)")
        defer { try? admin.executeScript("DROP SCHEMA \(schema) CASCADE") }

        let first = try backendID(pool)
        try pool.withConnection { db in
            try db.execute("BEGIN")
            try db.execute("INSERT INTO \(schema).t VALUES (1)")
        }
        try pool.withConnection { db in
            #expect(try db.query("SELECT count(*) FROM \(schema).t")[0].int64(0) == 0)
            try db.execute("BEGIN")
            _ = try? db.query("SELEC 1")
        }
        try pool.withConnection { db throws in
            #expect(try db.query("SELECT 1")[0].int64(0) == 1)
        }
        #expect(try backendID(pool) == first)
    }

    @Test(
        "Given a body that throws, when the pool lends again, then the caller got the error and the connection is kept"
    )
    func bodyErrorsPropagate() throws {
        let pool = PostgresConnectionPool(url: try TestDatabase.requireURL(), maximumConnections: 2)
        defer { pool.close() }
        let first = try backendID(pool)
        #expect(throws: Boom.self) { try pool.withConnection { _ in throw Boom() } }
        #expect(try backendID(pool) == first)
    }

    @Test("Given a closed pool, when borrowing, then it refuses with a readable error")
    func closedPoolRefuses() throws {
        let pool = PostgresConnectionPool(url: try TestDatabase.requireURL(), maximumConnections: 2)
        _ = try backendID(pool)
        pool.close()
        let error = #expect(throws: PostgresError.self) { try backendID(pool) }
        #expect(error?.message.contains("closed") == true)
    }
}
