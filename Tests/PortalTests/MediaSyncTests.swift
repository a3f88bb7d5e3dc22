import DiaryStore
import FishingModel
import Foundation
import MediaLibrary
import PortalStore
import SyncClient
import SyncProtocol
import TestSupport
import Testing

/// Photos and videos between devices (T3, T4): rows sync like every record, the bytes upload
/// after the push and download when another device opens them.
@Suite("Media sync between devices", .timeLimit(.minutes(2)))
struct MediaSyncTests {
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("MediaMetadataTests/Fixtures")

    func contentURL(_ device: TestDevice) throws -> @Sendable (String) -> URL {
        let root = try MediaStore(diary: device.diary).root
        return { MediaStore.contentURL(root, $0) }
    }

    @Test(
        "Given a photo of a catch on the phone, when both devices sync, then the tablet has the row and its link, and fetches the same bytes when it opens it",
        arguments: Backend.available)
    func photoTravels(backend: Backend) async throws {
        let portal = try PortalHarness(backend)
        let (phone, tablet) = try await portal.phoneAndTablet()
        let (_, _, fish) = try phone.logTrip(catches: 1)
        let photo = try MediaImporter(store: try MediaStore(diary: phone.diary)).importMedia(
            MediaSource(
                url: Self.fixtures.appendingPathComponent("photo_exif_full.jpg"),
                target: MediaTarget(.catch, fish[0].id)))

        let pushed = try await phone.sync.sync(phone.queue, contentURL: try contentURL(phone))
        #expect(pushed.pushed == 4)
        #expect(pushed.mediaUploaded == 1)
        let account = try #require(try phone.diary.sync.account()).accountId
        #expect(try portal.store.media.size(account: account, sha256: photo.asset.sha256) == photo.asset.byteSize)
        let again = try await phone.sync.sync(phone.queue, contentURL: try contentURL(phone))
        #expect(again.mediaUploaded == 0, "uploaded once")

        let pulled = try await tablet.sync.sync(tablet.queue, contentURL: try contentURL(tablet))
        #expect(pulled.pulled == 4)
        let next = try await tablet.sync.sync(tablet.queue, contentURL: try contentURL(tablet))
        #expect(next.mediaUploaded == 1, "the tablet finds the portal already holds the bytes")
        let row = try tablet.diary.media.asset(photo.asset.id)
        #expect(row.sha256 == photo.asset.sha256)
        #expect(row.links == [MediaTarget(.catch, fish[0].id)])
        #expect(row.metadata == photo.asset.metadata)

        let store = try MediaStore(diary: tablet.diary)
        #expect(!store.hasContent(row))
        try await MediaTransfer(transport: portal.transport(), sleep: { _ in }).download(
            sha256: row.sha256, to: store.contentURL(row.sha256),
            token: try #require(try tablet.diary.sync.account()?.token))
        let exported = try store.export(row.id, to: try temporaryFolder("export").appendingPathComponent("pike.jpg"))
        #expect(
            try Data(contentsOf: exported)
                == Data(contentsOf: Self.fixtures.appendingPathComponent("photo_exif_full.jpg")))

        try phone.diary.trash.put(.media, photo.asset.id)
        try await phone.synchronise()
        try await tablet.synchronise()
        #expect(try tablet.diary.media.asset(photo.asset.id).deletedAt != nil, "deleted there too, into the Trash")
    }

    @Test(
        "Given a video whose catch has not reached the tablet yet, when the rows arrive out of order, then it waits and is linked once the catch arrives",
        arguments: Backend.available)
    func linkWaitsForItsObject(backend: Backend) async throws {
        let portal = try PortalHarness(backend)
        let (phone, tablet) = try await portal.phoneAndTablet()
        let (_, _, fish) = try phone.logTrip(catches: 1)
        try await phone.synchronise()
        let video = try MediaImporter(store: try MediaStore(diary: phone.diary)).importMedia(
            MediaSource(
                url: Self.fixtures.appendingPathComponent("video_location.mp4"), target: MediaTarget(.catch, fish[0].id)
            ))
        // The catch changes after the video: its newer version comes after the video in the pull.
        phone.clock.advance(by: 5)
        _ = try phone.diary.catches.update(fish[0].id) { $0.notes = "with a video" }
        try await phone.synchronise()
        var tabletSync = tablet.sync
        tabletSync.pageSize = 1
        _ = try await tabletSync.sync(tablet.queue)
        #expect(try tablet.diary.media.asset(video.asset.id).links == [MediaTarget(.catch, fish[0].id)])
        #expect(try tablet.diary.outbox.parked().isEmpty)
    }
}
