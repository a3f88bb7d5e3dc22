import FishingModel
import Foundation
import SQLiteDB

/// A change waiting to be pushed to the portal (T3): which object, what happened, and its mutation id.
///
/// The row's current state is read when it is pushed, so several edits of one object travel once.
public struct PendingChange: Codable, Sendable, Equatable {
    public enum Operation: String, Codable, Sendable { case upsert, delete }

    /// Monotonic per diary database; a larger id is always a later change.
    public var mutationId: Int64
    public var entityType: RecordKind
    public var entityId: UUID
    public var operation: Operation
    public var changedAt: Date
    public var inFlight: Bool
}

/// The sync outbox: written with every user change in the same transaction, drained by sync with
/// a two-phase send (mark in flight → acknowledge or release), as ARCHITECTURE "Sync" describes.
/// One area of the ``Diary``, sharing its connection.
public struct OutboxStore {
    let diary: Diary
}

extension Diary {
    /// The changes waiting to be sent to the portal, and what became of those sent.
    public var outbox: OutboxStore { OutboxStore(diary: self) }
}

extension OutboxStore {
    /// Pending changes in mutation order, oldest first.
    public func pending(limit: Int = 500) throws -> [PendingChange] {
        try diary.database.query(
            "SELECT mutation_id, entity_type, entity_id, operation, changed_at, in_flight FROM outbox ORDER BY mutation_id LIMIT ?",
            [.integer(Int64(limit))]
        ) { row in
            PendingChange(
                mutationId: try row.int64(0), entityType: RecordKind(rawValue: try row.text(1)) ?? .catch,
                entityId: try row.uuid(2), operation: PendingChange.Operation(rawValue: try row.text(3)) ?? .upsert,
                changedAt: try row.date(4), inFlight: try row.bool(5))
        }
    }

    /// Marks changes as sent and awaiting the portal's answer.
    public func markInFlight(_ mutationIds: [Int64]) throws {
        try diary.database.transaction {
            for id in mutationIds {
                try diary.database.execute("UPDATE outbox SET in_flight = 1 WHERE mutation_id = ?", [.integer(id)])
            }
        }
    }

    /// Drops changes the portal acknowledged. A change re-recorded since it was sent has a new
    /// mutation id and stays.
    public func acknowledge(_ mutationIds: [Int64]) throws {
        try diary.database.transaction {
            for id in mutationIds {
                try diary.database.execute("DELETE FROM outbox WHERE mutation_id = ?", [.integer(id)])
            }
        }
    }

    /// Puts every in-flight change back in the queue (after a failed send, and at launch).
    public func releaseInFlight() throws {
        try diary.database.transaction {
            try diary.database.execute("UPDATE outbox SET in_flight = 0 WHERE in_flight = 1")
        }
    }

    /// How many changes wait to be sent to the portal.
    public func pendingCount() throws -> Int {
        Int(try diary.database.queryFirst("SELECT count(*) FROM outbox")?.int64(0) ?? 0)
    }
}
