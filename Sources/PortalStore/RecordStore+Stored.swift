import FishingModel
import Foundation
import SyncProtocol

/// Records as the portal stores them (T3): the row of a record, reading a batch's records, and
/// setting a version aside in the history.
extension RecordStore {
    /// A record as the portal stores it.
    struct StoredRecord {
        var seq: Int64 = 0
        var kind: RecordKind
        var id: UUID
        var deleted: Bool
        var modifiedAt: Int64
        var deviceId: UUID?
        var fields: RecordFields?
        /// For a merge, the sequence number of the version its device sent (kept in the history):
        /// that device's next change was made on top of it.
        var ownSeq: Int64?

        init(_ mutation: RecordMutation, device: UUID, replacements: [String: String]) {
            kind = mutation.kind
            id = mutation.id
            deleted = mutation.operation == .delete
            modifiedAt = mutation.modifiedAt
            deviceId = device
            fields = deleted ? nil : mutation.fields.map { PortalDirectoryStore.remapped($0, replacements) }
        }

        /// Takes the held version's value of every column of the kind's definition this change
        /// leaves out: an app built before a column existed (issue 34 §5's water) sends the
        /// columns it knows, and its change must not erase what newer devices stored in the
        /// others (docs/sync.md "Columns an older app does not know"). Conditions are not among
        /// them: a version without them says it has none. A delete, or a change of a deleted
        /// record, keeps nothing.
        mutating func keepColumnsLeftOut(of held: StoredRecord) {
            guard var arriving = fields, let kept = held.fields else { return }
            for name in kind.syncedColumns where arriving[name] == nil {
                if let value = kept[name] { arriving[name] = value }
            }
            fields = arriving
        }

        /// This record as a pull (or a push answer) sends it.
        var change: RecordChange {
            RecordChange(seq: seq, kind: kind, id: id, deleted: deleted, modifiedAt: modifiedAt, fields: fields)
        }

        init(kind: RecordKind, id: UUID, deleted: Bool, modifiedAt: Int64, deviceId: UUID?, fields: RecordFields?) {
            self.kind = kind
            self.id = id
            self.deleted = deleted
            self.modifiedAt = modifiedAt
            self.deviceId = deviceId
            self.fields = fields
        }
    }

    struct RecordKey: Hashable {
        var kind: RecordKind
        var id: UUID
    }

    /// The stored versions of the records with these ids, read in a few queries (not one per id).
    func records(_ sql: any PortalSQL, account: UUID, ids: [UUID]) throws -> [RecordKey: StoredRecord] {
        var found: [RecordKey: StoredRecord] = [:]
        let unique = Array(Set(ids))
        for start in stride(from: 0, to: unique.count, by: 200) {
            let chunk = unique[start..<min(start + 200, unique.count)]
            let rows = try sql.query(
                """
                SELECT kind, id, deleted, modified_at, device_id, fields, seq, own_seq FROM records
                WHERE account_id = ? AND id IN (\(chunk.map { _ in "?" }.joined(separator: ", ")))
                """, [PortalValue(account)] + chunk.map { PortalValue($0) })
            for row in rows {
                var stored = StoredRecord(
                    kind: try PortalStore.kind(try row.text(0)), id: try row.uuid(1), deleted: try row.bool(2),
                    modifiedAt: try row.int64(3), deviceId: UUID(uuidString: try row.text(4)),
                    fields: try row.optionalText(5).map(PortalStore.decodeFields))
                stored.seq = try row.int64(6)
                stored.ownSeq = try row.optionalInt64(7)
                found[RecordKey(kind: stored.kind, id: stored.id)] = stored
            }
        }
        return found
    }

    static func recordBatch() -> RowBatch {
        RowBatch(
            insert: """
                INSERT INTO records(account_id, kind, id, seq, deleted, modified_at, device_id, fields, own_seq,
                local_at, parent_id, species_id, quantity) VALUES
                """,
            width: 13,
            conflict: """
                ON CONFLICT (account_id, kind, id) DO UPDATE SET seq = excluded.seq, deleted = excluded.deleted,
                modified_at = excluded.modified_at, device_id = excluded.device_id, fields = excluded.fields,
                own_seq = excluded.own_seq, local_at = excluded.local_at, parent_id = excluded.parent_id,
                species_id = excluded.species_id, quantity = excluded.quantity
                """)
    }

    static func recordRow(_ record: StoredRecord, account: UUID, seq: Int64) -> [PortalValue] {
        [
            PortalValue(account), .text(record.kind.rawValue), PortalValue(record.id), .integer(seq),
            PortalValue(record.deleted), .integer(record.modifiedAt), PortalValue(record.deviceId),
            PortalValue(record.fields.map(PortalStore.encodeFields)), record.ownSeq.map { .integer($0) } ?? .null,
        ] + ReadIndex(record.kind, record.fields).values
    }

    func archive(_ sql: any PortalSQL, _ record: StoredRecord, account: UUID, reason: String, at now: Int64)
        throws
    {
        try sql.execute(
            """
            INSERT INTO history(account_id, kind, id, deleted, modified_at, device_id, fields, archived_at, reason, seq)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
            """,
            [
                PortalValue(account), .text(record.kind.rawValue), PortalValue(record.id), PortalValue(record.deleted),
                .integer(record.modifiedAt), PortalValue(record.deviceId),
                PortalValue(record.fields.map(PortalStore.encodeFields)), .integer(now), .text(reason),
                record.seq > 0 ? .integer(record.seq) : .null,
            ])
    }

}
