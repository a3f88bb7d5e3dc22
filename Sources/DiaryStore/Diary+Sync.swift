import FishingModel
import Foundation
import SQLiteDB
import SyncProtocol

/// The portal account a diary syncs with (T3).
public struct SyncAccount: Sendable, Equatable {
    public var portalURL: String
    public var email: String
    public var accountId: UUID
    /// The bearer token; nil after sign-out or when the portal asked to sign in again.
    public var token: String?
    public var cursor: String
    public var directoryVersion: Int
    public var lastSyncAt: Date?
}

/// A change the portal refused, kept visible until the angler fixes or deletes the record.
public struct SyncRejection: Sendable, Equatable {
    public var mutationId: Int64
    public var entityType: EntityType
    public var entityId: UUID
    public var reason: String
    public var rejectedAt: Date
}

/// A pulled record that could not be applied yet (its parent has not arrived, or the diary's
/// rules refuse it), retried after every page.
public struct ParkedChange: Sendable, Equatable {
    public var entityType: EntityType
    public var entityId: UUID
    public var problem: String
}

/// What applying a pull page did.
public struct PullOutcome: Sendable, Equatable {
    public var applied = 0
    /// Skipped because the device has its own pending change of the record (the device wins).
    public var keptLocal = 0
    public var parked = 0
}

/// The device side of sync (T3; docs/sync.md): what to push, what the portal answered, and
/// applying pulled pages without ever overwriting a pending local change.
extension Diary {
    /// Columns each record kind sends; Trash state (`deleted_at`, `trash_batch`) stays local.
    static let syncedColumns: [EntityType: [String]] = [
        .spot: [
            "id", "name", "latitude", "longitude", "water_body_name", "water_body_type_id", "depth_m", "notes",
            "place_settlement", "place_region", "place_country", "place_country_code", "place_distance_km",
            "place_bearing", "place_description", "created_at", "updated_at",
        ],
        .trip: [
            "id", "spot_id", "start_at", "end_at", "utc_offset_s", "title", "companions", "notes", "created_at",
            "updated_at",
        ],
        .catch: [
            "id", "trip_id", "species_id", "caught_at", "utc_offset_s", "count", "weight_kg", "length_cm", "bait_id",
            "method_id", "depth_m", "water_temp_c", "released", "notes", "local_time", "created_at", "updated_at",
        ],
        .media: [
            "id", "sha256", "kind", "format", "byte_size", "original_name", "captured_at", "capture_utc_offset_s",
            "latitude", "longitude", "altitude", "orientation", "width", "height", "duration_s", "created_at",
            "updated_at",
        ],
    ]

    /// The columns of the conditions stored with trips and catches (T14); in sync they travel
    /// with their record as `conditions_<column>`.
    static let conditionsColumnNames = [
        "temperature_c", "pressure_hpa", "pressure_change_3h", "pressure_tendency", "wind_speed_ms",
        "wind_direction_deg", "humidity_percent", "kp", "complete", "snapshot_json", "fetched_at",
    ]

    /// Directory references in records, remapped when the portal retires an entry.
    static let directoryReferences: [(EntityType, String, DirectoryKind)] = [
        (.spot, "water_body_type_id", .waterBodyTypes), (.catch, "species_id", .species),
        (.catch, "bait_id", .baits), (.catch, "method_id", .methods),
    ]

    // MARK: Account

    public func syncAccount() throws -> SyncAccount? {
        try database.queryFirst(
            "SELECT portal_url, email, account_id, token, cursor, directory_version, last_sync_at FROM sync_account"
        ).map { row in
            SyncAccount(
                portalURL: try row.text(0), email: try row.text(1), accountId: try row.uuid(2),
                token: try row.optionalText(3), cursor: try row.text(4), directoryVersion: Int(try row.int64(5)),
                lastSyncAt: try row.optionalInt64(6).map { Date(timeIntervalSince1970: Double($0) / 1000) })
        }
    }

    /// Remembers a signed-in account. Signing in to a different account or portal starts sync
    /// from scratch: the cursor and the portal's sequence numbers belong to the old one.
    public func saveSyncAccount(portalURL: String, email: String, accountId: UUID, token: String) throws {
        try database.transaction {
            let previous = try syncAccount()
            if previous?.accountId != accountId || previous?.portalURL != portalURL {
                try database.execute("DELETE FROM sync_account")
                try database.execute("DELETE FROM sync_records")
                try database.execute("DELETE FROM sync_parked")
                try database.execute("DELETE FROM sync_full_pass")
                if previous != nil { try queueEverything() }
                try database.execute(
                    "INSERT INTO sync_account(singleton, portal_url, email, account_id, token) VALUES (1, ?, ?, ?, ?)",
                    [.text(portalURL), .text(email), SQLiteValue(accountId), .text(token)])
            } else {
                try database.execute("UPDATE sync_account SET token = ?, email = ?", [.text(token), .text(email)])
            }
        }
    }

    /// Queues every live record for push: the diary moves to another account or portal, which
    /// has none of it yet (photos and videos too; their bytes follow).
    private func queueEverything() throws {
        let time = currentTime()
        for type in EntityType.allCases {
            for id in try database.query(
                "SELECT id FROM \(type.table) WHERE deleted_at IS NULL", [], as: { try $0.uuid(0) })
            {
                try recordChange(type, id, .upsert, at: time)
            }
        }
    }

    /// Forgets the token (sign-out, or the portal said it is no longer valid); the account,
    /// cursor and pending changes stay for the next sign-in.
    public func clearSyncToken() throws {
        try database.transaction { try database.execute("UPDATE sync_account SET token = NULL") }
    }

    public func recordSyncCompleted(at time: Date) throws {
        try database.transaction {
            try database.execute("UPDATE sync_account SET last_sync_at = ?", [SQLiteValue(time)])
        }
    }

    // MARK: Push

    /// The oldest pending changes as mutations carrying each record's current state.
    public func outgoingMutations(limit: Int) throws -> [RecordMutation] {
        try pendingChanges(limit: limit).compactMap { change in
            guard let kind = RecordKind(rawValue: change.entityType.rawValue) else { return nil }
            let baseSeq = try serverSeq(change.entityType, change.entityId)
            var fields: RecordFields?
            var operation = RecordMutation.Operation(rawValue: change.operation.rawValue) ?? .upsert
            if operation == .upsert {
                fields =
                    try isLive(change.entityType, change.entityId)
                    ? currentFields(change.entityType, change.entityId) : nil
                if fields == nil { operation = .delete }
            }
            return RecordMutation(
                mutationId: change.mutationId, kind: kind, id: change.entityId, operation: operation,
                modifiedAt: SQLiteValue.milliseconds(change.changedAt), baseSeq: baseSeq, fields: fields)
        }
    }

    /// Applies the portal's answer to a push in one transaction: accepted changes leave the
    /// outbox (unless the record changed again since), refused ones are kept as rejections, and
    /// a record deleted elsewhere whose tombstone has expired goes to the Trash.
    public func applyPushResults(_ results: [MutationResult], for mutations: [RecordMutation]) throws {
        let byId = Dictionary(uniqueKeysWithValues: mutations.map { ($0.mutationId, $0) })
        try database.transaction {
            let now = currentTime()
            for result in results {
                guard let mutation = byId[result.mutationId], let type = EntityType(rawValue: mutation.kind.rawValue)
                else { continue }
                guard result.status != .renumber else { continue }
                try database.execute("DELETE FROM outbox WHERE mutation_id = ?", [.integer(result.mutationId)])
                // Edited again since this mutation was sent: that newer change is judged on its own.
                let changedSince = try hasPendingChange(type, mutation.id)
                switch result.status {
                case .renumber:
                    break
                case .applied:
                    if let seq = result.seq { try setServerSeq(type, mutation.id, seq) }
                    try unpark(type, mutation.id)
                case .duplicate, .superseded:
                    if let current = result.current, !changedSince { _ = try apply(current, alsoDeleted: []) }
                case .gone:
                    if !changedSince, try isLive(type, mutation.id) {
                        _ = try moveToTrash(type, mutation.id, recording: { _, _ in false })
                    }
                case .rejected:
                    try database.execute(
                        """
                        INSERT OR REPLACE INTO sync_rejections(mutation_id, entity_type, entity_id, reason, rejected_at)
                        VALUES (?, ?, ?, ?, ?)
                        """,
                        [
                            .integer(result.mutationId), .text(type.rawValue), SQLiteValue(mutation.id),
                            .text(result.reason ?? "refused by the portal"), SQLiteValue(now),
                        ])
                }
            }
        }
    }

    /// Records that a whole batch was refused (a 4xx answer): each change is kept visible as a
    /// rejection and leaves the queue, so later changes are not blocked.
    public func rejectAll(_ mutations: [RecordMutation], reason: String) throws {
        try applyPushResults(
            mutations.map { MutationResult(mutationId: $0.mutationId, status: .rejected, reason: reason) },
            for: mutations)
    }

    /// Gives every queued change a mutation id above `lastMutationId`: the portal has seen ids up
    /// to there from this device before (the diary was restored from a backup or copied), so
    /// reusing them would make its changes look like duplicates.
    public func renumberOutbox(above lastMutationId: Int64) throws {
        try database.transaction {
            if try database.queryFirst("SELECT 1 FROM sqlite_sequence WHERE name = 'outbox'") == nil {
                try database.execute(
                    "INSERT INTO sqlite_sequence(name, seq) VALUES ('outbox', ?)", [.integer(lastMutationId)])
            } else {
                try database.execute(
                    "UPDATE sqlite_sequence SET seq = max(seq, ?) WHERE name = 'outbox'", [.integer(lastMutationId)])
            }
            let pending = try pendingChanges(limit: Int.max)
            for change in pending where change.mutationId <= lastMutationId {
                try recordChange(
                    change.entityType, change.entityId,
                    change.operation == .delete ? .delete : .upsert, at: change.changedAt)
            }
        }
    }

    /// The largest mutation id this diary has handed out.
    public func lastMutationId() throws -> Int64 {
        try database.scalar("SELECT seq FROM sqlite_sequence WHERE name = 'outbox'").int64Value ?? 0
    }

    public func syncRejections() throws -> [SyncRejection] {
        try database.query(
            "SELECT mutation_id, entity_type, entity_id, reason, rejected_at FROM sync_rejections ORDER BY mutation_id"
        ) { row in
            SyncRejection(
                mutationId: try row.int64(0), entityType: EntityType(rawValue: try row.text(1)) ?? .catch,
                entityId: try row.uuid(2), reason: try row.text(3), rejectedAt: try row.date(4))
        }
    }

    public func parkedChanges() throws -> [ParkedChange] {
        try database.query("SELECT entity_type, entity_id, problem FROM sync_parked ORDER BY seq") { row in
            ParkedChange(
                entityType: EntityType(rawValue: try row.text(0)) ?? .catch, entityId: try row.uuid(1),
                problem: try row.text(2))
        }
    }

    // MARK: Pull

    /// Applies one pulled page and stores its cursor, in one transaction. A record with a
    /// pending local change is left alone (the device's change wins and is pushed next); one
    /// that cannot be applied yet is parked and retried after each page.
    public func applyPulled(_ page: PullResponse) throws -> PullOutcome {
        try database.transaction {
            var outcome = PullOutcome()
            // Tombstones last and parents first, so a deleted trip takes its catches into one
            // Trash batch, as on the device where it was deleted.
            let rank: [RecordKind: Int] = [.spot: 0, .trip: 1, .catch: 2, .media: 3]
            let ordered =
                page.changes.filter { !$0.deleted }
                + page.changes.filter(\.deleted).sorted { (rank[$0.kind] ?? 0, $0.seq) < (rank[$1.kind] ?? 0, $1.seq) }
            let pageTombstones = Set(page.changes.filter(\.deleted).map(\.id))
            for change in ordered {
                guard let type = EntityType(rawValue: change.kind.rawValue) else { continue }
                if page.fullPass {
                    try database.execute(
                        "INSERT OR IGNORE INTO sync_full_pass(entity_type, entity_id) VALUES (?, ?)",
                        [.text(type.rawValue), SQLiteValue(change.id)])
                }
                if try hasPendingChange(type, change.id) {
                    outcome.keptLocal += 1
                    continue
                }
                if try serverSeq(type, change.id) >= change.seq { continue }
                if try apply(change, alsoDeleted: pageTombstones) {
                    outcome.applied += 1
                } else {
                    outcome.parked += 1
                }
            }
            outcome.applied += try retryParked()
            if page.fullPass && !page.hasMore { try finishFullPass() }
            try database.execute(
                "UPDATE sync_account SET cursor = ?", [.text(page.cursor)])
            try database.execute("DELETE FROM trash WHERE batch_id NOT IN (\(Self.batchesInUse))")
            return outcome
        }
    }

    /// Installs the portal's directories through the directory-update path and points records
    /// at the replacements of retired entries, without queueing those edits for push (the portal
    /// remaps its own copy).
    public func installDirectories(_ response: DirectoriesResponse) throws {
        try database.transaction {
            try directory.install(Dictionary(grouping: response.entries, by: \.kind), version: response.version)
            for replacement in response.replacements {
                for (type, column, kind) in Self.directoryReferences where kind == replacement.kind {
                    try database.execute(
                        "UPDATE \(type.table) SET \(column) = ? WHERE \(column) = ?",
                        [.text(replacement.replacementId), .text(replacement.retiredId)])
                }
            }
            try database.execute("UPDATE sync_account SET directory_version = ?", [.integer(Int64(response.version))])
            // Records that waited for an entry these directories bring can be applied now.
            _ = try retryParked()
        }
    }

    // MARK: Media bytes

    /// Contents whose bytes the portal has not confirmed yet, with the tus upload already begun
    /// for each (if any): every digest a photo or video row of this diary names, live or in the
    /// Trash (its bytes stay until the Trash is emptied).
    public func mediaAwaitingUpload() throws -> [(sha256: String, location: String?)] {
        try database.query(
            """
            SELECT DISTINCT m.sha256, u.location FROM media_assets m
            LEFT JOIN sync_media_uploads u ON u.sha256 = m.sha256
            WHERE u.uploaded_at IS NULL ORDER BY m.sha256
            """
        ) { (try $0.text(0), try $0.optionalText(1)) }
    }

    /// Remembers the tus upload begun for a content digest, so a later sync resumes it.
    public func recordMediaUpload(_ sha256: String, location: String) throws {
        try database.transaction {
            try database.execute(
                """
                INSERT INTO sync_media_uploads(sha256, location) VALUES (?, ?)
                ON CONFLICT (sha256) DO UPDATE SET location = excluded.location
                """, [.text(sha256), .text(location)])
        }
    }

    /// Notes that the portal holds these bytes.
    public func recordMediaUploaded(_ sha256: String) throws {
        try database.transaction {
            try database.execute(
                """
                INSERT INTO sync_media_uploads(sha256, uploaded_at) VALUES (?, ?)
                ON CONFLICT (sha256) DO UPDATE SET uploaded_at = excluded.uploaded_at, location = NULL
                """, [.text(sha256), SQLiteValue(currentTime())])
        }
    }

    // MARK: Internals

    /// Applies the portal's version of one record: a tombstone moves it to the Trash, fields
    /// overwrite it (or park it when the diary cannot take it yet). False when parked.
    ///
    /// A tombstone of a trip or spot takes its live children along, as a local delete would;
    /// children that the portal has not deleted too (`alsoDeleted`: the tombstones of the same
    /// page) may be newer there, so their deletes are queued and every device ends the same.
    private func apply(_ change: RecordChange, alsoDeleted: Set<UUID>) throws -> Bool {
        guard let type = EntityType(rawValue: change.kind.rawValue) else { return true }
        try unpark(type, change.id)
        if change.deleted {
            if try isLive(type, change.id) {
                _ = try moveToTrash(
                    type, change.id,
                    recording: { _, child in
                        child != change.id && !alsoDeleted.contains(child)
                    })
            }
            try setServerSeq(type, change.id, change.seq)
            return true
        }
        guard let fields = change.fields else { return true }
        return try applyFields(type, change.id, fields, seq: change.seq, modifiedAt: change.modifiedAt)
    }

    private static let batchesInUse = """
        SELECT trash_batch FROM spots WHERE trash_batch IS NOT NULL
        UNION SELECT trash_batch FROM trips WHERE trash_batch IS NOT NULL
        UNION SELECT trash_batch FROM catches WHERE trash_batch IS NOT NULL
        UNION SELECT trash_batch FROM media_assets WHERE trash_batch IS NOT NULL
        """

    private func currentFields(_ type: EntityType, _ id: UUID) throws -> RecordFields? {
        let columns = Self.syncedColumns[type] ?? []
        guard
            let row = try database.queryFirst(
                "SELECT \(columns.joined(separator: ", ")) FROM \(type.table) WHERE id = ?", [SQLiteValue(id)])
        else { return nil }
        var fields = RecordFields()
        for (index, column) in columns.enumerated() { fields[column] = Self.fieldValue(row[index]) }
        if type == .media {
            fields["links"] = .text(try mediaLinks(id))
            return fields
        }
        if type != .spot,
            let conditions = try database.queryFirst(
                "SELECT \(Self.conditionsColumnNames.joined(separator: ", ")) FROM conditions WHERE entity_type = ? AND entity_id = ?",
                [.text(type.rawValue), SQLiteValue(id)])
        {
            for (index, column) in Self.conditionsColumnNames.enumerated() {
                fields["conditions_\(column)"] = Self.fieldValue(conditions[index])
            }
        }
        return fields
    }

    /// Writes pulled fields over the local row (restoring it from the Trash if the portal has it
    /// live); false when the diary's rules refuse it for now, in which case it is parked.
    private func applyFields(_ type: EntityType, _ id: UUID, _ fields: RecordFields, seq: Int64, modifiedAt: Int64)
        throws -> Bool
    {
        let columns = (Self.syncedColumns[type] ?? []).filter { fields[$0] != nil }
        do {
            try database.transaction {
                guard columns.contains("id") else { throw StoreError.refused("the record has no id") }
                let assignments =
                    columns.filter { $0 != "id" }.map { "\($0) = excluded.\($0)" }
                    + ["deleted_at = NULL", "trash_batch = NULL"]
                try database.execute(
                    """
                    INSERT INTO \(type.table) (\(columns.joined(separator: ", "))) VALUES (\(columns.map { _ in "?" }.joined(separator: ", ")))
                    ON CONFLICT (id) DO UPDATE SET \(assignments.joined(separator: ", "))
                    """, columns.map { Self.sqliteValue(fields[$0] ?? .null) })
                if type == .media {
                    try replaceMediaLinks(id, fields["links"]?.text ?? "")
                } else if type != .spot, fields["conditions_snapshot_json"] == nil {
                    // The other device has no conditions for it (its place or time changed):
                    // forget ours too, which queues it for filling again.
                    try database.execute(
                        "DELETE FROM conditions WHERE entity_type = ? AND entity_id = ?",
                        [.text(type.rawValue), SQLiteValue(id)])
                } else if type != .spot {
                    try database.execute(
                        """
                        INSERT OR REPLACE INTO conditions(entity_type, entity_id, \(Self.conditionsColumnNames.joined(separator: ", ")))
                        VALUES (?, ?, \(Self.conditionsColumnNames.map { _ in "?" }.joined(separator: ", ")))
                        """,
                        [.text(type.rawValue), SQLiteValue(id)]
                            + Self.conditionsColumnNames.map { Self.sqliteValue(fields["conditions_\($0)"] ?? .null) })
                }
                try setServerSeq(type, id, seq)
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

    private func park(
        _ type: EntityType, _ id: UUID, _ fields: RecordFields, seq: Int64, modifiedAt: Int64, problem: String
    ) throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        try database.execute(
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
    private func retryParked() throws -> Int {
        var applied = 0
        for type in [EntityType.spot, .trip, .catch, .media] {
            let parked = try database.query(
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
                if try hasPendingChange(type, id) || serverSeq(type, id) >= seq {
                    try unpark(type, id)
                    continue
                }
                if try applyFields(type, id, fields, seq: seq, modifiedAt: modifiedAt) {
                    try unpark(type, id)
                    applied += 1
                }
            }
        }
        return applied
    }

    /// At the end of a full pass, records the device had from the portal but did not receive
    /// were deleted there (their tombstones expired): they go to the Trash, unless changed here.
    private func finishFullPass() throws {
        for type in [EntityType.media, .catch, .trip, .spot] {
            let missing = try database.query(
                """
                SELECT r.entity_id FROM sync_records r
                WHERE r.entity_type = ?1
                AND NOT EXISTS (SELECT 1 FROM sync_full_pass f WHERE f.entity_type = ?1 AND f.entity_id = r.entity_id)
                AND NOT EXISTS (SELECT 1 FROM outbox o WHERE o.entity_type = ?1 AND o.entity_id = r.entity_id)
                """, [.text(type.rawValue)]
            ) { try $0.uuid(0) }
            for id in missing where try isLive(type, id) {
                _ = try moveToTrash(type, id, recording: { _, _ in false })
            }
        }
        try database.execute("DELETE FROM sync_full_pass")
    }

    /// A photo's or video's links as they travel: `type:id` pairs, sorted, comma-separated.
    private func mediaLinks(_ asset: UUID) throws -> String {
        try database.query(
            "SELECT entity_type, entity_id FROM media_links WHERE asset_id = ? ORDER BY entity_type, entity_id",
            [SQLiteValue(asset)]
        ) { "\(try $0.text(0)):\(try $0.text(1))" }.joined(separator: ",")
    }

    /// Makes a photo's or video's links those the portal sent; an object not on this device yet
    /// makes the insert fail, and the record is parked until it arrives.
    private func replaceMediaLinks(_ asset: UUID, _ links: String) throws {
        try database.execute("DELETE FROM media_links WHERE asset_id = ?", [SQLiteValue(asset)])
        for link in links.split(separator: ",") {
            let parts = link.split(separator: ":", maxSplits: 1)
            guard parts.count == 2, let type = EntityType(rawValue: String(parts[0])), type != .media,
                let id = UUID(uuidString: String(parts[1]))
            else { throw StoreError.refused("link \(link.prefix(60)) is not type:id") }
            guard try isLive(type, id) else {
                throw StoreError.refused(
                    "the \(type.rawValue) \(id.uuidString.lowercased()) it belongs to is not here yet")
            }
            try database.execute(
                "INSERT INTO media_links(asset_id, entity_type, entity_id, created_at) VALUES (?, ?, ?, ?)",
                [SQLiteValue(asset), .text(type.rawValue), SQLiteValue(id), SQLiteValue(currentTime())])
        }
    }

    private func unpark(_ type: EntityType, _ id: UUID) throws {
        try database.execute(
            "DELETE FROM sync_parked WHERE entity_type = ? AND entity_id = ?", [.text(type.rawValue), SQLiteValue(id)])
    }

    private func hasPendingChange(_ type: EntityType, _ id: UUID) throws -> Bool {
        try database.queryFirst(
            "SELECT 1 FROM outbox WHERE entity_type = ? AND entity_id = ?", [.text(type.rawValue), SQLiteValue(id)])
            != nil
    }

    func isLive(_ type: EntityType, _ id: UUID) throws -> Bool {
        try database.queryFirst(
            "SELECT 1 FROM \(type.table) WHERE id = ? AND deleted_at IS NULL", [SQLiteValue(id)]) != nil
    }

    /// The portal version this device last had of a record (0 when none): a pulled change at or
    /// below it is this device's own push coming back.
    private func serverSeq(_ type: EntityType, _ id: UUID) throws -> Int64 {
        try database.scalar(
            "SELECT server_seq FROM sync_records WHERE entity_type = ? AND entity_id = ?",
            [.text(type.rawValue), SQLiteValue(id)]
        ).int64Value ?? 0
    }

    private func setServerSeq(_ type: EntityType, _ id: UUID, _ seq: Int64) throws {
        try database.execute(
            """
            INSERT INTO sync_records(entity_type, entity_id, server_seq) VALUES (?, ?, ?)
            ON CONFLICT (entity_type, entity_id) DO UPDATE SET server_seq = max(server_seq, excluded.server_seq)
            """, [.text(type.rawValue), SQLiteValue(id), .integer(seq)])
    }

    private static func fieldValue(_ value: SQLiteValue) -> FieldValue {
        switch value {
        case .integer(let v): .integer(v)
        case .real(let v): .real(v)
        case .text(let v): .text(v)
        case .blob, .null: .null
        }
    }

    private static func sqliteValue(_ value: FieldValue) -> SQLiteValue {
        switch value {
        case .null: .null
        case .integer(let v): .integer(v)
        case .real(let v): .real(v)
        case .text(let v): .text(v)
        }
    }
}
