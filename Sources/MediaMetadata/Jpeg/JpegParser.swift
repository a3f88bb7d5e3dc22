import FishingModel

/// Reads a JPEG file's metadata: the EXIF block in its first APP1 "Exif" segment and the pixel
/// size in its start-of-frame (SOF) segment.
///
/// The walk goes from marker to marker through the segments before the image data and stops at
/// the first SOF, at the start of scan or at the end of image; it never reads the entropy-coded
/// data. Each step moves forward, and at most `maximumSegments` steps are taken.
enum JpegParser {
    static let maximumSegments = 4096
    private static let exifHeader: [UInt8] = Array("Exif\0\0".utf8)

    static func parse(_ reader: SourceReader) throws(MediaMetadataError) -> MediaMetadata {
        var metadata = MediaMetadata(format: .jpeg)
        var exif: ExifFields?
        var position: Int64 = 2  // after the start-of-image marker
        for _ in 0..<maximumSegments {
            let marker = try reader.bytes(at: position, count: 2)
            guard marker[0] == 0xFF else {
                throw reader.malformed(at: position, "expected a marker (0xFF) but found 0x\(marker[0].hex)")
            }
            switch marker[1] {
            case 0xFF:  // a fill byte before the marker
                position += 1
            case 0x01, 0xD0...0xD8:  // markers without a segment
                position += 2
            case 0xD9, 0xDA:  // end of image, start of scan: no SOF follows before the image data
                return finished(metadata, exif)
            case let type:
                var length = try reader.cursor(at: position + 2, count: 2, context: "segment length")
                let segmentLength = Int(try length.uint16())
                guard segmentLength >= 2 else {
                    throw reader.malformed(at: position, "segment 0xFF\(type.hex) declares length \(segmentLength)")
                }
                let payloadStart = position + 4
                if isStartOfFrame(type) {
                    try readFrameSize(reader, at: payloadStart, length: segmentLength - 2, into: &metadata)
                    return finished(metadata, exif)
                }
                if type == 0xE1, exif == nil {
                    exif = try readExif(reader, at: payloadStart, length: segmentLength - 2)
                }
                position += 2 + Int64(segmentLength)
            }
        }
        throw reader.malformed(at: position, "more than \(maximumSegments) markers before the image data")
    }

    /// SOF0...SOF15, which are 0xC0...0xCF less DHT (0xC4), JPG (0xC8) and DAC (0xCC).
    private static func isStartOfFrame(_ type: UInt8) -> Bool {
        (0xC0...0xCF).contains(type) && ![0xC4, 0xC8, 0xCC].contains(type)
    }

    /// Height and width from an SOF payload: precision (1 byte), height (2), width (2). A height of 0
    /// (defined later by a DNL marker) leaves the size unknown.
    private static func readFrameSize(
        _ reader: SourceReader, at offset: Int64, length: Int, into metadata: inout MediaMetadata
    ) throws(MediaMetadataError) {
        guard length >= 5 else { throw reader.malformed(at: offset, "start-of-frame segment is only \(length) bytes") }
        var frame = try reader.cursor(at: offset, count: 5, context: "start-of-frame segment")
        try frame.skip(1)
        let height = Int(try frame.uint16())
        let width = Int(try frame.uint16())
        if width > 0, height > 0 {
            metadata.pixelWidth = width
            metadata.pixelHeight = height
        }
    }

    /// The EXIF fields of an APP1 segment that starts "Exif\0\0", or nil for other APP1 data (XMP).
    private static func readExif(_ reader: SourceReader, at offset: Int64, length: Int) throws(MediaMetadataError)
        -> ExifFields?
    {
        let payload = try reader.bytes(at: offset, count: length)
        guard payload.starts(with: exifHeader) else { return nil }
        let tiffOffset = offset + Int64(exifHeader.count)
        return try ExifParser.parse(Array(payload.dropFirst(exifHeader.count)), fileOffset: tiffOffset, format: .jpeg)
    }

    private static func finished(_ metadata: MediaMetadata, _ exif: ExifFields?) -> MediaMetadata {
        var metadata = metadata
        if let exif { metadata.merge(exif) }
        return metadata
    }
}
