import FishingModel
import Foundation

/// Reads the metadata of a photo or video: the entry point of the module.
///
/// Serves T16 and T17 (a captured or imported item is dated, placed and sized from its own bytes
/// before it is stored, T4) and "hostile input never crashes": any file, however damaged or
/// crafted, yields either metadata or a `MediaMetadataError`. The format is recognised from the
/// bytes, never from a file name; only headers and metadata structures are read, so a 1 GiB video
/// costs a few kilobytes of reads.
public enum MediaMetadataReader {
    /// The format of the bytes in `source`, from their signature or ISO BMFF `ftyp` brands.
    public static func sniff(_ source: some ByteSource) throws(MediaMetadataError) -> MediaFormat {
        try FormatSniffer.sniff(source)
    }

    /// The metadata of the photo or video in `source`.
    public static func read(_ source: some ByteSource) throws(MediaMetadataError) -> MediaMetadata {
        let format = try sniff(source)
        let reader = SourceReader(source: source, format: format)
        switch format {
        case .jpeg: return try JpegParser.parse(reader)
        case .png: return try PngParser.parse(reader)
        case .heic: return try HeifParser.parse(reader)
        case .mp4, .mov: return try MovieParser.parse(reader)
        }
    }

    /// The metadata of the photo or video in the file at `url`, read through a `FileByteSource`.
    public static func read(fileAt url: URL) throws(MediaMetadataError) -> MediaMetadata {
        try read(FileByteSource(url: url))
    }
}
