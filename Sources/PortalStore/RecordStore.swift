import FishingModel
import Foundation
import SyncProtocol

/// Push (T3; docs/sync.md "Push"): a batch of one device's changes applied in one transaction.
/// Throughout, the portal's current version of a record is the *held* one and the device's the
/// *arriving* one.
/// One area of the ``PortalStore``, sharing its connection.
public struct RecordStore: Sendable {
    let store: PortalStore
}

extension PortalStore {
    /// Synced records: push, pull, merge and history.
    public var records: RecordStore { RecordStore(store: self) }
}

extension RecordStore {
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
        let now = store.now
        let ordered = mutations.sorted { $0.mutationId < $1.mutationId }
        return try store.database.write { sql in
            guard
                let accountRow = try sql.queryFirst(
                    "SELECT last_seq FROM accounts WHERE id = ?\(store.database.lockAccountSuffix)",
                    [PortalValue(account)])
            else { throw PortalStoreError.unknownAccount }
            guard
                let deviceRow = try sql.queryFirst(
                    "SELECT last_mutation_id FROM devices WHERE account_id = ? AND id = ?",
                    [PortalValue(account), PortalValue(device)])
            else { throw PortalStoreError.unknownDevice }
            let previouslyHandled = try deviceRow.int64(0)
            var lastHandled = previouslyHandled
            var batch = PushBatch(
                records: self, sql: sql, account: account, device: device, now: now, seq: try accountRow.int64(0),
                replacements: try store.directories.replacementMap(sql),
                held: try records(sql, account: account, ids: ordered.map(\.id)))
            var results: [MutationResult] = []
            var outcomes = Self.outcomeBatch()
            for mutation in ordered {
                guard mutation.mutationId > 0 else {
                    results.append(
                        MutationResult(
                            mutationId: mutation.mutationId, status: .rejected,
                            reason: "mutationId must be positive (got \(mutation.mutationId))"))
                    continue
                }
                if mutation.mutationId <= previouslyHandled,
                    let earlier = try earlierOutcome(
                        sql, of: mutation, account: account, device: device,
                        held: batch.held[RecordKey(kind: mutation.kind, id: mutation.id)])
                {
                    results.append(earlier)
                    continue
                }
                lastHandled = max(lastHandled, mutation.mutationId)
                let result = try batch.decide(mutation)
                outcomes.add(Self.outcomeRow(result, of: mutation, account: account, device: device, at: now))
                results.append(result)
            }
            try batch.flush()
            try outcomes.flush(sql)
            try sql.execute(
                "UPDATE accounts SET last_seq = ?, last_sync_at = ? WHERE id = ?",
                [.integer(batch.seq), .integer(now), PortalValue(account)])
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
        _ sql: any PortalSQL, of mutation: RecordMutation, account: UUID, device: UUID, held: StoredRecord?
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
            return MutationResult(mutationId: mutation.mutationId, status: .duplicate, current: held?.change)
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

}

/// One push being applied inside its transaction (T3): the held versions of the batch's
/// records, the sequence numbers handed out so far, and the rows waiting to be written.
struct PushBatch {
    let records: RecordStore
    let sql: any PortalSQL
    let account: UUID
    let device: UUID
    let now: Int64
    /// The account's last sequence number handed out.
    var seq: Int64
    let replacements: [String: String]
    /// The portal's current version of each record the batch names, as the batch changes them.
    var held: [RecordStore.RecordKey: RecordStore.StoredRecord]
    private var waiting = RecordStore.recordBatch()
    private var waitingKeys = Set<RecordStore.RecordKey>()

    init(
        records: RecordStore, sql: any PortalSQL, account: UUID, device: UUID, now: Int64, seq: Int64,
        replacements: [String: String], held: [RecordStore.RecordKey: RecordStore.StoredRecord]
    ) {
        self.records = records
        self.sql = sql
        self.account = account
        self.device = device
        self.now = now
        self.seq = seq
        self.replacements = replacements
        self.held = held
    }

    /// What becomes of one new mutation; stores the arriving version when it stands.
    mutating func decide(_ mutation: RecordMutation) throws -> MutationResult {
        if let problem = PortalStore.problem(in: mutation) {
            return MutationResult(mutationId: mutation.mutationId, status: .rejected, reason: problem)
        }
        let key = RecordStore.RecordKey(kind: mutation.kind, id: mutation.id)
        var arriving = RecordStore.StoredRecord(mutation, device: device, replacements: replacements)
        let heldVersion = held[key]
        if let heldVersion { arriving.keepColumnsLeftOut(of: heldVersion) }
        var ownSeq: Int64?
        if let heldVersion, isConcurrent(mutation, with: heldVersion) {
            // A base above the held version is the device's own superseded or merged version,
            // kept in the history.
            let baseSeq = max(mutation.baseSeq, heldVersion.deviceId == device ? heldVersion.ownSeq ?? 0 : 0)
            // An arrival that does not stand as it came is set aside under a number of its own:
            // a change its device has made since is merged against it.
            switch try records.settle(sql, account: account, held: heldVersion, arriving: arriving, base: baseSeq) {
            case .held:
                try setAside(&arriving, reason: "superseded")
                return MutationResult(
                    mutationId: mutation.mutationId, status: .superseded, seq: arriving.seq,
                    current: heldVersion.change)
            case .merged(let fields, let overruled):
                try setAside(&arriving, reason: overruled ? "superseded" : "overwritten")
                ownSeq = arriving.seq
                arriving.fields = fields
            case .arriving:
                break
            }
            arriving.modifiedAt = max(arriving.modifiedAt, heldVersion.modifiedAt)
        }
        if heldVersion == nil, mutation.baseSeq > 0,
            let deletedAt = try records.purgedDeletion(sql, account: account, id: mutation.id),
            mutation.modifiedAt <= deletedAt
        {
            try setAside(&arriving, reason: "superseded")
            return MutationResult(
                mutationId: mutation.mutationId, status: .gone,
                reason: "deleted on another device before this change (its tombstone has expired)")
        }
        if let heldVersion { try records.archive(sql, heldVersion, account: account, reason: "overwritten", at: now) }
        arriving.ownSeq = ownSeq
        try store(arriving, key: key)
        if let ownSeq {
            return MutationResult(
                mutationId: mutation.mutationId, status: .merged, seq: ownSeq, current: held[key]?.change)
        }
        return MutationResult(mutationId: mutation.mutationId, status: .applied, seq: seq)
    }

    /// A change is concurrent with the held version unless it was made on top of it: based on
    /// it, or the held version is one this device wrote itself (it made this change after that
    /// one, even if the answer to that one was lost).
    private func isConcurrent(_ mutation: RecordMutation, with heldVersion: RecordStore.StoredRecord) -> Bool {
        mutation.baseSeq != heldVersion.seq && (heldVersion.deviceId != device || heldVersion.ownSeq != nil)
    }

    /// Numbers the arriving version and keeps it in the history instead of storing it.
    private mutating func setAside(_ arriving: inout RecordStore.StoredRecord, reason: String) throws {
        seq += 1
        arriving.seq = seq
        try records.archive(sql, arriving, account: account, reason: reason, at: now)
    }

    /// Makes the arriving version the held one under the next sequence number.
    private mutating func store(_ arriving: RecordStore.StoredRecord, key: RecordStore.RecordKey) throws {
        seq += 1
        // One statement cannot upsert a row twice: a record changed twice in a batch (only a
        // hand-made push does that) sends what is waiting first.
        if !waitingKeys.insert(key).inserted {
            try flush()
            waitingKeys = [key]
        }
        waiting.add(RecordStore.recordRow(arriving, account: account, seq: seq))
        held[key] = arriving
        held[key]?.seq = seq
    }

    /// Writes the versions waiting to be stored.
    mutating func flush() throws {
        try waiting.flush(sql)
    }
}
