import DiaryStore
import Foundation
import TestSupport
import Testing

@testable import MediaLibrary

/// The bytes handed to the share sheet and the video player (issue 30 §3): under the original's
/// name and extension, the same bytes, kept a day.
@Suite("Shared media files")
struct SharedMediaFilesTests {
    @Test(
        "Given a photo stored under its SHA-256, when it is shared, then the file has its original name and extension, is the same bytes, and goes a day later"
    )
    func sharesUnderOriginalName() throws {
        let f = try MediaFixture()
        let photo = try f.importer.importMedia(
            MediaSource(url: mediaFixture("photo_exif_full.jpg"), originalName: "IMG_0412")
        ).asset
        let shared = try SharedMediaFiles.file(of: photo, in: f.store.root)
        #expect(shared.lastPathComponent == "IMG_0412.jpg", "the JPEG extension is added")
        #expect(try Data(contentsOf: shared) == Data(contentsOf: f.store.contentURL(photo.sha256)))
        #expect(try SharedMediaFiles.file(of: photo, in: f.store.root) == shared, "made once")

        #expect(try f.store.sweep() == MediaSweep(), "a fresh file stays")
        try FileManager.default.setAttributes(
            [.modificationDate: Date().addingTimeInterval(-2 * 86_400)],
            ofItemAtPath: shared.deletingLastPathComponent().path)
        #expect(try f.store.sweep().expiredSharedFiles == 1)
        #expect(!FileManager.default.fileExists(atPath: shared.path))

        var elsewhere = photo
        elsewhere.sha256 = String(repeating: "cd", count: 32)
        #expect(throws: MediaStoreError.contentMissing(sha256: elsewhere.sha256)) {
            try SharedMediaFiles.file(of: elsewhere, in: f.store.root)
        }
    }
}
