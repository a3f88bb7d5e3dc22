import DiaryStore
import FishingModel
import Foundation
import TestSupport

/// A device storage in a fresh folder with a movable clock, and a ready profile with a spot and trip.
struct DiaryFixture {
    let folder: URL
    let clock: TestClock
    let storage: DeviceStorage
    let diary: Diary
    let spot: Spot
    let trip: Trip

    init(profile: String = "Anna", pin: String? = nil) throws {
        folder = try temporaryFolder("diary")
        clock = TestClock()
        storage = try DeviceStorage(root: folder, now: clock.function)
        try storage.addProfile(ProfileDraft(displayName: profile, pin: pin))
        diary = try storage.openDiary(named: profile, pin: pin)
        spot = try diary.spots.add(
            SpotDraft(name: "Volga bend", latitude: 56.84, longitude: 35.9, waterBodyTypeId: "river"))
        trip = try diary.trips.add(TripDraft(spotId: spot.id, startAt: clock.now.addingTimeInterval(-7200)))
    }

    func catchDraft(_ species: String = "esox-lucius", weightKg: Double? = 2.5) -> CatchDraft {
        CatchDraft(tripId: trip.id, speciesId: species, weightKg: weightKg)
    }
}
