import FishingModel
import Foundation
import SQLiteDB

/// The records one imported file would add (issue 34 §1; T2, T19): spots, trips and catches as
/// drafts under the ids the importer chose — the file's own ids, or ids worked out from what the
/// file says, so that the same file imported again names the same records — each with where in
/// the file it came from ("row 12", "waypoint Volga bend").
public struct ImportBatch: Sendable, Equatable {
    /// One record of the batch.
    public struct Item<Draft: Sendable & Equatable>: Sendable, Equatable {
        public var id: UUID
        public var draft: Draft
        /// Where in the file the record came from, for the angler (at most 300 characters).
        public var source: String

        public init(id: UUID, draft: Draft, source: String) {
            (self.id, self.draft, self.source) = (id, draft, source)
        }
    }

    public var fileName: String
    /// `csv`, `gpx`, `kml` or `kmz`.
    public var format: String
    public var fileSHA256: String
    /// In the order they are saved: spots, then trips, then catches, so each parent comes first.
    public var spots: [Item<SpotDraft>] = []
    public var trips: [Item<TripDraft>] = []
    public var catches: [Item<CatchDraft>] = []
    /// How many of the file's records were refused before the batch was made.
    public var refusedCount = 0

    public init(fileName: String, format: String, fileSHA256: String) {
        (self.fileName, self.format, self.fileSHA256) = (fileName, format, fileSHA256)
    }

    public var count: Int { spots.count + trips.count + catches.count }
}

/// One record an import named, and what became of it.
public struct ImportedRecord: Sendable, Equatable {
    public var kind: RecordKind
    public var id: UUID
    public var source: String

    public init(kind: RecordKind, id: UUID, source: String) {
        (self.kind, self.id, self.source) = (kind, id, source)
    }
}

/// What saving an ``ImportBatch`` did: the records it created, and those the diary already held
/// (live or in the Trash) under the same ids, which it left as they were.
public struct ImportOutcome: Sendable, Equatable {
    /// The import's id, nil when it created nothing (nothing to remember or undo).
    public var importId: UUID?
    public var created: [ImportedRecord] = []
    public var present: [ImportedRecord] = []
}

/// A file imported into the diary, as the list of imports shows it.
public struct ImportSummary: Sendable, Equatable, Identifiable {
    public var id: UUID
    public var fileName: String
    public var format: String
    public var fileSHA256: String
    public var importedAt: Date
    public var created: Int
    public var present: Int
    public var refused: Int
    /// How many of the records it created are still live (not in the Trash, not removed).
    public var live: Int
}

/// The files imported into the diary, the records each made, and undoing one (issue 34 §1;
/// UI5: an import goes to the Trash as one batch). One area of the ``Diary``.
public struct ImportStore {
    let diary: Diary
}

extension Diary {
    /// The diary's imports: saving a file's records once, listing imports, undoing one.
    public var imports: ImportStore { ImportStore(diary: self) }
}

extension ImportStore {
    /// Which of `ids` the diary holds as records of `kind`, live or in the Trash.
    public func existing(_ kind: RecordKind, _ ids: [UUID]) throws -> Set<UUID> {
        var found = Set<UUID>()
        for id in ids
        where try diary.database.queryFirst(
            "SELECT 1 FROM \(kind.table) WHERE id = ?", [SQLiteValue(id)]) != nil
        {
            found.insert(id)
        }
        return found
    }

    /// Saves the batch's records in one transaction: each id the diary already holds is left as it
    /// is and counted present; every other record is checked as the forms check it and saved, so
    /// the batch is saved whole or — if any record is invalid — not at all.
    @discardableResult
    public func commit(_ batch: ImportBatch) throws -> ImportOutcome {
        try diary.database.transaction {
            let time = diary.currentTime()
            let importId = UUID()
            var outcome = ImportOutcome(importId: importId)
            func note(_ kind: RecordKind, _ id: UUID, _ source: String, created: Bool) throws {
                let record = ImportedRecord(kind: kind, id: id, source: String(source.prefix(300)))
                guard created else { return outcome.present.append(record) }
                outcome.created.append(record)
            }
            for item in batch.spots {
                guard try existing(.spot, [item.id]).isEmpty else {
                    try note(.spot, item.id, item.source, created: false)
                    continue
                }
                let issues = try diary.spots.issues(for: item.draft)
                if !issues.isEmpty { throw ValidationError(entity: "spot (\(item.source))", issues: issues) }
                var spot = item.draft.spot(id: item.id, createdAt: time, updatedAt: time)
                spot.place = spot.place ?? diary.placeLabeler?.label(latitude: spot.latitude, longitude: spot.longitude)
                try diary.insertRecord(Diary.spotSQL, spot, id: spot.id, at: time)
                try note(.spot, item.id, item.source, created: true)
            }
            for item in batch.trips {
                guard try existing(.trip, [item.id]).isEmpty else {
                    try note(.trip, item.id, item.source, created: false)
                    continue
                }
                let draft = item.draft.withDefaults(now: time).roundedToMilliseconds()
                let issues = try diary.trips.issues(for: draft)
                if !issues.isEmpty { throw ValidationError(entity: "trip (\(item.source))", issues: issues) }
                let trip = draft.trip(id: item.id, createdAt: time, updatedAt: time)
                try diary.insertRecord(Diary.tripSQL, trip, id: trip.id, at: time)
                try note(.trip, item.id, item.source, created: true)
            }
            var trips: [UUID: Trip?] = [:]
            for item in batch.catches {
                guard try existing(.catch, [item.id]).isEmpty else {
                    try note(.catch, item.id, item.source, created: false)
                    continue
                }
                let draft = item.draft.withDefaults(now: time).roundedToMilliseconds()
                let issues = try diary.catches.issues(for: draft, editing: nil, now: time, trips: &trips)
                if !issues.isEmpty { throw ValidationError(entity: "catch (\(item.source))", issues: issues) }
                let record = draft.record(id: item.id, createdAt: time, updatedAt: time)
                try diary.insertRecord(Diary.catchSQL, record, id: record.id, at: time)
                try note(.catch, item.id, item.source, created: true)
            }
            guard !outcome.created.isEmpty else {
                outcome.importId = nil
                return outcome
            }
            try diary.database.execute(
                """
                INSERT INTO imports(id, file_name, format, file_sha256, imported_at, created_count, present_count,
                refused_count) VALUES (?, ?, ?, ?, ?, ?, ?, ?)
                """,
                [
                    SQLiteValue(importId), .text(String(batch.fileName.prefix(255))), .text(batch.format),
                    .text(batch.fileSHA256), SQLiteValue(time), .integer(Int64(outcome.created.count)),
                    .integer(Int64(outcome.present.count)), .integer(Int64(batch.refusedCount)),
                ])
            for record in outcome.created {
                try diary.database.execute(
                    "INSERT INTO imported_records(kind, record_id, import_id, source) VALUES (?, ?, ?, ?)",
                    [.text(record.kind.rawValue), SQLiteValue(record.id), SQLiteValue(importId), .text(record.source)])
            }
            diary.log.info(
                "imported",
                [
                    "file": batch.format, "created": String(outcome.created.count),
                    "present": String(outcome.present.count),
                ])
            return outcome
        }
    }

    /// The import whose id is `text` or starts with it (at least 4 characters).
    public func resolve(_ text: String) throws -> UUID {
        try diary.resolveId(text, table: "imports", entity: "import")
    }

    /// Every import, the latest first.
    public func list() throws -> [ImportSummary] {
        try diary.database.query(
            """
            SELECT i.id, i.file_name, i.format, i.file_sha256, i.imported_at, i.created_count, i.present_count,
            i.refused_count,
            (SELECT count(*) FROM imported_records r
             WHERE r.import_id = i.id AND ((r.kind = 'spot' AND r.record_id IN (SELECT id FROM spots WHERE deleted_at IS NULL))
             OR (r.kind = 'trip' AND r.record_id IN (SELECT id FROM trips WHERE deleted_at IS NULL))
             OR (r.kind = 'catch' AND r.record_id IN (SELECT id FROM catches WHERE deleted_at IS NULL))))
            FROM imports i ORDER BY i.imported_at DESC, i.id
            """
        ) { row in
            ImportSummary(
                id: try row.uuid(0), fileName: try row.text(1), format: try row.text(2), fileSHA256: try row.text(3),
                importedAt: try row.date(4), created: Int(try row.int64(5)), present: Int(try row.int64(6)),
                refused: Int(try row.int64(7)), live: Int(try row.int64(8)))
        }
    }

    /// The records an import created, with where in the file each came from.
    public func records(of importId: UUID) throws -> [ImportedRecord] {
        try diary.database.query(
            "SELECT kind, record_id, source FROM imported_records WHERE import_id = ? ORDER BY kind = 'catch', kind = 'trip', source",
            [SQLiteValue(importId)]
        ) { row in
            ImportedRecord(
                kind: RecordKind(rawValue: try row.text(0)) ?? .catch, id: try row.uuid(1), source: try row.text(2))
        }
    }

    /// Moves everything an import created that is still live to the Trash as one batch, with what
    /// the angler has added to it since (a catch logged on an imported trip goes with its trip),
    /// so that restoring the batch brings the import back whole (UI5).
    @discardableResult
    public func undo(_ importId: UUID) throws -> TrashEntry {
        try diary.database.transaction {
            guard let summary = try list().first(where: { $0.id == importId }) else {
                throw StoreError.notFound(entity: "import", id: importId.canonicalText)
            }
            let trash = diary.trash
            let records = try records(of: importId)
            func live(_ kind: RecordKind) throws -> [UUID] {
                try records.filter { $0.kind == kind }.map(\.id).filter { id in
                    try diary.database.queryFirst(
                        "SELECT 1 FROM \(kind.table) WHERE id = ? AND deleted_at IS NULL", [SQLiteValue(id)]) != nil
                }
            }
            let spots = try live(.spot)
            let trips = Array(Set(try live(.trip) + trash.liveChildren("trips", "spot_id", spots)))
            let catches = Array(Set(try live(.catch) + trash.liveChildren("catches", "trip_id", trips)))
            var affected: [(RecordKind, [UUID])] = [(.catch, catches), (.trip, trips), (.spot, spots)]
            guard affected.contains(where: { !$0.1.isEmpty }) else {
                throw StoreError.refused(
                    "nothing \(summary.fileName) imported is left in the diary (it is in the Trash or removed)")
            }
            affected.append((.media, try diary.media.leavingWith(affected)))
            return try trash.move(.importBatch, importId, label: "Import of \(summary.fileName)", affected)
        }
    }
}
