import Foundation
import PortalStore
import TestSupport
import Testing

@testable import PortalStore

/// Upgrading a portal that already holds data (T3): migration 13 lets `records` and `history`
/// hold saved reports (T18, issue 16) without losing a row, a column or an index.
@Suite("Portal schema upgrades", .timeLimit(.minutes(1)))
struct PortalMigrationTests {
    @Test(
        "Given a version-12 portal holding a catch and its history, when it migrates, then both are kept whole, reports are accepted and other kinds still refused",
        arguments: Backend.available)
    func savedReportsMigration(backend: Backend) throws {
        let database = try backend.makeDatabase()
        try PortalSchema.migrate(database, lock: nil, upTo: 12)
        let (account, fish) = (UUID().uuidString.lowercased(), UUID().uuidString.lowercased())
        try database.write { sql in
            try sql.execute(
                "INSERT INTO accounts(id, email, password_hash, created_at) VALUES (?, 'a@example.org', 'x', 1)",
                [.text(account)])
            try sql.execute(
                """
                INSERT INTO records(account_id, kind, id, seq, deleted, modified_at, device_id, fields, own_seq,
                    local_at, parent_id, species_id, quantity)
                VALUES (?, 'catch', ?, 7, 0, 5, 'device', '{"count":2}', 6, 1000, ?, 'esox-lucius', 2)
                """, [.text(account), .text(fish), .text(account)])
            try sql.execute(
                """
                INSERT INTO history(account_id, kind, id, deleted, modified_at, device_id, fields, archived_at, reason, seq)
                VALUES (?, 'catch', ?, 0, 4, 'device', '{"count":1}', 5, 'superseded', 3)
                """, [.text(account), .text(fish)])
        }
        #expect(throws: (any Error).self) { try insertRecord(database, account, kind: "report") }

        try database.migrate()
        let kept = try database.read { sql in
            try sql.queryFirst(
                """
                SELECT seq, fields, own_seq, local_at, parent_id, species_id, quantity FROM records
                WHERE account_id = ? AND kind = 'catch' AND id = ?
                """, [.text(account), .text(fish)])
        }
        let row = try #require(kept)
        #expect(try row.int64(0) == 7 && row.text(1) == "{\"count\":2}" && row.int64(2) == 6)
        #expect(try row.int64(3) == 1000 && row.text(4) == account && row.text(5) == "esox-lucius" && row.int64(6) == 2)
        let history = try database.read { sql in
            try sql.query("SELECT seq, reason FROM history WHERE account_id = ?", [.text(account)])
        }
        #expect(try history.map { "\(try $0.int64(0)) \(try $0.text(1))" } == ["3 superseded"])

        try insertRecord(database, account, kind: "report")
        #expect(throws: (any Error).self) { try insertRecord(database, account, kind: "lure") }
        try database.write { sql in
            try sql.execute(
                """
                INSERT INTO history(account_id, kind, id, deleted, modified_at, archived_at, reason)
                VALUES (?, 'report', ?, 1, 1, 2, 'purged')
                """, [.text(account), .text(UUID().uuidString.lowercased())])
        }
        if backend == .sqlite { #expect(try indexes(database) == indexes(try freshDatabase(backend))) }
    }

    private func insertRecord(_ database: any PortalDatabase, _ account: String, kind: String) throws {
        try database.write { sql in
            try sql.execute(
                """
                INSERT INTO records(account_id, kind, id, seq, deleted, modified_at, device_id, fields)
                VALUES (?, ?, ?, (SELECT coalesce(max(seq), 0) + 1 FROM records), 0, 1, 'device', '{}')
                """, [.text(account), .text(kind), .text(UUID().uuidString.lowercased())])
        }
    }

    private func freshDatabase(_ backend: Backend) throws -> any PortalDatabase {
        let database = try backend.makeDatabase()
        try database.migrate()
        return database
    }

    /// The definitions of the indexes on `records` and `history` (SQLite).
    private func indexes(_ database: any PortalDatabase) throws -> [String] {
        try database.read { sql in
            try sql.query(
                """
                SELECT name, coalesce(sql, '') FROM sqlite_master
                WHERE type = 'index' AND tbl_name IN ('records', 'history') ORDER BY name
                """, []
            ).map { "\(try $0.text(0)): \(try $0.text(1))" }
        }
    }
}
