import Foundation
import SyncProtocol

/// Settling a change that is concurrent with another device's (T3; docs/sync.md "Merging"):
/// with the version both started from the merge decides column by column; without it, the later
/// modification wins.
extension RecordStore {
    /// How a change concurrent with the held version is settled (docs/sync.md "Merging").
    enum Settlement {
        /// The held version stands; the arrival is set aside.
        case held
        /// The arrival is stored as it came.
        case arriving
        /// Both are combined; `overruled` when a part the arrival changed lost.
        case merged(RecordFields, overruled: Bool)
    }

    /// Settles a change concurrent with the held version: with the version both started from,
    /// the merge decides; without it (a delete on either side, or a base the history no longer
    /// has), the later modification wins.
    func settle(
        _ sql: any PortalSQL, account: UUID, held: StoredRecord, arriving: StoredRecord, base baseSeq: Int64
    ) throws -> Settlement {
        guard let base = try version(sql, account: account, of: arriving, seq: baseSeq),
            let decision = RecordMerge.merge(
                arriving.kind,
                base: base, held: held.fields, incoming: arriving.fields,
                incomingIsLater: arriving.modifiedAt >= held.modifiedAt)
        else { return held.modifiedAt > arriving.modifiedAt ? .held : .arriving }
        if RecordMerge.equivalent(decision.fields, held.fields) { return .held }
        if RecordMerge.equivalent(decision.fields, arriving.fields) { return .arriving }
        return .merged(decision.fields, overruled: decision.overruled)
    }

    /// The fields of a live version of `record` the portal stored as `seq`, kept in the history
    /// since it was overwritten; nil when unknown (a delete, or history from before v5).
    private func version(_ sql: any PortalSQL, account: UUID, of record: StoredRecord, seq: Int64) throws
        -> RecordFields?
    {
        guard seq > 0, !record.deleted,
            let row = try sql.queryFirst(
                """
                SELECT fields FROM history
                WHERE account_id = ? AND kind = ? AND id = ? AND seq = ? AND deleted = 0
                  AND reason IN ('overwritten', 'superseded')
                """,
                [PortalValue(account), .text(record.kind.rawValue), PortalValue(record.id), .integer(seq)])
        else { return nil }
        return try PortalStore.decodeFields(try row.text(0))
    }

    /// When a record whose tombstone was purged had been deleted, or nil when it never was.
    func purgedDeletion(_ sql: any PortalSQL, account: UUID, id: UUID) throws -> Int64? {
        try sql.queryFirst(
            "SELECT MAX(modified_at) FROM history WHERE account_id = ? AND id = ? AND reason = 'purged'",
            [PortalValue(account), PortalValue(id)]
        )?.optionalInt64(0)
    }

}
