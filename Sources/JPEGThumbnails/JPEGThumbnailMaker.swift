import CJPEG
import FishingModel
import Foundation
import MediaLibrary
import MediaMetadata

/// Thumbnails of JPEG photos drawn with libjpeg (issue 30 §3), where Quick Look is not there:
/// the CLI, the tests and the app's wireframes on Linux. The photo is decoded at the smallest
/// DCT scale (1/8, 1/4, 1/2) that covers the thumbnail, averaged down and turned upright; other
/// formats are not drawn here (their tiles show their kind).
public struct JPEGThumbnailMaker: ThumbnailMaking {
    public init() {}

    public func writeThumbnail(
        of file: URL, format: MediaFormat, orientation: Int?, maxPixelSize: Int, to destination: URL
    ) async throws -> Bool {
        guard format == .jpeg else { return false }
        _ = try Self.draw(file, orientation: orientation, maxPixelSize: maxPixelSize, to: destination)
        return true
    }

    /// The thumbnail's pixel size and the size the photo was decoded at, from one drawing.
    public struct Drawing: Equatable, Sendable {
        public var width, height: Int
        public var decodedWidth, decodedHeight: Int
    }

    /// Draws the thumbnail of the JPEG at `file` into `destination`, on the calling thread.
    public static func draw(_ file: URL, orientation: Int?, maxPixelSize: Int, to destination: URL) throws -> Drawing {
        let result = hs_jpeg_thumbnail(
            file.path, destination.path, Int32(clamping: maxPixelSize), Int32(clamping: orientation ?? 1),
            Int32(MediaThumbnails.quality))
        guard result.ok != 0 else {
            try? FileManager.default.removeItem(at: destination)
            let message = withUnsafeBytes(of: result.message) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            throw JPEGThumbnailError(path: file.path, reason: message)
        }
        return Drawing(
            width: Int(result.width), height: Int(result.height), decodedWidth: Int(result.decoded_width),
            decodedHeight: Int(result.decoded_height))
    }
}

/// Why a JPEG's thumbnail could not be drawn: the photo is damaged, truncated or too large.
public struct JPEGThumbnailError: Error, Equatable, Sendable, CustomStringConvertible {
    public var path: String
    public var reason: String
    public var description: String { "cannot draw a thumbnail of \(path): \(reason)" }
}
