import AppFeatures
import DiaryStore
import FishingModel
import Foundation
import MediaLibrary
import TestSupport
import Testing

#if canImport(JPEGThumbnails)
    import JPEGThumbnails
    /// Thumbnails as Linux draws them (Debian's libjpeg); none on a Mac.
    private let thumbnailMaker: (any ThumbnailMaking)? = JPEGThumbnailMaker()
#else
    private let thumbnailMaker: (any ThumbnailMaking)? = nil
#endif

/// Photos and videos as a season is reviewed (issue 30 §3): thumbnails made on import for the
/// grids of the gallery, the trip and the catch; the full-screen viewer swipes, zooms, shares
/// under the original name and deletes to the Trash with an undo.
@Suite("Media grids and the full-screen viewer")
@MainActor
struct MediaViewerModelTests {
    let formatter = MeasureFormatter(preferences: .defaults(for: .metric, language: .english), language: .english)

    /// A trip with a catch; two photos and a video of the catch and one photo of the trip,
    /// imported through the gallery with libjpeg's thumbnails.
    struct Season {
        let f: AppFixture
        let item: Catch
        let thumbnails: MediaThumbnails?
        let mediaFolder: URL
        let gallery: MediaModel
    }

    func season() async throws -> Season {
        let f = try AppFixture()
        let item = try await f.diary.write { [trip = f.trip] in
            try $0.catches.add(CatchDraft(tripId: trip.id, speciesId: "esox-lucius", caughtAt: trip.startAt))
        }
        let mediaFolder = MediaStore.folder(forDiaryAt: try await f.diary.read { $0.fileURL })
        let thumbnails = thumbnailMaker.map { MediaThumbnails(mediaFolder: mediaFolder, maker: $0) }
        let ofCatch = ConditionsReportsMediaTests.FileCamera(files: [
            mediaFixture("photo_exif_full.jpg"), mediaFixture("photo_south_west_below_sea.jpg"),
            mediaFixture("video_location.mp4"),
        ])
        let catchGallery = MediaModel(
            diary: f.diary, target: MediaTarget(.catch, item.id), camera: ofCatch, library: ofCatch, downloads: nil,
            thumbnails: thumbnails, language: .english)
        await catchGallery.chooseFromLibrary()
        let ofTrip = ConditionsReportsMediaTests.FileCamera(files: [mediaFixture("photo_big_endian_progressive.jpg")])
        let gallery = MediaModel(
            diary: f.diary, target: MediaTarget(.trip, f.trip.id), camera: ofTrip, library: ofTrip, downloads: nil,
            thumbnails: thumbnails, language: .english)
        await gallery.chooseFromLibrary()
        return Season(f: f, item: item, thumbnails: thumbnails, mediaFolder: mediaFolder, gallery: gallery)
    }

    func viewer(_ s: Season, opening index: Int) throws -> MediaViewerModel {
        MediaViewerModel(
            diary: s.f.diary,
            viewing: MediaViewing(target: MediaTarget(.trip, s.f.trip.id), assetId: s.gallery.assets[index].id),
            mediaFolder: s.mediaFolder, thumbnails: s.thumbnails, downloads: nil, formatter: formatter)
    }

    @Test(
        "Given photos imported to a catch and its trip, when the trip's page and gallery load, then all four show as tiles, the photos with thumbnails drawn on import, the video with its length"
    )
    func gridsShowThumbnails() async throws {
        let s = try await season()
        #expect(s.gallery.tiles.count == 4, "the trip's gallery holds its catches' photos too")
        let page = TripDetailModel(
            diary: s.f.diary, tripId: s.f.trip.id, formatter: formatter, thumbnails: s.thumbnails)
        try await page.load()
        #expect(page.media.map(\.id) == s.gallery.tiles.map(\.id))
        for tile in page.media {
            if tile.isVideo {
                #expect(tile.thumbnail == nil && tile.durationText != nil)
            } else if let thumbnails = s.thumbnails {
                let thumbnail = try #require(tile.thumbnail)
                #expect(thumbnail == thumbnails.url(tile.asset.sha256))
                #expect(FileManager.default.fileExists(atPath: thumbnail.path))
            }
        }
        let catchPage = CatchPageModel(
            diary: s.f.diary, catchId: s.item.id, formatter: formatter, thumbnails: s.thumbnails)
        try await catchPage.load()
        #expect(catchPage.media.count == 3, "the catch's page shows only its own")
    }

    @Test(
        "Given the viewer opened on the second item, when the angler swipes, pinches and double-taps, then it turns one item per long swipe, never past the ends, and zooms only a photo, within 1–5×"
    )
    func swipesAndZooms() async throws {
        let s = try await season()
        let viewer = try viewer(s, opening: 1)
        try await viewer.load()
        #expect(viewer.index == 1 && viewer.positionText == "2 of 4")
        await viewer.swiped(width: -20)
        #expect(viewer.index == 1, "a short drag is not a swipe")
        await viewer.swiped(width: 120)
        #expect(viewer.index == 0 && !viewer.canGoBack)
        await viewer.swiped(width: 120)
        #expect(viewer.index == 0)
        let photoIndex = try #require(viewer.items.firstIndex { $0.kind == .photo })
        while viewer.index < photoIndex { await viewer.showNext() }
        viewer.magnify(by: 3)
        viewer.magnify(by: 3)
        #expect(viewer.zoom == 5)
        await viewer.swiped(width: -200)
        #expect(viewer.index == photoIndex, "a zoomed photo pans rather than turns")
        viewer.toggleZoom()
        #expect(viewer.zoom == 1)
        viewer.toggleZoom()
        #expect(viewer.zoom == MediaViewerModel.doubleTapZoom)
        await viewer.showNext()
        #expect(viewer.zoom == 1, "every turn starts fitted")
        let videoIndex = try #require(viewer.items.firstIndex { $0.kind == .video })
        while viewer.index != videoIndex {
            await (viewer.index < videoIndex ? viewer.showNext() : viewer.showPrevious())
        }
        viewer.toggleZoom()
        #expect(viewer.zoom == 1 && viewer.isVideo)
        while viewer.canGoOn { await viewer.showNext() }
        await viewer.swiped(width: -120)
        #expect(viewer.index == 3)
    }

    @Test(
        "Given a photo full screen, when it is shared, then the file has its original name and its bytes; a photo whose bytes are on another device has no file and no problem"
    )
    func sharesUnderOriginalName() async throws {
        let s = try await season()
        let viewer = try viewer(s, opening: 0)
        try await viewer.load()
        let asset = try #require(viewer.current)
        let file = try #require(viewer.file)
        #expect(file.lastPathComponent == asset.originalName)
        #expect(try Data(contentsOf: file) == Data(contentsOf: MediaStore.contentURL(s.mediaFolder, asset.sha256)))
        for _ in viewer.items {
            let shown = try #require(viewer.current)
            if shown.links.contains(where: { $0.type == .catch }) {
                #expect(viewer.subject == MediaSubject(title: "Northern pike", place: "Volga bend"))
                #expect(viewer.titleText == "Northern pike" && viewer.captionText.hasPrefix("Volga bend · "))
            } else {
                #expect(viewer.subject == MediaSubject(title: "Volga bend", place: nil), "a trip's photo: its spot")
                #expect(viewer.titleText == "Volga bend" && !viewer.captionText.hasPrefix("Volga bend"))
            }
            await viewer.showNext()
        }

        try FileManager.default.removeItem(at: file.deletingLastPathComponent())
        try FileManager.default.removeItem(at: MediaStore.contentURL(s.mediaFolder, asset.sha256))
        let elsewhere = try self.viewer(s, opening: 0)
        try await elsewhere.load()
        #expect(elsewhere.file == nil && elsewhere.problem == nil)
    }

    @Test(
        "Given the viewer on a photo, when it is deleted, then it goes to the Trash and the next shows; Undo brings it back on screen; deleting the last one closes the viewer"
    )
    func deletesWithUndo() async throws {
        let s = try await season()
        let viewer = try viewer(s, opening: 1)
        try await viewer.load()
        let deleted = try #require(viewer.current)
        await viewer.request(MediaViewerModel.delete)
        #expect(viewer.items.count == 3 && !viewer.items.contains { $0.id == deleted.id })
        #expect(viewer.current?.id == s.gallery.assets[2].id)
        #expect(try await s.f.diary.read { try $0.media.asset(deleted.id).deletedAt } != nil)
        try await #require(viewer.undoOffer).perform()
        #expect(viewer.items.count == 4 && viewer.current?.id == deleted.id)

        for _ in 0..<4 { await viewer.request(MediaViewerModel.delete) }
        #expect(viewer.isEmpty && viewer.current == nil)
    }
}
