/// One TIFF image file directory (IFD) of an EXIF block: its entries by tag, with typed access to
/// the few values the app needs.
///
/// Entries are only indexed when the IFD is read; a value is bounds-checked when it is asked for,
/// so damage in tags nobody reads does not matter. A value whose type is not the one expected reads
/// as nil.
struct ImageFileDirectory {
    private struct Entry {
        let type: UInt16
        let count: Int
        /// Where the value starts in the TIFF block: inside the entry when it fits in 4 bytes.
        let valuePosition: Int
    }

    private static let byteSizes: [UInt16: Int] = [
        1: 1, 2: 1, 3: 2, 4: 4, 5: 8, 6: 1, 7: 1, 8: 2, 9: 4, 10: 8, 11: 4, 12: 8, 13: 4,
    ]
    private static let byteType: UInt16 = 1
    private static let asciiType: UInt16 = 2
    private static let shortType: UInt16 = 3
    private static let longType: UInt16 = 4
    private static let rationalType: UInt16 = 5
    private static let ifdType: UInt16 = 13

    private var tiff: ByteCursor
    private var entries: [UInt16: Entry] = [:]

    /// Reads the IFD at `offset` in `tiff`, the cursor over the whole TIFF block.
    init(in tiff: ByteCursor, at offset: UInt32, name: String) throws(MediaMetadataError) {
        self.tiff = tiff
        guard offset < tiff.bytes.count else {
            throw tiff.error("\(name) offset \(offset) lies outside the \(tiff.bytes.count)-byte EXIF block")
        }
        try self.tiff.seek(to: Int(offset))
        let entryCount = try self.tiff.uint16()
        for _ in 0..<entryCount {
            let tag = try self.tiff.uint16()
            let type = try self.tiff.uint16()
            let count = try self.tiff.uint32()
            let fieldPosition = self.tiff.position
            let field = try self.tiff.uint32()
            guard entries[tag] == nil, let size = Self.byteSizes[type] else { continue }
            let length = Int(count) * size  // at most 2^32 × 8: no overflow in a 64-bit Int
            entries[tag] = Entry(type: type, count: Int(count), valuePosition: length <= 4 ? fieldPosition : Int(field))
        }
    }

    /// A BYTE, SHORT or LONG (or IFD pointer) value's first element.
    func unsigned(_ tag: UInt16) throws(MediaMetadataError) -> UInt32? {
        guard let entry = entries[tag], entry.count >= 1 else { return nil }
        let elementSize: Int
        switch entry.type {
        case Self.byteType: elementSize = 1
        case Self.shortType: elementSize = 2
        case Self.longType, Self.ifdType: elementSize = 4
        default: return nil
        }
        var cursor = try cursor(at: entry.valuePosition, length: elementSize)
        return UInt32(try cursor.unsigned(byteCount: elementSize))
    }

    /// An ASCII value's bytes up to its first NUL.
    func ascii(_ tag: UInt16) throws(MediaMetadataError) -> ArraySlice<UInt8>? {
        guard let entry = entries[tag], entry.type == Self.asciiType else { return nil }
        var cursor = try cursor(at: entry.valuePosition, length: entry.count)
        return try cursor.take(entry.count).prefix { $0 != 0 }
    }

    /// A RATIONAL value's first elements (at most `limit`); a zero denominator reads as nil.
    func rationals(_ tag: UInt16, limit: Int) throws(MediaMetadataError) -> [Double?]? {
        guard let entry = entries[tag], entry.type == Self.rationalType else { return nil }
        let count = min(entry.count, limit)
        var cursor = try cursor(at: entry.valuePosition, length: count * 8)
        var values: [Double?] = []
        for _ in 0..<count {
            let numerator = try cursor.uint32()
            let denominator = try cursor.uint32()
            values.append(denominator == 0 ? nil : Double(numerator) / Double(denominator))
        }
        return values
    }

    /// A cursor at a value's start, after checking that `length` bytes from there lie inside the block.
    private func cursor(at position: Int, length: Int) throws(MediaMetadataError) -> ByteCursor {
        guard position <= tiff.bytes.count, length <= tiff.bytes.count - position else {
            throw tiff.error("an EXIF value of \(length) bytes at \(position) lies outside the EXIF block")
        }
        var cursor = tiff
        try cursor.seek(to: position)
        return cursor
    }
}
