import FishingModel
import Foundation

/// The fields read from one EXIF block, before they are merged into a `MediaMetadata`.
struct ExifFields {
    var capturedAt: Date?
    var captureUTCOffsetSeconds: Int?
    var latitude: Double?
    var longitude: Double?
    var altitude: Double?
    var orientation: Int?
    /// PixelXDimension / PixelYDimension: used only when the container gives no pixel size.
    var pixelWidth: Int?
    var pixelHeight: Int?
}

extension MediaMetadata {
    /// Takes the EXIF fields; the pixel size only where the container gave none.
    mutating func merge(_ exif: ExifFields) {
        capturedAt = exif.capturedAt
        captureUTCOffsetSeconds = exif.captureUTCOffsetSeconds
        latitude = exif.latitude
        longitude = exif.longitude
        altitude = exif.altitude
        orientation = exif.orientation
        if pixelWidth == nil || pixelHeight == nil, let width = exif.pixelWidth, let height = exif.pixelHeight {
            pixelWidth = width
            pixelHeight = height
        }
    }
}
