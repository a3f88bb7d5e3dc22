/// Walks the ISO BMFF boxes laid end to end in the file or in one box's payload.
///
/// Every box must fit inside its container; at the file's top level a box that runs past the end
/// of the data means the file is truncated. Sizes 0 (to the end of the container) and 1 (a 64-bit
/// size follows the type) are understood. Each step moves forward by at least 8 bytes, and no
/// container may hold more than `maximumBoxes`, so a walk always ends quickly.
struct BoxIterator {
    static let maximumBoxes = 10_000

    private let reader: SourceReader
    private let end: Int64
    private let isFileLevel: Bool
    private var position: Int64
    private var visited = 0

    /// The top-level boxes of the file.
    init(topLevelOf reader: SourceReader) {
        self.reader = reader
        self.end = reader.end
        self.isFileLevel = true
        self.position = 0
    }

    /// The boxes inside `box`, starting `skipping` bytes into its payload (4 for a full box).
    init(inside box: Box, skipping: Int64 = 0, reader: SourceReader) throws(MediaMetadataError) {
        guard skipping <= box.payloadCount else {
            throw reader.malformed(at: box.offset, "\(box.type) box is too short to hold its header fields")
        }
        self.reader = reader
        self.end = box.end
        self.isFileLevel = false
        self.position = box.payloadOffset + skipping
    }

    /// The next box, or nil after the last one. Fewer than 8 bytes left inside a box are padding.
    mutating func next() throws(MediaMetadataError) -> Box? {
        let remaining = end - position
        guard remaining >= 8 else {
            if isFileLevel && remaining > 0 { throw .truncated(format: reader.format, offset: position, needed: 8) }
            return nil
        }
        visited += 1
        guard visited <= Self.maximumBoxes else {
            throw reader.malformed(at: position, "more than \(Self.maximumBoxes) boxes in one container")
        }
        var header = try reader.cursor(at: position, count: 8, context: "box header")
        let compactSize = try header.uint32()
        let type = try header.fourCC()
        let (size, headerSize) = try declaredSize(compactSize, type: type, remaining: remaining)
        guard size >= headerSize else {
            throw reader.malformed(at: position, "\(type) box declares \(size) bytes, less than its header")
        }
        guard size <= remaining else {
            if isFileLevel { throw .truncated(format: reader.format, offset: position, needed: Int(clamping: size)) }
            throw reader.malformed(at: position, "\(type) box of \(size) bytes runs past the end of its container")
        }
        let box = Box(type: type, offset: position, payloadOffset: position + headerSize, end: position + size)
        position = box.end
        return box
    }

    /// The next box of the given type, skipping the others.
    mutating func next(ofType type: FourCC) throws(MediaMetadataError) -> Box? {
        while let box = try next() {
            if box.type == type { return box }
        }
        return nil
    }

    private func declaredSize(_ compactSize: UInt32, type: FourCC, remaining: Int64) throws(MediaMetadataError)
        -> (size: Int64, headerSize: Int64)
    {
        switch compactSize {
        case 0:
            return (remaining, 8)
        case 1:
            var large = try reader.cursor(at: position + 8, count: 8, context: "64-bit box size")
            let size = try large.uint64()
            guard let exact = Int64(exactly: size) else {
                throw reader.malformed(at: position, "\(type) box declares a 64-bit size of \(size) bytes")
            }
            return (exact, 16)
        default:
            return (Int64(compactSize), 8)
        }
    }
}
