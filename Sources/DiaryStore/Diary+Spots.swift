import FishingModel
import Foundation
import SQLiteDB
import SyncProtocol

/// Spots: saving, editing and reading the angler's places (UI4, T19).
extension Diary {
    static let spotSQL = RecordSQL(Spot.columns)

    /// Saves a new spot; throws `ValidationError` listing every bad attribute, saving nothing.
    public func addSpot(_ draft: SpotDraft) throws -> Spot {
        let time = currentTime()
        try throwIfInvalid(try issues(for: draft))
        var spot = draft.spot(id: UUID(), createdAt: time, updatedAt: time)
        spot.place = placeLabeler?.label(latitude: spot.latitude, longitude: spot.longitude)
        try database.transaction { try insertRecord(Self.spotSQL, spot, id: spot.id, at: time) }
        return spot
    }

    /// Changes a live spot through `change`; validation as for ``addSpot(_:)``.
    @discardableResult
    public func updateSpot(_ id: UUID, _ change: (inout SpotDraft) -> Void) throws -> Spot {
        try database.transaction {
            let old = try liveSpot(id)
            var draft = SpotDraft(old)
            change(&draft)
            try throwIfInvalid(try issues(for: draft, editing: old))
            var spot = draft.spot(id: id, createdAt: old.createdAt, updatedAt: max(old.createdAt, currentTime()))
            let moved = spot.latitude != old.latitude || spot.longitude != old.longitude
            spot.place =
                moved || old.place == nil
                ? placeLabeler?.label(latitude: spot.latitude, longitude: spot.longitude) : old.place
            guard SpotDraft(spot) != SpotDraft(old) || spot.place != old.place else { return old }
            try updateRecord(Self.spotSQL, spot, id: id, at: spot.updatedAt)
            if moved {
                try forgetConditions(of: .trip, where: "spot_id = ?", [SQLiteValue(id)])
                try forgetConditions(
                    of: .catch, where: "trip_id IN (SELECT id FROM trips WHERE spot_id = ?)", [SQLiteValue(id)])
            }
            return spot
        }
    }

    /// The spot with this id, live or in the Trash.
    public func spot(_ id: UUID) throws -> Spot {
        try fetchRecord(Self.spotSQL, id)
    }

    /// Live spots, by name.
    public func spots() throws -> [Spot] {
        try database.query(
            Self.spotSQL.select + " WHERE deleted_at IS NULL ORDER BY name COLLATE NOCASE, id", as: Self.spotSQL.record)
    }

    func liveSpot(_ id: UUID) throws -> Spot {
        let spot = try spot(id)
        if spot.deletedAt != nil { throw StoreError.inTrash(entity: "spot", label: spot.name) }
        return spot
    }

    /// Every missing or invalid attribute of `draft`, without saving: for forms that show problems
    /// as the angler types, and for callers that add their own (T19). `editing` is the stored spot.
    public func issues(for draft: SpotDraft, editing old: Spot? = nil) throws -> [ValidationIssue] {
        var issues = draft.issues()
        if let issue = try directoryIssue(
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
