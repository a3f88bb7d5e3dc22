import Foundation
import SyncProtocol

/// What one run of ``PortalMediaStore/collect()`` did.
public struct MediaCollection: Sendable, Equatable {
    /// Content no live record names any more, now waiting out ``PortalStore/mediaGracePeriod``.
    public var unreferenced = 0
    /// Content waiting to be collected that a live record names again (a restore from the Trash).
    public var referencedAgain = 0
    /// Content removed, rows and bytes.
    public var collected = 0
    /// The bytes those held.
    public var collectedBytes: Int64 = 0
    /// Accounts whose collection failed (the others went on), as "account: error".
    public var failures: [String] = []

    public init() {}
}

/// Giving back the space of photos and videos nobody keeps any more (T4; docs/media.md).
///
/// Content (`media_content`) is *referenced* while a live `media` record of the account names its
/// SHA-256. When content a record once named stops being referenced (the asset was deleted on a
/// device, so its record is a tombstone here) it no longer counts against the quota; content no
/// record ever named keeps counting, so uploading bytes without records cannot get around the
/// quota. Either way the bytes stay for ``mediaGracePeriod``: a device may still restore the
/// asset from its Trash, and another device then downloads the bytes from here. After that the
/// row is removed and the bytes deleted.
///
/// Removal takes two steps so that a crash between them loses nothing and leaks nothing: the row
/// moves to `media_garbage` in one transaction, then each garbage entry's bytes are deleted in a
/// transaction holding the account's lock — unless content with that digest was stored again
/// meanwhile (uploads store their bytes under the same lock), in which case the bytes stay.
extension PortalMediaStore {
    /// How long content no record names is kept before it is collected: the tombstone horizon,
    /// after which no device's restore of the record can win any more (docs/sync.md).
    public static let mediaGracePeriod: TimeInterval = RecordStore.tombstoneHorizon

    /// Updates which content is referenced, collects what has been unreferenced for longer than
    /// ``mediaGracePeriod``, and deletes the bytes of what was collected. Runs hourly in the
    /// portal and as `hobbystory-portal admin collect-media`.
    @discardableResult
    public func collect() throws -> MediaCollection {
        let cutoff = store.now - Int64(Self.mediaGracePeriod * 1000)
        let accounts = try store.database.read { sql in
            try sql.query(
                "SELECT account_id FROM media_content UNION SELECT account_id FROM media_garbage", []
            ).map { try PortalStore.uuid(try $0.text(0)) }
        }
        var result = MediaCollection()
        for account in accounts {
            do {
                try collect(account: account, before: cutoff, into: &result)
            } catch {
                result.failures.append("\(account.uuidString.lowercased()): \(error)")
            }
        }
        return result
    }

    /// One account's part of ``collect()``.
    private func collect(account: UUID, before cutoff: Int64, into result: inout MediaCollection) throws {
        let done = try store.database.write { sql -> MediaCollection in
            try lockAccount(sql, account)
            var done = try markMediaReferences(sql, account: account)
            let expired = try sql.query(
                """
                SELECT sha256, byte_size FROM media_content
                WHERE account_id = ? AND unreferenced_since IS NOT NULL AND unreferenced_since < ?
                """, [PortalValue(account), .integer(cutoff)])
            for row in expired {
                let sha = try row.text(0)
                try sql.execute(
                    "DELETE FROM media_content WHERE account_id = ? AND sha256 = ?", [PortalValue(account), .text(sha)])
                try sql.execute(
                    "INSERT INTO media_garbage(account_id, sha256, collected_at) VALUES (?, ?, ?) ON CONFLICT DO NOTHING",
                    [PortalValue(account), .text(sha), .integer(store.now)])
                done.collected += 1
                done.collectedBytes += try row.int64(1)
            }
            return done
        }
        result.unreferenced += done.unreferenced
        result.referencedAgain += done.referencedAgain
        result.collected += done.collected
        result.collectedBytes += done.collectedBytes
        try deleteGarbage(account: account)
    }

    /// Sets or clears `unreferenced_since` on the account's content from its live media records.
    /// Runs inside a write transaction that holds the account's lock.
    @discardableResult
    func markMediaReferences(_ sql: any PortalSQL, account: UUID) throws -> MediaCollection {
        let named = Set(
            try sql.query(
                "SELECT fields FROM records WHERE account_id = ? AND kind = 'media' AND deleted = 0",
                [PortalValue(account)]
            ).compactMap { row -> String? in
                guard case .text(let sha) = try PortalStore.decodeFields(try row.text(0))["sha256"] else { return nil }
                return sha
            })
        var marks = MediaCollection()
        for row in try sql.query(
            "SELECT sha256, unreferenced_since, named FROM media_content WHERE account_id = ?", [PortalValue(account)])
        {
            let sha = try row.text(0)
            let waiting = try row.optionalInt64(1) != nil
            let namedBefore = try row.bool(2)
            if named.contains(sha), waiting || !namedBefore {
                if waiting { marks.referencedAgain += 1 }
                try sql.execute(
                    "UPDATE media_content SET unreferenced_since = NULL, named = 1 WHERE account_id = ? AND sha256 = ?",
                    [PortalValue(account), .text(sha)])
            } else if !named.contains(sha), !waiting {
                marks.unreferenced += 1
                try sql.execute(
                    "UPDATE media_content SET unreferenced_since = ? WHERE account_id = ? AND sha256 = ?",
                    [.integer(store.now), PortalValue(account), .text(sha)])
            }
        }
        return marks
    }

    /// Deletes the bytes of the account's collected content, one entry per transaction.
    func deleteGarbage(account: UUID) throws {
        let entries = try store.database.read { sql in
            try sql.query("SELECT sha256 FROM media_garbage WHERE account_id = ?", [PortalValue(account)])
                .map { try $0.text(0) }
        }
        for sha in entries {
            try store.database.write { sql in
                try lockAccount(sql, account)
                let storedAgain = try sql.queryFirst(
                    "SELECT 1 FROM media_content WHERE account_id = ? AND sha256 = ?",
                    [PortalValue(account), .text(sha)])
                if storedAgain == nil { try store.blobs.remove(account: account, sha256: sha) }
                try sql.execute(
                    "DELETE FROM media_garbage WHERE account_id = ? AND sha256 = ?", [PortalValue(account), .text(sha)])
            }
        }
    }

    /// Takes the account's row lock for the rest of the transaction (PostgreSQL; SQLite's single
    /// writer already serialises writes).
    func lockAccount(_ sql: any PortalSQL, _ account: UUID) throws {
        guard
            try sql.queryFirst(
                "SELECT 1 FROM accounts WHERE id = ?\(store.database.lockAccountSuffix)", [PortalValue(account)]) != nil
        else { throw PortalStoreError.unknownAccount }
    }
}
