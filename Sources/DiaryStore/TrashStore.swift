import FishingModel
import Foundation
import SQLiteDB

/// One object the angler deleted, waiting in the Trash with everything that went with it.
public struct TrashEntry: Codable, Sendable, Equatable, Identifiable {
    /// The id of the deleted object (the spot, trip, catch, photo or video the angler chose).
    public var id: UUID
    /// The delete operation that put it there; its cascaded children share it.
    public var batchId: UUID
    public var entityType: TrashKind
    /// What the angler would recognise: a spot's name, a trip's title or date, a catch's species and time.
    public var label: String
    /// The object plus what went with it (a trip's catches, a spot's trips and catches, and the
    /// photos and videos that belonged only to those).
    public var itemCount: Int
    public var deletedAt: Date
}

/// What a Trash entry is: one kind of record with what went with it, or an import's records.
public enum TrashKind: String, Codable, Sendable, CaseIterable {
    case spot, trip, `catch`, media, report
    /// Every spot, trip and catch one file's import made, undone together (issue 34 §1).
    case importBatch = "import"

    init(_ kind: RecordKind) {
        switch kind {
        case .spot: self = .spot
        case .trip: self = .trip
        case .catch: self = .catch
        case .media: self = .media
        case .report: self = .report
        }
    }
}

/// The Trash (UI5 "fool protection"): every delete is recoverable until the angler empties it.
/// One area of the ``Diary``, sharing its connection.
public struct TrashStore {
    let diary: Diary
}

extension Diary {
    /// The diary's Trash: what was deleted, in batches that are restored or emptied together.
    public var trash: TrashStore { TrashStore(diary: self) }
}

extension TrashStore {
    /// Moves a live object to the Trash with its children: a spot takes its trips and their catches,
    /// a trip its catches, and each takes the photos and videos that belong to nothing else still
    /// live (T4). Restoring brings them all back.
    @discardableResult
    public func put(_ type: RecordKind, _ id: UUID) throws -> TrashEntry {
        try put(type, id, recording: { _, _ in true })
    }

    /// Moves an object to the Trash with its children, queueing deletes for push only for the
    /// objects `recording` names: sync applies the portal's deletes without sending them back,
    /// but queues the children its cascade takes that the portal has not deleted itself.
    func put(_ type: RecordKind, _ id: UUID, recording: (RecordKind, UUID) -> Bool) throws -> TrashEntry {
        try diary.database.transaction {
            let label: String
            var affected: [(RecordKind, [UUID])] = []
            switch type {
            case .spot:
                let spot = try diary.spots.live(id)
                label = spot.name
                let trips = try liveChildren("trips", "spot_id", [id])
                affected = [(.catch, try liveChildren("catches", "trip_id", trips)), (.trip, trips), (.spot, [id])]
            case .trip:
                let trip = try diary.trips.live(id)
                label = try tripLabel(trip)
                affected = [(.catch, try liveChildren("catches", "trip_id", [id])), (.trip, [id])]
            case .catch:
                let item = try diary.catches.record(id)
                if item.deletedAt != nil {
                    throw StoreError.alreadyInTrash(entity: "catch", label: id.uuidString.lowercased())
                }
                label = try catchLabel(item)
                affected = [(.catch, [id])]
            case .media:
                let asset = try diary.media.asset(id)
                if asset.deletedAt != nil {
                    throw StoreError.alreadyInTrash(entity: asset.kind.rawValue, label: asset.originalName)
                }
                label = MediaAssetStore.mediaLabel(asset)
                affected = [(.media, [id])]
            case .report:
                guard let report = try diary.savedReport(id) else {
                    throw StoreError.notFound(entity: "report", id: id.uuidString.lowercased())
                }
                guard report.deletedAt == nil else {
                    throw StoreError.alreadyInTrash(entity: "report", label: report.title)
                }
                label = report.title
                affected = [(.report, [id])]
            }
            if type.holdsMedia { affected.append((.media, try diary.media.leavingWith(affected))) }
            return try move(TrashKind(type), id, label: label, affected, recording: recording)
        }
    }

    /// Moves live records to the Trash as one batch under one entry (call inside a transaction):
    /// `affected` lists them children first, so no live record is left on a trashed parent.
    func move(
        _ kind: TrashKind, _ id: UUID, label: String, _ affected: [(RecordKind, [UUID])],
        recording: (RecordKind, UUID) -> Bool = { _, _ in true }
    ) throws -> TrashEntry {
        let time = diary.currentTime()
        let batch = UUID()
        let count = affected.reduce(0) { $0 + $1.1.count }
        let entry = TrashEntry(
            id: id, batchId: batch, entityType: kind, label: label, itemCount: count, deletedAt: time)
        try diary.database.execute(
            "INSERT INTO trash(batch_id, entity_type, entity_id, label, item_count, deleted_at) VALUES (?, ?, ?, ?, ?, ?)",
            [
                SQLiteValue(batch), .text(kind.rawValue), SQLiteValue(id), .text(label), .integer(Int64(count)),
                SQLiteValue(time),
            ])
        for (childType, ids) in affected {
            for childId in ids {
                try diary.database.execute(
                    """
                    UPDATE \(childType.table) SET deleted_at = ?1, trash_batch = ?2, updated_at = max(created_at, ?1)
                    WHERE id = ?3
                    """, [SQLiteValue(time), SQLiteValue(batch), SQLiteValue(childId)])
                if recording(childType, childId) { try diary.recordChange(childType, childId, .delete, at: time) }
            }
        }
        diary.log.info(
            "moved to Trash", ["type": kind.rawValue, "id": id.uuidString.lowercased(), "items": String(count)])
        return entry
    }

    /// What is in the Trash, most recently deleted first.
    public func entries() throws -> [TrashEntry] {
        try diary.database.query(
            "SELECT entity_id, batch_id, entity_type, label, item_count, deleted_at FROM trash ORDER BY deleted_at DESC, batch_id"
        ) { row in
            TrashEntry(
                id: try row.uuid(0), batchId: try row.uuid(1),
                entityType: TrashKind(rawValue: try row.text(2)) ?? .catch,
                label: try row.text(3), itemCount: Int(try row.int64(4)), deletedAt: try row.date(5))
        }
    }

    /// Brings back a deleted object (by its id or its Trash batch id) with everything deleted with it.
    @discardableResult
    public func restore(_ id: UUID) throws -> TrashEntry {
        try diary.database.transaction {
            guard let entry = try entries().first(where: { $0.id == id || $0.batchId == id }) else {
                throw try notInTrash(id)
            }
            switch entry.entityType {
            case .spot: break
            case .trip: _ = try diary.spots.live(try diary.trips.record(entry.id).spotId)
            case .catch: _ = try diary.trips.live(try diary.catches.record(entry.id).tripId)
            case .media, .report: break
            case .importBatch: try parentsAreLiveOrWith(entry.batchId)
            }
            let time = diary.currentTime()
            for type in RecordKind.allCases {
                let ids = try diary.database.query(
                    "SELECT id FROM \(type.table) WHERE trash_batch = ?", [SQLiteValue(entry.batchId)]
                ) {
                    try $0.uuid(0)
                }
                for childId in ids {
                    try diary.database.execute(
                        "UPDATE \(type.table) SET deleted_at = NULL, trash_batch = NULL, updated_at = max(created_at, ?) WHERE id = ?",
                        [SQLiteValue(time), SQLiteValue(childId)])
                    try diary.recordChange(type, childId, .upsert, at: time)
                }
            }
            try diary.database.execute("DELETE FROM trash WHERE batch_id = ?", [SQLiteValue(entry.batchId)])
            diary.log.info(
                "restored from Trash", ["type": entry.entityType.rawValue, "id": entry.id.uuidString.lowercased()])
            return entry
        }
    }

    /// Removes everything in the Trash for good. Returns how many objects were removed.
    /// Callers must have asked the angler for explicit confirmation (UI5).
    ///
    /// Photo and video rows go too, with their links and the links of removed objects; their
    /// bytes stay on disk until `MediaLibrary` removes those no row refers to any more.
    @discardableResult
    public func empty() throws -> Int {
        try diary.database.transaction {
            var removed = 0
            for type in [RecordKind.media, .catch, .trip, .spot, .report] {
                try diary.database.execute("DELETE FROM \(type.table) WHERE deleted_at IS NOT NULL")
                removed += diary.database.changes
            }
            try diary.database.execute(
                """
                DELETE FROM conditions WHERE (entity_type = 'catch' AND entity_id NOT IN (SELECT id FROM catches))
                OR (entity_type = 'trip' AND entity_id NOT IN (SELECT id FROM trips))
                """)
            try diary.database.execute(
                """
                DELETE FROM media_links WHERE (entity_type = 'catch' AND entity_id NOT IN (SELECT id FROM catches))
                OR (entity_type = 'trip' AND entity_id NOT IN (SELECT id FROM trips))
                OR (entity_type = 'spot' AND entity_id NOT IN (SELECT id FROM spots))
                """)
            try diary.database.execute("DELETE FROM trash")
            diary.log.notice("Trash emptied", ["objects": String(removed)])
            return removed
        }
    }

    /// Refuses to restore a batch whose trips or catches belong to a parent that is in the
    /// Trash with another batch: that one must come back first.
    private func parentsAreLiveOrWith(_ batch: UUID) throws {
        for (child, parent) in [("trips", "spots"), ("catches", "trips")] {
            let column = parent == "spots" ? "spot_id" : "trip_id"
            let stranded = try diary.database.queryFirst(
                """
                SELECT p.id FROM \(child) c JOIN \(parent) p ON p.id = c.\(column)
                WHERE c.trash_batch = ?1 AND p.deleted_at IS NOT NULL AND p.trash_batch <> ?1
                """, [SQLiteValue(batch)])
            if let stranded {
                let kind: RecordKind = parent == "spots" ? .spot : .trip
                let id = try stranded.uuid(0)
                throw StoreError.refused(
                    "the import holds records of \(kind.rawValue) \(id.uuidString.lowercased()), which is in the Trash; restore that first"
                )
            }
        }
    }

    func liveChildren(_ table: String, _ column: String, _ parents: [UUID]) throws -> [UUID] {
        try parents.flatMap { parent in
            try diary.database.query(
                "SELECT id FROM \(table) WHERE \(column) = ? AND deleted_at IS NULL", [SQLiteValue(parent)]
            ) { try $0.uuid(0) }
        }
    }

    private func notInTrash(_ id: UUID) throws -> StoreError {
        for type in RecordKind.allCases {
            let row = try diary.database.queryFirst(
                "SELECT t.entity_type, t.entity_id FROM \(type.table) x JOIN trash t ON t.batch_id = x.trash_batch WHERE x.id = ?",
                [SQLiteValue(id)])
            if let row {
                return .refused(
                    "\(type.rawValue) \(id.uuidString.lowercased()) went to the Trash with \(try row.text(0)) \(try row.text(1)); restore that"
                )
            }
        }
        return .notFound(entity: "object in the Trash", id: id.uuidString.lowercased())
    }

    func tripLabel(_ trip: Trip) throws -> String {
        let date = String(DiaryTime.iso8601(trip.startAt, utcOffsetSeconds: trip.utcOffsetSeconds).prefix(10))
        let spotName = (try? diary.spots.record(trip.spotId).name) ?? "unknown spot"
        return trip.title.map { "\($0) (\(date), \(spotName))" } ?? "Trip on \(date) at \(spotName)"
    }

    func catchLabel(_ item: Catch) throws -> String {
        let species = try diary.directoryEntry(.species, id: item.speciesId)?.nameEn ?? item.speciesId
        let time = DiaryTime.iso8601(item.caughtAt, utcOffsetSeconds: item.utcOffsetSeconds)
        return "\(species), \(time)"
    }
}
