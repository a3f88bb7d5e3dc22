import DiaryStore
import FishingModel
import Foundation
import MediaLibrary
import TestSupport

/// A profile's diary with a spot at the Neva embankment (185 m from where the sample photos were
/// taken) and a trip there on the morning they were taken, its media store and importer.
struct MediaFixture {
    let folder: URL
    let storage: DeviceStorage
    let diary: Diary
    let store: MediaStore
    let importer: MediaImporter
    let spot: Spot
    let trip: Trip

    init() throws {
        folder = try temporaryFolder("media")
        storage = try DeviceStorage(root: folder, now: TestClock().function)
        try storage.addProfile(ProfileDraft(displayName: "Anna"))
        diary = try storage.openDiary(named: "Anna", pin: nil)
        store = try MediaStore(diary: diary)
        importer = MediaImporter(store: store)
        spot = try diary.spots.add(SpotDraft(name: "Neva", latitude: 59.937, longitude: 30.315))
        trip = try diary.trips.add(
            TripDraft(
                spotId: spot.id, startAt: Date(timeIntervalSince1970: 1_717_210_800), utcOffsetSeconds: 10_800))
    }

    /// Imports a sample file.
    @discardableResult
    func importFixture(_ name: String, to target: MediaTarget? = nil) throws -> MediaAddition {
        try importer.importMedia(MediaSource(url: mediaFixture(name), target: target))
    }

    /// Every regular file under the store's folder, as paths relative to it.
    func files() throws -> [String] {
        let enumerator = FileManager.default.enumerator(at: store.root, includingPropertiesForKeys: [.isRegularFileKey])
        return (enumerator?.allObjects as? [URL] ?? []).filter {
            (try? $0.resourceValues(forKeys: [.isRegularFileKey]))?.isRegularFile == true
        }
        .map { String($0.path.dropFirst(store.root.path.count + 1)) }.sorted()
    }
}
