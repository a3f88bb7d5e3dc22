import FishingModel

/// Reads exact byte ranges of a source on behalf of one format's parser.
///
/// A short read means the file ends early and becomes `truncated`; every other problem is reported
/// through `malformed(at:_:)` with this parser's format.
struct SourceReader {
    /// The largest metadata structure (a box payload, an Exif item) ever loaded into memory.
    static let maximumLoad = 1 << 20

    let source: any ByteSource
    let format: MediaFormat

    /// The number of bytes in the source.
    var end: Int64 { source.count }

    /// Exactly `count` bytes at `offset`, or `truncated` when the source ends sooner.
    func bytes(at offset: Int64, count: Int) throws(MediaMetadataError) -> [UInt8] {
        let bytes = try source.read(at: offset, count: count)
        guard bytes.count >= count else { throw .truncated(format: format, offset: offset, needed: count) }
        return bytes.count == count ? bytes : Array(bytes[..<count])
    }

    /// A cursor over exactly `count` bytes at `offset`, named `context` in its error messages.
    func cursor(at offset: Int64, count: Int, context: String) throws(MediaMetadataError) -> ByteCursor {
        ByteCursor(bytes: try bytes(at: offset, count: count), fileOffset: offset, format: format, context: context)
    }

    func malformed(at offset: Int64, _ reason: String) -> MediaMetadataError {
        .malformed(format: format, offset: offset, reason: reason)
    }
}
