import Foundation
import Inflate
import Synchronization

/// A PMTiles v3 map pack on disk (issue 15 §2, T10): tiles looked up by z/x/y through the root
/// directory (read once) and leaf directories (kept once read), read straight from the file.
/// Safe to share between threads; every offset and length in the file is checked, and nothing
/// the file claims can make the reader allocate more than the limits below.
public final class PMTilesArchive: Sendable {
    /// Leaves deeper than this are damage (writers nest one level, the format allows a few).
    static let maxDepth = 4
    /// The most bytes a directory, the metadata or a tile may inflate to.
    static let maxDirectoryBytes = 64 << 20
    static let maxTileBytes = 64 << 20
    /// Leaf directories kept decoded; beyond it the cache starts again.
    static let cachedLeaves = 256

    public let header: PMTilesHeader
    private let root: PMTilesDirectory
    private let file: Mutex<FileState>

    private struct FileState {
        let handle: FileHandle
        var leaves: [UInt64: PMTilesDirectory] = [:]
    }

    public init(url: URL) throws(PMTilesError) {
        let handle: FileHandle
        let size: UInt64
        do {
            handle = try FileHandle(forReadingFrom: url)
            size = try handle.seekToEnd()
        } catch {
            throw .unreadable("\(url.lastPathComponent): \(error.localizedDescription)")
        }
        var state = FileState(handle: handle)
        guard size >= UInt64(PMTilesHeader.size) else { throw .outOfBounds("the header") }
        header = try PMTilesHeader(
            try Self.read(&state, at: 0, count: UInt64(PMTilesHeader.size), size: size), fileSize: size)
        let rootBytes = try Self.read(&state, at: header.rootOffset, count: header.rootLength, size: size)
        root = try PMTilesDirectory(
            try Self.inflate(rootBytes, header.internalCompression, limit: Self.maxDirectoryBytes))
        file = Mutex(state)
    }

    deinit { file.withLock { try? $0.handle.close() } }

    /// The archive's JSON metadata (name, attribution, layers), uncompressed.
    public func metadata() throws(PMTilesError) -> Data {
        let bytes = try read(at: header.metadataOffset, count: header.metadataLength)
        return try Self.inflate(bytes, header.internalCompression, limit: Self.maxDirectoryBytes)
    }

    /// Where the tile's bytes lie in the file (to serve them as they are, with `Range`), or nil
    /// when the pack has no such tile.
    public func location(z: Int, x: Int, y: Int) throws(PMTilesError) -> Range<UInt64>? {
        guard let tileId = TileID.of(z: z, x: x, y: y) else { return nil }
        var directory = root
        for _ in 0..<Self.maxDepth {
            guard let entry = directory.entry(for: tileId) else { return nil }
            if entry.runLength > 0 {
                try Self.check(entry, within: header.tileDataLength, "a tile")
                let start = header.tileDataOffset + entry.offset
                return start..<start + entry.length
            }
            directory = try leaf(entry)
        }
        throw .damagedDirectory("leaf directories nest deeper than \(Self.maxDepth)")
    }

    /// The tile's bytes as stored (compressed as ``PMTilesHeader/tileCompression`` says), or nil
    /// when the pack has no such tile.
    public func storedTile(z: Int, x: Int, y: Int) throws(PMTilesError) -> Data? {
        guard let range = try location(z: z, x: x, y: y) else { return nil }
        return try read(at: range.lowerBound, count: UInt64(range.count))
    }

    /// The tile's uncompressed bytes, or nil when the pack has no such tile.
    public func tile(z: Int, x: Int, y: Int) throws(PMTilesError) -> Data? {
        guard let stored = try storedTile(z: z, x: x, y: y) else { return nil }
        return try Self.inflate(stored, header.tileCompression, limit: Self.maxTileBytes)
    }

    // MARK: Internals

    private func leaf(_ entry: PMTilesEntry) throws(PMTilesError) -> PMTilesDirectory {
        if let known = file.withLock({ $0.leaves[entry.offset] }) { return known }
        try Self.check(entry, within: header.leafDirectoryLength, "a leaf directory")
        let bytes = try read(at: header.leafDirectoryOffset + entry.offset, count: entry.length)
        let decoded = try PMTilesDirectory(
            try Self.inflate(bytes, header.internalCompression, limit: Self.maxDirectoryBytes))
        file.withLock { state in
            if state.leaves.count >= Self.cachedLeaves { state.leaves.removeAll(keepingCapacity: true) }
            state.leaves[entry.offset] = decoded
        }
        return decoded
    }

    private static func check(_ entry: PMTilesEntry, within section: UInt64, _ what: String) throws(PMTilesError) {
        let (end, overflow) = entry.offset.addingReportingOverflow(entry.length)
        guard !overflow, end <= section else { throw .outOfBounds(what) }
    }

    private func read(at offset: UInt64, count: UInt64) throws(PMTilesError) -> Data {
        let result: Result<Data, PMTilesError> = file.withLock { state in
            Result { () throws(PMTilesError) in try Self.read(&state, at: offset, count: count, size: nil) }
        }
        return try result.get()
    }

    /// `count` bytes at `offset`; a read cut short is a truncated file.
    private static func read(_ state: inout FileState, at offset: UInt64, count: UInt64, size: UInt64?)
        throws(PMTilesError)
        -> Data
    {
        if let size, offset > size || count > size - offset { throw .outOfBounds("bytes \(offset)+\(count)") }
        guard count <= UInt64(Int.max) else { throw .outOfBounds("bytes \(offset)+\(count)") }
        do {
            try state.handle.seek(toOffset: offset)
            let data = try state.handle.read(upToCount: Int(count)) ?? Data()
            guard data.count == Int(count) else { throw PMTilesError.outOfBounds("bytes \(offset)+\(count)") }
            return data
        } catch let error as PMTilesError {
            throw error
        } catch {
            throw .unreadable(error.localizedDescription)
        }
    }

    private static func inflate(_ bytes: Data, _ compression: UInt8, limit: Int) throws(PMTilesError) -> Data {
        switch PMTilesHeader.Compression(rawValue: compression) ?? .unknown {
        case .uncompressed, .unknown:
            guard bytes.count <= limit else { throw .damagedDirectory("a section is larger than \(limit) bytes") }
            return bytes
        case .gzip:
            do {
                return try Inflate.decompress(bytes, limit: limit)
            } catch {
                throw .damagedDirectory(error.description)
            }
        case .brotli, .zstd: throw .unsupportedCompression(compression)
        }
    }
}
