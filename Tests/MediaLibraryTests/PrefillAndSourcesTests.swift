import DiaryStore
import FishingModel
import Foundation
import Geodesy
import MediaLibrary
import MediaMetadata
import TestSupport
import Testing

@Suite("Catch prefill from a photo, and the camera and library sources (T16, T17)")
struct PrefillAndSourcesTests {
    /// A spot `meters` north of (59.9386, 30.3141), where photo_exif_full.jpg was taken.
    func spot(_ name: String, metersNorth meters: Double, trashed: Bool = false) -> Spot {
        Spot(
            id: UUID(), name: name, latitude: 59.9386 + meters / 111_370, longitude: 30.3141, createdAt: .distantPast,
            updatedAt: .distantPast, deletedAt: trashed ? .distantPast : nil)
    }

    func trip(at spot: Spot, from start: String, to end: String?) -> Trip {
        func date(_ text: String) -> Date { DiaryTime.parse(text, defaultOffsetSeconds: 0)!.date }
        return Trip(
            id: UUID(), spotId: spot.id, startAt: date(start), endAt: end.map(date), utcOffsetSeconds: 10_800,
            createdAt: .distantPast, updatedAt: .distantPast)
    }

    @Test(
        "Given a photo with EXIF time, offset and GPS, when it prefills a catch, then the time keeps its offset and the nearest live spot within 500 m is suggested"
    )
    func photoWithEverything() throws {
        let metadata = try MediaMetadataReader.read(fileAt: mediaFixture("photo_exif_full.jpg"))
        let near = spot("Near", metersNorth: 300)
        let prefill = CatchPrefill(
            metadata: metadata,
            spots: [spot("Far", metersNorth: 2_000), near, spot("Trashed", metersNorth: 10, trashed: true)],
            deviceOffset: { _ in 0 })
        #expect(prefill.caughtAt == Date(timeIntervalSince1970: 1_717_212_615))
        #expect(prefill.utcOffsetSeconds == 10_800)
        #expect(prefill.nearestSpot?.spot == near)
        #expect(abs((prefill.nearestSpot?.meters ?? 0) - 300) < 2)
        #expect(CatchPrefill(metadata: metadata, spots: [spot("Edge", metersNorth: 520)]).nearestSpot == nil)
        var draft = CatchDraft()
        prefill.fillTime(of: &draft)
        #expect(
            DiaryTime.iso8601(draft.caughtAt!, utcOffsetSeconds: draft.utcOffsetSeconds!) == "2024-06-01T06:30:15+03:00"
        )
    }

    @Test(
        "Given trips at the suggested spot, when the catch's trip is chosen, then it is the latest live one covering the time"
    )
    func choosesTrip() throws {
        let metadata = try MediaMetadataReader.read(fileAt: mediaFixture("photo_exif_full.jpg"))
        let near = spot("Near", metersNorth: 100)
        let prefill = CatchPrefill(metadata: metadata, spots: [near])
        let time = try #require(prefill.caughtAt)
        let openOld = trip(at: near, from: "2024-05-30T05:00:00+03:00", to: nil)
        let covering = trip(at: near, from: "2024-06-01T05:00:00+03:00", to: "2024-06-01T09:00:00+03:00")
        let ended = trip(at: near, from: "2024-06-01T06:35:00+03:00", to: "2024-06-01T08:00:00+03:00")
        let elsewhere = trip(at: spot("Other", metersNorth: 50), from: "2024-06-01T06:00:00+03:00", to: nil)
        #expect(prefill.trip(among: [openOld, covering, ended, elsewhere], at: time) == covering)
        #expect(prefill.trip(among: [openOld, ended], at: time) == openOld)
        #expect(prefill.trip(among: [ended], at: time) == nil)
    }

    @Test(
        "Given a photo whose EXIF time has no offset, when it prefills a catch, then the wall-clock time is read in the device's zone"
    )
    func wallClockPhoto() throws {
        let metadata = try MediaMetadataReader.read(fileAt: mediaFixture("photo_big_endian_progressive.jpg"))
        #expect(metadata.hasWallClockCaptureTime)
        let prefill = CatchPrefill(metadata: metadata, spots: [], deviceOffset: { _ in -14_400 })
        #expect(prefill.utcOffsetSeconds == -14_400)
        #expect(DiaryTime.iso8601(prefill.caughtAt!, utcOffsetSeconds: -14_400) == "2022-08-15T21:45:30-04:00")
        #expect(prefill.coordinate == Coordinate(latitude: 45.50625, longitude: -73.575))
    }

    @Test(
        "Given a video (UTC in the file) and a photo without GPS, when they prefill, then the instant stays and no spot is guessed"
    )
    func videoAndNoGPS() throws {
        let video = try MediaMetadataReader.read(fileAt: mediaFixture("video_location.mp4"))
        #expect(!video.hasWallClockCaptureTime)
        let prefill = CatchPrefill(metadata: video, spots: [], deviceOffset: { _ in 7_200 })
        #expect(prefill.caughtAt == video.capturedAt && prefill.utcOffsetSeconds == 7_200)
        let plain = CatchPrefill(
            metadata: try MediaMetadataReader.read(fileAt: mediaFixture("photo_no_exif.jpg")),
            spots: [spot("Near", metersNorth: 0)])
        #expect(plain == CatchPrefill(metadata: MediaMetadata(format: .jpeg), spots: []))
    }

    /// A camera that "shoots" by copying a sample into a temporary file, as the app's would.
    struct SampleCamera: CameraCapture {
        func capture(_ mode: CaptureMode, for target: MediaTarget?) async throws -> MediaSource? {
            let sample = mode == .photo ? "photo_iloc_v0.heic" : "video_keys_location.mov"
            let shot = try temporaryFolder("camera").appendingPathComponent(UUID().uuidString)
            try FileManager.default.copyItem(at: mediaFixture(sample), to: shot)
            return MediaSource(
                url: shot, originalName: mode == .photo ? "IMG_0001.HEIC" : "IMG_0002.MOV", target: target)
        }
    }

    /// A library holding the sample files.
    struct SampleLibrary: PhotoLibraryPicker {
        func pick(limit: Int, for target: MediaTarget?) async throws -> [MediaSource] {
            ["photo_exif.png", "video_no_location.mp4", "photo_plain.png"].prefix(limit).map {
                MediaSource(url: mediaFixture($0), target: target)
            }
        }
    }

    @Test(
        "Given a camera and a photo library, when each hands over media for a trip, then one pipeline stores them all linked to it"
    )
    func onePipeline() async throws {
        let f = try MediaFixture()
        let target = MediaTarget(.trip, f.trip.id)
        var sources: [MediaSource] = []
        for mode in CaptureMode.allCases {
            sources.append(try #require(try await SampleCamera().capture(mode, for: target)))
        }
        sources += try await SampleLibrary().pick(limit: 2, for: target)
        let added = try sources.map { try f.importer.importMedia($0) }
        #expect(
            added.map(\.asset.originalName) == [
                "IMG_0001.HEIC", "IMG_0002.MOV", "photo_exif.png", "video_no_location.mp4",
            ])
        #expect(added.map(\.asset.kind) == [.photo, .video, .photo, .video])
        #expect(try f.diary.media.assets(linkedTo: target).count == 4)
    }
}
