import FishingModel
import Foundation
import SQLiteDB

/// Spots: saving, editing and reading the angler's places (UI4, T19).
extension Diary {
    static let spotSQL = RecordSQL(
        .spot,
        columns: [
            "id", "name", "latitude", "longitude", "water_body_name", "water_body_type_id", "depth_m", "notes",
            "place_settlement", "place_region", "place_country", "place_country_code", "place_distance_km",
            "place_bearing", "place_description", "created_at", "updated_at", "deleted_at",
        ])

    /// Saves a new spot; throws `ValidationError` listing every bad attribute, saving nothing.
    public func addSpot(_ draft: SpotDraft) throws -> Spot {
        let time = currentTime()
        try throwIfInvalid(try issues(for: draft))
        var spot = draft.spot(id: UUID(), createdAt: time, updatedAt: time)
        spot.place = placeLabeler?.label(latitude: spot.latitude, longitude: spot.longitude)
        try database.transaction { try insertRecord(Self.spotSQL, Self.values(spot), id: spot.id, at: time) }
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
            try updateRecord(Self.spotSQL, Self.values(spot), id: id, at: spot.updatedAt)
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
        try fetchRecord(Self.spotSQL, id, Self.spot)
    }

    /// Live spots, by name.
    public func spots() throws -> [Spot] {
        try database.query(
            Self.spotSQL.select + " WHERE deleted_at IS NULL ORDER BY name COLLATE NOCASE, id", as: Self.spot)
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

    private static func values(_ s: Spot) -> [SQLiteValue] {
        [
            SQLiteValue(s.id), .text(s.name), .real(s.latitude), .real(s.longitude), SQLiteValue(s.waterBodyName),
            SQLiteValue(s.waterBodyTypeId), SQLiteValue(s.depthM), SQLiteValue(s.notes),
            SQLiteValue(s.place?.settlement),
            SQLiteValue(s.place?.region), SQLiteValue(s.place?.country), SQLiteValue(s.place?.countryCode),
            SQLiteValue(s.place?.distanceKm), SQLiteValue(s.place?.bearingFromSettlement),
            SQLiteValue(s.place?.description),
            SQLiteValue(s.createdAt), SQLiteValue(s.updatedAt),
        ]
    }

    static func spot(_ row: Row) throws -> Spot {
        Spot(
            id: try row.uuid(0), name: try row.text(1), latitude: try row.double(2), longitude: try row.double(3),
            waterBodyName: try row.optionalText(4), waterBodyTypeId: try row.optionalText(5),
            depthM: try row.optionalDouble(6), notes: try row.optionalText(7), place: try place(row, from: 8),
            createdAt: try row.date(15), updatedAt: try row.date(16), deletedAt: try row.optionalDate(17))
    }

    private static func place(_ row: Row, from i: Int) throws -> PlaceLabel? {
        guard let settlement = try row.optionalText(i), let country = try row.optionalText(i + 2),
            let code = try row.optionalText(i + 3), let km = try row.optionalDouble(i + 4),
            let bearing = try row.optionalDouble(i + 5), let description = try row.optionalText(i + 6)
        else { return nil }
        return PlaceLabel(
            settlement: settlement, region: try row.optionalText(i + 1), country: country, countryCode: code,
            distanceKm: km, bearingFromSettlement: bearing, description: description)
    }
}
