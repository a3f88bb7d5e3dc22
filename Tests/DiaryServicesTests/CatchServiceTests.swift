import DiaryServices
import DiaryStore
import DiaryWeather
import FishingModel
import Foundation
import MediaLibrary
import TestSupport
import Testing
import Weather

/// Adding a catch the one way the catch editor and `hobbystory catch add` share (issue 32 §2):
/// the catch, then its conditions, then the photo it was logged from.
@Suite("Adding a catch", .timeLimit(.minutes(1)))
struct CatchServiceTests {
    typealias Fixture = DiaryServicesTests.Fixture

    static func service(_ f: Fixture) -> CatchService {
        CatchService(
            diary: f.diary,
            conditions: ConditionsService(
                diary: f.diary,
                weather: WeatherService(cache: nil, transport: OfflineTransport(), clock: f.clock.function)))
    }

    @Test(
        "Given a catch with a photo, when added with its conditions awaited, then the catch, its conditions and the linked photo are all stored when it returns"
    )
    func addsCatchConditionsAndPhoto() async throws {
        let f = try Fixture()
        let (_, trip) = try f.neva()
        let draft = CatchDraft(
            tripId: trip.id, speciesId: "esox-lucius", caughtAt: trip.startAt.addingTimeInterval(3600),
            utcOffsetSeconds: 3 * 3600)
        let added = try await Self.service(f).add(
            draft, photo: MediaSource(url: mediaFixture("photo_exif_full.jpg"), target: nil), conditions: .awaited)
        #expect(added.photoFailure == nil)
        let (item, conditions, linked) = try await f.diary.read { diary in
            (
                try diary.catches.record(added.item.id), try diary.conditions.stored(for: .catch, id: added.item.id),
                try diary.media.assets(linkedTo: MediaTarget(.catch, added.item.id))
            )
        }
        #expect(item.tripId == trip.id && item.speciesId == "esox-lucius")
        #expect(
            conditions != nil && conditions?.complete == false,
            "the offline part of the conditions is stored before add returns; the rest stays queued")
        #expect(linked.map(\.id) == [try #require(added.photo).asset.id])
    }

    @Test(
        "Given a catch outside its trip, when added with a photo, then it is refused naming the field and neither the catch nor the photo is stored"
    )
    func invalidCatchSavesNothing() async throws {
        let f = try Fixture()
        let (_, trip) = try f.neva()
        let draft = CatchDraft(
            tripId: trip.id, speciesId: "esox-lucius", caughtAt: trip.startAt.addingTimeInterval(-86_400),
            utcOffsetSeconds: 3 * 3600)
        await #expect {
            _ = try await Self.service(f).add(
                draft, photo: MediaSource(url: mediaFixture("photo_exif_full.jpg"), target: nil),
                conditions: .inBackground)
        } throws: { error in
            (error as? ValidationError)?.issues.contains { $0.field == CatchField.time.rawValue } == true
        }
        let (catches, media) = try await f.diary.read { try ($0.catches.list(), $0.media.assets()) }
        #expect(catches.isEmpty && media.isEmpty)
    }

    @Test(
        "Given a photo that cannot be read, when a catch is added with it, then the catch is saved and the photo's failure is given back, nothing half-imported"
    )
    func photoFailureKeepsTheCatch() async throws {
        let f = try Fixture()
        let (_, trip) = try f.neva()
        let added = try await Self.service(f).add(
            CatchDraft(tripId: trip.id, speciesId: "esox-lucius", caughtAt: trip.startAt, utcOffsetSeconds: 3 * 3600),
            photo: MediaSource(url: f.folder.appendingPathComponent("missing.jpg"), target: nil),
            conditions: .inBackground)
        #expect(added.photoFailure != nil && added.photo == nil)
        let (stored, media) = try await f.diary.read { try ($0.catches.record(added.item.id), $0.media.assets()) }
        #expect(stored.id == added.item.id && media.isEmpty)
    }
}
