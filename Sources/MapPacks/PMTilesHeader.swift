import Foundation

/// The fixed 127-byte start of a PMTiles v3 archive: where its sections lie, how its
/// directories and tiles are compressed, the zooms and area it covers.
public struct PMTilesHeader: Equatable, Sendable {
    public static let size = 127

    /// How a section is compressed (PMTiles codes).
    public enum Compression: UInt8, Sendable {
        case unknown = 0
        case uncompressed = 1
        case gzip = 2
        case brotli = 3
        case zstd = 4
    }

    public var rootOffset: UInt64
    public var rootLength: UInt64
    public var metadataOffset: UInt64
    public var metadataLength: UInt64
    public var leafDirectoryOffset: UInt64
    public var leafDirectoryLength: UInt64
    public var tileDataOffset: UInt64
    public var tileDataLength: UInt64
    public var addressedTiles: UInt64
    public var tileEntries: UInt64
    public var tileContents: UInt64
    public var clustered: Bool
    public var internalCompression: UInt8
    public var tileCompression: UInt8
    /// 1 vector (MVT), 2 PNG, 3 JPEG, 4 WebP, 5 AVIF.
    public var tileType: UInt8
    public var minZoom: UInt8
    public var maxZoom: UInt8
    /// The area covered, in degrees × 10^7.
    public var minLonE7: Int32
    public var minLatE7: Int32
    public var maxLonE7: Int32
    public var maxLatE7: Int32
    public var centerZoom: UInt8
    public var centerLonE7: Int32
    public var centerLatE7: Int32

    /// Reads a header from the first 127 bytes of a file of `fileSize` bytes, checking that
    /// every section lies inside the file.
    public init(_ bytes: Data, fileSize: UInt64) throws(PMTilesError) {
        guard bytes.count >= Self.size else { throw .outOfBounds("the header") }
        let b = [UInt8](bytes.prefix(Self.size))
        guard b[0..<7].elementsEqual("PMTiles".utf8) else { throw .notPMTiles }
        guard b[7] == 3 else { throw .unsupportedVersion(b[7]) }
        func u64(_ at: Int) -> UInt64 { (0..<8).reduce(0) { $0 | UInt64(b[at + $1]) << UInt64(8 * $1) } }
        func i32(_ at: Int) -> Int32 {
            Int32(bitPattern: (0..<4).reduce(0) { $0 | UInt32(b[at + $1]) << UInt32(8 * $1) })
        }
        rootOffset = u64(8)
        rootLength = u64(16)
        metadataOffset = u64(24)
        metadataLength = u64(32)
        leafDirectoryOffset = u64(40)
        leafDirectoryLength = u64(48)
        tileDataOffset = u64(56)
        tileDataLength = u64(64)
        addressedTiles = u64(72)
        tileEntries = u64(80)
        tileContents = u64(88)
        clustered = b[96] == 1
        internalCompression = b[97]
        tileCompression = b[98]
        tileType = b[99]
        minZoom = b[100]
        maxZoom = b[101]
        minLonE7 = i32(102)
        minLatE7 = i32(106)
        maxLonE7 = i32(110)
        maxLatE7 = i32(114)
        centerZoom = b[118]
        centerLonE7 = i32(119)
        centerLatE7 = i32(123)
        for (name, offset, length) in [
            ("the root directory", rootOffset, rootLength), ("the metadata", metadataOffset, metadataLength),
            ("the leaf directories", leafDirectoryOffset, leafDirectoryLength),
            ("the tile data", tileDataOffset, tileDataLength),
        ] {
            let (end, overflow) = offset.addingReportingOverflow(length)
            guard !overflow, end <= fileSize else { throw .outOfBounds(name) }
        }
        guard Compression(rawValue: internalCompression).map({ $0 == .uncompressed || $0 == .gzip }) == true else {
            throw .unsupportedCompression(internalCompression)
        }
    }
}
