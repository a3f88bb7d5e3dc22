import MediaMetadata

/// Wraps a source and counts what the parsers read from it.
final class CountingByteSource<Base: ByteSource>: ByteSource {
    private let base: Base
    private(set) var bytesRead = 0
    private(set) var reads = 0

    init(_ base: Base) {
        self.base = base
    }

    var count: Int64 { base.count }

    func read(at offset: Int64, count: Int) throws(MediaMetadataError) -> [UInt8] {
        let bytes = try base.read(at: offset, count: count)
        bytesRead += bytes.count
        reads += 1
        return bytes
    }
}
