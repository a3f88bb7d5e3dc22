import FishingModel

/// Why a media file's metadata could not be read.
///
/// Serves "hostile input never crashes": every problem found in a photo or video being captured
/// (T16) or imported (T17) ends as one of these values, never as a trap, and its description says
/// what was wrong and at which byte offset, for the app's logs.
public enum MediaMetadataError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The bytes match none of the supported formats; `firstBytes` is up to 8 of them in hex.
    case unrecognisedFormat(firstBytes: String)
    /// The data ends before `needed` bytes at `offset` that the format requires.
    case truncated(format: MediaFormat, offset: Int64, needed: Int)
    /// The structure at `offset` breaks the format's rules or this reader's safety limits.
    case malformed(format: MediaFormat, offset: Int64, reason: String)
    /// The file could not be opened or read at all.
    case unreadable(path: String, reason: String)

    /// A one-line message naming the problem and where it is.
    public var description: String {
        switch self {
        case .unrecognisedFormat(let firstBytes):
            let start = firstBytes.isEmpty ? "is empty" : "starts with \(firstBytes)"
            return "Unrecognised media: the data \(start), which is not JPEG, HEIC, PNG, MP4 or MOV"
        case .truncated(let format, let offset, let needed):
            return "Truncated \(format.name): needed \(needed) bytes at offset \(offset), but the data ends sooner"
        case .malformed(let format, let offset, let reason):
            return "Malformed \(format.name) at offset \(offset): \(reason)"
        case .unreadable(let path, let reason):
            return "Cannot read \(path): \(reason)"
        }
    }
}
