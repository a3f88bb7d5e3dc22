import Diagnostics
import DiaryStore
import FishingModel
import Foundation

/// The photos and videos of one diary on this device (T4, T16, T17; docs/media.md): the bytes,
/// kept beside the diary's database in the profile's folder and named by their SHA-256, and the
/// upkeep that keeps files and rows in step.
///
///     <profile folder>/media/<first 2 hex digits>/<sha256>   stored bytes, one file per content
///     <profile folder>/media/tmp/<uuid>.part                 imports in progress
///     <profile folder>/media/thumbnails/…                     thumbnails (``MediaThumbnails``)
///     <profile folder>/media/shared/…                         named copies (``SharedMediaFiles``)
///
/// Opening the store sweeps what a crash left behind. Rows live in the diary (``MediaAssetStore/add``);
/// bytes are removed only when no row, live or in the Trash, refers to them.
public final class MediaStore {
    public let diary: Diary
    /// The `media` folder beside the diary's database.
    public let root: URL
    /// The size of each buffer every import and export streams through.
    public static let chunkSize = 1 << 20
    /// How many buffers an import or export streams through: enough for the hasher to run on
    /// while a write waits for the disk, few enough that memory stays flat whatever the size.
    static let chunkBufferCount = 8

    var temporaryFolder: URL { Self.temporaryFolder(root) }

    static func temporaryFolder(_ root: URL) -> URL { root.appendingPathComponent("tmp") }
    let log = Logger(category: "media")

    /// Opens the store of `diary` (the folder is the one holding its database, which
    /// `DeviceStorage.folder(of:)` names for a profile), creating it if needed, and sweeps it.
    public init(diary: Diary) throws {
        self.diary = diary
        root = Self.folder(forDiaryAt: diary.fileURL)
        try FileManager.default.createDirectory(at: temporaryFolder, withIntermediateDirectories: true)
        try sweep()
    }

    /// The `media` folder beside a diary's database.
    public static func folder(forDiaryAt databaseURL: URL) -> URL {
        databaseURL.deletingLastPathComponent().appendingPathComponent("media")
    }

    /// Where the bytes with this SHA-256 are (or would be) stored.
    public func contentURL(_ sha256: String) -> URL {
        Self.contentURL(root, sha256)
    }

    /// The layout of a media folder: `<root>/<first two hex digits>/<sha256>`.
    public static func contentURL(_ root: URL, _ sha256: String) -> URL {
        root.appendingPathComponent(String(sha256.prefix(2))).appendingPathComponent(sha256)
    }

    /// True when the asset's bytes are on this device.
    public func hasContent(_ asset: MediaAsset) -> Bool {
        FileManager.default.fileExists(atPath: contentURL(asset.sha256).path)
    }

    /// Removes what interrupted work left behind: temporary files of imports that no running
    /// import holds (a crash mid-copy), and stored bytes no asset row refers to (a crash between
    /// the rename and the commit, or after emptying the Trash). Runs when the store opens.
    @discardableResult
    public func sweep() throws -> MediaSweep {
        var sweep = MediaSweep()
        for name in try FileManager.default.contentsOfDirectory(atPath: temporaryFolder.path)
        where name.hasSuffix(".part") {
            if try ContentFile.removeIfAbandoned(temporaryFolder.appendingPathComponent(name)) {
                sweep.abandonedImports += 1
            }
        }
        sweep.unreferencedContent = try diary.media.removeUnreferencedContent(try storedContent()) { sha256 in
            try ContentFile.remove(contentURL(sha256))
        }
        sweep.orphanedThumbnails = try MediaThumbnails.sweep(in: root)
        sweep.expiredSharedFiles = try SharedMediaFiles.sweep(in: root)
        if sweep != MediaSweep() {
            log.notice(
                "media swept",
                [
                    "abandonedImports": String(sweep.abandonedImports),
                    "unreferencedContent": String(sweep.unreferencedContent),
                    "orphanedThumbnails": String(sweep.orphanedThumbnails),
                    "expiredSharedFiles": String(sweep.expiredSharedFiles),
                ])
        }
        return sweep
    }

    /// Empties the diary's Trash (see ``TrashStore/empty()``; the angler must have confirmed),
    /// then removes the bytes no remaining asset refers to. Returns how many objects were removed.
    @discardableResult
    public func emptyTrash() throws -> Int {
        let removed = try diary.trash.empty()
        try sweep()
        return removed
    }

    /// Copies an asset's bytes to `destination` (a new file, or a folder to put the original name
    /// in), streamed and checked against the asset's SHA-256; returns the file written. An
    /// existing file is never overwritten, and a failed export leaves nothing behind.
    @discardableResult
    public func export(_ id: UUID, to destination: URL) throws -> URL {
        let asset = try diary.media.asset(id)
        var target = destination
        var isFolder: ObjCBool = false
        if FileManager.default.fileExists(atPath: destination.path, isDirectory: &isFolder), isFolder.boolValue {
            target = destination.appendingPathComponent(asset.originalName)
        }
        guard hasContent(asset) else { throw MediaStoreError.contentMissing(sha256: asset.sha256) }
        guard !FileManager.default.fileExists(atPath: target.path) else {
            throw MediaStoreError.destinationExists(path: target.path)
        }
        let input = try ContentFile.reading(contentURL(asset.sha256))
        let output = try ContentFile.creating(target)
        do {
            let copied = try Self.withChunkBuffers { try input.copy(to: output, through: $0, uncached: false) }
            guard copied.sha256 == asset.sha256 else {
                throw MediaStoreError.contentDamaged(sha256: asset.sha256, found: copied.sha256)
            }
            try output.sync()
        } catch {
            try? ContentFile.remove(target)
            throw error
        }
        return target
    }

    /// Runs `body` with the chunk-sized buffers an import or export streams through, aligned for
    /// direct writes.
    static func withChunkBuffers<T>(_ body: ([UnsafeMutableRawBufferPointer]) throws -> T) rethrows -> T {
        let buffers = (0..<chunkBufferCount).map { _ in
            UnsafeMutableRawBufferPointer.allocate(byteCount: chunkSize, alignment: ContentFile.directIOAlignment)
        }
        defer {
            for buffer in buffers { buffer.deallocate() }
        }
        return try body(buffers)
    }

    /// The SHA-256 names of the stored content files.
    private func storedContent() throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: root.path).filter { $0.count == 2 }
            .flatMap { folder in
                try FileManager.default.contentsOfDirectory(atPath: root.appendingPathComponent(folder).path)
                    .filter { $0.count == 64 && $0.hasPrefix(folder) }
            }
    }
}

/// What a sweep of the media store removed (T4: no leftovers of interrupted work).
public struct MediaSweep: Sendable, Equatable {
    /// Temporary files of imports interrupted before their rename.
    public var abandonedImports = 0
    /// Stored bytes no asset row referred to.
    public var unreferencedContent = 0
    /// Thumbnails whose bytes are gone, and drawings an interrupted make left.
    public var orphanedThumbnails = 0
    /// Files handed to the share sheet or the video player more than a day ago.
    public var expiredSharedFiles = 0
}
