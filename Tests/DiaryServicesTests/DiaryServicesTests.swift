import DiaryServices
import DiaryStore
import DiaryWeather
import FishingModel
import Foundation
import MediaLibrary
import TestSupport
import Testing
import Weather

/// The use cases the app's screens and the command line share (issue 13 §2), against a real
/// diary, real media files and a local server speaking the weather providers' formats.
@Suite("Diary services", .timeLimit(.minutes(1)))
struct DiaryServicesTests {
    /// 2025-11-29T10:00:00Z, the "now" of the weather fixtures.
    static let now = Date(timeIntervalSince1970: 1_764_410_400)

    struct Fixture {
        let clock = TestClock(DiaryServicesTests.now)
        let folder: URL
        let diary: DiaryQueue

        init() throws {
            folder = try temporaryFolder("services")
            let storage = try DeviceStorage(root: folder, now: clock.function)
            try storage.addProfile(ProfileDraft(displayName: "Anna"))
            diary = DiaryQueue(try storage.openDiary(named: "Anna", pin: nil))
        }

        /// A spot on the Neva 185 m from where the sample photos were taken, and a trip there
        /// on the morning of 2024-06-01 (05:00–09:00 at +03:00).
        func neva() throws -> (Spot, Trip) {
            try diary.write { diary in
                let spot = try diary.spots.add(SpotDraft(name: "Neva", latitude: 59.937, longitude: 30.315))
                let start = try #require(DiaryTime.parse("2024-06-01T05:00:00+03:00", defaultOffsetSeconds: 0))
                let trip = try diary.trips.add(
                    TripDraft(
                        spotId: spot.id, startAt: start.date, endAt: start.date.addingTimeInterval(4 * 3600),
                        utcOffsetSeconds: start.utcOffsetSeconds))
                return (spot, trip)
            }
        }
    }

    @Test(
        "Given a photo taken 185 m from a spot during a trip there, when suggested, then the draft gets the photo's time and that trip"
    )
    func photoFindsItsTrip() async throws {
        let f = try Fixture()
        let (_, trip) = try f.neva()
        let service = PhotoCatchService(diary: f.diary, now: f.clock.function)
        let suggestion = try await service.suggest(
            for: CatchDraft(speciesId: "esox-lucius"), photoAt: mediaFixture("photo_iloc_v2_idat.heic"))
        #expect(suggestion.trip?.id == trip.id)
        #expect(suggestion.draft.tripId == trip.id)
        #expect(
            suggestion.draft.caughtAt.map { DiaryTime.iso8601($0, utcOffsetSeconds: 10_800) }
                == "2024-06-01T06:30:15+03:00")
        #expect(suggestion.tripProblem == nil)
        #expect((150...220).contains(suggestion.prefill.nearestSpot?.meters ?? 0))
    }

    @Test(
        "Given photos without a position, far from every spot, or outside every trip, when suggested, then each says why no trip, without naming a CLI option"
    )
    func photoProblems() async throws {
        let f = try Fixture()
        _ = try f.neva()
        let service = PhotoCatchService(diary: f.diary, now: f.clock.function)
        let noGPS = try await service.suggest(for: CatchDraft(), photoAt: mediaFixture("photo_no_exif.jpg"))
        #expect(noGPS.tripProblem == .noPosition)
        let far = try await service.suggest(for: CatchDraft(), photoAt: mediaFixture("video_user_data_keys.mp4"))
        guard case .noSpotNearby = far.tripProblem else {
            Issue.record("expected no spot nearby, got \(String(describing: far.tripProblem))")
            return
        }
        let late = try #require(DiaryTime.parse("2024-06-01T10:00:00+03:00", defaultOffsetSeconds: 0))
        let outside = try await service.suggest(
            for: CatchDraft(caughtAt: late.date, utcOffsetSeconds: late.utcOffsetSeconds),
            photoAt: mediaFixture("photo_iloc_v2_idat.heic"))
        #expect(outside.tripProblem?.description.hasPrefix("no live trip at Neva") == true)
        for problem in [noGPS.tripProblem, far.tripProblem, outside.tripProblem].compactMap({ $0 }) {
            #expect(!problem.description.contains("--"))
        }
        await #expect(throws: MediaStoreError.self) {
            _ = try await service.suggest(for: CatchDraft(), photoAt: f.folder.appendingPathComponent("missing.jpg"))
        }
    }

    @Test(
        "Given the network down, when a saved catch asks for its conditions, then the offline fields are stored and the record stays queued; when it returns, the queue fills"
    )
    func conditionsOfflineThenFilled() async throws {
        let f = try Fixture()
        let oslo = try await f.diary.write { diary in
            let spot = try diary.spots.add(SpotDraft(name: "Oslofjord", latitude: 59.91, longitude: 10.75))
            let trip = try diary.trips.add(
                TripDraft(spotId: spot.id, startAt: Self.now.addingTimeInterval(-1800), utcOffsetSeconds: 3600))
            return try diary.catches.add(
                CatchDraft(tripId: trip.id, speciesId: "esox-lucius", caughtAt: Self.now, utcOffsetSeconds: 3600))
        }
        let offline = ConditionsService(
            diary: f.diary, weather: WeatherService(cache: nil, transport: OfflineTransport(), clock: f.clock.function))
        let snapshot = try await offline.recordConditions(of: .catch, oslo.id, budget: .seconds(2))
        #expect(snapshot?.moonPhase != nil && snapshot?.temperature == nil)
        #expect(try await f.diary.read { try $0.conditions.toFill().map(\.entityId) }.contains(oslo.id))

        let server = try WeatherFixtureServer()
        var configuration = try WeatherConfiguration.fromEnvironment(server.environment)
        configuration.retry = RetryPolicy(maxAttempts: 1, initialDelay: .milliseconds(10))
        let online = ConditionsService(
            diary: f.diary,
            weather: WeatherService(configuration: configuration, cache: nil, clock: f.clock.function))
        let fill = try await online.fillQueued(budget: .seconds(10))
        await server.stop()
        #expect(fill.filled >= 1)
        #expect(fill.pending == 0)
        let stored = try await f.diary.read { try $0.conditions.stored(for: .catch, id: oslo.id) }
        #expect(stored?.temperatureC == 4.2)
    }

    @Test(
        "Given photos whose bytes are elsewhere and no sign-in, when fetched, then the service says so; with nothing missing it does nothing"
    )
    func downloadsNeedAnAccount() async throws {
        let f = try Fixture()
        let mediaRoot = try await f.diary.read {
            $0.fileURL.deletingLastPathComponent().appendingPathComponent("media")
        }
        let service = MediaDownloadService(
            diary: f.diary, mediaRoot: mediaRoot, transport: { _ in fatalError("no transport is needed") })
        #expect(try await service.fetchAll() == 0)
        let photo = mediaFixture("photo_exif_full.jpg")
        let asset = try await f.diary.write { diary in
            try MediaImporter(store: try MediaStore(diary: diary)).importMedia(MediaSource(url: photo, target: nil))
                .asset
        }
        #expect(service.missing([asset]).isEmpty)
        // As if the photo had come by sync from another device: the row is here, the bytes are not.
        try FileManager.default.removeItem(at: MediaStore.contentURL(mediaRoot, asset.sha256))
        #expect(service.missing([asset]).count == 1)
        await #expect(throws: MediaDownloadService.Problem.notSignedIn) { try await service.fetchMissing([asset]) }
    }
}
