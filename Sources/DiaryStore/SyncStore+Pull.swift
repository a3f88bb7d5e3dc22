import FishingModel
import Foundation
import SQLiteDB
import SyncProtocol

/// Applying what the portal sends: pages, parked records, full passes, directories (T3; docs/sync.md).
extension SyncStore {
    /// Applies one pulled page and stores its cursor, in one transaction. A record with a
    /// pending local change is left alone (the device's change wins and is pushed next); one
    /// that cannot be applied yet is parked and retried after each page.
    public func applyPulled(_ page: PullResponse) throws -> PullOutcome {
        try diary.database.transaction {
            var outcome = PullOutcome()
            // Tombstones last and parents first, so a deleted trip takes its catches into one
            // Trash batch, as on the device where it was deleted.
            let rank = Dictionary(uniqueKeysWithValues: RecordKind.allCases.enumerated().map { ($1, $0) })
            let ordered =
                page.changes.filter { !$0.deleted }
                + page.changes.filter(\.deleted).sorted { (rank[$0.kind] ?? 0, $0.seq) < (rank[$1.kind] ?? 0, $1.seq) }
            let pageTombstones = Set(page.changes.filter(\.deleted).map(\.id))
            for change in ordered {
                let type = change.kind
                if page.fullPass {
                    try diary.database.execute(
                        "INSERT OR IGNORE INTO sync_full_pass(entity_type, entity_id) VALUES (?, ?)",
                        [.text(type.rawValue), SQLiteValue(change.id)])
                }
                if try diary.hasPendingChange(type, change.id) {
                    outcome.keptLocal += 1
                    continue
                }
                if try diary.serverSeq(type, change.id) >= change.seq { continue }
                if try apply(change, alsoDeleted: pageTombstones) {
                    outcome.applied += 1
                } else {
                    outcome.parked += 1
                }
            }
            outcome.applied += try retryParked()
            if page.fullPass && !page.hasMore { try finishFullPass() }
            try diary.database.execute(
                "UPDATE sync_account SET cursor = ?", [.text(page.cursor)])
            try diary.database.execute("DELETE FROM trash WHERE batch_id NOT IN (\(Self.batchesInUse))")
            return outcome
        }
    }

    /// Installs the portal's directories through the directory-update path and points records
    /// at the replacements of retired entries, without queueing those edits for push (the portal
    /// remaps its own copy).
    public func installDirectories(_ response: DirectoriesResponse) throws {
        try diary.database.transaction {
            try diary.directory.install(Dictionary(grouping: response.entries, by: \.kind), version: response.version)
            for replacement in response.replacements {
                for (type, column, kind) in Diary.directoryReferences where kind == replacement.kind {
                    try diary.database.execute(
                        "UPDATE \(type.table) SET \(column) = ? WHERE \(column) = ?",
                        [.text(replacement.replacementId), .text(replacement.retiredId)])
                }
            }
            try diary.database.execute(
                "UPDATE sync_account SET directory_version = ?", [.integer(Int64(response.version))])
            // Records that waited for an entry these directories bring can be applied now.
            _ = try retryParked()
        }
    }

    // MARK: Applying records

    /// Applies the portal's version of one record: a tombstone moves it to the Trash, fields
    /// overwrite it (or park it when the diary cannot take it yet). False when parked.
    ///
    /// A tombstone of a trip or spot takes its live children along, as a local delete would;
    /// children that the portal has not deleted too (`alsoDeleted`: the tombstones of the same
    /// page) may be newer there, so their deletes are queued and every device ends the same.
    func apply(_ change: RecordChange, alsoDeleted: Set<UUID>) throws -> Bool {
        let type = change.kind
        try diary.unpark(type, change.id)
        if change.deleted {
            if try diary.isLive(type, change.id) {
                _ = try diary.trash.put(
                    type, change.id,
                    recording: { _, child in
                        child != change.id && !alsoDeleted.contains(child)
                    })
            }
            try diary.setServerSeq(type, change.id, change.seq)
            return true
        }
        guard let fields = change.fields else { return true }
        return try applyFields(type, change.id, fields, seq: change.seq, modifiedAt: change.modifiedAt)
    }

    /// The Trash batches some object still belongs to (a batch no object is in is forgotten).
    static let batchesInUse = RecordKind.allCases.map {
        "SELECT trash_batch FROM \($0.table) WHERE trash_batch IS NOT NULL"
    }.joined(separator: " UNION ")

    func currentFields(_ type: RecordKind, _ id: UUID) throws -> RecordFields? {
        let columns = Diary.syncedColumns[type] ?? []
        guard
            let row = try diary.database.queryFirst(
                "SELECT \(columns.joined(separator: ", ")) FROM \(type.table) WHERE id = ?", [SQLiteValue(id)])
        else { return nil }
        var fields = RecordFields()
        for (index, column) in columns.enumerated() { fields[column] = Diary.fieldValue(row[index]) }
        if type == .media {
            fields[MediaAsset.linksField] = .text(try mediaLinks(id))
            return fields
        }
        if type.hasConditions,
            let conditions = try diary.database.queryFirst(
                "SELECT \(ConditionsColumns.names.joined(separator: ", ")) FROM conditions WHERE entity_type = ? AND entity_id = ?",
                [.text(type.rawValue), SQLiteValue(id)])
        {
            for (index, column) in ConditionsColumns.names.enumerated() {
                fields[ConditionsColumns.field(column)] = Diary.fieldValue(conditions[index])
            }
        }
        return fields
    }

    /// Writes pulled fields over the local row (restoring it from the Trash if the portal has it
    /// live); false when the diary's rules refuse it for now, in which case it is parked.
    func applyFields(_ type: RecordKind, _ id: UUID, _ fields: RecordFields, seq: Int64, modifiedAt: Int64)
        throws -> Bool
    {
        do {
            try diary.database.transaction {
                try writeFields(type, id, fields)
                try diary.setServerSeq(type, id, seq)
            }
            return true
        } catch let error as SQLiteError where error.isConstraintViolation {
            try park(type, id, fields, seq: seq, modifiedAt: modifiedAt, problem: error.message)
            return false
        } catch let error as StoreError {
            try park(type, id, fields, seq: seq, modifiedAt: modifiedAt, problem: error.description)
            return false
        }
    }

    /// Writes a record's synced fields over its row (inserting it, or bringing it out of the
    /// Trash), with a photo's links or a trip's or catch's conditions. The schema judges them.
    func writeFields(_ type: RecordKind, _ id: UUID, _ fields: RecordFields) throws {
        let columns = (Diary.syncedColumns[type] ?? []).filter { fields[$0] != nil }
        guard columns.contains("id") else { throw StoreError.refused("the record has no id") }
        let assignments =
            columns.filter { $0 != "id" }.map { "\($0) = excluded.\($0)" }
            + ["deleted_at = NULL", "trash_batch = NULL"]
        try diary.database.execute(
            """
            INSERT INTO \(type.table) (\(columns.joined(separator: ", "))) VALUES (\(columns.map { _ in "?" }.joined(separator: ", ")))
            ON CONFLICT (id) DO UPDATE SET \(assignments.joined(separator: ", "))
            """, columns.map { Diary.sqliteValue(fields[$0] ?? .null) })
        if type == .media { try replaceMediaLinks(id, fields[MediaAsset.linksField]?.text ?? "") }
        guard type.hasConditions else { return }
        if fields[ConditionsColumns.field(ConditionsColumns.snapshot)] == nil {
            // The other version has no conditions (its place or time changed): forget ours
            // too, which queues it for filling again.
            try diary.database.execute(
                "DELETE FROM conditions WHERE entity_type = ? AND entity_id = ?",
                [.text(type.rawValue), SQLiteValue(id)])
        } else {
            try diary.database.execute(
                """
                INSERT OR REPLACE INTO conditions(entity_type, entity_id, \(ConditionsColumns.names.joined(separator: ", ")))
                VALUES (?, ?, \(ConditionsColumns.names.map { _ in "?" }.joined(separator: ", ")))
                """,
                [.text(type.rawValue), SQLiteValue(id)]
                    + ConditionsColumns.names.map { Diary.sqliteValue(fields[ConditionsColumns.field($0)] ?? .null) })
        }
    }

    func park(
        _ type: RecordKind, _ id: UUID, _ fields: RecordFields, seq: Int64, modifiedAt: Int64, problem: String
    ) throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        try diary.database.execute(
            """
            INSERT OR REPLACE INTO sync_parked(entity_type, entity_id, seq, fields, modified_at, problem)
            VALUES (?, ?, ?, ?, ?, ?)
            """,
            [
                .text(type.rawValue), SQLiteValue(id), .integer(seq),
                .text(String(decoding: try encoder.encode(fields), as: UTF8.self)), .integer(modifiedAt),
                .text(problem),
            ])
    }

    /// Applies parked records whose parents have arrived, parents first; returns how many applied.
    func retryParked() throws -> Int {
        var applied = 0
        for type in RecordKind.allCases {
            let parked = try diary.database.query(
                "SELECT entity_id, seq, fields, modified_at FROM sync_parked WHERE entity_type = ? ORDER BY seq",
                [.text(type.rawValue)]
            ) { row in
                (
                    try row.uuid(0), try row.int64(1),
                    try JSONDecoder().decode(RecordFields.self, from: Data(try row.text(2).utf8)), try row.int64(3)
                )
            }
            for (id, seq, fields, modifiedAt) in parked {
                // Changed here since, or a newer version arrived: the parked one is out of date.
                if try diary.hasPendingChange(type, id) || diary.serverSeq(type, id) >= seq {
                    try diary.unpark(type, id)
                    continue
                }
                if try applyFields(type, id, fields, seq: seq, modifiedAt: modifiedAt) {
                    try diary.unpark(type, id)
                    applied += 1
                }
            }
        }
        return applied
    }

    /// At the end of a full pass, records the device had from the portal but did not receive
    /// were deleted there (their tombstones expired): they go to the Trash, unless changed here.
    func finishFullPass() throws {
        for type in RecordKind.allCases.reversed() {
            let missing = try diary.database.query(
                """
                SELECT r.entity_id FROM sync_records r
                WHERE r.entity_type = ?1
                AND NOT EXISTS (SELECT 1 FROM sync_full_pass f WHERE f.entity_type = ?1 AND f.entity_id = r.entity_id)
                AND NOT EXISTS (SELECT 1 FROM outbox o WHERE o.entity_type = ?1 AND o.entity_id = r.entity_id)
                """, [.text(type.rawValue)]
            ) { try $0.uuid(0) }
            for id in missing where try diary.isLive(type, id) {
                _ = try diary.trash.put(type, id, recording: { _, _ in false })
            }
        }
        try diary.database.execute("DELETE FROM sync_full_pass")
    }

    /// A photo's or video's links as they travel: `type:id` pairs, sorted, comma-separated.
    func mediaLinks(_ asset: UUID) throws -> String {
        try diary.database.query(
            "SELECT entity_type, entity_id FROM media_links WHERE asset_id = ? ORDER BY entity_type, entity_id",
            [SQLiteValue(asset)]
        ) { "\(try $0.text(0)):\(try $0.text(1))" }.joined(separator: ",")
    }

    /// Makes a photo's or video's links those the portal sent; an object not on this device yet
    /// makes the insert fail, and the record is parked until it arrives.
    func replaceMediaLinks(_ asset: UUID, _ links: String) throws {
        try diary.database.execute("DELETE FROM media_links WHERE asset_id = ?", [SQLiteValue(asset)])
        for link in links.split(separator: ",") {
            let parts = link.split(separator: ":", maxSplits: 1)
            guard parts.count == 2, let type = RecordKind(rawValue: String(parts[0])), type.holdsMedia,
                let id = UUID(uuidString: String(parts[1]))
            else { throw StoreError.refused("link \(link.prefix(60)) is not type:id") }
            guard try diary.isLive(type, id) else {
                throw StoreError.refused(
                    "the \(type.rawValue) \(id.uuidString.lowercased()) it belongs to is not here yet")
            }
            try diary.database.execute(
                "INSERT INTO media_links(asset_id, entity_type, entity_id, created_at) VALUES (?, ?, ?, ?)",
                [SQLiteValue(asset), .text(type.rawValue), SQLiteValue(id), SQLiteValue(diary.currentTime())])
        }
    }
}
