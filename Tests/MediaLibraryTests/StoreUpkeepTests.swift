import DiaryStore
import FishingModel
import Foundation
import TestSupport
import Testing

@testable import MediaLibrary

/// Crash safety and the Trash for stored bytes (T4, UI5): what an interrupted import leaves is
/// invisible and swept; bytes go only when no row refers to them.
@Suite("Media store upkeep: crashes and the Trash")
struct StoreUpkeepTests {
    @Test(
        "Given an import killed mid-copy and another killed after its rename, when the store reopens, then no half-asset shows and both leftovers are swept"
    )
    func sweepsLeftovers() throws {
        let f = try MediaFixture()
        #expect(f.store.root.path == f.storage.folder(of: f.diary.profile).appendingPathComponent("media").path)
        let bytes = try Data(contentsOf: mediaFixture("photo_exif_full.jpg"))
        // Killed while copying: a temporary file, no row.
        try bytes.prefix(300).write(to: f.store.temporaryFolder.appendingPathComponent("\(UUID()).part"))
        // Killed after the rename, before the commit: bytes at their address, no row.
        let renamed = f.store.contentURL(String(repeating: "ab", count: 32))
        try FileManager.default.createDirectory(
            at: renamed.deletingLastPathComponent(), withIntermediateDirectories: true)
        try bytes.write(to: renamed)
        #expect(try f.diary.media.assets().isEmpty, "neither is visible as an asset")

        let reopened = try MediaStore(diary: f.storage.openDiary(named: "Anna", pin: nil))
        #expect(try reopened.sweep() == MediaSweep(), "opening already swept")
        #expect(try f.files().isEmpty)
        let imported = try MediaImporter(store: reopened).importMedia(
            MediaSource(url: mediaFixture("photo_exif_full.jpg")))
        #expect(!imported.duplicate)
        #expect(try f.files() == ["\(imported.asset.sha256.prefix(2))/\(imported.asset.sha256)"])
    }

    @Test(
        "Given a temporary file whose import is still running in another process, when a store opens, then the sweep leaves it alone"
    )
    func keepsLiveImport() throws {
        let f = try MediaFixture()
        let live = f.store.temporaryFolder.appendingPathComponent("\(UUID()).part")
        let abandoned = f.store.temporaryFolder.appendingPathComponent("\(UUID()).part")
        let writer = try ContentFile.creating(live, locked: true)
        try Data().write(to: abandoned)
        let sweep = try withExtendedLifetime(writer) { try MediaStore(diary: f.diary).sweep() }
        #expect(sweep == MediaSweep())
        #expect(try f.files() == ["tmp/\(live.lastPathComponent)"])
    }

    @Test(
        "Given an import prepared off the diary, when a store sweeps before it commits, then its copy stays; committed it is an asset; dropped it is swept"
    )
    func preparedImportWaitsForTheDiary() throws {
        let f = try MediaFixture()
        let prepared = try MediaImporter.prepare(
            MediaSource(url: mediaFixture("photo_exif_full.jpg")), in: f.store.root)
        #expect(try f.diary.media.assets().isEmpty, "preparing touches no row")
        #expect(try MediaStore(diary: f.diary).sweep() == MediaSweep())
        #expect(try f.files().count == 1, "the locked copy survives a sweep")
        let addition = try f.importer.commit(prepared)
        #expect(try f.diary.media.assets().map(\.id) == [addition.asset.id])
        #expect(try f.files() == ["\(addition.asset.sha256.prefix(2))/\(addition.asset.sha256)"])

        do {
            _ = try MediaImporter.prepare(MediaSource(url: mediaFixture("photo_iloc_v0.heic")), in: f.store.root)
        }
        #expect(try f.files().count == 2, "dropped uncommitted, the copy waits unlocked")
        _ = try MediaStore(diary: f.diary)
        #expect(try f.files().count == 1, "and the next sweep removes it")
        #expect(throws: MediaStoreError.self) {
            try MediaImporter.prepare(MediaSource(url: URL(fileURLWithPath: #filePath)), in: f.store.root)
        }
        #expect(try f.files().count == 1, "a refused file leaves no copy")
    }

    @Test(
        "Given a photo in the Trash whose bytes a live asset also holds, when the Trash is emptied, then the bytes stay until no row names them"
    )
    func sharedBytesSurviveEmptying() throws {
        let f = try MediaFixture()
        let first = try f.importFixture("photo_iloc_v0.heic").asset
        try f.diary.trash.put(.media, first.id)
        #expect(f.store.hasContent(first), "the Trash keeps the bytes")
        let second = try f.importFixture("photo_iloc_v0.heic")
        #expect(!second.duplicate && second.asset.id != first.id, "a trashed asset is not reused")
        #expect(try f.store.emptyTrash() == 1)
        #expect(f.store.hasContent(second.asset))
        try f.diary.trash.put(.media, second.asset.id)
        #expect(try f.store.emptyTrash() == 1)
        #expect(!f.store.hasContent(second.asset))
        #expect(try f.files().isEmpty)
    }

    @Test(
        "Given a catch with its photo, when the catch goes to the Trash and the Trash is emptied, then the photo's bytes go too"
    )
    func catchTakesItsPhoto() throws {
        let f = try MediaFixture()
        let item = try f.diary.catches.add(
            CatchDraft(
                tripId: f.trip.id, speciesId: "esox-lucius", caughtAt: Date(timeIntervalSince1970: 1_717_212_615)))
        let photo = try f.importFixture("photo_exif_full.jpg", to: MediaTarget(.catch, item.id)).asset
        let video = try f.importFixture("video_location.mp4", to: MediaTarget(.trip, f.trip.id)).asset
        #expect(try f.diary.trash.put(.catch, item.id).itemCount == 2)
        try f.store.emptyTrash()
        #expect(!f.store.hasContent(photo) && f.store.hasContent(video))
        #expect(try f.diary.media.assets().map(\.id) == [video.id])
    }
}
