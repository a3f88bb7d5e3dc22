import FishingModel
import Foundation
import MediaLibrary
import MediaMetadata
import QuickLookThumbnailing
import UniformTypeIdentifiers

/// Thumbnails of photos and videos on iPhone and iPad (issue 30 §3): Quick Look draws them at
/// the thumbnail's size from the file (ImageIO's reduced decode for photos, a frame for videos)
/// and saves a JPEG; the stored file has no extension, so its format is named.
struct QuickLookThumbnails: ThumbnailMaking {
    func writeThumbnail(
        of file: URL, format: MediaFormat, orientation: Int?, maxPixelSize: Int, to destination: URL
    ) async throws -> Bool {
        let side = CGFloat(maxPixelSize)
        let request = QLThumbnailGenerator.Request(
            fileAt: file, size: CGSize(width: side, height: side), scale: 1, representationTypes: .thumbnail)
        request.contentType = Self.contentType(format)
        try await QLThumbnailGenerator.shared.saveBestRepresentation(for: request, to: destination, as: .jpeg)
        return true
    }

    static func contentType(_ format: MediaFormat) -> UTType {
        switch format {
        case .jpeg: .jpeg
        case .heic: .heic
        case .png: .png
        case .mp4: .mpeg4Movie
        case .mov: .quickTimeMovie
        }
    }
}
