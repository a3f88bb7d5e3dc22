/// Why a map pack's tiles cannot be read (T10). A pack comes from the portal or a download, so
/// every offset, length and count in it is checked before it is used.
public enum PMTilesError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The file does not start with the PMTiles magic number.
    case notPMTiles
    case unsupportedVersion(UInt8)
    /// A compression this reader does not decode (brotli, zstd).
    case unsupportedCompression(UInt8)
    /// A section or directory lies outside the file: truncated or damaged.
    case outOfBounds(String)
    /// A directory does not decode (a bad varint, too many entries, nesting too deep…).
    case damagedDirectory(String)
    case unreadable(String)

    public var description: String {
        switch self {
        case .notPMTiles: "the file is not a PMTiles archive (no PMTiles magic number)"
        case .unsupportedVersion(let version): "PMTiles version \(version) is not supported (version 3 is)"
        case .unsupportedCompression(let code):
            "compression \(code) is not supported (none and gzip are; rebuild the pack with gzip)"
        case .outOfBounds(let what): "\(what) lies outside the file (truncated download?)"
        case .damagedDirectory(let why): "a tile directory is damaged: \(why)"
        case .unreadable(let why): "the file cannot be read: \(why)"
        }
    }
}
