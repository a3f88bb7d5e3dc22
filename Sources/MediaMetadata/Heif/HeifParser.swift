import FishingModel

/// Reads a HEIF/HEIC file's metadata from its `meta` box: the EXIF block of its Exif item and the
/// pixel size in the `ispe` property of its primary item.
///
/// Only the boxes named below are read, each at a fixed depth (meta → iinf/infe, iloc, pitm, idat,
/// iprp → ipco/ipma), so nesting cannot go deeper than the code does. The coded pictures in
/// `mdat` are never read.
enum HeifParser {
    static func parse(_ reader: SourceReader) throws(MediaMetadataError) -> MediaMetadata {
        var topLevel = BoxIterator(topLevelOf: reader)
        guard let meta = try topLevel.next(ofType: "meta") else {
            throw reader.malformed(at: 0, "no 'meta' box: the file holds no image items")
        }
        var boxes: [FourCC: Box] = [:]
        var children = try BoxIterator(inside: meta, skipping: 4, reader: reader)
        while let box = try children.next() {
            if boxes[box.type] == nil { boxes[box.type] = box }
        }
        var metadata = MediaMetadata(format: .heic)
        if let primaryBox = boxes["pitm"], let properties = boxes["iprp"] {
            let primaryItem = try primaryItemID(reader, primaryBox)
            if let size = try ItemProperties.spatialExtent(of: primaryItem, in: properties, reader: reader) {
                metadata.pixelWidth = size.width
                metadata.pixelHeight = size.height
            }
        }
        if let itemInfo = boxes["iinf"],
            let exifItem = try ItemInfo.firstItem(ofType: "Exif", in: itemInfo, reader: reader),
            let locations = boxes["iloc"]
        {
            guard let location = try ItemLocation.find(exifItem, in: locations, reader: reader) else {
                throw reader.malformed(at: locations.offset, "iloc box does not locate Exif item \(exifItem)")
            }
            let payload = try location.read(reader, itemData: boxes["idat"])
            metadata.merge(try exifFields(payload))
        }
        return metadata
    }

    private static func primaryItemID(_ reader: SourceReader, _ box: Box) throws(MediaMetadataError) -> UInt32 {
        var cursor = try reader.payload(of: box)
        let (version, _) = try cursor.fullBoxHeader()
        return try version == 0 ? UInt32(cursor.uint16()) : cursor.uint32()
    }

    /// An Exif item starts with a 4-byte offset, counted from just after those 4 bytes, to the TIFF
    /// header (usually 6, skipping "Exif\0\0").
    private static func exifFields(_ payload: ItemLocation.Payload) throws(MediaMetadataError) -> ExifFields {
        var cursor = ByteCursor(
            bytes: payload.bytes, fileOffset: payload.fileOffset, format: .heic, context: "Exif item")
        let headerOffset = try cursor.uint32()
        guard headerOffset <= cursor.remaining else {
            throw cursor.error("Exif item's TIFF header offset \(headerOffset) lies past its end")
        }
        try cursor.skip(Int(headerOffset))
        let tiffStart = cursor.position
        return try ExifParser.parse(
            Array(payload.bytes[tiffStart...]), fileOffset: payload.fileOffset.saturatingAdding(Int64(tiffStart)),
            format: .heic)
    }
}
