import DiaryStore
import FishingModel
import Foundation
import TestSupport

/// A diary with a known handful of trips and catches, so every report has a hand-computed answer.
///
///     Lake A (lake):  T1 2025-06-01 "June dawn": pike 2.0 kg 60 cm 06:00, perch 0.3 kg 20 cm 07:00
///                     T2 2026-06-10: pike 3.5 kg 80 cm 06:30, pike 1.0 kg 45 cm 07:30 (released), perch 0.2 kg 18 cm 08:00
///     River B (river): T3 2026-07-01 with no catch; T4 2026-08-15: zander 1.5 kg 55 cm 20:00
///
/// All times are local at +03:00. Conditions: the three pikes and the 2025 perch were caught with
/// the pressure falling 2.0, 1.5, 0.5 (steady) hPa/3h and rising 1.2; the zander has none.
struct ReportFixture {
    let diary: Diary
    let catches: [Catch]

    init() throws {
        let storage = try DeviceStorage(
            root: try temporaryFolder("reports"), now: { Date(timeIntervalSince1970: 1_790_000_000) })
        try storage.addProfile(ProfileDraft(displayName: "Anna"))
        let diary = try storage.openDiary(named: "Anna", pin: nil)
        let lake = try diary.spots.add(SpotDraft(name: "Lake A", latitude: 56, longitude: 37, waterBodyTypeId: "lake"))
        let river = try diary.spots.add(
            SpotDraft(name: "River B", latitude: 55, longitude: 38, waterBodyTypeId: "river"))
        func at(_ text: String) -> Date { DiaryTime.parse(text, defaultOffsetSeconds: 10_800)!.date }
        func trip(_ spot: Spot, _ start: String, _ title: String? = nil) throws -> Trip {
            try diary.trips.add(TripDraft(spotId: spot.id, startAt: at(start), utcOffsetSeconds: 10_800, title: title))
        }
        let t1 = try trip(lake, "2025-06-01T04:00", "June dawn")
        let t2 = try trip(lake, "2026-06-10T05:00")
        _ = try trip(river, "2026-07-01T06:00")
        let t4 = try trip(river, "2026-08-15T18:00")
        func fish(
            _ trip: Trip, _ species: String, _ kg: Double, _ cm: Double, _ time: String, _ bait: String,
            _ method: String, released: Bool = false
        ) -> CatchDraft {
            CatchDraft(
                tripId: trip.id, speciesId: species, caughtAt: at(time), utcOffsetSeconds: 10_800, weightKg: kg,
                lengthCm: cm,
                baitId: bait, methodId: method, released: released)
        }
        self.diary = diary
        catches = try diary.catches.add(contentsOf: [
            fish(t1, "esox-lucius", 2.0, 60, "2025-06-01T06:00", "spoon", "spinning"),
            fish(t1, "perca-fluviatilis", 0.3, 20, "2025-06-01T07:00", "earthworm", "float"),
            fish(t2, "esox-lucius", 3.5, 80, "2026-06-10T06:30", "spoon", "spinning"),
            fish(t2, "esox-lucius", 1.0, 45, "2026-06-10T07:30", "spoon", "spinning", released: true),
            fish(t2, "perca-fluviatilis", 0.2, 18, "2026-06-10T08:00", "earthworm", "float"),
            fish(t4, "sander-lucioperca", 1.5, 55, "2026-08-15T20:00", "shad", "jigging"),
        ])
        for (index, change, tendency) in [
            (0, -2.0, "falling"), (2, -1.5, "falling"), (3, -0.5, "steady"), (1, 1.2, "rising"), (4, -3.0, "falling"),
        ] {
            try diary.conditions.save(
                StoredConditions(
                    temperatureC: 15, pressureHpa: 1010 + change, pressureChange3h: change, pressureTendency: tendency,
                    windSpeedMs: 3, windDirectionDeg: 180, humidityPercent: 60, kp: 2, complete: true,
                    snapshotJSON: "{}",
                    fetchedAt: Date(timeIntervalSince1970: 1_790_000_000)),
                for: .catch, id: catches[index].id)
        }
    }
}
