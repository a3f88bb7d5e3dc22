import DiaryStore
import Foundation
import MediaMetadata

/// The one import pipeline behind the camera (T16) and the photo library (T17): a
/// ``MediaSource`` becomes a stored asset of the diary (T4).
///
/// The bytes stream through a ring of 1 MiB buffers into `media/tmp/<uuid>.part`, hashed on the
/// way (on a second thread, while the next chunks are read and written past the page cache), and
/// are flushed to disk; the metadata is read from that copy (a file that is not a supported photo
/// or video is refused here, and nothing is kept). Then, in one immediate transaction, the
/// copy is renamed to `media/<ab>/<sha256>` (or dropped when those bytes are already stored) and
/// the asset row, its link and its outbox entry are inserted. A crash at any point leaves either
/// no asset, or a whole one; what it leaves on disk the next ``MediaStore/sweep()`` removes.
public struct MediaImporter {
    public let store: MediaStore

    public init(store: MediaStore) {
        self.store = store
    }

    /// Imports one photo or video. Identical bytes already held by a live asset are stored once:
    /// that asset comes back with `duplicate` set, linked to the source's target too.
    public func importMedia(_ source: MediaSource) throws -> MediaAddition {
        let input: ContentFile
        do {
            input = try ContentFile.reading(source.url)
        } catch {
            throw MediaStoreError.unreadableSource(path: source.url.path, reason: error.description)
        }
        let partURL = store.temporaryFolder.appendingPathComponent("\(UUID().uuidString.lowercased()).part")
        let part = try ContentFile.creating(partURL, locked: true)
        defer { try? ContentFile.remove(partURL) }
        // The lock on the temporary file must outlive the rename: keep `part` open until the end.
        return try withExtendedLifetime(part) {
            let copied = try MediaStore.withChunkBuffers { try input.copy(to: part, through: $0, uncached: true) }
            try part.sync()
            let metadata: MediaMetadata
            do throws(MediaMetadataError) {
                metadata = try MediaMetadataReader.read(fileAt: partURL)
            } catch {
                throw MediaStoreError.unsupportedMedia(name: source.originalName, problem: error)
            }
            let content = MediaContent(
                sha256: copied.sha256, byteSize: copied.byteCount, originalName: source.originalName,
                metadata: metadata)
            let addition = try store.diary.addMedia(content, linkingTo: source.target) {
                try place(partURL, at: store.contentURL(copied.sha256))
            }
            store.log.info(
                "media imported",
                [
                    "id": addition.asset.id.uuidString.lowercased(), "bytes": String(copied.byteCount),
                    "duplicate": String(addition.duplicate),
                ])
            return addition
        }
    }

    /// Renames the flushed temporary copy to its content address, durably, unless the bytes are
    /// already there.
    private func place(_ partURL: URL, at contentURL: URL) throws {
        guard !FileManager.default.fileExists(atPath: contentURL.path) else { return }
        let folder = contentURL.deletingLastPathComponent()
        if !FileManager.default.fileExists(atPath: folder.path) {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            try ContentFile.syncFolder(store.root)
        }
        try ContentFile.move(partURL, to: contentURL)
        try ContentFile.syncFolder(folder)
    }
}
