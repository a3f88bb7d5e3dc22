import Foundation
import PostgresDB
import Testing

/// Where the server tests find PostgreSQL: `HOBBYSTORY_TEST_DATABASE_URL`, as printed by
/// `scripts/start-postgres.sh`. Without it the server suites are skipped, unless
/// `HOBBYSTORY_REQUIRE_POSTGRES=1` (CI), in which case they run and every test fails saying why.
enum TestDatabase {
    static let url: String? = ProcessInfo.processInfo.environment["HOBBYSTORY_TEST_DATABASE_URL"].flatMap {
        $0.isEmpty ? nil : $0
    }
    static let isRequired = ProcessInfo.processInfo.environment["HOBBYSTORY_REQUIRE_POSTGRES"] == "1"
    /// The server suites run when there is a server, and when one is required but missing (to fail).
    static let isEnabled = url != nil || isRequired
    static let skipReason: Comment =
        "no PostgreSQL server: run `eval \"$(scripts/start-postgres.sh)\"` to set HOBBYSTORY_TEST_DATABASE_URL"

    struct MissingServer: Error, CustomStringConvertible {
        var description: String {
            "HOBBYSTORY_REQUIRE_POSTGRES=1 but HOBBYSTORY_TEST_DATABASE_URL is not set; "
                + "run `eval \"$(scripts/start-postgres.sh)\"` first"
        }
    }

    static func requireURL() throws -> String {
        guard let url else { throw MissingServer() }
        return url
    }

    /// The test URL with an `application_name`, so a test can find its own connections in
    /// `pg_stat_activity`.
    static func url(applicationName: String) throws -> String {
        let url = try requireURL()
        if url.hasPrefix("postgres://") || url.hasPrefix("postgresql://") {
            return url + (url.contains("?") ? "&" : "?") + "application_name=\(applicationName)"
        }
        return url + " application_name=\(applicationName)"
    }

    static func connect() throws -> PostgresConnection { try PostgresConnection(url: requireURL()) }

    /// A name no other test uses at the same time.
    static func uniqueName(_ prefix: String) -> String {
        "\(prefix)_\(String(UInt64.random(in: 0...UInt64.max), radix: 16))"
    }

    /// Runs `body` with a connection whose `search_path` is a new schema of its own, and drops the
    /// schema afterwards, so tests can run in parallel on one database.
    static func withSchema<T>(_ body: (PostgresConnection, String) throws -> T) throws -> T {
        let connection = try connect()
        let schema = uniqueName("test")
        try connection.executeScript("CREATE SCHEMA \(schema); SET search_path TO \(schema)")
        defer {
            let cleaner = connection.isHealthy ? connection : try? connect()
            try? cleaner?.executeScript("DROP SCHEMA \(schema) CASCADE")
        }
        return try body(connection, schema)
    }
}
