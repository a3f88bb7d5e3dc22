import FishingModel
import Foundation
import SQLiteDB
import SyncProtocol

/// What the device sends, and what it does with the portal's answers (T3; docs/sync.md).
extension OutboxStore {
    /// The oldest pending changes as mutations carrying each record's current state.
    public func outgoingMutations(limit: Int) throws -> [RecordMutation] {
        try pending(limit: limit).compactMap { change in
            let kind = change.entityType
            let baseSeq = try diary.serverSeq(change.entityType, change.entityId)
            var fields: RecordFields?
            var operation = RecordMutation.Operation(rawValue: change.operation.rawValue) ?? .upsert
            if operation == .upsert {
                fields =
                    try diary.isLive(change.entityType, change.entityId)
                    ? diary.sync.currentFields(change.entityType, change.entityId) : nil
                if fields == nil { operation = .delete }
            }
            return RecordMutation(
                mutationId: change.mutationId, kind: kind, id: change.entityId, operation: operation,
                modifiedAt: DiaryTime.milliseconds(change.changedAt), baseSeq: baseSeq, fields: fields)
        }
    }

    /// Applies the portal's answer to a push in one transaction: accepted changes leave the
    /// outbox (unless the record changed again since), refused ones are kept as rejections, and
    /// a record deleted elsewhere whose tombstone has expired goes to the Trash. Only an answer
    /// that names exactly one change sent is acted on: a result for an id not sent, or two results
    /// for one id, leave that change queued. Returns how many changes the answer settled.
    @discardableResult
    public func applyPushResults(_ results: [MutationResult], for mutations: [RecordMutation]) throws -> Int {
        let byId = Dictionary(mutations.map { ($0.mutationId, $0) }) { first, _ in first }
        let answers = Dictionary(grouping: results, by: \.mutationId)
        let unambiguous = results.filter { answers[$0.mutationId]?.count == 1 && $0.status != .renumber }
        return try diary.database.transaction {
            let now = diary.currentTime()
            var settled = 0
            for result in unambiguous {
                guard let mutation = byId[result.mutationId] else { continue }
                let type = mutation.kind
                settled += 1
                try diary.database.execute("DELETE FROM outbox WHERE mutation_id = ?", [.integer(result.mutationId)])
                // Edited again since this mutation was sent: that newer change is judged on its own.
                let changedSince = try diary.hasPendingChange(type, mutation.id)
                switch result.status {
                case .renumber:
                    break
                case .applied:
                    if let seq = result.seq { try diary.setServerSeq(type, mutation.id, seq) }
                    try diary.unpark(type, mutation.id)
                case .duplicate, .superseded, .merged:
                    if let current = result.current, !changedSince {
                        _ = try diary.sync.apply(current, alsoDeleted: [])
                    } else if changedSince, let seq = ownVersion(result, of: mutation) {
                        // The newer change was made on top of this one: merged against it, an
                        // edit that puts a value back is not mistaken for "unchanged".
                        try diary.setServerSeq(type, mutation.id, seq)
                    }
                case .gone:
                    if !changedSince, try diary.isLive(type, mutation.id) {
                        _ = try diary.trash.put(type, mutation.id, recording: { _, _ in false })
                    }
                case .rejected:
                    try diary.database.execute(
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
            return settled
        }
    }

    /// The portal's number for the version this mutation sent, when the answer says: a merge or
    /// a supersession numbers it in `seq` (the portal keeps it in the history); a duplicate's
    /// `current` is it when nothing changed it since.
    private func ownVersion(_ result: MutationResult, of mutation: RecordMutation) -> Int64? {
        switch result.status {
        case .merged, .superseded: return result.seq
        case .duplicate:
            guard let current = result.current, !current.deleted,
                RecordMerge.equivalent(current.fields, mutation.fields)
            else { return nil }
            return current.seq
        default: return nil
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
    public func renumber(above lastMutationId: Int64) throws {
        try diary.database.transaction {
            if try diary.database.queryFirst("SELECT 1 FROM sqlite_sequence WHERE name = 'outbox'") == nil {
                try diary.database.execute(
                    "INSERT INTO sqlite_sequence(name, seq) VALUES ('outbox', ?)", [.integer(lastMutationId)])
            } else {
                try diary.database.execute(
                    "UPDATE sqlite_sequence SET seq = max(seq, ?) WHERE name = 'outbox'", [.integer(lastMutationId)])
            }
            let pending = try pending(limit: Int.max)
            for change in pending where change.mutationId <= lastMutationId {
                try diary.recordChange(
                    change.entityType, change.entityId,
                    change.operation == .delete ? .delete : .upsert, at: change.changedAt)
            }
        }
    }

    /// The largest mutation id this diary has handed out.
    public func lastMutationId() throws -> Int64 {
        try diary.database.scalar("SELECT seq FROM sqlite_sequence WHERE name = 'outbox'").int64Value ?? 0
    }

    public func rejections() throws -> [SyncRejection] {
        try diary.database.query(
            "SELECT mutation_id, entity_type, entity_id, reason, rejected_at FROM sync_rejections ORDER BY mutation_id"
        ) { row in
            SyncRejection(
                mutationId: try row.int64(0), entityType: RecordKind(rawValue: try row.text(1)) ?? .catch,
                entityId: try row.uuid(2), reason: try row.text(3), rejectedAt: try row.date(4))
        }
    }

    public func parked() throws -> [ParkedChange] {
        try diary.database.query("SELECT entity_type, entity_id, problem FROM sync_parked ORDER BY seq") { row in
            ParkedChange(
                entityType: RecordKind(rawValue: try row.text(0)) ?? .catch, entityId: try row.uuid(1),
                problem: try row.text(2))
        }
    }
}
