import DiaryStore
import FishingModel
import Foundation
import SQLiteDB
import Testing

@Suite("Trash: every delete recoverable (UI5)")
struct TrashTests {
    @Test("Given a trip with catches, when it is deleted, then its catches go with it and restoring brings all back")
    func tripCascade() throws {
        let f = try DiaryFixture()
        let catches = try f.diary.catches.add(contentsOf: [f.catchDraft(), f.catchDraft("perca-fluviatilis")])
        let entry = try f.diary.trash.put(.trip, f.trip.id)
        #expect(entry.itemCount == 3)
        #expect(try f.diary.trips.list().isEmpty)
        #expect(try f.diary.catches.list().isEmpty)
        #expect(try f.diary.trash.entries().map(\.id) == [f.trip.id])
        try f.diary.trash.restore(f.trip.id)
        #expect(try f.diary.trips.list().map(\.id) == [f.trip.id])
        #expect(Set(try f.diary.catches.list().map(\.id)) == Set(catches.map(\.id)))
        #expect(try f.diary.trash.entries().isEmpty)
    }

    @Test("Given a spot with trips and catches, when deleted, then everything under it goes and comes back together")
    func spotCascade() throws {
        let f = try DiaryFixture()
        _ = try f.diary.catches.add(f.catchDraft())
        let second = try f.diary.trips.add(TripDraft(spotId: f.spot.id, startAt: f.clock.now.addingTimeInterval(-600)))
        let entry = try f.diary.trash.put(.spot, f.spot.id)
        #expect(entry.itemCount == 4)
        #expect(try f.diary.spots.list().isEmpty && f.diary.trips.list().isEmpty && f.diary.catches.list().isEmpty)
        try f.diary.trash.restore(entry.batchId)
        #expect(try f.diary.trips.list().count == 2)
        #expect(try f.diary.trips.record(second.id).deletedAt == nil)
        #expect(try f.diary.catches.list().count == 1)
    }

    @Test(
        "Given a catch deleted on its own before its trip, when the trip is restored, then the catch stays in the Trash"
    )
    func separateDeletesStaySeparate() throws {
        let f = try DiaryFixture()
        let lone = try f.diary.catches.add(f.catchDraft())
        let other = try f.diary.catches.add(f.catchDraft("perca-fluviatilis"))
        try f.diary.trash.put(.catch, lone.id)
        try f.diary.trash.put(.trip, f.trip.id)
        let refusal = #expect(throws: StoreError.self) { try f.diary.trash.restore(lone.id) }
        #expect(refusal?.description.contains("in the Trash; restore it first") == true)
        try f.diary.trash.restore(f.trip.id)
        #expect(try f.diary.catches.list().map(\.id) == [other.id])
        try f.diary.trash.restore(lone.id)
        #expect(try f.diary.catches.list().count == 2)
    }

    @Test("Given a catch that went with its trip, when restored alone, then the answer names the trip to restore")
    func restoreChildOfBatch() throws {
        let f = try DiaryFixture()
        let item = try f.diary.catches.add(f.catchDraft())
        try f.diary.trash.put(.trip, f.trip.id)
        let error = #expect(throws: StoreError.self) { try f.diary.trash.restore(item.id) }
        #expect(error?.description.contains("went to the Trash with trip \(f.trip.id.uuidString.lowercased())") == true)
    }

    @Test("Given trashed objects, when the Trash is emptied, then they are gone for good and live data stays")
    func emptyTrash() throws {
        let f = try DiaryFixture()
        let keep = try f.diary.catches.add(f.catchDraft())
        let drop = try f.diary.catches.add(f.catchDraft("perca-fluviatilis"))
        try f.diary.trash.put(.catch, drop.id)
        #expect(try f.diary.trash.empty() == 1)
        #expect(throws: StoreError.self) { try f.diary.catches.record(drop.id) }
        #expect(try f.diary.catches.list().map(\.id) == [keep.id])
        #expect(try f.diary.trash.entries().isEmpty)
        #expect(try f.diary.integrityCheck() == "ok")
    }

    @Test("Given an object in the Trash, when edited or deleted again, then it is refused")
    func trashedObjectsAreFrozen() throws {
        let f = try DiaryFixture()
        try f.diary.trash.put(.spot, f.spot.id)
        #expect(throws: StoreError.self) { try f.diary.spots.update(f.spot.id) { $0.name = "x" } }
        #expect(throws: StoreError.self) { try f.diary.trash.put(.spot, f.spot.id) }
        let error = #expect(throws: ValidationError.self) { try f.diary.trips.add(TripDraft(spotId: f.spot.id)) }
        #expect(error?.fields == ["spotId"])
    }
}

@Suite("Sync outbox (ready for T3)")
struct OutboxTests {
    @Test("Given several edits of one object, when recorded, then the outbox holds one row with a newer mutation id")
    func coalescing() throws {
        let f = try DiaryFixture()
        let first = try #require(try f.diary.outbox.pending().first { $0.entityId == f.spot.id })
        try f.diary.spots.update(f.spot.id) { $0.notes = "one" }
        try f.diary.spots.update(f.spot.id) { $0.notes = "two" }
        let rows = try f.diary.outbox.pending().filter { $0.entityId == f.spot.id }
        #expect(rows.count == 1)
        #expect(rows[0].mutationId > first.mutationId)
        #expect(rows[0].operation == .upsert)
    }

    @Test("Given every kind of write, when done, then each changed object has its pending change in order")
    func everyWriteRecorded() throws {
        let f = try DiaryFixture()
        let item = try f.diary.catches.add(f.catchDraft())
        try f.diary.trash.put(.trip, f.trip.id)
        let changes = try f.diary.outbox.pending()
        #expect(changes.map(\.entityType) == [.spot, .catch, .trip])
        #expect(changes.filter { $0.entityId == item.id }.map(\.operation) == [.delete])
        #expect(changes.map(\.mutationId) == changes.map(\.mutationId).sorted())
    }

    @Test(
        "Given a change in flight, when the object changes again and the old send is acknowledged, then the new change stays"
    )
    func twoPhaseSend() throws {
        let f = try DiaryFixture()
        let sent = try f.diary.outbox.pending()
        try f.diary.outbox.markInFlight(sent.map(\.mutationId))
        #expect(try f.diary.outbox.pending().allSatisfy(\.inFlight))
        try f.diary.spots.update(f.spot.id) { $0.name = "Renamed while sending" }
        try f.diary.outbox.acknowledge(sent.map(\.mutationId))
        let left = try f.diary.outbox.pending()
        #expect(left.map(\.entityId) == [f.spot.id])
        #expect(left.first?.inFlight == false)
    }

    @Test("Given changes in flight at launch, when released, then they are pending again")
    func releaseAtLaunch() throws {
        let f = try DiaryFixture()
        try f.diary.outbox.markInFlight(try f.diary.outbox.pending().map(\.mutationId))
        try f.diary.outbox.releaseInFlight()
        #expect(try f.diary.outbox.pending().allSatisfy { !$0.inFlight })
    }

    @Test("Given a failed write, when it rolls back, then its outbox entry rolls back with it")
    func atomicWithData() throws {
        let f = try DiaryFixture()
        let before = try f.diary.outbox.pending()
        #expect(throws: (any Error).self) {
            try f.diary.spots.update(f.spot.id) { $0.latitude = 123 }
        }
        #expect(try f.diary.outbox.pending() == before)
        #expect(try f.diary.spots.record(f.spot.id) == f.spot)
    }

    @Test("Given a diary, when reopened, then its replica id is stable")
    func replicaIdStable() throws {
        let f = try DiaryFixture()
        let again = try f.storage.openDiary(named: "Anna", pin: nil)
        #expect(try again.replicaId() == f.diary.replicaId())
    }
}

@Suite("Conditions stored with trips and catches (T14)")
struct ConditionsStoreTests {
    func sample(complete: Bool) -> StoredConditions {
        StoredConditions(
            temperatureC: 14.5, pressureHpa: 1012, pressureChange3h: -1.2, pressureTendency: "falling", windSpeedMs: 3,
            windDirectionDeg: 200, humidityPercent: 70, kp: 2.3, complete: complete, snapshotJSON: "{\"a\":1}",
            fetchedAt: Date(timeIntervalSince1970: 1_780_000_000))
    }

    @Test(
        "Given a catch, when conditions are saved, then they read back, the catch is queued for sync and leaves the fill queue"
    )
    func saveAndQueue() throws {
        let f = try DiaryFixture()
        let item = try f.diary.catches.add(f.catchDraft())
        #expect(try f.diary.conditions.toFill().map(\.entityId).contains(item.id))
        try f.diary.conditions.save(sample(complete: true), for: .catch, id: item.id)
        #expect(try f.diary.conditions.stored(for: .catch, id: item.id) == sample(complete: true))
        #expect(try !f.diary.conditions.toFill().map(\.entityId).contains(item.id))
        try f.diary.conditions.save(sample(complete: false), for: .catch, id: item.id)
        #expect(try f.diary.conditions.toFill().map(\.entityId).contains(item.id))
        let request = try f.diary.conditions.request(for: .catch, id: item.id)
        #expect(request.latitude == f.spot.latitude && request.time == item.caughtAt)
    }

    @Test(
        "Given stored conditions, when the catch's time or the spot's place changes, then they are dropped and queued again"
    )
    func invalidation() throws {
        let f = try DiaryFixture()
        let item = try f.diary.catches.add(f.catchDraft())
        try f.diary.conditions.save(sample(complete: true), for: .catch, id: item.id)
        try f.diary.conditions.save(sample(complete: true), for: .trip, id: f.trip.id)
        try f.diary.catches.update(item.id) { $0.notes = "same time" }
        #expect(try f.diary.conditions.stored(for: .catch, id: item.id) != nil)
        try f.diary.catches.update(item.id) { $0.caughtAt = item.caughtAt.addingTimeInterval(-60) }
        #expect(try f.diary.conditions.stored(for: .catch, id: item.id) == nil)
        try f.diary.conditions.save(sample(complete: true), for: .catch, id: item.id)
        try f.diary.spots.update(f.spot.id) { $0.latitude = 50 }
        #expect(try f.diary.conditions.stored(for: .catch, id: item.id) == nil)
        #expect(try f.diary.conditions.stored(for: .trip, id: f.trip.id) == nil)
    }

    @Test("Given bad figures or a spot, when conditions are saved, then the schema or the store refuses")
    func refusals() throws {
        let f = try DiaryFixture()
        var bad = sample(complete: true)
        bad.pressureHpa = 5000
        #expect(throws: SQLiteError.self) { try f.diary.conditions.save(bad, for: .trip, id: f.trip.id) }
        bad = sample(complete: true)
        bad.snapshotJSON = "{not json"
        #expect(throws: SQLiteError.self) { try f.diary.conditions.save(bad, for: .trip, id: f.trip.id) }
        #expect(throws: StoreError.self) {
            try f.diary.conditions.save(sample(complete: true), for: .spot, id: f.spot.id)
        }
    }

    @Test("Given a trashed catch with conditions, when the Trash is emptied, then its conditions go too")
    func purge() throws {
        let f = try DiaryFixture()
        let item = try f.diary.catches.add(f.catchDraft())
        try f.diary.conditions.save(sample(complete: true), for: .catch, id: item.id)
        try f.diary.trash.put(.catch, item.id)
        try f.diary.trash.empty()
        #expect(try f.diary.conditions.stored(for: .catch, id: item.id) == nil)
    }
}

@Suite("Restoring a version from the portal's history (T3)")
struct RestoreVersionTests {
    @Test(
        "Given a spot renamed since an earlier version, when that version is restored, then the name comes back as a new edit queued for sync"
    )
    func restoresAsAnEdit() throws {
        let f = try DiaryFixture()
        try f.diary.spots.update(f.spot.id) { $0.notes = "reeds on the north shore" }
        let earlier = try #require(try f.diary.outbox.outgoingMutations(limit: 10).first { $0.id == f.spot.id }?.fields)
        f.clock.advance(by: 60)
        try f.diary.spots.update(f.spot.id) { $0.notes = "dredged" }
        let queued = try #require(try f.diary.outbox.pending().first { $0.entityId == f.spot.id }).mutationId
        f.clock.advance(by: 60)

        try f.diary.restoreVersion(.spot, f.spot.id, fields: earlier)
        let spot = try f.diary.spots.record(f.spot.id)
        #expect(spot.notes == "reeds on the north shore")
        #expect(spot.updatedAt == f.clock.now, "an edit made now")
        let change = try #require(try f.diary.outbox.pending().first { $0.entityId == f.spot.id })
        #expect(change.mutationId > queued)
    }

    @Test(
        "Given a catch version from before its trip was shortened, when restored, then it is refused as any edit would be and nothing changes"
    )
    func judgedAsAnEdit() throws {
        let f = try DiaryFixture()
        var draft = f.catchDraft()
        draft.caughtAt = f.trip.startAt.addingTimeInterval(600)
        let fish = try f.diary.catches.add(draft)
        let early = try #require(try f.diary.outbox.outgoingMutations(limit: 10).first { $0.id == fish.id }?.fields)
        try f.diary.catches.update(fish.id) { $0.caughtAt = f.trip.startAt.addingTimeInterval(3_600) }
        try f.diary.trips.update(f.trip.id) { $0.startAt = f.trip.startAt.addingTimeInterval(1_800) }
        let before = try f.diary.catches.record(fish.id)

        #expect(throws: ValidationError.self) { try f.diary.restoreVersion(.catch, fish.id, fields: early) }
        #expect(try f.diary.catches.record(fish.id) == before)
    }

    @Test(
        "Given a version of another record, a photo's, or a record in the Trash, when restored, then it is refused and nothing changes"
    )
    func refusals() throws {
        let f = try DiaryFixture()
        let spotVersion = try #require(
            try f.diary.outbox.outgoingMutations(limit: 10).first { $0.id == f.spot.id }?.fields)
        #expect(throws: StoreError.self) { try f.diary.restoreVersion(.trip, f.trip.id, fields: spotVersion) }
        #expect(throws: StoreError.self) { try f.diary.restoreVersion(.media, f.spot.id, fields: spotVersion) }
        try f.diary.trash.put(.spot, f.spot.id)
        let before = try f.diary.outbox.pending()
        #expect(throws: StoreError.self) { try f.diary.restoreVersion(.spot, f.spot.id, fields: spotVersion) }
        #expect(try f.diary.spots.record(f.spot.id).deletedAt != nil, "still in the Trash")
        #expect(try f.diary.outbox.pending() == before)
    }
}
