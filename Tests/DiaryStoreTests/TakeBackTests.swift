import DiaryStore
import FishingModel
import Foundation
import Testing

/// Issue 30 §2.5: a catch saved by a mis-tap is taken back whole; nothing of it remains while it
/// never left the device, and it goes through the Trash once it has.
@Suite("Taking back a mis-tapped catch (UI5)")
struct TakeBackTests {
    /// A new spot, a new trip at it and a catch in it, as "Catch now" saves them in one go.
    func madeTogether(_ f: DiaryFixture) throws -> (Spot, Trip, Catch) {
        let spot = try f.diary.spots.add(SpotDraft(name: "Spot of 2026-06-01", latitude: 60, longitude: 30))
        let trip = try f.diary.trips.add(TripDraft(spotId: spot.id, startAt: f.clock.now))
        let item = try f.diary.catches.add(
            CatchDraft(tripId: trip.id, speciesId: "perca-fluviatilis", caughtAt: f.clock.now))
        return (spot, trip, item)
    }

    func queued(_ f: DiaryFixture) throws -> Set<UUID> { Set(try f.diary.outbox.pending().map(\.entityId)) }

    @Test(
        "Given a catch saved with its new trip and spot and never synced, when taken back, then none of them remains in the diary, the outbox or the Trash"
    )
    func erasedWhileLocal() throws {
        let f = try DiaryFixture()
        let before = try queued(f)
        let (spot, trip, item) = try madeTogether(f)
        #expect(try f.diary.catches.takeBack(catch: item.id, madeTrip: trip.id, madeSpot: spot.id) == .erased)
        #expect(try f.diary.spots.list().map(\.id) == [f.spot.id])
        #expect(try f.diary.trips.list().map(\.id) == [f.trip.id])
        #expect(try f.diary.catches.list().isEmpty)
        #expect(try f.diary.trash.entries().isEmpty)
        #expect(try queued(f) == before)
        #expect(throws: StoreError.self) { try f.diary.catches.record(item.id) }
    }

    @Test(
        "Given a catch added to a trip that holds another catch, when taken back, then only the catch goes and the trip stays"
    )
    func keepsWhatHoldsMore() throws {
        let f = try DiaryFixture()
        let first = try f.diary.catches.add(f.catchDraft())
        let second = try f.diary.catches.add(f.catchDraft("perca-fluviatilis"))
        #expect(try f.diary.catches.takeBack(catch: second.id, madeTrip: f.trip.id, madeSpot: f.spot.id) == .erased)
        #expect(try f.diary.catches.list().map(\.id) == [first.id])
        #expect(try f.diary.trips.list().map(\.id) == [f.trip.id])
        #expect(try f.diary.spots.list().map(\.id) == [f.spot.id])
    }

    @Test(
        "Given a catch whose change is on its way to the portal, when taken back, then it goes to the Trash with its trip and spot as one batch, and the deletes are queued"
    )
    func trashedOnceSent() throws {
        let f = try DiaryFixture()
        let (spot, trip, item) = try madeTogether(f)
        try f.diary.outbox.markInFlight(
            try f.diary.outbox.pending().filter { $0.entityId == item.id }.map(\.mutationId))
        guard
            case .trashed(let entry) = try f.diary.catches.takeBack(
                catch: item.id, madeTrip: trip.id, madeSpot: spot.id)
        else {
            Issue.record("expected the Trash")
            return
        }
        #expect(entry.id == spot.id && entry.itemCount == 3)
        #expect(try f.diary.catches.list().isEmpty)
        #expect(try f.diary.outbox.pending().contains { $0.entityId == item.id && $0.operation == .delete })
        try f.diary.trash.restore(entry.id)
        #expect(try f.diary.catches.list().map(\.id) == [item.id])
    }

    @Test("Given a catch already in the Trash, when taken back, then it is refused and nothing changes")
    func refusedInTrash() throws {
        let f = try DiaryFixture()
        let item = try f.diary.catches.add(f.catchDraft())
        try f.diary.trash.put(.catch, item.id)
        #expect(throws: StoreError.self) { try f.diary.catches.takeBack(catch: item.id) }
        #expect(try f.diary.trash.entries().count == 1)
    }
}
