import FishingModel
import Foundation
import SQLiteDB

/// What taking back a catch saved by mistake did (issue 30 §2.5, UI5).
public enum TakeBackOutcome: Sendable, Equatable {
    /// Nothing of it had left the device: the catch, and the trip and spot made for it, are gone
    /// with their queued changes and conditions, as if the tap had never happened.
    case erased
    /// Part of it had reached the portal, or was on its way: it went to the Trash like any
    /// delete, so the other devices learn of it.
    case trashed(TrashEntry)
}

/// Undoing a save (UI5): a catch logged by a mis-tap is taken back whole, with the trip and spot
/// that were made for it.
extension CatchStore {
    /// Takes back the catch `catchId` and, when they were made by the same save, the trip
    /// `madeTrip` and the spot `madeSpot` — each only while nothing else refers to it.
    /// While none of them has reached the portal (no server copy, nothing in flight), they leave
    /// the diary and the outbox entirely, through the Trash and out of it in one transaction (the
    /// schema removes only what is in the Trash); otherwise they go to the Trash as one batch.
    @discardableResult
    public func takeBack(catch catchId: UUID, madeTrip: UUID? = nil, madeSpot: UUID? = nil) throws -> TakeBackOutcome {
        try diary.database.transaction {
            let item = try record(catchId)
            guard item.deletedAt == nil else {
                throw StoreError.alreadyInTrash(entity: "catch", label: try diary.trash.catchLabel(item))
            }
            let trip = try madeTrip.flatMap { id -> UUID? in
                guard id == item.tripId else { return nil }
                let others = try count("catches", "trip_id", id, except: catchId)
                return others == 0 ? id : nil
            }
            let spot = try madeSpot.flatMap { id -> UUID? in
                guard let trip, try diary.trips.record(trip).spotId == id else { return nil }
                return try count("trips", "spot_id", id, except: trip) == 0 ? id : nil
            }
            let objects: [(RecordKind, UUID)] =
                [(.catch, catchId)] + (trip.map { [(.trip, $0)] } ?? []) + (spot.map { [(.spot, $0)] } ?? [])
            if try objects.contains(where: { try hasLeftDevice($0.0, $0.1) }) {
                let top = objects.last!
                return .trashed(try diary.trash.put(top.0, top.1))
            }
            let (time, batch) = (diary.currentTime(), UUID())
            try diary.database.execute(
                "INSERT INTO trash(batch_id, entity_type, entity_id, label, item_count, deleted_at) VALUES (?, ?, ?, ?, ?, ?)",
                [
                    SQLiteValue(batch), .text(RecordKind.catch.rawValue), SQLiteValue(catchId),
                    .text(try diary.trash.catchLabel(item)),
                    .integer(Int64(objects.count)), SQLiteValue(time),
                ])
            for (type, id) in objects {
                try diary.database.execute(
                    "UPDATE \(type.table) SET deleted_at = ?, trash_batch = ? WHERE id = ?",
                    [SQLiteValue(time), SQLiteValue(batch), SQLiteValue(id)])
            }
            for (type, id) in objects {
                let (kind, key) = (SQLiteValue.text(type.rawValue), SQLiteValue(id))
                try diary.database.execute(
                    "DELETE FROM conditions WHERE entity_type = ? AND entity_id = ?", [kind, key])
                try diary.database.execute(
                    "DELETE FROM media_links WHERE entity_type = ? AND entity_id = ?", [kind, key])
                try diary.database.execute("DELETE FROM outbox WHERE entity_type = ? AND entity_id = ?", [kind, key])
                try diary.database.execute("DELETE FROM \(type.table) WHERE id = ?", [key])
            }
            try diary.database.execute("DELETE FROM trash WHERE batch_id = ?", [SQLiteValue(batch)])
            diary.log.info(
                "save taken back", ["catch": catchId.uuidString.lowercased(), "objects": String(objects.count)])
            return .erased
        }
    }

    /// Whether the portal holds the object or a change of it is on its way there.
    private func hasLeftDevice(_ type: RecordKind, _ id: UUID) throws -> Bool {
        let known = try diary.database.queryFirst(
            "SELECT 1 FROM sync_records WHERE entity_type = ? AND entity_id = ?",
            [.text(type.rawValue), SQLiteValue(id)])
        let sending = try diary.database.queryFirst(
            "SELECT 1 FROM outbox WHERE entity_type = ? AND entity_id = ? AND in_flight = 1",
            [.text(type.rawValue), SQLiteValue(id)])
        return known != nil || sending != nil
    }

    /// How many rows of `table`, live or in the Trash, point at `parent` through `column`, leaving
    /// out `except`: a parent anything else refers to is not taken back.
    private func count(_ table: String, _ column: String, _ parent: UUID, except: UUID) throws -> Int64 {
        try diary.database.queryFirst(
            "SELECT count(*) FROM \(table) WHERE \(column) = ? AND id <> ?",
            [SQLiteValue(parent), SQLiteValue(except)])?.int64(0) ?? 0
    }
}
