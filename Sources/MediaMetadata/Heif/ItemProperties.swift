/// Reads an item's properties from a HEIF `iprp` box: `ipma` lists which entries of `ipco` belong
/// to which item.
enum ItemProperties {
    /// The width and height of the first `ispe` (image spatial extent) property of `item`.
    static func spatialExtent(of item: UInt32, in properties: Box, reader: SourceReader) throws(MediaMetadataError)
        -> (width: Int, height: Int)?
    {
        var children = try BoxIterator(inside: properties, reader: reader)
        var container: Box?
        var associations: Box?
        while let box = try children.next() {
            if box.type == "ipco", container == nil { container = box }
            if box.type == "ipma", associations == nil { associations = box }
        }
        guard let container, let associations else { return nil }
        let indexes = try propertyIndexes(of: item, in: associations, reader: reader)
        var entries = try BoxIterator(inside: container, reader: reader)
        var index = 0
        while let property = try entries.next() {
            index += 1
            guard property.type == "ispe", indexes.contains(index) else { continue }
            var cursor = try reader.payload(of: property)
            _ = try cursor.fullBoxHeader()
            let width = Int(try cursor.uint32())
            let height = Int(try cursor.uint32())
            return width > 0 && height > 0 ? (width, height) : nil
        }
        return nil
    }

    /// The 1-based `ipco` indexes associated with `item` (index 0 means "no property").
    private static func propertyIndexes(of item: UInt32, in associations: Box, reader: SourceReader)
        throws(MediaMetadataError) -> Set<Int>
    {
        var cursor = try reader.payload(of: associations)
        let (version, flags) = try cursor.fullBoxHeader()
        let wideIndexes = flags & 1 == 1
        let entryCount = try cursor.uint32()
        for _ in 0..<entryCount {
            let id = try version < 1 ? UInt32(cursor.uint16()) : cursor.uint32()
            let associationCount = try cursor.uint8()
            var indexes: Set<Int> = []
            for _ in 0..<associationCount {
                let index = try wideIndexes ? Int(cursor.uint16() & 0x7FFF) : Int(cursor.uint8() & 0x7F)
                indexes.insert(index)
            }
            if id == item { return indexes }
        }
        return []
    }
}
