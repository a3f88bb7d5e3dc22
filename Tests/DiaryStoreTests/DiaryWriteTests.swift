import DiaryStore
import FishingModel
import Foundation
import SQLiteDB
import TestSupport
import Testing

@Suite("Diary writes: validation in Swift, nothing saved when anything is wrong (T19)")
struct DiaryWriteTests {
    @Test("Given a valid catch, when saved, then it reads back exactly with device-clock times (T11)")
    func saveAndRead() throws {
        let f = try DiaryFixture()
        var draft = f.catchDraft()
        draft.lengthCm = 68
        draft.baitId = "spoon"
        draft.methodId = "spinning"
        draft.released = true
        let saved = try f.diary.catches.add(draft)
        #expect(try f.diary.catches.record(saved.id) == saved)
        #expect(saved.caughtAt == f.clock.now)
        #expect(saved.createdAt == f.clock.now)
        #expect(saved.count == 1)
        #expect(try f.diary.catches.list(tripId: f.trip.id) == [saved])
    }

    @Test("Given a catch with several problems, when saved, then all are reported together and nothing changes")
    func allIssuesAtOnce() throws {
        let f = try DiaryFixture()
        let outboxBefore = try f.diary.outbox.pending()
        var draft = CatchDraft(tripId: UUID(), speciesId: "kraken", weightKg: -3, baitId: "dynamite", methodId: "net")
        draft.count = 0
        let error = #expect(throws: ValidationError.self) { try f.diary.catches.add(draft) }
        #expect(error?.fields == ["count", "weightKg", "species", "bait", "method", "tripId"])
        #expect(try f.diary.catches.list().isEmpty)
        #expect(try f.diary.outbox.pending() == outboxBefore)
    }

    @Test("Given an unknown species close to a real name, when saved, then the error suggests entries")
    func suggestions() throws {
        let f = try DiaryFixture()
        let error = #expect(throws: ValidationError.self) { try f.diary.catches.add(f.catchDraft("pike")) }
        #expect(error?.issues.first?.message.contains("Northern pike (esox-lucius)") == true)
    }

    @Test("Given names typed by a person, when resolved, then English, Russian and Latin names find the id")
    func resolveNames() throws {
        let f = try DiaryFixture()
        #expect(try f.diary.resolveDirectoryReference(.species, "northern PIKE") == "esox-lucius")
        #expect(try f.diary.resolveDirectoryReference(.species, "Щука обыкновенная") == "esox-lucius")
        #expect(try f.diary.resolveDirectoryReference(.species, "Esox lucius") == "esox-lucius")
        #expect(try f.diary.resolveDirectoryReference(.species, "nothing like it") == "nothing like it")
        #expect(try f.diary.directoryEntries(.species, search: "ёрш").contains { $0.id == "gymnocephalus-cernua" })
    }

    @Test("Given a catch outside its trip's time, when saved, then the time is refused")
    func catchWithinTrip() throws {
        let f = try DiaryFixture()
        var draft = f.catchDraft()
        draft.caughtAt = f.trip.startAt.addingTimeInterval(-60)
        let error = #expect(throws: ValidationError.self) { try f.diary.catches.add(draft) }
        #expect(error?.fields == ["time"])
    }

    @Test("Given a trip with catches, when its end is moved before the last catch, then the edit is refused")
    func tripEditKeepsCatchesInside() throws {
        let f = try DiaryFixture()
        let item = try f.diary.catches.add(f.catchDraft())
        let error = #expect(throws: ValidationError.self) {
            try f.diary.trips.update(f.trip.id) { $0.endAt = item.caughtAt.addingTimeInterval(-1) }
        }
        #expect(error?.fields == ["end"])
        #expect(try f.diary.trips.record(f.trip.id).endAt == nil)
    }

    @Test("Given an edit, when saved, then updatedAt moves and createdAt stays")
    func editTimes() throws {
        let f = try DiaryFixture()
        f.clock.advance(by: 60)
        let edited = try f.diary.spots.update(f.spot.id) { $0.notes = "Snags near the willow" }
        #expect(edited.createdAt == f.spot.createdAt)
        #expect(edited.updatedAt == f.clock.now)
        #expect(try f.diary.spots.record(f.spot.id).notes == "Snags near the willow")
    }

    @Test("Given a batch with one bad catch, when saved, then none of the batch is saved")
    func batchIsAtomic() throws {
        let f = try DiaryFixture()
        let before = try f.diary.outbox.pending().count
        #expect(throws: ValidationError.self) {
            try f.diary.catches.add(contentsOf: [f.catchDraft(), f.catchDraft(), f.catchDraft(weightKg: 99_999)])
        }
        #expect(try f.diary.catches.list().isEmpty)
        #expect(try f.diary.outbox.pending().count == before)
    }

    @Test("Given a shortened id, when resolved, then a unique prefix finds the object and an ambiguous one is refused")
    func idPrefixes() throws {
        let f = try DiaryFixture()
        let text = f.trip.id.uuidString.lowercased()
        #expect(try f.diary.resolveId(String(text.prefix(8)), .trip) == f.trip.id)
        #expect(throws: StoreError.self) { try f.diary.resolveId("zzzz", .trip) }
        #expect(throws: StoreError.self) { try f.diary.resolveId(String(text.prefix(8)), .spot) }
    }
}

@Suite("Spot places (T10)")
struct SpotPlaceTests {
    /// Labels every point with its rounded coordinates, so tests can see when labelling happened.
    struct FakeLabeler: PlaceLabeling {
        func label(latitude: Double, longitude: Double) -> PlaceLabel? {
            PlaceLabel(
                settlement: "S\(Int(latitude))", region: nil, country: "Testland", countryCode: "TL", distanceKm: 1.5,
                bearingFromSettlement: 45, description: "near \(Int(latitude)),\(Int(longitude))")
        }
    }

    @Test("Given a labeler, when a spot is saved and then moved, then its place follows; a rename keeps it")
    func placeFollowsCoordinates() throws {
        let folder = try temporaryFolder("places")
        let storage = try DeviceStorage(root: folder, placeLabeler: FakeLabeler())
        try storage.addProfile(ProfileDraft(displayName: "Anna"))
        let diary = try storage.openDiary(named: "Anna", pin: nil)
        let spot = try diary.spots.add(SpotDraft(name: "Lake", latitude: 10.2, longitude: 20.7))
        #expect(spot.place?.description == "near 10,20")
        #expect(try diary.spots.record(spot.id).place == spot.place)
        let moved = try diary.spots.update(spot.id) { $0.latitude = 30.1 }
        #expect(moved.place?.settlement == "S30")
        let renamed = try diary.spots.update(spot.id) { $0.name = "Big lake" }
        #expect(renamed.place == moved.place)
    }

    @Test("Given an edit that changes nothing, when saved, then nothing is written and no change is queued")
    func noOpEdit() throws {
        let f = try DiaryFixture()
        let before = try f.diary.outbox.pending()
        f.clock.advance(by: 60)
        let same = try f.diary.trips.update(f.trip.id) { $0.title = nil }
        #expect(same == f.trip)
        #expect(try f.diary.outbox.pending() == before)
    }
}
