import DiaryStore
import FishingModel
import Foundation
import TestSupport
import Testing

@testable import DiaryStore

/// The fish caught at each spot, kept by the schema's triggers (issue 33 §7): after any sequence
/// of writes — catches added, recounted, moved, trashed, restored, taken back, trips moved to
/// another spot, the Trash emptied — the kept counts are what adding up every live catch says.
@Suite("Fish by spot, kept as catches are written")
struct SpotFishTests {
    /// What adding up every live catch of every live trip says, spot by spot (the map's query
    /// before the counts were kept).
    static func addedUp(_ diary: Diary) throws -> [UUID: Int] {
        var counts: [UUID: Int] = [:]
        try diary.database.forEachRow(
            """
            SELECT t.spot_id, sum(c.count) FROM catches c JOIN trips t ON t.id = c.trip_id
            WHERE c.deleted_at IS NULL AND t.deleted_at IS NULL GROUP BY t.spot_id
            """
        ) { counts[try $0.uuid(0)] = Int(try $0.int64(1)) }
        return counts
    }

    @Test(
        "Given 400 random writes over three spots from three seeds, when the kept counts are read after each, then they equal the live catches added up"
    )
    func keptCountsFollowEveryWrite() throws {
        for seed: UInt64 in [1, 7, 33] {
            let f = try DiaryFixture()
            var random = SeededRandom(seed: seed)
            let spots =
                [f.spot]
                + (try (1...2).map {
                    try f.diary.spots.add(SpotDraft(name: "Spot \($0)", latitude: 60, longitude: 30 + Double($0)))
                })
            var trips = [f.trip]
            var trashed: [UUID] = []
            for step in 0..<400 {
                let catches = try f.diary.catches.list()
                let pick = random.next() % 9
                do {
                    switch pick {
                    case 0, 1:
                        let live = try f.diary.trips.list()
                        let trip = live[Int(random.next() % UInt64(live.count))]
                        _ = try f.diary.catches.add(
                            CatchDraft(tripId: trip.id, speciesId: "esox-lucius", count: 1 + Int(random.next() % 5)))
                    case 2:
                        if trips.count < 8 {
                            let spot = spots[Int(random.next() % 3)]
                            trips.append(try f.diary.trips.add(TripDraft(spotId: spot.id, startAt: f.clock.now)))
                        }
                    case 3:
                        if let item = catches.randomElement(using: &random) {
                            _ = try f.diary.catches.update(item.id) { $0.count = 1 + Int(random.next() % 9) }
                        }
                    case 4:
                        let live = try f.diary.trips.list()
                        if let item = catches.randomElement(using: &random),
                            let trip = live.randomElement(using: &random)
                        {
                            _ = try f.diary.catches.update(item.id) { $0.tripId = trip.id }
                        }
                    case 5:
                        if let trip = try f.diary.trips.list().randomElement(using: &random) {
                            let spot = spots[Int(random.next() % 3)]
                            _ = try f.diary.trips.update(trip.id) { $0.spotId = spot.id }
                        }
                    case 6:
                        if random.next() % 2 == 0, let item = catches.randomElement(using: &random) {
                            trashed.append(try f.diary.trash.put(.catch, item.id).batchId)
                        } else if let trip = try f.diary.trips.list().filter({ $0.id != f.trip.id }).randomElement(
                            using: &random)
                        {
                            trashed.append(try f.diary.trash.put(.trip, trip.id).batchId)
                        }
                    case 7:
                        if let batch = trashed.popLast() { _ = try? f.diary.trash.restore(batch) }
                    default:
                        if random.next() % 4 == 0 {
                            _ = try f.diary.trash.empty()
                            trashed = []
                        } else if let trip = try f.diary.trips.list().randomElement(using: &random) {
                            let item = try f.diary.catches.add(
                                CatchDraft(tripId: trip.id, speciesId: "perca-fluviatilis", count: 2))
                            _ = try f.diary.catches.takeBack(catch: item.id, madeTrip: nil, madeSpot: nil)
                        }
                    }
                } catch let error as ValidationError {
                    Issue.record("seed \(seed) step \(step): a write the test meant to be valid was refused: \(error)")
                }
                let kept = try f.diary.summaries.fishCountsBySpot()
                let added = try Self.addedUp(f.diary)
                #expect(kept == added, "seed \(seed) step \(step) after write \(pick)")
                if kept != added { return }
            }
        }
    }

    @Test(
        "Given a diary whose catches predate the kept counts (some trashed, over two spots), when version 16 runs, then it counts what is there"
    )
    func migrationCountsWhatIsThere() throws {
        let f = try DiaryFixture()
        let other = try f.diary.spots.add(SpotDraft(name: "Pier", latitude: 60, longitude: 30))
        let trip = try f.diary.trips.add(TripDraft(spotId: other.id, startAt: f.clock.now))
        _ = try f.diary.catches.add(CatchDraft(tripId: f.trip.id, speciesId: "esox-lucius", count: 3))
        _ = try f.diary.catches.add(CatchDraft(tripId: trip.id, speciesId: "esox-lucius", count: 4))
        let gone = try f.diary.catches.add(CatchDraft(tripId: trip.id, speciesId: "esox-lucius", count: 5))
        try f.diary.trash.put(.catch, gone.id)
        try f.diary.database.executeScript(
            """
            DROP TRIGGER spot_fish_catch_added; DROP TRIGGER spot_fish_catch_changed;
            DROP TRIGGER spot_fish_catch_removed; DROP TRIGGER spot_fish_trip_moved;
            DROP TRIGGER spot_fish_spot_removed; DROP TABLE spot_fish;
            """)
        try f.diary.database.executeScript(DiaryMigrations.version16)
        #expect(try f.diary.summaries.fishCountsBySpot() == [f.spot.id: 3, other.id: 4])
    }
}
