import Foundation

/// The diary on a map (issue 16 §1; T9): every spot with how many trips went there, and the
/// catches, each at its trip's spot — read through the read index, so no record is decoded twice.
extension DiaryReader {
    /// At most this many catches go on the map (the newest), so a page stays light.
    public static let mapCatchLimit = 5_000

    public func map(account: UUID) throws -> DiaryMap {
        try store.database.read { sql in
            let spots = try Self.spots(sql, account: account)
            var trips: [UUID: Int] = [:]
            for row in try sql.query(
                """
                SELECT parent_id, COUNT(*) FROM records WHERE account_id = ? AND kind = 'trip' AND deleted = 0
                AND parent_id IS NOT NULL GROUP BY parent_id
                """, [PortalValue(account)])
            {
                if let spot = UUID(uuidString: try row.text(0)) { trips[spot] = Int(try row.int64(1)) }
            }
            let catches = try sql.query(
                """
                SELECT c.id, c.species_id, c.local_at, t.parent_id FROM records c
                JOIN records t ON t.account_id = c.account_id AND t.kind = 'trip' AND t.id = c.parent_id AND t.deleted = 0
                WHERE c.account_id = ? AND c.kind = 'catch' AND c.deleted = 0 AND c.species_id IS NOT NULL
                AND c.local_at IS NOT NULL AND t.parent_id IS NOT NULL
                ORDER BY c.local_at DESC LIMIT ?
                """, [PortalValue(account), .integer(Int64(Self.mapCatchLimit))]
            ).compactMap { row -> DiaryMap.CatchPoint? in
                guard let spotId = UUID(uuidString: try row.text(3)), let spot = spots[spotId],
                    spot.latitude != nil, spot.longitude != nil
                else { return nil }
                return DiaryMap.CatchPoint(
                    id: try row.uuid(0), speciesId: try row.text(1), localTime: PortalClock.date(try row.int64(2)),
                    spot: spot)
            }
            let located = spots.values.filter { $0.latitude != nil && $0.longitude != nil }
                .sorted(byName: \.name)
            return DiaryMap(spots: located.map { ($0, trips[$0.id] ?? 0) }, catches: catches)
        }
    }
}

/// What the map page shows.
public struct DiaryMap: Sendable {
    /// A catch at its trip's spot; `localTime` reads as the angler's clock (as if UTC).
    public struct CatchPoint: Sendable {
        public var id: UUID
        public var speciesId: String
        public var localTime: Date
        public var spot: DiarySpot
    }

    /// Spots with a position, with how many trips went there.
    public var spots: [(spot: DiarySpot, trips: Int)]
    public var catches: [CatchPoint]
}
