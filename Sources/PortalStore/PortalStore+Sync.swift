import FishingModel
import Foundation
import SyncProtocol

/// Push, pull, history and the tombstone horizon (T3; docs/sync.md).
extension PortalStore {
    /// How long a tombstone is kept before ``purgeTombstones()`` may remove it.
    public static let tombstoneHorizon: TimeInterval = 90 * 86_400

    /// Applies a batch of one device's mutations in one transaction and says what became of each.
    ///
    /// Only a mutation id with a recorded outcome is a duplicate delivery: it changes nothing and
    /// gets that outcome again. Any other id is decided now, even one below the device's last
    /// applied id (a gap is applied, never silently acknowledged); a non-positive id is
    /// `rejected`, and a batch that uses one id twice is refused whole. Between versions the later
    /// modification wins: an older arrival goes to the history as `superseded`, an overwritten
    /// version as `overwritten`. Malformed mutations are `rejected` with the reason and do not
    /// stop the rest.
    public func push(_ mutations: [RecordMutation], account: UUID, device: UUID) throws -> PushResponse {
        guard mutations.count <= SyncLimits.mutationsPerPush else {
            throw PortalStoreError.invalid(
                field: "mutations", message: "at most \(SyncLimits.mutationsPerPush) per push (got \(mutations.count))")
        }
        var ids = Set<Int64>()
        if let repeated = mutations.first(where: { !ids.insert($0.mutationId).inserted }) {
            throw PortalStoreError.invalid(
                field: "mutationId",
                message:
                    "\(repeated.mutationId) is used by more than one mutation in this push; each change needs its own id"
            )
        }
        let now = now
        let ordered = mutations.sorted { $0.mutationId < $1.mutationId }
        return try database.write { sql in
            guard
                let accountRow = try sql.queryFirst(
                    "SELECT last_seq FROM accounts WHERE id = ?\(database.lockAccountSuffix)", [PortalValue(account)])
            else { throw PortalStoreError.unknownAccount }
            guard
                let deviceRow = try sql.queryFirst(
                    "SELECT last_mutation_id FROM devices WHERE account_id = ? AND id = ?",
                    [PortalValue(account), PortalValue(device)])
            else { throw PortalStoreError.unknownDevice }
            var seq = try accountRow.int64(0)
            let previouslyHandled = try deviceRow.int64(0)
            var lastHandled = previouslyHandled
            let replacements = try replacementMap(sql)
            var held = try records(sql, account: account, ids: ordered.map(\.id))
            var results: [MutationResult] = []
            var stored = Self.recordBatch()
            var storedKeys = Set<RecordKey>()
            var outcomes = Self.outcomeBatch()
            for mutation in ordered {
                guard mutation.mutationId > 0 else {
                    results.append(
                        MutationResult(
                            mutationId: mutation.mutationId, status: .rejected,
                            reason: "mutationId must be positive (got \(mutation.mutationId))"))
                    continue
                }
                let key = RecordKey(kind: mutation.kind, id: mutation.id)
                if mutation.mutationId <= previouslyHandled,
                    let earlier = try earlierOutcome(
                        sql, of: mutation, account: account, device: device, current: held[key])
                {
                    results.append(earlier)
                    continue
                }
                lastHandled = max(lastHandled, mutation.mutationId)
                let result = try decide(mutation)
                outcomes.add(Self.outcomeRow(result, of: mutation, account: account, device: device, at: now))
                results.append(result)
            }
            try stored.flush(sql)
            try outcomes.flush(sql)

            /// What becomes of one new mutation; stores it when it wins.
            func decide(_ mutation: RecordMutation) throws -> MutationResult {
                if let problem = Self.problem(in: mutation) {
                    return MutationResult(mutationId: mutation.mutationId, status: .rejected, reason: problem)
                }
                let key = RecordKey(kind: mutation.kind, id: mutation.id)
                var incoming = StoredRecord(mutation, device: device, replacements: replacements)
                let existing = held[key]
                // A change is concurrent with the held version unless it was made on top of it:
                // based on it, or the held version is one this device wrote itself (it made this
                // change after that one, even if the answer to that one was lost). A base above
                // the held version is the device's own superseded or merged version, kept in the
                // history.
                var ownSeq: Int64?
                if let existing, mutation.baseSeq != existing.seq,
                    existing.deviceId != device || existing.ownSeq != nil
                {
                    let baseSeq = max(mutation.baseSeq, existing.deviceId == device ? existing.ownSeq ?? 0 : 0)
                    // An arrival that does not stand as it came is set aside under a number of its
                    // own: a change its device has made since is merged against it.
                    switch try settle(sql, account: account, held: existing, arriving: incoming, base: baseSeq) {
                    case .held:
                        seq += 1
                        incoming.seq = seq
                        try archive(sql, incoming, account: account, reason: "superseded", at: now)
                        return MutationResult(
                            mutationId: mutation.mutationId, status: .superseded, seq: seq, current: existing.change)
                    case .merged(let fields, let overruled):
                        seq += 1
                        incoming.seq = seq
                        ownSeq = seq
                        try archive(
                            sql, incoming, account: account, reason: overruled ? "superseded" : "overwritten", at: now)
                        incoming.fields = fields
                    case .arriving:
                        break
                    }
                    incoming.modifiedAt = max(incoming.modifiedAt, existing.modifiedAt)
                }
                if existing == nil, mutation.baseSeq > 0,
                    let deletedAt = try purgedDeletion(sql, account: account, id: mutation.id),
                    mutation.modifiedAt <= deletedAt
                {
                    seq += 1
                    incoming.seq = seq
                    try archive(sql, incoming, account: account, reason: "superseded", at: now)
                    return MutationResult(
                        mutationId: mutation.mutationId, status: .gone,
                        reason: "deleted on another device before this change (its tombstone has expired)")
                }
                if let existing { try archive(sql, existing, account: account, reason: "overwritten", at: now) }
                incoming.ownSeq = ownSeq
                seq += 1
                // One statement cannot upsert a row twice: a record changed twice in a batch
                // (only a hand-made push does that) sends what is waiting first.
                if !storedKeys.insert(key).inserted {
                    try stored.flush(sql)
                    storedKeys = [key]
                }
                stored.add(Self.recordRow(incoming, account: account, seq: seq))
                held[key] = incoming
                held[key]?.seq = seq
                if let ownSeq {
                    return MutationResult(
                        mutationId: mutation.mutationId, status: .merged, seq: ownSeq, current: held[key]?.change)
                }
                return MutationResult(mutationId: mutation.mutationId, status: .applied, seq: seq)
            }
            try sql.execute(
                "UPDATE accounts SET last_seq = ?, last_sync_at = ? WHERE id = ?",
                [.integer(seq), .integer(now), PortalValue(account)])
            try sql.execute(
                "UPDATE devices SET last_mutation_id = ?, last_seen_at = ? WHERE account_id = ? AND id = ?",
                [.integer(lastHandled), .integer(now), PortalValue(account), PortalValue(device)])
            return PushResponse(results: results, lastMutationId: lastHandled)
        }
    }

    /// The answer to a mutation id this device has used before, from its recorded outcome: the
    /// same change again (a retry whose answer was lost) gets its first `rejected`/`gone` answer
    /// again, or `duplicate` with the record as it is now; a different change under a used id
    /// means the diary was restored or copied, and it must renumber. Nil when no outcome is
    /// recorded (never received, or older than the outcomes kept): the change is decided anew.
    private func earlierOutcome(
        _ sql: any PortalSQL, of mutation: RecordMutation, account: UUID, device: UUID, current: StoredRecord?
    ) throws -> MutationResult? {
        guard
            let row = try sql.queryFirst(
                """
                SELECT kind, id, modified_at, status, reason FROM mutation_outcomes
                WHERE account_id = ? AND device_id = ? AND mutation_id = ?
                """, [PortalValue(account), PortalValue(device), .integer(mutation.mutationId)])
        else { return nil }
        let same =
            try row.text(0) == mutation.kind.rawValue && row.text(1) == mutation.id.uuidString.lowercased()
            && row.int64(2) == mutation.modifiedAt
        guard same else { return MutationResult(mutationId: mutation.mutationId, status: .renumber) }
        switch try row.text(3) {
        case "rejected":
            return MutationResult(mutationId: mutation.mutationId, status: .rejected, reason: try row.optionalText(4))
        case "gone":
            return MutationResult(mutationId: mutation.mutationId, status: .gone, reason: try row.optionalText(4))
        default:
            return MutationResult(mutationId: mutation.mutationId, status: .duplicate, current: current?.change)
        }
    }

    private static func outcomeBatch() -> RowBatch {
        RowBatch(
            insert: """
                INSERT INTO mutation_outcomes(account_id, device_id, mutation_id, kind, id, modified_at, status, reason, recorded_at)
                VALUES
                """, width: 9, conflict: "ON CONFLICT DO NOTHING")
    }

    private static func outcomeRow(
        _ result: MutationResult, of mutation: RecordMutation, account: UUID, device: UUID, at now: Int64
    ) -> [PortalValue] {
        [
            PortalValue(account), PortalValue(device), .integer(mutation.mutationId), .text(mutation.kind.rawValue),
            PortalValue(mutation.id), .integer(mutation.modifiedAt),
            // A merge is replayed like any stored change: as `duplicate` with the record as it is then.
            .text(result.status == .merged ? MutationResult.Status.applied.rawValue : result.status.rawValue),
            PortalValue(result.reason), .integer(now),
        ]
    }

    /// How a change concurrent with the held version is settled (docs/sync.md "Merging").
    private enum Settlement {
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
    private func settle(
        _ sql: any PortalSQL, account: UUID, held: StoredRecord, arriving: StoredRecord, base baseSeq: Int64
    ) throws -> Settlement {
        guard let base = try version(sql, account: account, of: arriving, seq: baseSeq),
            let decision = RecordMerge.merge(
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
        return try Self.decodeFields(try row.text(0))
    }

    /// When a record whose tombstone was purged had been deleted, or nil when it never was.
    private func purgedDeletion(_ sql: any PortalSQL, account: UUID, id: UUID) throws -> Int64? {
        try sql.queryFirst(
            "SELECT MAX(modified_at) FROM history WHERE account_id = ? AND id = ? AND reason = 'purged'",
            [PortalValue(account), PortalValue(id)]
        )?.optionalInt64(0)
    }

    /// Versions of the account's records set aside (overwritten, superseded, purged), newest
    /// first; one record's when `id` is given; with `before`, those numbered below it (the next
    /// page: pass the last number of the previous one).
    public func history(account: UUID, id: UUID? = nil, before: Int64? = nil, limit: Int = 500) throws
        -> [HistoryEntry]
    {
        try database.read { sql in
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
                    kind: try Self.kind(try row.text(0)), id: try row.uuid(1), deleted: try row.bool(2),
                    modifiedAt: try row.int64(3), fields: try row.optionalText(4).map(Self.decodeFields),
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
        guard let retention = historyRetention else { return 0 }
        let cutoff = now - Int64(retention * 1000)
        return try database.write { sql in
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
        let now = now
        let cutoff = now - Int64(Self.tombstoneHorizon * 1000)
        _ = try database.write { sql in
            try sql.execute("DELETE FROM mutation_outcomes WHERE recorded_at < ?", [.integer(cutoff)])
        }
        let accounts = try database.read { sql in
            try sql.query(
                "SELECT DISTINCT account_id FROM records WHERE deleted = 1 AND modified_at < ?", [.integer(cutoff)]
            ).map { try $0.text(0) }
        }
        var purged = 0
        for account in accounts {
            purged += try database.write { sql in
                let row = try sql.queryFirst(
                    "SELECT purged_seq FROM accounts WHERE id = ?\(database.lockAccountSuffix)", [.text(account)])
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

    // MARK: Records

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
            fields = deleted ? nil : mutation.fields.map { PortalStore.remapped($0, replacements) }
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
    private func records(_ sql: any PortalSQL, account: UUID, ids: [UUID]) throws -> [RecordKey: StoredRecord] {
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
                    kind: try Self.kind(try row.text(0)), id: try row.uuid(1), deleted: try row.bool(2),
                    modifiedAt: try row.int64(3), deviceId: UUID(uuidString: try row.text(4)),
                    fields: try row.optionalText(5).map(Self.decodeFields))
                stored.seq = try row.int64(6)
                stored.ownSeq = try row.optionalInt64(7)
                found[RecordKey(kind: stored.kind, id: stored.id)] = stored
            }
        }
        return found
    }

    private static func recordBatch() -> RowBatch {
        RowBatch(
            insert:
                "INSERT INTO records(account_id, kind, id, seq, deleted, modified_at, device_id, fields, own_seq) VALUES",
            width: 9,
            conflict: """
                ON CONFLICT (account_id, kind, id) DO UPDATE SET seq = excluded.seq, deleted = excluded.deleted,
                modified_at = excluded.modified_at, device_id = excluded.device_id, fields = excluded.fields,
                own_seq = excluded.own_seq
                """)
    }

    private static func recordRow(_ record: StoredRecord, account: UUID, seq: Int64) -> [PortalValue] {
        [
            PortalValue(account), .text(record.kind.rawValue), PortalValue(record.id), .integer(seq),
            PortalValue(record.deleted), .integer(record.modifiedAt), PortalValue(record.deviceId),
            PortalValue(record.fields.map(Self.encodeFields)), record.ownSeq.map { .integer($0) } ?? .null,
        ]
    }

    private func archive(_ sql: any PortalSQL, _ record: StoredRecord, account: UUID, reason: String, at now: Int64)
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
                PortalValue(record.fields.map(Self.encodeFields)), .integer(now), .text(reason),
                record.seq > 0 ? .integer(record.seq) : .null,
            ])
    }

    // MARK: Validation and encoding

    /// Why a mutation can never be stored, or nil when it can.
    static func problem(in mutation: RecordMutation) -> String? {
        guard mutation.baseSeq >= 0 else { return "baseSeq must not be negative (got \(mutation.baseSeq))" }
        switch mutation.operation {
        case .delete:
            return mutation.fields == nil ? nil : "a delete carries no fields"
        case .upsert:
            guard let fields = mutation.fields else { return "an upsert needs its fields" }
            guard fields.count <= SyncLimits.fieldsPerRecord else {
                return "at most \(SyncLimits.fieldsPerRecord) fields per record (got \(fields.count))"
            }
            for (name, value) in fields {
                guard Self.isColumnName(name) else {
                    return
                        "field name \"\(TextBounds.quotable(name))\" is not allowed (lowercase letters, digits and _, up to 64)"
                }
                if case .text(let text) = value, let problem = SyncText.problem(in: text) {
                    return "field \(name) \(problem)"
                }
                if case .real(let number) = value, !number.isFinite { return "field \(name) is not a finite number" }
            }
            if let id = fields["id"], id != .text(mutation.id.uuidString.lowercased()) {
                return "field id does not match the record id \(mutation.id.uuidString.lowercased())"
            }
            return nil
        }
    }

    private static func isColumnName(_ name: String) -> Bool {
        guard (1...64).contains(name.utf8.count), let first = name.utf8.first, first != UInt8(ascii: "_") else {
            return false
        }
        return name.utf8.allSatisfy { (0x61...0x7A).contains($0) || (0x30...0x39).contains($0) || $0 == 0x5F }
            && !(0x30...0x39).contains(first)
    }

    static func kind(_ text: String) throws(PortalStoreError) -> RecordKind {
        guard let kind = RecordKind(rawValue: text) else { throw .corrupt("unknown record kind \(text)") }
        return kind
    }

    static func encodeFields(_ fields: RecordFields) -> String {
        RecordFieldsJSON.text(fields)
    }

    static func uuid(_ text: String) throws(PortalStoreError) -> UUID {
        guard let id = UUID(uuidString: text) else { throw .corrupt("stored id \(text) is not a UUID") }
        return id
    }

    static func decodeFields(_ text: String) throws -> RecordFields {
        do {
            return try JSONDecoder().decode(RecordFields.self, from: Data(text.utf8))
        } catch {
            throw PortalStoreError.corrupt("stored record fields are not valid JSON")
        }
    }
}
