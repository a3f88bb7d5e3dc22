import FishingModel
import Foundation
import MediaLibrary
import MediaMetadata

#if canImport(JPEGThumbnails)
    import JPEGThumbnails
#endif

/// How the command line draws a shared catch's picture (issue 34 §4): with libjpeg where
/// `JPEGThumbnails` is linked (Linux), a JPEG photo drawn anew, upright and small; elsewhere a
/// JPEG photo's own bytes (``CatchSharing/picture(drawnBy:mediaRoot:)`` then takes every
/// metadata segment out). Other formats are not drawn here.
enum SharePicture {
    static var maker: any ThumbnailMaking {
        #if canImport(JPEGThumbnails)
            JPEGThumbnailMaker()
        #else
            CopiedJPEG()
        #endif
    }
}

/// A JPEG photo as it is, for a platform without libjpeg.
struct CopiedJPEG: ThumbnailMaking {
    func writeThumbnail(
        of file: URL, format: MediaFormat, orientation: Int?, maxPixelSize: Int, to destination: URL
    ) async throws -> Bool {
        guard format == .jpeg else { return false }
        try FileManager.default.copyItem(at: file, to: destination)
        return true
    }
}
