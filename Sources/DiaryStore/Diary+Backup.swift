import FishingModel
import Foundation
import SQLiteDB

/// What a diary file holds, as a backup states it and its verification checks it (issue 34 §2):
/// the schema version, the records of each kind (live and in the Trash) and the contents of its
/// photos and videos by SHA-256.
public struct DiaryFileSummary: Sendable, Equatable, Codable {
    public var schemaVersion: Int
    /// Live records of each kind, by `RecordKind` raw value.
    public var live: [String: Int]
    /// Records of each kind in the Trash.
    public var trashed: [String: Int]
    /// The SHA-256 of every photo and video the diary names, live or in the Trash, sorted.
    public var mediaContents: [String]
}

extension Diary {
    /// Writes a consistent copy of the whole diary to `url`, which must not exist (issue 34 §2;
    /// T2, T3): every record with its history, the Trash, settings, saved reports, the queue of
    /// changes not yet sent — as of one moment, whatever writes follow — with the sign-in token
    /// left out (the copy is signed out; a backup file is no place for a credential). The copy is
    /// one self-contained file (a rollback journal, no write-ahead log beside it).
    public func writeBackupCopy(to url: URL) throws {
        try database.execute("VACUUM INTO ?", [.text(url.path)])
        let copy = try Database(path: url.path)
        try copy.transaction { try copy.execute("UPDATE sync_account SET token = NULL") }
        try copy.execute("PRAGMA journal_mode = DELETE")
    }

    /// Reads what the diary file at `url` holds without changing it, after SQLite has checked
    /// every page of it and its tables, indexes and triggers were found to be exactly those the
    /// shipped migrations make at its version; a damaged file, one from a newer build, or one
    /// whose schema was changed (a rule dropped, a trigger added) is refused.
    public static func summary(ofFileAt url: URL) throws -> DiaryFileSummary {
        let database = try Database(path: url.path, mode: .readOnly)
        let integrity = try database.query("PRAGMA integrity_check").compactMap { $0[0].stringValue }
        guard integrity == ["ok"] else {
            throw StoreError.damagedFile(url.lastPathComponent, reason: integrity.prefix(3).joined(separator: "; "))
        }
        let version = try DiaryMigrations.migrator.appliedVersion(of: database)
        guard version <= currentSchemaVersion else {
            throw StoreError.damagedFile(
                url.lastPathComponent,
                reason:
                    "its schema version \(version) is newer than this build's \(currentSchemaVersion); update the app")
        }
        guard try shippedSchemas(version: version).contains(try schemaObjects(database)) else {
            throw StoreError.damagedFile(
                url.lastPathComponent, reason: "its tables, indexes or triggers are not the ones this app makes")
        }
        var summary = DiaryFileSummary(schemaVersion: version, live: [:], trashed: [:], mediaContents: [])
        let tables = Set(try database.query("SELECT name FROM sqlite_master WHERE type = 'table'") { try $0.text(0) })
        for kind in RecordKind.allCases where tables.contains(kind.table) {
            let row = try database.queryFirst(
                "SELECT count(*) FILTER (WHERE deleted_at IS NULL), count(*) FILTER (WHERE deleted_at IS NOT NULL) FROM \(kind.table)"
            )
            summary.live[kind.rawValue] = Int(try row?.int64(0) ?? 0)
            summary.trashed[kind.rawValue] = Int(try row?.int64(1) ?? 0)
        }
        if tables.contains(RecordKind.media.table) {
            summary.mediaContents = try database.query("SELECT DISTINCT sha256 FROM media_assets ORDER BY sha256") {
                try $0.text(0)
            }
        }
        return summary
    }

    /// A database's tables, indexes, views and triggers, as SQLite keeps their text.
    static func schemaObjects(_ database: Database) throws -> [String] {
        try database.query(
            "SELECT type || ' ' || name || ' ' || tbl_name || ': ' || coalesce(sql, '') FROM sqlite_master WHERE name NOT LIKE 'sqlite_%' ORDER BY type, name"
        ) { try $0.text(0) }
    }

    /// The schemas a diary at `version` may have: the one the shipped migrations make, and the
    /// same with the outbox's read-only trigger of a diary whose licence is over.
    static func shippedSchemas(version: Int) throws -> [[String]] {
        let database = try Database(path: ":memory:")
        _ = try DiaryMigrations.migrator.migrate(database, upTo: version)
        let shipped = try schemaObjects(database)
        guard (try? database.executeScript(DiarySchema.outboxReadOnlyTrigger)) != nil else { return [shipped] }
        return [shipped, try schemaObjects(database)]
    }

    /// Makes a diary restored from a backup this device's own (issue 34 §2): a new sync identity
    /// (the next open gives it a new replica id), still signed out, and the previous device's
    /// attested App Attest key and error-report installation id forgotten. Its records, history,
    /// queue of unsent changes and account stay: signing in again carries on.
    func forgetPreviousDevice() throws {
        try database.transaction {
            try database.execute(
                "DELETE FROM diary_meta WHERE key IN (?, ?, ?)",
                [.text("replica_id"), .text(Self.licenceAttestedKey), .text(Self.diagnosticsInstallationKey)])
            try database.execute("UPDATE sync_account SET token = NULL")
        }
    }
}
