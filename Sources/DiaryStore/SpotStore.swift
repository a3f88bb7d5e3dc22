import FishingModel
import Foundation
import SQLiteDB
import SyncProtocol

/// Spots: saving, editing and reading the angler's places (UI4, T19).
/// One area of the ``Diary``, sharing its connection.
public struct SpotStore {
    let diary: Diary
}

extension Diary {
    /// A diary's spots: saving, editing and reading them.
    public var spots: SpotStore { SpotStore(diary: self) }
    static let spotSQL = RecordSQL(Spot.columns)
}

extension SpotStore {
    /// Saves a new spot; throws `ValidationError` listing every bad attribute, saving nothing.
    public func add(_ draft: SpotDraft) throws -> Spot {
        let time = diary.currentTime()
        try throwIfInvalid(try issues(for: draft))
        var spot = draft.spot(id: UUID(), createdAt: time, updatedAt: time)
        spot.place = diary.placeLabeler?.label(latitude: spot.latitude, longitude: spot.longitude)
        try diary.database.transaction { try diary.insertRecord(Diary.spotSQL, spot, id: spot.id, at: time) }
        return spot
    }

    /// Changes a live spot through `change`; validation as for ``add(_:)``.
    @discardableResult
    public func update(_ id: UUID, _ change: (inout SpotDraft) -> Void) throws -> Spot {
        try diary.database.transaction {
            let old = try live(id)
            var draft = SpotDraft(old)
            change(&draft)
            try throwIfInvalid(try issues(for: draft, editing: old))
            var spot = draft.spot(id: id, createdAt: old.createdAt, updatedAt: max(old.createdAt, diary.currentTime()))
            let moved = spot.latitude != old.latitude || spot.longitude != old.longitude
            spot.place =
                moved || old.place == nil
                ? diary.placeLabeler?.label(latitude: spot.latitude, longitude: spot.longitude) : old.place
            guard SpotDraft(spot) != SpotDraft(old) || spot.place != old.place else { return old }
            try diary.updateRecord(Diary.spotSQL, spot, id: id, at: spot.updatedAt)
            if moved {
                try diary.conditions.forget(of: .trip, where: "spot_id = ?", [SQLiteValue(id)])
                try diary.conditions.forget(
                    of: .catch, where: "trip_id IN (SELECT id FROM trips WHERE spot_id = ?)", [SQLiteValue(id)])
            }
            return spot
        }
    }

    /// The spot with this id, live or in the Trash.
    public func record(_ id: UUID) throws -> Spot {
        try diary.fetchRecord(Diary.spotSQL, id)
    }

    /// Live spots, by name.
    public func list() throws -> [Spot] {
        try diary.database.query(
            Diary.spotSQL.select + " WHERE deleted_at IS NULL ORDER BY name COLLATE NOCASE, id",
            as: Diary.spotSQL.record)
    }

    func live(_ id: UUID) throws -> Spot {
        let spot = try record(id)
        if spot.deletedAt != nil { throw StoreError.inTrash(entity: "spot", label: spot.name) }
        return spot
    }

    /// Every missing or invalid attribute of `draft`, without saving: for forms that show problems
    /// as the angler types, and for callers that add their own (T19). `editing` is the stored spot.
    public func issues(for draft: SpotDraft, editing old: Spot? = nil) throws -> [ValidationIssue] {
        var issues = draft.issues()
        if let issue = try diary.directoryIssue(
            .waterBodyTypes, draft.waterBodyTypeId, field: DirectoryKind.waterBodyTypes.referenceField,
            previous: old?.waterBodyTypeId)
        {
            issues.append(issue)
        }
        return issues
    }

    private func throwIfInvalid(_ issues: [ValidationIssue]) throws {
        if !issues.isEmpty { throw ValidationError(entity: "spot", issues: issues) }
    }
}
