import DiaryStore
import FishingModel
import Foundation

/// A year of an angler in Helsinki (issue 30 §1), as `tools/make_sample_season.py` writes it to
/// `Platform/Wireframes/sample-season.json`: the spots, the trips with their hours, clock offset,
/// conditions, water, track and catches, a trip in the Trash and a saved report. The wireframes draw the app
/// over it.
struct SampleSeason: Decodable {
    struct SampleSpot: Decodable {
        let name: String
        let latitude: Double
        let longitude: Double
        let waterBodyTypeId: String
    }

    struct SampleTrip: Decodable {
        let spot: Int
        let start: TimeInterval
        let end: TimeInterval
        let offset: Int
        let title: String?
        let notes: String?
        let conditions: SampleConditions?
        let water: SampleWater?
        /// Its path: [latitude, longitude, seconds since 1970] a minute apart.
        let track: [[Double]]?
        let catches: [SampleCatch]
    }

    /// The water as the angler noted it (issue 34 §5).
    struct SampleWater: Decodable {
        let tempC, clarityM, levelM: Double
        let trend: WaterTrend
    }

    struct SampleConditions: Decodable {
        let temperatureC, pressureHpa, pressureChange3h, windSpeedMs, windDirectionDeg, humidityPercent, kp: Double
        let pressureTendency: String
    }

    struct SampleCatch: Decodable {
        let species: String
        let at: TimeInterval
        let count: Int
        let weightKg: Double?
        let lengthCm: Double?
        let bait: String
        let method: String
        let released: Bool
        let notes: String?
        let water: SampleWater?
    }

    struct SampleReport: Decodable {
        let title, formula, chart: String
    }

    let spots: [SampleSpot]
    let trips: [SampleTrip]
    let trashedTrip: SampleTrip
    let report: SampleReport

    /// The season of the repository (the tool runs in it).
    static func load() throws -> SampleSeason {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../sample-season.json").standardized
        return try JSONDecoder().decode(SampleSeason.self, from: Data(contentsOf: url))
    }

    /// Writes the season into `diary`, in one transaction.
    func write(into diary: Diary) throws {
        let saved = try spots.map {
            try diary.spots.add(
                SpotDraft(
                    name: $0.name, latitude: $0.latitude, longitude: $0.longitude, waterBodyTypeId: $0.waterBodyTypeId))
        }
        for trip in trips { try add(trip, at: saved, to: diary) }
        let gone = try add(trashedTrip, at: saved, to: diary)
        try diary.trash.put(.trip, gone.id)
        try diary.saveReport(title: report.title, formula: report.formula, chart: report.chart)
    }

    @discardableResult
    private func add(_ sample: SampleTrip, at spots: [Spot], to diary: Diary) throws -> Trip {
        let trip = try diary.trips.add(
            TripDraft(
                spotId: spots[sample.spot].id, startAt: Date(timeIntervalSince1970: sample.start),
                endAt: Date(timeIntervalSince1970: sample.end), utcOffsetSeconds: sample.offset, title: sample.title,
                notes: sample.notes, waterTempC: sample.water?.tempC, waterClarityM: sample.water?.clarityM,
                waterLevelM: sample.water?.levelM, waterTrend: sample.water?.trend,
                track: try sample.track.map { path in
                    try TripTrack(
                        path.map {
                            TrackPoint(latitude: $0[0], longitude: $0[1], time: Date(timeIntervalSince1970: $0[2]))
                        })
                }))
        _ = try diary.catches.add(
            contentsOf:
                sample.catches.map { item in
                    CatchDraft(
                        tripId: trip.id, speciesId: item.species, caughtAt: Date(timeIntervalSince1970: item.at),
                        utcOffsetSeconds: sample.offset, count: item.count, weightKg: item.weightKg,
                        lengthCm: item.lengthCm,
                        baitId: item.bait, methodId: item.method, waterTempC: item.water?.tempC,
                        waterClarityM: item.water?.clarityM, waterLevelM: item.water?.levelM,
                        waterTrend: item.water?.trend, released: item.released, notes: item.notes)
                })
        if let c = sample.conditions {
            try diary.conditions.save(
                StoredConditions(
                    temperatureC: c.temperatureC, pressureHpa: c.pressureHpa, pressureChange3h: c.pressureChange3h,
                    pressureTendency: c.pressureTendency, windSpeedMs: c.windSpeedMs,
                    windDirectionDeg: c.windDirectionDeg,
                    humidityPercent: c.humidityPercent, kp: c.kp, complete: true, snapshotJSON: "{}",
                    fetchedAt: trip.startAt),
                for: .trip, id: trip.id)
        }
        return trip
    }
}
