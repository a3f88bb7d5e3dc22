import DiaryStore
import FishingModel
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
        try commit(try Self.prepare(source, in: store.root))
    }

    /// The slow half of an import, which needs no diary: copies the source into the media
    /// folder's `tmp`, hashes and flushes it, and reads its metadata (a file that is not a
    /// supported photo or video is refused here, and its copy removed). The app runs this off
    /// the diary's queue, so a long video never holds up a save.
    public static func prepare(_ source: MediaSource, in mediaFolder: URL) throws -> PreparedMedia {
        let input: ContentFile
        do {
            input = try ContentFile.reading(source.url)
        } catch {
            throw MediaStoreError.unreadableSource(path: source.url.path, reason: error.description)
        }
        let temporaryFolder = MediaStore.temporaryFolder(mediaFolder)
        try FileManager.default.createDirectory(at: temporaryFolder, withIntermediateDirectories: true)
        let partURL = temporaryFolder.appendingPathComponent("\(UUID().uuidString.lowercased()).part")
        let part = try ContentFile.creating(partURL, locked: true)
        do {
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
            return PreparedMedia(partURL: partURL, content: content, target: source.target, lock: try part.lockHandle())
        } catch {
            try? ContentFile.remove(partURL)
            throw error
        }
    }

    /// ``prepare(_:in:)`` on the imports' own queue, off the caller's thread and off Swift's
    /// shared pool (the copy blocks on the disk).
    public static func prepareInBackground(_ source: MediaSource, in mediaFolder: URL) async throws -> PreparedMedia {
        try await withCheckedThrowingContinuation { continuation in
            preparing.async { continuation.resume(with: Result { try prepare(source, in: mediaFolder) }) }
        }
    }

    private static let preparing = DispatchQueue(label: "hobbystory.media-import", qos: .userInitiated)

    /// The quick half: in one immediate transaction, renames the prepared copy to its content
    /// address (or drops it when those bytes are stored already) and inserts the asset row, its
    /// link and its outbox entry.
    public func commit(_ prepared: PreparedMedia) throws -> MediaAddition {
        defer { try? ContentFile.remove(prepared.partURL) }
        // The lock on the temporary file must outlive the rename: keep it until the end.
        return try withExtendedLifetime(prepared.lock) {
            let content = prepared.content
            let addition = try store.diary.media.add(content, linkingTo: prepared.target) {
                try place(prepared.partURL, at: store.contentURL(content.sha256))
            }
            store.log.info(
                "media imported",
                [
                    "id": addition.asset.id.uuidString.lowercased(), "bytes": String(content.byteSize),
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

/// A photo or video copied, hashed, flushed and read, waiting for ``MediaImporter/commit(_:)``.
/// Its temporary file stays locked while this value lives, so a sweep leaves it alone; dropped
/// uncommitted, the file is unlocked and the next sweep removes it.
public struct PreparedMedia: Sendable {
    let partURL: URL
    public let content: MediaContent
    let target: MediaTarget?
    let lock: HeldFileLock
}
