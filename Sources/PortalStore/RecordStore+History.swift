import Foundation
import SyncProtocol

/// The versions the portal sets aside (T3; docs/sync.md "History" and "Tombstones"): reading
/// them, trimming old ones, and purging tombstones past the horizon.
extension RecordStore {
    /// How long a tombstone is kept before ``purgeTombstones()`` may remove it.
    public static let tombstoneHorizon: TimeInterval = 90 * 86_400

    /// Versions of the account's records set aside (overwritten, superseded, purged), newest
    /// first; one record's when `id` is given; with `before`, those numbered below it (the next
    /// page: pass the last number of the previous one).
    public func history(account: UUID, id: UUID? = nil, before: Int64? = nil, limit: Int = 500) throws
        -> [HistoryEntry]
    {
        try store.database.read { sql in
            var query =
                "SELECT kind, id, deleted, modified_at, fields, device_id, archived_at, reason, seq FROM history WHERE account_id = ?"
            var arguments: [PortalValue] = [PortalValue(account)]
            if let id {
                query += " AND id = ?"
                arguments.append(PortalValue(id))
            }
            if let before {
                query += " AND seq < ?"
                arguments.append(.integer(before))
            }
            // Newest version first: by its number (versions from before schema v5 have none and
            // come last, newest set aside first).
            query += " ORDER BY seq IS NULL, seq DESC, archived_at DESC, modified_at DESC LIMIT ?"
            arguments.append(.integer(Int64(min(max(limit, 1), 5_000))))
            return try sql.query(query, arguments).map { row in
                HistoryEntry(
                    kind: try PortalStore.kind(try row.text(0)), id: try row.uuid(1), deleted: try row.bool(2),
                    modifiedAt: try row.int64(3), fields: try row.optionalText(4).map(PortalStore.decodeFields),
                    deviceId: try row.optionalText(5).flatMap(UUID.init(uuidString:)), archivedAt: try row.int64(6),
                    reason: try row.text(7), seq: try row.optionalInt64(8))
            }
        }
    }

    /// Deletes overwritten and superseded versions set aside longer ago than ``historyRetention``
    /// (none when it is nil) and returns how many went. Purged tombstones stay: they are what
    /// keeps an old device's edit of a deleted record from bringing it back (docs/sync.md). A
    /// device offline for longer than the retention whose change needs a trimmed base version
    /// is decided by the later-wins rule instead of a merge.
    @discardableResult
    public func trimHistory() throws -> Int {
        guard let retention = store.historyRetention else { return 0 }
        let cutoff = store.now - Int64(retention * 1000)
        return try store.database.write { sql in
            try sql.execute(
                "DELETE FROM history WHERE reason IN ('overwritten', 'superseded') AND archived_at < ?",
                [.integer(cutoff)])
        }
    }

    /// Removes tombstones older than ``tombstoneHorizon`` (their last version stays in the
    /// history) and moves each account's horizon forward, so that neither an old device's
    /// pull nor its push can bring a purged record back (docs/sync.md). Returns how many went.
    @discardableResult
    public func purgeTombstones() throws -> Int {
        let now = store.now
        let cutoff = now - Int64(Self.tombstoneHorizon * 1000)
        _ = try store.database.write { sql in
            try sql.execute("DELETE FROM mutation_outcomes WHERE recorded_at < ?", [.integer(cutoff)])
        }
        let accounts = try store.database.read { sql in
            try sql.query(
                "SELECT DISTINCT account_id FROM records WHERE deleted = 1 AND modified_at < ?", [.integer(cutoff)]
            ).map { try $0.text(0) }
        }
        var purged = 0
        for account in accounts {
            purged += try store.database.write { sql in
                let row = try sql.queryFirst(
                    "SELECT purged_seq FROM accounts WHERE id = ?\(store.database.lockAccountSuffix)", [.text(account)])
                guard let row else { return 0 }
                let stale = try sql.query(
                    "SELECT seq FROM records WHERE account_id = ? AND deleted = 1 AND modified_at < ?",
                    [.text(account), .integer(cutoff)])
                guard !stale.isEmpty else { return 0 }
                let purgedSeq = try stale.map { try $0.int64(0) }.reduce(try row.int64(0), max)
                try sql.execute(
                    """
                    INSERT INTO history(account_id, kind, id, deleted, modified_at, device_id, fields, archived_at, reason, seq)
                    SELECT account_id, kind, id, 1, modified_at, device_id, NULL, ?, 'purged', seq FROM records
                    WHERE account_id = ? AND deleted = 1 AND modified_at < ?
                    """, [.integer(now), .text(account), .integer(cutoff)])
                let removed = try sql.execute(
                    "DELETE FROM records WHERE account_id = ? AND deleted = 1 AND modified_at < ?",
                    [.text(account), .integer(cutoff)])
                try sql.execute(
                    "UPDATE accounts SET purged_seq = ? WHERE id = ?", [.integer(purgedSeq), .text(account)])
                return removed
            }
        }
        return purged
    }

}
