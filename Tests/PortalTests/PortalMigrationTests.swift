import Foundation
import PortalStore
import SecureHashing
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

    /// The SHA-256 of each shipped migration's statements (shared, then each backend's by name):
    /// literal text that never changes once released (issue 32 §2); a new version appends its digest.
    static let shipped = [
        "b0900083a4f41b6a44d740cbf7cfc899b6b29fa08f529ba9e58d1d47c70964bf",
        "78475e7266798b45428435efef67d338676a130ffda42a58c26c4953fb96252b",
        "6e9e6ec9ccf911ca234b4e07bee3bed0327dd121f4609771e849a769e2f8ece7",
        "3f54813dc19a45fa0d0a30bf1c24d1169d278262295205a01e9b3e39b09fe9e6",
        "f3617e0b7491f43d9e716679f6861095f955a8533082f5cb6ce7ce46e2f08bf4",
        "804040f868e8cb4f6b3ee7c46d8f0ce2a1d091c91511ece2a114f90253cc065f",
        "029a95e0f4d1a69961c53f838ba4d622fde7c6f58b6231581729d2e39571e685",
        "fe80f385efc14511ea37c2a985cb553e1f621fb5f4bce5879e0ef8136a39bac9",
        "49603ea9df7184f541bb2b0e404c35f3c34452579780a71ea2af9cb0dc62fe99",
        "ffdfe897f286d511584c6d438c5839f82be5614e11d613db6a9097f10ac5b116",
        "abe3ad2e24b751dcc1b941f00ee6408ac51c7d8273ba032fdf770fa7504434aa",
        "dec1878d69cd22db66dc5630f0493a200b644815cb56d93e1ab8c45a72a9b06e",
        "c6ba988068a7a1236221e2b376c77eb7d7d9b6150fe50a7ed3b2c254883c0ea2",
        "d137acbd515a209864d9a849306e7ada7a69cf3880e3c57a052a92a11bcdcefb",
    ]

    static func digest(_ migration: PortalSchema.Migration) -> String {
        let text =
            migration.statements.joined(separator: "\n;\n")
            + migration.byBackend.keys.sorted().map {
                "\n-- \($0)\n" + migration.byBackend[$0]!.joined(separator: "\n;\n")
            }
            .joined()
        return SHA256Digest.hex(of: Data(text.utf8))
    }

    @Test("Given the portal's migrations, when their statements are digested, then each is the text it shipped with")
    func scriptsAreTheShippedText() {
        let digests = PortalSchema.migrations.map(Self.digest)
        #expect(digests == Self.shipped, "\(digests)")
    }
}
