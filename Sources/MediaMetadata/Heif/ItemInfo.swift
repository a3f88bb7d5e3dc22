/// Finds items by type in a HEIF `iinf` box, whose `infe` children describe one item each.
enum ItemInfo {
    /// The ID of the first item of `type` ('Exif'), or nil when there is none.
    ///
    /// Only `infe` versions 2 and 3 name an item type; older entries are skipped.
    static func firstItem(ofType type: FourCC, in itemInfo: Box, reader: SourceReader) throws(MediaMetadataError)
        -> UInt32?
    {
        var header = try reader.cursor(at: itemInfo.payloadOffset, count: 4, context: "iinf box")
        let (version, _) = try header.fullBoxHeader()
        var entries = try BoxIterator(inside: itemInfo, skipping: version == 0 ? 6 : 8, reader: reader)
        while let entry = try entries.next(ofType: "infe") {
            var cursor = try reader.payload(of: entry)
            let (entryVersion, _) = try cursor.fullBoxHeader()
            guard entryVersion >= 2 else { continue }
            let itemID = try entryVersion == 2 ? UInt32(cursor.uint16()) : cursor.uint32()
            try cursor.skip(2)  // item_protection_index
            if try cursor.fourCC() == type { return itemID }
        }
        return nil
    }
}
