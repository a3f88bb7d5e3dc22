/// Finds the recording place of a movie, written as an ISO 6709 string in QuickTime metadata (a
/// `meta` box with `keys` and `ilst`, key "com.apple.quicktime.location.ISO6709"; Apple writes it
/// in `moov`, ffmpeg in `moov/udta`) or in the user data item `moov/udta/©xyz`.
enum MovieLocation {
    static let locationKey = Array("com.apple.quicktime.location.ISO6709".utf8)

    /// The place in a `udta` box: from its `meta` keys if they have one, else from its `©xyz` item
    /// (16-bit string length, 16-bit language, the string).
    static func fromUserData(_ reader: SourceReader, udta: Box) throws(MediaMetadataError) -> ISO6709.Place? {
        var keysPlace: ISO6709.Place?
        var itemPlace: ISO6709.Place?
        var children = try BoxIterator(inside: udta, reader: reader)
        while let box = try children.next() {
            switch box.type {
            case "meta" where keysPlace == nil:
                keysPlace = try fromKeys(reader, meta: box)
            case "©xyz" where itemPlace == nil:
                var cursor = try reader.payload(of: box)
                let length = Int(try cursor.uint16())
                try cursor.skip(2)  // language
                itemPlace = ISO6709.parse(try cursor.take(min(length, cursor.remaining)))
            default:
                continue
            }
        }
        return keysPlace ?? itemPlace
    }

    /// The place in QuickTime metadata: the `ilst` entry whose number is the location key's index.
    static func fromKeys(_ reader: SourceReader, meta: Box) throws(MediaMetadataError) -> ISO6709.Place? {
        var children = try BoxIterator(inside: meta, skipping: try fullBoxSkip(reader, meta), reader: reader)
        var keys: Box?
        var items: Box?
        while let box = try children.next() {
            if box.type == "keys", keys == nil { keys = box }
            if box.type == "ilst", items == nil { items = box }
        }
        guard let keys, let items, let index = try locationKeyIndex(reader, keys) else { return nil }
        var entries = try BoxIterator(inside: items, reader: reader)
        guard let entry = try entries.next(ofType: FourCC(rawValue: index)) else { return nil }
        var values = try BoxIterator(inside: entry, reader: reader)
        guard let data = try values.next(ofType: "data") else { return nil }
        var cursor = try reader.payload(of: data)
        try cursor.skip(8)  // type indicator and locale
        return ISO6709.parse(try cursor.take(cursor.remaining))
    }

    /// QuickTime's `meta` starts with its children; ISO's `meta` is a full box with 4 bytes of
    /// version and flags first. A QuickTime `meta` begins with an `hdlr` box, so its bytes 4...7
    /// spell "hdlr".
    private static func fullBoxSkip(_ reader: SourceReader, _ meta: Box) throws(MediaMetadataError) -> Int64 {
        guard meta.payloadCount >= 8 else { return 0 }
        var cursor = try reader.cursor(at: meta.payloadOffset, count: 8, context: "meta box")
        try cursor.skip(4)
        return try cursor.fourCC() == "hdlr" ? 0 : 4
    }

    /// The 1-based index of the location key in a `keys` box, or nil when it is not there.
    private static func locationKeyIndex(_ reader: SourceReader, _ keys: Box) throws(MediaMetadataError) -> UInt32? {
        var cursor = try reader.payload(of: keys)
        _ = try cursor.fullBoxHeader()
        let count = try cursor.uint32()
        var index: UInt32 = 0
        while index < count {
            index += 1
            let size = try cursor.uint32()
            guard size >= 8 else { throw cursor.error("key \(index) declares \(size) bytes, less than its header") }
            try cursor.skip(4)  // key namespace, such as 'mdta'
            if try cursor.take(Int(size - 8)).elementsEqual(locationKey) { return index }
        }
        return nil
    }
}
