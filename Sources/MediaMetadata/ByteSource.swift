import Foundation

/// Random access to the bytes of a media file without loading the whole (possibly 1 GiB) file.
///
/// Serves T4 and T17: the parsers read only headers and metadata boxes, so importing a long video
/// costs a few kilobytes of reads. A read may return fewer bytes than asked only where the source
/// ends; the parsers turn such a short read into `MediaMetadataError.truncated`.
public protocol ByteSource {
    /// The number of bytes in the source.
    var count: Int64 { get }
    /// Up to `count` bytes starting at `offset`: fewer only where the source ends, none past it.
    func read(at offset: Int64, count: Int) throws(MediaMetadataError) -> [UInt8]
}

/// A `ByteSource` over bytes already in memory: a freshly captured photo (T16) or test data.
public struct DataByteSource: ByteSource, Sendable {
    private let bytes: [UInt8]

    /// A source over `bytes`.
    public init(_ bytes: [UInt8]) {
        self.bytes = bytes
    }

    /// A source over the bytes of `data`.
    public init(_ data: Data) {
        self.bytes = [UInt8](data)
    }

    public var count: Int64 { Int64(bytes.count) }

    public func read(at offset: Int64, count: Int) throws(MediaMetadataError) -> [UInt8] {
        guard offset >= 0, count >= 0 else {
            throw .unreadable(path: "in-memory data", reason: "read of \(count) bytes at offset \(offset)")
        }
        guard offset < self.count else { return [] }
        let start = Int(offset)
        return Array(bytes[start..<start + min(count, bytes.count - start)])
    }
}
