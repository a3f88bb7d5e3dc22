import FishingModel
import Foundation
import SQLiteDB

/// The fish of one species in a trip (issue 30 §3): how many, and what the weighed ones weighed.
public struct SpeciesTally: Sendable, Equatable {
    public let speciesId: String
    /// Fish: each catch's count added up.
    public let fish: Int
    /// The weights recorded, added up; nil when none of them was weighed.
    public let weightKg: Double?
    /// How many of the fish ``weightKg`` weighs (the counts of the catches with a weight).
    public let weighedFish: Int
    /// The heaviest catch's weight, when any was weighed.
    public let heaviestKg: Double?

    public init(speciesId: String, fish: Int, weightKg: Double?, weighedFish: Int, heaviestKg: Double?) {
        self.speciesId = speciesId
        self.fish = fish
        self.weightKg = weightKg
        self.weighedFish = weighedFish
        self.heaviestKg = heaviestKg
    }
}

/// Counts the screens show without loading every record (issue 13 §5: a diary of 10 000 trips and
/// 100 000 catches opens its home and trip list within a frame's budget on the main actor).
/// One area of the ``Diary``, sharing its connection.
public struct DiarySummaries {
    let diary: Diary
}

extension Diary {
    /// Counts and tallies the screens show without loading every record.
    public var summaries: DiarySummaries { DiarySummaries(diary: self) }
}

extension DiarySummaries {
    /// The number of live catch records of each trip that has any; of the trips `ids` only,
    /// when given (the page of a list).
    public func catchCountsByTrip(_ ids: [UUID]? = nil) throws -> [UUID: Int] {
        var counts: [UUID: Int] = [:]
        if ids?.isEmpty == true { return counts }
        let page =
            ids.map { "AND trip_id IN (\(Array(repeating: "?", count: $0.count).joined(separator: ", ")))" } ?? ""
        try diary.database.forEachRow(
            // The live catches' own index answers from itself, already grouped; SQLite's planner
            // would otherwise take the index of every catch and read each row for `deleted_at`
            // (twice the time for a trip list's first screenful, docs/benchmarks.md).
            "SELECT trip_id, count(*) FROM catches INDEXED BY catches_by_trip WHERE deleted_at IS NULL \(page) GROUP BY trip_id",
            ids?.map { SQLiteValue($0) } ?? []
        ) { counts[try $0.uuid(0)] = Int(try $0.int64(1)) }
        return counts
    }

    /// What each of the trips `ids` holds, species by species — the most fish first — for a list
    /// of trips read as a season (issue 30 §3).
    public func speciesTallies(ofTrips ids: [UUID]) throws -> [UUID: [SpeciesTally]] {
        var tallies: [UUID: [SpeciesTally]] = [:]
        guard !ids.isEmpty else { return tallies }
        let places = Array(repeating: "?", count: ids.count).joined(separator: ", ")
        try diary.database.forEachRow(
            """
            SELECT trip_id, species_id, sum(count), sum(weight_kg), max(weight_kg),
                sum(CASE WHEN weight_kg IS NULL THEN 0 ELSE count END) FROM catches
            WHERE deleted_at IS NULL AND trip_id IN (\(places)) GROUP BY trip_id, species_id
            ORDER BY trip_id, sum(count) DESC, species_id
            """, ids.map { SQLiteValue($0) }
        ) { row in
            tallies[try row.uuid(0), default: []].append(
                SpeciesTally(
                    speciesId: try row.text(1), fish: Int(try row.int64(2)), weightKg: try row.optionalDouble(3),
                    weighedFish: Int(try row.int64(5)), heaviestKg: try row.optionalDouble(4)))
        }
        return tallies
    }

    /// The angler's personal bests (issue 30 §3, §5): the heaviest live single fish of each
    /// species that has a weighed one (a catch of several fish weighs them together, so it is no
    /// record) — the earliest when two weigh the same — heaviest first.
    public func heaviestCatches() throws -> [Catch] {
        let columns = Diary.catchSQL.columns
        return try diary.database.query(
            """
            SELECT \(columns) FROM (
                SELECT \(columns), row_number() OVER (PARTITION BY species_id ORDER BY weight_kg DESC, caught_at, id) AS place
                FROM catches WHERE deleted_at IS NULL AND weight_kg IS NOT NULL AND count = 1)
            WHERE place = 1 ORDER BY weight_kg DESC, species_id
            """, as: Diary.catchSQL.record)
    }

    /// The number of fish (each catch's count added up) caught at each spot that has any.
    /// Read from the counts the schema keeps as catches are written (version 16's `spot_fish`), one
    /// row per spot rather than every catch added up.
    public func fishCountsBySpot() throws -> [UUID: Int] {
        var counts: [UUID: Int] = [:]
        try diary.database.forEachRow("SELECT spot_id, fish FROM spot_fish WHERE fish > 0") {
            counts[try $0.uuid(0)] = Int(try $0.int64(1))
        }
        return counts
    }
}
