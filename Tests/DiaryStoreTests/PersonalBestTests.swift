import DiaryStore
import FishingModel
import Foundation
import Testing

/// Issue 30 §3, §5: the heaviest single fish of each species.
@Suite("Personal bests")
struct PersonalBestTests {
    @Test(
        "Given weighed and unweighed catches, a catch of several fish, ties and a catch in the Trash, then each species' heaviest single live fish is its best, heaviest first"
    )
    func heaviestSingleFish() throws {
        let f = try DiaryFixture()
        let t = f.clock.now.addingTimeInterval(-3_600)
        let catches = try f.diary.catches.add(contentsOf: [
            CatchDraft(tripId: f.trip.id, speciesId: "esox-lucius", caughtAt: t, weightKg: 2.5),
            CatchDraft(tripId: f.trip.id, speciesId: "esox-lucius", caughtAt: t + 60, weightKg: 4.2),
            CatchDraft(tripId: f.trip.id, speciesId: "esox-lucius", caughtAt: t + 120, weightKg: 4.2),
            CatchDraft(tripId: f.trip.id, speciesId: "esox-lucius", caughtAt: t + 180, weightKg: 9.9),
            CatchDraft(tripId: f.trip.id, speciesId: "perca-fluviatilis", caughtAt: t, count: 3, weightKg: 1.1),
            CatchDraft(tripId: f.trip.id, speciesId: "perca-fluviatilis", caughtAt: t, weightKg: 0.4),
            CatchDraft(tripId: f.trip.id, speciesId: "rutilus-rutilus", caughtAt: t),
        ])
        try f.diary.trash.put(.catch, catches[3].id)
        #expect(try f.diary.summaries.heaviestCatches().map(\.id) == [catches[1].id, catches[5].id])
    }
}
