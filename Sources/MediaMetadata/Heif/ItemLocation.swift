/// Where a HEIF item's bytes are, from the `iloc` box, and reading them.
///
/// Understands iloc versions 0, 1 and 2, offset/length/base-offset/index sizes of 0, 4 and 8 bytes,
/// and construction methods 0 (offsets in the file) and 1 (offsets in the `idat` box). Method 2
/// (bytes of other items) is refused as malformed for the Exif item.
struct ItemLocation {
    /// An item's bytes, joined from its extents, and the file offset of the first one.
    struct Payload {
        let bytes: [UInt8]
        let fileOffset: Int64
    }

    private struct Extent {
        let offset: UInt64
        /// 0 means "to the end of the file or of idat".
        let length: UInt64
    }

    private let constructionMethod: UInt16
    private let baseOffset: UInt64
    private let extents: [Extent]
    private let ilocOffset: Int64

    /// The location of `itemID` in the `iloc` box, or nil when the box does not list it.
    static func find(_ itemID: UInt32, in iloc: Box, reader: SourceReader) throws(MediaMetadataError) -> ItemLocation? {
        var cursor = try reader.payload(of: iloc)
        let (version, _) = try cursor.fullBoxHeader()
        guard version <= 2 else { throw cursor.error("unsupported iloc version \(version)") }
        let sizes = try cursor.uint16()
        let offsetSize = try fieldSize(Int(sizes >> 12), cursor)
        let lengthSize = try fieldSize(Int(sizes >> 8 & 0xF), cursor)
        let baseOffsetSize = try fieldSize(Int(sizes >> 4 & 0xF), cursor)
        let indexSize = try version == 0 ? 0 : fieldSize(Int(sizes & 0xF), cursor)
        let itemCount = try version < 2 ? UInt32(cursor.uint16()) : cursor.uint32()
        for _ in 0..<itemCount {
            let id = try version < 2 ? UInt32(cursor.uint16()) : cursor.uint32()
            let method = try version == 0 ? 0 : cursor.uint16() & 0xF
            try cursor.skip(2)  // data_reference_index
            let base = try cursor.unsigned(byteCount: baseOffsetSize)
            let extentCount = try cursor.uint16()
            var extents: [Extent] = []
            for _ in 0..<extentCount {
                try cursor.skip(indexSize)
                let offset = try cursor.unsigned(byteCount: offsetSize)
                extents.append(Extent(offset: offset, length: try cursor.unsigned(byteCount: lengthSize)))
            }
            if id == itemID {
                return ItemLocation(
                    constructionMethod: method, baseOffset: base, extents: extents, ilocOffset: iloc.offset)
            }
        }
        return nil
    }

    /// The item's bytes, at most `SourceReader.maximumLoad` of them.
    func read(_ reader: SourceReader, itemData: Box?) throws(MediaMetadataError) -> Payload {
        let region: (start: Int64, end: Int64)
        switch (constructionMethod, itemData) {
        case (0, _): region = (0, reader.end)
        case (1, let idat?): region = (idat.payloadOffset, idat.end)
        case (1, nil): throw reader.malformed(at: ilocOffset, "Exif item lies in an idat box that is missing")
        default: throw reader.malformed(at: ilocOffset, "Exif item uses construction method \(constructionMethod)")
        }
        guard let first = extents.first else { throw reader.malformed(at: ilocOffset, "Exif item has no extents") }
        var bytes: [UInt8] = []
        for extent in extents {
            let (start, length) = try bounds(of: extent, in: region)
            guard length <= UInt64(SourceReader.maximumLoad - bytes.count) else {
                throw reader.malformed(at: ilocOffset, "Exif item is larger than 1 MiB")
            }
            bytes += try reader.bytes(at: start, count: Int(length))
        }
        return Payload(bytes: bytes, fileOffset: try bounds(of: first, in: region).start)
    }

    /// The extent's absolute start and length, checked to lie inside the region: past the end of
    /// the file the data is truncated, past the end of idat the box is malformed.
    private func bounds(of extent: Extent, in region: (start: Int64, end: Int64)) throws(MediaMetadataError)
        -> (start: Int64, length: UInt64)
    {
        let regionLength = UInt64(region.end - region.start)
        let (relativeStart, overflow) = baseOffset.addingReportingOverflow(extent.offset)
        let available = overflow || relativeStart > regionLength ? 0 : regionLength - relativeStart
        let length = extent.length == 0 ? available : extent.length
        guard !overflow, relativeStart <= regionLength, length <= available else {
            guard constructionMethod == 1 else {
                throw .truncated(format: .heic, offset: Int64(clamping: relativeStart), needed: Int(clamping: length))
            }
            throw .malformed(format: .heic, offset: ilocOffset, reason: "Exif item's extent lies outside its idat box")
        }
        return (region.start + Int64(relativeStart), length)
    }

    private static func fieldSize(_ size: Int, _ cursor: ByteCursor) throws(MediaMetadataError) -> Int {
        guard [0, 4, 8].contains(size) else { throw cursor.error("iloc field size \(size) is not 0, 4 or 8") }
        return size
    }
}
