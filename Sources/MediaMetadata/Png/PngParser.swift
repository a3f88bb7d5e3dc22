import FishingModel

/// Reads a PNG file's metadata: the pixel size in its IHDR chunk and the EXIF block of an eXIf
/// chunk placed before the image data.
///
/// Chunks are walked by their declared lengths, each checked against the end of the data, up to the
/// first IDAT or IEND chunk and at most `maximumChunks` of them. CRCs are not checked: a wrong CRC
/// says the bytes may be damaged, and the fields read from them are range-checked anyway.
enum PngParser {
    static let maximumChunks = 4096
    /// Signature (8 bytes), then the IHDR chunk: length, type, width, height.
    private static let headerLength = 24

    static func parse(_ reader: SourceReader) throws(MediaMetadataError) -> MediaMetadata {
        var header = try reader.cursor(at: 0, count: headerLength, context: "PNG header")
        try header.skip(FormatSniffer.pngSignature.count)
        guard try header.uint32() == 13, try header.fourCC() == "IHDR" else {
            throw reader.malformed(at: 8, "the first chunk is not a 13-byte IHDR")
        }
        var metadata = MediaMetadata(format: .png)
        let width = try header.uint32()
        let height = try header.uint32()
        if (1...UInt32(Int32.max)).contains(width), (1...UInt32(Int32.max)).contains(height) {
            metadata.pixelWidth = Int(width)
            metadata.pixelHeight = Int(height)
        }
        if let exif = try readExifChunk(reader) {
            metadata.merge(exif)
        }
        return metadata
    }

    /// The fields of the first eXIf chunk before IDAT, if there is one.
    private static func readExifChunk(_ reader: SourceReader) throws(MediaMetadataError) -> ExifFields? {
        var position = Int64(FormatSniffer.pngSignature.count)
        for _ in 0..<maximumChunks {
            var chunk = try reader.cursor(at: position, count: 8, context: "chunk header")
            let length = Int64(try chunk.uint32())
            let type = try chunk.fourCC()
            let dataStart = position + 8
            guard length <= reader.end - dataStart - 4 else {
                throw .truncated(format: .png, offset: position, needed: Int(length) + 12)
            }
            switch type {
            case "IDAT", "IEND":
                return nil
            case "eXIf":
                guard length <= Int64(SourceReader.maximumLoad) else {
                    throw reader.malformed(at: position, "eXIf chunk holds \(length) bytes; the limit is 1 MiB")
                }
                let tiff = try reader.bytes(at: dataStart, count: Int(length))
                return try ExifParser.parse(tiff, fileOffset: dataStart, format: .png)
            default:
                position = dataStart + length + 4  // data, then the CRC
            }
        }
        throw reader.malformed(at: position, "more than \(maximumChunks) chunks before the image data")
    }
}
