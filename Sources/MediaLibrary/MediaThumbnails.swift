import DiaryStore
import FishingModel
import Foundation
import MediaMetadata

/// Draws the small picture of a photo or video that grids show (issue 30 §3, T4, T16, T17): a
/// JPEG at most `maxPixelSize` pixels on its longer side, upright, decoded at as small a scale as
/// the format allows — a grid never decodes the full image. The app draws with Quick Look
/// (photos and videos); Linux with libjpeg (JPEG photos; `JPEGThumbnails`).
public protocol ThumbnailMaking: Sendable {
    /// Writes the thumbnail of the photo or video at `file` to `destination` (a new file); false
    /// when this maker cannot draw `format`, and nothing is written.
    func writeThumbnail(
        of file: URL, format: MediaFormat, orientation: Int?, maxPixelSize: Int, to destination: URL
    ) async throws -> Bool
}

/// The thumbnails of one diary's photos and videos, kept beside their bytes and named by the
/// same SHA-256 (issue 30 §3):
///
///     <profile folder>/media/thumbnails/<first 2 hex digits>/<sha256>.jpg
///     <profile folder>/media/thumbnails/tmp/<uuid>.jpg     being drawn
///
/// Made right after an import, or the first time a grid needs one (bytes another device took,
/// a diary older than thumbnails); removed by ``MediaStore/sweep()`` with their bytes.
public struct MediaThumbnails: Sendable {
    /// The longer side of every thumbnail, in pixels: a grid cell of 160 points at 3× scale.
    public static let maxPixelSize = 480
    /// The JPEG quality thumbnails are written at.
    public static let quality = 80

    /// The `thumbnails` folder inside a diary's media folder.
    public let root: URL
    /// The media folder whose bytes the thumbnails are drawn from.
    public let mediaFolder: URL
    public let maker: any ThumbnailMaking

    public init(mediaFolder: URL, maker: any ThumbnailMaking) {
        self.mediaFolder = mediaFolder
        root = Self.folder(in: mediaFolder)
        self.maker = maker
    }

    static func folder(in mediaFolder: URL) -> URL { mediaFolder.appendingPathComponent("thumbnails") }

    /// Where the thumbnail of the bytes with this SHA-256 is (or would be).
    public func url(_ sha256: String) -> URL {
        root.appendingPathComponent(String(sha256.prefix(2))).appendingPathComponent("\(sha256).jpg")
    }

    /// The asset's thumbnail when it has been drawn.
    public func existing(_ asset: MediaAsset) -> URL? {
        let url = url(asset.sha256)
        return FileManager.default.fileExists(atPath: url.path) ? url : nil
    }

    /// The asset's thumbnail, drawn now if it is not yet; nil when its bytes are not on this
    /// device or the maker cannot draw its format. Drawn into a temporary file and renamed into
    /// place, so a thumbnail is whole or absent.
    public func thumbnail(_ asset: MediaAsset) async throws -> URL? {
        if let existing = existing(asset) { return existing }
        let content = MediaStore.contentURL(mediaFolder, asset.sha256)
        guard FileManager.default.fileExists(atPath: content.path) else { return nil }
        let temporary = root.appendingPathComponent("tmp")
        let target = url(asset.sha256)
        try FileManager.default.createDirectory(at: temporary, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(
            at: target.deletingLastPathComponent(), withIntermediateDirectories: true)
        let drawing = temporary.appendingPathComponent("\(UUID().uuidString.lowercased()).jpg")
        do {
            guard
                try await maker.writeThumbnail(
                    of: content, format: asset.metadata.format, orientation: asset.metadata.orientation,
                    maxPixelSize: Self.maxPixelSize, to: drawing)
            else { return nil }
            try ContentFile.move(drawing, to: target)
            return target
        } catch {
            try? ContentFile.remove(drawing)
            throw error
        }
    }

    /// The thumbnails of `assets` by id: those drawn already, then the others drawn one by one
    /// (a failure leaves that asset without one; its tile shows its kind).
    public func thumbnails(_ assets: [MediaAsset]) async -> [UUID: URL] {
        var found: [UUID: URL] = [:]
        for asset in assets {
            found[asset.id] = try? await thumbnail(asset)
        }
        return found
    }

    /// Removes the thumbnails whose bytes are no longer stored, and drawings an interrupted
    /// make left behind (older than a minute, so one under way is left alone). Returns how many.
    static func sweep(in mediaFolder: URL) throws -> Int {
        let files = FileManager.default
        let root = folder(in: mediaFolder)
        guard files.fileExists(atPath: root.path) else { return 0 }
        var removed = 0
        for folder in try files.contentsOfDirectory(atPath: root.path) {
            let folderURL = root.appendingPathComponent(folder)
            for name in try files.contentsOfDirectory(atPath: folderURL.path) {
                let file = folderURL.appendingPathComponent(name)
                let stale: Bool
                if folder == "tmp" {
                    stale = try ContentFile.isOlder(file, than: 60)
                } else {
                    let sha256 = String(name.dropLast(".jpg".count))
                    stale = !files.fileExists(atPath: MediaStore.contentURL(mediaFolder, sha256).path)
                }
                if stale {
                    try ContentFile.remove(file)
                    removed += 1
                }
            }
        }
        return removed
    }
}
