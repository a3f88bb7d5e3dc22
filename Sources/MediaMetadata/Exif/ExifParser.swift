import FishingModel
import Foundation

/// Reads the fields the app keeps from an EXIF (TIFF) block: IFD0, then the Exif and GPS IFDs it
/// points to.
///
/// Only those three IFDs are visited, each at most once, and the chain to IFD1 (the thumbnail) is
/// never followed, so a cyclic or endless chain cannot loop. Structural damage in what is read (an
/// IFD or value outside the block) throws `malformed`; values out of range read as nil.
enum ExifParser {
    private enum Tag {
        static let orientation: UInt16 = 0x0112
        static let exifIFD: UInt16 = 0x8769
        static let gpsIFD: UInt16 = 0x8825
        static let dateTimeOriginal: UInt16 = 0x9003
        static let offsetTimeOriginal: UInt16 = 0x9011
        static let pixelXDimension: UInt16 = 0xA002
        static let pixelYDimension: UInt16 = 0xA003
        static let latitudeRef: UInt16 = 0x0001
        static let latitude: UInt16 = 0x0002
        static let longitudeRef: UInt16 = 0x0003
        static let longitude: UInt16 = 0x0004
        static let altitudeRef: UInt16 = 0x0005
        static let altitude: UInt16 = 0x0006
    }

    /// Parses the TIFF block in `bytes`, whose first byte is at `fileOffset` in the source.
    static func parse(_ bytes: [UInt8], fileOffset: Int64, format: MediaFormat) throws(MediaMetadataError)
        -> ExifFields
    {
        var tiff = ByteCursor(bytes: bytes, fileOffset: fileOffset, format: format, context: "EXIF block")
        switch try tiff.uint16() {
        case 0x4949: tiff.isLittleEndian = true
        case 0x4D4D: tiff.isLittleEndian = false
        default: throw tiff.error("EXIF byte order is neither II nor MM")
        }
        guard try tiff.uint16() == 42 else { throw tiff.error("EXIF block lacks the TIFF number 42") }
        let ifd0 = try ImageFileDirectory(in: tiff, at: try tiff.uint32(), name: "IFD0")

        var fields = ExifFields()
        fields.orientation = try ifd0.unsigned(Tag.orientation).flatMap { (1...8).contains($0) ? Int($0) : nil }
        if let offset = try ifd0.unsigned(Tag.exifIFD) {
            try readCaptureFields(ImageFileDirectory(in: tiff, at: offset, name: "Exif IFD"), into: &fields)
        }
        if let offset = try ifd0.unsigned(Tag.gpsIFD) {
            try readPosition(ImageFileDirectory(in: tiff, at: offset, name: "GPS IFD"), into: &fields)
        }
        return fields
    }

    private static func readCaptureFields(_ ifd: ImageFileDirectory, into fields: inout ExifFields)
        throws(MediaMetadataError)
    {
        let offset = try ifd.ascii(Tag.offsetTimeOriginal).flatMap(ExifDate.utcOffsetSeconds)
        if let wallClock = try ifd.ascii(Tag.dateTimeOriginal).flatMap(ExifDate.wallClock) {
            fields.capturedAt = wallClock.addingTimeInterval(-TimeInterval(offset ?? 0))
            fields.captureUTCOffsetSeconds = offset
        }
        fields.pixelWidth = try positive(ifd.unsigned(Tag.pixelXDimension))
        fields.pixelHeight = try positive(ifd.unsigned(Tag.pixelYDimension))
    }

    private static func readPosition(_ ifd: ImageFileDirectory, into fields: inout ExifFields)
        throws(MediaMetadataError)
    {
        let latitude = try coordinate(
            ifd, value: Tag.latitude, reference: Tag.latitudeRef, letters: ("N", "S"), limit: 90)
        let longitude = try coordinate(
            ifd, value: Tag.longitude, reference: Tag.longitudeRef, letters: ("E", "W"), limit: 180)
        if let latitude, let longitude {
            fields.latitude = latitude
            fields.longitude = longitude
        }
        if let metres = try ifd.rationals(Tag.altitude, limit: 1)?.first, let metres {
            let belowSeaLevel = try ifd.unsigned(Tag.altitudeRef) == 1
            fields.altitude = belowSeaLevel ? -metres : metres
        }
    }

    /// Degrees from a degrees-minutes-seconds rational triple and its reference letter (N/S or E/W).
    private static func coordinate(
        _ ifd: ImageFileDirectory, value: UInt16, reference: UInt16, letters: (positive: String, negative: String),
        limit: Double
    ) throws(MediaMetadataError) -> Double? {
        guard let letter = try ifd.ascii(reference)?.first, let parts = try ifd.rationals(value, limit: 3),
            !parts.isEmpty
        else { return nil }
        var degrees = 0.0
        for (part, divisor) in zip(parts, [1.0, 60, 3600]) {
            guard let part else { return nil }
            degrees += part / divisor
        }
        guard degrees <= limit else { return nil }
        switch String(Unicode.Scalar(letter)) {
        case letters.positive: return degrees
        case letters.negative: return -degrees
        default: return nil
        }
    }

    private static func positive(_ value: UInt32?) -> Int? {
        value.flatMap { $0 > 0 ? Int($0) : nil }
    }
}
